// Independent reference code for the index tests: canonical forms by brute
// force through Board::transform (not the index's byte tables).
#pragma once

#include <set>
#include <utility>
#include <vector>

#include "engine/rules.h"
#include "gen/sector_graph.h"
#include "table/sector.h"

namespace mtb::test {

// The lexicographically smallest (us, them) image over the symmetry group.
inline NormalPosition brute_canonical(const Board& b, NormalPosition p) {
    NormalPosition best = p;
    for (int s = 1; s < int(b.symmetries.size()); ++s) {
        NormalPosition q{b.transform(s, p.us), b.transform(s, p.them)};
        if (q.us < best.us || (q.us == best.us && q.them < best.them)) best = q;
    }
    return best;
}

// The distinct (us_board, them_board) pairs of `units`' sectors, each with
// one sector having them: the index depends on nothing else.
inline std::vector<Sector> board_count_representatives(const std::vector<SolveUnit>& units) {
    std::set<std::pair<int, int>> seen;
    std::vector<Sector> out;
    for (const SolveUnit& u : units)
        for (const Sector& s : u.sectors)
            if (seen.insert({s.us_board, s.them_board}).second) out.push_back(s);
    return out;
}

// Smallest mask with `k` bits set, and the next one with as many (Gosper).
inline Bitboard first_subset(int k) { return k == 0 ? 0 : (Bitboard(1) << k) - 1; }
inline Bitboard next_subset(Bitboard x) {
    Bitboard c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

// Calls f(us, them) for every placement of k and m stones on n points.
template <class F>
void for_each_position(int n, int k, int m, F f) {
    const Bitboard all = (Bitboard(1) << n) - 1;
    for (Bitboard us = first_subset(k); (us & ~all) == 0; us = k ? next_subset(us) : all + 1) {
        const Bitboard free = all & ~us;
        // Enumerate subsets of `free` with m bits: walk m-subsets of n bits and skip overlaps.
        for (Bitboard them = first_subset(m); (them & ~all) == 0; them = m ? next_subset(them) : all + 1)
            if (!(them & ~free)) f(us, them);
        if (k == 0) break;
    }
}

}  // namespace mtb::test
