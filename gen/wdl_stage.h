// The WDL derivation (mtb wdl) as a stage of the pipeline (gen/pipeline.h):
// for every value table of a folder, its win/draw/loss-only copy, capture-
// resolved where the capture tables are there (gen/wdl_captures.h), and
// with --leave-out the sectors the probe can value by one ply left out
// (gen/wdl_leave_out.h).  An item is a value table; with resume, a copy
// already written (sound, at least as new as its values file, of the kind
// and level asked for) is kept.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "table/table_reader.h"
#include "table/table_writer.h"

namespace mtb {

// The value tables to copy, opened once; their positions give the ETA.
struct WdlPlan {
    std::vector<std::unique_ptr<TableFile>> tables;
    std::uint64_t slots = 0;  // of all tables
    int failures = 0;         // files that cannot be opened (each printed to stderr)
    int counter_tables = 0;   // tables of a rule set with a no-capture limit, left alone
};

// Opens `files` and keeps the value tables of the sectors `only` (all when
// empty) of rule sets without a no-capture limit.
WdlPlan plan_wdl(const std::vector<std::string>& files, const std::vector<Sector>& only);

struct WdlJob {
    std::string dir, out;  // the value tables; where the copies go
    TableWriteOptions write;
    bool leave_out = false;
    bool resume = false;
    bool progress_tty = false;
    double progress_interval = 10;
};

// One table copied or kept, as printed.
struct WdlTable {
    std::string target;
    std::uint64_t value_bytes = 0, wdl_bytes = 0, positions = 0, lowered = 0;
    bool kept = false;  // by resume
};

struct WdlTotals {
    std::uint64_t positions = 0, value_bytes = 0, wdl_bytes = 0, lowered = 0, written = 0;
    int failures = 0;
    // --leave-out, once every table is written.
    bool left_out_planned = false;
    std::size_t left_out = 0, sectors = 0;
    std::uint64_t left_out_positions = 0, plain_count = 0;
};

// Writes the copies of plan.tables into job.out (which must exist);
// on_table is called as each is written.  The error: the run could not
// start.
std::optional<std::string> derive_wdl(const WdlJob& job, const WdlPlan& plan,
                                      const std::function<void(const WdlTable&)>& on_table, WdlTotals& totals);

}  // namespace mtb
