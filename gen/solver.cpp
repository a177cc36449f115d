#include "gen/solver.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <climits>

#include "gen/huge_pages.h"
#include "gen/quiet_unmove.h"
#include "gen/stabilizer.h"
#include "probe/combinatorics.h"
#include "probe/index_symmetry.h"
#include "probe/sector_graph.h"

namespace mtb {
namespace {

using Word = std::uint16_t;
constexpr Word PENDING = 0x8000;
constexpr Word COUNT_MASK = 0x7fff;
constexpr std::uint64_t CHUNK = 1 << 12;
// Slots per block of the layer scan's summary (next_code in solve_unit).
constexpr std::uint64_t BLOCK = 256;
constexpr Word NO_CODE = PENDING;  // above every value code
// Sectors smaller than this are done by the calling thread alone: starting
// a team costs more than it saves (and much more on a busy machine).
constexpr std::uint64_t PARALLEL_MIN = 1 << 16;

// An in-unit slot as one number: sector number in the unit, then slot.
constexpr int SLOT_BITS = 48;
constexpr std::uint64_t pack(int k, std::uint64_t slot) { return std::uint64_t(k) << SLOT_BITS | slot; }
constexpr int unpack_sector(std::uint64_t x) { return int(x >> SLOT_BITS); }
constexpr std::uint64_t unpack_slot(std::uint64_t x) { return x & ((std::uint64_t(1) << SLOT_BITS) - 1); }

constexpr bool is_win_code(Word c) { return c >= 2 && c < PENDING && (value_plies(c) & 1); }

// What the plies of one position that leave the unit give it.
struct Exits {
    int win = INT_MAX;  // shortest win through an exit (plies)
    int loss = -1;      // longest loss through exits, when all exits lose
    bool draw = false;  // some exit draws
};

constexpr Sector twin_of(Sector s) { return Sector{s.them_board, s.us_board, s.them_hand, s.us_hand}; }

// Sorts a short list and drops repeats; returns the new length.  Insertion
// sort: the lists are a few dozen entries, most already nearly in order.
int sort_unique(std::uint64_t* a, int n) {
    for (int i = 1; i < n; ++i) {
        std::uint64_t x = a[i];
        int j = i;
        for (; j > 0 && a[j - 1] > x; --j) a[j] = a[j - 1];
        a[j] = x;
    }
    int m = 0;
    for (int i = 0; i < n; ++i)
        if (m == 0 || a[m - 1] != a[i]) a[m++] = a[i];
    return m;
}

// Where the plies of one kind from a sector lead: a sector of the unit,
// or a solved child table (or neither, when the child is missing).
struct Target {
    Sector sector;
    int in_unit = -1;
    const ChildTable* table = nullptr;
};

// Plies by what they do: quiet (a move), a move with a removal, a placement,
// a placement with a removal.  Each kind leads to one sector.
enum PlyKind { QUIET, MOVE_REMOVE, PLACE, PLACE_REMOVE, PLY_KINDS };

struct Unit {
    const Rules& r;
    const std::vector<Sector>& sectors;
    const ChildValues& children;
    const StabilizerTest stabilizer;
    std::vector<SectorIndex> index;
    std::vector<Word*> words;
    std::vector<std::array<Target, PLY_KINDS>> targets;  // per sector of the unit
    std::optional<std::string> error;                    // first missing child, set under a critical section

    int find(Sector s) const {
        for (std::size_t k = 0; k < sectors.size(); ++k)
            if (sectors[k] == s) return int(k);
        return -1;
    }

    void build_targets() {
        for (const Sector& s : sectors) {
            std::array<Target, PLY_KINDS> t;
            // The child is normalised to the opponent: its "us" is s's "them".
            const Sector quiet = twin_of(s);
            const Sector move_remove{std::uint8_t(s.them_board - 1), s.us_board, s.them_hand, s.us_hand};
            const Sector place{s.them_board, std::uint8_t(s.us_board + 1), s.them_hand, std::uint8_t(s.us_hand - 1)};
            const Sector place_remove{std::uint8_t(s.them_board - 1), std::uint8_t(s.us_board + 1), s.them_hand,
                                      std::uint8_t(s.us_hand - 1)};
            t[QUIET].sector = quiet;
            t[MOVE_REMOVE].sector = move_remove;
            t[PLACE].sector = place;
            t[PLACE_REMOVE].sector = place_remove;
            for (Target& x : t) {
                x.in_unit = find(x.sector);
                if (x.in_unit < 0) x.table = children.find(x.sector);
            }
            targets.push_back(t);
        }
    }

