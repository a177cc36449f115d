// mtb wdl: win/draw/loss-only copies of value tables, for players that need
// to know who wins but not how fast (the probe reads them where a sector's
// values file is absent; mtb/probe.h "Values").
#include <cstdio>
#include <filesystem>

#include "gen/table_writer.h"
#include "probe/table_reader.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/table_files.h"

namespace mtb::cli {

static const char* kWdlHelp =
    "usage: mtb wdl DIR [--out DIR2] [--level L] [--threads N]\n"
    "\n"
    "For every value table <rules>_<sector>.mtb in DIR, writes the\n"
    "win/draw/loss-only table <rules>_<sector>.wdl.mtb into DIR2 (default:\n"
    "DIR), replacing one already there.  Prints one line per table with both\n"
    "sizes, then the totals and bits per position.  Tables of rule sets with a\n"
    "no-capture limit (lasker-20) are skipped: their values depend on the\n"
    "counter.  Exit status 0, 1 when a table cannot be read or written, 2 for\n"
    "bad usage.\n"
    "\n"
    "  --out DIR2    where to write (created if missing)\n"
    "  --level L     zstd level, 1..22 (default 19)\n"
    "  --threads N   threads compressing blocks (default: all cores)\n";

int cmd_wdl(std::span<char*> args) {
    Args a(args, {"--out", "--level", "--threads"}, {"--help"});
    auto level = a.integer("--level", 1, 22);
    auto threads = a.integer("--threads", 1, 1024);
    if (a.has("--help")) return std::fputs(kWdlHelp, stdout), OK;
    if (a.error()) return fail("wdl", *a.error(), USAGE);
    if (a.positional().size() != 1) return fail("wdl", "give one folder (see mtb wdl --help)", USAGE);
    const std::string dir = a.positional()[0], out = a.value("--out").value_or(dir);
    std::string error;
    const std::vector<std::string> files = table_files(dir, error).files;
    if (!error.empty()) return fail("wdl", error);
    std::error_code ec;
    std::filesystem::create_directories(out, ec);
    if (ec) return fail("wdl", out + ": " + ec.message());
    TableWriteOptions opt;
    opt.wdl_only = true;
    if (level) opt.level = int(*level);
    if (threads) opt.threads = int(*threads);
    std::uint64_t positions = 0, value_bytes = 0, wdl_bytes = 0;
    int failures = 0;
    for (const std::string& path : files) {
        auto t = TableFile::open(path, error);
        if (!t) {
            std::fprintf(stderr, "mtb wdl: %s\n", error.c_str());
            ++failures;
            continue;
        }
        const TableHeader& h = t->header();
        const Rules* r = find_rules(h.rules_name);
        if (h.content != TableContent::VALUES || !r || r->has_capture_counter()) continue;
        std::vector<ValueCode> values;
        const std::string target = out + "/" + table_file_name(*r, h.sector, true);
        std::optional<std::string> e = t->read_all(values);
        if (!e) e = write_table(target, *r, h.sector, values, opt);
        if (e) {
            std::fprintf(stderr, "mtb wdl: %s\n", e->c_str());
            ++failures;
            continue;
        }
        const std::uint64_t bytes = std::filesystem::file_size(target, ec);
        std::uint64_t n = 0;
        for (const DictEntry& d : t->dictionary()) n += d.count;
        std::printf("%-28s %12llu bytes -> %12llu bytes\n", target.c_str(), (unsigned long long)h.file_size,
                    (unsigned long long)bytes);
        positions += n;
        value_bytes += h.file_size;
        wdl_bytes += bytes;
    }
    auto bits = [&](std::uint64_t b) { return positions ? 8.0 * double(b) / double(positions) : 0.0; };
    std::printf(
        "total: %llu positions; values %llu bytes (%.4f bits/position), win/draw/loss only %llu bytes "
        "(%.4f bits/position)\n",
        (unsigned long long)positions, (unsigned long long)value_bytes, bits(value_bytes),
        (unsigned long long)wdl_bytes, bits(wdl_bytes));
    return failures ? FAILURE : OK;
}

}  // namespace mtb::cli
