// The graph of sectors: which sectors a ply leads to, which must be solved
// together, and in which order.  Also the exact number of distinct positions
// of a sector, counted independently of the index (Burnside's lemma).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/rules.h"
#include "probe/sector.h"

namespace mtb {

// Whether `s` is a sector a game could be in: counts fit the board and the
// rule set, both sides still have >= lose_below stones in total, and (where
// placements alternate) the hands fit one side having placed first.  Not
// every valid sector is reachable from the start; solve_units() says which.
bool valid_sector(const Rules& r, Sector s);

// Sectors of the positions one ply after a position of `s` (normalised to
// the new side to move), not counting game-ending results (opponent left
// with < lose_below stones).  Sorted, without duplicates.  A sector is
// listed when some position of `s` might have such a ply; it may be a
// superset of what positions of `s` actually reach.
std::vector<Sector> successor_sectors(const Rules& r, Sector s);

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

// Exact number of distinct positions (symmetry classes) in a sector,
// computed independently of the index (Burnside's lemma over the board's
// symmetry group).
std::uint64_t distinct_positions(const Rules& r, Sector s);

// The number of positions in a sector before symmetry reduction:
// C(n, us_board) * C(n - us_board, them_board).
std::uint64_t raw_positions(const Rules& r, Sector s);

}  // namespace mtb
