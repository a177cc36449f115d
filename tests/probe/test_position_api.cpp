// The C API's rule sets, positions and moves (mtb_rules_find ...
// mtb_play_move) against the engine they wrap, on random playouts of every
// rule set; and every error they return.  Here rather than only in the
// Python tests so that the sanitizer builds run them too.
#include "tests/catch.hpp"

#include <random>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "mtb/probe.h"
#include "probe/api_support.h"

using namespace mtb;

namespace {

using api::from_c;

std::string text_of(const mtb_rules* r, const mtb_pos& pos) {
    char buf[MTB_MAX_POSITION_TEXT];
    mtb_status st;
    REQUIRE(mtb_position_to_text(r, &pos, buf, sizeof buf, &st) == 0);
    return buf;
}

}  // namespace

TEST_CASE("position API: the board of every rule set as data") {
    for (const Rules& rules : all_rules()) {
        mtb_status st;
        const mtb_rules* r = mtb_rules_find(rules.name.c_str(), &st);
        REQUIRE(r);
        CHECK(std::string(mtb_rules_name(r)) == rules.name);
        CHECK(mtb_rules_stones(r) == unsigned(rules.stones));
        CHECK(mtb_rules_no_capture_limit(r) == unsigned(rules.no_capture_draw_plies));
        REQUIRE(mtb_point_count(r) == unsigned(rules.board->size));
        for (int i = 0; i < rules.board->size; ++i) {
            CHECK(std::string(mtb_point_name(r, unsigned(i))) == rules.board->point_names[std::size_t(i)]);
            CHECK(mtb_adjacent(r, unsigned(i)) == rules.board->adjacent[std::size_t(i)]);
        }
        CHECK(mtb_point_name(r, mtb_point_count(r)) == nullptr);
        CHECK(mtb_adjacent(r, 200) == 0);
        std::vector<std::uint32_t> mills(mtb_mills(r, nullptr, 0));
        CHECK(mtb_mills(r, mills.data(), mills.size()) == rules.board->mills.size());
        CHECK(std::vector<Bitboard>(mills.begin(), mills.end()) == rules.board->mills);
    }
}

TEST_CASE("position API: random playouts agree with the engine") {
    std::mt19937 rng(12);
    for (const Rules& rules : all_rules()) {
        const mtb_rules* r = mtb_rules_find(rules.name.c_str(), nullptr);
        REQUIRE(r);
        for (int game = 0; game < 20; ++game) {
            mtb_pos pos;
            mtb_status st;
            REQUIRE(mtb_start_position(r, &pos, &st) == 0);
            for (int ply = 0; ply < 80; ++ply) {
                const Position p = from_c(pos);
                const std::string text = text_of(r, pos);
                CHECK(text == position_to_text(rules, p));
                mtb_pos parsed;
                REQUIRE(mtb_position_from_text(r, text.c_str(), &parsed, &st) == 0);
                CHECK(from_c(parsed) == p);
                const Outcome o = outcome(rules, p);
                CHECK(mtb_game_state_of(r, &pos, &st) == (o == Outcome::ONGOING ? MTB_ONGOING
                                                          : o == Outcome::LOSS  ? MTB_GAME_LOST
                                                                                : MTB_GAME_DRAWN));
                mtb_move moves[MTB_MAX_MOVES];
                std::size_t n = 99;
                REQUIRE(mtb_legal_moves(r, &pos, moves, MTB_MAX_MOVES, &n, &st) == 0);
                if (o != Outcome::ONGOING) {
                    CHECK(n == 0);
                    CHECK(mtb_is_error(mtb_play_move(r, &pos, "d1", &st)));
                    break;
                }
                MoveList list(rules, p);
                REQUIRE(n == std::size_t(list.size()));
                std::size_t i = 0;
                for (Move m : list) {
                    CHECK(std::string(moves[i].text) == move_to_text(*rules.board, m));
                    CHECK(moves[i].to == m.to);
                    CHECK(moves[i].value == 0);
                    ++i;
                }
                const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
                REQUIRE(mtb_play_move(r, &pos, moves[pick].text, &st) == 0);
                CHECK(from_c(pos) == after(rules, p, *(list.begin() + std::ptrdiff_t(pick))));
            }
        }
    }
}

TEST_CASE("position API: errors carry their code and a message") {
    mtb_status st;
    CHECK(mtb_rules_find("chess", &st) == nullptr);
    CHECK(st.code == MTB_E_UNKNOWN_RULES);
    CHECK(std::string(st.message).find("known: nmm") != std::string::npos);
    CHECK(mtb_rules_find(nullptr, &st) == nullptr);
    CHECK(st.code == MTB_E_BAD_ARGUMENT);
    CHECK(mtb_rules_of(nullptr) == nullptr);
    CHECK(std::string(mtb_rules_name(nullptr)).empty());

    const mtb_rules* r = mtb_rules_find("nmm", nullptr);
    mtb_pos pos;
    std::uint32_t e = mtb_position_from_text(r, "WB w 0 0", &pos, &st);
    CHECK(mtb_get_error_code(e) == MTB_E_INVALID_POSITION);
    CHECK(std::string(st.message).find("24 points") != std::string::npos);
    CHECK(mtb_get_error_code(mtb_position_from_text(r, nullptr, &pos, &st)) == MTB_E_BAD_ARGUMENT);

    REQUIRE(mtb_start_position(r, &pos, &st) == 0);
    const mtb_pos before = pos;
    e = mtb_play_move(r, &pos, "a1-a4", &st);
    CHECK(mtb_get_error_code(e) == MTB_E_INVALID_POSITION);
    CHECK(std::string(st.message).find("a1-a4") != std::string::npos);
    CHECK(from_c(pos) == from_c(before));  // unchanged

    mtb_move few[3];
    std::size_t n = 0;
    e = mtb_legal_moves(r, &pos, few, 3, &n, &st);
    CHECK(mtb_get_error_code(e) == MTB_E_CAPACITY);
    CHECK(n == 24);
    char small[8];
    CHECK(mtb_get_error_code(mtb_position_to_text(r, &pos, small, sizeof small, &st)) == MTB_E_CAPACITY);

    mtb_pos bad = pos;
    bad.side_to_move = 7;
    CHECK(mtb_get_error_code(mtb_game_state_of(r, &bad, &st)) == MTB_E_INVALID_POSITION);
    bad = pos;
    bad.white = 0xFFFFFFFFu;
    CHECK(mtb_get_error_code(mtb_legal_moves(r, &bad, few, 3, &n, &st)) == MTB_E_INVALID_POSITION);
    CHECK(mtb_get_error_code(mtb_start_position(nullptr, &pos, &st)) == MTB_E_BAD_ARGUMENT);
}
