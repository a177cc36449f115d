#include "gen/run_plan.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <stdexcept>

#include "gen/unit_scheduler.h"

namespace mtb {

std::vector<PlannedUnit> plan_units(const Rules& r, const std::vector<SolveUnit>& units) {
    const std::vector<std::vector<std::size_t>> needs = unit_needs(r, units);
    std::vector<PlannedUnit> plan(units.size());
    for (std::size_t u = 0; u < units.size(); ++u) {
        PlannedUnit& p = plan[u];
        p.unit = units[u];
        p.needs = needs[u];
        for (Sector s : units[u].sectors) {
            p.sector_positions.push_back(distinct_positions(r, s));
            p.positions += p.sector_positions.back();
        }
        std::uint64_t child_slots = 0;
        for (Sector c : unit_children(r, units[u])) child_slots += distinct_positions(r, c);
        p.memory_bytes = UnitMemoryModel::bytes(p.positions, child_slots);
    }
    return plan;
}

std::vector<std::size_t> critical_path(const std::vector<PlannedUnit>& units) {
    // Units are in solve order (needs before), so one pass in order gives
    // each unit the heaviest chain ending in it.
    std::vector<double> chain(units.size());
    std::vector<std::size_t> before(units.size(), units.size());
    std::size_t last = units.size();
    for (std::size_t u = 0; u < units.size(); ++u) {
        double longest = 0;
        for (std::size_t c : units[u].needs) {
            if (c >= u) throw std::logic_error("critical_path: units not in solve order");
            if (chain[c] > longest) longest = chain[c], before[u] = c;
        }
        chain[u] = longest + double(units[u].positions);
        if (last == units.size() || chain[u] > chain[last]) last = u;
    }
    std::vector<std::size_t> path;
    for (std::size_t u = last; u < units.size(); u = before[u]) path.push_back(u);
    std::reverse(path.begin(), path.end());
    return path;
}

double ProjectionModel::speedup(int team) const {
    const double k = std::max(1, team);
    return k / (1 + serial_share * (k - 1));
}

std::vector<ProjectedUnit> project_run(const std::vector<PlannedUnit>& units, const ProjectionModel& model) {
    std::vector<double> work;
    std::vector<std::vector<std::size_t>> needs;
    for (const PlannedUnit& p : units) {
        work.push_back(double(p.positions));
        needs.push_back(p.needs);
    }
    // Several ranks: a unit takes one rank, whatever its size; one rank per
    // node, so each has its own memory (docs/CLUSTER.md).
    UnitScheduler scheduler =
        model.ranks > 1
            ? UnitScheduler::over_workers(std::move(work), std::move(needs), model.ranks, /*share_memory=*/false)
            : UnitScheduler(std::move(work), std::move(needs), model.threads, model.positions_per_thread);
    std::vector<ProjectedUnit> order;
    using Ending = std::pair<double, std::size_t>;  // (end, index into order)
    std::priority_queue<Ending, std::vector<Ending>, std::greater<>> running;
    double now = 0;
    for (;;) {
        while (auto s = scheduler.next()) {
            scheduler.start(s->unit, s->team);
            const int threads = model.threads_of(s->team);
            const double end = now + model.seconds(double(units[s->unit].positions), threads);
            running.emplace(end, order.size());
            order.push_back({s->unit, threads, now, end});
        }
        if (running.empty()) break;
        const auto [end, k] = running.top();
        running.pop();
        now = end;
        scheduler.finished(order[k].unit);
    }
    if (order.size() != units.size()) throw std::logic_error("project_run: a unit never became ready");
    return order;
}

}  // namespace mtb
