// Position text and move text (issue 2, item 7): round trips on random
// positions and every ply, and one clear error for each kind of bad input.
#include "tests/catch.hpp"

#include "engine/notation.h"
#include "random_positions.h"

using namespace mtb;

namespace {

const Rules& rules(const char* name) { return *find_rules(name); }

// The error for a position text, or "" when it parses.
std::string position_error(const Rules& r, std::string_view text) {
    Position p;
    auto e = parse_position(r, text, p);
    return e ? e->message : "";
}

std::string moves_error(const Rules& r, std::string_view moves) {
    Position p = start_position(r);
    auto e = play_moves(r, p, moves);
    return e ? e->message : "";
}

}  // namespace

TEST_CASE("start positions print as RULES.md says", "[notation]") {
    CHECK(position_to_text(rules("nmm"), start_position(rules("nmm"))) == "........................ w 9 9");
    CHECK(position_to_text(rules("lasker-20"), start_position(rules("lasker-20"))) ==
          "........................ w 10 10 0");
    CHECK(position_to_text(rules("six"), start_position(rules("six"))) == "................ w 6 6");
    CHECK(position_to_text(rules("morris18"), start_position(rules("morris18"))) == ".................. w 8 8");
}

TEST_CASE("position text round trips on random positions of every rule set", "[notation]") {
    for (const Rules& r : all_rules()) {
        testing::Rng rng(7);
        for (const Position& p : testing::random_positions(r, rng, 300, 300)) {
            std::string text = position_to_text(r, p);
            Position q;
            auto e = parse_position(r, text, q);
            INFO(r.name << ": " << text << (e ? " -> " + e->message : ""));
            REQUIRE(!e);
            CHECK(q == p);
            CHECK(position_to_text(r, q) == text);
        }
    }
}

TEST_CASE("every legal ply round trips through move text", "[notation]") {
    for (const Rules& r : all_rules()) {
        testing::Rng rng(11);
        for (const Position& p : testing::random_positions(r, rng, 300, 300)) {
            if (outcome(r, p) != Outcome::ONGOING) continue;
            for (Move m : MoveList(r, p)) {
                std::string text = move_to_text(*r.board, m);
                Move back;
                auto e = parse_move(r, p, text, back);
                INFO(r.name << ": " << position_to_text(r, p) << " ply " << text << (e ? " -> " + e->message : ""));
                REQUIRE(!e);
                CHECK(back == m);
            }
        }
    }
}

TEST_CASE("a move sequence plays from the start", "[notation]") {
    const Rules& r = rules("nmm");
    Position p = start_position(r);
    std::vector<Move> played;
    REQUIRE(!play_moves(r, p, "a7 a1 d7 d1 g7xd1", &played));
    CHECK(played.size() == 5);
    CHECK(move_to_text(*r.board, played[4]) == "g7xd1");
    CHECK(position_to_text(r, p) == "WWW..................B.. b 6 7");
    // Extra white space between and around plies is fine.
    Position q = start_position(r);
    CHECK(!play_moves(r, q, "  a7\ta1  d7 d1\n g7xd1 "));
    CHECK(q == p);
}

