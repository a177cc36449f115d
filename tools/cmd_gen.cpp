// mtb gen: solves a rule set's sectors into a folder of table files.
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>

#include "gen/generate.h"
#include "gen/process_clock.h"
#include "gen/progress_line.h"
#include "table/index.h"
#include "table/table_folder.h"
#include "table/table_identity.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/common.h"
#include "tools/cpu_build.h"
#include "tools/gen_plan.h"
#include "tools/gen_profile.h"
#include "tools/mpi_job.h"
#include "tools/omp_waits.h"

namespace mtb::cli {
namespace {

const char* kGenHelp =
    "usage: mtb gen --rules NAME [--max-stones K | --sectors LIST] [--metric dtm|dtc] [--out DIR]\n"
    "               [--threads N] [--level L] [--keep-children MB] [--profile]\n"
    "       mtb gen --rules NAME [--max-stones K | --sectors LIST] --plan [--threads N]\n"
    "               [--ranks R] [--rate M] [--json]\n"
    "\n"
    "Solves sectors by retrograde analysis and writes one table file per sector.\n"
    "  (default)        the whole game: every sector reachable from the start\n"
    "  --max-stones K   only the movement phase, 3..K stones a side; for rule sets\n"
    "                   that move while stones are in hand (lasker, lasker-20): all\n"
    "                   sectors with at most K stones a side in total (board + hand)\n"
    "  --sectors LIST   the units holding these sectors, e.g. 3v3,5v4+2+3\n"
    "                   (their children must already be solved in DIR)\n"
    "  --metric M       what the distances count: dtm (default), plies to the end of\n"
    "                   the game; dtc, plies to the next deciding capture or the end\n"
    "                   (shorter, smaller tables, enough to win; rule sets with a\n"
    "                   no-capture limit, lasker-20, have dtc only)\n"
    "  --out DIR        output folder (default tables/<rules>, tables/<rules>-dtc\n"
    "                   for --metric dtc)\n"
    "  --threads N      threads of the run (default: all cores): a unit starts once\n"
    "                   the units it reads are written, largest first, with one\n"
    "                   thread per 2 M of its positions, so small units run side\n"
    "                   by side and big ones on many threads; threads that no\n"
    "                   ready unit needs go to the ready ones, by their size\n"
    "  --level L        zstd level of the tables, 1..22 (default 9; 19 gives files\n"
    "                   about 9% smaller and writes them 15 times slower)\n"
    "  --keep-children MB  memory for solved tables kept, packed, for the units\n"
    "                   that read them, instead of reading their files back\n"
    "                   (default: 1 byte per position of the largest unit; 0: none\n"
    "                   kept; same tables either way)\n"
    "  --profile        after the summary, per unit and phase (init, loss and\n"
    "                   win layers, finish, then the write of its tables): CPU\n"
    "                   seconds, positions, random reads and writes of value\n"
    "                   words, bytes streamed\n"
    "\n"
    "A run that is stopped can be restarted: units whose tables exist and pass\n"
    "their checksums are skipped.  A sector whose children are neither planned\n"
    "nor in DIR is an error (exit 1) naming the sectors to solve first.  A DIR\n"
    "holding tables of another rule set or metric is refused (exit 2): a\n"
    "folder holds one of each.\n"
    "\n"
    "Over several processes or machines: mpirun -np N mtb gen ... (same flags;\n"
    "DIR on a file system every rank sees).  Rank 0 holds DIR, hands ready\n"
    "units to the ranks as they free up, largest first, solves some itself and\n"
    "prints everything; each rank solves one unit at a time with its own\n"
    "--threads T (give T; with T > 1 also mpirun --bind-to none or\n"
    "--map-by node:PE=T: Open MPI binds each rank to a core or socket).  The\n"
    "same tables as one process.  If a rank dies the job stops; the same\n"
    "command goes on from the units written (docs/CLUSTER.md).\n"
    "\n"
    "Progress goes to stderr: on a terminal a bar redrawn in place, otherwise a\n"
    "line every 10 s (positions done of the total and an ETA, also inside a\n"
    "unit) and one per finished unit; MTB_PROGRESS_SECONDS=S sets the interval\n"
    "(0: every step).  The summary goes to stdout (per unit: seconds, and MiB of\n"
    "solver state plus the solved tables it read; \"longest\": the longest win\n"
    "in plies, \"-\" with no win; then the totals: wall and CPU seconds, and\n"
    "the process's peak resident memory, under mpirun rank 0's alone, and how\n"
    "idle threads waited).\n"
    "\n"
    "Idle threads sleep: unless OMP_WAIT_POLICY or GOMP_SPINCOUNT is set, gen\n"
    "sets OMP_WAIT_POLICY=passive and starts itself again (libgomp reads it\n"
    "only at start).  Spinning waits took 11-32% more CPU on 16 cores.\n";

// The units asked for: --max-stones, --sectors or the whole game.
int units_from_args(const Args& a, const Rules& r, std::optional<int> max_stones, std::vector<SolveUnit>& units) {
    if (max_stones) {
        units = endgame_units(r, int(*max_stones));
    } else if (a.has("--sectors")) {
        std::vector<Sector> wanted;
        if (int e = sectors_from_args(a, "gen", &r, wanted)) return e;
        std::vector<SolveUnit> all = solve_units(r);
        for (const SolveUnit& u : all) {
            bool keep = false;
            for (Sector s : wanted) keep |= std::find(u.sectors.begin(), u.sectors.end(), s) != u.sectors.end();
            if (keep) units.push_back(u);
        }
        if (units.empty()) return fail("gen", "none of these sectors is reachable from the start of " + r.name);
    } else {
        units = solve_units(r);
    }
    return OK;
}

// --metric, or the rule set's own.
int metric_from_args(const Args& a, const Rules& r, Metric& metric) {
    metric = Metric::native(r);
    if (auto name = a.value("--metric")) {
        const auto kind = Metric::kind_of(*name);
        if (!kind) return fail("gen", "unknown metric '" + *name + "' (dtm or dtc)", USAGE);
        const auto m = Metric::of(r, *kind);
        if (!m) return fail("gen", "rule set " + r.name + " has a no-capture limit: its tables hold dtc only", USAGE);
        metric = *m;
    }
    return OK;
}

// A child table missing is found before any work, with the command that
// makes it (otherwise the solver stops at the unit that reads it).
int check_children(const Args& a, const Rules& r, const std::vector<SolveUnit>& units, const GenOptions& opt) {
    const std::vector<Sector> missing = missing_children(r, units, opt.dir);
    if (missing.empty()) return OK;
    std::string names;
    for (Sector s : missing) names.append(names.empty() ? "" : ",").append(s.name());
    std::string command = std::string("mtb gen --rules ").append(r.name).append(" --sectors ").append(names);
    if (opt.metric != Metric::native(r)) command.append(" --metric ").append(opt.metric.name());
    if (a.has("--out")) command.append(" --out ").append(opt.dir);
    const bool one = missing.size() == 1;
    return fail("gen", std::string(one ? "no table of sector " : "no tables of sectors ")
                           .append(names)
                           .append(" in ")
                           .append(opt.dir)
                           .append(", which the sectors asked for read: solve ")
                           .append(one ? "it" : "them")
                           .append(" first (")
                           .append(command)
                           .append(")"));
}

// The output folder must not hold another rule set's or another metric's
// tables: solving into it would overwrite or mix them (a folder holds one
// of each: the probe reads the metric from the headers and refuses a mix).
// Exit 2, naming the folder and the flag that fits it.
int check_out_folder(const Rules& r, const GenOptions& opt, const std::string& default_dir) {
    const std::optional<FolderClash> clash = first_clash(opt.dir, r, opt.metric);
    if (!clash) return OK;
    const std::string other = default_dir == opt.dir ? "another --out folder" : "--out " + default_dir;
    if (!clash->metric)
        return fail("gen",
                    opt.dir + " holds " + clash->rules + " tables (" + clash->file + "), not " + r.name +
                        ": give --rules " + clash->rules + " to add to them, or " + other,
                    USAGE);
    return fail("gen",
                opt.dir + " holds " + clash->metric->name() + " tables (" + clash->file + "), not " +
                    opt.metric.name() + ": give --metric " + clash->metric->name() + " to add to them, or " + other,
                USAGE);
}

// The summary of what was done, also after a failure: per sector, then the
// totals with the run's wall and CPU seconds (CPU over wall: how many
// threads' worth it used), the process's peak resident memory and how its
// idle threads waited (tools/omp_waits.h).
void print_summary(const std::vector<UnitResult>& results, double wall, double cpu) {
    std::printf("%-22s %14s %14s %14s %14s %8s %9s %9s\n", "sector", "positions", "wins", "losses", "draws", "longest",
                "seconds", "MiB");
    std::uint64_t positions = 0, solved = 0;
    double seconds = 0;
    for (const UnitResult& u : results) {
        for (std::size_t k = 0; k < u.sectors.size(); ++k) {
            const SectorStats& s = u.sectors[k];
            // Seconds and memory are per unit: shown on its first sector.
            char secs[32] = "", mib[32] = "";
            if (u.skipped) {
                std::snprintf(secs, sizeof secs, "done");
            } else if (k == 0) {
                std::snprintf(secs, sizeof secs, "%.2f", u.seconds);
                std::snprintf(mib, sizeof mib, "%.1f", u.peak_bytes / 1048576.0);
            }
            // No win: "-", as mtb stats prints it.
            const std::string longest = s.longest_win < 0 ? "-" : std::to_string(s.longest_win);
            std::printf("%-22s %14llu %14llu %14llu %14llu %8s %9s %9s\n", s.sector.name().c_str(),
                        (unsigned long long)s.positions, (unsigned long long)s.wins, (unsigned long long)s.losses,
                        (unsigned long long)s.draws, longest.c_str(), secs, mib);
            positions += s.positions;
            if (!u.skipped) solved += s.positions;
        }
        seconds += u.seconds;
    }
    // Units run side by side, so their seconds add up to more than
    // the wall time: the rate is the solved positions over the wall time.
    std::printf("total: %llu positions in %zu units; %llu solved in %.2f s wall (%.2f s summed over units)",
                (unsigned long long)positions, results.size(), (unsigned long long)solved, wall, seconds);
    if (wall > 0 && solved) std::printf(", %.2f M positions/s", solved / wall / 1e6);
    std::printf("; %.2f CPU s", cpu);
    if (wall > 0) std::printf(" (%.1f threads' worth)", cpu / wall);
    std::printf(", peak %.1f MiB resident; index bits: %s; OpenMP waits: %s\n", peak_resident_bytes() / 1048576.0,
                index_bits_text(), omp_wait_text());
}

// The start position's value, when its sector was solved.
int print_start_value(const Rules& r, const std::vector<SolveUnit>& units, const GenOptions& opt) {
    Position start = start_position(r);
    Sector ss = sector_of(start);
    for (const SolveUnit& u : units) {
        if (std::find(u.sectors.begin(), u.sectors.end(), ss) == u.sectors.end()) continue;
        std::string e;
        auto f = TableFile::open(table_path(opt.dir, r, ss), e);
        ValueCode v = VALUE_NONE;
        if (!f || f->value_at(SectorIndex(r, ss).slot_of(normalise(start)), v))
            return fail("gen", "cannot read the start value back: " + e);
        std::printf("start value: %s\n", opt.metric.text(v).c_str());
    }
    return OK;
}

}  // namespace

int cmd_gen(std::span<char*> args) {
#if defined(__GLIBC__)
    // glibc raises its mmap threshold to the size of each large block freed
    // (up to 32 MiB), so after the first child table is loaded and freed,
    // later large buffers come from the heap and stay mapped when freed:
    // 20 MB more peak memory on nmm 5v5.  A fixed threshold keeps every
    // large array in its own mapping, returned to the system on free.
    mallopt(M_MMAP_THRESHOLD, 1 << 20);
    // Smaller blocks (the frontier's lists of most layers, the solver's
    // per-pass room) come and go by the thousand a unit; when the heap's
    // free top was handed back past glibc's default trim threshold, the
    // next layer's blocks faulted it in again, page by page.  Kept, they
    // are reused: lasker <= 6 on one thread 985 K -> 672 K page faults,
    // 12.4 -> 8.8 s of system time, peak memory unchanged (BENCHMARKS.md,
    // session 56).
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
    Args a(args,
           {"--rules", "--max-stones", "--sectors", "--metric", "--out", "--threads", "--level", "--keep-children",
            "--ranks", "--rate"},
           {"--help", "--profile", "--plan", "--json"});
    if (a.has("--help")) return std::fputs(kGenHelp, stdout), std::fputs(plan_help().c_str(), stdout), OK;
    auto threads = a.integer("--threads", 1, kMaxThreads);
    auto level = a.integer("--level", 1, 22);
    auto keep_mb = a.integer("--keep-children", 0, 1LL << 30);
    if (a.error()) return fail("gen", *a.error(), USAGE);
    if (!a.positional().empty()) return fail("gen", "unexpected argument '" + a.positional()[0] + "'", USAGE);
    if (int rc = check_plan_flags(a)) return rc;
    if (a.has("--max-stones") && a.has("--sectors"))
        return fail("gen", "give --max-stones or --sectors, not both", USAGE);
    const Rules* r = nullptr;
    if (int rc = rules_from_args(a, "gen", r)) return rc;
    std::optional<int> max_stones;
    if (int rc = max_stones_from_args(a, "gen", *r, max_stones)) return rc;
    GenOptions opt;
    if (int rc = metric_from_args(a, *r, opt.metric)) return rc;
    std::vector<SolveUnit> units;
    if (int rc = units_from_args(a, *r, max_stones, units)) return rc;
    if (a.has("--plan")) return print_gen_plan(a, *r, units, threads, opt.metric);
    // A set of another metric than the rule set's own gets a folder of
    // its own: a folder holds one metric (the probe reads it from the headers).
    std::string default_dir = "tables/" + r->name;
    if (opt.metric != Metric::native(*r)) default_dir.append("-").append(opt.metric.name());
    opt.dir = a.value("--out").value_or(default_dir);
    opt.threads = threads ? int(*threads) : 0;
    if (level) opt.level = int(*level);
    if (keep_mb) opt.keep_children_bytes = std::uint64_t(*keep_mb) << 20;
    if (int rc = check_out_folder(*r, opt, default_dir)) return rc;
    if (int rc = check_children(a, *r, units, opt)) return rc;
    opt.progress = stderr;
    opt.progress_tty = isatty(fileno(stderr));
    std::optional<std::string> interval_error;
    opt.progress_interval = ProgressLine::interval_for(opt.progress_tty, interval_error);
    if (interval_error) return fail("gen", *interval_error, USAGE);
    // Under mpirun: the units spread over the job's ranks (tools/mpi_job.h).
    std::string mpi_error;
    const std::unique_ptr<MpiJob> mpi = join_mpi_job("gen", mpi_error);
    if (!mpi_error.empty()) return fail("gen", mpi_error);
    opt.distributor = mpi ? mpi->distributor() : nullptr;
    std::vector<UnitResult> results;
    const auto started = std::chrono::steady_clock::now();
    const double cpu_started = process_cpu_seconds();
    auto err = generate_units(*r, units, opt, results);
    print_summary(results, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
                  process_cpu_seconds() - cpu_started);
    if (a.has("--profile")) print_gen_profile(results);
    if (err) return fail("gen", *err);
    return print_start_value(*r, units, opt);
}

}  // namespace mtb::cli
