#include "player/eval.h"

#include <algorithm>

#include "engine/movegen.h"

namespace mtb {
namespace {

// The per-side counts behind the difference features.
struct SideCounts {
    int mills = 0, blocked = 0, two = 0, three = 0, doubles = 0;
};

SideCounts count_side(const Board& b, Bitboard own, Bitboard empty) {
    SideCounts c;
    Bitboard two_stones = 0;  // own stones that lie in some 2-configuration
    std::array<std::uint8_t, MAX_POINTS> twos_at{};
    for (Bitboard m : b.mills) {
        Bitboard mine = own & m;
        if (mine == m) {
            ++c.mills;
        } else if (popcount(mine) == 2 && (m & empty)) {
            ++c.two;
            two_stones |= mine;
            for (Bitboard x = mine; x;) ++twos_at[pop_lsb(x)];
        }
    }
    // A 3-configuration: a stone where two 2-configurations meet, so a
    // stone added in either of two ways closes a mill.
    for (Bitboard x = two_stones; x;)
        if (twos_at[pop_lsb(x)] >= 2) ++c.three;
    // Double mills: two complete mills through one stone.
    if (c.mills >= 2)
        for (Bitboard x = own; x;) {
            Point p = pop_lsb(x);
            int n = 0;
            for (Bitboard m : b.mills_at[p])
                if (m && (own & m) == m) ++n;
            if (n >= 2) ++c.doubles;
        }
    for (Bitboard x = own; x;)
        if (!(b.adjacent[pop_lsb(x)] & empty)) ++c.blocked;
    return c;
}

}  // namespace

EvalWeights EvalWeights::standard() {
    EvalWeights e{};
    //            closed mills blocked stones two three double won
    e.w[PLACING] = {18, 26, 1, 6, 12, 7, 0, 0};
    e.w[MOVING] = {14, 43, 10, 11, 0, 0, 8, 1086};
    e.w[FLYING] = {16, 0, 0, 0, 10, 1, 0, 1190};
    return e;
}

Phase phase_of(const Rules& r, const Position& p) {
    if (p.hand[WHITE] || p.hand[BLACK]) return PLACING;
    if (r.can_fly(p.on_board(WHITE), 0) || r.can_fly(p.on_board(BLACK), 0)) return FLYING;
    return MOVING;
}

Features features(const Rules& r, const Position& p, int closed_mill) {
    const Board& b = *r.board;
    const Bitboard empty = b.all & ~p.occupied();
    SideCounts us = count_side(b, p.us(), empty), them = count_side(b, p.them(), empty);
    Features f{};
    f[CLOSED_MILL] = closed_mill;
    f[MILLS] = us.mills - them.mills;
    f[BLOCKED] = them.blocked - us.blocked;
    f[STONES] = p.total(p.side) - p.total(~p.side);
    f[TWO_CONFIGS] = us.two - them.two;
    f[THREE_CONFIGS] = us.three - them.three;
    f[DOUBLE_MILLS] = us.doubles - them.doubles;
    // Won/lost as far as the position shows it: below the stone minimum, or
    // the opponent would have no ply on its turn.
    Position flipped = p;
    flipped.side = ~p.side;
    if (r.too_few_stones(p.total(~p.side)) || !has_ply(r, flipped))
        f[WON] = 1;
    else if (r.too_few_stones(p.total(p.side)) || !has_ply(r, p))
        f[WON] = -1;
    return f;
}

int evaluate(const Rules& r, const Position& p, int closed_mill, const EvalWeights& w) {
    const Features f = features(r, p, closed_mill);
    const auto& wp = w.w[phase_of(r, p)];
    int s = 0;
    for (int i = 0; i < FEATURE_NB; ++i) s += wp[i] * f[i];
    return std::clamp(s, -EVAL_BOUND, EVAL_BOUND);
}

}  // namespace mtb
