// Perfect indexing of a sector with symmetry reduction.
//
// CONTRACT (gen/ and the table files depend on it; implemented in
// table/index.cpp): every position of a sector maps to one slot in
// [0, slots()); every symmetric image of it maps to the same slot; a slot
// maps back to the canonical representative of its class.  Slots that hold
// no canonical position are reported by position_of() returning false, and
// the solver, statistics and verifier must skip them.
//
// The implementation is perfect: slots() equals distinct_positions() of the
// sector (table/sector.h), so position_of() fails only for slot >=
// slots().  The tables depend only on the stones on the board (us_board,
// them_board), not on the hands.  memory_bytes() counts them all, including
// a lookup shared by every index with the same board and us_board and kept
// for the life of the process (C(n, k) 16-bit entries and the reps: 2.9 MiB
// for nmm's k = 9, 6.0 MiB for all of nmm's k together).  For nmm it is at
// most 6.6 MiB, of which the index's own tables are at most 6.2 MiB.
// Summing memory_bytes() over indexes counts a shared lookup once per index.
// Layout (a file-format matter): see table/index.cpp.
//
// Thread safety: a const SectorIndex may be used from any number of threads.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/rules.h"
#include "table/combinatorics.h"
#include "table/index_symmetry.h"
#include "table/sector.h"

namespace mtb {

class SectorIndex {
public:
    SectorIndex(const Rules& r, Sector s);
    ~SectorIndex();
    SectorIndex(SectorIndex&&) noexcept;
    SectorIndex& operator=(SectorIndex&&) noexcept;

    const Sector& sector() const;
    std::uint64_t slots() const;
    // Index tables held by this object, in bytes.
    std::size_t memory_bytes() const;

    // The slot of a position of this sector (popcounts must match).
    std::uint64_t slot_of(NormalPosition n) const;
    // The same for callers that walk many positions sharing their `them`
    // (the value verifier's groups, table/class_walk.h): them_images[g]
    // must be SymmetryTables::apply(g, n.them) for each symmetry g of the
    // board (SymmetryTables::apply_all), found once for all of them.
    std::uint64_t slot_of(NormalPosition n, const Bitboard* them_images) const;
    // The slots of every position whose side to move has the stones `us`,
    // for loops over many positions that share them (the solver's and the
    // verifier's children of one group of positions): row(us) does the part
    // of slot_of that depends on `us` alone, once; slot_in_row(row(us),
    // them) equals slot_of({us, them}) for every `them`.
    struct Row {
        std::uint64_t base = 0;           // first slot of the rep's run (trivial stabiliser)
        Bitboard free = 0;                // the points the rep leaves empty
        std::int32_t stab = -1;           // the rep's number among the stabilised ones, or -1
        std::uint8_t g = 0;               // the symmetry taking us to the rep
        const Bitboard* image = nullptr;  // SymmetryTables::column(g)
    };
    Row row(Bitboard us) const;
    // Inline for the common case (the rep has a trivial stabiliser): the
    // solver calls it for most children of most positions.
    std::uint64_t slot_in_row(const Row& row, Bitboard them) const {
        if (!coded(row)) [[unlikely]]
            return stabilised_slot_in_row(row, them);
        return slot_of_code(row, row_code(row, them));
    }
    // Codes, for loops that change one or two points of `them` at a time in
    // one row: in a row with coded(row), slot_in_row(row, them) is
    // slot_of_code(row, row_code(row, them)), and a code is the XOR of its
    // points' codes (row_code(row, them ^ bit(p)) == row_code(row, them) ^
    // row_code(row, bit(p)) for p not in `us`), so a child's code is its
    // parent's with the moved stone's two points flipped.
    static bool coded(const Row& row) { return row.stab < 0 && row.image; }
    static std::uint32_t row_code(const Row& row, Bitboard them) {
        return std::uint32_t(extract_bits(SymmetryTables::image(row.image, them), row.free));
    }
    static std::uint64_t slot_of_code(const Row& row, std::uint32_t code) { return row.base + colex_rank24(code); }
    // Any row, coded or stabilised, by its codes' colex ranks: the row's
    // slots are [row_first(row), row_first(row) + row_slots(row)), and the
    // position of code rank r (r below C(popcount(row.free), them's
    // stones)) is at slot row_first(row) + code_slots[r] once
    // row_code_slots(row, code_slots) has filled them.  In a stabilised row
    // many codes share a slot: each canonical placement gives its slot to
    // its images under the rep's stabiliser, one pass over the row instead
    // of a minimum over the stabiliser a code (stabilised_slot_in_row).
    std::uint64_t row_first(const Row& row) const;
    std::uint64_t row_slots(const Row& row) const;
    void row_code_slots(const Row& row, std::uint32_t* code_slots) const;
    // The canonical position in `slot`; false when the slot holds none.
    bool position_of(std::uint64_t slot, NormalPosition& out) const;
    // The canonical positions of slots first, first + 1, ..., first + count
    // - 1 (all below slots()) into out[0, count): position_of for a run of
    // slots, by a running successor within each rep's run instead of a
    // search per slot (for passes that walk a sector in slot order).
    void positions_of(std::uint64_t first, std::size_t count, NormalPosition* out) const;

private:
    std::uint64_t stabilised_slot_in_row(const Row& row, Bitboard them) const;
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace mtb
