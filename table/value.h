// The 16-bit storage code of a value (engine/value.h), shared by the
// solver, the table files and the probe.
//
// A value is from the side to move's view: WIN in n, LOSS in n, or DRAW,
// n = plies to the end with optimal play.  The winner makes the last ply,
// so a WIN always has odd n and a LOSS even n (LOSS in 0: the game is
// already lost).  The code therefore needs no separate WDL bits:
//
//   code 0      : NONE, no value known (not yet solved, no table); never in
//                 a file, where every slot holds a position (table/FORMAT.md)
//   code 1      : DRAW
//   code n + 2  : WIN in n (n odd) or LOSS in n (n even), n <= 65533
#pragma once

#include <cstdint>
#include <string>

#include "engine/value.h"

namespace mtb {

using ValueCode = std::uint16_t;
constexpr ValueCode VALUE_NONE = 0;
constexpr ValueCode VALUE_DRAW = 1;

constexpr ValueCode value_code_plies(int plies) { return ValueCode(plies + 2); }
constexpr bool value_is_position(ValueCode c) { return c != VALUE_NONE; }
constexpr bool value_is_draw(ValueCode c) { return c == VALUE_DRAW; }
constexpr int value_plies(ValueCode c) { return c >= 2 ? c - 2 : 0; }
constexpr Wdl value_wdl(ValueCode c) {
    return c == VALUE_DRAW ? Wdl::DRAW : (value_plies(c) & 1) ? Wdl::WIN : Wdl::LOSS;
}
constexpr ValueCode value_win(int plies) { return value_code_plies(plies); }   // plies odd
constexpr ValueCode value_loss(int plies) { return value_code_plies(plies); }  // plies even

// Win/draw/loss as a number the better the higher, -1, 0 or 1
// (engine/value.h), and the code a win/draw/loss-only table stores for it.
constexpr int wdl_sign(ValueCode c) { return wdl_sign(value_wdl(c)); }
constexpr ValueCode wdl_only_code(int sign) { return sign > 0 ? value_win(1) : sign < 0 ? value_loss(0) : VALUE_DRAW; }

// The value a code stands for (a position's code: not VALUE_NONE).
constexpr ExactValue decode_value(ValueCode c) {
    return value_is_draw(c) ? ExactValue::draw() : ExactValue{value_wdl(c), value_plies(c)};
}

// "win in 11", "loss in 0", "draw", "none".
inline std::string value_text(ValueCode c) { return c == VALUE_NONE ? "none" : value_text(decode_value(c)); }

// The DTC encoding (table/metric.h: DTC, with or without a no-capture
// limit), where the result's parity no longer follows the distance: DTC n
// is the plies to the next deciding capture or the end of the game.  Codes
// keep the parity rule above, so win/draw/loss counts read them unchanged:
//
//   code 1       : DRAW (under a limit L: not decided within L plies)
//   code 2n + 1  : WIN, DTC n   (value_plies = 2n - 1, odd)
//   code 2n + 2  : LOSS, DTC n  (value_plies = 2n, even)
constexpr ValueCode clock_win(int n) { return ValueCode(2 * n + 1); }
constexpr ValueCode clock_loss(int n) { return ValueCode(2 * n + 2); }
constexpr int clock_plies(ValueCode c) { return c >= 2 ? (c - 1) / 2 : 0; }

}  // namespace mtb
