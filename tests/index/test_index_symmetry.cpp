// Every symmetric image of a position gets the same slot (random positions
// of every rule set's sectors).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>

#include "index_test_util.h"
#include "probe/index.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("symmetric images share a slot, for random positions of every rule set", "[index][symmetry]") {
    std::mt19937 rng(2024);
    for (const Rules& r : all_rules()) {
        const Board& b = *r.board;
        auto reps = board_count_representatives(solve_units(r));
        std::shuffle(reps.begin(), reps.end(), rng);
        if (reps.size() > 12) reps.resize(12);  // keep it quick; the slow test covers more
        for (const Sector& s : reps) {
            INFO(r.name << " sector " << s.name());
            SectorIndex idx(r, s);
            std::uint64_t bad = 0;
            for (int trial = 0; trial < 300; ++trial) {
                std::vector<int> pts(b.size);
                for (int i = 0; i < b.size; ++i) pts[i] = i;
                std::shuffle(pts.begin(), pts.end(), rng);
                NormalPosition p;
                for (int i = 0; i < s.us_board; ++i) p.us |= bit(pts[i]);
                for (int i = 0; i < s.them_board; ++i) p.them |= bit(pts[s.us_board + i]);
                const std::uint64_t slot = idx.slot_of(p);
                NormalPosition back;
                const NormalPosition c = brute_canonical(b, p);
                bad += slot >= idx.slots() || !idx.position_of(slot, back) || back.us != c.us || back.them != c.them;
                for (int g = 0; g < int(b.symmetries.size()); ++g)
                    bad += idx.slot_of({b.transform(g, p.us), b.transform(g, p.them)}) != slot;
            }
            CHECK(bad == 0);
        }
    }
}
