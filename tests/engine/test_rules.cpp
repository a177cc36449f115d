// Rule sets as run-time values (issue 2, item 4): every parameter of
// docs/RULES.md per rule set, and pinned fingerprints.
#include "tests/catch.hpp"

#include <set>

#include "engine/rules.h"

using namespace mtb;

namespace {

const Rules& rules(const char* name) {
    const Rules* r = find_rules(name);
    REQUIRE(r != nullptr);
    return *r;
}

}  // namespace

TEST_CASE("every rule set has the parameters of RULES.md", "[rules]") {
    struct Expect {
        const char* name;
        const char* board;
        int stones;
        bool move_while_in_hand;
        int fly_at;
        FlyCount fly_count;
        RemovalRule removal;
        bool full_board_draw;
        int no_capture_draw_plies;
    };
    constexpr auto P = RemovalRule::PROTECTED_UNLESS_ALL_IN_MILLS;
    constexpr auto N = RemovalRule::NO_REMOVAL_IF_ALL_IN_MILLS;
    constexpr auto BH = FlyCount::BOARD_AND_HAND;
    constexpr auto BO = FlyCount::BOARD_ONLY;
    const Expect table[] = {
        {"nmm", "standard24", 9, false, 3, BH, P, false, 0},
        {"nmm-noflying", "standard24", 9, false, 0, BH, P, false, 0},
        {"lasker", "standard24", 10, true, 3, BH, P, false, 0},
        {"lasker-20", "standard24", 10, true, 3, BH, P, false, 20},
        {"morabaraba", "diagonal24", 12, false, 3, BH, P, true, 0},
        {"morris18", "board18", 8, false, 3, BO, N, false, 0},
        {"six", "ring16", 6, false, 0, BH, P, false, 0},
    };
    CHECK(all_rules().size() == std::size(table));
    for (const Expect& e : table) {
        INFO(e.name);
        const Rules& r = rules(e.name);
        CHECK(r.name == e.name);
        CHECK(r.board->name == e.board);
        CHECK(r.stones == e.stones);
        CHECK(r.move_while_in_hand == e.move_while_in_hand);
        CHECK(r.fly_at == e.fly_at);
        if (e.fly_at) CHECK(r.fly_count == e.fly_count);
        CHECK(r.removal == e.removal);
        CHECK(r.lose_below == 3);
        CHECK(r.full_board_draw == e.full_board_draw);
        CHECK(r.no_capture_draw_plies == e.no_capture_draw_plies);
        CHECK(r.has_capture_counter() == (e.no_capture_draw_plies > 0));
        CHECK(!r.description.empty());
    }
    CHECK(find_rules("NMM") == nullptr);
    CHECK(find_rules("") == nullptr);
    CHECK(rules_names() == "nmm, nmm-noflying, lasker, lasker-20, morabaraba, morris18, six");
}

TEST_CASE("flying thresholds", "[rules]") {
    // nmm: board + hand <= 3.
    const Rules& nmm = rules("nmm");
    CHECK(nmm.can_fly(3, 0));
    CHECK(nmm.can_fly(2, 1));
    CHECK(!nmm.can_fly(4, 0));
    CHECK(!nmm.can_fly(3, 1));
    // lasker: board + hand <= 3, while stones remain in hand too.
    CHECK(rules("lasker").can_fly(1, 2));
    CHECK(!rules("lasker").can_fly(2, 2));
    // morris18: exactly 3 on board with an empty hand.
    const Rules& m18 = rules("morris18");
    CHECK(m18.can_fly(3, 0));
    CHECK(!m18.can_fly(2, 1));
    CHECK(!m18.can_fly(4, 0));
    // Never.
    for (const char* name : {"nmm-noflying", "six"})
        for (int b = 0; b <= 3; ++b) CHECK(!rules(name).can_fly(b, 0));
}

