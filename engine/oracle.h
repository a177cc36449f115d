// The oracle interface: a source of exact values (endgame tables) that the
// search consults.  engine/ knows only this interface; tools/ adapts the
// probe library to it, so the engine never depends on probe/.
#pragma once

#include <optional>

#include "engine/position.h"

namespace mtb {

// The exact game-theoretic value of a position, from the side to move's
// view: WIN or LOSS in `plies` plies with optimal play, or DRAW.  From a
// win/draw/loss-only table the kind is exact but the distance unknown
// (known_plies false, plies 0): the search then keeps the win but must find
// its own way to convert it (search.cpp).
struct ExactValue {
    enum Kind : std::uint8_t { LOSS, DRAW, WIN };
    Kind kind = DRAW;
    int plies = 0;  // 0 for DRAW and when !known_plies
    bool known_plies = true;

    static ExactValue win(int n) { return {WIN, n}; }
    static ExactValue loss(int n) { return {LOSS, n}; }
    static ExactValue draw() { return {DRAW, 0}; }
    static ExactValue wdl_only(Kind k) { return {k, 0, false}; }
    friend bool operator==(const ExactValue&, const ExactValue&) = default;
};

class Oracle {
public:
    virtual ~Oracle() = default;
    // The exact value of p under rules r, or nullopt when the oracle does
    // not know p (no table for its sector, or p outside the tables).
    virtual std::optional<ExactValue> probe(const Rules& r, const Position& p) = 0;
    // Whether the values already account for a no-capture ply counter.  When
    // true (lasker-20 capture clock tables) a value is exact at p's counter
    // and `plies` is its DTC, the plies to the deciding capture (probe/value.h):
    // any ply to a child the opponent loses at its own counter keeps the win,
    // and the win is converted before the counter runs out.  When false and
    // the rules have a counter, the search trusts a value only where the
    // counter cannot change it (see search.cpp).
    virtual bool counter_aware() const { return false; }
};

// Orders exact values for the side to move: a faster win is better than a
// slower one, any win better than a draw, a draw better than any loss, a
// slower loss better than a faster one.  A win or loss of unknown length
// counts as slower than any known one.  Returns <0, 0, >0.
inline int compare_exact(const ExactValue& a, const ExactValue& b) {
    auto rank = [](const ExactValue& v) {
        // Wins: 1e6 - plies; draws: 0; losses: -1e6 + plies (plies < 65536).
        const int plies = v.known_plies ? v.plies : 65536;
        return v.kind == ExactValue::WIN ? 1000000 - plies : v.kind == ExactValue::LOSS ? -1000000 + plies : 0;
    };
    return rank(a) - rank(b);
}

}  // namespace mtb
