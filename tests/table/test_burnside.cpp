// distinct_positions (Burnside) against brute-force enumeration of canonical
// forms; the group and raw counts against known figures.
#include "tests/catch.hpp"

#include "index_test_util.h"
#include "table/combinatorics.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("Burnside's count equals the number of brute-force canonical forms", "[index][burnside]") {
    for (const Rules& r : all_rules()) {
        if (r.name != "nmm" && r.name != "morabaraba" && r.name != "morris18" && r.name != "six") continue;
        const Board& b = *r.board;
        for (int k = 0; k <= 3; ++k)
            for (int m = 0; m <= 3; ++m) {
                Sector s{std::uint8_t(k), std::uint8_t(m), 0, 0};
                std::uint64_t canonical = 0, raw = 0;
                for_each_position(b.size, k, m, [&](Bitboard us, Bitboard them) {
                    ++raw;
                    NormalPosition c = brute_canonical(b, {us, them});
                    canonical += c.us == us && c.them == them;
                });
                INFO(r.name << " " << k << "v" << m);
                CHECK(raw == raw_positions(r, s));
                CHECK(canonical == distinct_positions(r, s));
            }
    }
}

TEST_CASE("symmetry groups have the expected orders", "[index][burnside]") {
    CHECK(find_rules("nmm")->board->symmetries.size() == 16);
    CHECK(find_rules("six")->board->symmetries.size() == 16);
    // One stone: the orbits of points.  standard24: outer/inner corners,
    // outer/inner midpoints, middle corners, middle midpoints.
    CHECK(distinct_positions(*find_rules("nmm"), Sector{1, 0, 0, 0}) == 4);
    CHECK(distinct_positions(*find_rules("nmm"), Sector{0, 0, 0, 0}) == 1);
}

TEST_CASE("binomials and colex ranks", "[index][combinatorics]") {
    CHECK(binomial(24, 12) == 2704156);
    CHECK(binomial(5, 7) == 0);
    std::uint64_t expect = 0;
    for (Bitboard x = first_subset(5); x < (Bitboard(1) << 12); x = mtb::test::next_subset(x), ++expect) {
        REQUIRE(colex_rank(x) == expect);
        REQUIRE(colex_unrank(expect, 5, 12) == x);
    }
    CHECK(expect == binomial(12, 5));
}
