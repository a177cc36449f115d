// Backward generation: every position from which one ply leads to `p`.
//
// The side that just moved (`o`, the opponent of p.side) undid one ply:
//   - an un-placement (the stone at `to` goes back to o's hand), or
//   - an un-move (the stone at `to` goes back to an empty `from` it could
//     have come from: adjacent, or any empty point if o could fly);
// and, when the stone at `to` completes a mill of o's, an un-removal: one of
// the side to move's stones comes back on an empty point where the rule set
// would have let o remove it.  A mill that closed without removal is also a
// predecessor when the rules allow that (no stones on board, or all in
// mills under NO_REMOVAL_IF_ALL_IN_MILLS).
//
// A predecessor must itself be a position where the game goes on for o: o
// has at least `lose_below` stones and, with a capture counter, the counter
// had not reached the limit; and the side to move (s) had not already lost
// in it and has no more stones than the rule set gives (board + hand).
// Predecessors are not otherwise validated (hand consistency with White
// placing first, reachability); callers that index positions filter by
// sector.  No predecessor is produced twice.  tests/engine/test_unmove.cpp
// checks all this against brute force for every rule set.
#pragma once

#include "engine/movegen.h"

namespace mtb {

template <class Visit>
void for_each_predecessor(const Rules& r, const Position& p, Visit&& visit) {
    const Board& b = *r.board;
    const Color s = p.side, o = ~s;
    if (r.too_few_stones(p.total(o))) return;
    if (r.has_capture_counter() && p.since_capture > r.no_capture_draw_plies) return;
    const Bitboard own = p.stones[o], opp = p.stones[s];
    const Bitboard empty = b.all & ~p.occupied();

    // Emits q with each way the counter could have stood before the ply.
    // With an un-removal the side to move gets a stone back: it must not
    // exceed the rule set's stones.  Without one, a side to move already
    // below lose_below had lost before q, so q is no predecessor.
    auto emit = [&](Position q, bool captured) {
        const int back = q.total(s);
        if (back > r.stones || r.too_few_stones(back)) return;
        if (!r.has_capture_counter()) {
            visit(q);
        } else if (captured) {
            if (p.since_capture != 0) return;
            for (int c = 0; c < r.no_capture_draw_plies; ++c) {
                q.since_capture = std::uint8_t(c);
                visit(q);
            }
        } else if (p.since_capture > 0) {
            q.since_capture = std::uint8_t(p.since_capture - 1);
            visit(q);
        }
    };

    // q has o's stones already put back; add the un-removals.
    auto with_removals = [&](Position q, Point to, Bitboard free_for_removed) {
        if (!mill_at(b, own, to)) {
            emit(q, false);
            return;
        }
        // The mill closed without removal when nothing of the side to move's
        // was removable (removable() states the rule once, for both directions).
        if (!removable(r, opp)) emit(q, false);
        // The stone that was removed stood on an empty point of p (not the
        // point o's stone came from, which o occupied in q).
        for (Bitboard x = free_for_removed; x;) {
            Point at = pop_lsb(x);
            Bitboard before = opp | bit(at);
            if (removable(r, before) & bit(at)) {
                Position qq = q;
                qq.stones[s] = before;
                emit(qq, true);
            }
        }
    };

    const bool moves_allowed_with_hand = r.move_while_in_hand;
    const bool fly = r.can_fly(popcount(own), p.hand[o]);
    for (Bitboard t = own; t;) {
        Point to = pop_lsb(t);
        Position q = p;
        q.side = o;
        // Un-placement.
        if (p.hand[o] < r.stones) {
            Position u = q;
            u.stones[o] ^= bit(to);
            ++u.hand[o];
            with_removals(u, to, empty);
        }
        // Un-move: o moved only with an empty hand, unless the rules allow both.
        if (p.hand[o] == 0 || moves_allowed_with_hand) {
            for (Bitboard f = fly ? empty : b.adjacent[to] & empty; f;) {
                Point from = pop_lsb(f);
                Position u = q;
                u.stones[o] ^= bit(to) | bit(from);
                with_removals(u, to, empty & ~bit(from));
            }
        }
    }
}

}  // namespace mtb
