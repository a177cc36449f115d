// `mtb gen --profile`: where each unit's solver time went, per phase, with
// the memory traffic that places the phase against the machine's bounds
// (gen/solver.h, PhaseTraffic).
#pragma once

#include <vector>

#include "gen/generate.h"

namespace mtb::cli {

// Prints one row per solved unit and phase, then one per phase over all
// units, to stdout.
void print_gen_profile(const std::vector<UnitResult>& results);

}  // namespace mtb::cli
