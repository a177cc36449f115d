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
#include "probe/index.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <vector>

#include "probe/combinatorics.h"
#include "probe/index_symmetry.h"

namespace mtb {

namespace {

constexpr std::uint32_t NO_BITMAP = std::numeric_limits<std::uint32_t>::max();

// The next larger mask with the same popcount (Gosper's hack).
inline Bitboard next_subset(Bitboard x) {
    Bitboard c = x & -x, r = x + c;
    return (((r ^ x) >> 2) / c) | r;
}

}  // namespace

struct SectorIndex::Impl {
    Sector sector;
    int n = 0, k = 0, m = 0;  // points, our stones, their stones
    Bitboard all = 0;
    SymmetryTables sym;
    std::uint64_t slots = 0;
    std::uint64_t placements = 0;  // C(n - k, m)

    // Reps with a trivial stabiliser come first, so rep i < trivial owns
    // slots [i * placements, (i + 1) * placements) with no table lookup.
    struct Rep {
        Bitboard mask;
        std::uint32_t stabiliser;  // bit s: symmetry s fixes the rep
        std::uint32_t word;        // first word in canon_bits, or NO_BITMAP (trivial stabiliser)
    };
    std::vector<Rep> reps;
    std::vector<Bitboard> trivial_masks;  // reps[i].mask for i < trivial, packed for cache
    std::uint32_t trivial = 0;            // number of reps with a trivial stabiliser
    std::uint64_t trivial_slots = 0;      // trivial * placements
    std::vector<std::uint64_t> offsets;   // first slot of rep trivial + i; last entry = slots
    // Which colex ranks of k-subsets are reps, as two bitmaps (trivial
    // stabiliser or not) with running counts: a rep's number is the count
    // of reps of its kind before it.  About 3 bits per k-subset, so the
    // lookup stays in cache where a rank -> number array (32 bits per
    // k-subset, 5 MiB for k = 9) would not.
    struct RankWord {
        std::uint64_t trivial_bits, stab_bits;
        std::uint32_t trivial_before, stab_before;
    };
    std::vector<RankWord> rank_words;
    // Per rep with a stabiliser, ceil(placements / 64) words: bit r of the
    // rep's run is set when the placement of colex rank r is canonical;
    // canon_before[w] counts the set bits of the rep's words before w.
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
        if (sym.count() > 32) throw std::logic_error("index supports at most 32 symmetries");
        placements = binomial(n - k, m);
        build_reps();
        build_unrank();
        build_slots();
        build_buckets();
    }

    // Smallest image of x, and the set of symmetries that give it.
    Bitboard min_image(Bitboard x, std::uint32_t& which) const {
        Bitboard img[32];
        sym.apply_all(x, img);
        // Small groups are padded to WIDTH images (copies of x): a fixed
        // trip count the compiler vectorises, and the copies change nothing
        // once `which` is masked to the real symmetries.
        const int count = sym.count(), width = std::max(count, int(SymmetryTables::WIDTH));
        Bitboard best = x;
        for (int g = 1; g < width; ++g) best = std::min(best, img[g]);
        which = 0;
        for (int g = 0; g < width; ++g) which |= std::uint32_t(img[g] == best) << g;
        which &= count == 32 ? ~std::uint32_t(0) : (std::uint32_t(1) << count) - 1;
        return best;
    }

    void build_reps() {
        std::vector<std::uint64_t> ranks;
        std::uint64_t rank = 0;
        const Bitboard first = k == 0 ? 0 : bit(k) - 1;
        for (Bitboard x = first;; x = next_subset(x), ++rank) {
            std::uint32_t which;
            if (min_image(x, which) == x) {
                reps.push_back(Rep{x, which, NO_BITMAP});
                ranks.push_back(rank);
            }
            if (k == 0 || x == ((all >> (n - k)) << (n - k))) break;
        }
        // Trivial stabilisers first, each group in increasing mask order.
        std::vector<std::uint32_t> order(reps.size());
        for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_partition(order.begin(), order.end(), [&](std::uint32_t i) { return reps[i].stabiliser == 1; });
        std::vector<Rep> sorted;
        rank_words.assign((binomial(n, k) + 63) / 64, RankWord{0, 0, 0, 0});
        for (std::uint32_t i : order) {
            RankWord& w = rank_words[ranks[i] / 64];
            (reps[i].stabiliser == 1 ? w.trivial_bits : w.stab_bits) |= std::uint64_t(1) << (ranks[i] % 64);
            sorted.push_back(reps[i]);
            if (reps[i].stabiliser == 1) trivial_masks.push_back(reps[i].mask);
        }
        std::uint32_t trivial_seen = 0, stab_seen = 0;
        for (RankWord& w : rank_words) {
            w.trivial_before = trivial_seen;
            w.stab_before = stab_seen;
            trivial_seen += std::uint32_t(std::popcount(w.trivial_bits));
            stab_seen += std::uint32_t(std::popcount(w.stab_bits));
        }
        reps = std::move(sorted);
        trivial = std::uint32_t(trivial_masks.size());
    }

