// Row lookups (SectorIndex::row / slot_in_row, and the row codes the
// verifier moves stones with) give slot_of's slot for every position:
// random positions of every rule set's sectors, including reps with a
// non-trivial stabiliser (the slow path).
#include "tests/catch.hpp"

#include <algorithm>
#include <random>

#include "index_test_util.h"
#include "table/index.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("row lookups equal slot_of, for random positions of every rule set", "[index][row]") {
    std::mt19937 rng(77);
    std::uint64_t stabilised_rows = 0, coded = 0, moves = 0;
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
                // Several placements of theirs on the points we leave free,
                // each also with one of their stones moved to a free point.
                for (int j = 0; j < 8; ++j) {
                    std::shuffle(pts.begin() + s.us_board, pts.end(), rng);
                    Bitboard them = 0;
                    for (int i = 0; i < s.them_board; ++i) them |= bit(pts[s.us_board + i]);
                    const std::uint64_t slot = idx.slot_of({us, them});
                    bad += idx.slot_in_row(row, them) != slot;
                    if (!SectorIndex::coded(row)) continue;
                    ++coded;
                    const std::uint32_t code = SectorIndex::row_code(row, them);
                    bad += SectorIndex::slot_of_code(row, code) != slot;
                    if (s.them_board == 0 || s.us_board + s.them_board == b.size) continue;
                    const Point from = Point(pts[s.us_board]), to = Point(pts[s.us_board + s.them_board]);
                    const std::uint32_t moved =
                        code ^ SectorIndex::row_code(row, bit(from)) ^ SectorIndex::row_code(row, bit(to));
                    bad += SectorIndex::slot_of_code(row, moved) != idx.slot_of({us, them ^ bit(from) ^ bit(to)});
                    ++moves;
                }
            }
            CHECK(bad == 0);
            stabilised_rows += stabilised;
        }
    }
    CHECK(stabilised_rows > 0);  // the slow path was exercised too
    CHECK(coded > 1000);
    CHECK(moves > 1000);
}
