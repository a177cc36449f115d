// Boards as data: points, adjacency, mills, and the symmetry group computed
// from them.  Boards are built once at start-up and then shared read-only.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"

namespace mtb {

// The plain description a board is built from (see boards.cpp).
struct BoardSpec {
    std::string_view name;
    std::string_view points;  // space-separated, in position-text order
    std::string_view edges;   // space-separated "a7-d7" pairs
    std::string_view mills;   // space-separated point triples, e.g. "a7d7g7"
};

// A permutation of points: image[p] is where point p goes.
using Permutation = std::array<Point, MAX_POINTS>;

struct Board {
    std::string name;
    int size = 0;                          // number of points
    Bitboard all = 0;                      // mask of every point
    std::vector<std::string> point_names;  // index = Point
    std::array<Bitboard, MAX_POINTS> adjacent{};
    std::vector<std::pair<Point, Point>> edges;
    std::vector<Bitboard> mills;
    // The mills through each point; unused entries are 0.  No supported board
    // has more than 3 mills through one point.
    std::array<std::array<Bitboard, 4>, MAX_POINTS> mills_at{};
    // Every permutation that maps edges to edges and mills to mills;
    // symmetries[0] is the identity.
    std::vector<Permutation> symmetries;

    std::optional<Point> point(std::string_view name) const;
    std::string_view name_of(Point p) const { return point_names[p]; }

    // Image of a stone set under symmetries[s].  Simple loop: hot code
    // (indexing) builds its own byte tables from `symmetries`.
    Bitboard transform(int s, Bitboard b) const;
};

// Builds a board from its spec; returns an error text for malformed data.
std::optional<std::string> build_board(const BoardSpec& spec, Board& out);

// The built-in boards (standard24, diagonal24, ring16, board18).
const std::vector<Board>& all_boards();
const Board* find_board(std::string_view name);

// All point permutations preserving edges and mills, found by backtracking.
std::vector<Permutation> compute_symmetries(const Board& b);

// Union of the complete mills inside `stones`.
inline Bitboard stones_in_mills(const Board& b, Bitboard stones) {
    Bitboard r = 0;
    for (Bitboard m : b.mills)
        if ((stones & m) == m) r |= m;
    return r;
}

// True when `stones` (which contains p) has a complete mill through p.
inline bool mill_at(const Board& b, Bitboard stones, Point p) {
    for (Bitboard m : b.mills_at[p])
        if (m && (stones & m) == m) return true;
    return false;
}

}  // namespace mtb
