// StabilizerTest (gen/stabilizer.h), built on the index's symmetry tables,
// against Board::transform's plain loop over the permutations.
#include "tests/catch.hpp"

#include <random>

#include "gen/stabilizer.h"

using namespace mtb;

namespace {

bool fixed_by_nontrivial_naive(const Board& b, Bitboard stones) {
    for (int s = 1; s < int(b.symmetries.size()); ++s)
        if (b.transform(s, stones) == stones) return true;
    return false;
}

}  // namespace

TEST_CASE("StabilizerTest agrees with Board::transform on random and on symmetric stone sets", "[gen][symmetry]") {
    std::mt19937 rng(2024);
    for (const Board& b : all_boards()) {
        INFO(b.name);
        const StabilizerTest test(b);
        int fixed = 0;
        for (int trial = 0; trial < 20000; ++trial) {
            Bitboard stones = Bitboard(rng()) & b.all;
            // Every other set is made symmetric: the union of its images
            // under one symmetry's powers, so fixed sets occur often.
            if (trial % 2) {
                const int s = int(rng() % b.symmetries.size());
                for (Bitboard image = b.transform(s, stones); (image | stones) != stones; image = b.transform(s, image))
                    stones |= image;
            }
            const bool expected = fixed_by_nontrivial_naive(b, stones);
            fixed += expected;
            CHECK(test.fixed_by_nontrivial(stones) == expected);
        }
        if (b.symmetries.size() > 1) CHECK(fixed > 0);
    }
}
