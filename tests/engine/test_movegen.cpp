// Forward generation (issue 2, item 5) against the naive generator of
// naive.h, make/unmake, and game-end detection.
#include "tests/catch.hpp"

#include <algorithm>
#include <tuple>

#include "engine/notation.h"
#include "naive.h"
#include "random_positions.h"

using namespace mtb;

namespace {

const Rules& rules(const char* name) { return *find_rules(name); }

Position position(const Rules& r, const char* text) {
    Position p;
    auto e = parse_position(r, text, p);
    INFO(text << (e ? " -> " + e->message : ""));
    REQUIRE(!e);
    return p;
}

std::vector<std::tuple<int, int, int>> sorted(std::vector<std::tuple<int, int, int>> v) {
    std::sort(v.begin(), v.end());
    return v;
}

int as_int(Point p) { return p == POINT_NONE ? -1 : int(p); }

}  // namespace

TEST_CASE("generate() gives exactly the naive generator's plies; count_plies and has_ply agree", "[movegen]") {
    for (const Rules& r : all_rules()) {
        testing::Rng rng(5);
        std::size_t plies = 0;
        for (const Position& p : testing::random_positions(r, rng, 2000, 2000)) {
            MoveList list(r, p);
            std::vector<std::tuple<int, int, int>> fast, slow;
            for (Move m : list) fast.emplace_back(as_int(m.from), as_int(m.to), as_int(m.remove));
            for (const naive::Ply& m : naive::plies(r, p)) slow.emplace_back(m.from, m.to, m.remove);
            INFO(r.name << ": " << position_to_text(r, p));
            CHECK(fast.size() == std::size_t(list.size()));
            CHECK(sorted(fast) == sorted(slow));
            // No ply twice.
            auto s = sorted(fast);
            CHECK(std::adjacent_find(s.begin(), s.end()) == s.end());
            CHECK(count_plies(r, p) == list.size());
            CHECK(has_ply(r, p) == (list.size() > 0));
            plies += fast.size();
        }
        CHECK(plies > 10000);
    }
}

TEST_CASE("stones_closing_at() finds the steps that close a mill, as building each mover does", "[movegen]") {
    // Every empty point of random positions, with every own stone as a
    // candidate (flying) and with the adjacent ones only: the stones whose
    // step there makes mill_at() true, by the slow route.
    for (const Rules& r : all_rules()) {
        const Board& b = *r.board;
        testing::Rng rng(11);
        std::size_t closers = 0;
        for (const Position& p : testing::random_positions(r, rng, 500, 500)) {
            const Bitboard us = p.us(), empty = b.all & ~p.occupied();
            for (Bitboard t = empty; t;) {
                const Point to = pop_lsb(t);
                for (Bitboard from : {us, b.adjacent[to] & us}) {
                    Bitboard slow = 0;
                    for (Bitboard f = from; f;) {
                        const Point s = pop_lsb(f);
                        if (mill_at(b, (us ^ bit(s)) | bit(to), to)) slow |= bit(s);
                    }
                    INFO(r.name << ": " << position_to_text(r, p) << " to " << int(to));
                    CHECK(stones_closing_at(b, us, to, from) == slow);
                    closers += std::size_t(popcount(slow));
                }
            }
        }
        CHECK(closers > 500);
    }
}

TEST_CASE("after() matches the naive ply; do_ply/undo_ply restore the position", "[movegen]") {
    for (const Rules& r : all_rules()) {
        testing::Rng rng(9);
        for (const Position& p : testing::random_positions(r, rng, 500, 500)) {
            INFO(r.name << ": " << position_to_text(r, p));
            Position work = p;
            for (Move m : MoveList(r, p)) {
                naive::Ply n{as_int(m.from), as_int(m.to), as_int(m.remove)};
                CHECK(after(r, p, m) == naive::play(r, p, n));
                std::uint8_t counter = do_ply(r, work, m);
                CHECK(work == after(r, p, m));
                undo_ply(work, m, counter);
                CHECK(work == p);
            }
        }
    }
}

TEST_CASE("outcome() agrees with the naive end test on random positions", "[movegen]") {
    for (const Rules& r : all_rules()) {
        testing::Rng rng(13);
        for (const Position& p : testing::random_positions(r, rng, 1000, 2000)) {
            INFO(r.name << ": " << position_to_text(r, p));
            bool over = naive::ended(r, p) || naive::plies(r, p).empty();
            CHECK((outcome(r, p) != Outcome::ONGOING) == over);
        }
    }
}