    // Looks at every ply of position n of sector k: exits into `e`, distinct
    // in-unit child slots into `in` (sorted, deduplicated) when `in` is not
    // null; returns their number.  Stops early (returning 0) at a ply that
    // wins at once.  Children are built in normal form straight from the
    // ply (the mover's stones become the child's "them"), never as a
    // Position: this loop is most of the solver's time.
    // p is n as a Position (White to move), for the move generator.
    int scan_plies(int k, NormalPosition n, const Position& p, Exits& e, std::uint64_t* in) {
        const Sector& s = sectors[k];
        const std::array<Target, PLY_KINDS>& tk = targets[k];
        // Quiet children of p are distinct classes unless a symmetry fixes
        // the stones they all share (gen/stabilizer.h): then count, don't index.
        const bool count_only = !stabilizer.fixed_by_nontrivial(n.them);
        const MoveList moves(r, p);
        int n_quiet = 0, n_in = 0, n_exits = 0;
        struct Exit {
            const ChildTable* table;
            std::uint64_t slot;
        };
        Exit exits[MAX_PLIES];
        for (const Move* m = moves.begin(); m != moves.end(); ++m) {
            const bool place = m->is_placement(), remove = m->is_removal();
            const Bitboard mover = (place ? n.us : n.us ^ bit(m->from)) | bit(m->to);
            const Bitboard other = remove ? n.them ^ bit(m->remove) : n.them;
            if (remove && popcount(other) + s.them_hand < r.lose_below) {
                e.win = 1;  // the best there is: nothing else matters
                return 0;
            }
            const Target& t = tk[place ? (remove ? PLACE_REMOVE : PLACE) : (remove ? MOVE_REMOVE : QUIET)];
            const NormalPosition c{other, mover};
            if (t.in_unit >= 0) {
                if (!place && !remove && count_only)
                    ++n_quiet;
                else if (in)
                    in[n_in++] = pack(t.in_unit, index[t.in_unit].slot_of(c));
                else
                    ++n_in;
                continue;
            }
            if (!t.table) {
#pragma omp critical(mtb_solver_error)
                if (!error) error = "no solved table for successor sector " + t.sector.name();
                continue;
            }
            const std::uint64_t slot = t.table->index().slot_of(c);
            t.table->prefetch(slot);
            exits[n_exits++] = Exit{t.table, slot};
        }
        // Read the exits' values once all their loads are under way.
        for (int x = 0; x < n_exits; ++x) {
            const ValueCode v = exits[x].table->at(exits[x].slot);
            if (v == VALUE_DRAW)
                e.draw = true;
            else if (value_wdl(v) == Wdl::LOSS)
                e.win = std::min(e.win, value_plies(v) + 1);
            else
                e.loss = std::max(e.loss, value_plies(v) + 1);
        }
        if (in) n_in = sort_unique(in, n_in);
        return n_quiet + n_in;
    }

    NormalPosition position(int k, std::uint64_t slot) const {
        NormalPosition n;
        index[k].position_of(slot, n);
        return n;
    }

