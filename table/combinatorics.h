// Binomial coefficients and the colexicographic rank of a k-subset.
//
// The colex rank of a set of points {p_1 < ... < p_k} is
// sum_i C(p_i, i): it orders k-subsets exactly as their bitmasks compare as
// integers, so "the smallest mask" and "rank 0" agree.  Indexing uses it to
// number the opponent's stones on the free points of a sector.
#pragma once

#include <array>
#include <bit>
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

// The next larger mask with the same popcount (Gosper's hack): walks the
// k-subsets in increasing mask (= colex) order.  x must not be 0.
inline Bitboard next_subset(Bitboard x) {
    const Bitboard c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

// Colex rank of `mask` among masks with the same popcount.
inline std::uint64_t colex_rank(Bitboard mask) {
    std::uint64_t r = 0;
    for (int i = 1; mask; ++i) r += kBinomials.c[pop_lsb(mask)][i];
    return r;
}

// Colex rank of a set of points below 24, by bytes: the points of byte b
// (bits 8b..8b+7) contribute sum C(p, i) with i counting from the number of
// points in the lower bytes, so one table row per (byte, points below).
// Three lookups and two popcounts instead of a loop over the set bits; the
// tables take 27 KiB of 32-bit entries (C(24, 12) < 2^32).
struct ColexByteTables {
    std::array<std::uint32_t, 256> low{};                   // bits 0..7
    std::array<std::array<std::uint32_t, 256>, 9> mid{};    // bits 8..15, by points in bits 0..7
    std::array<std::array<std::uint32_t, 256>, 17> high{};  // bits 16..23, by points in bits 0..15
    static constexpr std::uint32_t part(int byte, int below, unsigned v) {
        std::uint64_t r = 0;
        int i = below;
        for (int j = 0; j < 8; ++j)
            if (v >> j & 1) r += kBinomials.c[8 * byte + j][++i];
        return std::uint32_t(r);
    }
    constexpr ColexByteTables() {
        for (unsigned v = 0; v < 256; ++v) {
            low[v] = part(0, 0, v);
            for (int c = 0; c <= 8; ++c) mid[c][v] = part(1, c, v);
            for (int c = 0; c <= 16; ++c) high[c][v] = part(2, c, v);
        }
    }
};
inline constexpr ColexByteTables kColexBytes{};

// colex_rank() for masks below bit 24 (every index board fits).
inline std::uint32_t colex_rank24(Bitboard mask) {
    assert(mask < (Bitboard(1) << 24));
    const unsigned lo = mask & 255, mid = (mask >> 8) & 255, hi = (mask >> 16) & 255;
    return kColexBytes.low[lo] + kColexBytes.mid[std::popcount(lo)][mid] +
           kColexBytes.high[std::popcount(mask & 0xFFFF)][hi];
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
