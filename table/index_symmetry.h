// Fast helpers for indexing: symmetry images of stone sets by byte lookup,
// and compressing a stone set onto the free points (pext) and back (pdep).
// The BMI2 instructions are used only when the build asks for them
// (cmake -DMTB_BMI2=ON); the default binary runs on any x86-64 CPU (and any
// other) with byte-table versions (portable_*), which give the same results.
#pragma once

#include <cstdint>
#include <vector>

#if defined(MTB_BMI2) && defined(__BMI2__)
#define MTB_USE_PEXT 1
#include <immintrin.h>
#endif

#include "engine/board.h"

namespace mtb {

// Per byte value: its bit count, the position of its j-th set bit, and pext
// and pdep of a byte under a byte mask ([mask][value]); 130 KiB, built on
// first use (a function-local static: safe from static initialisation order).
struct ByteBitTables {
    std::uint8_t count[256];
    std::uint8_t select[256][8];
    std::uint8_t extract[256][256];
    std::uint8_t deposit[256][256];
    ByteBitTables() {
        for (unsigned m = 0; m < 256; ++m) {
            unsigned n = 0;
            for (unsigned b = 0; b < 8; ++b)
                if (m >> b & 1) select[m][n++] = std::uint8_t(b);
            for (unsigned j = n; j < 8; ++j) select[m][j] = 0;
            count[m] = std::uint8_t(n);
            for (unsigned x = 0; x < 256; ++x) {
                unsigned e = 0, d = 0;
                for (unsigned b = 0, k = 0; b < 8; ++b)
                    if (m >> b & 1) {
                        e |= (x >> b & 1) << k;
                        d |= (x >> k & 1) << b;
                        ++k;
                    }
                extract[m][x] = std::uint8_t(e);
                deposit[m][x] = std::uint8_t(d);
            }
        }
    }
};

inline const ByteBitTables& byte_bit_tables() {
    static const ByteBitTables t;
    return t;
}

inline Bitboard portable_extract_bits(Bitboard x, Bitboard mask) {
    const ByteBitTables& t = byte_bit_tables();
    Bitboard r = 0;
    unsigned at = 0;
    for (int byte = 0; byte < 4; ++byte, x >>= 8, mask >>= 8) {
        const unsigned m = mask & 0xFF;
        r |= Bitboard(t.extract[m][x & 0xFF]) << at;
        at += t.count[m];
    }
    return r;
}

inline Bitboard portable_deposit_bits(Bitboard x, Bitboard mask) {
    const ByteBitTables& t = byte_bit_tables();
    Bitboard r = 0;
    for (int byte = 0; byte < 4; ++byte, mask >>= 8) {
        const unsigned m = mask & 0xFF;
        r |= Bitboard(t.deposit[m][x & 0xFF]) << (8 * byte);
        x >>= t.count[m];
    }
    return r;
}

// Broadword select: running bit counts per byte (SWAR, no popcnt
// instruction), the byte holding the j-th set bit, then a table.
inline unsigned portable_select_bit(std::uint64_t word, unsigned j) {
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    std::uint64_t s = word - ((word >> 1) & 0x5555555555555555ULL);
    s = (s & 0x3333333333333333ULL) + ((s >> 2) & 0x3333333333333333ULL);
    s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    const std::uint64_t through = s * ones;  // byte i: set bits in bytes 0..i (at most 64)
    // High bit of byte i set where bytes 0..i hold at most j set bits; those
    // bytes come first, and their number is the byte holding bit j.
    const std::uint64_t before = (((j * ones) | highs) - through) & highs;
    const unsigned byte = unsigned(((before >> 7) * ones) >> 56);
    const unsigned skipped = byte ? unsigned(through >> (8 * byte - 8) & 0xFF) : 0;
    return 8 * byte + byte_bit_tables().select[(word >> (8 * byte)) & 0xFF][j - skipped];
}

// Bits of `x` selected by `mask`, packed into the low bits.
inline Bitboard extract_bits(Bitboard x, Bitboard mask) {
#if defined(MTB_USE_PEXT)
    return _pext_u32(x, mask);
#else
    return portable_extract_bits(x, mask);
#endif
}

// Inverse of extract_bits: the low bits of `x` spread onto the bits of `mask`.
inline Bitboard deposit_bits(Bitboard x, Bitboard mask) {
#if defined(MTB_USE_PEXT)
    return _pdep_u32(x, mask);
#else
    return portable_deposit_bits(x, mask);
#endif
}

// The position of the j-th set bit (from 0) of `word`, which has more than j.
inline unsigned select_bit(std::uint64_t word, unsigned j) {
#if defined(MTB_USE_PEXT)
    return unsigned(__builtin_ctzll(_pdep_u64(std::uint64_t(1) << j, word)));
#else
    return portable_select_bit(word, j);
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
