// The them-major walk (table/class_walk.h) meets every slot of a sector
// exactly once, and the index's row codes agree with slot_of.
#include "tests/catch.hpp"

#include <random>
#include <vector>

#include "table/class_walk.h"
#include "table/index.h"

using namespace mtb;

TEST_CASE("class walk meets every slot once", "[probe][walk]") {
    // Boards with 16 (nmm), 8 (six) and other symmetry groups; sectors with
    // stabilised stone sets, empty sides and placements.
    const std::pair<const char*, Sector> cases[] = {
        {"nmm", {3, 3, 0, 0}}, {"nmm", {4, 2, 0, 0}}, {"nmm", {0, 2, 3, 1}},      {"nmm", {2, 0, 1, 3}},
        {"six", {4, 3, 0, 0}}, {"six", {5, 5, 0, 0}}, {"morris18", {3, 4, 0, 0}}, {"morabaraba", {4, 3, 0, 0}},
    };
    for (const auto& [name, s] : cases) {
        const Rules& r = *find_rules(name);
        SectorIndex index(r, s);
        ClassWalk walk(*r.board, s);
        std::vector<std::uint8_t> met(index.slots(), 0);
        std::uint64_t visits = 0;
        for (std::size_t g = 0; g < walk.groups(); ++g)
            walk.for_each(g, [&](NormalPosition n) {
                ++visits;
                ++met[index.slot_of(n)];
            });
        INFO(name << " " << s.name());
        CHECK(visits == index.slots());
        CHECK(std::count(met.begin(), met.end(), 1) == std::ptrdiff_t(met.size()));
    }
}

TEST_CASE("row codes agree with slot_of", "[probe][walk]") {
    const Rules& r = *find_rules("nmm");
    std::mt19937 rng(7);
    for (Sector s : {Sector{5, 4, 0, 0}, Sector{3, 3, 0, 0}, Sector{8, 8, 0, 0}, Sector{1, 3, 2, 1}}) {
        SectorIndex index(r, s);
        for (int trial = 0; trial < 200; ++trial) {
            // Our stones at random, then several sets of theirs beside them.
            std::vector<int> points(24);
            for (int i = 0; i < 24; ++i) points[std::size_t(i)] = i;
            std::shuffle(points.begin(), points.end(), rng);
            Bitboard us = 0;
            for (int i = 0; i < s.us_board; ++i) us |= bit(points[std::size_t(i)]);
            Bitboard them[8];
            for (Bitboard& t : them) {
                std::shuffle(points.begin() + s.us_board, points.end(), rng);
                t = 0;
                for (int i = 0; i < s.them_board; ++i) t |= bit(points[std::size_t(s.us_board + i)]);
            }
            const SectorIndex::Row row = index.row(us);
            for (Bitboard t : them) {
                const std::uint64_t slot = index.slot_of(NormalPosition{us, t});
                CHECK(index.slot_in_row(row, t) == slot);
                if (SectorIndex::coded(row))
                    CHECK(SectorIndex::slot_of_code(row, SectorIndex::row_code(row, t)) == slot);
            }
        }
    }
}
