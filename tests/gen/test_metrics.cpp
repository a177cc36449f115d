// Cross-checks of the value metrics (metric_checks.h) on small sets; the
// nmm 3..4 and 4-stone Lasker ones are in test_gen_slow.cpp.
#include "metric_checks.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("dtm and dtc agree on win/draw/loss and dtc <= dtm: the whole six game", "[gen][metric]") {
    const Rules& r = *find_rules("six");
    compare_dtm_dtc(r, solve_units(r));
}

TEST_CASE("dtm and dtc agree on win/draw/loss and dtc <= dtm: lasker and morabaraba, 3 stones a side",
          "[gen][metric]") {
    for (const char* name : {"lasker", "morabaraba"}) {
        const Rules& r = *find_rules(name);
        INFO(name);
        compare_dtm_dtc(r, endgame_units(r, 3), false);  // every capture ends these games
    }
}

TEST_CASE("lasker-20 never contradicts lasker: 3 stones a side, every counter", "[gen][metric]") { compare_limit(3); }
