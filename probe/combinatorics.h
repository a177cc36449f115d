// Binomial coefficients and the colexicographic rank of a k-subset.
//
// The colex rank of a set of points {p_1 < ... < p_k} is
// sum_i C(p_i, i): it orders k-subsets exactly as their bitmasks compare as
// integers, so "the smallest mask" and "rank 0" agree.  Indexing uses it to
// number the opponent's stones on the free points of a sector.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "engine/types.h"

namespace mtb {

// C(n, k) for 0 <= n, k <= 32; 0 when k > n.
struct BinomialTable {
    std::array<std::array<std::uint64_t, 33>, 33> c{};
    constexpr BinomialTable() {
        for (int n = 0; n <= 32; ++n) {
            c[n][0] = 1;
            for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
        }
    }
};
inline constexpr BinomialTable kBinomials{};

constexpr std::uint64_t binomial(int n, int k) {
    if (n < 0 || k < 0 || k > n) return 0;
    return kBinomials.c[n][k];
}

// Colex rank of `mask` among masks with the same popcount.
inline std::uint64_t colex_rank(Bitboard mask) {
    std::uint64_t r = 0;
    for (int i = 1; mask; ++i) r += kBinomials.c[pop_lsb(mask)][i];
    return r;
}

// The k-subset of colex rank `rank` (rank < C(n, k) for the caller's n).
inline Bitboard colex_unrank(std::uint64_t rank, int k, int n) {
    Bitboard mask = 0;
    for (int i = k; i >= 1; --i) {
        // The largest p < n with C(p, i) <= rank.
        int p = n - 1;
        while (kBinomials.c[p][i] > rank) --p;
        mask |= bit(p);
        rank -= kBinomials.c[p][i];
        n = p;
    }
    assert(rank == 0);
    return mask;
}

}  // namespace mtb