    void build_unrank() {
        unrank.resize(placements);
        Bitboard x = m == 0 ? 0 : bit(m) - 1;
        for (std::uint64_t i = 0; i < placements; ++i, x = m == 0 ? 0 : next_subset(x)) unrank[i] = x;
    }

    void build_slots() {
        trivial_slots = std::uint64_t(trivial) * placements;
        words_per_rep = (placements + 63) / 64;
        offsets.resize(reps.size() - trivial + 1);
        std::uint64_t total = trivial_slots;
        for (size_t i = trivial; i < reps.size(); ++i) {
            Rep& rep = reps[i];
            offsets[i - trivial] = total;
            if (canon_bits.size() + words_per_rep >= NO_BITMAP) throw std::length_error("index bitmaps too large");
            rep.word = std::uint32_t(canon_bits.size());
            canon_bits.resize(canon_bits.size() + words_per_rep, 0);
            canon_before.resize(canon_bits.size(), 0);
            const Bitboard free = all & ~rep.mask;
            std::uint32_t count = 0;
            for (std::uint64_t r = 0; r < placements; ++r) {
                if (r % 64 == 0) canon_before[rep.word + r / 64] = count;
                Bitboard them = deposit_bits(unrank[r], free);
                bool canonical = true;
                for (std::uint32_t st = rep.stabiliser & ~1u; st && canonical; st &= st - 1)
                    canonical = sym.apply(std::countr_zero(st), them) >= them;
                if (canonical) {
                    canon_bits[rep.word + r / 64] |= std::uint64_t(1) << (r % 64);
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
        const std::uint64_t stab_reps = reps.size() - trivial;
        bucket_shift = 0;
        while ((span >> bucket_shift) > stab_reps) ++bucket_shift;
        bucket.resize((span >> bucket_shift) + 1);
        size_t i = 0;
        for (size_t b = 0; b < bucket.size() && stab_reps; ++b) {
            std::uint64_t first = trivial_slots + (std::uint64_t(b) << bucket_shift);
            while (i + 1 < stab_reps && offsets[i + 1] <= first) ++i;
            bucket[b] = std::uint32_t(i);
        }
    }

    std::uint64_t slot_of(NormalPosition p) const {
        assert(popcount(p.us) == k && popcount(p.them) == m && !(p.us & p.them));
        // Images of our stones under every symmetry; keep the smallest
        // (branch-free: which one wins is unpredictable), then of the
        // symmetries giving it (usually one), the smallest image of theirs.
        std::uint32_t which;
        const Bitboard rep = min_image(p.us, which);
        Bitboard them = ~Bitboard(0);
        for (; which; which &= which - 1) them = std::min(them, sym.apply(std::countr_zero(which), p.them));

        const std::uint64_t rep_rank = colex_rank(rep);
        const RankWord& rw = rank_words[rep_rank / 64];
        const std::uint64_t below_rep = (std::uint64_t(1) << (rep_rank % 64)) - 1;
        const std::uint64_t r = colex_rank(extract_bits(them, all & ~rep));
        if (rw.trivial_bits >> (rep_rank % 64) & 1)
            return (rw.trivial_before + std::uint64_t(std::popcount(rw.trivial_bits & below_rep))) * placements + r;
        assert(rw.stab_bits >> (rep_rank % 64) & 1);
        const std::uint32_t ri = trivial + rw.stab_before + std::uint32_t(std::popcount(rw.stab_bits & below_rep));
        const Rep& info = reps[ri];
        const std::size_t w = info.word + r / 64;
        const std::uint64_t below = canon_bits[w] & ((std::uint64_t(1) << (r % 64)) - 1);
        assert(canon_bits[w] >> (r % 64) & 1);
        return offsets[ri - trivial] + canon_before[w] + std::uint64_t(std::popcount(below));
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
        const Rep& info = reps[trivial + i];
        const Bitboard c = unrank[select_canonical(info, slot - offsets[i])];
        out.us = info.mask;
        out.them = deposit_bits(c, all & ~info.mask);
        return true;
    }

    // The colex rank of the j-th canonical placement of a rep with a bitmap.
    std::uint64_t select_canonical(const Rep& info, std::uint64_t j) const {
        const std::uint32_t* first = &canon_before[info.word];
        const std::uint32_t* w = std::upper_bound(first, first + words_per_rep, std::uint32_t(j)) - 1;
        const std::uint64_t word = canon_bits[info.word + (w - first)];
        return std::uint64_t(w - first) * 64 + select_bit(word, unsigned(j - *w));
    }

    std::size_t memory_bytes() const {
        return sizeof(*this) + sym.memory_bytes() + reps.size() * sizeof(Rep) +
               trivial_masks.size() * sizeof(Bitboard) + offsets.size() * sizeof(std::uint64_t) +
               rank_words.size() * sizeof(RankWord) + canon_bits.size() * sizeof(std::uint64_t) +
               canon_before.size() * sizeof(std::uint32_t) + unrank.size() * sizeof(Bitboard) +
               bucket.size() * sizeof(std::uint32_t);
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
bool SectorIndex::position_of(std::uint64_t slot, NormalPosition& out) const { return impl_->position_of(slot, out); }

}  // namespace mtb
