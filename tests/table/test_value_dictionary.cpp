// The value dictionary (table/value_dictionary.h): table files and the
// solver's child tables both number symbols in this order, so it must stay
// exactly "most frequent first, equal counts in code order".
#include "tests/catch.hpp"

#include <vector>

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
