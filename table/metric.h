// The value metric of a table: what its distances count, how a value code
// encodes them, and the rule the retrograde solver applies to a ply that
// leaves a unit.  One object, so that the solver, the reader, stats, text,
// JSON, the C API and the player ask it instead of branching on a rule set.
//
//   DTM             plies to the end of the game with optimal play (the
//                   winner hurries, the loser delays).  Codes: n + 2, the
//                   parity of n gives win (odd) or loss (even).
//   DTC             plies to the next deciding event: a capture (its child's
//                   win/draw/loss is the result it keeps) or the end of the
//                   game.  Shorter than DTM and enough to convert a win: a
//                   winner who always takes a winning ply of least DTC
//                   reaches a capture or the end, and each capture removes a
//                   stone for good.  Parity no longer follows the result
//                   (the loser may capture), so codes are 2n + 1 (win) and
//                   2n + 2 (loss).
//   DTC to limit L  the same, for rule sets with a no-capture limit L
//                   (lasker-20): a position at counter c is a win or loss
//                   when c + n <= L, else a draw; a result that needs more
//                   than L plies is a draw, and a blocked side's turn must
//                   begin before the counter reaches L, so a blocked loss
//                   is n = 1 (table/FORMAT.md).
//
// Both encodings keep "code 1 = draw, code odd = win, code even >= 2 = loss"
// (value_wdl), so win/draw/loss counting needs no metric.  In both, a
// larger code of one result means a longer distance, so the solver visits
// codes in increasing order and finds every distance exact.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/movegen.h"
#include "engine/rules.h"
#include "table/value.h"

namespace mtb {

// The table header's `metric` byte (table/FORMAT.md).
enum class MetricKind : std::uint8_t { DTM = 0, DTC = 1 };

class Metric {
public:
    // DTM, or DTC to the rule set's no-capture limit (its only metric).
    static Metric native(const Rules& r) {
        return r.has_capture_counter() ? Metric(MetricKind::DTC, r.no_capture_draw_plies) : Metric(MetricKind::DTM, 0);
    }
    // The metric of `kind` for rule set r, or nullopt where r has none of
    // that kind (DTM under a no-capture limit).
    static std::optional<Metric> of(const Rules& r, MetricKind kind) {
        if (r.has_capture_counter()) {
            if (kind != MetricKind::DTC) return std::nullopt;
            return native(r);
        }
        return Metric(kind, 0);
    }
    // "dtm" or "dtc"; nullopt for any other text.
    static std::optional<MetricKind> kind_of(const std::string& name) {
        if (name == "dtm") return MetricKind::DTM;
        if (name == "dtc") return MetricKind::DTC;
        return std::nullopt;
    }

    MetricKind kind() const { return kind_; }
    bool is_dtc() const { return kind_ == MetricKind::DTC; }
    // The no-capture limit L, or 0 for none.
    int horizon() const { return horizon_; }
    const char* name() const { return is_dtc() ? "dtc" : "dtm"; }

    // The encoding.
    ValueCode win(int n) const { return is_dtc() ? clock_win(n) : value_win(n); }
    ValueCode loss(int n) const { return is_dtc() ? clock_loss(n) : value_loss(n); }
    int plies(ValueCode c) const { return is_dtc() ? clock_plies(c) : value_plies(c); }
    // The largest distance a code can hold (and, with a limit, may).
    int max_plies() const { return horizon_ ? horizon_ : is_dtc() ? 32766 : 65533; }
    // Whether c is a value this metric can store: never VALUE_NONE, and
    // within the distance bound (under a limit, 1 <= n <= L for a decided
    // position).
    bool code_in_range(ValueCode c) const {
        if (c == VALUE_NONE) return false;
        if (c == VALUE_DRAW) return true;
        const int n = plies(c);
        return n <= max_plies() && (!horizon_ || n >= 1);
    }

    // The retrograde rule (the solver; the verifier states it again on its
    // own route).  The distance, for the side that plays it, of a ply to a
    // child of code `child` (not a draw): a capture is itself the deciding
    // event under DTC.
    int through(ValueCode child, bool capture) const { return is_dtc() && capture ? 1 : plies(child) + 1; }
    // Whether a result of n plies is beyond the limit, and so a draw.
    bool beyond(int n) const { return horizon_ && n > horizon_; }
    // The distance of a loss by having no legal ply.
    int blocked_loss() const { return horizon_ ? 1 : 0; }

    // The value a code stands for at capture counter `counter` (read only
    // under a limit), its distance in this metric.
    // A draw says its metric too, so that every value of a table tells
    // what its table's distances count (MTB_DTC in the C API).
    ExactValue value(ValueCode c, int counter = 0) const {
        const int n = plies(c);
        ExactValue v =
            value_is_draw(c) || (horizon_ && counter + n > horizon_) ? ExactValue::draw() : ExactValue{value_wdl(c), n};
        v.dtc = is_dtc();
        return v;
    }
    // What a finished game (e != GameEnd::NONE) is worth to the side to
    // move, the one rule every prober and the search's root ask (probe.h
    // documents it): a draw; a loss in 0 when it has too few stones; a
    // blocked loss in blocked_loss() (0, or 1 under a limit: the blocked
    // side's turn counts on the clock).
    ExactValue game_over(GameEnd e) const { return value(game_over_code(e)); }
    // The same as a stored code (a version-3 table's rule-decided slots).
    ValueCode game_over_code(GameEnd e) const {
        if (e == GameEnd::NO_CAPTURE_LIMIT || e == GameEnd::FULL_BOARD) return VALUE_DRAW;
        return loss(e == GameEnd::TOO_FEW_STONES ? 0 : blocked_loss());
    }
    // "win in 11" (DTM), "win, dtc 3" (DTC): the code itself, whatever the counter.
    std::string text(ValueCode c) const { return c == VALUE_NONE ? "none" : value_text(value(c)); }

    friend bool operator==(const Metric&, const Metric&) = default;

    Metric() = default;  // DTM

private:
    Metric(MetricKind k, int horizon) : kind_(k), horizon_(horizon) {}
    MetricKind kind_ = MetricKind::DTM;
    int horizon_ = 0;
};

}  // namespace mtb
