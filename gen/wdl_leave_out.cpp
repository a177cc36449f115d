#include "gen/wdl_leave_out.h"

#include <algorithm>
#include <map>
#include <set>

#include "gen/wdl_captures.h"

namespace mtb {
namespace {

struct Graph {
    std::vector<WdlSectorBytes> nodes;           // sorted by sector
    std::vector<std::vector<int>> successors;    // indices; -1 where a successor has no table
    std::vector<std::vector<int>> captures;      // indices of capture successors with a table
    std::vector<std::vector<int>> predecessors;  // indices

    int find(Sector s) const {
        auto it = std::lower_bound(nodes.begin(), nodes.end(), s,
                                   [](const WdlSectorBytes& a, Sector b) { return a.sector < b; });
        return it != nodes.end() && it->sector == s ? int(it - nodes.begin()) : -1;
    }
};

Graph graph_of(const Rules& r, const std::vector<WdlSectorBytes>& sectors) {
    Graph g;
    g.nodes = sectors;
    std::sort(g.nodes.begin(), g.nodes.end(),
              [](const WdlSectorBytes& a, const WdlSectorBytes& b) { return a.sector < b.sector; });
    const std::size_t n = g.nodes.size();
    g.successors.resize(n);
    g.captures.resize(n);
    g.predecessors.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const Sector s = g.nodes[i].sector;
        for (Sector c : successor_sectors(r, s)) {
            const int j = g.find(c);
            g.successors[i].push_back(j);
            if (j >= 0) g.predecessors[std::size_t(j)].push_back(int(i));
        }
        for (Sector c : capture_sectors(r, s))
            if (int j = g.find(c); j >= 0) g.captures[i].push_back(j);
    }
    return g;
}

std::uint64_t total(const Graph& g, const std::vector<char>& out) {
    std::uint64_t bytes = 0;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (out[i]) continue;
        const bool plain = std::any_of(g.captures[i].begin(), g.captures[i].end(), [&](int j) { return out[j]; });
        bytes += plain ? g.nodes[i].plain : g.nodes[i].resolved;
    }
    return bytes;
}

// Whether sector i may be left out at all: every successor has a table
// and it is not its own successor (movement sectors with as many stones a
// side are).
bool may_leave_out(const Graph& g, std::size_t i) {
    for (int j : g.successors[i])
        if (j < 0 || std::size_t(j) == i) return false;
    return true;
}

}  // namespace

std::vector<Sector> sectors_to_leave_out(const Rules& r, const std::vector<WdlSectorBytes>& sectors) {
    // Under a limit the win/draw/loss depends on the counter: no WDL sets.
    if (Metric::native(r).horizon()) return {};
    const Graph g = graph_of(r, sectors);
    const std::size_t n = g.nodes.size();
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return g.nodes[a].resolved > g.nodes[b].resolved; });
    std::vector<char> out(n, 0);
    std::uint64_t best = total(g, out);
    for (bool improved = true; improved;) {
        improved = false;
        for (std::size_t i : order) {
            std::vector<char> next = out;
            if (out[i]) {
                next[i] = 0;
            } else {
                if (!may_leave_out(g, i)) continue;
                next[i] = 1;  // and its neighbours back in: a left-out sector rests on kept ones only
                for (int j : g.successors[i]) next[std::size_t(j)] = 0;
                for (int j : g.predecessors[i]) next[std::size_t(j)] = 0;
            }
            if (const std::uint64_t bytes = total(g, next); bytes < best) {
                best = bytes;
                out = std::move(next);
                improved = true;
            }
        }
    }
    std::vector<Sector> result;
    for (std::size_t i = 0; i < n; ++i)
        if (out[i]) result.push_back(g.nodes[i].sector);
    return result;
}

bool stored_plain(const Rules& r, Sector s, const std::vector<Sector>& left_out) {
    for (Sector c : capture_sectors(r, s))
        if (std::binary_search(left_out.begin(), left_out.end(), c)) return true;
    return false;
}

std::uint64_t leave_out_bytes(const Rules& r, const std::vector<WdlSectorBytes>& sectors,
                              const std::vector<Sector>& left_out) {
    const Graph g = graph_of(r, sectors);
    std::vector<char> out(g.nodes.size(), 0);
    for (Sector s : left_out)
        if (int i = g.find(s); i >= 0) out[std::size_t(i)] = 1;
    return total(g, out);
}

}  // namespace mtb
