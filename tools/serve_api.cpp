#include "tools/serve_api.h"

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <random>
#include <system_error>

#include "engine/notation.h"
#include "player/play_level.h"
#include "player/search.h"
#include "probe/tables_folder.h"
#include "tools/json_out.h"
#include "tools/serve_board.h"
#include "tools/serve_example.h"
#include "tools/table_files.h"

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

// The HTTP status for a probe error code.
int status_of(std::uint32_t v) {
    switch (mtb_get_error_code(v)) {
        case MTB_E_INVALID_POSITION:
        case MTB_E_BAD_ARGUMENT:
            return 400;
        case MTB_E_NO_TABLE:
        case MTB_E_UNKNOWN_RULES:
            return 404;
        default:  // MTB_E_CORRUPT, MTB_E_IO, MTB_E_RULES_MISMATCH, MTB_E_MEMORY
            return 503;
    }
}

std::optional<std::string> point_name(const Board& b, std::uint8_t p) {
    if (p == MTB_NO_POINT || p >= b.size) return std::nullopt;
    return b.point_names[p];
}

void put_position(Json& j, const Rules& r, const Position& p) {
    j["position"] = position_to_text(r, p);
    j["side"] = p.side == WHITE ? "white" : "black";
    j["in_hand"] = {{"white", p.hand[WHITE]}, {"black", p.hand[BLACK]}};
    j["on_board"] = {{"white", p.on_board(WHITE)}, {"black", p.on_board(BLACK)}};
}

struct Probed {
    std::uint32_t value = 0;
    std::string message;
    std::vector<mtb_move> moves;
};

Probed probe_root(const Tables& t, const Rules& r, const Position& p) {
    Probed out;
    mtb_pos pos;
    mtb_status st{};
    out.value = mtb_parse_position(t.handle(), position_to_text(r, p).c_str(), &pos, &st);
    if (!mtb_is_error(out.value)) out.value = t.probe_root(pos, out.moves, &st).raw;
    out.message = st.message;
    return out;
}

