#include "tools/serve_example.h"

#include <vector>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "table/sector.h"

namespace mtb::cli {
namespace {

// Positions tried: enough to find a win in a table of a few stones, few
// enough to cost nothing at start-up.
constexpr int kTries = 24;

int stones(Sector s) { return s.us_board + s.them_board + s.us_hand + s.them_hand; }

// Sector s's stones scattered over the board, the order picked by `seed`.
Position scattered(const Rules& r, Sector s, Color side, unsigned seed) {
    const int n = r.board->size;
    std::vector<int> points(std::size_t(n), 0);
    for (int i = 0; i < n; ++i) points[std::size_t(i)] = i;
    unsigned x = seed * 2654435761u + 12345u;
    for (int i = n - 1; i > 0; --i) {
        x = x * 1103515245u + 12345u;
        std::swap(points[std::size_t(i)], points[std::size_t((x >> 8) % unsigned(i + 1))]);
    }
    Position p;
    p.side = side;
    int k = 0;
    for (int i = 0; i < s.us_board; ++i) p.stones[side] |= bit(points[std::size_t(k++)]);
    for (int i = 0; i < s.them_board; ++i) p.stones[~side] |= bit(points[std::size_t(k++)]);
    p.hand[side] = s.us_hand;
    p.hand[~side] = s.them_hand;
    return p;
}

}  // namespace

std::optional<std::string> example_position(const Prober& t) {
    const Rules& r = t.rules();
    const std::vector<Sector> sectors = t.tables().sectors();
    if (sectors.empty()) return std::nullopt;
    // Movement tables first (the endgames a folder is made for), then the
    // most stones.
    auto rank = [](Sector s) { return std::pair(s.movement_only(), stones(s)); };
    const Sector* best = &sectors[0];
    for (const Sector& s : sectors)
        if (rank(s) > rank(*best)) best = &s;
    std::optional<std::string> found;
    unsigned longest = 0;
    for (int seed = 0; seed < kTries; ++seed) {
        for (Color side : {WHITE, BLACK}) {
            const Position p = scattered(r, *best, side, unsigned(seed));
            if (validate(r, p) || outcome(r, p) != Outcome::ONGOING) continue;
            const ProbeAnswer v = t.value(p);
            if (!v.ok()) continue;
            const unsigned score = v.value->is_win() ? unsigned(v.value->plies) + 1 : 0;
            if (!found || score > longest) found = position_to_text(r, p), longest = score;
        }
    }
    return found;
}

}  // namespace mtb::cli
