// The predecessors of a position by a ply that neither placed nor removed a
// stone ("quiet" un-moves).  Within a solve unit these are the only
// predecessors: a placement empties the hand by one and a removal takes a
// stone off the board, and both leave the unit for good.  Enumerating only
// these skips the many un-removals engine/unmove.h would produce (up to one
// per empty point for each un-move that closed a mill), which the solver
// would throw away.  The cross-check test (tests/gen) solves with the
// engine's full for_each_predecessor, so the two are compared on every
// position.
//
// Works on normalised positions (table/sector.h), as the solver does: no
// Position is built, so the hot loop is a few bit operations per
// predecessor.
#pragma once

#include "engine/movegen.h"
#include "table/sector.h"

namespace mtb {

// `n` is a position of sector `s` (n.us: the side to move's stones, n.them:
// the stones of the side that just moved).  Calls visit(NormalPosition) for
// every quiet predecessor, normalised to its own side to move: the former
// n.them with one stone back where it came from, then n.us.  Every
// predecessor lies in the sector {s.them_board, s.us_board, s.them_hand,
// s.us_hand}.  None is produced twice.
template <class Visit>
void for_each_quiet_unmove(const Rules& r, Sector s, NormalPosition n, Visit&& visit) {
    const Board& b = *r.board;
    if (r.too_few_stones(s.them_board + s.them_hand)) return;
    if (s.them_hand != 0 && !r.move_while_in_hand) return;
    const Bitboard empty = b.all & ~(n.us | n.them);
    // A mill closed by the ply removes a stone, unless nothing was removable.
    const bool mill_may_close_quietly = !removable(r, n.us);
    const bool fly = r.can_fly(s.them_board, s.them_hand);
    for (Bitboard t = n.them; t;) {
        const Point to = pop_lsb(t);
        if (!mill_may_close_quietly && mill_at(b, n.them, to)) continue;
        const Bitboard rest = n.them ^ bit(to);
        for (Bitboard f = fly ? empty : b.adjacent[to] & empty; f;) visit(NormalPosition{rest | bit(pop_lsb(f)), n.us});
    }
}

}  // namespace mtb
