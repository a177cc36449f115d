// The one value type: the exact game-theoretic value of a position, from the
// side to move's view.  The tables' 16-bit storage code (table/value.h) and
// the C API's packed result (probe/c_value.h) are encodings of it; the
// flip to the mover, the ranking and the text live here only.
// Depends on nothing, so the engine, the probe and the tools share it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace mtb {

// Win/draw/loss.  The numbering is the C API's (MTB_LOSS 0, MTB_DRAW 1,
// MTB_WIN 2; probe/c_value.h checks it).
enum class Wdl : std::uint8_t { LOSS, DRAW, WIN };

constexpr const char* wdl_name(Wdl w) { return w == Wdl::WIN ? "win" : w == Wdl::LOSS ? "loss" : "draw"; }
constexpr Wdl opposite(Wdl w) { return w == Wdl::WIN ? Wdl::LOSS : w == Wdl::LOSS ? Wdl::WIN : Wdl::DRAW; }
// Win/draw/loss as a number the better the higher: 1, 0, -1 (Wdl's order).
// The one fold to a sign: of a table's code (table/value.h), of a signed
// distance in JSON (tools/json_out.cpp).
constexpr int wdl_sign(Wdl w) { return int(w) - int(Wdl::DRAW); }

// WIN or LOSS in `plies` plies with optimal play, or DRAW.  `plies` is in
// the metric of the table it came from (table/metric.h): plies to the end
// (DTM), or, with `dtc`, plies to the next deciding capture or the end
// (DTC; under a no-capture limit, lasker-20, at the position's counter).
// From a win/draw/loss-only table the result is exact but the distance
// unknown (known_plies false, plies 0).
struct ExactValue {
    Wdl wdl = Wdl::DRAW;
    int plies = 0;  // 0 for DRAW and when !known_plies
    bool known_plies = true;
    bool dtc = false;  // plies is a DTC

    static constexpr ExactValue win(int n) { return {Wdl::WIN, n}; }
    static constexpr ExactValue loss(int n) { return {Wdl::LOSS, n}; }
    static constexpr ExactValue draw() { return {Wdl::DRAW, 0}; }
    static constexpr ExactValue wdl_only(Wdl w) { return {w, 0, false}; }

    constexpr bool is_win() const { return wdl == Wdl::WIN; }
    constexpr bool is_loss() const { return wdl == Wdl::LOSS; }
    constexpr bool is_draw() const { return wdl == Wdl::DRAW; }

    // The value of the ply that leads to a position of this value, for the
    // side that plays it: the opponent's result flipped, one ply longer.
    // Under DTC a capture is itself the deciding event, so its DTC is 1
    // whatever the child's.
    constexpr ExactValue before_ply(bool capture = false) const {
        if (is_draw()) return *this;
        if (!known_plies) return wdl_only(opposite(wdl));
        ExactValue v{opposite(wdl), dtc && capture ? 1 : plies + 1};
        v.dtc = dtc;
        return v;
    }

    // Larger is better for the side to move: a faster win before a slower
    // one, any win before a draw, a draw before any loss, a slower loss
    // before a faster one.  A win or loss of unknown length ranks as one
    // slower than any known one (plies < 2^24 in every encoding).
    constexpr long rank() const {
        const long n = known_plies ? plies : (1L << 24);
        return is_win() ? (1L << 26) - n : is_loss() ? -(1L << 26) + n : 0;
    }

    friend constexpr bool operator==(const ExactValue&, const ExactValue&) = default;
};

// <0, 0, >0 as a is worse than, as good as or better than b for the mover.
constexpr long compare_exact(const ExactValue& a, const ExactValue& b) { return a.rank() - b.rank(); }

// The rank of a value that may be unknown (no table, an error): below
// every known value, a loss included.
constexpr long rank_or_unknown(const std::optional<ExactValue>& v) { return v ? v->rank() : -(1L << 30); }

// Sorts a position's plies best first for the mover by their values
// (ExactValue::rank, unknown ones last), stably: plies of equal value keep
// the move generator's order.  The one ranking of root plies: the C API's
// mtb_probe_root (and so every player level, `mtb probe`, `mtb serve`) and
// the search's root all take their best ply from it.  value_of(const Ply&)
// gives the ply's std::optional<ExactValue>.
template <class Ply, class ValueOf>
void rank_root_plies(std::span<Ply> plies, ValueOf&& value_of) {
    std::stable_sort(plies.begin(), plies.end(), [&](const Ply& a, const Ply& b) {
        return rank_or_unknown(value_of(a)) > rank_or_unknown(value_of(b));
    });
}

// The one text of a value, which every edge writes (`mtb probe`, the C
// API's mtb_value_text and so probe.hpp and Python, `mtb serve`'s
// value_text and so the page): "win in 11", "loss in 0", "draw"; a DTC
// "win, dtc 3"; from a WDL-only table "win (WDL-only table: no distance)".
inline std::string value_text(const ExactValue& v) {
    if (v.is_draw()) return "draw";
    const std::string result = wdl_name(v.wdl);
    if (!v.known_plies) return result + " (WDL-only table: no distance)";
    return result + (v.dtc ? ", dtc " : " in ") + std::to_string(v.plies);
}

// The same for a value that may be unknown: "unknown (<why>)".
inline std::string value_text(const std::optional<ExactValue>& v, const std::string& why_unknown) {
    return v ? value_text(*v) : "unknown (" + why_unknown + ")";
}

}  // namespace mtb
