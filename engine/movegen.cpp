#include "engine/movegen.h"

namespace mtb {
namespace {

// Appends the plies of placing or moving to `to`: one for each stone of
// `rem` when the arrival closes a mill, else one that removes nothing.
inline Move* add_plies(bool closes, Bitboard rem, Point from, Point to, Move* out) {
    if (closes) {
        for (Bitboard x = rem; x;) *out++ = Move{from, to, pop_lsb(x)};
    } else {
        *out++ = Move{from, to, POINT_NONE};
    }
    return out;
}

}  // namespace

Move* generate(const Rules& r, const Position& p, Move* out) {
    const Board& b = *r.board;
    const Bitboard own = p.us(), empty = b.all & ~p.occupied();
    // A ply can close a mill only by arriving where `own` lacks just that
    // point of it (a moved stone leaves `own` no fuller), so most positions
    // need no mill test and no removable set.  A mill that may remove
    // nothing (rem 0) makes a ply that removes nothing.
    Bitboard closing = mill_closing_points(b, own, empty);
    const Bitboard rem = closing ? removable(r, p.them()) : 0;
    if (!rem) closing = 0;
    if (may_place(p))
        for (Bitboard t = empty; t;) {
            Point to = pop_lsb(t);
            out = add_plies(closing >> to & 1, rem, POINT_NONE, to, out);
        }
    if (may_move(r, p)) {
        const bool fly = may_fly(r, p);
        for (Bitboard f = own; f;) {
            Point from = pop_lsb(f);
            Bitboard rest = own ^ bit(from);
            for (Bitboard t = fly ? empty : b.adjacent[from] & empty; t;) {
                Point to = pop_lsb(t);
                // A closing point of `own` closes a mill for `rest` too
                // unless every such mill held the moved stone.
                out = add_plies((closing >> to & 1) && mill_at(b, rest | bit(to), to), rem, from, to, out);
            }
        }
    }
    return out;
}

int count_plies(const Rules& r, const Position& p) {
    const Board& b = *r.board;
    const Bitboard own = p.us(), empty = b.all & ~p.occupied();
    const int rem = popcount(removable(r, p.them()));
    // A mill-closing arrival counts once per removable stone (or once when
    // nothing can be removed).
    const int extra = rem > 1 ? rem - 1 : 0;
    int n = 0;
    if (may_place(p)) {
        n += popcount(empty);
        if (extra) n += extra * popcount(mill_closing_points(b, own, empty));
    }
    if (may_move(r, p)) {
        const bool fly = may_fly(r, p);
        for (Bitboard f = own; f;) {
            Point from = pop_lsb(f);
            Bitboard targets = fly ? empty : b.adjacent[from] & empty;
            n += popcount(targets);
            if (extra && targets) n += extra * popcount(mill_closing_points(b, own ^ bit(from), targets));
        }
    }
    return n;
}

bool has_ply(const Rules& r, const Position& p) {
    const Board& b = *r.board;
    const Bitboard empty = b.all & ~p.occupied();
    if (!empty) return false;
    if (may_place(p)) return true;
    if (!may_move(r, p)) return false;
    if (may_fly(r, p)) return p.us() != 0;
    for (Bitboard f = p.us(); f;)
        if (b.adjacent[pop_lsb(f)] & empty) return true;
    return false;
}

Outcome outcome(const Rules& r, const Position& p) {
    const Outcome o =
        outcome_before_plies(r, p.total(p.side), p.hand[WHITE] + p.hand[BLACK], p.occupied(), p.since_capture);
    if (o != Outcome::ONGOING) return o;
    return outcome_after_plies(has_ply(r, p));
}

GameEnd game_end(const Rules& r, const Position& p) {
    switch (outcome(r, p)) {
        case Outcome::ONGOING:
            return GameEnd::NONE;
        case Outcome::DRAW:
            // outcome_before_plies's order: the counter before the full board.
            return r.has_capture_counter() && p.since_capture >= r.no_capture_draw_plies ? GameEnd::NO_CAPTURE_LIMIT
                                                                                         : GameEnd::FULL_BOARD;
        case Outcome::LOSS:
            return r.too_few_stones(p.total(p.side)) ? GameEnd::TOO_FEW_STONES : GameEnd::BLOCKED;
    }
    return GameEnd::NONE;
}

}  // namespace mtb
