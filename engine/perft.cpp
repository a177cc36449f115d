#include "engine/perft.h"

namespace mtb {
namespace {

// Whether the game has ended before any ply; "no legal ply" needs no test
// here, since such a position simply has no children.
inline bool ended_early(const Rules& r, const Position& p) {
    if (p.total(p.side) < r.lose_below) return true;
    if (r.full_board_draw && !p.hand[WHITE] && !p.hand[BLACK] && p.occupied() == r.board->all) return true;
    return r.has_capture_counter() && p.since_capture >= r.no_capture_draw_plies;
}

std::uint64_t perft_rec(const Rules& r, const Position& p, int depth) {
    if (ended_early(r, p)) return 0;
    // Bulk counting: the last ply is counted, not played.
    if (depth == 1) return std::uint64_t(count_plies(r, p));
    Move moves[MAX_PLIES];
    Move* end = generate(r, p, moves);
    std::uint64_t n = 0;
    for (Move* m = moves; m != end; ++m) n += perft_rec(r, after(r, p, *m), depth - 1);
    return n;
}

}  // namespace

std::uint64_t perft(const Rules& r, const Position& p, int depth) {
    if (depth <= 0) return 1;
    return perft_rec(r, p, depth);
}

}  // namespace mtb
