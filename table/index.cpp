// Perfect symmetry-reduced indexing of a sector.
//
// Canonical form: among the images (g(us), g(them)) of a position under the
// board's symmetries, the one with the smallest us mask, then the smallest
// them mask.  Our stone set is thus an orbit representative ("rep") of the
// k-subsets of points; the rep's stabiliser (the symmetries that fix it) may
// still move their stones, so theirs are minimised over it.
//
// Slot layout: reps with a trivial stabiliser, then the others, each group
// in increasing mask order; each rep owns a run of slots,
// one per class of their stones on the free points (the points the rep
// leaves empty), numbered in increasing mask order of the compressed set
// (pext onto the free points):
//   - trivial stabiliser: every placement is its own class, so the number
//     is the colex rank among the C(n-k, m) placements, computed directly;
//   - otherwise: the rep keeps a bitmap over those colex ranks marking the
//     canonical placements (smallest under the stabiliser), with a running
//     count per 64-bit word, and the number is the rank among the marked
//     ones (popcount), found back by select (pdep).  About 1.5 bits per
//     placement, where a sorted list of masks would take 32 / |stabiliser|.
// Every slot holds exactly one class: the scheme is perfect (no unused
// slots), which tests check against Burnside's count.
//
// Position -> slot (the solver's hot path) does not search the symmetries:
// a table per (board, k) indexed by the colex rank of our stones gives one
// symmetry g taking them to their rep and the rep's number (less a base
// found by the rep's high bits; RepLookup), so the work is a byte-table
// colex rank, one lookup, g applied to both sides, a pext and a rank, plus
// a minimisation over the stabiliser for the few reps that have one.  The table is shared by every index with the same
// board and k, and kept for the life of the process (shared_rep_lookup).
#include "table/index.h"

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "table/combinatorics.h"
#include "table/index_symmetry.h"

namespace mtb {

namespace {

// What slot_of needs to know about our stones, for every k-subset of the
// points of a board: it depends only on the board's symmetries and k, not on
// their stone count or the hands, so one copy serves every sector with k
// stones of ours on the board (see shared_rep_lookup).
struct RepLookup {
    // One 16-bit entry per colex rank of our stones: bits 0-4 a symmetry g
    // mapping them to their rep, bit 5 set when the rep's stabiliser is
    // non-trivial, bits 6-15 the rep's number among the reps of its kind
    // (in mask order) less the number of the first of them in the rep's
    // block (the masks sharing bits 12 and up).  A block holds at most
    // C(12, 6) = 924 k-subsets, so that fits; slot_of has g(us) anyway and
    // the block's base is one lookup in a small table beside the other work,
    // while the entries halve: their random read is the one access in slot_of
    // that may leave the core's caches (2.5 MiB for nmm's k = 9, 1.4 MiB for
    // k = 8).  32-bit entries with the number in full measured as fast on an
    // idle machine but up to 2x slower on a busy one; a byte per subset (g)
    // plus rep-rank bitmaps, chaining two large lookups, 1.5-2x slower.
    static constexpr std::uint16_t SYMMETRY = 0x1F, STABILISED = 0x20;
    static constexpr int NUMBER_SHIFT = 6, BLOCK_SHIFT = 12;
    static_assert(binomial(BLOCK_SHIFT, BLOCK_SHIFT / 2) < (1u << (16 - NUMBER_SHIFT)));
    std::vector<std::uint16_t> entry;
    std::vector<std::uint32_t> first_trivial, first_stabilised;  // by rep mask >> BLOCK_SHIFT
    std::vector<Bitboard> trivial_masks;                         // by number, reps with a trivial stabiliser
    struct StabRep {
        Bitboard mask;
        std::uint32_t stabiliser;  // bit s: symmetry s fixes the rep
    };
    std::vector<StabRep> stab_reps;  // by number, the others

