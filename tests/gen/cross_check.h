// Helpers shared by the gen tests: solve units with gen/ into a scratch
// folder, and compare every stored value with the simple solver.
#pragma once

#include <string>
#include <vector>

#include "gen/generate.h"
#include "simple_solver.h"

namespace mtb::test {

// A fresh empty folder under the system temp folder.
std::string scratch_dir(const std::string& name);

// Solves `units` with gen/ into `dir` (threads as given); fails the test on error.
void gen_units(const Rules& r, const std::vector<SolveUnit>& units, const std::string& dir, int threads);

// Compares every position of every sector of `units` (tables in `dir`)
// with `simple`.  Returns the number of positions compared; fails the test
// (naming the first few positions) on a difference.
std::uint64_t compare_with_simple(const Rules& r, const std::vector<SolveUnit>& units, const std::string& dir,
                                  const SimpleSolver& simple);

}  // namespace mtb::test
