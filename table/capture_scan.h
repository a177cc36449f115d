// The captures a capture-resolved win/draw/loss table (TableContent::
// WDL_CAPTURES, table/FORMAT.md "Capture-resolved win/draw/loss files")
// rests on, in one place for its writer (gen/wdl_captures.h) and its
// reader (TableSet::value): which plies count, what their children are,
// and which win outright.  Writer and reader must agree on exactly this.
#pragma once

#include "engine/movegen.h"
#include "table/sector.h"

namespace mtb {

// How scan_captures() ended.
enum class CaptureScan : std::uint8_t {
    ALL,      // every capture visited (none at all where the game is over)
    STOPPED,  // visit returned false
    WINS      // a capture leaves the opponent too few stones: the mover wins
};

// Calls visit(const PlyChild&) for each capture (a ply that removes a
// stone) of position n of sector s, whose child is in normal form; stops
// when visit returns false.  A capture that leaves the opponent fewer than
// lose_below stones ends the scan at once with WINS (its child has no
// table).  A game already over has no captures here: its value is stored
// as it is.
template <class Visit>
CaptureScan scan_captures(const Rules& r, Sector s, NormalPosition n, Visit&& visit) {
    const Position p = denormalise(s, n, WHITE);
    if (outcome(r, p) != Outcome::ONGOING) return CaptureScan::ALL;
    const MoveList moves(r, p);
    for (const Move& m : moves) {
        if (!m.is_removal()) continue;
        const PlyChild c = ply_child(s, n, m);
        if (wins_at_once(r, c)) return CaptureScan::WINS;
        if (!visit(c)) return CaptureScan::STOPPED;
    }
    return CaptureScan::ALL;
}

}  // namespace mtb