    // One pass over the k-subsets in increasing mask (= colex) order, by
    // orbits: the first set of an orbit met is its smallest, the rep, which
    // fills the entries of its whole orbit at once; later members find
    // their entry filled and cost one read.  About one image and rank per
    // set, where testing each set for minimality would take all its images.
    RepLookup(const Board& b, int k, const SymmetryTables& sym) {
        const int n = b.size, count = sym.count();
        const std::uint64_t subsets = binomial(n, k);
        // inverse[g] takes g(x) back to x.
        std::uint16_t inverse[32];
        for (int g = 0; g < count; ++g)
            for (int h = 0; h < count; ++h) {
                bool undoes = true;
                for (int p = 0; p < n && undoes; ++p) undoes = b.symmetries[h][b.symmetries[g][p]] == p;
                if (undoes) inverse[g] = std::uint16_t(h);
            }
        entry.assign(subsets, 0);
        std::vector<std::uint64_t> seen((subsets + 63) / 64, 0);
        first_trivial.assign((b.all >> BLOCK_SHIFT) + 1, 0);
        first_stabilised.assign(first_trivial.size(), 0);
        std::size_t block = 0;  // blocks before this one have their bases
        const Bitboard first = k == 0 ? 0 : bit(k) - 1, last = k == 0 ? 0 : (b.all >> (n - k)) << (n - k);
        std::uint32_t rank = 0;
        for (Bitboard x = first;; x = next_subset(x), ++rank) {
            assert(colex_rank24(x) == rank);
            for (; block <= (x >> BLOCK_SHIFT); ++block) {
                first_trivial[block] = std::uint32_t(trivial_masks.size());
                first_stabilised[block] = std::uint32_t(stab_reps.size());
            }
            if (!(seen[rank / 64] >> (rank % 64) & 1)) {
                Bitboard img[32];
                sym.apply_all(x, img);
                std::uint32_t stabiliser = 0;
                for (int g = 0; g < count; ++g) stabiliser |= std::uint32_t(img[g] == x) << g;
                std::uint16_t e;
                if (stabiliser == 1) {
                    assert(trivial_masks.size() - first_trivial[x >> BLOCK_SHIFT] < 1024);
                    e = std::uint16_t((trivial_masks.size() - first_trivial[x >> BLOCK_SHIFT]) << NUMBER_SHIFT);
                    trivial_masks.push_back(x);
                } else {
                    assert(stab_reps.size() - first_stabilised[x >> BLOCK_SHIFT] < 1024);
                    e = std::uint16_t((stab_reps.size() - first_stabilised[x >> BLOCK_SHIFT]) << NUMBER_SHIFT |
                                      STABILISED);
                    stab_reps.push_back(StabRep{x, stabiliser});
                }
                // Backwards, so that the rep's own entry ends with g = 0.
                for (int g = count - 1; g >= 0; --g) {
                    const std::uint32_t r = colex_rank24(img[g]);
                    entry[r] = e | inverse[g];
                    seen[r / 64] |= std::uint64_t(1) << (r % 64);
                }
            }
            if (x == last) break;
        }
    }

    std::size_t memory_bytes() const {
        return sizeof(*this) + entry.size() * sizeof(std::uint16_t) +
               (first_trivial.size() + first_stabilised.size()) * sizeof(std::uint32_t) +
               trivial_masks.size() * sizeof(Bitboard) + stab_reps.size() * sizeof(StabRep);
    }
};

// The RepLookup of (board, k), built on first use and kept for the life of
// the process: SectorIndex objects are built often (every solve unit, every
// probe of a new sector), so they share it rather than rebuild it.  Kept
// even with no index alive: at most sum_k C(n, k) entries of 2 bytes (and
// the reps), 6.0 MiB for nmm's k <= 9.  Boards are matched by their
// symmetries (the entries name symmetries by number), not by address, so a
// board built twice, or one built where a freed one lived, is still served
// correctly.
std::shared_ptr<const RepLookup> shared_rep_lookup(const Board& b, int k, const SymmetryTables& sym) {
    using Key = std::tuple<int, int, std::vector<Point>>;
    struct Entry {
        std::mutex building;  // held while one thread builds; others wait for it
        std::shared_ptr<const RepLookup> lookup;
    };
    static std::mutex cache_mutex;
    static std::map<Key, std::shared_ptr<Entry>> cache;

    Key key{b.size, k, {}};
    for (const Permutation& p : b.symmetries)
        std::get<2>(key).insert(std::get<2>(key).end(), p.begin(), p.begin() + b.size);
    std::shared_ptr<Entry> e;
    {
        std::lock_guard lock(cache_mutex);
        auto& slot = cache[key];
        if (!slot) slot = std::make_shared<Entry>();
        e = slot;
    }
    // Built outside the cache lock, so different k build in parallel.
    std::lock_guard lock(e->building);
    if (!e->lookup) e->lookup = std::make_shared<const RepLookup>(b, k, sym);
    return e->lookup;
}

}  // namespace

struct SectorIndex::Impl {
    Sector sector;
    int n = 0, k = 0, m = 0;  // points, our stones, their stones
    Bitboard all = 0;
    SymmetryTables sym;
    std::uint64_t slots = 0;
    std::uint64_t placements = 0;  // C(n - k, m)

