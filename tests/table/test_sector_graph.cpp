// The sector graph: successors against the move generator, solve order,
// movement units.
#include "tests/catch.hpp"

#include <algorithm>
#include <map>
#include <random>

#include "engine/movegen.h"
#include "gen/sector_graph.h"

using namespace mtb;

namespace {

// A random position of sector s with `side` to move.
Position random_position(const Rules& r, Sector s, Color side, std::mt19937& rng) {
    NormalPosition n;
    std::vector<int> pts(r.board->size);
    for (int i = 0; i < r.board->size; ++i) pts[i] = i;
    std::shuffle(pts.begin(), pts.end(), rng);
    for (int i = 0; i < s.us_board; ++i) n.us |= bit(pts[i]);
    for (int i = 0; i < s.them_board; ++i) n.them |= bit(pts[s.us_board + i]);
    return denormalise(s, n, side);
}

}  // namespace

TEST_CASE("every ply from random positions lands in a listed successor sector", "[index][graph]") {
    std::mt19937 rng(12345);
    for (const Rules& r : all_rules()) {
        INFO(r.name);
        for (const SolveUnit& u : solve_units(r))
            for (const Sector& s : u.sectors) {
                const auto succ = successor_sectors(r, s);
                // Black to move when it holds one more stone in hand (alternating placement).
                Color side = (!r.move_while_in_hand && s.us_hand == s.them_hand + 1) ? BLACK : WHITE;
                for (int trial = 0; trial < 6; ++trial) {
                    Position p = random_position(r, s, side, rng);
                    REQUIRE(sector_of(p) == s);
                    for (Move mv : MoveList(r, p)) {
                        Position q = after(r, p, mv);
                        if (q.total(q.side) < r.lose_below) continue;  // the game ended
                        INFO(s.name() + " -> " + sector_of(q).name());
                        CHECK(std::binary_search(succ.begin(), succ.end(), sector_of(q)));
                    }
                }
            }
    }
}

TEST_CASE("valid_sector() holds exactly where some colour to move gives a position validate() accepts",
          "[index][graph]") {
    // The alternation of placements is stated once (hands_fit_side in
    // engine/position.h); this checks the sector view and the position view
    // agree on every count combination, both hands included.
    std::mt19937 rng(777);
    for (const Rules& r : all_rules()) {
        INFO(r.name);
        int checked = 0;
        for (int a = 0; a <= r.stones; ++a)
            for (int b = 0; b <= r.stones && a + b <= r.board->size; ++b)
                for (int h = 0; a + h <= r.stones; ++h)
                    for (int g = 0; b + g <= r.stones; ++g) {
                        const Sector s{std::uint8_t(a), std::uint8_t(b), std::uint8_t(h), std::uint8_t(g)};
                        // validate() lets the mover be below the loss threshold
                        // (an ended game); sectors leave those out.
                        if (a + h < r.lose_below) continue;
                        bool some_side = false;
                        for (Color side : {WHITE, BLACK})
                            some_side |= !validate(r, random_position(r, s, side, rng)).has_value();
                        INFO(s.name());
                        CHECK(valid_sector(r, s) == some_side);
                        ++checked;
                    }
        CHECK(checked > 0);
    }
}

TEST_CASE("solve units come after the units of all their successors", "[index][graph]") {
    for (const Rules& r : all_rules()) {
        INFO(r.name);
        auto units = solve_units(r);
        std::map<Sector, size_t> unit_of;
        for (size_t i = 0; i < units.size(); ++i)
            for (const Sector& s : units[i].sectors) {
                CHECK(valid_sector(r, s));
                CHECK(unit_of.emplace(s, i).second);  // each sector once
            }
        Sector start{0, 0, std::uint8_t(r.stones), std::uint8_t(r.stones)};
        REQUIRE(unit_of.count(start));
        CHECK(unit_of[start] == units.size() - 1);
        for (size_t i = 0; i < units.size(); ++i)
            for (const Sector& s : units[i].sectors)
                for (const Sector& t : successor_sectors(r, s)) {
                    REQUIRE(unit_of.count(t));  // closed under successors
                    CHECK(unit_of[t] <= i);
                    // Sectors of one unit reach each other, so a successor in
                    // the same unit must lead back: check it reaches s's unit
                    // only through units not later than i (already above).
                }
        // A unit with several sectors must be strongly connected: every
        // sector in it has a successor inside the unit.
        for (const SolveUnit& u : units)
            if (u.sectors.size() > 1)
                for (const Sector& s : u.sectors) {
                    auto succ = successor_sectors(r, s);
                    bool inside = std::any_of(succ.begin(), succ.end(), [&](const Sector& t) {
                        return std::binary_search(u.sectors.begin(), u.sectors.end(), t);
                    });
                    CHECK(inside);
                }
    }
}

TEST_CASE("nmm movement sectors pair a sector with its colour-swapped twin", "[index][graph]") {
    const Rules& r = *find_rules("nmm");
    for (const SolveUnit& u : movement_units(r, 9)) {
        for (const Sector& s : u.sectors) {
            CHECK(s.movement_only());
            CHECK(s.us_board >= 3);
            CHECK(s.them_board <= 9);
        }
        // 5v4 and 4v5 reach each other by a non-capturing move; a 4v4 is alone with itself.
        const Sector& s = u.sectors.front();
        Sector twin{s.them_board, s.us_board, 0, 0};
        CHECK(std::binary_search(u.sectors.begin(), u.sectors.end(), twin));
        CHECK(u.sectors.size() == (s.us_board == s.them_board ? 1u : 2u));
    }
    // 3..9 a side: 7 * 7 sectors, 7 + 21 units.
    size_t sectors = 0;
    auto units = movement_units(r, 9);
    for (const SolveUnit& u : units) sectors += u.sectors.size();
    CHECK(sectors == 49);
    CHECK(units.size() == 28);
    CHECK(movement_units(r, 3).size() == 1);
}

TEST_CASE("successors of the start are the one-stone sectors", "[index][graph]") {
    const Rules& r = *find_rules("nmm");
    auto succ = successor_sectors(r, Sector{0, 0, 9, 9});
    REQUIRE(succ.size() == 1);
    CHECK(succ[0] == Sector{0, 1, 9, 8});
}

TEST_CASE("Sector::from_name reads back every sector name, and only sector names", "[index][sector]") {
    for (const Rules& r : all_rules())
        for (const SolveUnit& u : solve_units(r))
            for (const Sector& s : u.sectors) {
                INFO(s.name());
                const std::optional<Sector> back = Sector::from_name(s.name());
                REQUIRE(back.has_value());
                CHECK(*back == s);
            }
    const Sector big{255, 0, 17, 255};
    CHECK(Sector::from_name(big.name()) == big);
    CHECK(Sector::from_name("5v4") == Sector{5, 4, 0, 0});
    CHECK(Sector::from_name("5v4+2+3") == Sector{5, 4, 2, 3});
    // Spellings name() does not write still read (callers wanting the
    // canonical one compare with name()).
    CHECK(Sector::from_name("05v4") == Sector{5, 4, 0, 0});
    CHECK(Sector::from_name("5v4+0+0") == Sector{5, 4, 0, 0});
    for (const char* bad : {"", "5", "5v", "v4", "5v4+", "5v4+2", "5v4+2+", "5v4+2+3+1", "5x4", "-5v4", "+5v4", "5v-4",
                            "256v1", "5v4 ", " 5v4", "5v4+2+3x", "99999999999v1"}) {
        INFO(bad);
        CHECK(!Sector::from_name(bad).has_value());
    }
}
