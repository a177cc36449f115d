// Whether a stone set is fixed by a symmetry other than the identity.
//
// The solver counts, for each position, its distinct in-unit children (see
// gen/solver.h).  A quiet ply leaves the non-mover's stones unchanged, so
// two children can only be symmetric images of each other through a
// symmetry that fixes those stones.  When none but the identity does (the
// common case), the children are all distinct classes and counting the
// plies is enough; the solver then skips canonicalising every child.
#pragma once

#include <array>
#include <vector>

#include "engine/board.h"

namespace mtb {

class StabilizerTest {
public:
    explicit StabilizerTest(const Board& b) {
        for (std::size_t g = 1; g < b.symmetries.size(); ++g) {
            Tables t{};
            for (int byte = 0; byte < 3; ++byte)
                for (int v = 0; v < 256; ++v) {
                    Bitboard image = 0;
                    for (int i = 0; i < 8; ++i) {
                        const int p = byte * 8 + i;
                        if (v >> i & 1 && p < b.size) image |= bit(b.symmetries[g][p]);
                    }
                    t[byte][v] = image;
                }
            tables_.push_back(t);
        }
    }

    // True when some symmetry other than the identity maps `stones` to itself.
    bool fixed_by_nontrivial(Bitboard stones) const {
        for (const Tables& t : tables_)
            if ((t[0][stones & 0xff] | t[1][stones >> 8 & 0xff] | t[2][stones >> 16 & 0xff]) == stones) return true;
        return false;
    }

private:
    using Tables = std::array<std::array<Bitboard, 256>, 3>;
    std::vector<Tables> tables_;
};

}  // namespace mtb
