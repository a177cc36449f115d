// mtb match: two engine configurations play each other from varied openings.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <sstream>

#include "engine/notation.h"
#include "player/probe_oracle.h"
#include "player/protocol_player.h"
#include "player/search.h"
#include "tools/commands.h"
#include "tools/common.h"
#include "tools/line_reader.h"

namespace mtb::cli {
namespace {

const char* kMatchHelp =
    "usage: mtb match [--rules NAME] [--games N] [--a SPEC] [--b SPEC] [--random-plies K]\n"
    "                 [--openings FILE] [--max-plies N] [--seed S] [--verbose]\n"
    "\n"
    "Plays N games between engine configurations A and B (default 20 games of\n"
    "nmm).  Games come in pairs from the same opening with colours swapped; an\n"
    "opening is K random plies (default 4) from the start, or the next position\n"
    "of --openings FILE (one position text per line; then K defaults to 0).\n"
    "A game with no end after --max-plies plies (default 300), or a position\n"
    "repeated three times, is a draw.\n"
    "\n"
    "SPEC is a comma-separated list (default \"budget=0.1\"):\n"
    "  depth=N      maximum search depth        budget=S   seconds per ply\n"
    "  nodes=N      node limit per ply (a deterministic budget)\n"
    "  tables=DIR   probe exact tables in DIR\n"
    "  random       plays a uniformly random legal ply (from --seed), no search\n"
    "  level=L      with tables: perfect (default), strong, medium, easy or\n"
    "               ultra, the levels of mtb player --level (random plies drawn\n"
    "               from --seed)\n"
    "\n"
    "Prints A's wins, draws, losses and score with a 95% error bar\n"
    "(score +- 1.96 standard errors).  With tables, also counts the games A lost\n"
    "from an opening its tables call a draw or a win for A, and the games A did\n"
    "not win from an opening they call a win for A (both must be 0 when the\n"
    "games stay inside the tables and end within --max-plies).\n";

struct EngineSpec {
    std::string text;
    SearchLimits limits;
    std::optional<std::string> tables;
    PlayLevel level = PlayLevel::PERFECT;
    bool random = false;
};

std::optional<std::string> parse_spec(const std::string& text, EngineSpec& out) {
    out.text = text;
    out.limits.seconds = 0.1;
    out.limits.max_depth = 64;
    bool timed = false, limited = false;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        if (item.empty()) continue;
        if (item == "random") {
            out.random = true;
            continue;
        }
        auto eq = item.find('=');
        if (eq == std::string::npos) return "'" + item + "' is not key=value";
        std::string k = item.substr(0, eq), v = item.substr(eq + 1);
        try {
            std::size_t used = 0;
            if (k == "depth") {
                int d = std::stoi(v, &used);
                if (used != v.size() || d < 1 || d > 64) return "depth must be 1..64";
                out.limits.max_depth = d;
                limited = true;
            } else if (k == "budget") {
                double s = std::stod(v, &used);
                if (used != v.size() || !(s > 0) || s > 600) return "budget must be seconds in (0, 600]";
                out.limits.seconds = s;
                timed = true;
            } else if (k == "nodes") {
                long long n = std::stoll(v, &used);
                if (used != v.size() || n < 1) return "nodes must be a positive number";
                out.limits.max_nodes = std::uint64_t(n);
                limited = true;
            } else if (k == "tables") {
                out.tables = v;
            } else if (k == "level") {
                auto l = parse_play_level(v);
                if (!l) return "unknown level " + quote(v) + "; choose one of: " + play_level_names();
                out.level = *l;
            } else {
                return "unknown key '" + k + "' (depth, budget, nodes, tables, level, random)";
            }
        } catch (...) {
            return "bad number in '" + item + "'";
        }
    }
    // A depth or node limit alone makes the engine deterministic: no clock.
    if (limited && !timed) out.limits.seconds = 0;
    if (out.level != PlayLevel::PERFECT && !out.tables)
        return std::string("level=") + play_level_name(out.level) + " needs tables=DIR";
    return std::nullopt;
}

struct Engine {
    EngineSpec spec;
    std::unique_ptr<TableOracle> oracle;
    std::unique_ptr<Search> search;
    std::mt19937_64 seeds;  // one seed per ply for the level's choose_ply()
    Engine(const Rules& r, EngineSpec s, std::uint64_t seed)
        : spec(std::move(s)), search(std::make_unique<Search>(r)), seeds(seed) {
        if (spec.tables) {
            oracle = make_probe_oracle(*spec.tables);
            search->set_oracle(oracle.get());
        }
    }
    // The ply to play in p: the level's blunder, or the search's.
    Move choose(const Rules& r, const Position& p, std::span<const std::uint64_t> history) {
        const std::uint64_t seed = seeds();
        if (spec.random) {
            const MoveList ml(r, p);
            return ml.moves[seed % std::uint64_t(ml.size())];
        }
        if (oracle && spec.level != PlayLevel::PERFECT)
            if (std::optional<Move> m = level_blunder(*oracle, r, p, spec.level, seed)) return *m;
        const std::vector<Move> among =
            oracle && spec.level == PlayLevel::ULTRA ? oracle->ultra_plies(r, p) : std::vector<Move>{};
        return search->run(p, spec.limits, history, among).best;
    }
};

// The result of one game for White: 1, 0.5 or 0.
double play_game(const Rules& r, Position p, Engine& white, Engine& black, int max_plies) {
    std::vector<std::uint64_t> history;
    std::map<std::uint64_t, int> seen;
    for (int ply = 0; ply < max_plies; ++ply) {
        Outcome o = outcome(r, p);
        if (o == Outcome::LOSS) return p.side == WHITE ? 0.0 : 1.0;
        if (o == Outcome::DRAW) return 0.5;
        const std::uint64_t key = position_key(p);
        if (++seen[key] >= 3) return 0.5;
        Engine& e = p.side == WHITE ? white : black;
        const Move m = e.choose(r, p, history);
        history.push_back(key);
        p = after(r, p, m);
    }
    return 0.5;
}

// The positions of an --openings file (those still to be played).
int read_openings(const Rules& r, const std::string& file, std::vector<Position>& openings) {
    std::ifstream in(file);
    if (!in) return fail("match", "cannot read '" + file + "'");
    std::string line;
    for (int n = 1;; ++n) {
        // Bounded: a file that never ends a line is an error, not a leak.
        const LineRead got = read_bounded_line(in, line, kMaxLineBytes);
        if (got == LineRead::END) break;
        if (got == LineRead::TOO_LONG)
            return fail("match",
                        file + ":" + std::to_string(n) + ": line over " + std::to_string(kMaxLineBytes) + " bytes",
                        USAGE);
        line = trim(line);
        if (line.empty() || line[0] == '#') continue;
        Position p;
        if (auto e = parse_position(r, line, p))
            return fail("match", file + ":" + std::to_string(n) + ": " + e->message);
        if (outcome(r, p) != Outcome::ONGOING) continue;
        openings.push_back(p);
    }
    if (openings.empty()) return fail("match", file + ": no playable position");
    return OK;
}

// The opening of game pair g/2: the start or the file's next position,
// then k_random random plies (drawn again until the game is still on).
Position next_opening(const Rules& r, const std::vector<Position>& openings, int g, int k_random,
                      std::mt19937_64& rng) {
    for (;;) {
        Position p = openings.empty() ? start_position(r) : openings[(g / 2) % openings.size()];
        for (int i = 0; i < k_random && outcome(r, p) == Outcome::ONGOING; ++i) {
            MoveList ml(r, p);
            p = after(r, p, ml.moves[rng() % ml.size()]);
        }
        if (outcome(r, p) == Outcome::ONGOING) return p;
    }
}

// With tables: did A lose an opening its tables call a draw or better for
// A, or not win one they call won?  The note for --verbose.
std::string table_check(Engine& A, const Position& opening, bool a_white, double s, int& lost_known, int& unconverted) {
    std::string known;
    if (!A.oracle) return known;
    if (auto v = A.search->trusted_probe(opening)) {
        const Color a_colour = a_white ? WHITE : BLACK;
        const bool to_move = opening.side == a_colour;
        const bool a_wins = to_move ? v->wdl == Wdl::WIN : v->wdl == Wdl::LOSS;
        const bool a_not_lost = to_move ? v->wdl != Wdl::LOSS : v->wdl != Wdl::WIN;
        if (s == 0.0 && a_not_lost) ++lost_known, known = "  (A lost a position its tables do not call lost)";
        if (s != 1.0 && a_wins) ++unconverted, known = "  (A did not win a position its tables call won)";
    }
    return known;
}

}  // namespace

