#include "engine/position.h"

namespace mtb {

Position start_position(const Rules& r) {
    Position p;
    p.hand[WHITE] = p.hand[BLACK] = std::uint8_t(r.stones);
    return p;
}

std::optional<std::string> validate(const Rules& r, const Position& p) {
    const Board& b = *r.board;
    if ((p.stones[WHITE] | p.stones[BLACK]) & ~b.all) return "stone on a point the board does not have";
    if (p.stones[WHITE] & p.stones[BLACK]) return "a point holds two stones";
    if (p.side != WHITE && p.side != BLACK) return "bad side to move";
    for (Color c : {WHITE, BLACK}) {
        const char* who = c == WHITE ? "white" : "black";
        if (p.hand[c] > r.stones)
            return std::string(who) + " has " + std::to_string(p.hand[c]) + " stones in hand; at most " +
                   std::to_string(r.stones);
        if (p.total(c) > r.stones)
            return std::string(who) + " has " + std::to_string(p.total(c)) +
                   " stones on board and in hand; the rule set has " + std::to_string(r.stones);
    }
    if (r.too_few_stones(p.total(~p.side)))
        return "the side not to move has fewer than " + std::to_string(r.lose_below) +
               " stones: the game ended before this position";
    if (r.has_capture_counter()) {
        if (p.since_capture > r.no_capture_draw_plies)
            return "plies since capture " + std::to_string(p.since_capture) + " exceeds the draw limit " +
                   std::to_string(r.no_capture_draw_plies);
    } else if (p.since_capture != 0) {
        return "this rule set has no capture counter";
    }
    if (!hands_fit_side(r, p.side, p.hand[p.side], p.hand[~p.side]))
        return "stones in hand do not fit the side to move (white places first, placements alternate)";
    return std::nullopt;
}

}  // namespace mtb
