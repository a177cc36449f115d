#include "tools/serve_api.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <random>
#include <system_error>

#include "engine/notation.h"
#include "player/play_level.h"
#include "player/search.h"
#include "probe/ultra.h"
#include "table/table_folder.h"
#include "tools/json_out.h"
#include "tools/serve_board.h"
#include "tools/serve_example.h"

namespace mtb::cli {
namespace {

// Longest query text we look at: a position is at most 24 cells and four
// short numbers; anything longer is malformed without parsing it.
constexpr std::size_t kMaxPositionText = 64;
// The mainline stops here at the latest; real lines are a few hundred plies
// (and each quiet ply must shorten the distance, which bounds it sooner).
constexpr int kMaxMainline = 4096;
// Why a mainline stops short: win/draw/loss-only tables know that a side
// wins, not which winning ply gets closer, so following their "best" ply
// goes round in circles.
constexpr const char* kNoDistanceCut =
    "win/draw/loss-only tables (no distances) here: they say who wins, not which ply gets closer, so no line of "
    "best play can be given";
// The search that plays where the tables hold no value: small, so that a
// public server answers quickly and many at once.
constexpr double kPlaySearchSeconds = 0.3;
constexpr std::uint64_t kPlaySearchNodes = 400000;
constexpr std::size_t kPlaySearchMegabytes = 4;

ApiResponse error(int status, const std::string& message) {
    Json j;
    j["error"] = message;
    return {status, dump(j)};
}

// The HTTP status for an unknown value (positions are checked before).
int status_of(const ProbeAnswer& a) { return a.status == TbStatus::NO_TABLE ? 404 : 503; }

// Why a value is unknown: the probe's message, else its status's name.
std::string why(const ProbeAnswer& a) { return a.message.empty() ? status_name(a.status) : a.message; }

Json point_json(const Board& b, Point p) { return p == POINT_NONE ? Json(nullptr) : Json(b.point_names[p]); }

void put_position(Json& j, const Rules& r, const Position& p) {
    j["position"] = position_to_text(r, p);
    j["side"] = p.side == WHITE ? "white" : "black";
    j["in_hand"] = {{"white", p.hand[WHITE]}, {"black", p.hand[BLACK]}};
    j["on_board"] = {{"white", p.on_board(WHITE)}, {"black", p.on_board(BLACK)}};
}

// A parsed ?position=, or the response to send instead.
std::optional<ApiResponse> read_position(const Rules& r, const std::string* text, Position& p) {
    if (!text) return error(400, "give the position as ?position=<cells> <side> <white in hand> <black in hand>");
    if (text->size() > kMaxPositionText) return error(400, "position text too long");
    // "_" for a space, as lichess reads a FEN in a link: no field of the
    // position text holds one.
    std::string spaced = *text;
    std::replace(spaced.begin(), spaced.end(), '_', ' ');
    if (auto e = parse_position(r, spaced, p)) return error(400, e->message);
    return std::nullopt;
}

// Whether a probe error means only "no table has this position": the
// position is legal, its value unknown here (lichess answers such a position
// with category "unknown", not an error).
bool only_missing(const ProbeAnswer& a) { return !a.ok() && a.status == TbStatus::NO_TABLE; }

// One entry of moves[]: the ply, its points, its values in both views
// (put_ply_value, as `mtb probe --json` writes them) and the position after
// it.
Json move_json(const Rules& r, const Position& p, const PlyAnswer& ply) {
    const Move e = ply.move;
    const Board& b = *r.board;
    Json mj;
    mj["move"] = move_to_text(b, e);
    mj["from"] = point_json(b, e.is_placement() ? POINT_NONE : e.from);
    mj["to"] = b.point_names[e.to];
    mj["remove"] = point_json(b, e.is_removal() ? e.remove : POINT_NONE);
    mj["capture"] = e.is_removal();
    // lichess's "zeroing": the ply restarts the no-capture counter.
    mj["zeroing"] = r.has_capture_counter() && e.is_removal();
    put_ply_value(mj, r, ply);
    put_game_over(mj, ply.child.game_end);
    mj["position"] = position_to_text(r, after(r, p, e));
    return mj;
}

ApiResponse probe_answer(const Prober& t, const std::string& folder, const Rules& r, const Position& p,
                         const SectorFigureCache& stats) {
    const RootAnswer root = t.root(p);
    const ProbeAnswer& pr = root.position;
    const bool dtc = distance_is_dtc(r, pr);
    Json j;
    put_position(j, r, p);
    put_counter(j, r, p);
    put_category(j, pr, dtc);
    // mtb's own names, as `mtb probe --json` writes them: "value" and the
    // unsigned "plies" (both null when unknown).
    j["value"] = nullptr;
    j["plies"] = nullptr;
    if (pr.ok())
        put_value(j, pr, "value");
    else
        j["value_text"] = answer_text(pr);
    j["metric"] = distance_key(dtc);
    j["distance"] = distance_meaning(r, dtc);
    j["sector"] = sector_of(p).name();
    // The figures of the sector's table, as `mtb stats` gives them.
    j["table"] = stats.get(folder, r, sector_of(p)).value_or(Json(nullptr));
    put_game_over(j, pr.game_end);
    j["moves"] = Json::array();
    for (const PlyAnswer& ply : root.plies) j["moves"].push_back(move_json(r, p, ply));
    // Where the best is a draw, each drawing ply's measure of the ultra
    // level (probe/ultra.h), as syzygy-tables.info shows DTZ: why one draw
    // is better than another.
    if (!root.plies.empty() && root.plies[0].answer.ok() && root.plies[0].answer.value->wdl == Wdl::DRAW) {
        UltraModel model;
        model.max_seconds = kPlaySearchSeconds;
        const UltraMeasures m = ultra_measures(t, p, root.plies, model);
        for (std::size_t i = 0; i < root.plies.size(); ++i)
            if (m.measure[i] >= 0) j["moves"][i]["ultra"] = m.measure[i];
        j["ultra_turns"] = m.depth;
    }
    // The plies' tables stand in for a missing or failed own table, and a
    // set may leave the sector out: say so, as `mtb probe --json` does.
    if (pr.ok() && pr.from_plies()) j["from_plies"] = true;
    if (pr.ok() && pr.source == ValueSource::PLIES) j["own_table_error"] = pr.message;
    if (only_missing(pr)) {
        // A legal position no table here holds: 200 with category "unknown"
        // (the plies are still listed, so a page can play on without values).
        j["reason"] = why(pr);
        return {200, dump(j)};
    }
    int status = 200;
    if (!pr.ok()) {
        status = status_of(pr);
        j["error"] = why(pr);
    }
    return {status, dump(j)};
}

// Best play from p: the first ply of each position (probe_root sorts best
// first) until the game ends or, under a no-capture limit, until a capture
// resets the counter (the value after it is a fresh question).
ApiResponse mainline_answer(const Prober& t, const Rules& r, Position p) {
    Json j;
    put_position(j, r, p);
    put_counter(j, r, p);
    RootAnswer root = t.root(p);
    const ProbeAnswer& pr = root.position;
    const bool dtc = distance_is_dtc(r, pr);
    put_category(j, pr, dtc);
    j["value"] = nullptr;
    j["plies"] = nullptr;
    if (pr.ok())
        put_value(j, pr, "value");
    else
        j["value_text"] = answer_text(pr);
    // lichess's "winner": the side that wins with best play, null for a
    // draw or an unknown value.
    const char* us = p.side == WHITE ? "w" : "b";
    const char* them = p.side == WHITE ? "b" : "w";
    j["winner"] = !pr.ok() || pr.value->is_draw() ? Json(nullptr) : pr.value->is_win() ? Json(us) : Json(them);
    j["mainline"] = Json::array();
    if (only_missing(pr)) {
        j["reason"] = why(pr);
        return {200, dump(j)};
    }
    if (!pr.ok()) {
        j["error"] = why(pr);
        return {status_of(pr), dump(j)};
    }
    const bool drawn = pr.value->is_draw();
    // `cut`: why the line stops before the game's end (null when it does
    // not).  Each quiet ply must shorten the distance, so the work is
    // bounded by it and a request cannot go round in circles.
    j["cut"] = nullptr;
    for (int n = 0; !drawn && !root.plies.empty(); ++n) {
        if (!root.position.value->known_plies) {
            j["cut"] = kNoDistanceCut;
            break;
        }
        if (n == kMaxMainline) {
            j["cut"] = "the line is longer than " + std::to_string(kMaxMainline) + " plies";
            break;
        }
        const PlyAnswer ply = root.plies[0];
        const Move e = ply.move;
        if (!ply.answer.ok()) {
            j["error"] = "no value for " + move_to_text(*r.board, e) + ": " + status_name(ply.answer.status);
            return {status_of(ply.answer), dump(j)};
        }
        p = after(r, p, e);
        Json step;
        step["move"] = move_to_text(*r.board, e);
        step["capture"] = e.is_removal();
        step["zeroing"] = r.has_capture_counter() && e.is_removal();
        step["position"] = position_to_text(r, p);
        put_ply_value(step, r, ply);
        j["mainline"].push_back(std::move(step));
        if (r.has_capture_counter() && e.is_removal()) break;
        if (outcome(r, p) != Outcome::ONGOING) break;
        const ExactValue before = *root.position.value;
        // A ply into a win/draw/loss-only table has no distance to rank it
        // by: then the ply listed first need not be the best.
        const bool unranked = std::any_of(root.plies.begin(), root.plies.end(), [](const PlyAnswer& x) {
            return x.answer.ok() && !x.answer.value->known_plies && !x.answer.value->is_draw();
        });
        root = t.root(p);
        if (!root.position.ok()) {
            j["error"] = why(root.position);
            return {status_of(root.position), dump(j)};
        }
        const ExactValue& now = *root.position.value;
        if (!e.is_removal() && now.known_plies && now.plies >= before.plies) {
            // Not a ply of best play: left out of the line.
            j["mainline"].erase(j["mainline"].size() - 1);
            j["cut"] = unranked ? kNoDistanceCut : "the tables' best ply did not come closer to the end";
            break;
        }
    }
    return {200, dump(j)};
}

// The reply of a player of `level` in p: the tables' ply (choose_ply), or
// where they hold no value the search's, with a short time budget.
ApiResponse play_answer(const Prober& t, const Rules& r, const Position& p, PlayLevel level, std::uint64_t seed) {
    if (outcome(r, p) != Outcome::ONGOING) return error(400, "the game is over: no ply to play");
    const RootAnswer root = t.root(p);
    const ProbeAnswer& pr = root.position;
    if (root.plies.empty()) return error(status_of(pr), pr.message.empty() ? "no plies" : pr.message);
    if (!pr.ok() && !only_missing(pr)) return error(status_of(pr), why(pr));
    Json j;
    j["level"] = play_level_name(level);
    std::optional<std::size_t> pick = choose_ply(level, root.plies, seed);
    if (level == PlayLevel::ULTRA && pick) {
        // Ties among the best drawing plies keep the tables' order here:
        // the endpoint answers at once, without a search.
        UltraModel model;
        model.max_seconds = kPlaySearchSeconds;  // then the one-turn measure: the page waits for no more
        const UltraMeasures m = ultra_measures(t, p, root.plies, model);
        pick = ultra_pick(root.plies, m);
        if (m.depth > 0) j["measure"] = m.measure[*pick], j["ultra_turns"] = m.depth;
    }
    j["source"] = pick ? "tables" : "search";
    if (!pick) {
        SearchOptions so;
        so.tt_megabytes = kPlaySearchMegabytes;
        Search search(r, so);
        SearchLimits lim;
        lim.seconds = kPlaySearchSeconds;
        lim.max_nodes = kPlaySearchNodes;
        const SearchResult sr = search.run(p, lim);
        for (std::size_t i = 0; i < root.plies.size() && !pick; ++i)
            if (sr.has_move && sr.best == root.plies[i].move) pick = i;
        if (!pick) return error(500, "the search found no ply");
    }
    j["move"] = move_json(r, p, root.plies[*pick]);
    return {200, dump(j)};
}

}  // namespace

TablebaseService::TablebaseService(const std::string& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        warnings_.push_back(dir + ": not a folder");
        return;
    }
    for (const Rules& r : all_rules()) {
        // The folder rule of every entry point; a rule set whose own
        // <rules>/ folder exists is served even without tables (its board,
        // and play by search), as a folder made for it says it is wanted.
        const TableFolder found = find_tables_folder(dir, r.name);
        if (!found.has_tables && !found.rules_subfolder) continue;
        const std::string& folder = found.dir;
        TbStatus st;
        std::string message;
        std::unique_ptr<TableSet> set = TableSet::open(folder, r, 0, st, message);
        if (!set) {
            warnings_.push_back(r.name + ": " + message);
            continue;
        }
        auto prober = std::make_unique<Prober>(*set);
        std::optional<std::string> example = example_position(*prober);
        served_.emplace(r.name, Served{&r, folder, std::move(set), std::move(prober), std::move(example)});
    }
}

