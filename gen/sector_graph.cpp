#include "gen/sector_graph.h"

#include <algorithm>
#include <functional>
#include <map>

namespace mtb {

namespace {

// Tarjan's algorithm.  It emits each strongly connected component after
// every component reachable from it, which is exactly the solve order.
struct Tarjan {
    const Rules& r;
    std::map<Sector, int> index, low;
    std::vector<Sector> stack;
    std::map<Sector, bool> on_stack;
    std::vector<SolveUnit> units;
    int counter = 0;

    void visit(Sector v) {
        index[v] = low[v] = counter++;
        stack.push_back(v);
        on_stack[v] = true;
        for (Sector w : successor_sectors(r, v)) {
            if (!index.count(w)) {
                visit(w);
                low[v] = std::min(low[v], low[w]);
            } else if (on_stack[w]) {
                low[v] = std::min(low[v], index[w]);
            }
        }
        if (low[v] != index[v]) return;
        SolveUnit u;
        for (;;) {
            Sector w = stack.back();
            stack.pop_back();
            on_stack[w] = false;
            u.sectors.push_back(w);
            if (w == v) break;
        }
        std::sort(u.sectors.begin(), u.sectors.end());
        units.push_back(std::move(u));
    }
};

}  // namespace

std::vector<SolveUnit> solve_units(const Rules& r) {
    // Recursion depth is bounded by the number of sectors (a few thousand).
    Tarjan t{r, {}, {}, {}, {}, {}, 0};
    Sector start{0, 0, std::uint8_t(r.stones), std::uint8_t(r.stones)};
    t.visit(start);
    return std::move(t.units);
}

namespace {

// The units of the whole game whose every sector passes `keep`, in solve
// order (a unit is kept or dropped whole).
std::vector<SolveUnit> units_where(const Rules& r, const std::function<bool(const Sector&)>& keep) {
    std::vector<SolveUnit> out;
    for (SolveUnit& u : solve_units(r))
        if (std::all_of(u.sectors.begin(), u.sectors.end(), keep)) out.push_back(std::move(u));
    return out;
}

}  // namespace

std::vector<SolveUnit> movement_units(const Rules& r, int max_stones) {
    return units_where(r, [&](const Sector& s) { return s.movement_only() && s.stones_a_side() <= max_stones; });
}

std::vector<SolveUnit> stone_bounded_units(const Rules& r, int max_stones) {
    return units_where(r, [&](const Sector& s) { return s.stones_a_side() <= max_stones; });
}

std::vector<SolveUnit> endgame_units(const Rules& r, int max_stones) {
    return r.move_while_in_hand ? stone_bounded_units(r, max_stones) : movement_units(r, max_stones);
}

}  // namespace mtb
