// mtb stats: per table, the counts of wins, losses and draws, the longest
// win and loss, and the bits per position; then totals.  Read from the
// dictionaries (FORMAT.md), so it is instant for any folder size.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

#include "table/table_folder.h"
#include "table/table_identity.h"
#include "table/table_reader.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/json_out.h"
#include "tools/table_figures.h"

namespace mtb::cli {
namespace {

const char* kStatsHelp =
    "usage: mtb stats DIR [--by-stones] [--json]\n"
    "\n"
    "For every *.mtb file in DIR: positions, wins, losses, draws (from the side\n"
    "to move's view), the metric and the longest win and loss in plies in it\n"
    "(dtm: plies to the end; dtc: plies to the next capture, for lasker-20 and\n"
    "mtb gen --metric dtc; \"mixed\" in the total when the values files\n"
    "disagree, with a warning), file bytes and bits per position (file bits /\n"
    "positions); then the totals.  Win/draw/loss-only files (*.wdl.mtb) are\n"
    "listed but kept out of the totals, unless the folder holds only such\n"
    "files; a capture-resolved one (mtb wdl's default) stores lowered values\n"
    "where a capture decides, so its wins, losses and draws show as - (null in\n"
    "JSON).  --json prints {\"tables\":[{...}], \"total\":{...}}.  A DIR without\n"
    "tables of its own stands for its one DIR/<rules>/ folder (as in mtb probe).\n"
    "--by-stones prints one line per number of stones a side (the side with\n"
    "more, on the board and in hand: what mtb gen --max-stones bounds) in place\n"
    "of one per table, each summing the tables of that number, with their\n"
    "count; in JSON {\"by_stones\":[{\"stones\":N,\"tables\":T,...}],\n"
    "\"total\":{...}}.\n"
    "Exit status 1 when DIR is missing or holds no table, or a table cannot be\n"
    "read.\n";

std::string opt_int(int v) { return v < 0 ? "-" : std::to_string(v); }

// The columns after a line's label, alike in the per-table and per-stones forms.
void print_figure_heads() {
    std::printf("%14s %14s %14s %14s %6s %6s %6s %12s %8s\n", "positions", "wins", "losses", "draws", "metric",
                "maxwin", "maxloss", "bytes", "bits/pos");
}
void print_figures(const TableFigures& r, const std::string& metric) {
    auto count = [&](std::uint64_t n) { return r.counts_known ? std::to_string(n) : std::string("-"); };
    std::printf("%14llu %14s %14s %14s %6s %6s %6s %12llu %8.4f\n", (unsigned long long)r.positions,
                count(r.wins).c_str(), count(r.losses).c_str(), count(r.draws).c_str(), metric.c_str(),
                opt_int(r.longest_win).c_str(), opt_int(r.longest_loss).c_str(), (unsigned long long)r.bytes, r.bits());
}

// The metric of several values tables: theirs when they agree, else "mixed".
std::string merge_metric(const std::string& so_far, const std::string& m) {
    return so_far.empty() || so_far == m ? m : "mixed";
}

// One line per number of stones a side: the tables the total counts
// (values files, or only win/draw/loss ones in a folder of those), summed.
int print_by_stones(const std::vector<TableFigures>& rows, const std::vector<int>& stones, bool any_values,
                    TableFigures all, bool json, int bad) {
    struct Group {
        int tables = 0;
        TableFigures sum;
    };
    std::map<int, Group> by;
    std::string all_metric;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].wdl == any_values) continue;
        Group& g = by[stones[i]];
        const std::string metric = merge_metric(g.tables++ ? g.sum.metric : "", rows[i].metric);
        g.sum.add(rows[i]);
        g.sum.metric = metric;
        g.sum.wdl = !any_values;
        g.sum.counts_known &= rows[i].counts_known;
        all_metric = merge_metric(all_metric, rows[i].metric);
    }
    all.wdl = !any_values;
    if (!all_metric.empty()) all.metric = all_metric;
    if (json) {
        Json j;
        j["by_stones"] = Json::array();
        for (const auto& [n, g] : by) {
            Json line = table_figures_json(g.sum, false);
            line["stones"] = n;
            line["tables"] = g.tables;
            j["by_stones"].push_back(line);
        }
        j["total"] = table_figures_json(all, false);
        std::printf("%s\n", dump(j).c_str());
        return bad ? FAILURE : OK;
    }
    std::printf("%-10s %7s ", "stones", "tables");
    print_figure_heads();
    int tables = 0;
    for (const auto& [n, g] : by) {
        std::printf("%-10s %7d ", (std::to_string(n) + " a side").c_str(), g.tables);
        print_figures(g.sum, all.wdl ? "-" : g.sum.metric);
        tables += g.tables;
    }
    std::printf("%-10s %7d ", "total", tables);
    print_figures(all, all.wdl ? "-" : all.metric);
    return bad ? FAILURE : OK;
}

}  // namespace

int cmd_stats(std::span<char*> args) {
    Args a(args, {}, {"--json", "--by-stones", "--help"});
    if (a.has("--help")) return std::fputs(kStatsHelp, stdout), OK;
    if (a.error()) return fail_json(a.has("--json"), "stats", *a.error(), USAGE);
    if (a.positional().size() != 1)
        return fail_json(a.has("--json"), "stats", "give one folder (see mtb stats --help)", USAGE);
    std::string error;
    const TableFolder folder = list_table_folder(a.positional()[0], error);
    const bool json = a.has("--json");
    if (!error.empty()) return fail_json(json, "stats", error);
    if (folder.files.empty() && folder.skipped.empty())
        return fail_json(json, "stats", a.positional()[0] + ": no *.mtb files (nor in a DIR/<rules>/ folder)");
    if (auto mix = metric_mix(folder)) std::fprintf(stderr, "mtb stats: warning: %s\n", mix->c_str());
    std::vector<TableFigures> rows;
    std::vector<int> stones;  // of each row's sector, a side
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
        rows.push_back(table_figures(*t));
        stones.push_back(t->header().sector.stones_a_side());
    }
    // The totals are the value tables'; a folder of win/draw/loss-only
    // files (mtb wdl --out) totals those instead.
    TableFigures total;
    total.file = "total";
    const bool any_values = std::any_of(rows.begin(), rows.end(), [](const TableFigures& r) { return !r.wdl; });
    for (const TableFigures& r : rows)
        if (r.wdl != any_values) {
            total.add(r);
            total.counts_known &= r.counts_known;
        }
    if (a.has("--by-stones")) return print_by_stones(rows, stones, any_values, total, json, bad);
    if (json) {
        Json j;
        j["tables"] = Json::array();
        for (const TableFigures& r : rows) j["tables"].push_back(table_figures_json(r, true));
        j["total"] = table_figures_json(total, false);
        std::printf("%s\n", dump(j).c_str());
    } else {
        // The metric beside the longest columns: "maxwin 11" means plies
        // to the end in a DTM table, plies to the next capture in a DTC one.
        std::printf("%-24s ", "table");
        print_figure_heads();
        std::string total_metric;
        for (const TableFigures& r : rows) {
            std::printf("%-24s ", r.file.c_str());
            print_figures(r, r.wdl ? "-" : r.metric);
            if (!r.wdl) total_metric = merge_metric(total_metric, r.metric);
        }
        std::printf("%-24s ", total.file.c_str());
        print_figures(total, total_metric.empty() ? "-" : total_metric);
    }
    return bad ? FAILURE : OK;
}

}  // namespace mtb::cli
