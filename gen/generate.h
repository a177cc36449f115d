// Solving a list of units into a folder of table files: the engine of
// `mtb gen`, a stage of the pipeline runner (gen/pipeline.h).  A unit is
// solved once the units whose tables it reads are written (unit_needs),
// several side by side, each with a team sized from its work
// (gen/unit_scheduler.h); each sector's table is written atomically
// (table/table_writer.h), so a run that is killed and restarted skips every
// unit whose tables are already there and pass their checksums.
#pragma once

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "gen/pipeline.h"
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
    // A unit's team: one thread per this many of its positions, at least
    // one, at most `threads` (gen/unit_scheduler.h).  A unit's own threads
    // idle in its short layers, so small units run side by side, one
    // thread each, rather than one after another on every thread.
    double positions_per_thread = 1 << 21;
    // What the tables' distances count: one of the rule set's metrics
    // (Metric::of); every table already in `dir` must hold the same.
    Metric metric;
    // Not null: the units are solved by the processes of an MPI job
    // (tools/mpi_job.h), each with `threads` threads.
    PipelineDistributor* distributor = nullptr;
    // Bytes of solved sectors' packed values kept in memory for the units
    // that read them (gen/child_cache.h); unset: ChildCache::budget()'s
    // default; 0: none kept, every unit reads its children's files.  Over
    // MPI ranks: none.
    std::optional<std::uint64_t> keep_children_bytes;
};

struct UnitResult {
    std::vector<SectorStats> sectors;
    double seconds = 0;
    bool skipped = false;          // already solved by an earlier run
    std::uint64_t peak_bytes = 0;  // unit words + children values and indexes held while solving
    SolveStats stats;              // the solver's times and traffic per phase (mtb gen --profile)
    double write_seconds = 0;      // of `seconds`, writing the tables
    // The write's CPU (the whole process's, as the solver's phases) and
    // traffic: positions = the unit's slots; streamed = the values read
    // to count their codes (2 bytes a slot), the frames handed to zstd
    // (over every encoding tried) and the files' bytes.
    PhaseTraffic write;
    double load_seconds = 0;       // of `seconds`, loading the children's tables
    int team = 0;                  // threads that solved it
    int children_read = 0;         // child tables it read, from memory or files
    int children_kept = 0;         // of those, lent from memory (gen/child_cache.h), not loaded from files
    std::uint64_t kept_bytes = 0;  // the most packed values kept in memory at once, up to its end
};

// Solves `units` (in solve order: children first) into opt.dir (created if
// needed).  results gets one entry per unit.  Returns an error text on the
// first failure.
std::optional<std::string> generate_units(const Rules& r, const std::vector<SolveUnit>& units, const GenOptions& opt,
                                          std::vector<UnitResult>& results);

// For each unit, the units of the list whose tables it reads (ascending):
// it may start once they are written.  `units` must be in solve order
// (every unit after those it reads; std::logic_error otherwise).
std::vector<std::vector<std::size_t>> unit_needs(const Rules& r, const std::vector<SolveUnit>& units);

// A unit's name in progress lines and plans: its sectors, "4v6,6v4".
std::string unit_name(const SolveUnit& u);

// The sectors whose tables the solver of `unit` loads: its sectors'
// successors outside it (in the order first reached).
std::vector<Sector> unit_children(const Rules& r, const SolveUnit& unit);

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