    std::shared_ptr<const RepLookup> reps;
    // reps->entry.data() and friends: one indirection less in slot_of.
    const std::uint16_t* rep_entry = nullptr;
    const std::uint32_t* first_trivial = nullptr;  // reps->first_trivial.data(), ...
    const std::uint32_t* first_stabilised = nullptr;
    const Bitboard* trivial_masks = nullptr;
    const RepLookup::StabRep* stab_reps = nullptr;
    // Reps with a trivial stabiliser come first, so rep i < trivial owns
    // slots [i * placements, (i + 1) * placements) with no table lookup.
    std::uint32_t trivial = 0, stabilised = 0;  // reps of each kind
    std::uint64_t trivial_slots = 0;            // trivial * placements
    std::vector<std::uint64_t> offsets;         // first slot of stabilised rep i; last entry = slots
    // Per rep with a stabiliser, words_per_rep = ceil(placements / 64) words
    // from i * words_per_rep: bit r of the rep's run is set when the
    // placement of colex rank r is canonical; canon_before[w] counts the set
    // bits of the rep's words before w.
    std::vector<std::uint64_t> canon_bits;
    std::vector<std::uint32_t> canon_before;
    std::uint64_t words_per_rep = 0;
    std::vector<Bitboard> unrank;       // compressed placement of each colex rank
    std::vector<std::uint32_t> bucket;  // (slot - trivial_slots) >> bucket_shift -> rep holding it
    int bucket_shift = 0;

    Impl(const Rules& r, Sector s) : sector(s), sym(*r.board) {
        const Board& b = *r.board;
        n = b.size;
        k = s.us_board;
        m = s.them_board;
        all = b.all;
        if (k + m > n) throw std::invalid_argument("sector " + s.name() + " does not fit the board");
        if (n > 24 || all != bit(n) - 1) throw std::logic_error("index supports boards of at most 24 points");
        if (sym.count() > 32) throw std::logic_error("index supports at most 32 symmetries");
        placements = binomial(n - k, m);
        reps = shared_rep_lookup(b, k, sym);
        rep_entry = reps->entry.data();
        first_trivial = reps->first_trivial.data();
        first_stabilised = reps->first_stabilised.data();
        trivial_masks = reps->trivial_masks.data();
        stab_reps = reps->stab_reps.data();
        trivial = std::uint32_t(reps->trivial_masks.size());
        stabilised = std::uint32_t(reps->stab_reps.size());
        build_unrank();
        build_slots();
        build_buckets();
    }

    void build_unrank() {
        unrank.resize(placements);
        Bitboard x = m == 0 ? 0 : bit(m) - 1;
        for (std::uint64_t i = 0; i < placements; ++i, x = m == 0 ? 0 : next_subset(x)) unrank[i] = x;
    }

