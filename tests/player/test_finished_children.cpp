// A ply that ends the game has one value everywhere: the search's root asks
// the probe's rule for a finished game (Oracle::game_over, Metric::
// game_over) and so ranks and values such plies as mtb_probe_root and the
// C++ face (Prober::root) do.  Under lasker-20 (DTC to the no-capture limit)
// a quiet ply that blocks the opponent is a win, dtc 2 (the blocked side's
// turn counts on the clock, probe.h), a capture that leaves too few stones a
// win, dtc 1; the search of 636bd2b called both "win in 1".
#include "tests/catch.hpp"

#include <unistd.h>

#include <filesystem>
#include <random>

#include "engine/notation.h"
#include "mtb/probe.h"
#include "player/probe_oracle.h"
#include "player/search.h"
#include "probe/c_value.h"

using namespace mtb;

namespace {

// A random position of the moving phase: white to move with `white`
// stones, black with `black`, counter `counter`; nullopt when invalid.
std::optional<Position> random_board(const Rules& r, std::mt19937& rng, int white, int black, int counter) {
    Position p;
    Bitboard taken = 0;
    for (Color c : {WHITE, BLACK})
        for (int n = c == WHITE ? white : black; n > 0;) {
            const int pt = int(rng() % unsigned(r.board->size));
            if (taken & bit(pt)) continue;
            taken |= bit(pt);
            p.stones[c] |= bit(pt);
            --n;
        }
    p.hand[WHITE] = p.hand[BLACK] = 0;
    p.side = WHITE;
    p.since_capture = std::uint8_t(r.has_capture_counter() ? counter : 0);
    if (validate(r, p) || outcome(r, p) != Outcome::ONGOING) return std::nullopt;
    return p;
}

// A position with a ply of the wanted kind that ends the game (the
// opponent blocked by a quiet ply, or left with too few stones by a
// capture), and no other ply that ends it.
Position with_finishing_ply(const Rules& r, GameEnd wanted, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const bool capture = wanted == GameEnd::TOO_FEW_STONES;
    for (int tries = 0; tries < 2000000; ++tries) {
        const std::optional<Position> p =
            random_board(r, rng, 5 + int(rng() % 5), capture ? r.lose_below : 4 + int(rng() % 3), int(rng() % 10));
        if (!p) continue;
        int wanted_plies = 0, other_ends = 0;
        for (Move m : MoveList(r, *p)) {
            const GameEnd e = game_end(r, after(r, *p, m));
            if (e == wanted && m.is_removal() == capture)
                ++wanted_plies;
            else if (e != GameEnd::NONE)
                ++other_ends;
        }
        if (wanted_plies > 0 && other_ends == 0) return *p;
    }
    FAIL("no position found");
    return {};
}

void check_one_answer(const Rules& r, GameEnd wanted, const char* text) {
    const Position p = with_finishing_ply(r, wanted, 7);
    INFO(r.name << ": " << position_to_text(r, p));
    // No tables: a finished game needs none, every other ply is unknown.
    const auto dir = std::filesystem::temp_directory_path() / ("mtb-finished-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);

    mtb_status st;
    mtb_tb* tb = mtb_open(dir.c_str(), r.name.c_str(), 0, &st);
    INFO(st.message);
    REQUIRE(tb);
    mtb_move moves[MTB_MAX_MOVES];
    std::size_t n = 0;
    const mtb_pos pos{p.stones[WHITE], p.stones[BLACK], 0, 0, MTB_WHITE, p.since_capture};
    mtb_probe_root(tb, &pos, moves, MTB_MAX_MOVES, &n, &st);
    mtb_close(tb);
    REQUIRE(n > 0);
    const std::optional<ExactValue> c_api = unpack_value(moves[0].value);
    REQUIRE(c_api);
    CHECK(value_text(*c_api) == text);

    // The player's oracle over the same (empty) folder, the search's root.
    auto oracle = make_probe_oracle(dir.string());
    Search s(r);
    s.set_oracle(oracle.get());
    SearchLimits lim;
    lim.seconds = 0;
    lim.max_depth = 2;
    const SearchResult res = s.run(p, lim);
    REQUIRE(res.exact);
    CHECK(*res.exact == *c_api);
    CHECK(move_to_text(*r.board, res.best) == moves[0].text);
    // The face's own root, as `mtb probe` and `mtb serve` read it.
    const RootAnswer root = oracle->root(r, p);
    REQUIRE(!root.plies.empty());
    CHECK(root.plies[0].answer.value == c_api);
    CHECK(root.plies[0].child.game_end == wanted);
    std::filesystem::remove_all(dir);
}

}  // namespace

TEST_CASE("a ply that ends the game has one value: search, C API and face (lasker-20)", "[search][oracle]") {
    const Rules& r = *find_rules("lasker-20");
    SECTION("a quiet ply that blocks the opponent") { check_one_answer(r, GameEnd::BLOCKED, "win, dtc 2"); }
    SECTION("a capture that leaves too few stones") { check_one_answer(r, GameEnd::TOO_FEW_STONES, "win, dtc 1"); }
}

TEST_CASE("a ply that ends the game has one value: search, C API and face (nmm, DTM)", "[search][oracle]") {
    const Rules& r = *find_rules("nmm");
    SECTION("a quiet ply that blocks the opponent") { check_one_answer(r, GameEnd::BLOCKED, "win in 1"); }
    SECTION("a capture that leaves too few stones") { check_one_answer(r, GameEnd::TOO_FEW_STONES, "win in 1"); }
}
