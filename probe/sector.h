// Sectors: the positions with given stone counts, seen from the side to move.
//
// CONTRACT (shared by gen/, probe/ and tools/; implemented in probe/sector.cpp):
// a position is normalised to the side to move ("us") and the opponent
// ("them"); colours are swapped when Black is to move, since every rule set
// treats both colours alike apart from who starts.  The no-capture counter
// of lasker-20 is not part of a sector.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/position.h"

namespace mtb {

struct Sector {
    std::uint8_t us_board = 0, them_board = 0, us_hand = 0, them_hand = 0;

    friend bool operator==(const Sector&, const Sector&) = default;
    friend auto operator<=>(const Sector&, const Sector&) = default;
    // A stable 32-bit key: us_board | them_board << 8 | us_hand << 16 | them_hand << 24.
    std::uint32_t key() const;
    static Sector from_key(std::uint32_t key);
    // "5v4" for movement sectors, "5v4+2+3" when stones remain in hand.
    std::string name() const;
    bool movement_only() const { return us_hand == 0 && them_hand == 0; }
};

// A position seen from the side to move.
struct NormalPosition {
    Bitboard us = 0, them = 0;
};

Sector sector_of(const Position& p);
NormalPosition normalise(const Position& p);
// The position with `side` to move; inverse of normalise.
Position denormalise(const Sector& s, const NormalPosition& n, Color side);

}  // namespace mtb
