#include "probe/sector.h"

#include <charconv>

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

std::optional<Sector> Sector::from_name(std::string_view text) {
    // Reads a count and the separator after it, if any: "5v", "4+", "3".
    auto count = [&](std::uint8_t& out) {
        unsigned v = 0;
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || v > 255) return false;
        out = std::uint8_t(v);
        text.remove_prefix(std::size_t(end - text.data()));
        return true;
    };
    auto eat = [&](char c) {
        if (text.empty() || text[0] != c) return false;
        text.remove_prefix(1);
        return true;
    };
    Sector s;
    if (!count(s.us_board) || !eat('v') || !count(s.them_board)) return std::nullopt;
    if (!text.empty() && !(eat('+') && count(s.us_hand) && eat('+') && count(s.them_hand))) return std::nullopt;
    if (!text.empty()) return std::nullopt;
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
