// The value dictionary (table/value_dictionary.h): table files and the
// solver's child tables both number symbols in this order, so it must stay
// exactly "most frequent first, equal counts in code order".
#include "tests/catch.hpp"

#include <vector>

#include "table/code_counts.h"
#include "table/value_dictionary.h"

using namespace mtb;

TEST_CASE("codes_by_frequency: most frequent first, ties in code order, absent codes left out", "[probe][dictionary]") {
    const std::vector<ValueCode> values = {7, 3, 7, 0, 9, 3, 7, 1, 9, 65535, 0, 2};
    const std::vector<std::uint64_t> counts = count_codes(values);
    REQUIRE(counts.size() == 65536);
    CHECK(counts[7] == 3);
    CHECK(counts[0] == 2);
    CHECK(counts[65535] == 1);
    CHECK(counts[4] == 0);
    const std::vector<DictEntry> dict = codes_by_frequency(counts);
    const std::vector<std::pair<ValueCode, std::uint64_t>> expected = {{7, 3}, {0, 2}, {3, 2},    {9, 2},
                                                                       {1, 1}, {2, 1}, {65535, 1}};
    REQUIRE(dict.size() == expected.size());
    for (std::size_t i = 0; i < dict.size(); ++i) {
        INFO(i);
        CHECK(dict[i].code == expected[i].first);
        CHECK(dict[i].count == expected[i].second);
    }
    CHECK(codes_by_frequency(count_codes({})).empty());
}

TEST_CASE("count_codes over its four tables counts as one plain count", "[dictionary]") {
    // Long enough for the four tables (at least 65536 values), with a length
    // that is not a multiple of four, runs of one code, and every code
    // somewhere: a value dropped or counted in the wrong table shows.
    for (std::size_t n : {std::size_t(65536), std::size_t(200003)}) {
        INFO(n << " values");
        std::vector<ValueCode> values(n);
        for (std::size_t i = 0; i < n; ++i) values[i] = i % 7 < 4 ? ValueCode(1) : ValueCode((i * 40503u) & 0xffff);
        std::vector<std::uint64_t> plain(65536, 0);
        for (ValueCode v : values) ++plain[v];
        CHECK(count_codes(values) == plain);
    }
}

TEST_CASE("count_codes_parallel counts as count_codes on one, two and three threads", "[dictionary][threads]") {
    // Above two slices' worth (1 M slots each), with rare codes spread over
    // the whole range, so that every slice holds some and a slice lost or
    // counted twice changes the sums.
    std::vector<ValueCode> values(std::size_t(3) << 20);
    std::uint64_t seed = 99;
    for (ValueCode& v : values) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        v = (seed >> 60) ? ValueCode(2) : ValueCode(seed >> 33);
    }
    const std::vector<std::uint64_t> serial = count_codes(values);
    for (int threads : {1, 2, 3}) {
        INFO(threads << " threads");
        CHECK(count_codes_parallel(values, threads) == serial);
    }
    CHECK(count_codes_parallel({}, 2) == count_codes({}));
}
