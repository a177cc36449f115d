// Synthetic tables for tests and benchmarks: values are a fixed function of
// the slot, written by the real writer, so a probe can be checked against
// SectorIndex::slot_of() by an independent route.
#pragma once

#include <random>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "table/index.h"
#include "table/table_writer.h"

namespace mtb::test {

// A value code for a slot: draws and wins/losses of up to ~60 plies.
inline ValueCode synthetic_value(std::uint64_t slot) {
    std::uint64_t h = (slot + 1) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    int v = int(h % 61);
    return v == 0 ? VALUE_DRAW : ValueCode(v + 1);
}

inline std::vector<ValueCode> synthetic_values(const SectorIndex& idx) {
    std::vector<ValueCode> v(idx.slots());
    for (std::uint64_t i = 0; i < v.size(); ++i) v[i] = synthetic_value(i);
    return v;
}

// Writes dir/<rules>_<sector>.mtb with synthetic values; returns the error.
inline std::optional<std::string> write_synthetic(const std::string& dir, const Rules& r, Sector s,
                                                  const TableWriteOptions& opt = {}) {
    SectorIndex idx(r, s);
    auto values = synthetic_values(idx);
    return write_table(table_path(dir, r, s), r, s, values, opt);
}

// A random position of sector s (side to move chosen at random) whose
// stones lie on the board; it may fail validate().
inline Position random_position(const Rules& r, Sector s, std::mt19937_64& rng) {
    const int n = r.board->size;
    NormalPosition np;
    auto place = [&](int count, Bitboard taken) {
        Bitboard b = 0;
        while (popcount(b) < count) {
            int p = int(rng() % unsigned(n));
            if (!((b | taken) & bit(p))) b |= bit(p);
        }
        return b;
    };
    np.us = place(s.us_board, 0);
    np.them = place(s.them_board, np.us);
    return denormalise(s, np, (rng() & 1) ? WHITE : BLACK);
}

}  // namespace mtb::test
