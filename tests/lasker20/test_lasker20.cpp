// lasker-20 tables (gen/capture_clock_solver.h) against the independent
// minimax of clock_checker.h: every position of small classes, at every
// counter 0..L-1.
#include "check_all.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("clock values equal minimax at every counter: 4 stones a side, limit 20, 3x3 grid", "[lasker20]") {
    const Rules r = variant("grid9", 20);
    CHECK(check_all(r, small_units(r, 4, 8)) > 10000);
}

TEST_CASE("clock values equal minimax at every counter: 4 stones a side, limit 5, 3x3 grid", "[lasker20]") {
    // A short limit: many positions are decided only at low counters.
    const Rules r = variant("grid9", 5);
    CHECK(check_all(r, small_units(r, 4, 8)) > 1000);
}
