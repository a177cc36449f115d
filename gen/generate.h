// Solving a list of units into a folder of table files: the engine of
// `mtb gen`, a stage of the pipeline runner (gen/pipeline.h).  Units are
// solved children first (small independent ones side by side, in waves:
// unit_waves); each sector's table is written atomically
// (table/table_writer.h), so a run that is killed and restarted skips every
// unit whose tables are already there and pass their checksums.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "gen/sector_graph.h"
#include "gen/solver.h"

namespace mtb {

struct GenOptions {
    std::string dir;
    int threads = 0;                // 0: OpenMP's default
    std::FILE* progress = nullptr;  // progress lines go here; null: none
    bool progress_tty = false;      // redraw one line ("\r") instead of printing lines
    double progress_interval = 10;  // seconds between progress lines (gen/progress_line.h)
    // zstd level of the tables.  9 rather than the writer's 19: on nmm 6v5
    // level 19 compresses 2.6 M slots/s on one core (as slow as solving)
    // and level 9 39 M slots/s, for files 9% larger (BENCHMARKS.md).
    int level = 9;
    // Units with fewer positions than this times the thread count run side
    // by side, one thread each (see unit_waves); larger ones get every
    // thread.
    std::uint64_t small_unit_slots_per_thread = 1 << 20;
    // What the tables' distances count: one of the rule set's metrics
    // (Metric::of); every table already in `dir` must hold the same.
    Metric metric;
};

struct UnitResult {
    std::vector<SectorStats> sectors;
    double seconds = 0;
    bool skipped = false;          // already solved by an earlier run
    std::uint64_t peak_bytes = 0;  // unit words + children values and indexes held while solving
    SolveStats stats;              // the solver's times and traffic per phase (mtb gen --profile)
};

// Solves `units` in order into opt.dir (created if needed).  results gets one
// entry per unit.  Returns an error text on the first failure.
std::optional<std::string> generate_units(const Rules& r, const std::vector<SolveUnit>& units, const GenOptions& opt,
                                          std::vector<UnitResult>& results);

// For each unit, one more than the largest wave of the units in the list
// whose tables it reads (0 when it reads none of them): the units of one
// wave do not depend on each other.  `units` must be in solve order.
std::vector<int> unit_waves(const Rules& r, const std::vector<SolveUnit>& units);

// The sectors whose tables `units` need but that neither `units` solve nor
// `dir` holds, with the missing sectors those need in turn: what to solve
// first (in Sector order; empty when nothing is missing).
std::vector<Sector> missing_children(const Rules& r, const std::vector<SolveUnit>& units, const std::string& dir);

// A duration for progress lines and ETAs: "42s", "3m05s", "1h47m".
std::string duration_text(double seconds);

// Whether every table of `unit` exists in `dir` and passes its checksums.
// ... and holds `metric`'s values.
bool unit_done(const Rules& r, const SolveUnit& unit, const std::string& dir, const Metric& metric);

}  // namespace mtb
