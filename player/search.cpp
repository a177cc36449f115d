#include "player/search.h"

#include <algorithm>

namespace mtb {
namespace {

// Oracle values are converted to the mate scale at the node's distance from
// the root; distances are capped so they never leave the mate band.
int exact_score(const ExactValue& v, int ply) {
    int n = std::min(ply + v.plies, MATE - MATE_BOUND - 1);
    if (v.wdl == Wdl::WIN) return MATE - n;
    if (v.wdl == Wdl::LOSS) return -(MATE - n);
    return 0;
}

// A win or loss of unknown length (a win/draw/loss-only table) scores in a
// band of its own, below every known game end and above every evaluation,
// moved within the band by the evaluation: lines that keep the win always
// beat the others, and among them the evaluation (mills, threats, stones)
// decides; a repeated position (a draw, 0) never looks as good.  While the
// root is such a win (wdl_progress_), these values do not end the search
// above the horizon: it goes on looking for the game's end, and uses them
// only at its leaves.  That is how the winner makes progress without
// distances.
constexpr int WDL_WIN = MATE_BOUND - 4000;
constexpr int WDL_EVAL_CAP = 2000;
static_assert(WDL_WIN + WDL_EVAL_CAP < MATE_BOUND && WDL_WIN - WDL_EVAL_CAP > 20000);

int wdl_only_score(const ExactValue& v, int evaluation, int ply) {
    const int e = std::clamp(evaluation, -WDL_EVAL_CAP, WDL_EVAL_CAP);
    if (v.wdl == Wdl::WIN) return WDL_WIN - ply + e;
    if (v.wdl == Wdl::LOSS) return -(WDL_WIN - ply) + e;
    return 0;
}

// Mate scores are stored relative to the node, not the root.
int score_to_tt(int s, int ply) { return s > MATE_BOUND ? s + ply : s < -MATE_BOUND ? s - ply : s; }
int score_from_tt(int s, int ply) { return s > MATE_BOUND ? s - ply : s < -MATE_BOUND ? s + ply : s; }

constexpr int NODES_PER_CLOCK_CHECK = 1024;

}  // namespace

std::string score_text(int s) {
    if (s > MATE_BOUND) return "win in " + std::to_string(MATE - s);
    if (s < -MATE_BOUND) return "loss in " + std::to_string(MATE + s);
    std::string t = s > 0 ? "+" : "";  // built in two steps: GCC 12 warns on "+" + to_string
    t += std::to_string(s);
    return t;
}

Search::Search(const Rules& r, SearchOptions o) : r_(r), opt_(o), tt_(o.use_tt ? o.tt_megabytes : 1) {}

// Lasker-20: the tables are those of `lasker`, which ignore the counter.
// A draw there is a draw under the counter too (a side that can force a win
// against the counter could force the same win without it).  A win or loss
// in n plies is exact under the counter when counter + n <= the limit: the
// game ends within n plies whatever happens, before any position can reach
// the limit (and a ply that wins and reaches the limit still wins).  Other
// values are not trusted; the search goes on below them.
std::optional<ExactValue> Search::trusted_probe(const Position& p) {
    if (!oracle_) return std::nullopt;
    std::optional<ExactValue> v = oracle_->probe(r_, p);
    if (!v || !r_.has_capture_counter() || oracle_->counter_aware()) return v;
    if (v->wdl == Wdl::DRAW) return v;
    if (!v->known_plies) return std::nullopt;
    if (p.since_capture + v->plies <= r_.no_capture_draw_plies) return v;
    return std::nullopt;
}

bool Search::out_of_time() {
    if (!may_stop_) return false;
    if (node_limit_ && nodes_ >= node_limit_) return stopped_ = true;
    if (timed_ && nodes_ % NODES_PER_CLOCK_CHECK == 0 && std::chrono::steady_clock::now() >= deadline_)
        return stopped_ = true;
    return false;
}

bool Search::repetition(std::uint64_t key) const {
    if (r_.has_capture_counter()) return false;  // acyclic: the counter grows until a capture
    // path_ ends with this node's key.  Every earlier entry is compared (the
    // key holds the side to move, so the other side's never match, and
    // callers may or may not have put the root in the history).  Stone
    // counts only fall, so a short look back is enough; 200 entries bound
    // the cost.
    const std::size_t n = path_.size();
    for (std::size_t back = 1; back < n && back <= 200; ++back)
        if (path_[n - 1 - back] == key) return true;
    return false;
}

int Search::order_moves(const Position& p, Move* moves, int n, Move tt_move, int ply, int* scores) const {
    const auto& killers = killers_[std::min(ply, MAX_SEARCH_PLY - 1)];
    const Board& b = *r_.board;
    const Bitboard empty = b.all & ~p.occupied();
    // Points where the opponent would close a mill: occupying one blocks it.
    const Bitboard threats = mill_closing_points(b, p.them(), empty);
    for (int i = 0; i < n; ++i) {
        const Move m = moves[i];
        // History counts are capped below the bonuses, which always order first.
        int s = std::min(history_heur_[m.to][m.is_placement() ? MAX_POINTS : m.from], (1 << 20) - 1);
        if (m.is_removal()) s += 1 << 24;
        if (threats & bit(m.to)) s += 1 << 22;
        if (m == tt_move)
            s += 1 << 28;
        else if (m == killers[0] || m == killers[1])
            s += 1 << 21;
        scores[i] = s;
    }
    // Stable insertion sort, best first: lists are short and mostly sorted.
    for (int i = 1; i < n; ++i) {
        Move m = moves[i];
        int s = scores[i], j = i;
        for (; j > 0 && scores[j - 1] < s; --j) {
            moves[j] = moves[j - 1];
            scores[j] = scores[j - 1];
        }
        moves[j] = m;
        scores[j] = s;
    }
    return n;
}

int Search::negamax(const Position& p, int depth, int alpha, int beta, int ply, bool last_closed) {
    ++nodes_;
    if (out_of_time()) return 0;
    const Outcome o = outcome(r_, p);
    if (o == Outcome::LOSS) return -(MATE - ply);
    if (o == Outcome::DRAW) return 0;
    const std::uint64_t key = path_.back();
    if (ply > 0 && repetition(key)) return 0;
    if (oracle_ && ply > 0)
        if (auto v = trusted_probe(p); v && (oracle_draw_cutoff_ || v->wdl != Wdl::DRAW)) {
            if (v->known_plies || v->wdl == Wdl::DRAW) return exact_score(*v, ply);
            if (!wdl_progress_ || depth <= 0)
                return wdl_only_score(*v, evaluate(r_, p, last_closed ? -1 : 0, opt_.weights), ply);
        }
    if (depth <= 0) return evaluate(r_, p, last_closed ? -1 : 0, opt_.weights);

    Move tt_move;
    if (opt_.use_tt)
        if (const TTEntry* e = tt_.probe(key)) {
            tt_move = e->move;
            if (e->depth >= depth) {
                int s = score_from_tt(e->score, ply);
                if (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && s >= beta) ||
                    (e->bound == BOUND_UPPER && s <= alpha))
                    return s;
            }
        }

