// The value rule of a rule set with a no-capture ply limit (lasker-20),
// in the "capture clock" metric of probe/value.h: one counter-free DTC
// per position, from its successors' DTCs.  The solver
// (gen/capture_clock_solver.h) and the value check (gen/capture_clock_verify.h)
// both use it, so the rule lives here only.
//
// A ply that captures decides at once: its child starts at counter 0, so
// the child's stored code is its value there (a WIN or LOSS for the child's
// side to move, or a DRAW), reached in 1 ply.  A quiet ply costs one ply of
// the clock: a child with DTC k makes this ply's DTC k + 1, and a result
// that needs more than the limit is a draw.
#pragma once

#include <algorithm>
#include <climits>

#include "engine/movegen.h"
#include "probe/sector.h"
#include "probe/value.h"

namespace mtb {

// The clock code of p (its counter is ignored).  lookup(Sector,
// NormalPosition) gives a successor's stored code; a lookup returning
// VALUE_NONE (unknown child) makes the result VALUE_NONE, unless a ply that
// leaves the opponent below lose_below already decides it.
template <class Lookup>
ValueCode clock_value_from_successors(const Rules& r, Position p, Lookup&& lookup) {
    const int limit = r.no_capture_draw_plies;
    p.since_capture = 0;
    if (p.total(p.side) < r.lose_below) return value_loss(0);  // not in any table: the game is over
    // Blocked: lost, if the turn begins before the limit (DTC 1).
    const Outcome o = outcome(r, p);
    if (o == Outcome::LOSS) return clock_loss(1);
    if (o == Outcome::DRAW) return VALUE_DRAW;
    int win = INT_MAX, loss = 0;
    bool escape = false;  // a ply to a draw (at the child's counter)
    for (Move m : MoveList(r, p)) {
        const Position q = after(r, p, m);
        if (m.is_removal() && q.total(q.side) < r.lose_below) return clock_win(1);
        const ValueCode v = lookup(sector_of(q), normalise(q));
        if (v == VALUE_NONE) return VALUE_NONE;
        const int n = m.is_removal() ? 1 : clock_plies(v) + 1;
        if (v == VALUE_DRAW || n > limit)
            escape = true;
        else if (value_wdl(v) == Wdl::LOSS)
            win = std::min(win, n);
        else
            loss = std::max(loss, n);
    }
    if (win != INT_MAX) return clock_win(win);
    if (escape) return VALUE_DRAW;
    return clock_loss(loss);
}

}  // namespace mtb
