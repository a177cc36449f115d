// The one value type (engine/value.h) and its two encodings: the tables'
// 16-bit code (table/value.h) and the C API's packed result
// (probe/c_value.h).  The expected packings are built here from the C
// header's macros and the code layout as FORMAT.md states it, not from the
// functions under test.
#include "tests/catch.hpp"

#include <vector>

#include "probe/c_value.h"
#include "table/metric.h"
#include "table/value.h"

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

namespace {
ExactValue dtc(ExactValue v) {
    v.dtc = true;
    return v;
}
}  // namespace

TEST_CASE("a capture clock code reads as a win or loss only where counter + DTC <= the limit", "[probe][value]") {
    const Metric m = Metric::native(*find_rules("lasker-20"));
    REQUIRE(m.horizon() == 20);
    for (int n = 1; n <= 20; ++n)
        for (int counter = 0; counter < 20; ++counter) {
            const bool decided = counter + n <= 20;
            CHECK(m.value(m.win(n), counter) == dtc(decided ? ExactValue::win(n) : ExactValue::draw()));
            CHECK(m.value(m.loss(n), counter) == dtc(decided ? ExactValue::loss(n) : ExactValue::draw()));
        }
    CHECK(m.value(VALUE_DRAW, 0) == dtc(ExactValue::draw()));
    CHECK(m.text(m.win(3)) == "win, dtc 3");
    CHECK(m.text(m.loss(4)) == "loss, dtc 4");
}

TEST_CASE("each metric's encoding round-trips, keeps the parity rule and orders codes by distance", "[probe][value]") {
    const Rules& nmm = *find_rules("nmm");
    const Rules& l20 = *find_rules("lasker-20");
    REQUIRE(!Metric::of(l20, MetricKind::DTM));  // no DTM under a no-capture limit
    for (const Metric& m :
         {*Metric::of(nmm, MetricKind::DTM), *Metric::of(nmm, MetricKind::DTC), Metric::native(l20)}) {
        INFO(m.name() << " horizon " << m.horizon());
        for (int n = 0; n <= std::min(m.max_plies(), 1000); ++n) {
            if (n >= 1 && (m.is_dtc() || n % 2 == 1)) {  // code 1 is the draw, never a win
                CHECK(value_wdl(m.win(n)) == Wdl::WIN);
                CHECK(m.plies(m.win(n)) == n);
            }
            if (m.is_dtc() || n % 2 == 0) {
                CHECK(value_wdl(m.loss(n)) == Wdl::LOSS);
                CHECK(m.plies(m.loss(n)) == n);
            }
            // The solver visits codes in increasing order: a LOSS n comes
            // before a WIN n + 1, which comes before a LOSS n + 1.
            if (m.is_dtc()) CHECK((m.loss(n) < m.win(n + 1) && m.win(n + 1) < m.loss(n + 1)));
        }
        CHECK(m.value(m.win(1)).dtc == m.is_dtc());
        CHECK(!m.code_in_range(VALUE_NONE));
        CHECK(m.code_in_range(VALUE_DRAW));
    }
    const Metric m = Metric::native(l20);
    CHECK(m.code_in_range(m.loss(20)));
    CHECK(!m.code_in_range(m.loss(21)));  // a forged distance beyond the limit
    CHECK(!m.code_in_range(m.win(21)));
    // Under DTC a capture is the deciding event: 1 ply, whatever its child.
    const Metric d = *Metric::of(nmm, MetricKind::DTC);
    CHECK(d.through(d.loss(9), true) == 1);
    CHECK(d.through(d.loss(9), false) == 10);
    const Metric t = *Metric::of(nmm, MetricKind::DTM);
    CHECK(t.through(t.loss(8), true) == 9);
}

TEST_CASE("before_ply flips the result and adds a ply; a deciding capture has DTC 1", "[probe][value]") {
    CHECK(ExactValue::loss(0).before_ply() == ExactValue::win(1));
    CHECK(ExactValue::win(7).before_ply() == ExactValue::loss(8));
    CHECK(ExactValue::draw().before_ply() == ExactValue::draw());
    CHECK(ExactValue::loss(6).before_ply(true) == ExactValue::win(7));  // a DTM capture is one more ply
    CHECK(dtc(ExactValue::loss(6)).before_ply(true) == dtc(ExactValue::win(1)));
    CHECK(dtc(ExactValue::loss(6)).before_ply(false) == dtc(ExactValue::win(7)));
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
    CHECK(value_text(dtc(ExactValue::win(3))) == "win, dtc 3");
    CHECK(value_text(ExactValue::wdl_only(Wdl::WIN)) == "win (WDL-only table: no distance)");
    CHECK(value_text(VALUE_NONE) == "none");
    CHECK(value_text(value_win(5)) == "win in 5");
}
