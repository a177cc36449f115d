// mtb wdl: win/draw/loss-only copies of value tables, for players that need
// to know who wins but not how fast (the probe reads them where a sector's
// values file is absent; mtb/probe.h "Values").
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "gen/output_lock.h"
#include "gen/progress_line.h"
#include "gen/wdl_stage.h"
#include "table/table_folder.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/common.h"

namespace mtb::cli {

static const char* kWdlHelp =
    "usage: mtb wdl DIR [--out DIR2] [--sectors LIST] [--level L] [--threads N] [--plain] [--leave-out]\n"
    "               [--resume]\n"
    "\n"
    "For every value table <rules>_<sector>.mtb in DIR, writes the\n"
    "win/draw/loss-only table <rules>_<sector>.wdl.mtb into DIR2 (default:\n"
    "DIR), replacing one already there.  Prints one line per table with both\n"
    "sizes and the share of positions a capture decides, then the totals and\n"
    "bits per position.  Tables of rule sets with a no-capture limit\n"
    "(lasker-20) are skipped: their values depend on the counter.  Exit\n"
    "status 0, 1 when a table cannot be read or written, 2 for bad usage.\n"
    "\n"
    "By default a position whose best capture already wins, draws or loses as\n"
    "the position does may store a lower value that compresses better; the\n"
    "probe recovers the true one by searching captures (table/FORMAT.md,\n"
    "\"Capture-resolved win/draw/loss files\").  This needs the value tables\n"
    "of the sectors captures lead to, in DIR; a sector whose capture tables\n"
    "are missing is written plain.\n"
    "\n"
    "With --leave-out the set also leaves out sectors the probe can value by\n"
    "one ply of search, because every sector their plies lead to has a table\n"
    "(table/FORMAT.md, \"Sets that leave sectors out\"; a probe there costs a\n"
    "table look-up per ply).  Which ones is planned from the real sizes: each\n"
    "table is also written plain into DIR2/plain-copies (removed at the end),\n"
    "because a kept sector whose captures lead into a left-out one is stored\n"
    "plain.  Every value table of DIR is copied (no --sectors).\n"
    "\n"
    "Progress (table i of n, positions done of all, the time so far, an ETA)\n"
    "goes to standard error: a bar on a terminal, otherwise a line every 10 s,\n"
    "also inside a table, and one per table; MTB_PROGRESS_SECONDS=S sets the\n"
    "interval.\n"
    "\n"
    "DIR without tables of its own stands for its one DIR/<rules>/ folder.  One\n"
    "run writes into a folder at a time (a second mtb wdl or mtb gen into it is\n"
    "refused, exit 1).\n"
    "\n"
    "  --out DIR2    where to write (created if missing)\n"
    "  --sectors L   only these sectors' tables, e.g. 6v6,6v6+2+2\n"
    "  --level L     zstd level, 1..22 (default 19)\n"
    "  --threads N   threads (default: all cores)\n"
    "  --plain       store every position's own value (no capture search\n"
    "                when probing; larger files)\n"
    "  --leave-out   leave out the sectors that save the most bytes (above)\n"
    "  --resume      keep a table already in DIR2 that is sound, at least as new\n"
    "                as its values file and of the kind and level asked for (a\n"
    "                long run that stopped goes on where it was)\n";

namespace {

void print_table(const WdlTable& t) {
    if (t.kept)
        std::printf("%-28s %12llu bytes -> %12llu bytes, kept (--resume)\n", t.target.c_str(),
                    (unsigned long long)t.value_bytes, (unsigned long long)t.wdl_bytes);
    else
        std::printf("%-28s %12llu bytes -> %12llu bytes, %5.1f%% lowered\n", t.target.c_str(),
                    (unsigned long long)t.value_bytes, (unsigned long long)t.wdl_bytes,
                    t.positions ? 100.0 * double(t.lowered) / double(t.positions) : 0.0);
    std::fflush(stdout);  // one line per table as it is written, also into a log file
}

void print_totals(const WdlTotals& t) {
    if (t.left_out_planned)
        std::printf(
            "left out: %zu of %zu sectors (%llu positions, the probe searches one ply there); %llu kept "
            "sectors stored plain because a capture leads into one left out\n",
            t.left_out, t.sectors, (unsigned long long)t.left_out_positions, (unsigned long long)t.plain_count);
    auto bits = [&](std::uint64_t b) { return t.positions ? 8.0 * double(b) / double(t.positions) : 0.0; };
    std::printf(
        "total: %llu positions; values %llu bytes (%.4f bits/position), win/draw/loss only %llu bytes "
        "(%.4f bits/position); %.1f%% of the positions written lowered\n",
        (unsigned long long)t.positions, (unsigned long long)t.value_bytes, bits(t.value_bytes),
        (unsigned long long)t.wdl_bytes, bits(t.wdl_bytes),
        t.written ? 100.0 * double(t.lowered) / double(t.written) : 0.0);
}

// The checks of the plan: exit status 2 (or 1) with the message, 0 to go on.
int check_plan(const WdlPlan& plan, const std::vector<Sector>& only, bool leave_out, const std::string& dir) {
    if (plan.counter_tables)
        std::fprintf(stderr,
                     "mtb wdl: skipped %d tables of a rule set with a no-capture limit (lasker-20): their values "
                     "depend on the counter, which a win/draw/loss file cannot hold\n",
                     plan.counter_tables);
    // Every sector asked for must have a value table here, as in mtb gen,
    // where a sector the rule set cannot have is an error, not nothing done
    // (a damaged table already makes the run fail).
    for (Sector s : only)
        if (!plan.failures && std::none_of(plan.tables.begin(), plan.tables.end(),
                                           [&](const auto& t) { return t->header().sector == s; }))
            return fail("wdl", "--sectors: no value table of sector " + s.name() + " in " + dir, USAGE);
    if (plan.tables.empty() && !plan.failures) return fail("wdl", dir + ": no value table to copy");
    for (const auto& t : plan.tables)
        if (leave_out && t->header().rules_name != plan.tables[0]->header().rules_name)
            return fail("wdl", "--leave-out plans one rule set's tables: " + dir + " holds several", USAGE);
    return OK;
}

}  // namespace

int cmd_wdl(std::span<char*> args) {
    Args a(args, {"--out", "--sectors", "--level", "--threads"}, {"--help", "--plain", "--leave-out", "--resume"});
    auto level = a.integer("--level", 1, 22);
    auto threads = a.integer("--threads", 1, 1024);
    if (a.has("--help")) return std::fputs(kWdlHelp, stdout), OK;
    if (a.error()) return fail("wdl", *a.error(), USAGE);
    if (a.positional().size() != 1) return fail("wdl", "give one folder (see mtb wdl --help)", USAGE);
    std::vector<Sector> only;
    if (int e = sectors_from_args(a, "wdl", nullptr, only)) return e;
    WdlJob job;
    job.leave_out = a.has("--leave-out");
    job.resume = a.has("--resume");
    if (job.leave_out && !only.empty()) return fail("wdl", "--leave-out plans the whole set: give no --sectors", USAGE);
    std::string error;
    const TableFolder folder = list_table_folder(a.positional()[0], error);
    if (!error.empty()) return fail("wdl", error);
    const std::vector<std::string>& files = folder.files;
    job.dir = folder.dir;
    job.out = a.value("--out").value_or(job.dir);
    std::error_code ec;
    std::filesystem::create_directories(job.out, ec);
    if (ec) return fail("wdl", job.out + ": " + ec.message());
    // One writer per folder, as for mtb gen: two runs into one folder
    // would replace each other's tables (gen/output_lock.h).
    OutputLock lock;
    if (auto e = lock.acquire(job.out)) return fail("wdl", *e);
    for (const std::string& name : remove_stale_temp_files(job.out))
        std::fprintf(stderr, "mtb wdl: removed %s/%s, left by a run that was stopped\n", job.out.c_str(), name.c_str());
    job.write.content = a.has("--plain") ? TableContent::WDL : TableContent::WDL_CAPTURES;
    if (level) job.write.level = int(*level);
    if (threads) job.write.threads = int(*threads);
    if (files.empty()) return fail("wdl", a.positional()[0] + ": no *.mtb files (nor in a DIR/<rules>/ folder)");
    const WdlPlan plan = plan_wdl(files, only);
    if (int e = check_plan(plan, only, job.leave_out, job.dir)) return e;
    job.progress_tty = isatty(fileno(stderr));
    std::optional<std::string> interval_error;
    job.progress_interval = ProgressLine::interval_for(job.progress_tty, interval_error);
    if (interval_error) return fail("wdl", *interval_error, USAGE);
    WdlTotals totals;
    if (auto e = derive_wdl(job, plan, print_table, totals)) return fail("wdl", *e);
    print_totals(totals);
    return totals.failures ? FAILURE : OK;
}

}  // namespace mtb::cli