    // Distinct in-unit predecessor slots of the position in (k, slot).  Only
    // quiet un-moves stay in a unit (see gen/quiet_unmove.h); they all lead
    // to the twin sector.
    int predecessors(int k, std::uint64_t slot, std::vector<std::uint64_t>& out) const {
        out.clear();
        const int j = targets[k][QUIET].in_unit;
        if (j < 0) return 0;
        const NormalPosition c = position(k, slot);
        const SectorIndex& ij = index[j];
        for_each_quiet_unmove(r, sectors[k], c, [&](NormalPosition q) { out.push_back(pack(j, ij.slot_of(q))); });
        // The predecessors all share c's side-to-move stones: unless a
        // symmetry fixes those, they are distinct classes already.
        if (stabilizer.fixed_by_nontrivial(c.us)) out.resize(std::size_t(sort_unique(out.data(), int(out.size()))));
        return int(out.size());
    }
};

// One member of every position class of a sector, grouped by the
// opponent's stones: for each orbit representative T of their stone sets,
// every set U of ours on the other points, except that when a symmetry
// fixes T, U is taken only when it is the smallest of its images under
// those symmetries (the others are the same classes).  So every class is
// visited exactly once, and all of a group is visited by one thread.
class ThemMajor {
public:
    ThemMajor(const Board& b, Sector s) : sym_(b), all_(b.all), k_(s.us_board) {
        const int n = b.size, m = s.them_board;
        const Bitboard last = m == 0 ? 0 : (b.all >> (n - m)) << (n - m);
        for (Bitboard x = m == 0 ? 0 : bit(m) - 1;; x = next_subset(x)) {
            Bitboard img[32];
            sym_.apply_all(x, img);
            bool rep = true;
            std::uint32_t stabiliser = 0;
            for (int g = 1; g < sym_.count() && rep; ++g) {
                rep = img[g] >= x;
                if (img[g] == x) stabiliser |= std::uint32_t(1) << g;
            }
            if (rep) them_.push_back({x, stabiliser});
            if (x == last) break;
        }
        const int free = n - m;
        ours_ = free >= k_ ? binomial(free, k_) : 0;
    }
    std::size_t them_sets() const { return them_.size(); }

