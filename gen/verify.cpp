#include "gen/verify.h"

#include <omp.h>

#include <algorithm>
#include <climits>
#include <filesystem>

#include "engine/notation.h"
#include "probe/sector_graph.h"

namespace mtb {

std::string ValueError::message() const {
    return position + ": stored " + value_text(stored) + ", successors give " + value_text(expected);
}

ValueCode value_from_successors(const Rules& r, const Position& p, const ChildValues& succ) {
    switch (outcome(r, p)) {
        case Outcome::LOSS:
            return value_loss(0);
        case Outcome::DRAW:
            return VALUE_DRAW;
        case Outcome::ONGOING:
            break;
    }
    int win = INT_MAX, loss = -1;
    bool draw = false;
    const MoveList moves(r, p);
    for (const Move* m = moves.begin(); m != moves.end(); ++m) {
        Position q = after(r, p, *m);
        if (q.total(q.side) < r.lose_below) {
            win = 1;
            continue;
        }
        ValueCode v = succ.value(sector_of(q), normalise(q));
        if (v == VALUE_NONE) return VALUE_NONE;
        if (v == VALUE_DRAW)
            draw = true;
        else if (value_wdl(v) == Wdl::LOSS)
            win = std::min(win, value_plies(v) + 1);
        else
            loss = std::max(loss, value_plies(v) + 1);
    }
    if (win != INT_MAX) return value_win(win);
    if (draw) return VALUE_DRAW;
    return value_loss(loss);
}

std::vector<ValueError> check_values(const Rules& r, Sector s, const std::vector<ValueCode>& values,
                                     const ChildValues& succ, int threads, std::size_t max_errors) {
    SectorIndex index(r, s);
    std::vector<ValueError> errors;
    const std::uint64_t slots = std::min<std::uint64_t>(index.slots(), values.size());
    if (values.size() != index.slots())
        errors.push_back({0,
                          "(table of " + s.name() + ": " + std::to_string(values.size()) + " slots, index has " +
                              std::to_string(index.slots()) + ")",
                          VALUE_NONE, VALUE_NONE});
#pragma omp parallel for schedule(dynamic, 4096) \
    num_threads(threads > 0 ? threads : omp_get_max_threads()) if (slots >= (1 << 16))
    for (std::uint64_t i = 0; i < slots; ++i) {
        NormalPosition n;
        if (!index.position_of(i, n)) continue;
        Position p = denormalise(s, n, WHITE);
        ValueCode expected = value_from_successors(r, p, succ);
        if (expected == values[i]) continue;
#pragma omp critical(mtb_verify_errors)
        errors.push_back({i, position_to_text(r, p), values[i], expected});
    }
    std::sort(errors.begin(), errors.end(), [](const ValueError& a, const ValueError& b) { return a.slot < b.slot; });
    if (errors.size() > max_errors) errors.resize(max_errors);
    return errors;
}

ValueCheck value_check(int threads) {
    return [threads](const TableFile& file, const std::vector<ValueCode>& values) {
        std::vector<VerifyProblem> problems;
        const TableHeader& h = file.header();
        const Rules* r = find_rules(h.rules_name);
        if (!r) return std::vector<VerifyProblem>{{file.path(), -1, "unknown rule set '" + h.rules_name + "'"}};
        // Win/draw/loss-only tables have no distances to check against.
        if (h.content != TableContent::VALUES) return problems;
        const Sector s = h.sector;
        const std::string dir = std::filesystem::path(file.path()).parent_path().string();
        ChildValues succ;
        std::vector<Sector> others;
        bool self = false;
        for (Sector c : successor_sectors(*r, s)) {
            if (c == s)
                self = true;
            else
                others.push_back(c);
        }
        if (auto err = succ.load(*r, others, dir.empty() ? "." : dir))
            return std::vector<VerifyProblem>{{file.path(), -1, "cannot check values: " + *err}};
        if (self) succ.add(*r, s, values);
        for (const ValueError& e : check_values(*r, s, values, succ, threads))
            problems.push_back({file.path(), -1, file.path() + ": wrong value: " + e.message()});
        return problems;
    };
}

}  // namespace mtb