    void build_slots() {
        trivial_slots = std::uint64_t(trivial) * placements;
        words_per_rep = (placements + 63) / 64;
        offsets.resize(stabilised + 1);
        canon_bits.assign(stabilised * words_per_rep, 0);
        canon_before.assign(canon_bits.size(), 0);
        std::uint64_t total = trivial_slots;
        // The symmetry tables again, laid out [symmetry][byte][value]: a rep
        // tests every placement against the same few symmetries, whose 3 KiB
        // each then stay in L1 (SymmetryTables' layout, made for all images
        // at once, spreads one symmetry over 48 KiB).  Builds 1.2x faster.
        // slot_of, where the symmetry changes every call, measured the
        // other way, so only this loop uses it.
        std::vector<Bitboard> by_symmetry(std::size_t(sym.count()) * 768);
        for (int g = 0; g < sym.count(); ++g)
            for (int byte = 0; byte < 3; ++byte)
                for (Bitboard v = 0; v < 256; ++v)
                    by_symmetry[std::size_t(g) * 768 + byte * 256 + v] = sym.apply(g, v << (8 * byte));
        for (std::uint32_t i = 0; i < stabilised; ++i) {
            const RepLookup::StabRep& rep = stab_reps[i];
            offsets[i] = total;
            const std::uint64_t word = i * words_per_rep;
            const Bitboard free = all & ~rep.mask;
            std::uint32_t count = 0;
            for (std::uint64_t r = 0; r < placements; ++r) {
                if (r % 64 == 0) canon_before[word + r / 64] = count;
                Bitboard them = deposit_bits(unrank[r], free);
                bool canonical = true;
                for (std::uint32_t st = rep.stabiliser & ~1u; st && canonical; st &= st - 1) {
                    const Bitboard* t = &by_symmetry[std::size_t(std::countr_zero(st)) * 768];
                    canonical = (t[them & 255] | t[256 + ((them >> 8) & 255)] | t[512 + (them >> 16)]) >= them;
                }
                if (canonical) {
                    canon_bits[word + r / 64] |= std::uint64_t(1) << (r % 64);
                    ++count;
                }
            }
            total += count;
        }
        offsets.back() = total;
        slots = total;
    }

    void build_buckets() {
        // About one bucket per rep with a stabiliser, so a lookup scans few.
        const std::uint64_t span = slots - trivial_slots;
        bucket_shift = 0;
        while ((span >> bucket_shift) > stabilised) ++bucket_shift;
        bucket.resize((span >> bucket_shift) + 1);
        size_t i = 0;
        for (size_t b = 0; b < bucket.size() && stabilised; ++b) {
            std::uint64_t first = trivial_slots + (std::uint64_t(b) << bucket_shift);
            while (i + 1 < stabilised && offsets[i + 1] <= first) ++i;
            bucket[b] = std::uint32_t(i);
        }
    }

    std::uint64_t slot_of(NormalPosition p) const {
        return slot_with(p, [&](int g) { return sym.apply(g, p.them); });
    }

    // slot_of, with them's image under symmetry g from them_image(g).
    template <class ThemImage>
    std::uint64_t slot_with(NormalPosition p, ThemImage them_image) const {
        assert(popcount(p.us) == k && popcount(p.them) == m && !(p.us & p.them));
        // The lookup names a symmetry g taking our stones to their rep; g
        // also takes their stones to the canonical form unless the rep has
        // a non-trivial stabiliser (2% of nmm's 8-stone sets, 21% of its
        // 3-stone ones), which may move them further.
        const std::uint16_t e = rep_entry[colex_rank24(p.us)];
        const int g = int(e & RepLookup::SYMMETRY);
        const Bitboard rep = sym.apply(g, p.us), them = them_image(g);
        const std::uint32_t delta = e >> RepLookup::NUMBER_SHIFT;
        const Bitboard free = all & ~rep;
        if (!(e & RepLookup::STABILISED)) [[likely]]
            return std::uint64_t(first_trivial[rep >> RepLookup::BLOCK_SHIFT] + delta) * placements +
                   colex_rank24(extract_bits(them, free));
        return stabilised_slot(first_stabilised[rep >> RepLookup::BLOCK_SHIFT] + delta, them, free);
    }

    SectorIndex::Row row(Bitboard us) const {
        assert(popcount(us) == k);
        const std::uint16_t e = rep_entry[colex_rank24(us)];
        SectorIndex::Row row;
        row.g = std::uint8_t(e & RepLookup::SYMMETRY);
        const Bitboard rep = sym.apply(row.g, us);
        const std::uint32_t delta = e >> RepLookup::NUMBER_SHIFT;
        row.free = all & ~rep;
        row.image = sym.column(row.g);
        if (!(e & RepLookup::STABILISED))
            row.base = std::uint64_t(first_trivial[rep >> RepLookup::BLOCK_SHIFT] + delta) * placements;
        else
            row.stab = std::int32_t(first_stabilised[rep >> RepLookup::BLOCK_SHIFT] + delta);
        return row;
    }

