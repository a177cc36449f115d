// Row lookups (SectorIndex::row / slot_in_row / slots_of) give slot_of's
// slot for every position: random positions of every rule set's sectors,
// including reps with a non-trivial stabiliser (the slow path).
#include "tests/catch.hpp"

#include <algorithm>
#include <random>

#include "index_test_util.h"
#include "probe/index.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("row lookups equal slot_of, for random positions of every rule set", "[index][row]") {
    std::mt19937 rng(77);
    std::uint64_t stabilised_rows = 0;
    for (const Rules& r : all_rules()) {
        const Board& b = *r.board;
        auto reps = board_count_representatives(solve_units(r));
        std::shuffle(reps.begin(), reps.end(), rng);
        if (reps.size() > 12) reps.resize(12);
        for (const Sector& s : reps) {
            INFO(r.name << " sector " << s.name());
            const SectorIndex idx(r, s);
            std::uint64_t bad = 0, stabilised = 0;
            for (int trial = 0; trial < 200; ++trial) {
                std::vector<int> pts(b.size);
                for (int i = 0; i < b.size; ++i) pts[i] = i;
                std::shuffle(pts.begin(), pts.end(), rng);
                Bitboard us = 0;
                for (int i = 0; i < s.us_board; ++i) us |= bit(pts[i]);
                const SectorIndex::Row row = idx.row(us);
                stabilised += row.stab >= 0;
                // Several placements of theirs on the points we leave free.
                Bitboard them[8];
                for (int j = 0; j < 8; ++j) {
                    std::shuffle(pts.begin() + s.us_board, pts.end(), rng);
                    them[j] = 0;
                    for (int i = 0; i < s.them_board; ++i) them[j] |= bit(pts[s.us_board + i]);
                }
                std::uint64_t batch[8];
                idx.slots_of(us, them, 8, batch);
                for (int j = 0; j < 8; ++j) {
                    const std::uint64_t slot = idx.slot_of({us, them[j]});
                    bad += idx.slot_in_row(row, them[j]) != slot;
                    bad += batch[j] != slot;
                }
            }
            CHECK(bad == 0);
            stabilised_rows += stabilised;
        }
    }
    CHECK(stabilised_rows > 0);  // the slow path was exercised too
}
