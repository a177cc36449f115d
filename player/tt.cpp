#include "player/tt.h"

#include <algorithm>
#include <bit>

namespace mtb {

TranspositionTable::TranspositionTable(std::size_t megabytes) {
    std::size_t want = std::max<std::size_t>(1, megabytes) * 1024 * 1024 / sizeof(TTEntry);
    std::size_t n = std::bit_floor(want);
    entries_.resize(n);
    shift_ = 64 - std::countr_zero(n);
}

void TranspositionTable::clear() {
    for (TTEntry& e : entries_) e = TTEntry{};
}

void TranspositionTable::store(std::uint64_t key, int score, int depth, Bound bound, Move move) {
    TTEntry& e = entries_[index(key)];
    if (e.key == key) {
        if (depth < e.depth && bound != BOUND_EXACT) return;
        if (move == Move{}) move = e.move;  // keep the old best ply when none is known now
    }
    e.key = key;
    e.score = std::int16_t(score);
    e.depth = std::int8_t(depth);
    e.bound = bound;
    e.move = move;
}

}  // namespace mtb
