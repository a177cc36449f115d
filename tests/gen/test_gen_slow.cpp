// Slow cross-checks (ctest label "slow"): whole sector sets solved by gen/
// and by the simple solver must agree on every position, value and distance.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cross_check.h"
#include "gen/verify.h"
#include "probe/table_writer.h"

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
        for (Sector s : u.sectors) problems += verify_values(dir + "/" + table_file_name(r, s), value_check(2)).size();
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
