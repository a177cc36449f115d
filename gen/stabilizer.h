// Whether a stone set is fixed by a symmetry other than the identity.
//
// The solver counts, for each position, its distinct in-unit children (see
// gen/solver.h).  A quiet ply leaves the non-mover's stones unchanged, so
// two children can only be symmetric images of each other through a
// symmetry that fixes those stones.  When none but the identity does (the
// common case), the children are all distinct classes and counting the
// plies is enough; the solver then skips canonicalising every child.
#pragma once

#include "engine/board.h"
#include "table/index_symmetry.h"

namespace mtb {

class StabilizerTest {
public:
    explicit StabilizerTest(const Board& b) : symmetry_(b) {}

    // True when some symmetry other than the identity maps `stones` to itself.
    bool fixed_by_nontrivial(Bitboard stones) const {
        // The images under every symmetry at once, from the index's tables
        // (one builder of symmetry images); symmetry 0 is the identity, and
        // the padding past count() repeats `stones`, so it is skipped too.
        Bitboard image[SymmetryTables::WIDTH];
        const int n = symmetry_.count();
        if (n > SymmetryTables::WIDTH) {
            for (int s = 1; s < n; ++s)
                if (symmetry_.apply(s, stones) == stones) return true;
            return false;
        }
        symmetry_.apply_all(stones, image);
        for (int s = 1; s < n; ++s)
            if (image[s] == stones) return true;
        return false;
    }

private:
    SymmetryTables symmetry_;
};

}  // namespace mtb