    // MoveList leaves its buffer uninitialised; a plain Move array would
    // write 3 KB of defaults at every node.
    MoveList list(r_, p);
    Move* const moves = list.moves;
    int scores[MAX_PLIES];
    const int n = list.size();
    if (opt_.use_ordering) order_moves(p, moves, n, tt_move, ply, scores);

    const int alpha_orig = alpha;
    int best = -SCORE_INF;
    Move best_move;
    for (int i = 0; i < n; ++i) {
        const Move m = moves[i];
        const Position q = after(r_, p, m);
        const bool closed = mill_at(*r_.board, q.stones[p.side], m.to);
        path_.push_back(position_key(q));
        // Principal variation search: after the first ply, a null window
        // proves the others no better; only a ply that beats alpha is searched again.
        int s;
        if (i == 0) {
            s = -negamax(q, depth - 1, -beta, -alpha, ply + 1, closed);
        } else {
            s = -negamax(q, depth - 1, -alpha - 1, -alpha, ply + 1, closed);
            if (s > alpha && s < beta && !stopped_) s = -negamax(q, depth - 1, -beta, -alpha, ply + 1, closed);
        }
        path_.pop_back();
        if (stopped_) return 0;
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                if (alpha >= beta) {
                    if (!m.is_removal()) {
                        int& h = history_heur_[m.to][m.is_placement() ? MAX_POINTS : m.from];
                        h = std::min(h + depth * depth, 1 << 24);
                        auto& k = killers_[std::min(ply, MAX_SEARCH_PLY - 1)];
                        if (!(k[0] == m)) k[1] = k[0], k[0] = m;
                    }
                    break;
                }
            }
        }
    }
    if (opt_.use_tt) {
        Bound bound = best <= alpha_orig ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT;
        tt_.store(key, score_to_tt(best, ply), depth, bound, best_move);
    }
    return best;
}

int Search::value(const Position& p, int depth) {
    stopped_ = may_stop_ = timed_ = false;
    path_.assign(1, position_key(p));
    return negamax(p, depth, -SCORE_INF, SCORE_INF, 0, false);
}

