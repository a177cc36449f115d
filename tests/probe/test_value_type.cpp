// The one value type (engine/value.h) and its two encodings: the tables'
// 16-bit code (probe/value.h) and the C API's packed result
// (probe/c_value.h).  The expected packings are built here from the C
// header's macros and the code layout as FORMAT.md states it, not from the
// functions under test.
#include "tests/catch.hpp"

#include <vector>

#include "probe/c_value.h"
#include "probe/value.h"

using namespace mtb;

TEST_CASE("every storage code decodes to the value FORMAT.md gives it, and packs for C without loss",
          "[probe][value]") {
    for (unsigned c = 1; c <= 65535; ++c) {
        const ExactValue v = decode_value(ValueCode(c));
        // Code 1 is a draw; code n + 2 is a win in n for odd n, a loss in n for even n.
        const std::uint32_t wdl = c == 1 ? MTB_DRAW : ((c - 2) & 1) ? MTB_WIN : MTB_LOSS;
        const std::uint32_t plies = c == 1 ? 0 : c - 2;
        const std::uint32_t packed = pack_value(v);
        INFO("code " << c);
        REQUIRE(MTB_GET_WDL(packed) == wdl);
        REQUIRE(MTB_GET_PLIES(packed) == plies);
        REQUIRE(MTB_HAS_PLIES(packed));
        REQUIRE(!mtb_is_error(packed));
        REQUIRE(unpack_value(packed) == v);
    }
    // WDL-only values carry the flag and no plies, and come back as they went.
    for (Wdl w : {Wdl::LOSS, Wdl::DRAW, Wdl::WIN}) {
        const std::uint32_t packed = pack_value(ExactValue::wdl_only(w));
        CHECK(!MTB_HAS_PLIES(packed));
        CHECK(MTB_GET_PLIES(packed) == 0);
        CHECK(MTB_GET_WDL(packed) == std::uint32_t(w));
        CHECK(unpack_value(packed) == ExactValue::wdl_only(w));
    }
    CHECK(!unpack_value(std::uint32_t(0) - std::uint32_t(MTB_E_CORRUPT)));
}

TEST_CASE("a capture clock code reads as a win or loss only where counter + DTC <= the limit", "[probe][value]") {
    for (int n = 1; n <= 20; ++n)
        for (int counter = 0; counter < 20; ++counter) {
            const bool decided = counter + n <= 20;
            CHECK(decode_clock(clock_win(n), counter, 20) == (decided ? ExactValue::win(n) : ExactValue::draw()));
            CHECK(decode_clock(clock_loss(n), counter, 20) == (decided ? ExactValue::loss(n) : ExactValue::draw()));
        }
    CHECK(decode_clock(VALUE_DRAW, 0, 20) == ExactValue::draw());
    CHECK(clock_text(clock_win(3)) == "win, dtc 3");
    CHECK(clock_text(clock_loss(4)) == "loss, dtc 4");
}

TEST_CASE("before_ply flips the result and adds a ply; a deciding capture has DTC 1", "[probe][value]") {
    CHECK(ExactValue::loss(0).before_ply() == ExactValue::win(1));
    CHECK(ExactValue::win(7).before_ply() == ExactValue::loss(8));
    CHECK(ExactValue::draw().before_ply() == ExactValue::draw());
    CHECK(ExactValue::loss(6).before_ply(true) == ExactValue::win(1));
    CHECK(ExactValue::wdl_only(Wdl::LOSS).before_ply() == ExactValue::wdl_only(Wdl::WIN));
    CHECK(ExactValue::wdl_only(Wdl::DRAW).before_ply() == ExactValue::wdl_only(Wdl::DRAW));
    // On storage codes the flip is "code + 1" for every decided code, by the parity rule.
    for (unsigned c = 2; c < 65535; ++c)
        REQUIRE(decode_value(ValueCode(c)).before_ply() == decode_value(ValueCode(c + 1)));
}

TEST_CASE("rank orders values best first for the side to move", "[probe][value]") {
    // Written out in the order the rule states: faster wins, a win of
    // unknown length (slower than any known), draws, a loss of unknown
    // length (slower than any known), slower losses before faster ones.
    const std::vector<ExactValue> best_first = {
        ExactValue::win(1),      ExactValue::win(3),
        ExactValue::win(65533),  ExactValue::wdl_only(Wdl::WIN),
        ExactValue::draw(),      ExactValue::wdl_only(Wdl::LOSS),
        ExactValue::loss(65534), ExactValue::loss(2),
        ExactValue::loss(0),
    };
    for (std::size_t i = 0; i + 1 < best_first.size(); ++i) {
        INFO(value_text(best_first[i]) << " against " << value_text(best_first[i + 1]));
        CHECK(compare_exact(best_first[i], best_first[i + 1]) > 0);
    }
    CHECK(compare_exact(ExactValue::wdl_only(Wdl::DRAW), ExactValue::draw()) == 0);
}

TEST_CASE("value text", "[probe][value]") {
    CHECK(value_text(ExactValue::win(11)) == "win in 11");
    CHECK(value_text(ExactValue::loss(0)) == "loss in 0");
    CHECK(value_text(ExactValue::draw()) == "draw");
    CHECK(value_text(ExactValue::win(3), true) == "win, dtc 3");
    CHECK(value_text(ExactValue::wdl_only(Wdl::WIN)) == "win (WDL-only table: no distance)");
    CHECK(value_text(VALUE_NONE) == "none");
    CHECK(value_text(value_win(5)) == "win in 5");
}
