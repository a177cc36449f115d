// The exact value of a position and its 16-bit code, shared by the solver,
// the table files and the probe.
//
// A value is from the side to move's view: WIN in n, LOSS in n, or DRAW,
// n = plies to the end with optimal play.  The winner makes the last ply,
// so a WIN always has odd n and a LOSS even n (LOSS in 0: the game is
// already lost).  The code therefore needs no separate WDL bits:
//
//   code 0      : NONE, the slot holds no position ("don't care" on disk)
//   code 1      : DRAW
//   code n + 2  : WIN in n (n odd) or LOSS in n (n even), n <= 65533
#pragma once

#include <cstdint>
#include <string>

namespace mtb {

enum class Wdl : std::uint8_t { LOSS, DRAW, WIN };

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

// "win in 11", "loss in 0", "draw", "none".
inline std::string value_text(ValueCode c) {
    if (c == VALUE_NONE) return "none";
    if (c == VALUE_DRAW) return "draw";
    return std::string(value_wdl(c) == Wdl::WIN ? "win in " : "loss in ") + std::to_string(value_plies(c));
}

}  // namespace mtb