TEST_CASE("malformed or impossible positions give a one-line error naming the problem", "[notation]") {
    const Rules& nmm = rules("nmm");
    struct Case {
        const char* text;
        const char* says;  // a phrase the message must contain
    };
    const Case cases[] = {
        {"", "4 or 5 fields"},
        {"........................ w 9", "4 or 5 fields"},
        {"........................ w 9 9 0 0", "4 or 5 fields"},
        {"....................... w 9 9", "characters"},           // too short
        {"......................... w 9 9", "characters"},         // too long
        {".......................X w 9 9", "bad cell character"},  // bad character
        {".......................w w 9 9", "bad cell character"},  // lower case
        {"........................ x 9 9", "side to move"},
        {"........................ W 9 9", "side to move"},
        {"........................ w 10 9", "out of range"},  // hand out of range
        {"........................ w -1 9", "out of range"},
        {"........................ w 9 +9", "out of range"},
        {"........................ w 9a 9", "out of range"},
        {"........................ w 99999999999999999999 9", "out of range"},
        {"WWWWWWWWWW.............. b 0 0", "stones"},                // too many stones
        {"WWWWWWWW........BBBBBBBB w 2 2", "stones"},                // board + hand > 9
        {"........................ w 9 9 0", "no capture counter"},  // counter on a rule set without one
        {"........................ w 8 9", "do not fit"},            // hands inconsistent with White first
        {"WW.......BBB............ b 0 0", "fewer than 3"},          // side not to move already lost
    };
    for (const Case& c : cases) {
        std::string e = position_error(nmm, c.text);
        INFO("'" << c.text << "' -> '" << e << "'");
        CHECK(!e.empty());
        CHECK(e.find(c.says) != std::string::npos);
        CHECK(e.find('\n') == std::string::npos);
    }
    const Rules& l20 = rules("lasker-20");
    CHECK(position_error(l20, "........................ w 10 10 21").find("out of range") != std::string::npos);
    CHECK(position_error(l20, "........................ w 10 10 x").find("out of range") != std::string::npos);
    CHECK(position_error(l20, "........................ w 10 10 20").empty());
    CHECK(position_error(l20, "........................ w 10 10").empty());  // counter defaults to 0
    CHECK(position_error(l20, "........................ b 3 10").empty());   // Lasker hands are free
    CHECK(position_error(rules("six"), "................ w 6 6").empty());
    CHECK(!position_error(rules("six"), "........................ w 6 6").empty());
}

TEST_CASE("bad move text gives a one-line error naming the problem", "[notation]") {
    const Rules& nmm = rules("nmm");
    struct Case {
        const char* moves;
        const char* says;
    };
    const Case cases[] = {
        {"d4", "unknown point 'd4'"},  // the centre is no point
        {"h1", "unknown point"},
        {"a7-", "unknown point ''"},
        {"-a7", "unknown point ''"},
        {"a7x", "unknown point ''"},
        {"x", "unknown point"},
        {"a7-d7-g7", "unknown point"},
        {"A7", "unknown point"},
        {"a7 a7", "ply 2: illegal move 'a7'"},   // occupied
        {"a7 d7 a7-a4", "ply 3: illegal move"},  // moving while stones remain in hand
        {"a7 a1 d7 d1 g7", "ply 5: move 'g7' closes a mill: name the stone to remove"},
        {"a7 a1 d7 d1 g7xa7", "ply 5: move 'g7xa7': that stone may not be removed"},
        {"a7 a1 d7xa1", "closes no mill"},
        {"a7 a1 d7 \xff", "ply 4: unknown point"},
    };
    for (const Case& c : cases) {
        std::string e = moves_error(nmm, c.moves);
        INFO("'" << c.moves << "' -> '" << e << "'");
        CHECK(e.find(c.says) != std::string::npos);
        CHECK(e.find('\n') == std::string::npos);
    }
    // A move after the game has ended.
    Position p;
    REQUIRE(!parse_position(nmm, "WW.......BBB............ w 0 0", p));
    Move m;
    auto e = parse_move(nmm, p, "a7-a4", m);
    REQUIRE(e);
    CHECK(e->message.find("ended") != std::string::npos);
}

TEST_CASE("random junk never crashes the parsers", "[notation]") {
    testing::Rng rng(3);
    const std::string alphabet = "WB.wbx- 0123456789adgc7\t";
    for (const Rules& r : all_rules()) {
        for (int i = 0; i < 2000; ++i) {
            std::string s;
            int len = testing::uniform(rng, 0, 40);
            for (int k = 0; k < len; ++k) s += alphabet[testing::uniform(rng, 0, int(alphabet.size()) - 1)];
            Position p;
            auto e = parse_position(r, s, p);
            if (!e) CHECK(!validate(r, p));
            Position q = start_position(r);
            (void)play_moves(r, q, s);
            CHECK(!validate(r, q));
        }
    }
}
