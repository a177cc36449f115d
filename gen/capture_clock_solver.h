// The solver of one unit under a no-capture ply limit L (lasker-20): the
// capture clock DTC of every position (probe/value.h), from the solved
// units its captures and placements lead to.
//
// Method: a bounded problem, so a plain one.  Pass h = 1..L visits every
// position not yet decided and applies the value rule
// (gen/capture_clock.h) with the unit's own positions seen as they stand
// at h - 1 plies left: decided if their DTC is at most h - 1, else a draw.
// A result with DTC <= h is final (it is the position's value with h plies
// left, and values only get decided, never change, as h grows); anything
// undecided after pass L is a draw.  Children outside the unit are final
// already.  Cost: at most L passes over the unit, each generating the
// plies of its undecided positions; memory: 2 bytes per slot.
//
// Parallel: each pass is an OpenMP loop over slots.  A pass reads words
// that other threads may be writing; those are decided in this pass (DTC
// h), which the pass reads as undecided either way, so the order never
// matters (the words are std::atomic_ref to keep that well defined).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gen/solver.h"

namespace mtb {

// Same contract as solve_unit() (gen/solver.h), for rules with a no-capture
// limit: values[k] receives the clock code of every slot of unit[k].
std::optional<std::string> solve_clock_unit(const Rules& r, const std::vector<Sector>& unit,
                                            const ChildValues& children, std::vector<std::vector<ValueCode>>& values,
                                            const SolveOptions& opt = {});

// sector_stats() for clock codes: longest_win is the longest DTC of a win.
SectorStats clock_sector_stats(Sector s, const std::vector<ValueCode>& values);

}  // namespace mtb