int cmd_match(std::span<char*> args) {
    Args a(args, {"--rules", "--games", "--a", "--b", "--random-plies", "--openings", "--max-plies", "--seed"},
           {"--help", "--verbose"});
    if (a.has("--help")) return std::fputs(kMatchHelp, stdout), OK;
    auto games = a.integer("--games", 1, 100000);
    auto random_plies = a.integer("--random-plies", 0, 100);
    auto max_plies = a.integer("--max-plies", 1, 100000);
    auto seed = a.integer("--seed", 0, 1LL << 40);
    if (a.error()) return fail("match", *a.error(), USAGE);
    if (!a.positional().empty()) return fail("match", "unexpected argument '" + a.positional()[0] + "'", USAGE);
    const Rules* r = find_rules(a.value("--rules").value_or("nmm"));
    if (!r) return fail("match", "unknown rule set; choose one of: " + rules_names(), USAGE);
    EngineSpec sa, sb;
    if (auto e = parse_spec(a.value("--a").value_or("budget=0.1"), sa)) return fail("match", "--a: " + *e, USAGE);
    if (auto e = parse_spec(a.value("--b").value_or("budget=0.1"), sb)) return fail("match", "--b: " + *e, USAGE);

    std::vector<Position> openings;
    if (auto file = a.value("--openings"))
        if (int rc = read_openings(*r, *file, openings)) return rc;
    const int n_games = int(games.value_or(20));
    const int k_random = int(random_plies.value_or(openings.empty() ? 4 : 0));
    const int cap = int(max_plies.value_or(300));
    std::mt19937_64 rng(std::uint64_t(seed.value_or(1)));

    // The levels' random plies come from --seed too, without drawing from
    // `rng`: the openings of a seed stay those they were.
    const std::uint64_t level_seed = std::uint64_t(seed.value_or(1)) * 0x9e3779b97f4a7c15u;
    Engine A(*r, sa, level_seed ^ 0xa), B(*r, sb, level_seed ^ 0xb);
    int wins = 0, draws = 0, losses = 0, lost_known = 0, unconverted = 0;
    double sum = 0, sum_sq = 0;
    Position opening;
    for (int g = 0; g < n_games; ++g) {
        if (g % 2 == 0) opening = next_opening(*r, openings, g, k_random, rng);  // a new one for each pair of games
        const bool a_white = g % 2 == 0;
        double white_score = a_white ? play_game(*r, opening, A, B, cap) : play_game(*r, opening, B, A, cap);
        double s = a_white ? white_score : 1.0 - white_score;
        sum += s;
        sum_sq += s * s;
        (s == 1.0 ? wins : s == 0.0 ? losses : draws)++;
        const std::string known = table_check(A, opening, a_white, s, lost_known, unconverted);
        if (a.has("--verbose"))
            std::printf("game %3d  A %-5s  %-4s  %s%s\n", g + 1, a_white ? "white" : "black",
                        s == 1.0   ? "won"
                        : s == 0.0 ? "lost"
                                   : "draw",
                        position_to_text(*r, opening).c_str(), known.c_str());
    }
    const double n = n_games, mean = sum / n;
    const double var = std::max(0.0, sum_sq / n - mean * mean);
    const double err = 1.96 * std::sqrt(var / n);
    std::printf("match %s, %d games\n", r->name.c_str(), n_games);
    std::printf("  A: %s\n  B: %s\n", sa.text.c_str(), sb.text.c_str());
    std::printf("  %-6s %6s %6s %6s   %s\n", "", "wins", "draws", "losses", "score (95%)");
    std::printf("  %-6s %6d %6d %6d   %.1f%% +- %.1f%%\n", "A", wins, draws, losses, 100 * mean, 100 * err);
    if (A.oracle) {
        std::printf("  A lost from a table draw or win: %d\n", lost_known);
        std::printf("  A did not win a table win: %d\n", unconverted);
    }
    return OK;
}

}  // namespace mtb::cli
