// perft() against the naive perft at depth 5 on every case of
// perft_cases.h (issue 2, item 8: "for every rule set to depth 5").  Slow
// in sanitizer builds, so ctest labels this binary "slow".
#include "tests/catch.hpp"

#include "engine/notation.h"
#include "engine/perft.h"
#include "naive.h"
#include "perft_cases.h"

using namespace mtb;

TEST_CASE("perft agrees with the naive perft at depth 5, every rule set", "[perft][naive][slow]") {
    for (const testing::PerftCase& c : testing::kPerftCases) {
        const Rules& r = *find_rules(c.rules);
        Position p = start_position(r);
        if (c.position) REQUIRE(!parse_position(r, c.position, p));
        INFO(c.rules << " " << (c.position ? c.position : "start"));
        CHECK(perft(r, p, 5) == naive::perft(r, p, 5));
    }
}
