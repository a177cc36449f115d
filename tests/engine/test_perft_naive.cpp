// perft() against the naive perft of naive.h (issue 2, item 8), depths 1-4
// on every case of perft_cases.h; depth 5 is in slow/ (label "slow").
#include "tests/catch.hpp"

#include "engine/notation.h"
#include "engine/perft.h"
#include "naive.h"
#include "perft_cases.h"
#include "random_positions.h"

using namespace mtb;

TEST_CASE("perft agrees with the naive perft to depth 4, every rule set", "[perft][naive]") {
    for (const testing::PerftCase& c : testing::kPerftCases) {
        const Rules& r = *find_rules(c.rules);
        Position p = start_position(r);
        if (c.position) REQUIRE(!parse_position(r, c.position, p));
        for (int depth = 1; depth <= 4; ++depth) {
            INFO(c.rules << " " << (c.position ? c.position : "start") << " depth " << depth);
            std::uint64_t fast = perft(r, p, depth);
            CHECK(fast == naive::perft(r, p, depth));
            if (depth == 1) CHECK(fast == std::uint64_t(count_plies(r, p)) * (outcome(r, p) == Outcome::ONGOING));
        }
    }
}

TEST_CASE("perft of depth 0 is 1; an ended game has no children", "[perft]") {
    const Rules& r = *find_rules("nmm");
    Position p;
    REQUIRE(!parse_position(r, "WW.......BBB............ w 0 0", p));
    CHECK(perft(r, p, 0) == 1);
    CHECK(perft(r, p, 1) == 0);
    CHECK(perft(r, p, 3) == 0);
    const Rules& l20 = *find_rules("lasker-20");
    REQUIRE(!parse_position(l20, "W..B.WW.B..BW.BW...B..W. w 2 2 20", p));
    CHECK(perft(l20, p, 2) == 0);
}

namespace {

// Perft the plain way, through the shared generator: generate(), after(),
// outcome().  A third route besides the fast path and the naive rules.
std::uint64_t perft_by_generate(const Rules& r, const Position& p, int depth) {
    if (depth == 0) return 1;
    if (outcome(r, p) != Outcome::ONGOING) return 0;
    std::uint64_t n = 0;
    for (Move m : MoveList(r, p)) n += perft_by_generate(r, after(r, p, m), depth - 1);
    return n;
}

}  // namespace

TEST_CASE("perft agrees with a generate()-based perft on random positions", "[perft]") {
    for (const Rules& r : all_rules()) {
        testing::Rng rng(17);
        for (const Position& p : testing::random_positions(r, rng, 150, 150)) {
            INFO(r.name << ": " << position_to_text(r, p));
            CHECK(perft(r, p, 3) == perft_by_generate(r, p, 3));
        }
    }
}

TEST_CASE("perft's end test is outcome()'s: no children exactly where the game has ended", "[perft]") {
    // perft asks outcome_before_plies() (engine/movegen.h), the rule
    // outcome() starts with; positions at each end rule are included.
    for (const Rules& r : all_rules()) {
        testing::Rng rng(29);
        std::vector<Position> positions = testing::random_positions(r, rng, 300, 300);
        const std::size_t n = positions.size();
        for (std::size_t i = 0; i < n; ++i) {
            Position p = positions[i];
            if (r.has_capture_counter()) {
                p.since_capture = std::uint8_t(r.no_capture_draw_plies);  // the limit reached: a draw
                positions.push_back(p);
            }
        }
        for (const Position& p : positions) {
            INFO(r.name << ": " << position_to_text(r, p));
            const std::uint64_t expected = outcome(r, p) == Outcome::ONGOING ? std::uint64_t(count_plies(r, p)) : 0;
            CHECK(perft(r, p, 1) == expected);
        }
    }
    const Rules& mb = *find_rules("morabaraba");
    Position full;
    REQUIRE(!parse_position(mb, "WBWBWBWBWBWBBWBWBWBWBWBW w 0 0", full));
    REQUIRE(outcome(mb, full) == Outcome::DRAW);
    CHECK(perft(mb, full, 1) == 0);
}