    template <class Visit>
    void for_each(std::size_t t, Visit&& visit) const {
        const auto [them, stabiliser] = them_[t];
        const Bitboard free = all_ & ~them;
        Bitboard x = k_ == 0 ? 0 : bit(k_) - 1;
        for (std::uint64_t j = 0; j < ours_; ++j, x = k_ == 0 ? 0 : next_subset(x)) {
            const Bitboard us = deposit_bits(x, free);
            bool smallest = true;
            for (std::uint32_t st = stabiliser; st && smallest; st &= st - 1)
                smallest = sym_.apply(std::countr_zero(st), us) >= us;
            if (smallest) visit(NormalPosition{us, them});
        }
    }

private:
    SymmetryTables sym_;
    Bitboard all_;
    int k_;
    std::uint64_t ours_ = 0;
    std::vector<std::pair<Bitboard, std::uint32_t>> them_;  // (rep, its stabiliser less the identity)
};

void atomic_min(Word& w, Word v) {
    std::atomic_ref<Word> a(w);
    Word cur = a.load(std::memory_order_relaxed);
    while (cur > v && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
    }
}

void atomic_max(std::atomic<int>& a, int v) {
    int cur = a.load(std::memory_order_relaxed);
    while (cur < v && !a.compare_exchange_weak(cur, v, std::memory_order_relaxed)) {
    }
}

}  // namespace

SectorStats sector_stats(Sector s, const std::vector<ValueCode>& values) {
    SectorStats st;
    st.sector = s;
    st.slots = values.size();
    for (ValueCode v : values) {
        if (v == VALUE_NONE) continue;
        ++st.positions;
        if (v == VALUE_DRAW)
            ++st.draws;
        else if (value_wdl(v) == Wdl::WIN)
            ++st.wins, st.longest_win = std::max(st.longest_win, value_plies(v));
        else
            ++st.losses;
    }
    return st;
}

std::optional<std::string> solve_unit(const Rules& r, const std::vector<Sector>& unit, const ChildValues& children,
                                      std::vector<std::vector<ValueCode>>& values, const SolveOptions& opt) {
    if (unit.empty()) return std::nullopt;
    const int threads = opt.threads > 0 ? opt.threads : omp_get_max_threads();
    Unit u{r, unit, children, StabilizerTest(*r.board), {}, {}, {}, {}};
    values.assign(unit.size(), {});
    std::uint64_t total = 0;
    for (std::size_t k = 0; k < unit.size(); ++k) {
        u.index.emplace_back(r, unit[k]);
        values[k].clear();
        values[k].reserve(u.index[k].slots());
        advise_huge_pages(values[k].data(), u.index[k].slots() * sizeof(ValueCode));
        values[k].assign(u.index[k].slots(), VALUE_NONE);
        u.words.push_back(values[k].data());
        total += u.index[k].slots();
    }
    u.build_targets();
    auto report = [&](const char* phase, int layer, std::uint64_t done) {
        if (opt.progress) opt.progress(SolveProgress{phase, layer, done, total});
    };

    // Init: one look at every position's plies.
    std::atomic<int> last_layer{0};
    std::atomic<bool> repeats{false};
    std::uint64_t done = 0;
    for (std::size_t k = 0; k < unit.size(); ++k) {
        const std::uint64_t slots = u.index[k].slots();
        Word* w = u.words[k];
        // Positions in "them-major" order (see ThemMajor): the children of
        // consecutive positions share their side to move's stones, so their
        // lookups stay within a few runs of the child tables, in cache,
        // where slot order would read the child tables at random.
        const ThemMajor order(*r.board, unit[k]);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (slots >= PARALLEL_MIN)
        for (std::size_t t = 0; t < order.them_sets(); ++t) {
            // A group's slots are scattered over the unit: find a batch of
            // them and start their writes before working on any, rather
            // than stall on each store.
            constexpr int BATCH = 16;
            NormalPosition batch[BATCH];
            std::uint64_t slot[BATCH];
            int size = 0;
            auto solve = [&](NormalPosition n, std::uint64_t i) {
                const Position p = denormalise(unit[k], n, WHITE);
                const Outcome o = outcome(r, p);
                if (o != Outcome::ONGOING) {
                    w[i] = o == Outcome::DRAW ? VALUE_DRAW : value_loss(0);
                    return;
                }
                Exits e;
                std::uint64_t in[MAX_PLIES];
                int n_in = u.scan_plies(int(k), n, p, e, in);
                if (n_in > 0 && !repeats.load(std::memory_order_relaxed))
                    repeats.store(true, std::memory_order_relaxed);
                if (e.win != INT_MAX) {
                    w[i] = value_win(e.win);  // tentative until layer e.win
                    atomic_max(last_layer, e.win);
                } else if (n_in > 0) {
                    w[i] = Word(PENDING | n_in);
                } else if (e.draw) {
                    w[i] = VALUE_DRAW;
                } else {
                    w[i] = value_loss(e.loss);
                    atomic_max(last_layer, e.loss);
                }
            };
            auto flush = [&] {
                for (int b = 0; b < size; ++b) solve(batch[b], slot[b]);
                size = 0;
            };
            order.for_each(t, [&](NormalPosition n) {
                slot[size] = u.index[k].slot_of(n);
                __builtin_prefetch(&w[slot[size]], 1);
                batch[size++] = n;
                if (size == BATCH) flush();
            });
            flush();
        }
        done += slots;
        report("init", 0, done);
    }
    if (u.error) return u.error;

    // Per block of BLOCK slots, the smallest value code in it not yet
    // propagated: a layer scans only the blocks whose summary is its code.
    // Deep layers hold few positions, so most blocks are skipped, where a
    // plain scan would read the whole unit once per layer (nmm 6v5 has 165).
    std::vector<std::vector<Word>> next_code(unit.size());
    for (std::size_t k = 0; k < unit.size() && repeats.load(); ++k) {
        const std::uint64_t slots = u.index[k].slots();
        const Word* w = u.words[k];
        next_code[k].assign((slots + BLOCK - 1) / BLOCK, NO_CODE);
#pragma omp parallel for schedule(static) num_threads(threads) if (slots >= PARALLEL_MIN)
        for (std::uint64_t b = 0; b < next_code[k].size(); ++b) {
            Word m = NO_CODE;
            for (std::uint64_t i = b * BLOCK; i < std::min(slots, (b + 1) * BLOCK); ++i)
                if (w[i] >= 2 && w[i] < PENDING) m = std::min(m, w[i]);
            next_code[k][b] = m;
        }
    }
    // A slot of sector j got value code c: its block must be scanned at c.
    auto noted = [&](int j, std::uint64_t s, Word c) { atomic_min(next_code[j][s / BLOCK], c); };

    // Layers: propagate the values of distance n to in-unit predecessors.
    if (repeats.load()) {
        for (int layer = 0; layer <= last_layer.load(); ++layer) {
            const Word code = value_code_plies(layer);
            const bool loss = (layer & 1) == 0;
            done = 0;
            for (std::size_t k = 0; k < unit.size(); ++k) {
                const std::uint64_t slots = u.index[k].slots();
                Word* w = u.words[k];
#pragma omp parallel num_threads(threads) if (slots >= PARALLEL_MIN)
                {
                    std::vector<std::uint64_t> preds;
                    preds.reserve(256);
#pragma omp for schedule(dynamic, CHUNK / BLOCK)
                    for (std::uint64_t b = 0; b < next_code[k].size(); ++b) {
                        std::atomic_ref<Word> summary(next_code[k][b]);
                        if (summary.load(std::memory_order_relaxed) != code) continue;
                        // Writers in this layer lower the summary to codes
                        // after this one (noted()); reset it, then fold in
                        // what the scan sees.  Either way nothing is lost.
                        summary.store(NO_CODE, std::memory_order_relaxed);
                        Word later = NO_CODE;
                        const std::uint64_t end = std::min(slots, (b + 1) * BLOCK);
                        for (std::uint64_t i = b * BLOCK; i < end; ++i) {
                            const Word wi = std::atomic_ref<Word>(w[i]).load(std::memory_order_relaxed);
                            if (wi != code) {
                                if (wi > code && wi < PENDING) later = std::min(later, wi);
                                continue;
                            }
                            u.predecessors(int(k), i, preds);
                            for (std::uint64_t x : preds)
                                __builtin_prefetch(&u.words[unpack_sector(x)][unpack_slot(x)], 1);
                            for (std::uint64_t x : preds) {
                                const int j = unpack_sector(x);
                                const std::uint64_t s = unpack_slot(x);
                                std::atomic_ref<Word> a(u.words[j][s]);
                                Word cur = a.load(std::memory_order_relaxed);
                                if (loss) {
                                    const Word win = value_win(layer + 1);
                                    while ((cur & PENDING) || (is_win_code(cur) && cur > win)) {
                                        if (a.compare_exchange_weak(cur, win, std::memory_order_relaxed)) {
                                            atomic_max(last_layer, layer + 1);
                                            noted(j, s, win);
                                            break;
                                        }
                                    }
                                    continue;
                                }
                                while ((cur & PENDING) &&
                                       !a.compare_exchange_weak(cur, Word(cur - 1), std::memory_order_relaxed)) {
                                }
                                if (!(cur & PENDING) || (cur & COUNT_MASK) != 1) continue;
                                // This thread took the last counter: every in-unit ply loses.
                                Exits e;
                                const NormalPosition n = u.position(j, s);
                                u.scan_plies(j, n, denormalise(unit[j], n, WHITE), e, nullptr);
                                if (e.draw) {
                                    a.store(VALUE_DRAW, std::memory_order_relaxed);
                                } else {
                                    const int plies = std::max(layer, e.loss - 1) + 1;
                                    a.store(value_loss(plies), std::memory_order_relaxed);
                                    atomic_max(last_layer, plies);
                                    noted(j, s, value_loss(plies));
                                }
                            }
                        }
                        if (later != NO_CODE) atomic_min(next_code[k][b], later);
                    }
                }
                done += slots;
            }
            report("layer", layer, done);
        }
    }

    // Unresolved positions are draws.
    for (std::size_t k = 0; k < unit.size(); ++k) {
        Word* w = u.words[k];
        const std::uint64_t slots = u.index[k].slots();
#pragma omp parallel for schedule(static) num_threads(threads) if (slots >= PARALLEL_MIN)
        for (std::uint64_t i = 0; i < slots; ++i)
            if (w[i] & PENDING) w[i] = VALUE_DRAW;
    }
    report("final", 0, total);
    return u.error;
}

}  // namespace mtb