TEST_CASE("outcome(): fewer than 3 stones, no legal ply, full board, no-capture limit", "[movegen]") {
    const Rules& nmm = rules("nmm");
    // Fewer than 3 stones in all: lost, even with a ply available.
    CHECK(outcome(nmm, position(nmm, "WW.......BBB............ w 0 0")) == Outcome::LOSS);
    CHECK(outcome(nmm, position(nmm, "W........BBB............ w 1 1")) == Outcome::LOSS);
    // Two on board plus one in hand is three: the game goes on.
    CHECK(outcome(nmm, position(nmm, "WW........BBB........... w 1 1")) == Outcome::ONGOING);
    // White's four stones are all blocked: no legal ply, lost.
    const char* blocked = "WBW......B....B......WBW w 0 0";
    CHECK(outcome(nmm, position(nmm, blocked)) == Outcome::LOSS);
    CHECK(outcome(rules("nmm-noflying"), position(rules("nmm-noflying"), blocked)) == Outcome::LOSS);
    // The same with three white stones: White flies, so not blocked; without flying, blocked.
    const char* three = "WB.......B....B......WBW w 0 0";
    CHECK(outcome(nmm, position(nmm, three)) == Outcome::ONGOING);
    CHECK(outcome(rules("nmm-noflying"), position(rules("nmm-noflying"), three)) == Outcome::LOSS);
    // Black to move in the blocked position can move: ongoing.
    CHECK(outcome(nmm, position(nmm, "WBW......B....B......WBW b 0 0")) == Outcome::ONGOING);

    // Morabaraba: a full board when placing ends is a draw; nmm has no such rule
    // (a full board there means no legal ply, a loss).
    const Rules& mora = rules("morabaraba");
    const char* full = "WBWBWBWBWBWBBWBWBWBWBWBW";
    CHECK(outcome(mora, position(mora, (std::string(full) + " w 0 0").c_str())) == Outcome::DRAW);
    CHECK(outcome(mora, position(mora, (std::string(full) + " b 0 0").c_str())) == Outcome::DRAW);

    // lasker-20: 20 plies without capture is a draw; 19 is not.
    const Rules& l20 = rules("lasker-20");
    const char* mid = "W..B.WW.B..BW.BW...B..W.";
    CHECK(outcome(l20, position(l20, (std::string(mid) + " w 2 2 19").c_str())) == Outcome::ONGOING);
    CHECK(outcome(l20, position(l20, (std::string(mid) + " w 2 2 20").c_str())) == Outcome::DRAW);
    // lasker (no counter) ignores the plies: same position ongoing.
    CHECK(outcome(rules("lasker"), position(rules("lasker"), (std::string(mid) + " w 2 2").c_str())) ==
          Outcome::ONGOING);
    // The ply limit comes before everything else (the course referee's order):
    // a blocked side to move at counter 20 has drawn, at 19 it has lost.
    CHECK(outcome(l20, position(l20, "WBW......B....B......WBW w 0 0 20")) == Outcome::DRAW);
    CHECK(outcome(l20, position(l20, "WBW......B....B......WBW w 0 0 19")) == Outcome::LOSS);
    CHECK(outcome(l20, position(l20, "WW.......BBB............ w 0 0 20")) == Outcome::DRAW);
    CHECK(outcome(l20, position(l20, "WW.......BBB............ w 0 0 0")) == Outcome::LOSS);
}

TEST_CASE("removal rules: protected stones, all in mills, nothing to remove", "[movegen]") {
    // White closes a7 d7 g7; Black's a1 d1 g1 is a mill, b4 is not.
    const Rules& nmm = rules("nmm");
    auto removals = [](const Rules& r, const char* text, const char* to) {
        Position p = position(r, text);
        std::vector<std::string> out;
        for (Move m : MoveList(r, p))
            if (move_to_text(*r.board, m).rfind(to, 0) == 0) out.push_back(move_to_text(*r.board, m));
        std::sort(out.begin(), out.end());
        return out;
    };
    // b4 free: only b4 may go.
    CHECK(removals(nmm, "WW........B..........BBB w 1 1", "g7") == std::vector<std::string>{"g7xb4"});
    // Every black stone in a mill: any may go (protected_unless_all_in_mills).
    CHECK(removals(nmm, "WW...................BBB w 1 1", "g7") == std::vector<std::string>{"g7xa1", "g7xd1", "g7xg1"});
    // morris18 (no_removal_if_all_in_mills): the mill closes without removal.
    const Rules& m18 = rules("morris18");
    // Black's mill a6 d6 g6 (points 15 16 17); White closes a0 b1 c2 (0 2 4).
    CHECK(removals(m18, "W.W............BBB w 1 1", "c2") == std::vector<std::string>{"c2"});
    // No black stone on the board: the mill closes without removal.
    CHECK(removals(nmm, "WW...................... w 3 3", "g7") == std::vector<std::string>{"g7"});
}
