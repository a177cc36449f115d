// lasker-20 tables (gen/solver.h in DTC to the limit) against the independent
// minimax of clock_checker.h: every position of small classes, at every
// counter 0..L-1, on the 16-point board and on the Lasker board itself with
// a shorter limit (slow: up to 20 s each).
#include "check_all.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("clock values equal minimax at every counter: 3 stones a side, limit 6, ring16", "[lasker20]") {
    const Rules r = variant("ring16", 6);
    CHECK(check_all(r, small_units(r, 3, 6)) > 100000);
}

TEST_CASE("clock values equal minimax at every counter: captures into 3v3, limit 4, ring16", "[lasker20]") {
    // 4 against 3: a capture leads to a smaller class that goes on, at counter 0.
    const Rules r = variant("ring16", 4);
    CHECK(check_all(r, small_units(r, 4, 7)) > 100000);
}

TEST_CASE("clock values equal minimax at every counter: 3 stones a side, limit 2, the Lasker board", "[lasker20]") {
    // The 24-point board itself (its index, symmetries and mills), with
    // the limit cut to 2 so that every state fits in a test (limit 4 took
    // twelve times the CPU, two minutes of CI); the limit's own logic is
    // checked on the small boards above (limits 4, 5, 6 and 20).
    const Rules r = variant("standard24", 2);
    CHECK(check_all(r, small_units(r, 3, 6)) > 100000);
}

// lasker-20 itself on the Lasker board: hidden ([.]), since it takes about
// 22 minutes and 2.8 GB; run it with
//   build/tests/gen/lasker20/test_lasker20_slow "[lasker20-full]"
TEST_CASE("clock values equal minimax at every counter: 3 stones a side, limit 20, the Lasker board",
          "[.][lasker20-full]") {
    const Rules r = variant("standard24", 20);
    CHECK(check_all(r, small_units(r, 3, 6)) > 100000);
}
