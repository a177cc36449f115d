// mtb stats: per table, the counts of wins, losses and draws, the longest
// win and loss, and the bits per position; then totals.  Read from the
// dictionaries (FORMAT.md), so it is instant for any folder size.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "probe/table_identity.h"
#include "probe/table_reader.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/json_out.h"
#include "tools/table_files.h"

namespace mtb::cli {
namespace {

const char* kStatsHelp =
    "usage: mtb stats DIR [--json]\n"
    "\n"
    "For every *.mtb file in DIR: positions, wins, losses, draws (from the side\n"
    "to move's view), the longest win and loss in plies (the capture clock DTC for\n"
    "lasker-20), file bytes and bits per position (file bits / positions); then\n"
    "the totals.  Win/draw/loss-only files\n"
    "(*.wdl.mtb) are listed but kept out of the totals, unless the folder holds\n"
    "only such files; a capture-resolved one\n"
    "(mtb wdl's default) stores lowered values where a capture decides, so its\n"
    "wins, losses and draws show as - (null in JSON).  --json prints\n"
    "{\"tables\":[{...}], \"total\":{...}}.  Exit status 1 when DIR is missing or\n"
    "holds no table, or a table cannot be read.\n";

struct Row {
    std::string file, sector;
    bool wdl = false;
    bool counts_known = true;  // false for a capture-resolved file (FORMAT.md content 2)
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
    r.wdl = is_wdl_only(t.header().content);
    r.counts_known = t.header().content != TableContent::WDL_CAPTURES;
    r.bytes = t.header().file_size;
    // The distance in the table's own metric (DTM, or DTC).
    const Rules* rules = find_rules(t.header().rules_name);
    const Metric metric = rules ? table_metric(*rules, t.header()).value_or(Metric()) : Metric();
    auto distance = [&](ValueCode c) { return metric.plies(c); };
    for (const DictEntry& d : t.dictionary()) {
        r.positions += d.count;
        if (!d.count) continue;
        if (value_wdl(d.code) == Wdl::DRAW) {
            r.draws += d.count;
        } else if (value_wdl(d.code) == Wdl::WIN) {
            r.wins += d.count;
            if (!r.wdl) r.longest_win = std::max(r.longest_win, distance(d.code));
        } else {
            r.losses += d.count;
            if (!r.wdl) r.longest_loss = std::max(r.longest_loss, distance(d.code));
        }
    }
    return r;
}

std::string opt_int(int v) { return v < 0 ? "-" : std::to_string(v); }
// The figures of one row; with_name adds the file, sector and WDL-only flag.
Json row_json(const Row& r, bool with_name) {
    Json j;
    if (with_name) {
        j["file"] = r.file;
        j["sector"] = r.sector;
        j["wdl_only"] = r.wdl;
    }
    j["positions"] = r.positions;
    auto count = [&](std::uint64_t n) { return r.counts_known ? Json(n) : Json(nullptr); };
    j["wins"] = count(r.wins);
    j["losses"] = count(r.losses);
    j["draws"] = count(r.draws);
    j["longest_win"] = r.longest_win < 0 ? Json(nullptr) : Json(r.longest_win);
    j["longest_loss"] = r.longest_loss < 0 ? Json(nullptr) : Json(r.longest_loss);
    j["bytes"] = r.bytes;
    j["bits_per_position"] = std::round(r.bits() * 1e4) / 1e4;
    return j;
}

}  // namespace

int cmd_stats(std::span<char*> args) {
    Args a(args, {}, {"--json", "--help"});
    if (a.has("--help")) return std::fputs(kStatsHelp, stdout), OK;
    if (a.error()) return fail_json(a.has("--json"), "stats", *a.error(), USAGE);
    if (a.positional().size() != 1)
        return fail_json(a.has("--json"), "stats", "give one folder (see mtb stats --help)", USAGE);
    std::string error;
    const TableFolder folder = table_files(a.positional()[0], error);
    const bool json = a.has("--json");
    if (!error.empty()) return fail_json(json, "stats", error);
    if (folder.files.empty() && folder.skipped.empty())
        return fail_json(json, "stats", a.positional()[0] + ": no *.mtb files");
    std::vector<Row> rows;
    int bad = 0;
    for (const std::string& s : folder.skipped) fail("stats", s), ++bad;
    for (const std::string& f : folder.files) {
        auto t = TableFile::open(f, error);
        // A table that is not what its name and folder say is left out of
        // the totals, not added to them.
        std::optional<std::string> wrong = t ? check_in_folder(*t, folder) : std::nullopt;
        if (!t || wrong) {
            fail("stats", t ? *wrong : error);
            ++bad;
            continue;
        }
        rows.push_back(row_of(*t));
    }
    // The totals are the value tables'; a folder of win/draw/loss-only
    // files (mtb wdl --out) totals those instead.
    Row total;
    total.file = "total";
    const bool any_values = std::any_of(rows.begin(), rows.end(), [](const Row& r) { return !r.wdl; });
    for (const Row& r : rows)
        if (r.wdl != any_values) {
            total.add(r);
            total.counts_known &= r.counts_known;
        }
    if (json) {
        Json j;
        j["tables"] = Json::array();
        for (const Row& r : rows) j["tables"].push_back(row_json(r, true));
        j["total"] = row_json(total, false);
        std::printf("%s\n", dump(j).c_str());
    } else {
        std::printf("%-24s %14s %14s %14s %14s %6s %6s %12s %8s\n", "table", "positions", "wins", "losses", "draws",
                    "maxwin", "maxloss", "bytes", "bits/pos");
        auto line = [](const Row& r) {
            auto count = [&](std::uint64_t n) { return r.counts_known ? std::to_string(n) : std::string("-"); };
            std::printf("%-24s %14llu %14s %14s %14s %6s %6s %12llu %8.4f\n", r.file.c_str(),
                        (unsigned long long)r.positions, count(r.wins).c_str(), count(r.losses).c_str(),
                        count(r.draws).c_str(), opt_int(r.longest_win).c_str(), opt_int(r.longest_loss).c_str(),
                        (unsigned long long)r.bytes, r.bits());
        };
        for (const Row& r : rows) line(r);
        line(total);
    }
    return bad ? FAILURE : OK;
}

}  // namespace mtb::cli
