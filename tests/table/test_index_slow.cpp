// Exhaustive checks over large sectors: every slot of every morris18 sector,
// and the total slot count over every nmm sector against Burnside.
#include "tests/catch.hpp"

#include <map>

#include "index_test_util.h"
#include "table/index.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("morris18: every slot of every sector round trips", "[index][roundtrip][slow]") {
    const Rules& r = *find_rules("morris18");
    std::uint64_t sectors = 0;
    for (const Sector& s : board_count_representatives(solve_units(r))) {
        ++sectors;
        INFO("sector " << s.name());
        SectorIndex idx(r, s);
        REQUIRE(idx.slots() == distinct_positions(r, s));
        std::uint64_t bad = 0;
        for (std::uint64_t slot = 0; slot < idx.slots(); ++slot) {
            NormalPosition p;
            if (!idx.position_of(slot, p)) {
                ++bad;
                continue;
            }
            NormalPosition c = brute_canonical(*r.board, p);
            bad += popcount(p.us) != s.us_board || popcount(p.them) != s.them_board || (p.us & p.them) ||
                   c.us != p.us || c.them != p.them || idx.slot_of(p) != slot;
        }
        CHECK(bad == 0);
    }
    CHECK(sectors >= 30);  // a count floor: the loop reached the game's sectors
}

TEST_CASE("nmm: slots over all sectors equal the exact number of distinct positions", "[index][count][slow]") {
    const Rules& r = *find_rules("nmm");
    auto units = solve_units(r);
    std::map<std::pair<int, int>, std::uint64_t> slots_of;
    for (const Sector& s : board_count_representatives(units))
        slots_of[{s.us_board, s.them_board}] = SectorIndex(r, s).slots();
    std::uint64_t slots = 0, distinct = 0;
    for (const SolveUnit& u : units)
        for (const Sector& s : u.sectors) {
            slots += slots_of.at({s.us_board, s.them_board});
            distinct += distinct_positions(r, s);
        }
    CHECK(slots == distinct);
}
