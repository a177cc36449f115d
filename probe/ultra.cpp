// The ultra level's measure: a depth-limited expectimax whose leaves are
// table values (probe/ultra.h has the opponent model).
#include "probe/ultra.h"

#include <algorithm>
#include <chrono>
#include <optional>

namespace mtb {
namespace {

constexpr double kSame = 1e-12;  // measures closer than this tie

class Expectimax {
public:
    Expectimax(const Prober& prober, const UltraModel& model)
        : prober_(prober), r_(prober.rules()), model_(model), start_(std::chrono::steady_clock::now()) {}

    // Chance that the opponent, to move in drawn q, ends lost within
    // `depth` of its turns.  nullopt once the probe budget is spent.
    std::optional<double> opponent(const Position& q, int depth) {
        double erring = 0, careful = 0;
        int replies = 0, keeping = 0;
        for (Move reply : MoveList(r_, q)) {
            const Position c = after(r_, q, reply);
            const std::optional<Wdl> us = wdl(c);  // for us, to move in c
            if (!us && spent()) return std::nullopt;
            ++replies;
            if (us == Wdl::WIN) {  // the opponent's reply loses
                erring += 1;
                continue;
            }
            double later = 0;
            if (us == Wdl::DRAW && depth > 1) {
                const std::optional<double> t = ours(c, depth - 1);
                if (!t) return std::nullopt;
                later = *t;
            }
            erring += later;
            careful += later;
            ++keeping;
        }
        if (replies == 0) return 0.0;
        const double e = model_.blunder;
        return e * erring / replies + (1 - e) * (keeping ? careful / keeping : 0.0);
    }

    std::uint64_t probes() const { return probes_; }

private:
    // The best chance over our drawing plies in drawn p (we to move).
    std::optional<double> ours(const Position& p, int depth) {
        double best = 0;
        for (Move m : MoveList(r_, p)) {
            const Position q = after(r_, p, m);
            const std::optional<Wdl> them = wdl(q);
            if (!them && spent()) return std::nullopt;
            if (them != Wdl::DRAW) continue;  // p is drawn: no ply wins; losing plies are never played
            const std::optional<double> t = opponent(q, depth);
            if (!t) return std::nullopt;
            best = std::max(best, *t);
        }
        return best;
    }

    // The value's result for the side to move in p; nullopt when unknown
    // (no table) or when the budget is spent.
    std::optional<Wdl> wdl(const Position& p) {
        if (spent()) return std::nullopt;
        ++probes_;
        const ProbeAnswer a = prober_.value(p);
        if (!a.ok()) return std::nullopt;
        return a.value->wdl;
    }

    bool spent() {
        if (model_.max_probes && probes_ >= model_.max_probes) return true;
        if (model_.max_seconds > 0 && probes_ % 16 == 0 && probes_ != checked_) {
            checked_ = probes_;
            out_of_time_ =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count() > model_.max_seconds;
        }
        return out_of_time_;
    }

    const Prober& prober_;
    const Rules& r_;
    UltraModel model_;
    std::uint64_t probes_ = 0, checked_ = ~std::uint64_t(0);
    std::chrono::steady_clock::time_point start_;
    bool out_of_time_ = false;
};

bool is_draw(const PlyAnswer& a) { return a.answer.ok() && a.answer.value->wdl == Wdl::DRAW; }

}  // namespace

UltraMeasures ultra_measures(const Prober& prober, const Position& p, std::span<const PlyAnswer> plies,
                             const UltraModel& model) {
    UltraMeasures out;
    out.measure.assign(plies.size(), -1.0);
    if (plies.empty() || !is_draw(plies[0])) return out;  // best first: a win or a loss is not ours to reorder
    // Depth 1 first, unbounded (one probe per reply); then each deeper
    // depth within the budget, kept only when it finishes.
    for (int depth = 1; depth <= std::max(1, model.depth); ++depth) {
        UltraModel m = model;
        if (depth == 1) m.max_probes = 0, m.max_seconds = 0;
        Expectimax x(prober, m);
        std::vector<double> measure(plies.size(), -1.0);
        bool done = true;
        for (std::size_t i = 0; i < plies.size() && done; ++i) {
            if (!is_draw(plies[i])) continue;
            const std::optional<double> t = x.opponent(after(prober.rules(), p, plies[i].move), depth);
            if (t)
                measure[i] = *t;
            else
                done = false;
        }
        out.probes += x.probes();
        if (!done) break;
        out.measure = std::move(measure);
        out.depth = depth;
    }
    return out;
}

std::vector<std::size_t> ultra_best(const UltraMeasures& m) {
    std::vector<std::size_t> best;
    double top = -1;
    for (double v : m.measure) top = std::max(top, v);
    if (top < 0) return best;
    for (std::size_t i = 0; i < m.measure.size(); ++i)
        if (m.measure[i] >= 0 && m.measure[i] >= top - kSame) best.push_back(i);
    return best;
}

std::optional<std::size_t> ultra_pick(std::span<const PlyAnswer> plies, const UltraMeasures& m) {
    if (plies.empty() || !plies[0].answer.ok()) return std::nullopt;
    if (!is_draw(plies[0])) return 0;
    const std::vector<std::size_t> best = ultra_best(m);
    return best.empty() ? 0 : best[0];
}

std::vector<std::size_t> ultra_order(std::span<const PlyAnswer> plies, const UltraMeasures& m) {
    std::vector<std::size_t> order(plies.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    if (const std::optional<std::size_t> pick = ultra_pick(plies, m); pick && *pick > 0)
        std::rotate(order.begin(), order.begin() + std::ptrdiff_t(*pick), order.begin() + std::ptrdiff_t(*pick) + 1);
    return order;
}

}  // namespace mtb