    std::uint64_t slot_in_row(const SectorIndex::Row& row, Bitboard them) const {
        const Bitboard t = sym.apply(row.g, them);
        if (row.stab < 0) return row.base + colex_rank24(extract_bits(t, row.free));
        return stabilised_slot(std::uint32_t(row.stab), t, row.free);
    }

    // slot_of for a rep with a non-trivial stabiliser: their stones are
    // minimised over it (it keeps the free points free), then numbered
    // among the canonical placements.
    std::uint64_t stabilised_slot(std::uint32_t i, Bitboard them, Bitboard free) const {
        Bitboard best = them;
        for (std::uint32_t st = stab_reps[i].stabiliser & ~1u; st; st &= st - 1)
            best = std::min(best, sym.apply(std::countr_zero(st), them));
        const std::uint64_t r = colex_rank24(extract_bits(best, free));
        const std::size_t w = i * words_per_rep + r / 64;
        const std::uint64_t below = canon_bits[w] & ((std::uint64_t(1) << (r % 64)) - 1);
        assert(canon_bits[w] >> (r % 64) & 1);
        return offsets[i] + canon_before[w] + std::uint64_t(std::popcount(below));
    }

    bool position_of(std::uint64_t slot, NormalPosition& out) const {
        if (slot < trivial_slots) {
            const std::uint64_t ri = slot / placements, r = slot - ri * placements;
            out.us = trivial_masks[ri];
            out.them = deposit_bits(unrank[r], all & ~out.us);
            return true;
        }
        if (slot >= slots) return false;
        size_t i = bucket[(slot - trivial_slots) >> bucket_shift];
        while (offsets[i + 1] <= slot) ++i;
        const Bitboard c = unrank[select_canonical(i, slot - offsets[i])];
        out.us = stab_reps[i].mask;
        out.them = deposit_bits(c, all & ~out.us);
        return true;
    }

    void positions_of(std::uint64_t slot, std::size_t count, NormalPosition* out) const {
        assert(slot + count <= slots);
        while (count > 0) {
            if (slot < trivial_slots) {
                // Every placement of the rep's run, in colex order.
                const std::uint64_t ri = slot / placements, r = slot - ri * placements;
                const Bitboard us = trivial_masks[ri], free = all & ~us;
                const std::size_t n = std::size_t(std::min<std::uint64_t>(count, placements - r));
                for (std::size_t j = 0; j < n; ++j) out[j] = NormalPosition{us, deposit_bits(unrank[r + j], free)};
                slot += n, out += n, count -= n;
                continue;
            }
            // The canonical placements of a stabilised rep: the set bits
            // of its bitmap, from the one of this slot on.
            std::size_t i = bucket[(slot - trivial_slots) >> bucket_shift];
            while (offsets[i + 1] <= slot) ++i;
            const Bitboard us = stab_reps[i].mask, free = all & ~us;
            const std::uint64_t first_word = i * words_per_rep, rank = select_canonical(i, slot - offsets[i]);
            std::uint64_t w = first_word + rank / 64, bits = canon_bits[w] & (~std::uint64_t(0) << (rank % 64));
            const std::size_t n = std::size_t(std::min<std::uint64_t>(count, offsets[i + 1] - slot));
            for (std::size_t j = 0; j < n; ++j) {
                while (!bits) bits = canon_bits[++w];
                const std::uint64_t r = (w - first_word) * 64 + std::uint64_t(std::countr_zero(bits));
                bits &= bits - 1;
                out[j] = NormalPosition{us, deposit_bits(unrank[r], free)};
            }
            slot += n, out += n, count -= n;
        }
    }

