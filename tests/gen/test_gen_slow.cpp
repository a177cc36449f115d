// Slow cross-checks (ctest label "slow"): whole sector sets solved by gen/
// and by the simple solver must agree on every position, value and distance.
#include "tests/catch.hpp"

#include <algorithm>
#include <filesystem>

#include "cross_check.h"
#include "gen/verify.h"
#include "metric_checks.h"
#include "table/table_writer.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("six: the whole game agrees with the simple solver", "[gen][slow]") {
    const Rules& r = *find_rules("six");
    auto units = solve_units(r);
    std::string dir = scratch_dir("six");
    gen_units(r, units, dir, 2);
    SimpleSolver simple(r, SimpleSolver::all_sectors(r));
    simple.solve();
    CHECK(compare_with_simple(r, units, dir, simple) > 1000000);
    // Every table also passes the value verifier.
    std::size_t problems = 0;
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) problems += verify_values(table_path(dir, r, s), value_check(2)).size();
    CHECK(problems == 0);
    std::filesystem::remove_all(dir);
}

TEST_CASE("nmm 3v3, 3v4, 4v3 agree with the simple solver", "[gen][slow]") {
    const Rules& r = *find_rules("nmm");
    auto units = movement_units(r, 4);
    REQUIRE(units.size() == 3);
    units.pop_back();  // 4v4
    std::string dir = scratch_dir("nmm34");
    gen_units(r, units, dir, 2);
    SimpleSolver simple(r, {{3, 3, 0, 0}, {3, 4, 0, 0}, {4, 3, 0, 0}});
    simple.solve();
    CHECK(compare_with_simple(r, units, dir, simple) > 1000000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("morris18 movement sectors 3..4 agree with the simple solver", "[gen][slow]") {
    // board18, flying only with exactly 3 on the board, no removal when all are in mills.
    const Rules& r = *find_rules("morris18");
    auto units = movement_units(r, 4);
    REQUIRE(units.size() == 3);
    std::string dir = scratch_dir("m18");
    gen_units(r, units, dir, 2);
    SimpleSolver simple(r, {{3, 3, 0, 0}, {3, 4, 0, 0}, {4, 3, 0, 0}, {4, 4, 0, 0}});
    simple.solve();
    CHECK(compare_with_simple(r, units, dir, simple) > 100000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("lasker with 3 stones a side agrees with the simple solver", "[gen][slow]") {
    // Placing and moving mix here, so units with stones in hand repeat.
    const Rules& r = *find_rules("lasker");
    auto three = [](Sector s) { return s.us_board + s.us_hand == 3 && s.them_board + s.them_hand == 3; };
    std::vector<SolveUnit> units;
    for (const SolveUnit& u : solve_units(r))
        if (std::all_of(u.sectors.begin(), u.sectors.end(), three)) units.push_back(u);
    REQUIRE(units.size() == 4);  // 3v3 and the twins 2v3+1+0, 1v3+2+0, 0v3+3+0
    std::string dir = scratch_dir("lasker3");
    gen_units(r, units, dir, 2);
    std::vector<RawSector> sectors;
    for (int uh = 0; uh <= 3; ++uh)
        for (int th = 0; th <= 3; ++th) sectors.push_back({3 - uh, 3 - th, uh, th});
    SimpleSolver simple(r, sectors);
    simple.solve();
    CHECK(compare_with_simple(r, units, dir, simple) > 100000);
    std::filesystem::remove_all(dir);
}

TEST_CASE("dtm and dtc agree on win/draw/loss and dtc <= dtm: nmm 3..4", "[gen][slow][metric]") {
    const Rules& r = *find_rules("nmm");
    compare_dtm_dtc(r, movement_units(r, 4));
}

TEST_CASE("lasker-20 never contradicts lasker: 4 stones a side, every counter", "[gen][slow][metric]") {
    compare_limit(4);
}
