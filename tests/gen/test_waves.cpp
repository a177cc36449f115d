// Units solved side by side (gen/generate.h): the waves respect every
// dependency, and concurrent small units write the same tables as one
// thread solving them in order.
#include "tests/catch.hpp"

#include <filesystem>
#include <map>

#include "cross_check.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("a unit's wave comes after the waves of every unit it reads", "[gen][waves]") {
    for (const char* name : {"nmm", "lasker", "six"}) {
        const Rules& r = *find_rules(name);
        const auto units = solve_units(r);
        const std::vector<int> wave = unit_waves(r, units);
        REQUIRE(wave.size() == units.size());
        std::map<Sector, std::size_t> unit_of;
        for (std::size_t u = 0; u < units.size(); ++u)
            for (Sector s : units[u].sectors) unit_of[s] = u;
        int bad = 0, edges = 0;
        for (std::size_t u = 0; u < units.size(); ++u)
            for (Sector s : units[u].sectors)
                for (Sector c : successor_sectors(r, s))
                    if (unit_of.count(c) && unit_of[c] != u) {
                        ++edges;
                        bad += wave[unit_of[c]] >= wave[u];
                    }
        INFO(name);
        CHECK(edges > 0);
        CHECK(bad == 0);
    }
}

TEST_CASE("small units side by side write the tables one thread writes", "[gen][waves][threads]") {
    // The whole of six: 77 sectors in small units, most of a wave run
    // concurrently when every unit counts as small.
    const Rules& r = *find_rules("six");
    const auto units = solve_units(r);
    const std::vector<int> wave = unit_waves(r, units);
    std::map<int, int> per_wave;
    for (int w : wave) ++per_wave[w];
    int widest = 0;
    for (auto [w, n] : per_wave) widest = std::max(widest, n);
    REQUIRE(widest > 2);  // the test runs units side by side
    const std::string d1 = scratch_dir("waves1"), d2 = scratch_dir("waves2");
    std::vector<UnitResult> results;
    GenOptions one;
    one.dir = d1;
    one.threads = 1;
    REQUIRE(!generate_units(r, units, one, results));
    GenOptions side_by_side;
    side_by_side.dir = d2;
    side_by_side.threads = 2;
    side_by_side.small_unit_slots_per_thread = std::uint64_t(1) << 40;
    REQUIRE(!generate_units(r, units, side_by_side, results));
    REQUIRE(results.size() == units.size());
    int compared = 0;
    for (std::size_t u = 0; u < units.size(); ++u) {
        CHECK(!results[u].sectors.empty());
        for (Sector s : units[u].sectors) {
            std::vector<ValueCode> a, b;
            REQUIRE(!load_table(d1 + "/" + table_file_name(r, s), r, s, a));
            REQUIRE(!load_table(d2 + "/" + table_file_name(r, s), r, s, b));
            CHECK(a == b);
            ++compared;
        }
    }
    CHECK(compared == 77);
    std::filesystem::remove_all(d1);
    std::filesystem::remove_all(d2);
}
