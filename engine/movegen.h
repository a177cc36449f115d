// Forward generation of plies, applying them, and game-end detection.
//
// A ply is a placement or a move together with the removal it causes; each
// distinct removal is a distinct ply.  Generators write into the caller's
// array and return the end pointer, so the hot loops never allocate.
//
// Bound on plies (MAX_PLIES = 1024): with e empty points, o removable
// stones and k own stones, plies <= (e + moves) * max(o, 1).  Flying needs
// k <= 3 so moves <= 3e and plies <= 3e*o <= 331; Lasker placing and
// moving: (e + 4k) * o <= 441 at most.  Far below 1024.
#pragma once

#include <iterator>

#include "engine/position.h"

namespace mtb {

// The removal rule, given which of the opponent's stones stand in complete
// mills (callers that already know them, like perft's single pass over the
// mills, pass them in): stones outside mills, else all of them or none as
// the rule set says.  0 means the mill closes without removal.
inline Bitboard removable_given_mills(const Rules& r, Bitboard them, Bitboard them_in_mills) {
    Bitboard free = them & ~them_in_mills;
    if (free) return free;
    return r.removal == RemovalRule::PROTECTED_UNLESS_ALL_IN_MILLS ? them : 0;
}

// The opponent stones a mill closed now may remove; 0 means the mill closes
// without removal (no opponent stones on board, or the rule set protects
// stones when all are in mills).
inline Bitboard removable(const Rules& r, Bitboard them) {
    if (!them) return 0;
    return removable_given_mills(r, them, stones_in_mills(*r.board, them));
}

// Points p in `targets` such that own | p completes a mill through p.
// Branch-free (a mill lacking exactly one point: `missing` is a power of
// two; lacking none, it adds nothing), so the compiler runs the mills four
// to a vector: the solver's init asks it of every position.
inline Bitboard mill_closing_points(const Board& b, Bitboard own, Bitboard targets) {
    Bitboard r = 0;
    for (Bitboard m : b.mills) {
        const Bitboard missing = m & ~own;
        r |= (missing & (missing - 1)) == 0 ? missing : 0;
    }
    return r & targets;
}

// The stones among `from` (stones of `own`) whose step to the empty point p
// closes a mill through p: a mill through p whose other two points are
// own's and do not include the stone (the stone leaves its point, so a
// mill it is part of stays open).  The same as testing
// mill_at(b, (own ^ bit(f)) | bit(p), p) for each f of `from`, without
// building each mover: the solver's init asks it of every position with a
// closing point.
inline Bitboard stones_closing_at(const Board& b, Bitboard own, Point p, Bitboard from) {
    Bitboard r = 0;
    for (Bitboard m : b.mills_at[p]) {
        const Bitboard rest = m & ~bit(p);
        r |= m && (own & rest) == rest ? from & ~m : 0;
    }
    return r;
}

inline bool may_fly(const Rules& r, const Position& p) { return r.can_fly(p.on_board(p.side), p.hand[p.side]); }

inline bool may_place(const Position& p) { return p.hand[p.side] > 0; }
inline bool may_move(const Rules& r, const Position& p) { return p.hand[p.side] == 0 || r.move_while_in_hand; }

// All plies of `p`, written to `out`; returns the end.  Generates for any
// position, so callers decide first whether the game has ended.
Move* generate(const Rules& r, const Position& p, Move* out);

// The number of plies generate() would write, without writing them.
int count_plies(const Rules& r, const Position& p);

// Whether the side to move has at least one ply.
bool has_ply(const Rules& r, const Position& p);

// The position after ply m (which must be legal in p).
inline Position after(const Rules& r, const Position& p, Move m) {
    Position q = p;
    Color us = p.side;
    if (m.is_placement())
        --q.hand[us];
    else
        q.stones[us] ^= bit(m.from);
    q.stones[us] |= bit(m.to);
    if (m.is_removal()) {
        q.stones[~us] ^= bit(m.remove);
        q.since_capture = 0;
    } else if (r.has_capture_counter()) {
        ++q.since_capture;
    }
    q.side = ~us;
    return q;
}

// make/unmake on one Position in place: the counter is the only state a
// ply does not determine, so undo takes it back from the caller.
inline std::uint8_t do_ply(const Rules& r, Position& p, Move m) {
    std::uint8_t counter = p.since_capture;
    p = after(r, p, m);
    return counter;
}
inline void undo_ply(Position& p, Move m, std::uint8_t counter_before) {
    Color us = ~p.side;
    p.side = us;
    if (m.is_removal()) p.stones[~us] |= bit(m.remove);
    p.stones[us] ^= bit(m.to);
    if (m.is_placement())
        ++p.hand[us];
    else
        p.stones[us] |= bit(m.from);
    p.since_capture = counter_before;
}

// The end of the game, from the side to move's view.
enum class Outcome : std::uint8_t { ONGOING, LOSS, DRAW };

// Checked in this order, as the Lasker course referee does: the no-capture
// ply limit reached (draw, even when the side to move is then blocked);
// fewer than `lose_below` stones (loss; only right after a capture, which
// resets the counter); full board when placing has ended, where the rule
// set says so (draw); no legal ply (loss).  So a quiet ply that blocks the
// opponent and reaches the limit draws; a capture that wins always wins.
Outcome outcome(const Rules& r, const Position& p);

// Why a game is over: the one naming of outcome()'s cases, for the API's
// game-over reason and each metric's value of a finished game
// (Metric::game_over, table/metric.h).
enum class GameEnd : std::uint8_t { NONE, NO_CAPTURE_LIMIT, TOO_FEW_STONES, FULL_BOARD, BLOCKED };

// NONE while the game goes on, else the test of outcome() that ended it.
GameEnd game_end(const Rules& r, const Position& p);

// "no-capture limit", "too few stones", "full board", "blocked"; "" for NONE.
constexpr const char* game_end_name(GameEnd e) {
    switch (e) {
        case GameEnd::NO_CAPTURE_LIMIT:
            return "no-capture limit";
        case GameEnd::TOO_FEW_STONES:
            return "too few stones";
        case GameEnd::FULL_BOARD:
            return "full board";
        case GameEnd::BLOCKED:
            return "blocked";
        case GameEnd::NONE:
            break;
    }
    return "";
}

// outcome() before its last test (no legal ply), from counts alone: the
// stones of the side to move (board + hand), the stones in both hands, the
// occupied points and the plies since capture.  outcome() asks it first;
// perft, which needs no ply list to see that a position has no children,
// asks only this.
inline Outcome outcome_before_plies(const Rules& r, int mover_stones, int stones_in_hands, Bitboard occupied,
                                    int since_capture) {
    // The Lasker course referee looks at its counter first (RULES.md): the
    // ply that reaches the limit draws, whatever the position then is.
    if (r.has_capture_counter() && since_capture >= r.no_capture_draw_plies) return Outcome::DRAW;
    if (r.too_few_stones(mover_stones)) return Outcome::LOSS;
    if (r.full_board_draw && !stones_in_hands && occupied == r.board->all) return Outcome::DRAW;
    return Outcome::ONGOING;
}

// outcome()'s last test, for callers that look at every ply anyway (the
// solver's init) and so need not generate them a second time: a side to
// move with no legal ply has lost.
constexpr Outcome outcome_after_plies(bool any_ply) { return any_ply ? Outcome::ONGOING : Outcome::LOSS; }

// A fixed-capacity list of plies for range-for.  The buffer is a union
// member so that it is not initialised: Move's default constructor would
// otherwise write all MAX_PLIES entries (3 KB) on every construction.
struct MoveList {
    union {
        Move moves[MAX_PLIES];
    };
    Move* last;
    MoveList(const Rules& r, const Position& p) : last(generate(r, p, moves)) {}
    const Move* begin() const { return moves; }
    const Move* end() const { return last; }
    int size() const { return int(last - moves); }
};

}  // namespace mtb
