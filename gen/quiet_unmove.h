// The predecessors of a position by a ply that neither placed nor removed a
// stone ("quiet" un-moves).  Within a solve unit these are the only
// predecessors: a placement empties the hand by one and a removal takes a
// stone off the board, and both leave the unit for good.  Enumerating only
// these skips the many un-removals engine/unmove.h would produce (up to one
// per empty point for each un-move that closed a mill), which the solver
// would throw away.  The cross-check test (tests/gen) uses the engine's
// full for_each_predecessor, so the two are compared on every position.
#pragma once

#include "engine/movegen.h"

namespace mtb {

template <class Visit>
void for_each_quiet_unmove(const Rules& r, const Position& p, Visit&& visit) {
    const Board& b = *r.board;
    const Color s = p.side, o = ~s;
    if (p.total(o) < r.lose_below) return;
    if (p.hand[o] != 0 && !r.move_while_in_hand) return;
    const Bitboard own = p.stones[o], opp = p.stones[s];
    const Bitboard empty = b.all & ~p.occupied();
    // A mill closed by the ply removes a stone, unless nothing was removable.
    const bool mill_may_close_quietly = !removable(r, opp);
    const bool fly = r.can_fly(popcount(own), p.hand[o]);
    for (Bitboard t = own; t;) {
        const Point to = pop_lsb(t);
        if (!mill_may_close_quietly && mill_at(b, own, to)) continue;
        for (Bitboard f = fly ? empty : b.adjacent[to] & empty; f;) {
            const Point from = pop_lsb(f);
            Position q = p;
            q.side = o;
            q.stones[o] ^= bit(to) | bit(from);
            visit(q);
        }
    }
}

}  // namespace mtb
