// `mtb gen --plan`: the units a run would solve, their sizes and needs, the
// critical path and a projected wall time on ranks x threads, printed
// without solving (gen/run_plan.h holds the model).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gen/sector_graph.h"
#include "table/metric.h"
#include "tools/cli.h"

namespace mtb::cli {

// The lines --plan and its options (--ranks, --rate, --json) add to mtb
// gen --help.
// The model's defaults (gen/run_plan.h) are printed from it.
std::string plan_help();

// Whether the options only --plan takes are given without it: a usage
// error (exit 2) naming the first, else OK.
int check_plan_flags(const Args& a);

// Prints the plan of `units` (in solve order) to stdout; `threads` is
// --threads (per rank), nullopt for all cores.  With --out DIR, the units
// whose tables DIR already holds (gen/generate.h, unit_done: checksums and
// `metric` checked) are left out, as a resumed run skips them: the plan is
// of what is left.
int print_gen_plan(const Args& a, const Rules& r, const std::vector<SolveUnit>& units, std::optional<long long> threads,
                   const Metric& metric);

}  // namespace mtb::cli
