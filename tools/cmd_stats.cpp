// mtb stats: per table, the counts of wins, losses and draws, the longest
// win and loss, and the bits per position; then totals.  Read from the
// dictionaries (FORMAT.md), so it is instant for any folder size.
#include <algorithm>
#include <cstdio>

#include "probe/table_reader.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/table_files.h"

namespace mtb::cli {
namespace {

const char* kStatsHelp =
    "usage: mtb stats DIR [--json]\n"
    "\n"
    "For every *.mtb file in DIR: positions, wins, losses, draws (from the side\n"
    "to move's view), the longest win and loss in plies, file bytes and bits per\n"
    "position (file bits / positions); then the totals.  Win/draw/loss-only files\n"
    "(*.wdl.mtb) are listed but kept out of the totals.  --json prints\n"
    "{\"tables\":[{...}], \"total\":{...}}.\n";

struct Row {
    std::string file, sector;
    bool wdl = false;
    std::uint64_t positions = 0, wins = 0, losses = 0, draws = 0, bytes = 0;
    int longest_win = -1, longest_loss = -1;
    double bits() const { return positions ? 8.0 * double(bytes) / double(positions) : 0.0; }
    void add(const Row& o) {
        positions += o.positions;
        wins += o.wins;
        losses += o.losses;
        draws += o.draws;
        bytes += o.bytes;
        longest_win = std::max(longest_win, o.longest_win);
        longest_loss = std::max(longest_loss, o.longest_loss);
    }
};

Row row_of(const TableFile& t) {
    Row r;
    r.file = std::filesystem::path(t.path()).filename().string();
    r.sector = t.header().sector.name();
    r.wdl = t.header().content == TableContent::WDL;
    r.bytes = t.header().file_size;
    for (const DictEntry& d : t.dictionary()) {
        r.positions += d.count;
        if (!d.count) continue;
        if (value_wdl(d.code) == Wdl::DRAW) {
            r.draws += d.count;
        } else if (value_wdl(d.code) == Wdl::WIN) {
            r.wins += d.count;
            if (!r.wdl) r.longest_win = std::max(r.longest_win, value_plies(d.code));
        } else {
            r.losses += d.count;
            if (!r.wdl) r.longest_loss = std::max(r.longest_loss, value_plies(d.code));
        }
    }
    return r;
}

std::string opt_int(int v) { return v < 0 ? "-" : std::to_string(v); }
std::string json_int(int v) { return v < 0 ? "null" : std::to_string(v); }

void print_json(const Row& r, bool with_name) {
    if (with_name)
        std::printf("{\"file\":\"%s\",\"sector\":\"%s\",\"wdl_only\":%s,", r.file.c_str(), r.sector.c_str(),
                    r.wdl ? "true" : "false");
    else
        std::printf("{");
    std::printf(
        "\"positions\":%llu,\"wins\":%llu,\"losses\":%llu,\"draws\":%llu,\"longest_win\":%s,"
        "\"longest_loss\":%s,\"bytes\":%llu,\"bits_per_position\":%.4f}",
        (unsigned long long)r.positions, (unsigned long long)r.wins, (unsigned long long)r.losses,
        (unsigned long long)r.draws, json_int(r.longest_win).c_str(), json_int(r.longest_loss).c_str(),
        (unsigned long long)r.bytes, r.bits());
}

}  // namespace

int cmd_stats(std::span<char*> args) {
    Args a(args, {}, {"--json", "--help"});
    if (a.has("--help")) return std::fputs(kStatsHelp, stdout), OK;
    if (a.error()) return fail("stats", *a.error(), USAGE);
    if (a.positional().size() != 1) return fail("stats", "give one folder (see mtb stats --help)", USAGE);
    std::string error;
    auto files = table_files(a.positional()[0], error);
    if (!error.empty()) return fail("stats", error);
    std::vector<Row> rows;
    int bad = 0;
    for (const std::string& f : files) {
        auto t = TableFile::open(f, error);
        if (!t) {
            fail("stats", error);
            ++bad;
            continue;
        }
        rows.push_back(row_of(*t));
    }
    Row total;
    total.file = "total";
    for (const Row& r : rows)
        if (!r.wdl) total.add(r);
    const bool json = a.has("--json");
    if (json) {
        std::printf("{\"tables\":[");
        for (std::size_t i = 0; i < rows.size(); ++i) {
            if (i) std::printf(",");
            print_json(rows[i], true);
        }
        std::printf("],\"total\":");
        print_json(total, false);
        std::printf("}\n");
    } else {
        std::printf("%-24s %14s %14s %14s %14s %6s %6s %12s %8s\n", "table", "positions", "wins", "losses", "draws",
                    "maxwin", "maxloss", "bytes", "bits/pos");
        auto line = [](const Row& r) {
            std::printf("%-24s %14llu %14llu %14llu %14llu %6s %6s %12llu %8.4f\n", r.file.c_str(),
                        (unsigned long long)r.positions, (unsigned long long)r.wins, (unsigned long long)r.losses,
                        (unsigned long long)r.draws, opt_int(r.longest_win).c_str(), opt_int(r.longest_loss).c_str(),
                        (unsigned long long)r.bytes, r.bits());
        };
        for (const Row& r : rows) line(r);
        line(total);
    }
    return bad ? FAILURE : OK;
}

}  // namespace mtb::cli