    std::uint64_t row_first(const SectorIndex::Row& row) const {
        return row.stab < 0 ? row.base : offsets[std::size_t(row.stab)];
    }
    std::uint64_t row_slots(const SectorIndex::Row& row) const {
        return row.stab < 0 ? placements : offsets[std::size_t(row.stab) + 1] - offsets[std::size_t(row.stab)];
    }
    void row_code_slots(const SectorIndex::Row& row, std::uint32_t* code_slots) const {
        if (row.stab < 0) {
            for (std::uint64_t r = 0; r < placements; ++r) code_slots[r] = std::uint32_t(r);
            return;
        }
        // The canonical placements in rank order are the row's slots in
        // order; the stabiliser fixes the rep, so their images stay on
        // `free`, and they cover each orbit (the canonical is its least).
        const std::size_t i = std::size_t(row.stab);
        const std::uint32_t others = stab_reps[i].stabiliser & ~1u;
        std::uint32_t j = 0;
        for (std::uint64_t w = 0; w < words_per_rep; ++w)
            for (std::uint64_t bits = canon_bits[i * words_per_rep + w]; bits; bits &= bits - 1, ++j) {
                const std::uint64_t r = w * 64 + std::uint64_t(std::countr_zero(bits));
                code_slots[r] = j;
                const Bitboard them = deposit_bits(unrank[r], row.free);
                for (std::uint32_t st = others; st; st &= st - 1)
                    code_slots[colex_rank24(extract_bits(sym.apply(std::countr_zero(st), them), row.free))] = j;
            }
    }

    // The colex rank of the j-th canonical placement of stabilised rep i.
    std::uint64_t select_canonical(size_t i, std::uint64_t j) const {
        const std::uint32_t* first = &canon_before[i * words_per_rep];
        const std::uint32_t* w = std::upper_bound(first, first + words_per_rep, std::uint32_t(j)) - 1;
        const std::uint64_t word = canon_bits[i * words_per_rep + (w - first)];
        return std::uint64_t(w - first) * 64 + select_bit(word, unsigned(j - *w));
    }

    // The shared RepLookup is counted in full: it is what this index keeps
    // alive, though indexes with the same k (and the process cache) share it.
    std::size_t memory_bytes() const {
        return sizeof(*this) + sym.memory_bytes() + reps->memory_bytes() + offsets.size() * sizeof(std::uint64_t) +
               canon_bits.size() * sizeof(std::uint64_t) + canon_before.size() * sizeof(std::uint32_t) +
               unrank.size() * sizeof(Bitboard) + bucket.size() * sizeof(std::uint32_t);
    }
};

SectorIndex::SectorIndex(const Rules& r, Sector s) : impl_(std::make_unique<Impl>(r, s)) {}
SectorIndex::~SectorIndex() = default;
SectorIndex::SectorIndex(SectorIndex&&) noexcept = default;
SectorIndex& SectorIndex::operator=(SectorIndex&&) noexcept = default;

const Sector& SectorIndex::sector() const { return impl_->sector; }
std::uint64_t SectorIndex::slots() const { return impl_->slots; }
std::size_t SectorIndex::memory_bytes() const { return impl_->memory_bytes(); }
std::uint64_t SectorIndex::slot_of(NormalPosition n) const { return impl_->slot_of(n); }
std::uint64_t SectorIndex::slot_of(NormalPosition n, const Bitboard* them_images) const {
    assert(them_images[0] == n.them);
    return impl_->slot_with(n, [&](int g) { return them_images[g]; });
}
SectorIndex::Row SectorIndex::row(Bitboard us) const { return impl_->row(us); }
std::uint64_t SectorIndex::stabilised_slot_in_row(const Row& row, Bitboard them) const {
    return impl_->slot_in_row(row, them);
}
std::uint64_t SectorIndex::row_first(const Row& row) const { return impl_->row_first(row); }
std::uint64_t SectorIndex::row_slots(const Row& row) const { return impl_->row_slots(row); }
void SectorIndex::row_code_slots(const Row& row, std::uint32_t* code_slots) const {
    impl_->row_code_slots(row, code_slots);
}
bool SectorIndex::position_of(std::uint64_t slot, NormalPosition& out) const { return impl_->position_of(slot, out); }
void SectorIndex::positions_of(std::uint64_t first, std::size_t count, NormalPosition* out) const {
    impl_->positions_of(first, count, out);
}

}  // namespace mtb
