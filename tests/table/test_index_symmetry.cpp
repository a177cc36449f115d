// Every symmetric image of a position gets the same slot (random positions
// of every rule set's sectors).
#include "tests/catch.hpp"

#include <algorithm>
#include <map>
#include <random>

#include "index_test_util.h"
#include "table/index.h"
#include "table/index_symmetry.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("symmetric images share a slot, for random positions of every rule set", "[index][symmetry]") {
    std::mt19937 rng(2024);
    for (const Rules& r : all_rules()) {
        const Board& b = *r.board;
        auto reps = board_count_representatives(solve_units(r));
        std::shuffle(reps.begin(), reps.end(), rng);
        if (reps.size() > 12) reps.resize(12);  // keep it quick; the slow test covers more
        for (const Sector& s : reps) {
            INFO(r.name << " sector " << s.name());
            SectorIndex idx(r, s);
            std::uint64_t bad = 0;
            for (int trial = 0; trial < 300; ++trial) {
                std::vector<int> pts(b.size);
                for (int i = 0; i < b.size; ++i) pts[i] = i;
                std::shuffle(pts.begin(), pts.end(), rng);
                NormalPosition p;
                for (int i = 0; i < s.us_board; ++i) p.us |= bit(pts[i]);
                for (int i = 0; i < s.them_board; ++i) p.them |= bit(pts[s.us_board + i]);
                const std::uint64_t slot = idx.slot_of(p);
                NormalPosition back;
                const NormalPosition c = brute_canonical(b, p);
                bad += slot >= idx.slots() || !idx.position_of(slot, back) || back.us != c.us || back.them != c.them;
                for (int g = 0; g < int(b.symmetries.size()); ++g)
                    bad += idx.slot_of({b.transform(g, p.us), b.transform(g, p.them)}) != slot;
            }
            CHECK(bad == 0);
        }
    }
}

TEST_CASE("the portable pext, pdep and select give what the bit-by-bit definitions give", "[index][bits]") {
    // The definitions, one bit at a time.
    auto extract = [](Bitboard x, Bitboard mask) {
        Bitboard r = 0;
        for (int b = 0, k = 0; b < 32; ++b)
            if (mask >> b & 1) r |= (x >> b & 1) << k++;
        return r;
    };
    auto deposit = [](Bitboard x, Bitboard mask) {
        Bitboard r = 0;
        for (int b = 0, k = 0; b < 32; ++b)
            if (mask >> b & 1) r |= (x >> k++ & 1) << b;
        return r;
    };
    auto select = [](std::uint64_t word, unsigned j) {
        for (unsigned b = 0;; ++b)
            if (word >> b & 1 && j-- == 0) return b;
    };
    std::mt19937_64 rng(14);
    std::uint64_t bad = 0;
    for (int trial = 0; trial < 200000; ++trial) {
        const std::uint64_t w = rng();
        // Sparse and dense masks as well as even ones.
        const Bitboard x = Bitboard(w), mask = Bitboard(trial % 3 == 0   ? w >> 32 & rng()
                                                        : trial % 3 == 1 ? w >> 32 | rng()
                                                                         : w >> 32);
        bad += portable_extract_bits(x, mask) != extract(x, mask);
        bad += portable_deposit_bits(x, mask) != deposit(x, mask);
        bad += extract_bits(x, mask) != extract(x, mask);  // pext where the build uses it
        bad += deposit_bits(x, mask) != deposit(x, mask);
        const std::uint64_t word = trial % 2 ? w : w & rng() & rng();
        if (word) {
            const unsigned j = unsigned(rng() % unsigned(std::popcount(word)));
            bad += portable_select_bit(word, j) != select(word, j);
            bad += select_bit(word, j) != select(word, j);
        }
    }
    // Every set bit of a few words, first and last included.
    for (std::uint64_t word :
         {~std::uint64_t(0), std::uint64_t(1), std::uint64_t(1) << 63, std::uint64_t(0xFF00000000000001)})
        for (unsigned j = 0; j < unsigned(std::popcount(word)); ++j)
            bad += portable_select_bit(word, j) != select(word, j);
    CHECK(bad == 0);
}
