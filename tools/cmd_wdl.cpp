// mtb wdl: win/draw/loss-only copies of value tables, for players that need
// to know who wins but not how fast (the probe reads them where a sector's
// values file is absent; mtb/probe.h "Values").
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>

#include "gen/generate.h"
#include "gen/progress_line.h"
#include "gen/verify_tables.h"
#include "gen/wdl_captures.h"
#include "gen/wdl_leave_out.h"
#include "table/durable_file.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/common.h"
#include "tools/table_files.h"

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

// Whether `target` is a sound table (every checksum), at least as new as
// the values file `source`, of the content and zstd level asked for: what
// --resume keeps.  (A sector written plain for want of its capture tables
// is written again.)
bool finished(const std::string& target, const std::string& source, TableContent content, int level) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto made = fs::last_write_time(target, ec);
    if (ec) return false;
    const auto values = fs::last_write_time(source, ec);
    if (ec || made < values) return false;
    std::string error;
    auto t = TableFile::open(target, error);
    if (!t || t->header().content != content || t->header().level != std::uint32_t(level)) return false;
    return verify_table(target).empty();
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
    const bool leave_out = a.has("--leave-out");
    if (leave_out && !only.empty()) return fail("wdl", "--leave-out plans the whole set: give no --sectors", USAGE);
    const std::string dir = a.positional()[0], out = a.value("--out").value_or(dir);
    std::string error;
    const std::vector<std::string> files = table_files(dir, error).files;
    if (!error.empty()) return fail("wdl", error);
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) return fail("wdl", out + ": " + ec.message());
    TableWriteOptions opt;
    opt.content = a.has("--plain") ? TableContent::WDL : TableContent::WDL_CAPTURES;
    if (level) opt.level = int(*level);
    if (threads) opt.threads = int(*threads);
    // The value tables to copy, opened once; their positions give the ETA.
    std::vector<std::unique_ptr<TableFile>> tables;
    std::uint64_t slots_all = 0, slots_done = 0;
    int failures = 0, counter_tables = 0;
    if (files.empty()) return fail("wdl", dir + ": no *.mtb files");
    for (const std::string& path : files) {
        auto t = TableFile::open(path, error);
        if (!t) {
            std::fprintf(stderr, "mtb wdl: %s\n", error.c_str());
            ++failures;
            continue;
        }
        const TableHeader& h = t->header();
        const Rules* r = find_rules(h.rules_name);
        // Under a no-capture limit the win/draw/loss depends on the counter
        // (the metric has a horizon): no WDL copy can hold it.
        if (r && Metric::native(*r).horizon()) {
            ++counter_tables;
            continue;
        }
        if (h.content != TableContent::VALUES || !r) continue;
        if (!only.empty() && std::find(only.begin(), only.end(), h.sector) == only.end()) continue;
        slots_all += h.slot_count;
        tables.push_back(std::move(t));
    }
    if (counter_tables)
        std::fprintf(stderr,
                     "mtb wdl: skipped %d tables of a rule set with a no-capture limit (lasker-20): their values "
                     "depend on the counter, which a win/draw/loss file cannot hold\n",
                     counter_tables);
    // Every sector asked for must have a value table here, as in mtb gen,
    // where a sector the rule set cannot have is an error, not nothing done
    // (a damaged table already makes the run fail).
    for (Sector s : only)
        if (!failures &&
            std::none_of(tables.begin(), tables.end(), [&](const auto& t) { return t->header().sector == s; }))
            return fail("wdl", "--sectors: no value table of sector " + s.name() + " in " + dir, USAGE);
    if (tables.empty() && !failures) return fail("wdl", dir + ": no value table to copy");
    for (const auto& t : tables)
        if (leave_out && t->header().rules_name != tables[0]->header().rules_name)
            return fail("wdl", "--leave-out plans one rule set's tables: " + dir + " holds several", USAGE);
    // The capture sectors' values, kept across tables (a sector is the
    // capture child of several) up to 1 GiB beyond what one table needs.
    VerifyTables held;
    const std::size_t keep_bytes = std::size_t(1) << 30;
    std::uint64_t positions = 0, value_bytes = 0, wdl_bytes = 0, lowered_total = 0, written = 0;
    // --leave-out: each sector's sizes both ways, its positions and whether
    // its table is capture-resolved; the plain copies wait in plain_dir.
    const std::string plain_dir = out + "/plain-copies";
    std::vector<WdlSectorBytes> sizes;
    std::vector<std::uint64_t> sector_positions;
    std::vector<char> resolved_kind;
    if (leave_out && opt.content == TableContent::WDL_CAPTURES) {
        std::filesystem::create_directories(plain_dir, ec);
        if (ec) return fail("wdl", plain_dir + ": " + ec.message());
    }
    // Progress in positions (gen/progress_line.h).  Inside a table the
    // line names the step (read, captures, write) and the helper thread
    // repeats it: the steps do not report how far they are.
    const bool tty = isatty(fileno(stderr));
    std::optional<std::string> interval_error;
    const double interval = ProgressLine::interval_for(tty, interval_error);
    if (interval_error) return fail("wdl", *interval_error, USAGE);
    ProgressLine line(stderr, tty, double(slots_all), interval);
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < tables.size(); ++i) {
        const TableFile& t = *tables[i];
        const std::string& path = t.path();
        const TableHeader& h = t.header();
        const Rules* r = find_rules(h.rules_name);
        const std::string name = table_file_name(*r, h.sector, true);
        const std::string target = out + "/" + name;
        const std::string plain_copy = plain_dir + "/" + name;
        const bool want_plain_copy = leave_out && opt.content == TableContent::WDL_CAPTURES;
        std::uint64_t n = 0;
        for (const DictEntry& d : t.dictionary()) n += d.count;
        const bool resume = a.has("--resume");
        const bool keep = resume && finished(target, path, opt.content, opt.level);
        const bool keep_plain =
            !want_plain_copy || (resume && finished(plain_copy, path, TableContent::WDL, opt.level));
        std::uint64_t lowered = 0;
        bool resolved = keep;  // a kept table is of the kind asked for
        std::optional<std::string> e;
        std::string label = std::string("[").append(std::to_string(i + 1)).append("/");
        label.append(std::to_string(tables.size())).append("] ").append(target);
        if (!keep || !keep_plain) {
            std::vector<ValueCode> values;
            line.update(label + ": reading", double(slots_done));
            e = t.read_all(values);
            if (!e && !keep_plain) {
                line.update(label + ": writing the plain copy", double(slots_done));
                TableWriteOptions plain_opt = opt;
                plain_opt.content = TableContent::WDL;
                e = write_table(plain_copy, *r, h.sector, values, plain_opt);
            }
            TableWriteOptions this_opt = opt;
            if (!e && !keep && opt.content == TableContent::WDL_CAPTURES) {
                line.update(label + ": capture search", double(slots_done));
                const std::vector<Sector> needed = capture_sectors(*r, h.sector);
                held.trim(needed, keep_bytes);
                std::optional<std::string> missing;
                for (Sector c : needed)
                    if (!missing) missing = held.load(*r, c, dir, opt.threads);
                std::vector<ValueCode> lowered_values;
                if (!missing)
                    missing = capture_resolved_wdl(*r, h.sector, values, held, opt.threads, lowered_values, &lowered);
                if (missing) {
                    std::fprintf(stderr, "mtb wdl: %s written plain: %s\n", target.c_str(), missing->c_str());
                    this_opt.content = TableContent::WDL;
                } else {
                    values = std::move(lowered_values);
                    resolved = true;
                }
            }
            if (!e && !keep) {
                line.update(label + ": writing", double(slots_done));
                e = write_table(target, *r, h.sector, values, this_opt);
            }
        }
        if (e) {
            std::fprintf(stderr, "mtb wdl: %s\n", e->c_str());
            ++failures;
            continue;
        }
        const std::uint64_t bytes = std::filesystem::file_size(target, ec);
        if (keep)
            std::printf("%-28s %12llu bytes -> %12llu bytes, kept (--resume)\n", target.c_str(),
                        (unsigned long long)h.file_size, (unsigned long long)bytes);
        else
            std::printf("%-28s %12llu bytes -> %12llu bytes, %5.1f%% lowered\n", target.c_str(),
                        (unsigned long long)h.file_size, (unsigned long long)bytes,
                        n ? 100.0 * double(lowered) / double(n) : 0.0);
        std::fflush(stdout);  // one line per table as it is written, also into a log file
        if (leave_out) {
            const std::uint64_t plain_bytes = want_plain_copy ? std::filesystem::file_size(plain_copy, ec) : bytes;
            sizes.push_back({h.sector, bytes, resolved ? plain_bytes : bytes});
            sector_positions.push_back(n);
            resolved_kind.push_back(resolved && want_plain_copy);
        }
        positions += n;
        value_bytes += h.file_size;
        wdl_bytes += bytes;
        if (keep) {
            line.reduce_total(double(h.slot_count));  // the ETA counts the work left
            continue;
        }
        slots_done += h.slot_count;
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        char in_all[48];
        std::snprintf(in_all, sizeof in_all, ": %.0f s in all", elapsed);
        line.finished(label + in_all, double(slots_done));
        lowered_total += lowered;
        written += n;
    }
    if (leave_out && !failures && !tables.empty()) {
        const Rules& r = *find_rules(tables[0]->header().rules_name);
        const std::vector<Sector> left_out = sectors_to_leave_out(r, sizes);
        std::uint64_t left_positions = 0, plain_count = 0;
        for (std::size_t k = 0; k < sizes.size(); ++k) {
            const std::string name = table_file_name(r, sizes[k].sector, true);
            const std::string target = out + "/" + name, plain_copy = plain_dir + "/" + name;
            if (std::binary_search(left_out.begin(), left_out.end(), sizes[k].sector)) {
                std::filesystem::remove(target, ec);
                left_positions += sector_positions[k];
            } else if (resolved_kind[k] && stored_plain(r, sizes[k].sector, left_out)) {
                std::filesystem::rename(plain_copy, target, ec);
                // The copy is on the disk (write_table); the rename must be too.
                if (!ec)
                    if (const int e = sync_parent_folder(target)) ec = std::error_code(e, std::generic_category());
                ++plain_count;
            }
            if (ec) {
                std::fprintf(stderr, "mtb wdl: %s: %s\n", target.c_str(), ec.message().c_str());
                ++failures;
                ec.clear();
            }
        }
        std::filesystem::remove_all(plain_dir, ec);
        wdl_bytes = leave_out_bytes(r, sizes, left_out);
        std::printf(
            "left out: %zu of %zu sectors (%llu positions, the probe searches one ply there); %llu kept "
            "sectors stored plain because a capture leads into one left out\n",
            left_out.size(), sizes.size(), (unsigned long long)left_positions, (unsigned long long)plain_count);
    }
    auto bits = [&](std::uint64_t b) { return positions ? 8.0 * double(b) / double(positions) : 0.0; };
    std::printf(
        "total: %llu positions; values %llu bytes (%.4f bits/position), win/draw/loss only %llu bytes "
        "(%.4f bits/position); %.1f%% of the positions written lowered\n",
        (unsigned long long)positions, (unsigned long long)value_bytes, bits(value_bytes),
        (unsigned long long)wdl_bytes, bits(wdl_bytes),
        written ? 100.0 * double(lowered_total) / double(written) : 0.0);
    return failures ? FAILURE : OK;
}

}  // namespace mtb::cli
