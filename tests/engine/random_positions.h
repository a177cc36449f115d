// Random legal positions for the property tests: positions met in random
// games from the start (every phase, in the proportions play produces) and
// positions built from random stone sets (flying, nearly full boards, lost
// positions, any no-capture counter), all accepted by validate().
#pragma once

#include <algorithm>
#include <random>
#include <vector>

#include "engine/movegen.h"

namespace mtb::testing {

using Rng = std::mt19937_64;

inline int uniform(Rng& rng, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

// Plays random plies from the start until the game ends or `max_plies`
// pass, appending every position met (the start and the final one too).
inline void random_game(const Rules& r, Rng& rng, std::vector<Position>& out, int max_plies = 120) {
    Position p = start_position(r);
    out.push_back(p);
    for (int i = 0; i < max_plies && outcome(r, p) == Outcome::ONGOING; ++i) {
        MoveList list(r, p);
        p = after(r, p, list.moves[uniform(rng, 0, list.size() - 1)]);
        out.push_back(p);
    }
}

// A random position that validate() accepts.  Stone counts are drawn
// uniformly per side, so few-stone (flying) and crowded boards both occur;
// the side to move may already have lost (fewer than lose_below stones).
inline Position random_setup(const Rules& r, Rng& rng) {
    const int n = r.board->size;
    for (;;) {
        Position p;
        p.side = Color(uniform(rng, 0, 1));
        if (r.move_while_in_hand) {
            p.hand[WHITE] = std::uint8_t(uniform(rng, 0, r.stones));
            p.hand[BLACK] = std::uint8_t(uniform(rng, 0, r.stones));
        } else if (uniform(rng, 0, 1)) {
            // Placing is over.
        } else {
            // White places first and placements alternate.
            int hw = uniform(rng, 1, r.stones);
            p.hand[WHITE] = std::uint8_t(p.side == WHITE ? hw : hw - 1);
            p.hand[BLACK] = std::uint8_t(hw);
        }
        int count[COLOR_NB];
        for (Color c : {WHITE, BLACK}) count[c] = uniform(rng, 0, r.stones - p.hand[c]);
        if (count[WHITE] + count[BLACK] > n) continue;
        std::vector<int> points(n);
        for (int i = 0; i < n; ++i) points[i] = i;
        std::shuffle(points.begin(), points.end(), rng);
        int k = 0;
        for (Color c : {WHITE, BLACK})
            for (int i = 0; i < count[c]; ++i) p.stones[c] |= bit(points[k++]);
        if (r.has_capture_counter()) p.since_capture = std::uint8_t(uniform(rng, 0, r.no_capture_draw_plies));
        if (!validate(r, p)) return p;
    }
}

// At least `from_games` positions met in random games, plus `setups`
// random setups.
inline std::vector<Position> random_positions(const Rules& r, Rng& rng, int from_games, int setups) {
    std::vector<Position> out;
    while (int(out.size()) < from_games) random_game(r, rng, out);
    for (int i = 0; i < setups; ++i) out.push_back(random_setup(r, rng));
    return out;
}

}  // namespace mtb::testing