Move engine_move(const mtb_move& m) {
    Move e;
    e.from = m.from == MTB_NO_POINT ? POINT_NONE : Point(m.from);
    e.to = Point(m.to);
    e.remove = m.remove == MTB_NO_POINT ? POINT_NONE : Point(m.remove);
    return e;
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
bool only_missing(std::uint32_t v) { return mtb_is_error(v) && mtb_get_error_code(v) == MTB_E_NO_TABLE; }

// The value of ply m from p in lichess's view (the side to move after it),
// and mtb's own view (the player of the ply) beside it.  Under DTC a capture
// restarts the clock, so the child's distance is its own: probed.
void put_ply_value(Json& j, const Tables& t, const Rules& r, const mtb_move& m, bool capture,
                   const std::string& child_text) {
    const bool dtc = distance_is_dtc(r, m.value);
    if (dtc && capture && !mtb_is_error(m.value)) {
        const std::uint32_t child = t.probe(child_text).raw;
        put_category_after(j, m.value, dtc, true, mtb_is_error(child) ? nullptr : &child);
    } else {
        put_category_after(j, m.value, dtc);
    }
    put_value(j, m.value, "value");
}

// One entry of moves[]: the ply, its points, its values in both views and
// the position after it.
Json move_json(const Tables& t, const Rules& r, const Position& p, const mtb_move& m) {
    const Move e = engine_move(m);
    const Position q = after(r, p, e);
    const std::string child_text = position_to_text(r, q);
    Json mj;
    mj["move"] = m.text;
    mj["from"] = point_name(*r.board, m.from) ? Json(*point_name(*r.board, m.from)) : Json(nullptr);
    mj["to"] = *point_name(*r.board, m.to);
    mj["remove"] = point_name(*r.board, m.remove) ? Json(*point_name(*r.board, m.remove)) : Json(nullptr);
    mj["capture"] = e.is_removal();
    // lichess's "zeroing": the ply restarts the no-capture counter.
    mj["zeroing"] = r.has_capture_counter() && e.is_removal();
    put_ply_value(mj, t, r, m, e.is_removal(), child_text);
    mj["game_over"] = outcome(r, q) != Outcome::ONGOING;
    mj["position"] = child_text;
    return mj;
}

ApiResponse probe_answer(const Tables& t, const std::string& folder, const Rules& r, const Position& p,
                         const SectorStats& stats) {
    Probed pr = probe_root(t, r, p);
    const bool dtc = distance_is_dtc(r, pr.value);
    Json j;
    put_position(j, r, p);
    put_counter(j, r, p);
    put_category(j, pr.value, dtc);
    // mtb's own names, as `mtb probe --json` writes them: "value" and the
    // unsigned "plies" (both null when unknown).
    j["value"] = nullptr;
    j["plies"] = nullptr;
    if (!mtb_is_error(pr.value)) put_value(j, pr.value, "value");
    j["metric"] = distance_key(dtc);
    j["distance"] = distance_meaning(r, dtc);
    j["sector"] = sector_of(p).name();
    // The figures of the sector's table, as `mtb stats` gives them.
    j["table"] = stats.get(folder, r, sector_of(p)).value_or(Json(nullptr));
    j["game_over"] = outcome(r, p) != Outcome::ONGOING;
    j["moves"] = Json::array();
    for (const mtb_move& m : pr.moves) j["moves"].push_back(move_json(t, r, p, m));
    // probe_root() falls back to the plies' tables when the position's own
    // table fails, and a set may leave the sector out: say so, as `mtb
    // probe --json` does.
    if (!mtb_is_error(pr.value) && outcome(r, p) == Outcome::ONGOING && !has_own_table(folder, r, sector_of(p)))
        j["from_plies"] = true;
    if (!mtb_is_error(pr.value)) {
        mtb_pos pos;
        mtb_status st{};
        if (!mtb_is_error(mtb_parse_position(t.handle(), j["position"].get<std::string>().c_str(), &pos, &st)) &&
            !t.probe(pos, &st).ok()) {
            j["from_plies"] = true;
            j["own_table_error"] = st.message;
        }
    }
    if (only_missing(pr.value)) {
        // A legal position no table here holds: 200 with category "unknown"
        // (the plies are still listed, so a page can play on without values).
        j["reason"] = pr.message.empty() ? mtb_error_name(pr.value) : pr.message;
        return {200, dump(j)};
    }
    int status = 200;
    if (mtb_is_error(pr.value)) {
        status = status_of(pr.value);
        j["error"] = pr.message.empty() ? mtb_error_name(pr.value) : pr.message;
    }
    return {status, dump(j)};
}

// Best play from p: the first ply of each position (probe_root sorts best
// first) until the game ends or, under a no-capture limit, until a capture
// resets the counter (the value after it is a fresh question).
ApiResponse mainline_answer(const Tables& t, const Rules& r, Position p) {
    Json j;
    put_position(j, r, p);
    put_counter(j, r, p);
    Probed pr = probe_root(t, r, p);
    const bool dtc = distance_is_dtc(r, pr.value);
    put_category(j, pr.value, dtc);
    j["value"] = nullptr;
    j["plies"] = nullptr;
    if (!mtb_is_error(pr.value)) put_value(j, pr.value, "value");
    // lichess's "winner": the side that wins with best play, null for a
    // draw or an unknown value.
    const char* us = p.side == WHITE ? "w" : "b";
    const char* them = p.side == WHITE ? "b" : "w";
    j["winner"] = mtb_is_error(pr.value) || MTB_GET_WDL(pr.value) == MTB_DRAW ? Json(nullptr)
                  : MTB_GET_WDL(pr.value) == MTB_WIN                          ? Json(us)
                                                                              : Json(them);
    j["mainline"] = Json::array();
    if (only_missing(pr.value)) {
        j["reason"] = pr.message.empty() ? mtb_error_name(pr.value) : pr.message;
        return {200, dump(j)};
    }
    if (mtb_is_error(pr.value)) {
        j["error"] = pr.message.empty() ? mtb_error_name(pr.value) : pr.message;
        return {status_of(pr.value), dump(j)};
    }
    const bool drawn = MTB_GET_WDL(pr.value) == MTB_DRAW;
    // `cut`: why the line stops before the game's end (null when it does
    // not).  Each quiet ply must shorten the distance, so the work is
    // bounded by it and a request cannot go round in circles.
    j["cut"] = nullptr;
    for (int n = 0; !drawn && !pr.moves.empty(); ++n) {
        if (!MTB_HAS_PLIES(pr.value)) {
            j["cut"] = kNoDistanceCut;
            break;
        }
        if (n == kMaxMainline) {
            j["cut"] = "the line is longer than " + std::to_string(kMaxMainline) + " plies";
            break;
        }
        const mtb_move m = pr.moves[0];
        if (mtb_is_error(m.value)) {
            j["error"] = std::string("no value for ") + m.text + ": " + mtb_error_name(m.value);
            return {status_of(m.value), dump(j)};
        }
        const Move e = engine_move(m);
        p = after(r, p, e);
        Json step;
        step["move"] = m.text;
        step["capture"] = e.is_removal();
        step["zeroing"] = r.has_capture_counter() && e.is_removal();
        step["position"] = position_to_text(r, p);
        put_ply_value(step, t, r, m, e.is_removal(), step["position"].get<std::string>());
        j["mainline"].push_back(std::move(step));
        if (r.has_capture_counter() && e.is_removal()) break;
        if (outcome(r, p) != Outcome::ONGOING) break;
        const std::uint32_t before = pr.value;
        // A ply into a win/draw/loss-only table has no distance to rank it
        // by: then the ply listed first need not be the best.
        const bool unranked = std::any_of(pr.moves.begin(), pr.moves.end(), [](const mtb_move& x) {
            return !mtb_is_error(x.value) && !MTB_HAS_PLIES(x.value) && MTB_GET_WDL(x.value) != MTB_DRAW;
        });
        pr = probe_root(t, r, p);
        if (mtb_is_error(pr.value)) {
            j["error"] = pr.message.empty() ? mtb_error_name(pr.value) : pr.message;
            return {status_of(pr.value), dump(j)};
        }
        if (!e.is_removal() && MTB_HAS_PLIES(pr.value) && MTB_GET_PLIES(pr.value) >= MTB_GET_PLIES(before)) {
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
ApiResponse play_answer(const Tables& t, const Rules& r, const Position& p, PlayLevel level, std::uint64_t seed) {
    if (outcome(r, p) != Outcome::ONGOING) return error(400, "the game is over: no ply to play");
    Probed pr = probe_root(t, r, p);
    if (pr.moves.empty()) return error(status_of(pr.value), pr.message.empty() ? "no plies" : pr.message);
    if (mtb_is_error(pr.value) && !only_missing(pr.value))
        return error(status_of(pr.value), pr.message.empty() ? mtb_error_name(pr.value) : pr.message);
    Json j;
    j["level"] = play_level_name(level);
    std::optional<std::size_t> pick = choose_ply(level, pr.moves, seed);
    j["source"] = pick ? "tables" : "search";
    if (!pick) {
        SearchOptions so;
        so.tt_megabytes = kPlaySearchMegabytes;
        Search search(r, so);
        SearchLimits lim;
        lim.seconds = kPlaySearchSeconds;
        lim.max_nodes = kPlaySearchNodes;
        const SearchResult sr = search.run(p, lim);
        const std::string text = move_to_text(*r.board, sr.best);
        for (std::size_t i = 0; i < pr.moves.size() && !pick; ++i)
            if (sr.has_move && text == pr.moves[i].text) pick = i;
        if (!pick) return error(500, "the search found no ply");
    }
    j["move"] = move_json(t, r, p, pr.moves[*pick]);
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
        const TablesFolder found = find_tables_folder(dir, r.name);
        if (!found.has_tables && !fs::is_directory(fs::path(dir) / r.name, ec)) continue;
        const std::string folder = found.has_tables ? found.dir : (fs::path(dir) / r.name).string();
        auto t = std::make_unique<Tables>(folder, r.name);
        if (!t->ok()) {
            warnings_.push_back(r.name + ": " + t->status().message);
            continue;
        }
        std::optional<std::string> example = example_position(*t, r, folder);
        served_.emplace(r.name, Served{&r, folder, std::move(t), std::move(example)});
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
            rj["tables"] = s.tables->table_count();
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
        if (!level) return error(404, "no such level; levels: perfect, strong, medium, easy");
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
    if (level) return play_answer(*it->second.tables, r, p, *level, seed);
    return rest.empty() ? probe_answer(*it->second.tables, it->second.dir, r, p, stats_)
                        : mainline_answer(*it->second.tables, r, p);
}

}  // namespace mtb::cli
