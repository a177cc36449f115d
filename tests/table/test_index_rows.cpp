// Row lookups (SectorIndex::row / slot_in_row, and the row codes the
// verifier moves stones with) give slot_of's slot for every position:
// random positions of every rule set's sectors, including reps with a
// non-trivial stabiliser (the slow path).
#include "tests/catch.hpp"

#include <algorithm>
#include <random>

#include "index_test_util.h"
#include "table/combinatorics.h"
#include "table/index.h"
#include "table/index_symmetry.h"

using namespace mtb;
using namespace mtb::test;

// Up to 12 of r's sectors, one for each pair of board counts, at random.
static std::vector<Sector> some_representatives(const Rules& r, std::mt19937& rng) {
    auto reps = board_count_representatives(solve_units(r));
    std::shuffle(reps.begin(), reps.end(), rng);
    if (reps.size() > 12) reps.resize(12);
    return reps;
}

// The board's points in random order in `pts`, and the first `count` of
// them as a set of stones (the rest are free for the opponent's).
static Bitboard random_stones(const Board& b, int count, std::vector<int>& pts, std::mt19937& rng) {
    pts.resize(std::size_t(b.size));
    for (int i = 0; i < b.size; ++i) pts[std::size_t(i)] = i;
    std::shuffle(pts.begin(), pts.end(), rng);
    Bitboard stones = 0;
    for (int i = 0; i < count; ++i) stones |= bit(pts[std::size_t(i)]);
    return stones;
}

TEST_CASE("row lookups equal slot_of, for random positions of every rule set", "[index][row]") {
    std::mt19937 rng(77);
    std::uint64_t stabilised_rows = 0, coded = 0, moves = 0;
    for (const Rules& r : all_rules()) {
        const Board& b = *r.board;
        const std::vector<Sector> reps = some_representatives(r, rng);
        for (const Sector& s : reps) {
            INFO(r.name << " sector " << s.name());
            const SectorIndex idx(r, s);
            std::uint64_t bad = 0, stabilised = 0;
            for (int trial = 0; trial < 200; ++trial) {
                std::vector<int> pts;
                const Bitboard us = random_stones(b, s.us_board, pts, rng);
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

// row_code_slots, the solver's placement keys for rows of both kinds: every
// code of a row (every placement of theirs on the rep's free points, in the
// rep's frame) names slot_of's slot, each slot of the row is named, and
// none outside it.
TEST_CASE("every code of a row, stabilised or not, names its slot through row_code_slots", "[index][row]") {
    std::mt19937 rng(78);
    std::uint64_t stabilised_rows = 0, codes = 0;
    for (const Rules& r : all_rules()) {
        const Board& b = *r.board;
        const std::vector<Sector> reps = some_representatives(r, rng);
        for (const Sector& s : reps) {
            if (binomial(b.size - s.us_board, s.them_board) > 40000) continue;
            INFO(r.name << " sector " << s.name());
            const SectorIndex idx(r, s);
            std::uint64_t bad = 0;
            for (int trial = 0; trial < 24; ++trial) {
                std::vector<int> pts;
                const Bitboard us = random_stones(b, s.us_board, pts, rng);
                const SectorIndex::Row row = idx.row(us);
                stabilised_rows += row.stab >= 0;
                const std::uint64_t first = idx.row_first(row), slots = idx.row_slots(row);
                const int free = popcount(row.free);
                const std::uint64_t n = binomial(free, s.them_board);
                std::vector<std::uint32_t> code_slots(n);
                idx.row_code_slots(row, code_slots.data());
                std::vector<bool> named(slots);
                const Bitboard rep = b.all & ~row.free;
                Bitboard x = first_subset(s.them_board);
                for (std::uint64_t c = 0; c < n; ++c, x = s.them_board == 0 ? 0 : mtb::next_subset(x)) {
                    const std::uint64_t slot = idx.slot_of({rep, deposit_bits(x, row.free)});
                    bad += code_slots[c] >= slots || first + code_slots[c] != slot;
                    if (code_slots[c] < slots) named[code_slots[c]] = true;
                    ++codes;
                }
                bad += std::uint64_t(std::count(named.begin(), named.end(), false));
            }
            CHECK(bad == 0);
        }
    }
    CHECK(stabilised_rows > 0);
    CHECK(codes > 100000);
}
