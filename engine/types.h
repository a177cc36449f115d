// Basic value types shared by the whole engine: points, bitboards, colours, moves.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>

namespace mtb {

// One bit per point; every board we support has at most 24 points.
using Bitboard = std::uint32_t;
constexpr int MAX_POINTS = 24;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// A point is an index into a board's point list (the position-text order).
enum Point : std::uint8_t { POINT_NONE = 31 };

constexpr Bitboard bit(int p) { return Bitboard(1) << p; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }

inline Point lsb(Bitboard b) {
    assert(b);
    return Point(std::countr_zero(b));
}

inline Point pop_lsb(Bitboard& b) {
    assert(b);
    Point p = Point(std::countr_zero(b));
    b &= b - 1;
    return p;
}

// A ply is atomic: a placement (from == POINT_NONE) or a move, plus the
// removal it causes (remove == POINT_NONE when there is none).
struct Move {
    Point from = POINT_NONE;
    Point to = POINT_NONE;
    Point remove = POINT_NONE;

    constexpr bool is_placement() const { return from == POINT_NONE; }
    constexpr bool is_removal() const { return remove != POINT_NONE; }
    friend constexpr bool operator==(Move, Move) = default;
};

// Upper bound on the plies of any position of any supported rule set.  The
// worst cases are about 450 (flying with many removable stones); see movegen.h.
constexpr int MAX_PLIES = 1024;

}  // namespace mtb
