// A position: stones of both sides, stones in hand, side to move, and the
// no-capture ply counter for rule sets that have one.  Copying is cheap
// (12 bytes), so the search and perft copy-make.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "engine/rules.h"

namespace mtb {

struct Position {
    std::array<Bitboard, COLOR_NB> stones{};
    std::array<std::uint8_t, COLOR_NB> hand{};
    Color side = WHITE;
    std::uint8_t since_capture = 0;  // plies since the last capture; 0 unless the rules count

    Bitboard occupied() const { return stones[WHITE] | stones[BLACK]; }
    Bitboard us() const { return stones[side]; }
    Bitboard them() const { return stones[~side]; }
    int on_board(Color c) const { return popcount(stones[c]); }
    int total(Color c) const { return popcount(stones[c]) + hand[c]; }

    friend bool operator==(const Position&, const Position&) = default;
};

Position start_position(const Rules& r);

// Whether stones in hand fit `side` to move under the rule set: where
// placements alternate, White places first, so while stones remain in hand
// White to move has as many as Black and Black to move one more.  The one
// statement of that rule: validate() asks it of a position, valid_sector()
// (table/sector.h) of a sector for either colour.
constexpr bool hands_fit_side(const Rules& r, Color side, int mover_hand, int other_hand) {
    if (r.move_while_in_hand) return true;
    if (side == WHITE) return mover_hand == other_hand;
    return mover_hand == other_hand + 1 || (mover_hand == 0 && other_hand == 0);
}

// Why a position could not arise under a rule set, or nullopt when it can
// be played.  Checks counts (board + hand <= stones per side, hand within
// range), that no point holds two stones, the counter range, that the side
// not to move has not already lost, and, for rule sets where placements
// alternate, that the hands are consistent with White placing first.
std::optional<std::string> validate(const Rules& r, const Position& p);

}  // namespace mtb
