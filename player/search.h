// The playing search: iterative-deepening negamax with alpha-beta pruning
// (principal variation search), a transposition table, move ordering (the
// table's ply, mill closes, blocks, killer plies, history heuristic) and a
// time budget per move.
//
// Scores are from the side to move's view.  A game end found by the search
// scores MATE - plies (a win) or -(MATE - plies) (a loss), counted from the
// root; an oracle's exact value is turned into the same scale, so a faster
// win and a slower loss always order first.  Other leaves get evaluate().
//
// Every rule is read through the engine API (generate/after/outcome), never
// from the rule set's name.  With a no-capture counter (lasker-20) the
// counter is part of the position, of outcome() and of the table key; the
// state graph is then acyclic.  Without one, a position repeating one
// earlier in the game or the search path scores as a draw.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "player/eval.h"
#include "player/oracle.h"
#include "player/tt.h"

namespace mtb {

constexpr int MATE = 32000;
constexpr int MATE_BOUND = MATE - 2000;  // |score| above this: a known end of game
constexpr int SCORE_INF = MATE + 1;

struct SearchLimits {
    int max_depth = 64;
    double seconds = 4.0;         // <= 0: no time limit
    std::uint64_t max_nodes = 0;  // 0: no node limit (checked like the clock)
};

struct SearchOptions {
    bool use_tt = true;
    bool use_ordering = true;  // off: plies in generation order (for tests)
    std::size_t tt_megabytes = 16;
    EvalWeights weights = EvalWeights::standard();
};

struct SearchResult {
    bool has_move = false;  // false only when the game has already ended
    Move best;
    int score = 0;  // search score of `best` (see above)
    int depth = 0;  // last finished iteration
    std::uint64_t nodes = 0;
    double seconds = 0;
    // Set when the oracle decided the root: the exact value of the position
    // when `best` is played.
    std::optional<ExactValue> exact;
};

// "win in 7", "loss in 4", or the evaluation "+123".
std::string score_text(int score);

class Search {
public:
    explicit Search(const Rules& r, SearchOptions o = {});
    // The oracle is not owned; nullptr: none.
    void set_oracle(Oracle* o) { oracle_ = o; }

    // Best ply of `root`.  `history` holds the keys (position_key) of the
    // game's earlier positions, for repetition detection.
    // `among`, when not empty, limits the root's plies to those (the ultra
    // level's best drawing plies); they must be legal.
    SearchResult run(const Position& root, const SearchLimits& limits, std::span<const std::uint64_t> history = {},
                     std::span<const Move> among = {});

    // Fixed-depth alpha-beta value of p without iterative deepening, time
    // limits or oracle draws handled at the root (for tests and benchmarks).
    int value(const Position& p, int depth);
    std::uint64_t nodes() const { return nodes_; }
    void clear() {
        tt_.clear();
        history_heur_ = {};
        killers_ = {};
    }

    // The oracle's value of p when it may be trusted under these rules (see
    // search.cpp for lasker-20); also used by the root and by players.
    std::optional<ExactValue> trusted_probe(const Position& p);

private:
    int negamax(const Position& p, int depth, int alpha, int beta, int ply, bool last_closed);
    int order_moves(const Position& p, Move* moves, int n, Move tt_move, int ply, int* scores) const;
    bool out_of_time();
    bool repetition(std::uint64_t key) const;

    const Rules& r_;
    SearchOptions opt_;
    TranspositionTable tt_;
    Oracle* oracle_ = nullptr;
    bool oracle_draw_cutoff_ = true;  // false while choosing among drawn root plies
    bool wdl_progress_ = false;       // true while converting a win of unknown length (search.cpp)
    std::array<std::array<int, MAX_POINTS + 1>, MAX_POINTS> history_heur_{};  // [to][from or 24]
    static constexpr int MAX_SEARCH_PLY = 128;
    std::array<std::array<Move, 2>, MAX_SEARCH_PLY> killers_{};  // quiet plies that cut off, per ply

    // Keys of the game before the root, then of the search path.
    std::vector<std::uint64_t> path_;

    std::uint64_t nodes_ = 0;
    bool stopped_ = false, may_stop_ = false;
    std::chrono::steady_clock::time_point deadline_;
    bool timed_ = false;
    std::uint64_t node_limit_ = 0;
};

}  // namespace mtb
