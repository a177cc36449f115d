// The graph of sectors: which must be solved together, and in which order.
// The solver's and the tools' (mtb gen, mtb sectors), not the probe
// library's: what a sector is, how many positions it holds and which
// sectors its plies lead to (valid_sector(), distinct_positions(),
// successor_sectors()) are in table/sector.h, because a probe also asks.
#pragma once

#include <vector>

#include "engine/rules.h"
#include "table/sector.h"

namespace mtb {

// A set of sectors that reach each other (e.g. a movement sector and its
// colour-swapped twin) and must be solved together.
struct SolveUnit {
    std::vector<Sector> sectors;  // sorted
};

// Every sector reachable from the start position, grouped into units
// (strongly connected components), in solve order: every unit comes after
// all units its sectors' successors belong to.
std::vector<SolveUnit> solve_units(const Rules& r);

// The movement-only endgame: all sectors with both hands empty and
// lose_below..max_stones stones a side (that a game can reach), in solve order.
std::vector<SolveUnit> movement_units(const Rules& r, int max_stones);

// The endgame with stones still in hand: all units whose sectors have at
// most max_stones stones a side in total (board + hand), in solve order.
// Closed under plies, since totals only fall.  For rule sets that move
// while stones are in hand (Lasker), where endgames keep stones in hand.
std::vector<SolveUnit> stone_bounded_units(const Rules& r, int max_stones);

// What `--max-stones K` means for a rule set: stone_bounded_units() where
// stones may move while others are in hand, else movement_units().
std::vector<SolveUnit> endgame_units(const Rules& r, int max_stones);

}  // namespace mtb
