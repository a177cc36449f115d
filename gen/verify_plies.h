// The plies of a position by bit operations, for the value verifier
// (gen/verify.cpp) alone: the same plies as the move generator's
// generate() (engine/movegen.cpp), straight from a normal position's
// stones, without building a Position or a list of moves, by sets of
// plies that differ only in their target.
//
// Why not MoveList: the verifier looks at every ply of every position, and
// denormalise + generate() + walking the written list was a quarter of its
// time (perf, lasker-20 <= 5, one thread: generate 18.6%, denormalise 2.5%,
// besides the list's loop in value_from_successors).  Here the plies go to
// the caller's sink as they are found, a set of targets at a time, and the
// caller, inlined, builds the children's slots straight from them.
//
// The rules are the engine's, called, not written out again: which plies a
// side has from its hands (may_place, may_move, may_fly on a position of
// the sector), where a mill can close (mill_closing_points), whether a move
// closes one (mill_at) and which stones a closed mill may remove
// (removable).  What is mirrored is generate()'s way of putting them
// together; tests/gen/test_verify.cpp compares the two on every position
// of sectors of nmm, lasker and lasker-20.
//
// Deliberately not the solver's scan (gen/solver.cpp, scan_exits): the
// verifier is a second route to every value and shares no solver code.
#pragma once

#include "engine/movegen.h"
#include "table/sector.h"

namespace mtb {

// What the side to move may do in every position of a sector: the hands
// (and, for flying, the board count) are the sector's, so this is found
// once per sector, by the engine's own tests on one position of it.
struct SectorPlies {
    bool place = false, move = false, fly = false;

    SectorPlies(const Rules& r, Sector s) {
        // Any stones of the sector's counts: the tests read counts alone.
        const Bitboard us = s.us_board ? bit(s.us_board) - 1 : 0;
        const Bitboard them = s.them_board ? (bit(s.them_board) - 1) << s.us_board : 0;
        const Position p = denormalise(s, NormalPosition{us, them}, WHITE);
        place = may_place(p);
        move = may_move(r, p);
        fly = may_fly(r, p);
    }
};

// Hands every ply of the position whose side to move has the stones `us`
// and the opponent `them` (a position of the sector `k` is for) to `sink`,
// by sets of plies that share all but their target, so that the caller's
// loop over each set has its invariants hoisted:
//   sink.place(to)                 a placement to each point of `to`, removing nothing;
//   sink.place_remove(p, rem)      a placement to p removing each stone of `rem`;
//   sink.move(from, to)            a move from `from` to each point of `to`, removing nothing;
//   sink.move_remove(from, p, rem) a move from `from` to p removing each stone of `rem`.
// `rem` must be removable(r, them), the stones a mill closed now may
// remove: the same for every `us`, so a caller walking positions that share
// `them` (gen/verify.cpp) finds it once for all of them.
// The plies are those generate() gives, in another order (placements
// first, then moves by the stone moved); a ply that closes a mill comes
// once for each stone it may remove, or once, removing nothing, when none
// may be.  No set is empty.
template <class Sink>
inline void scan_ply_sets(const Rules& r, const SectorPlies& k, Bitboard us, Bitboard them, Bitboard rem, Sink& sink) {
    const Board& b = *r.board;
    const Bitboard empty = b.all & ~(us | them);
    // As generate(): a ply can close a mill only by arriving where `us`
    // lacks just that point of it; a mill that may remove nothing makes a
    // ply that removes nothing.
    Bitboard closing = mill_closing_points(b, us, empty);
    if (!rem) closing = 0;
    if (k.place) {
        if (empty & ~closing) sink.place(empty & ~closing);
        for (Bitboard t = closing; t;) sink.place_remove(pop_lsb(t), rem);
    }
    if (!k.move) return;
    for (Bitboard f = us; f;) {
        const Point from = pop_lsb(f);
        const Bitboard rest = us ^ bit(from);
        const Bitboard to = k.fly ? empty : b.adjacent[from] & empty;
        // A closing point of `us` closes a mill for `rest` too unless every
        // such mill held the moved stone.
        Bitboard closes = 0;
        for (Bitboard c = to & closing; c;) {
            const Point p = pop_lsb(c);
            if (mill_at(b, rest | bit(p), p)) closes |= bit(p);
        }
        if (to & ~closes) sink.move(from, to & ~closes);
        for (Bitboard t = closes; t;) sink.move_remove(from, pop_lsb(t), rem);
    }
}

// scan_ply_sets one ply at a time, as the move generator's Move (tests
// compare it with generate()).
template <class Visit>
inline void for_each_ply(const Rules& r, const SectorPlies& k, Bitboard us, Bitboard them, Visit&& visit) {
    struct Sink {
        Visit& visit;
        void place(Bitboard to) {
            for (Bitboard t = to; t;) visit(Move{POINT_NONE, pop_lsb(t), POINT_NONE});
        }
        void place_remove(Point to, Bitboard rem) {
            for (Bitboard x = rem; x;) visit(Move{POINT_NONE, to, pop_lsb(x)});
        }
        void move(Point from, Bitboard to) {
            for (Bitboard t = to; t;) visit(Move{from, pop_lsb(t), POINT_NONE});
        }
        void move_remove(Point from, Point to, Bitboard rem) {
            for (Bitboard x = rem; x;) visit(Move{from, to, pop_lsb(x)});
        }
    } sink{visit};
    scan_ply_sets(r, k, us, them, removable(r, them), sink);
}

}  // namespace mtb
