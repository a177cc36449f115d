// mtb probe: the exact value of a position and of each of its plies, from
// the tables, the way a chess tablebase explorer shows them.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "probe/prober.h"
#include "table/sector.h"
#include "table/table_folder.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/common.h"
#include "tools/json_out.h"

namespace mtb::cli {
namespace {

const char* kProbeHelp =
    "usage: mtb probe [--tables DIR] --rules NAME \"<position text>\" [--json]\n"
    "\n"
    "Prints the board, the value of the position for the side to move and every\n"
    "legal ply with its value for the side that plays it (\"win in 11\", \"draw\",\n"
    "\"loss in 24\"), best first.  Position text: \"<cells> <side> <white in hand>\n"
    "<black in hand>\", e.g. \"........................ w 9 9\".  Under a no-capture\n"
    "limit (lasker-20) add the counter (\"... w 0 0 7\"): values are exact at that\n"
    "counter, the distance is the capture clock DTC (table/FORMAT.md).  Tables\n"
    "made with mtb gen --metric dtc also give DTC (\"win, dtc 3\"): plies to the\n"
    "next capture, not to the end.\n"
    "\n"
    "  --tables DIR   folder of <rules>_<sector>.mtb files (default: $MTB_TABLES,\n"
    "                 else tables/); DIR/<rules>/ is used when DIR has none itself,\n"
    "                 as in every command and the C API\n"
    "  --rules NAME   rule set\n"
    "  --json         one JSON object instead of the board (fields below)\n"
    "  -h, --help     this text\n"
    "\n"
    "JSON fields: position (the text), value (\"win\", \"draw\", \"loss\"; null when\n"
    "unknown), plies (the distance, null for win/draw/loss-only values),\n"
    "counter and counter_limit under a no-capture limit, distance (what plies counts:\n"
    "plies to the end, or the capture clock DTC), metric (\"dtm\" or \"dtc\"),\n"
    "category (lichess's name of value: \"win\", \"draw\", \"loss\", \"unknown\")\n"
    "with dtm or dtc (the signed distance: + win, - loss, 0 draw, null unknown;\n"
    "the key is the metric's), game_over and game_over_reason (\"blocked\", \"too few\n"
    "stones\", \"no-capture limit\", \"full board\"; null while the game goes on),\n"
    "from_plies (true when the value\n"
    "was found from the plies' tables, the position's own table missing or\n"
    "damaged), own_table_error (why the own table failed), error (why the value\n"
    "is unknown), value_text (the value in words, as the text output writes it),\n"
    "moves (best first, as `mtb serve` gives them: move, category and dtm or dtc\n"
    "of the position after the ply, from its side to move, then value, plies and\n"
    "value_text from the view of the side that plays it).  Errors with --json are\n"
    "{\"error\", \"exit_code\"} on stdout too.\n"
    "\n"
    "Exit status: 0 when the position's value is known, 1 when it is not (no\n"
    "table, damaged table), 2 for bad usage or a malformed or impossible position.\n";

// The tables folder: --tables, else $MTB_TABLES, else tables/; then the
// folder rule of every entry point (table/table_folder.h).
TableFolder tables_folder(const Args& a, const Rules& r) {
    std::string dir = a.value("--tables").value_or("");
    if (dir.empty()) {
        const char* env = std::getenv("MTB_TABLES");
        dir = env && *env ? env : "tables";
    }
    return find_tables_folder(dir, r.name);
}

// Draws any board from its point names (file letter, rank digit): points on
// a grid, straight edges as lines, diagonal edges left out.  The first
// point of the position text is on the top row, as on the page (serve_board):
// the standard boards count ranks upwards (a7 on top), board18 downwards (a0).
void draw_board(const Rules& r, const Position& p) {
    const Board& b = *r.board;
    auto file_of = [&](int pt) { return b.point_names[pt][0] - 'a'; };
    auto rank_of = [&](int pt) { return b.point_names[pt][1] - '0'; };
    int min_rank = 9, max_rank = 0, max_file = 0;
    for (int i = 0; i < b.size; ++i) {
        min_rank = std::min(min_rank, rank_of(i));
        max_rank = std::max(max_rank, rank_of(i));
        max_file = std::max(max_file, file_of(i));
    }
    const bool top_is_high = rank_of(0) == max_rank;
    const int w = max_file * 4 + 1, h = (max_rank - min_rank) * 2 + 1;
    std::vector<std::string> canvas(std::size_t(h), std::string(std::size_t(w), ' '));
    auto x_of = [&](int pt) { return file_of(pt) * 4; };
    auto y_of = [&](int pt) { return (top_is_high ? max_rank - rank_of(pt) : rank_of(pt) - min_rank) * 2; };
    for (auto [u, v] : b.edges) {
        int x0 = x_of(u), y0 = y_of(u), x1 = x_of(v), y1 = y_of(v);
        if (y0 == y1)
            for (int x = std::min(x0, x1); x <= std::max(x0, x1); ++x) canvas[std::size_t(y0)][std::size_t(x)] = '-';
        else if (x0 == x1)
            for (int y = std::min(y0, y1); y <= std::max(y0, y1); ++y) canvas[std::size_t(y)][std::size_t(x0)] = '|';
    }
    for (int i = 0; i < b.size; ++i) {
        char c = (p.stones[WHITE] & bit(i)) ? 'W' : (p.stones[BLACK] & bit(i)) ? 'B' : '.';
        canvas[std::size_t(y_of(i))][std::size_t(x_of(i))] = c;
    }
    for (int y = 0; y < h; ++y) {
        std::string& row = canvas[std::size_t(y)];
        row.erase(row.find_last_not_of(' ') + 1);
        if (y % 2 == 0)
            std::printf("  %d  %s\n", top_is_high ? max_rank - y / 2 : min_rank + y / 2, row.c_str());
        else
            std::printf("     %s\n", row.c_str());
    }
    std::printf("    ");
    for (int f = 0; f <= max_file; ++f) std::printf(" %c  ", 'a' + f);
    std::printf("\n");
}

}  // namespace

int cmd_probe(std::span<char*> args) {
    Args a(args, {"--tables", "--rules"}, {"--json", "--help"});
    if (a.has("--help")) return std::fputs(kProbeHelp, stdout), OK;
    const bool json = a.has("--json");
    if (a.error()) return fail_json(json, "probe", *a.error(), USAGE);
    if (!a.value("--rules"))
        return fail_json(json, "probe", "--rules NAME is required; NAME is one of: " + rules_names(), USAGE);
    const Rules* r = find_rules(*a.value("--rules"));
    if (!r)
        return fail_json(json, "probe",
                         "unknown rule set '" + *a.value("--rules") + "'; choose one of: " + rules_names(), USAGE);
    if (a.positional().size() != 1)
        return fail_json(json, "probe", "give exactly one position text, quoted (see mtb probe --help)", USAGE);
    const std::string& text = a.positional()[0];
    Position p;
    if (auto e = parse_position(*r, text, p)) return fail_json(json, "probe", e->message, USAGE);  // bad input

    const TableFolder folder = tables_folder(a, *r);
    TbStatus open_status;
    std::string message;
    const std::unique_ptr<TableSet> set = TableSet::open(folder.dir, *r, 0, open_status, message);
    if (!set) return fail_json(json, "probe", message);
    const RootAnswer root = Prober(*set).root(p);
    const ProbeAnswer& v = root.position;
    message = v.message;
    // The plies' tables stand in for a missing or damaged own table, and a
    // set may leave the sector out: say so, never pass it off as read.
    const bool from_plies = v.ok() && v.from_plies();
    const std::string own_error = v.ok() && v.source == ValueSource::PLIES ? v.message : "";
    if (!own_error.empty())
        std::fprintf(stderr, "mtb probe: value from the plies' tables; the position's own table failed: %s\n",
                     own_error.c_str());
    else if (from_plies)
        std::fprintf(stderr, "mtb probe: value from the plies' tables; sector %s has no table here\n",
                     sector_of(p).name().c_str());
    if (!v.ok() && set->table_count() == 0) message = no_tables_message(folder);

    if (json) {
        Json j;
        j["position"] = position_to_text(*r, p);
        put_value(j, v);
        put_counter(j, *r, p);
        // The server's names for the same things (docs/API.md): lichess's
        // category and signed distance, and the metric.
        const bool dtc = distance_is_dtc(*r, v);
        put_category(j, v, dtc);
        j["metric"] = distance_key(dtc);
        j["distance"] = distance_meaning(*r, dtc);
        put_game_over(j, v.game_end);
        j["from_plies"] = from_plies;  // value found from the plies' tables, not the position's own
        if (!own_error.empty()) j["own_table_error"] = own_error;
        if (!v.ok()) j["error"] = message.empty() ? status_name(v.status) : message;
        j["moves"] = Json::array();
        for (const PlyAnswer& ply : root.plies) {
            Json m;
            m["move"] = move_to_text(*r->board, ply.move);
            put_ply_value(m, *r, ply);
            j["moves"].push_back(std::move(m));
        }
        std::printf("%s\n", dump(j).c_str());
    } else {
        draw_board(*r, p);
        std::printf("\n%s  (%s to move, sector %s)\n", position_to_text(*r, p).c_str(),
                    p.side == WHITE ? "White" : "Black", sector_of(p).name().c_str());
        if (r->has_capture_counter())
            std::printf("counter: %d of %d plies without capture\n", int(p.since_capture), r->no_capture_draw_plies);
        std::printf("value: %s\n", answer_text(v).c_str());
        if (v.game_end != GameEnd::NONE) std::printf("game over: %s\n", game_end_name(v.game_end));
        if (!root.plies.empty()) std::printf("\n");
        for (const PlyAnswer& ply : root.plies)
            std::printf("  %-10s %s\n", move_to_text(*r->board, ply.move).c_str(), answer_text(ply.answer).c_str());
    }
    if (!v.ok()) return fail("probe", message.empty() ? status_name(v.status) : message);
    return OK;
}

}  // namespace mtb::cli
