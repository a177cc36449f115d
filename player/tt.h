// Transposition table for the search.  The key is the position itself,
// packed into 62 bits, so a hit is never a collision:
//
//   bits  0..23  white stones      bits 48..51  white in hand (<= 15)
//   bits 24..47  black stones      bits 52..55  black in hand (<= 15)
//   bit  56      side to move      bits 57..62  plies since capture (<= 63)
//
// The no-capture counter is part of the key, so lasker-20 positions that
// differ only in the counter (and may differ in value) never share an entry.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/position.h"

namespace mtb {

inline std::uint64_t position_key(const Position& p) {
    return std::uint64_t(p.stones[WHITE]) | std::uint64_t(p.stones[BLACK]) << 24 |
           std::uint64_t(p.hand[WHITE] & 15) << 48 | std::uint64_t(p.hand[BLACK] & 15) << 52 |
           std::uint64_t(p.side) << 56 | std::uint64_t(p.since_capture & 63) << 57;
}

enum Bound : std::uint8_t { BOUND_NONE, BOUND_UPPER, BOUND_LOWER, BOUND_EXACT };

struct TTEntry {
    std::uint64_t key = ~std::uint64_t(0);  // no position packs to all ones
    std::int16_t score = 0;
    std::int8_t depth = 0;
    Bound bound = BOUND_NONE;
    Move move;
};

class TranspositionTable {
public:
    explicit TranspositionTable(std::size_t megabytes = 16);
    void clear();
    // The entry for key, or nullptr.
    const TTEntry* probe(std::uint64_t key) const {
        const TTEntry& e = entries_[index(key)];
        return e.key == key ? &e : nullptr;
    }
    // Keeps the deeper result when a slot holds the same position; another
    // position is always replaced (the newer search is the more relevant).
    void store(std::uint64_t key, int score, int depth, Bound bound, Move move);

private:
    std::size_t index(std::uint64_t key) const { return std::size_t((key * 0x9E3779B97F4A7C15ull) >> shift_); }
    std::vector<TTEntry> entries_;
    int shift_ = 64;
};

}  // namespace mtb