SearchResult Search::run(const Position& root, const SearchLimits& limits, std::span<const std::uint64_t> history,
                         std::span<const Move> among) {
    const auto t0 = std::chrono::steady_clock::now();
    SearchResult res;
    nodes_ = 0;
    stopped_ = may_stop_ = false;
    timed_ = limits.seconds > 0;
    deadline_ = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                         std::chrono::duration<double>(std::max(0.0, limits.seconds)));
    node_limit_ = limits.max_nodes;
    oracle_draw_cutoff_ = true;
    wdl_progress_ = false;
    for (auto& row : history_heur_)  // older searches count less
        for (int& h : row) h /= 2;
    auto finish = [&]() {
        res.nodes = nodes_;
        res.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return res;
    };
    if (outcome(r_, root) != Outcome::ONGOING) return finish();

    std::vector<Move> moves;
    for (Move m : MoveList(r_, root))
        if (among.empty() || std::find(among.begin(), among.end(), m) != among.end()) moves.push_back(m);
    res.has_move = !moves.empty();
    if (moves.empty()) return finish();
    res.best = moves[0];

    // The oracle decides the root when it can: the fastest known win; else,
    // when every ply is known, the draws (searched below to pick the one the
    // search likes best) or the slowest loss.
    if (oracle_) {
        std::vector<std::optional<ExactValue>> exact;
        for (Move m : moves) {
            Position q = after(r_, root, m);
            if (outcome(r_, q) != Outcome::ONGOING)  // the probe's answer for a finished game
                exact.push_back(oracle_->game_over(r_, q).before_ply(m.is_removal()));
            else if (auto v = trusted_probe(q))
                exact.push_back(v->before_ply(m.is_removal()));
            else
                exact.push_back(std::nullopt);
        }
        std::vector<std::size_t> order(moves.size());
        for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
        rank_root_plies(std::span(order), [&](std::size_t i) { return exact[i]; });
        const int best_i = exact[order[0]] ? int(order[0]) : -1;
        const bool all_known = exact[order.back()].has_value();  // unknown ones rank last
        if (best_i >= 0 && ((exact[best_i]->wdl == Wdl::WIN && exact[best_i]->known_plies) ||
                            (all_known && exact[best_i]->wdl == Wdl::LOSS))) {
            res.best = moves[best_i];
            res.exact = exact[best_i];
            res.score = exact_score(*exact[best_i], 0);
            return finish();
        }
        if (best_i >= 0 && exact[best_i]->wdl == Wdl::WIN) {
            // A win of unknown length: any winning ply keeps it; the search
            // picks the one that makes progress (wdl_only_score).
            std::vector<Move> wins;
            for (std::size_t i = 0; i < moves.size(); ++i)
                if (exact[i] && exact[i]->wdl == Wdl::WIN) wins.push_back(moves[i]);
            moves = wins;
            res.best = moves[0];
            res.exact = exact[best_i];
            wdl_progress_ = true;
        } else if (all_known) {  // the best is a draw: choose among the draws
            std::vector<Move> draws;
            for (std::size_t i = 0; i < moves.size(); ++i)
                if (exact[i]->wdl == Wdl::DRAW) draws.push_back(moves[i]);
            moves = draws;
            res.best = moves[0];
            res.exact = ExactValue::draw();
            oracle_draw_cutoff_ = false;
        }
    }

    path_.assign(history.begin(), history.end());
    path_.push_back(position_key(root));
    const double soft = limits.seconds * 0.4;  // an iteration costs several times the last
    for (int depth = 1; depth <= limits.max_depth; ++depth) {
        may_stop_ = depth > 1;  // the first iteration always finishes: there is always a move
        int alpha = -SCORE_INF;
        Move best = moves[0];
        for (Move m : moves) {
            const Position q = after(r_, root, m);
            path_.push_back(position_key(q));
            const int s = -negamax(q, depth - 1, -SCORE_INF, -alpha, 1, mill_at(*r_.board, q.stones[root.side], m.to));
            path_.pop_back();
            if (stopped_) break;
            if (s > alpha) {
                alpha = s;
                best = m;
            }
        }
        if (stopped_) break;
        res.best = best;
        res.score = alpha;
        res.depth = depth;
        // The best ply first in the next iteration.
        std::rotate(moves.begin(), std::find(moves.begin(), moves.end(), best),
                    std::find(moves.begin(), moves.end(), best) + 1);
        // A game end within the horizon is exact: deeper search cannot change it.
        if (std::abs(alpha) > MATE_BOUND && MATE - std::abs(alpha) <= depth) break;
        if (limits.seconds > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > soft)
            break;
        if (limits.max_nodes && nodes_ >= limits.max_nodes) break;
    }
    oracle_draw_cutoff_ = true;
    wdl_progress_ = false;
    return finish();
}

}  // namespace mtb
