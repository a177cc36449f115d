// Fast helpers for indexing: symmetry images of stone sets by byte lookup,
// and compressing a stone set onto the free points (pext) and back (pdep).
#pragma once

#include <cstdint>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "engine/board.h"

namespace mtb {

// Bits of `x` selected by `mask`, packed into the low bits.
inline Bitboard extract_bits(Bitboard x, Bitboard mask) {
#if defined(__BMI2__)
    return _pext_u32(x, mask);
#else
    Bitboard r = 0;
    for (Bitboard out = 1; mask; mask &= mask - 1, out <<= 1)
        if (x & mask & -mask) r |= out;
    return r;
#endif
}

// Inverse of extract_bits: the low bits of `x` spread onto the bits of `mask`.
inline Bitboard deposit_bits(Bitboard x, Bitboard mask) {
#if defined(__BMI2__)
    return _pdep_u32(x, mask);
#else
    Bitboard r = 0;
    for (Bitboard in = 1; mask; mask &= mask - 1, in <<= 1)
        if (x & in) r |= mask & -mask;
    return r;
#endif
}

// The position of the j-th set bit (from 0) of `word`, which has more than j.
inline unsigned select_bit(std::uint64_t word, unsigned j) {
#if defined(__BMI2__)
    return unsigned(__builtin_ctzll(_pdep_u64(std::uint64_t(1) << j, word)));
#else
    for (; j; --j) word &= word - 1;
    return unsigned(__builtin_ctzll(word));
#endif
}

// The image of a stone set under each board symmetry, as three lookups of
// 8 bits each.  The board has at most 24 points, so three bytes cover it.
// Entries are laid out [byte][value][symmetry] with the symmetries padded
// to WIDTH (copies of the identity), so the images of a set under all
// symmetries are the OR of three 64-byte rows: one cache line each.
class SymmetryTables {
public:
    static constexpr int WIDTH = 16;

    explicit SymmetryTables(const Board& b) : count_(int(b.symmetries.size())), table_(3 * 256 * WIDTH) {
        for (int byte = 0; byte < 3; ++byte)
            for (int v = 0; v < 256; ++v)
                for (int s = 0; s < WIDTH; ++s)
                    table_[(byte * 256 + v) * WIDTH + s] = s < count_ ? b.transform(s, Bitboard(v) << (8 * byte)) : 0;
        // Wider groups fall back to Board::transform (no built-in board has one).
        if (count_ > WIDTH) table_.clear();
        board_ = &b;
    }
    int count() const { return count_; }
    Bitboard apply(int s, Bitboard x) const {
        if (count_ > WIDTH) return board_->transform(s, x);
        const Bitboard* t = table_.data();
        return t[(x & 255) * WIDTH + s] | t[(256 + ((x >> 8) & 255)) * WIDTH + s] |
               t[(512 + ((x >> 16) & 255)) * WIDTH + s];
    }
    // Writes the image of x under symmetry s to out[s] for every s < count();
    // entries count()..WIDTH-1 get x (the identity's image) when the group is small.
    void apply_all(Bitboard x, Bitboard* out) const {
        if (count_ > WIDTH) {
            for (int s = 0; s < count_; ++s) out[s] = board_->transform(s, x);
            return;
        }
        const Bitboard* a = &table_[(x & 255) * WIDTH];
        const Bitboard* b = &table_[(256 + ((x >> 8) & 255)) * WIDTH];
        const Bitboard* c = &table_[(512 + ((x >> 16) & 255)) * WIDTH];
        for (int s = 0; s < WIDTH; ++s) out[s] = a[s] | b[s] | c[s];
        for (int s = count_; s < WIDTH; ++s) out[s] = x;
    }
    std::size_t memory_bytes() const { return table_.size() * sizeof(Bitboard); }
    // The entries of symmetry s, for image(): null when the group is too
    // wide for the tables.
    const Bitboard* column(int s) const { return table_.empty() ? nullptr : table_.data() + s; }
    // The image of x under the symmetry whose column() is c.
    static Bitboard image(const Bitboard* c, Bitboard x) {
        return c[(x & 255) * WIDTH] | c[(256 + ((x >> 8) & 255)) * WIDTH] | c[(512 + ((x >> 16) & 255)) * WIDTH];
    }

private:
    int count_;
    std::vector<Bitboard> table_;
    const Board* board_ = nullptr;
};

}  // namespace mtb
