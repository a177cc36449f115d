#include "probe/sector.h"

namespace mtb {

std::uint32_t Sector::key() const {
    return std::uint32_t(us_board) | std::uint32_t(them_board) << 8 | std::uint32_t(us_hand) << 16 |
           std::uint32_t(them_hand) << 24;
}

Sector Sector::from_key(std::uint32_t k) {
    return Sector{std::uint8_t(k), std::uint8_t(k >> 8), std::uint8_t(k >> 16), std::uint8_t(k >> 24)};
}

std::string Sector::name() const {
    // Appends rather than operator+ chains: GCC 12 warns falsely (-Wrestrict) on those.
    std::string s = std::to_string(us_board);
    s += 'v';
    s += std::to_string(them_board);
    if (!movement_only()) {
        s += '+';
        s += std::to_string(us_hand);
        s += '+';
        s += std::to_string(them_hand);
    }
    return s;
}

Sector sector_of(const Position& p) {
    Color us = p.side, them = ~p.side;
    return Sector{std::uint8_t(p.on_board(us)), std::uint8_t(p.on_board(them)), p.hand[us], p.hand[them]};
}

NormalPosition normalise(const Position& p) { return NormalPosition{p.us(), p.them()}; }

Position denormalise(const Sector& s, const NormalPosition& n, Color side) {
    Position p;
    p.side = side;
    p.stones[side] = n.us;
    p.stones[~side] = n.them;
    p.hand[side] = s.us_hand;
    p.hand[~side] = s.them_hand;
    return p;
}

}  // namespace mtb