TEST_CASE("fingerprints are distinct and stable", "[rules]") {
    // Pinned: a change here means every table file written before is
    // unreadable.  Change the value only together with a format note.
    struct Pin {
        const char* name;
        std::uint64_t fingerprint;
    };
    const Pin pins[] = {
        {"nmm", 0x2140cd0749c1ee1aull},        {"nmm-noflying", 0x1ceb252b23159219ull},
        {"lasker", 0x8164aa82d05e0bb8ull},     {"lasker-20", 0x0da356164d26922cull},
        {"morabaraba", 0x27258e0027e63c36ull}, {"morris18", 0x9d181af7b05d02f6ull},
        {"six", 0x71290b3c1c5c28e4ull},
    };
    std::set<std::uint64_t> seen;
    for (const Pin& p : pins) {
        INFO(p.name);
        CHECK(rules(p.name).fingerprint() == p.fingerprint);
        seen.insert(rules(p.name).fingerprint());
    }
    CHECK(seen.size() == std::size(pins));
}

TEST_CASE("the fingerprint covers every rule parameter but not the name", "[rules]") {
    const Rules base = rules("nmm");
    const std::uint64_t f = base.fingerprint();
    auto differs = [&](auto change) {
        Rules r = base;
        change(r);
        return r.fingerprint() != f;
    };
    CHECK(!differs([](Rules& r) { r.name = "renamed"; }));
    CHECK(!differs([](Rules& r) { r.description = "other words"; }));
    CHECK(differs([](Rules& r) { r.stones = 10; }));
    CHECK(differs([](Rules& r) { r.move_while_in_hand = true; }));
    CHECK(differs([](Rules& r) { r.fly_at = 4; }));
    CHECK(differs([](Rules& r) { r.fly_count = FlyCount::BOARD_ONLY; }));
    CHECK(differs([](Rules& r) { r.removal = RemovalRule::NO_REMOVAL_IF_ALL_IN_MILLS; }));
    CHECK(differs([](Rules& r) { r.lose_below = 2; }));
    CHECK(differs([](Rules& r) { r.full_board_draw = true; }));
    CHECK(differs([](Rules& r) { r.no_capture_draw_plies = 50; }));
    CHECK(differs([](Rules& r) { r.board = find_board("diagonal24"); }));
}

TEST_CASE("same_game_but_capture_counter: every value field but the counter, and the board", "[rules]") {
    CHECK(same_game_but_capture_counter(rules("lasker"), rules("lasker-20")));
    CHECK(same_game_but_capture_counter(rules("lasker-20"), rules("lasker")));
    CHECK(same_game_but_capture_counter(rules("nmm"), rules("nmm")));
    CHECK(!same_game_but_capture_counter(rules("nmm"), rules("nmm-noflying")));
    CHECK(!same_game_but_capture_counter(rules("nmm"), rules("lasker")));
    const Rules base = rules("lasker");
    auto same_after = [&](auto change) {
        Rules r = base;
        change(r);
        return same_game_but_capture_counter(base, r);
    };
    CHECK(same_after([](Rules& r) { r.name = "renamed"; }));
    CHECK(same_after([](Rules& r) { r.no_capture_draw_plies = 50; }));
    CHECK(!same_after([](Rules& r) { r.stones = 9; }));
    CHECK(!same_after([](Rules& r) { r.move_while_in_hand = false; }));
    CHECK(!same_after([](Rules& r) { r.fly_at = 0; }));
    CHECK(!same_after([](Rules& r) { r.fly_count = FlyCount::BOARD_ONLY; }));
    CHECK(!same_after([](Rules& r) { r.removal = RemovalRule::NO_REMOVAL_IF_ALL_IN_MILLS; }));
    CHECK(!same_after([](Rules& r) { r.lose_below = 2; }));
    CHECK(!same_after([](Rules& r) { r.full_board_draw = true; }));
    CHECK(!same_after([](Rules& r) { r.board = find_board("diagonal24"); }));
}