std::vector<std::string> TablebaseService::rule_names() const {
    std::vector<std::string> out;
    for (const auto& [name, s] : served_) out.push_back(name);
    return out;
}

ApiResponse TablebaseService::handle(std::string_view path, const std::string* position) const {
    if (path == "rules") {
        Json j;
        j["rules"] = Json::array();
        for (const auto& [name, s] : served_) {
            Json rj;
            rj["name"] = name;
            rj["description"] = s.rules->description;
            rj["board"] = s.rules->board->name;
            rj["start"] = position_to_text(*s.rules, start_position(*s.rules));
            rj["tables"] = s.set->table_count();
            rj["example"] = s.example ? Json(*s.example) : Json(nullptr);
            j["rules"].push_back(std::move(rj));
        }
        return {200, dump(j)};
    }
    const std::string_view name = path.substr(0, path.find('/'));
    const std::string_view rest = name.size() < path.size() ? path.substr(name.size() + 1) : std::string_view();
    auto it = served_.find(name);
    if (it == served_.end()) {
        if (find_rules(name)) return error(404, "no tables for rule set '" + std::string(name) + "'");
        return error(
            404, "unknown rule set '" + std::string(name) + "'; served: " + [&] {
                std::string s;
                for (const auto& n : rule_names()) s += (s.empty() ? "" : ", ") + n;
                return s;
            }());
    }
    const Rules& r = *it->second.rules;
    if (rest == "board") return {200, dump(board_json(r))};
    // play/<level> or play/<level>/<seed> (the same seed, the same ply).
    std::optional<PlayLevel> level;
    std::uint64_t seed = 0;
    if (rest.starts_with("play/")) {
        std::string_view arg = rest.substr(5);
        const std::size_t slash = arg.find('/');
        level = parse_play_level(arg.substr(0, slash));
        if (!level) return error(404, "no such level; levels: " + play_level_names());
        if (slash == std::string_view::npos) {
            seed = std::random_device{}();
        } else {
            const std::string_view digits = arg.substr(slash + 1);
            auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), seed);
            if (ec != std::errc() || end != digits.data() + digits.size() || digits.empty())
                return error(400, "the seed is a whole number");
        }
    } else if (!rest.empty() && rest != "mainline") {
        return error(404, "no such API path");
    }
    Position p;
    if (auto bad = read_position(r, position, p)) return *bad;
    if (level) return play_answer(*it->second.prober, r, p, *level, seed);
    return rest.empty() ? probe_answer(*it->second.prober, it->second.dir, r, p, stats_)
                        : mainline_answer(*it->second.prober, r, p);
}

}  // namespace mtb::cli
