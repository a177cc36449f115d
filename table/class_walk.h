// A walk over the position classes of a sector grouped by the opponent's
// stones ("them-major"), for passes that look up every position's children.
//
// A ply changes only the mover's stones (and removes one of the
// opponent's), and the child, normalised to the new side to move, has the
// parent's "them" as its "us".  The index (table/index.h) lays slots out by
// "us" first, so the children of positions that share their "them" stones
// lie in one short run of the child's table: walking a sector group by
// group keeps the child look-ups in cache, where walking it in slot order
// scatters them over the whole table.
//
// Every class is visited exactly once: for each orbit representative T of
// the opponent's stone sets (under the board's symmetries), every set U of
// ours on the other points, except that when a symmetry fixes T, U is
// taken only when it is the smallest of its images under those symmetries
// (the others are the same classes).  The member visited is (U, T), not
// necessarily the class's canonical form: SectorIndex::slot_of() finds its
// slot.  Groups are independent, so threads may take one each.
#pragma once

#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/board.h"
#include "table/combinatorics.h"
#include "table/index_symmetry.h"
#include "table/sector.h"

namespace mtb {

class ClassWalk {
public:
    ClassWalk(const Board& b, Sector s) : symmetry_(b), points_(b.all), ours_(s.us_board) {
        const int m = s.them_board;
        if (m > b.size || ours_ > b.size - m) return;  // no position at all
        const Bitboard first = m == 0 ? 0 : bit(m) - 1;
        const Bitboard last = first << (b.size - m);
        for (Bitboard t = first;; t = next_subset(t)) {
            Bitboard image[32];
            symmetry_.apply_all(t, image);
            bool smallest = true;
            std::uint32_t fixing = 0;  // symmetries other than the identity that fix t
            for (int g = 1; g < symmetry_.count() && smallest; ++g) {
                smallest = image[g] >= t;
                if (image[g] == t) fixing |= std::uint32_t(1) << g;
            }
            if (smallest) groups_.push_back({t, fixing});
            if (t == last) break;
        }
        placements_ = binomial(b.size - m, ours_);
    }

    // Groups: one per orbit of the opponent's stone sets.
    std::size_t groups() const { return groups_.size(); }
    // Whether a symmetry other than the identity fixes group g's stones.
    bool group_fixed(std::size_t g) const { return groups_[g].second != 0; }
    // Group g's opponent stones, the `them` of every position it visits.
    Bitboard them(std::size_t g) const { return groups_[g].first; }

    // Calls visit(NormalPosition) for one member of each class in group g.
    template <class Visit>
    void for_each(std::size_t g, Visit&& visit) const {
        const auto [them, fixing] = groups_[g];
        const Bitboard free = points_ & ~them;
        Bitboard compressed = ours_ == 0 ? 0 : bit(ours_) - 1;
        for (std::uint64_t j = 0; j < placements_; ++j) {
            const Bitboard us = deposit_bits(compressed, free);
            bool smallest = true;
            for (std::uint32_t f = fixing; f && smallest; f &= f - 1)
                smallest = symmetry_.apply(std::countr_zero(f), us) >= us;
            if (smallest) visit(NormalPosition{us, them});
            if (ours_ != 0) compressed = next_subset(compressed);
        }
    }

private:
    SymmetryTables symmetry_;
    Bitboard points_;
    int ours_;
    std::uint64_t placements_ = 0;
    std::vector<std::pair<Bitboard, std::uint32_t>> groups_;  // (T, symmetries fixing it less the identity)
};

}  // namespace mtb
