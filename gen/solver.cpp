#include "gen/solver.h"

#include <omp.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <climits>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "gen/frontier.h"
#include "gen/held_writes.h"
#include "gen/huge_pages.h"
#include "gen/prefetch_batches.h"
#include "gen/process_clock.h"
#include "gen/quiet_unmove.h"
#include "gen/stabilizer.h"
#include "gen/stretch_chunks.h"
#include "table/class_walk.h"
#include "table/combinatorics.h"
#include "table/index_symmetry.h"
#include "table/sector.h"
#include "table/value_dictionary.h"

namespace mtb {
namespace {

// A solver word is a ValueCode, or PENDING with the number of in-unit
// children not yet refuted.  When they all are, the position loses (or
// draws) as its exits allow.  Most pending words also carry what the
// exits gave (EXITS_KEPT: a field of 8 bits, 0 no exit, 255 a drawing
// exit, else the longest loss through them, then a count of 6 bits), so
// the last refutation need not look at the exits again; the others (a
// count above 63, an exit loss above 254 plies) keep a count of 14 bits.
using Word = std::uint16_t;
constexpr Word PENDING = 0x8000;
constexpr Word EXITS_KEPT = 0x4000;
constexpr int EXIT_SHIFT = 6;
constexpr Word KEPT_COUNT_MASK = (1 << EXIT_SHIFT) - 1, COUNT_MASK = EXITS_KEPT - 1;
constexpr int EXIT_NONE = 0, EXIT_DRAW = 255;
constexpr Word pending_count(Word w) { return w & (w & EXITS_KEPT ? KEPT_COUNT_MASK : COUNT_MASK); }
// An in-unit slot as one number: sector number in the unit, then slot.
// (Frontier's packing: slots of a unit's sectors are below 2^32.)
constexpr std::uint64_t pack(int k, std::uint64_t slot) { return Frontier::entry(k, slot); }
constexpr int unpack_sector(std::uint64_t x) { return Frontier::sector_of(x); }
constexpr std::uint64_t unpack_slot(std::uint64_t x) { return Frontier::slot_of(x); }

constexpr bool is_win_code(Word c) { return c >= 2 && c < PENDING && (value_plies(c) & 1); }

// What the plies of one position that leave the unit give it, in the
// unit's metric (table/metric.h).
struct Exits {
    int win = INT_MAX;  // shortest win through an exit (plies)
    int loss = -1;      // longest loss through exits, when all exits lose
    bool draw = false;  // some exit draws (or, under a limit, needs too long)
    int plies = 0;      // plies looked at, exits and in-unit children (0: blocked)
    int reads = 0;      // children's values read (PhaseTraffic)
    // The placements gave their wins alone (UnitSolver::place_wins_coded):
    // what their draws and losses give is not here, so a pending word keeps
    // no exits and its last refutation looks at them again.
    bool partial = false;

    void add(const Metric& m, ValueCode v, bool capture) {
        if (v == VALUE_DRAW) {
            draw = true;
            return;
        }
        const int n = m.through(v, capture);
        if (m.beyond(n))
            draw = true;
        else if (value_wdl(v) == Wdl::LOSS)
            win = std::min(win, n);
        else
            loss = std::max(loss, n);
    }

    // An exit as one number whose largest, over a position's exits, is
    // what add() of them all decides: a win (the shorter the larger) beats
    // a draw, which beats a loss (the longer the larger).  Once an exit
    // wins, what the others give no longer matters (init_from_plies), and
    // a draw makes the longest loss moot (pending_word, after_win).  -1
    // where the distance does not fit (the caller then uses add()).  What
    // an exit gives is add()'s alone: key() reads it back from there.
    static constexpr unsigned KEY_DRAW = 0x8000, KEY_MAX = 0xffff;
    static int key(const Metric& m, ValueCode v, bool capture) {
        Exits one;
        one.add(m, v, capture);
        if (one.draw) return int(KEY_DRAW);
        const int n = one.win != INT_MAX ? one.win : one.loss;
        if (n < 0 || n >= int(KEY_DRAW)) return -1;
        return one.win != INT_MAX ? int(KEY_MAX) - n : n;
    }
    // Whether no exit was added (a win at once counts as one).
    bool none() const { return win == INT_MAX && !draw && loss < 0; }
    // The exits whose largest key() is k, as add() of them all would leave them.
    void add_key(unsigned k) {
        if (k > KEY_DRAW)
            win = std::min(win, int(KEY_MAX - k));
        else if (k == KEY_DRAW)
            draw = true;
        else
            loss = std::max(loss, int(k));
    }
};

// The word of a position with n_in > 0 in-unit children still to refute
// and exits `e` (no win among them): with what the exits gave where it
// fits and `keep` allows, else the count alone (see Word above).
Word pending_word(int n_in, const Exits& e, bool keep) {
    if (!keep || n_in > KEPT_COUNT_MASK || (!e.draw && e.loss >= EXIT_DRAW)) return Word(PENDING | n_in);
    const int exit = e.draw ? EXIT_DRAW : e.loss < 0 ? EXIT_NONE : e.loss;
    return Word(PENDING | EXITS_KEPT | exit << EXIT_SHIFT | n_in);
}

// What the exits gave, from a pending word with EXITS_KEPT.
Exits kept_exits(Word w) {
    Exits e;
    const int exit = w >> EXIT_SHIFT & 0xff;
    e.draw = exit == EXIT_DRAW;
    if (exit != EXIT_NONE && exit != EXIT_DRAW) e.loss = exit;
    return e;
}

// Sorts a short list and drops repeats; returns the new length.  Insertion
// sort: the lists are a few dozen entries, most already nearly in order.
// Aligned to a cache line: its loop is about a tenth of the solver's time,
// and where the link happened to place it moved `mtb bench gen` by 3-5%
// with its code unchanged.
__attribute__((aligned(64))) int sort_unique(std::uint64_t* a, int n) {
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

// Where held writes land (gen/held_writes.h), by cache line of 64 bytes.
constexpr int WORD_LINE_SHIFT = 6 - std::countr_zero(sizeof(Word));
// The init's words of one sector: entries are slot << 16 | word.
struct SectorWordPlace {
    Word* words;
    static constexpr std::uint64_t entry(std::uint64_t slot, Word w) { return slot << 16 | w; }
    static constexpr std::uint64_t slot(std::uint64_t x) { return x >> 16; }
    static constexpr Word word(std::uint64_t x) { return Word(x); }
    std::uint64_t line(std::uint64_t x) const { return slot(x) >> WORD_LINE_SHIFT; }
    void prefetch(std::uint64_t x) const { __builtin_prefetch(words + slot(x), 1); }
};
// Does a held init write.
struct WriteWord {
    Word* words;
    void operator()(std::uint64_t x) const { words[SectorWordPlace::slot(x)] = SectorWordPlace::word(x); }
};

// Where the plies of one kind from a sector lead: a sector of the unit,
// or a solved child table (or neither, when the child is missing).
struct Target {
    Sector sector;
    int in_unit = -1;
    const ChildTable* table = nullptr;
};

// The index rows (SectorIndex::Row) of the children of positions whose
// opponent has the stones `them`, per ply kind and removed point
// (MAX_POINTS: none), found when first needed, and the stones of `them` a
// mill may remove.  One per thread: the grouped walk visits positions
// sharing `them` together, so each row serves many children (in slot
// order `them` changes often and the rows are found again).
struct ExitRows {
    Bitboard them = ~Bitboard(0);
    int sector = -1;
    std::int64_t fixing = -1;            // bit g: symmetry g (not the identity) fixes `them`; -1 not yet known
    std::uint32_t have[PLY_KINDS] = {};  // bit x: rows[kind][x] is set
    SectorIndex::Row rows[PLY_KINDS][MAX_POINTS + 1];

    // The row of the children of kind `kind` that removed `removed`
    // (MAX_POINTS: none) in the child table whose index is `ix`: their side
    // to move has `them` less the removed stone.  Found on first use.
    const SectorIndex::Row& row(const SectorIndex& ix, int kind, int removed) {
        if (!(have[kind] >> removed & 1)) {
            rows[kind][removed] = ix.row(removed < MAX_POINTS ? them ^ bit(Point(removed)) : them);
            have[kind] |= std::uint32_t(1) << removed;
        }
        return rows[kind][removed];
    }
    void reset(Bitboard t, int k) {
        them = t;
        sector = k;
        fixing = -1;
        have_removable = false;
        have_place_codes = false;
        have_place_keys = place_keys_ok = have_place_best = false;
        have_capture_keys[0] = have_capture_keys[1] = false;
        for (std::uint32_t& h : have) h = 0;
    }
    // The codes of single points (SectorIndex::row_code) in the row of
    // placements that remove nothing, when that row is coded: a placement's
    // child is then its parent's code with one point flipped, one colex
    // rank instead of a whole slot_in_row.  Filled on first use for the
    // points `them` leaves free; a group of the grouped walk shares them.
    bool have_place_codes = false;
    std::uint32_t place_codes[MAX_POINTS];
    // The placements' child row decoded once into Exits::key()s by colex
    // rank (UnitSolver::place_keys), where the walk lends a thread's room
    // for it (key_room: the grouped init, whose group's positions all place
    // into that one row); `decoded` counts the values decoded into it.
    struct KeyRoom {
        std::vector<std::uint16_t> keys;
        // A stabilised row's values in slot order, and each code's slot in
        // it (SectorIndex::row_code_slots).
        std::vector<std::uint16_t> values;
        std::vector<std::uint32_t> code_slots;
        // What the captures of one mill-closing ply give, by the mover's
        // stones after it (UnitSolver::capture_exits_keyed): the largest
        // Exits::key() over the stones it may remove, by the colex rank of
        // those stones among the points free of `them`; one list for
        // placements, one for moves.
        std::vector<std::uint16_t> capture_keys[2];
        // The largest win key() among each mover's placements, by the colex
        // rank of the mover's code (UnitSolver::place_wins_coded); 0: none.
        std::vector<std::uint16_t> place_best;
    };
    KeyRoom* key_room = nullptr;
    bool have_place_keys = false, place_keys_ok = false, have_place_best = false;
    bool have_capture_keys[2] = {};  // capture_keys[i] cleared for `them`
    std::uint64_t decoded = 0;
    // removable(r, them), found when first asked: in slot order `them`
    // changes with every position, and most positions close no mill.
    Bitboard removable(const Rules& r) {
        if (!have_removable) {
            removable_ = mtb::removable(r, them);
            have_removable = true;
        }
        return removable_;
    }

private:
    Bitboard removable_ = 0;
    bool have_removable = false;
};

// One exit of a position whose load has been started.
struct ExitLoad {
    const ChildTable* table;
    std::uint64_t slot;
    bool capture;
};

// The exits of one position, their loads started as they are found and
// their values read only once all are under way (read_into), so that the
// cache misses overlap.  Both ply scanners of the solver fill one; the
// init in slot order reads them a batch of positions later (ExitQueue).
struct ExitLoads {
    ExitLoad* exits;  // room for MAX_PLIES, not initialised: only the first n are read
    int n = 0;

    explicit ExitLoads(ExitLoad* room) : exits(room) {}
    void add(const ChildTable* t, std::uint64_t slot, bool capture) {
        t->prefetch(slot);
        exits[n++] = ExitLoad{t, slot, capture};
    }
    void read_into(const Metric& m, Exits& e) const {
        for (int x = 0; x < n; ++x) e.add(m, exits[x].table->at(exits[x].slot), exits[x].capture);
        e.reads += n;
    }
};

// The init in slot order reads its positions' exits a batch of positions
// after it started their loads (gen/prefetch_batches.h's pattern, with the
// loads started by the scan itself): read at once, each position waits for
// its own misses.  Measured, one thread (session 28): nmm 5v5 1.06-1.2x
// less init CPU, 5v6+6v5 1.07x; it did not bring nmm 6v6 to slot order
// (SolveOptions::slot_order_exit_bytes).  A batch is BATCH positions or fewer, so that
// the next position's exits always fit in its room.
class ExitQueue {
public:
    // Room for the next position's exits.
    ExitLoads loads() { return ExitLoads(&room_[cur_][used_]); }
    // Holds position `slot` (its exits started into loads(), none won at
    // once, n_in in-unit children); when its batch is full, reads the batch
    // before and calls done(slot, exits, n_in) for each of its positions.
    template <class Done>
    void add(std::uint64_t slot, int n_in, const Exits& e, const ExitLoads& x, const Metric& m, Done&& done) {
        held_[cur_][size_++] = Held{slot, e, n_in, used_, x.n};
        used_ += x.n;
        if (size_ == BATCH || used_ + MAX_PLIES > ROOM) flush(m, done);
    }
    // Reads every position still held (call once, after the last add).
    template <class Done>
    void finish(const Metric& m, Done&& done) {
        flush(m, done);  // the batch before, then the last one
        flush(m, done);
    }

private:
    static constexpr int BATCH = 16, ROOM = 2 * MAX_PLIES;
    struct Held {
        std::uint64_t slot;
        Exits e;
        int n_in, first, count;
    };
    template <class Done>
    void flush(const Metric& m, Done& done) {
        for (int i = 0; i < ready_; ++i) {
            Held& h = held_[cur_ ^ 1][i];
            ExitLoads x(&room_[cur_ ^ 1][h.first]);
            x.n = h.count;
            x.read_into(m, h.e);
            h.e.plies += h.count + h.n_in;
            done(h.slot, h.e, h.n_in);
        }
        ready_ = size_;
        size_ = used_ = 0;
        cur_ ^= 1;
    }

    ExitLoad room_[2][ROOM];  // not initialised: only what add() wrote is read
    Held held_[2][BATCH];
    int size_ = 0, used_ = 0, cur_ = 0, ready_ = 0;  // ready_: positions of the batch before
};

// Index rows (SectorIndex::Row) of predecessors' side to move, by their
// stones, recently used; one per thread.  A layer's positions come sorted
// by the opponent's stones (propagation_pass), and the predecessors of
// positions that share those stones share their side to move's stones, so
// most rows are found here rather than in the index's larger tables.
struct PredRows {
    static constexpr int SIZE = 512;
    std::uint64_t key[SIZE];
    SectorIndex::Row row[SIZE];
    PredRows() { std::fill(key, key + SIZE, ~std::uint64_t(0)); }
    const SectorIndex::Row& get(const SectorIndex& ix, int j, Bitboard stones) {
        const std::uint64_t k = std::uint64_t(stones) | std::uint64_t(j) << 32;
        const unsigned h = unsigned((k * 0x9E3779B97F4A7C15ull) >> 55);
        if (key[h] != k) {
            key[h] = k;
            row[h] = ix.row(stones);
        }
        return row[h];
    }
};

// Sorts frontier entries (k << SLOT_BITS | slot) by (k, the opponent's
// stones), in place but for one buffer of the same size, with a two-pass
// radix sort: see PredRows.  Measured on nmm 3v6+6v3 and 5v6+6v5 (one
// thread): the layers take 5-13% less CPU time than unsorted.  Each thread
// counts and scatters its own block of the list, blocks in order, so the
// sort stays stable and its result is the same for any number of threads.
// (Done by one thread it was most of the layers' wall time on 16 cores:
// about 14 of 19.5 s on nmm 6v7+7v6.)
// The buffer is `room`, kept by the caller from one layer to the next
// (keep_room_on_huge_pages): a fresh buffer each layer was faulted in and
// zeroed by the kernel each time (BENCHMARKS.md, session 56).
void sort_by_opponent(std::vector<std::uint64_t>& list, const std::vector<SectorIndex>& index, int threads,
                      std::vector<std::uint64_t>& room) {
    constexpr std::uint64_t SLOT_MASK = (std::uint64_t(1) << Frontier::SLOT_BITS) - 1;
    constexpr int RADIX_BITS = 13;
    constexpr std::size_t RADIX = std::size_t(1) << RADIX_BITS;
    const std::size_t n = list.size();
    keep_room_on_huge_pages(room, n);
    if (room.size() < n) room.resize(n);  // within its room: only the part never used before is written
    std::uint64_t* const buffer = room.data();
    std::vector<std::size_t> count(std::size_t(threads) * RADIX);
#pragma omp parallel num_threads(threads)
    {
        const std::size_t t = std::size_t(omp_get_thread_num()), team = std::size_t(omp_get_num_threads());
        const std::size_t first = n * t / team, last = n * (t + 1) / team;
        for (std::size_t i = first; i < last; ++i) {
            const std::uint64_t k = std::uint64_t(unpack_sector(list[i])), slot = unpack_slot(list[i]);
            NormalPosition p;
            index[k].position_of(slot, p);
            list[i] = k << 56 | std::uint64_t(p.them) << 32 | slot;  // them < 2^24, k < 2^8
        }
        std::uint64_t *from = list.data(), *to = buffer;
        // Two passes: the sorted list ends up back in `list`.
        for (int shift : {32, 32 + RADIX_BITS}) {
            std::size_t* c = &count[t * RADIX];
            std::fill(c, c + RADIX, 0);
            for (std::size_t i = first; i < last; ++i) ++c[(from[i] >> shift) & (RADIX - 1)];
#pragma omp barrier
#pragma omp single
            {
                // Where each thread's entries of each digit start: digit-major,
                // thread-minor.
                std::size_t at = 0;
                for (std::size_t d = 0; d < RADIX; ++d)
                    for (std::size_t u = 0; u < team; ++u) {
                        const std::size_t here = count[u * RADIX + d];
                        count[u * RADIX + d] = at;
                        at += here;
                    }
            }
            for (std::size_t i = first; i < last; ++i) to[c[(from[i] >> shift) & (RADIX - 1)]++] = from[i];
#pragma omp barrier
            std::swap(from, to);
        }
        for (std::size_t i = first; i < last; ++i) list[i] = pack(int(list[i] >> 56), list[i] & SLOT_MASK);
    }
}

// Whether a symmetry other than the identity fixes a set of m stones, for
// every such set by its colex rank (gen/stabilizer.h, tabled): the init asks
// it of every position's opponent stones, which change from one position to
// the next in slot order.  m < 0: none asked (an empty table).
class FixedSets {
public:
    FixedSets(const Board& b, int m, const StabilizerTest& test) {
        if (m < 0 || m > b.size) return;
        const std::uint64_t sets = binomial(b.size, m);
        bits_.assign((sets + 63) / 64, 0);
        Bitboard x = m == 0 ? 0 : bit(m) - 1;
        for (std::uint64_t rank = 0; rank < sets; ++rank, x = m == 0 ? 0 : next_subset(x))
            if (test.fixed_by_nontrivial(x)) bits_[rank / 64] |= std::uint64_t(1) << (rank % 64);
    }
    bool operator()(Bitboard stones) const {
        const std::uint32_t rank = colex_rank24(stones);
        return bits_[rank / 64] >> (rank % 64) & 1;
    }

private:
    std::vector<std::uint64_t> bits_;
};

// The solver of one unit: its state, what a position's plies and un-moves
// give, and the passes of solve_unit (init, then one propagation pass per
// distance, then finish), each a member below.
struct UnitSolver {
    const Rules& r;
    const std::vector<Sector>& sectors;
    const ChildValues& children;
    const SolveOptions& opt;
    const Metric metric;
    const int threads;
    const StabilizerTest stabilizer;
    const SymmetryTables symmetry;
    std::vector<SectorIndex> index;
    std::vector<Word*> words;
    std::vector<std::array<Target, PLY_KINDS>> targets;  // per sector of the unit
    std::optional<std::string> error;                    // first missing child, set under a critical section
    Frontier frontier;
    bool repeats = false;  // some position has a ply that stays in the unit
    SolveStats stats;
    // Each thread's count of the phase under way, a cache line apart;
    // summed into stats by end_phase().
    struct alignas(64) ThreadTraffic {
        PhaseTraffic t;
    };
    std::vector<ThreadTraffic> traffic;
    // Per thread: where the init's words go while they are held (null:
    // written at once; see put()).
    std::vector<HeldWrites<SectorWordPlace>*> init_held;
    // A layer's list of positions and its sort's buffer, kept from one
    // layer to the next (their pages faulted in once, not every layer).
    std::vector<std::uint64_t> layer_list;
    std::vector<std::uint64_t> sort_room;

    UnitSolver(const Rules& r_, const std::vector<Sector>& sectors_, const ChildValues& children_,
               const SolveOptions& opt_)
        : r(r_),
          sectors(sectors_),
          children(children_),
          opt(opt_),
          metric(opt_.metric),
          threads(opt_.threads > 0 ? opt_.threads : omp_get_max_threads()),
          stabilizer(*r_.board),
          symmetry(*r_.board),
          frontier(threads, int(sectors_.size())),
          traffic(std::size_t(threads)),
          init_held(std::size_t(threads), nullptr) {}

    // Adds every thread's count to `phase` and clears them.
    void end_phase(PhaseTraffic& phase, double cpu) {
        for (ThreadTraffic& x : traffic) phase += std::exchange(x.t, PhaseTraffic{});
        phase.cpu_seconds += cpu;
    }

    // The one threshold for starting a team: work below opt.parallel_min
    // (slots or predecessor updates) is done by the calling thread alone.
    int team(std::uint64_t work) const { return work >= opt.parallel_min ? threads : 1; }

    int find(Sector s) const {
        for (std::size_t k = 0; k < sectors.size(); ++k)
            if (sectors[k] == s) return int(k);
        return -1;
    }

    void build_targets() {
        for (const Sector& s : sectors) {
            std::array<Target, PLY_KINDS> t;
            for (int kind = 0; kind < PLY_KINDS; ++kind) t[kind].sector = child_sector(s, PlyKind(kind));
            for (Target& x : t) {
                x.in_unit = find(x.sector);
                if (x.in_unit < 0) x.table = children.find(x.sector);
            }
            targets.push_back(t);
        }
    }

    // The plies of position n of sector k by bit operations, for the common
    // cases: exits into `e`; returns the number of in-unit children, which
    // are all quiet plies to the twin sector: when `distinct` (no symmetry
    // but the identity fixes n's "them") distinct classes, so they are
    // counted, never indexed; else told apart by their orbits under the
    // symmetries that fix "them" (ExitRows::fixing), still not indexed.
    // Stops early (returning 0) at a ply that wins at once.  Same plies as
    // generate() (engine/movegen.cpp): a ply that closes a mill removes one
    // of removable(them), or nothing when none is; the quiet moves are
    // counted by popcount, and only the few mill-closing ones enumerated.
    int scan_exits(int k, NormalPosition n, Exits& e, ExitRows& rows, bool distinct = true) {
        ExitLoad room[MAX_PLIES];
        ExitLoads exits(room);
        const int n_in = start_exits(k, n, e, rows, distinct, exits);
        if (e.win == 1) return 0;  // won at once: nothing is shorter
        exits.read_into(metric, e);
        e.plies += exits.n + n_in;
        return n_in;
    }

    // Every step of a stone of `us` to an empty point (every flight where
    // `fly`), counted.
    int all_steps(bool fly, Bitboard us, Bitboard empty) const {
        if (fly) return popcount(us) * popcount(empty);
        int steps = 0;
        for (Bitboard f = us; f;) steps += popcount(r.board->adjacent[pop_lsb(f)] & empty);
        return steps;
    }

    // The empty points where one more stone of n's `us` closes a mill, when
    // such a ply removes a stone (rows.removable(r) is not empty); none
    // otherwise: a ply that closes a mill but may remove nothing is a quiet
    // one.  Sets `rows` to n's "them" in sector k.
    Bitboard capture_points(int k, NormalPosition n, ExitRows& rows) const {
        if (rows.them != n.them || rows.sector != k) rows.reset(n.them, k);
        const Bitboard closing = mill_closing_points(*r.board, n.us, r.board->all & ~(n.us | n.them));
        return closing && rows.removable(r) ? closing : 0;
    }

    // scan_exits without the reads: the exits' loads are started into
    // `exits`, to be read by the caller (read_into; e.plies is to grow by exits.n plus
    // the count returned).  A win at once sets e.win to 1 and returns 0,
    // the exits then unneeded; placements read at once may have set a
    // longer win, which the exits still to be read can shorten.
    int start_exits(int k, NormalPosition n, Exits& e, ExitRows& rows, bool distinct, ExitLoads& exits) {
        const Sector& s = sectors[k];
        const std::array<Target, PLY_KINDS>& tk = targets[k];
        const Board& b = *r.board;
        const Bitboard us = n.us, them = n.them, empty = b.all & ~(us | them);
        const Bitboard closing = capture_points(k, n, rows);
        const Bitboard rem = closing ? rows.removable(r) : 0;
        const bool capture_ends = rem && r.too_few_stones(popcount(them) - 1 + s.them_hand);
        int n_in = 0;
        // Not `distinct`: the in-unit children (T = them, M) and (T, M')
        // are one class iff a symmetry fixing T maps M to M', so the least
        // image of M under those symmetries names the child's class.
        const bool keyed = !distinct && tk[PLY_QUIET].in_unit >= 0;
        if (keyed && rows.fixing < 0) {
            rows.fixing = 0;
            for (int g = 1; g < symmetry.count(); ++g)
                if (symmetry.apply(g, them) == them) rows.fixing |= std::int64_t(1) << g;
        }
        std::uint64_t keys[MAX_PLIES];
        int n_keys = 0;
        // A child of a ply of kind `kind` that removed `removed` (or
        // MAX_POINTS) and left the mover with `mover`: its side to move has
        // `them` less the removed stone, the same for many positions in a
        // row, so the index's row for it is found once (ExitRows).
        auto child = [&](PlyKind kind, int removed, Bitboard mover) {
            const Target& t = tk[kind];
            if (t.in_unit >= 0) {
                ++n_in;
                return;
            }
            if (!t.table) {
                missing(t);
                return;
            }
            const SectorIndex& ix = t.table->index();
            exits.add(t.table, ix.slot_in_row(rows.row(ix, kind, removed), mover), removed < MAX_POINTS);
        };
        // The children of a ply of kind `kind` that closed a mill and left
        // the mover with `mover`: one for each stone of `rem`.
        auto captures = [&](PlyKind kind, Bitboard mover) {
            if (capture_exits_keyed(tk[kind], kind, rows, rem, mover, e)) return;
            for (Bitboard x = rem; x;) child(kind, pop_lsb(x), mover);
        };
        // The placements that remove nothing, done last: with in-unit
        // children (n_in of them) only their wins are needed now, where
        // the opponent holds no stone to place (place_wins_coded).
        auto placements = [&](int n_in) {
            if (s.us_hand == 0) return n_in;
            const Bitboard to = empty & ~closing;
            if (n_in > 0 && s.them_hand == 0 && opt.placement_wins_alone &&
                place_wins_coded(tk[PLY_PLACE], rows, to, us, e))
                return n_in;
            if (!place_exits_coded(tk[PLY_PLACE], rows, to, us, e))
                for (Bitboard t = to; t;) child(PLY_PLACE, MAX_POINTS, us | bit(pop_lsb(t)));
            return n_in;
        };
        if (s.us_hand > 0) {  // placements that close a mill
            if (closing && capture_ends) {
                e.win = 1;
                return 0;
            }
            for (Bitboard t = closing; t;) {
                const Bitboard mover = us | bit(pop_lsb(t));
                captures(PLY_PLACE_REMOVE, mover);
            }
        }
        if (s.us_hand == 0 || r.move_while_in_hand) {
            const bool fly = r.can_fly(s.us_board, s.us_hand);
            const bool quiet_counted = tk[PLY_QUIET].in_unit >= 0;
            if (quiet_counted && !keyed) {
                // Every step of a stone to an empty point, counted by
                // popcount, less the steps that close a mill, found from
                // the closing points' side: most positions have none, and
                // the loop over the mover's stones then does no more than
                // count.
                int steps = all_steps(fly, us, empty);
                for (Bitboard c = closing; c;) {
                    const Point p = pop_lsb(c);
                    const Bitboard closers = stones_closing_at(b, us, p, fly ? us : b.adjacent[p] & us);
                    if (closers && capture_ends) {
                        e.win = 1;
                        return 0;
                    }
                    steps -= popcount(closers);
                    for (Bitboard f = closers; f;) {
                        const Bitboard mover = (us ^ bit(pop_lsb(f))) | bit(p);
                        captures(PLY_MOVE_REMOVE, mover);
                    }
                }
                return placements(n_in + steps);
            }
            for (Bitboard f = us; f;) {
                const Point from = pop_lsb(f);
                const Bitboard rest = us ^ bit(from);
                const Bitboard to = fly ? empty : b.adjacent[from] & empty;
                Bitboard closes = 0;
                for (Bitboard c = to & closing; c;) {
                    const Point p = pop_lsb(c);
                    if (stones_closing_at(b, us, p, bit(from))) closes |= bit(p);
                }
                if (closes && capture_ends) {
                    e.win = 1;
                    return 0;
                }
                if (keyed)
                    for (Bitboard t = to & ~closes; t;) keys[n_keys++] = rest | bit(pop_lsb(t));
                else if (quiet_counted)
                    n_in += popcount(to & ~closes);
                else
                    for (Bitboard t = to & ~closes; t;) child(PLY_QUIET, MAX_POINTS, rest | bit(pop_lsb(t)));
                for (Bitboard c = closes; c;) {
                    const Bitboard mover = rest | bit(pop_lsb(c));
                    captures(PLY_MOVE_REMOVE, mover);
                }
            }
        }
        if (keyed)
            n_in +=
                quiet_classes(keys, n_keys, us, r.can_fly(s.us_board, s.us_hand), closing, std::uint64_t(rows.fixing));
        return placements(n_in);
    }

    // The captures of one mill-closing ply (kind `kind`, one child for
    // each stone of `rem`, the mover left with `mover`) as the largest
    // Exits::key() among them, added to `e` at once; false, doing nothing,
    // where the walk lends no key room (rows.key_room), they are not exits
    // into a table, or some child's key does not fit (the caller then
    // loads them one by one).  In a group of the grouped walk `them`, and
    // so `rem` and these children's rows, are fixed: the children depend
    // on `mover` alone, and one mover comes from several positions (each
    // stone of the mill it closed, and for a move each empty point beside
    // that stone, may have been the last to arrive).  So what they give is
    // found once a mover (by the colex rank of its stones among the points
    // free of `them`) and read back by the others.
    bool capture_exits_keyed(const Target& t, PlyKind kind, ExitRows& rows, Bitboard rem, Bitboard mover,
                             Exits& e) const {
        if (!rows.key_room || t.in_unit >= 0 || !t.table || capture_key.empty()) return false;
        const int list = kind == PLY_PLACE_REMOVE ? 0 : 1;
        std::vector<std::uint16_t>& keys = rows.key_room->capture_keys[list];
        const Bitboard free = r.board->all & ~rows.them;
        if (!rows.have_capture_keys[list]) {
            const std::uint64_t size = binomial(popcount(free), popcount(mover));
            if (size > (std::uint64_t(1) << 21)) return false;
            keys.assign(std::size_t(size), KEY_UNKNOWN);
            rows.have_capture_keys[list] = true;
        }
        std::uint16_t& key = keys[colex_rank24(extract_bits(mover, free))];
        if (key == KEY_UNKNOWN) {
            const SectorIndex& ix = t.table->index();
            // All the loads started before the first is read, so that
            // their misses overlap (the rows outgrow a core's caches).
            std::uint64_t slots[MAX_POINTS];
            int n = 0;
            for (Bitboard x = rem; x;) {
                slots[n] = ix.slot_in_row(rows.row(ix, kind, pop_lsb(x)), mover);
                t.table->prefetch(slots[n++]);
            }
            std::uint16_t best = 0;
            bool fits = true;
            for (int i = 0; i < n; ++i) {
                const std::uint16_t k = capture_key[t.table->at(slots[i])];
                fits = fits && k != NO_KEY;
                best = std::max(best, k);
            }
            e.reads += n;
            key = fits ? best : NO_KEY;
        }
        if (key == NO_KEY) return false;
        e.add_key(key);
        e.plies += popcount(rem);
        return true;
    }
    // The classes among a position's quiet in-unit children, given as the
    // mover's stones after each step (`movers`, n of them, all different):
    // two are one class iff a symmetry fixing "them" (`fixing`, a bit per
    // symmetry) maps one onto the other.  Each class is counted at its
    // smallest member: a child counts unless some such symmetry maps it
    // onto a smaller child.  An image x is a child iff it differs from
    // `us` by one step, one stone off and one on an empty point (x misses
    // "them", which the symmetry fixes), adjacent unless `fly`, that does
    // not close a mill where closing removes (`closing`: capture_points(),
    // none when nothing is removable).  A membership test per
    // image rather than a sort of the children's least images: the sort
    // was 6% of lasker <= 5's solve (perf, session 41).
    int quiet_classes(const std::uint64_t* movers, int n, Bitboard us, bool fly, Bitboard closing,
                      std::uint64_t fixing) const {
        const Board& b = *r.board;
        auto is_child = [&](Bitboard x) {
            const Bitboard on = x & ~us, off = us & ~x;
            if (!on || (on & (on - 1)) || !off || (off & (off - 1))) return false;
            if (!fly && !(b.adjacent[std::countr_zero(off)] & on)) return false;
            return !(closing & on) || !mill_at(b, x, Point(std::countr_zero(on)));
        };
        int classes = 0;
        for (int i = 0; i < n; ++i) {
            const Bitboard m = Bitboard(movers[i]);
            bool smallest = true;
            for (std::uint64_t f = fixing; f && smallest; f &= f - 1) {
                const Bitboard x = symmetry.apply(std::countr_zero(f), m);
                smallest = !(x < m && is_child(x));
            }
            classes += smallest;
        }
        return classes;
    }

    // The placements to the points `to` (removing nothing) as exits read
    // into `e` at once (counted in e.plies), their slots by codes
    // (ExitRows::place_codes); false, doing nothing, when they are not
    // exits into a table or the row is not coded (the caller then takes
    // slot_in_row).  They are read at once, not loaded ahead (ExitLoads):
    // a position's placements all land in one row of the child table, a
    // few KB that the group's positions share.  Measured, one thread: see
    // BENCHMARKS.md, "Session 34".
    bool place_exits_coded(const Target& t, ExitRows& rows, Bitboard to, Bitboard us, Exits& e) const {
        const SectorIndex::Row* found = placement_row(t, rows, to, us);
        if (!found) return false;
        const SectorIndex::Row& row = *found;
        const std::uint32_t code = SectorIndex::row_code(row, us);
        const int n = popcount(to);
        e.plies += n;
        if (rows.place_keys_ok) {
            const std::uint16_t* keys = rows.key_room->keys.data();
            unsigned best = 0;
            for (Bitboard f = to; f;)
                best = std::max<unsigned>(best, keys[colex_rank24(code ^ rows.place_codes[pop_lsb(f)])]);
            e.add_key(best);
            return true;
        }
        for (Bitboard f = to; f;)
            e.add(metric, t.table->at(SectorIndex::slot_of_code(row, code ^ rows.place_codes[pop_lsb(f)])), false);
        e.reads += n;
        return true;
    }

    // The placements to the points `to` (removing nothing) of a position
    // with in-unit children, for their wins alone (e.partial; counted in
    // e.plies): its word keeps no exits, and the position's last
    // refutation, if it comes, looks at all its exits again (after_win).
    // Where the opponent holds no stone to place, 1 position in 400 of
    // lasker <= 6's gets there (where he holds some, 1 in 30: those second
    // looks cost more than they spare, and every placement is read there
    // as before), and a group's wins are few: so rather than each position
    // reading the key of each of its placements, each win of the decoded
    // child row is handed to the movers it came from, once a group
    // (build_place_best), and a position reads one key.  False, doing
    // nothing, where place_exits_coded would not serve it.
    bool place_wins_coded(const Target& t, ExitRows& rows, Bitboard to, Bitboard us, Exits& e) const {
        if (!rows.key_room) return false;
        const SectorIndex::Row* row = placement_row(t, rows, to, us);
        if (!row || !rows.place_keys_ok) return false;
        if (!rows.have_place_best) build_place_best(rows, popcount(us));
        e.plies += popcount(to);
        e.partial = true;
        if (const std::uint16_t best = rows.key_room->place_best[colex_rank24(SectorIndex::row_code(*row, us))])
            e.add_key(best);
        return true;
    }
    // The child row of the placements to `to` (removing nothing) of a
    // mover with `us`, where its codes serve them: a coded row, or one the
    // walk's key room decodes (rows.place_keys_ok says whether it did; a
    // row with a stabiliser has codes but no slot a code, so only its keys
    // serve it).  The row's keys and point codes (ExitRows) are set up on
    // first use.  Null where they are not exits into a table, or the row
    // serves them neither way.
    const SectorIndex::Row* placement_row(const Target& t, ExitRows& rows, Bitboard to, Bitboard us) const {
        if (t.in_unit >= 0 || !t.table || !to) return nullptr;
        const SectorIndex::Row& row = rows.row(t.table->index(), PLY_PLACE, MAX_POINTS);
        const bool coded = SectorIndex::coded(row);
        if (!coded && !(rows.key_room && row.image)) return nullptr;
        if (rows.key_room && !rows.have_place_keys) place_keys(*t.table, row, us, rows);
        if (!coded && !rows.place_keys_ok) return nullptr;
        if (!rows.have_place_codes) {
            for (Bitboard f = r.board->all & ~rows.them; f;) {
                const Point p = pop_lsb(f);
                rows.place_codes[p] = SectorIndex::row_code(row, bit(p));
            }
            rows.have_place_codes = true;
        }
        return &row;
    }
    // KeyRoom::place_best for movers of u stones, from the decoded child
    // row (KeyRoom::keys: one key a code of u + 1 points, in colex order,
    // which is the codes' numeric order): each win goes to the u-point
    // codes it is one placement away from, unless that placement closes a
    // mill (then a capture, when `them` has a stone to remove).
    void build_place_best(ExitRows& rows, int u) const {
        ExitRows::KeyRoom& room = *rows.key_room;
        const Bitboard free = r.board->all & ~rows.them;
        const int f = popcount(free);
        Point point_of_code[MAX_POINTS];  // code bit -> point
        for (Bitboard x = free; x;) {
            const Point p = pop_lsb(x);
            point_of_code[std::countr_zero(rows.place_codes[p])] = p;
        }
        room.place_best.assign(std::size_t(binomial(f, u)), 0);
        const bool captures = rows.removable(r) != 0;
        const std::vector<std::uint16_t>& keys = room.keys;
        std::uint32_t code = (std::uint32_t(1) << (u + 1)) - 1;
        for (std::size_t c = 0; c < keys.size(); ++c) {
            assert(colex_rank24(code) == c);
            if (keys[c] > Exits::KEY_DRAW) {  // a win for the mover
                Bitboard stones = 0;
                if (captures)
                    for (std::uint32_t x = code; x; x &= x - 1) stones |= bit(point_of_code[std::countr_zero(x)]);
                for (std::uint32_t x = code; x; x &= x - 1) {
                    const int i = std::countr_zero(x);
                    if (captures && mill_at(*r.board, stones, point_of_code[i])) continue;
                    std::uint16_t& best = room.place_best[colex_rank24(code ^ (std::uint32_t(1) << i))];
                    best = std::max(best, keys[c]);
                }
            }
            // The next code of u + 1 points in numeric order.
            const std::uint32_t low = code | (code - 1);
            code = (low + 1) | (((~low & (low + 1)) - 1) >> (std::countr_zero(code) + 1));
        }
        rows.have_place_best = true;
    }

    // Decodes the child row `row` of placements that remove nothing into
    // rows.key_room: Exits::key() of each of its codes, in colex order, so
    // that each placement of the group reads one 2-byte key from a few
    // hundred KB at most, not a packed value, its escapes and add()'s
    // branches.  A group of positions with u stones of the mover's on the
    // board places into a row of C(f, u + 1) codes (f points free of the
    // opponent's) from C(f, u) positions with about f - u placements each:
    // the decoding is at most 1 / (u + 1) of the lookups it replaces, and a
    // stream.  A coded row's codes are its slots; a stabilised row's values
    // are decoded in slot order and each code reads its slot's
    // (SectorIndex::row_code_slots), instead of a slot_in_row a placement.
    // `us`: any mover of the group (their stone count).
    void place_keys(const ChildTable& t, const SectorIndex::Row& row, Bitboard us, ExitRows& rows) const {
        rows.have_place_keys = true;
        rows.place_keys_ok = false;
        const std::uint64_t size = binomial(popcount(row.free), popcount(us) + 1);
        if (size > (std::uint64_t(1) << 21) || place_key.empty()) return;
        ExitRows::KeyRoom& room = *rows.key_room;
        std::vector<std::uint16_t>& keys = room.keys;
        keys.resize(std::size_t(size));
        if (SectorIndex::coded(row)) {
            t.values(row.base, std::size_t(size), keys.data());
        } else {
            const SectorIndex& ix = t.index();
            room.values.resize(std::size_t(ix.row_slots(row)));
            t.values(ix.row_first(row), room.values.size(), room.values.data());
            room.code_slots.resize(std::size_t(size));
            ix.row_code_slots(row, room.code_slots.data());
            for (std::size_t c = 0; c < keys.size(); ++c) keys[c] = room.values[room.code_slots[c]];
        }
        for (std::uint16_t& k : keys) {
            k = place_key[k];
            if (k == NO_KEY) return;
        }
        rows.decoded += size;
        rows.place_keys_ok = true;
    }
    // Exits::key() of a placement (no capture) to a child of each value
    // code, or NO_KEY where none fits (place_keys then gives up the row).
    static constexpr std::uint16_t NO_KEY = 0;  // key 0 is a loss in 0 plies, which no ply gives
    std::vector<std::uint16_t> place_key;
    // The same for a capture (capture_exits_keyed).
    std::vector<std::uint16_t> capture_key;
    // A mover whose captures are not yet looked at (capture_exits_keyed);
    // never a key: it would be a win in 0 plies.
    static constexpr std::uint16_t KEY_UNKNOWN = 0xffff;
    void build_place_keys() { build_keys(place_key, false); }
    void build_capture_keys() { build_keys(capture_key, true); }
    void build_keys(std::vector<std::uint16_t>& keys, bool capture) {
        if (!keys.empty()) return;
        keys.resize(std::size_t(1) << 16);
        for (std::size_t v = 0; v < keys.size(); ++v) {
            const int k = v >= PENDING || v == VALUE_NONE ? -1 : Exits::key(metric, ValueCode(v), capture);
            keys[v] = k <= 0 || k == KEY_UNKNOWN ? NO_KEY : std::uint16_t(k);
        }
    }

    void missing(const Target& t) {
#pragma omp critical(mtb_solver_error)
        if (!error) error = "no solved table for successor sector " + t.sector.name();
    }

    // The solver's second ply scanner, kept apart from scan_exits on
    // purpose: scan_exits finds plies by bit operations and counts in-unit
    // children without building them, which holds only where they are all
    // quiet plies to distinct classes; it is most of the init's time and
    // after_win's.  This one serves the other positions (a symmetry fixes
    // the opponent's stones, or placements and removals stay in the unit),
    // whose in-unit children need their canonical slots, through the move
    // generator.  One scanner for both would put that slot lookup and its
    // branches in the fast path.  They share the exits' loads (ExitLoads),
    // the capture-wins rule (Rules::too_few_stones) and child_sector.
    //
    // Looks at every ply of position n of sector k: exits into `e`, distinct
    // in-unit child slots into `in` (sorted, deduplicated) when `in` is not
    // null; returns their number.  Stops early (returning 0) at a ply that
    // wins at once.  Children are built in normal form straight from the
    // ply (the mover's stones become the child's "them"), never as a
    // Position: this loop is most of the solver's time.
    // p is n as a Position (White to move), for the move generator.
    int scan_plies(int k, NormalPosition n, const Position& p, Exits& e, std::uint64_t* in, ExitRows& rows) {
        const Sector& s = sectors[k];
        // A child's side to move has n's "them" less the removed stone, so
        // its index row serves every child of that kind and removed point
        // (ExitRows, also for in-unit children): one row and a slot_in_row
        // per child rather than a slot_of.
        if (rows.them != n.them || rows.sector != k) rows.reset(n.them, k);
        auto slot = [&](const SectorIndex& ix, PlyKind kind, int removed, Bitboard mover) {
            return ix.slot_in_row(rows.row(ix, kind, removed), mover);
        };
        const std::array<Target, PLY_KINDS>& tk = targets[k];
        // Quiet children of p are distinct classes unless a symmetry fixes
        // the stones they all share (gen/stabilizer.h): then count, don't index.
        const bool count_only = !stabilizer.fixed_by_nontrivial(n.them);
        const MoveList moves(r, p);
        int n_quiet = 0, n_in = 0;
        ExitLoad room[MAX_PLIES];
        ExitLoads exits(room);
        for (const Move* m = moves.begin(); m != moves.end(); ++m) {
            const bool place = m->is_placement(), remove = m->is_removal();
            const Bitboard mover = (place ? n.us : n.us ^ bit(m->from)) | bit(m->to);
            const Bitboard other = remove ? n.them ^ bit(m->remove) : n.them;
            if (remove && r.too_few_stones(popcount(other) + s.them_hand)) {
                e.win = 1;  // the best there is: nothing else matters
                return 0;
            }
            const PlyKind kind = ply_kind(place, remove);
            const Target& t = tk[kind];
            const int removed = remove ? int(m->remove) : MAX_POINTS;
            if (t.in_unit >= 0) {
                if (!place && !remove && count_only)
                    ++n_quiet;
                else if (in)
                    in[n_in++] = pack(t.in_unit, slot(index[t.in_unit], kind, removed, mover));
                else
                    ++n_in;
                continue;
            }
            if (!t.table) {
                missing(t);
                continue;
            }
            exits.add(t.table, slot(t.table->index(), kind, removed, mover), remove);
        }
        exits.read_into(metric, e);
        e.plies = moves.size();
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
    int predecessors(int k, std::uint64_t slot, std::vector<std::uint64_t>& out, PredRows& rows) const {
        out.clear();
        const int j = targets[k][PLY_QUIET].in_unit;
        if (j < 0) return 0;
        const NormalPosition c = position(k, slot);
        const SectorIndex& ij = index[j];
        for_each_quiet_unmove(r, sectors[k], c, [&](NormalPosition q) {
            out.push_back(pack(j, ij.slot_in_row(rows.get(ij, j, q.us), q.them)));
        });
        // The predecessors all share c's side-to-move stones: unless a
        // symmetry fixes those, they are distinct classes already.
        if (stabilizer.fixed_by_nontrivial(c.us)) out.resize(std::size_t(sort_unique(out.data(), int(out.size()))));
        return int(out.size());
    }
    // Entries a thread of a team of `team` holds before writing them
    // (gen/held_writes.h): about 1/64 of the unit's words over the team,
    // 8 bytes each in two buffers (0.25 bytes a slot).
    std::size_t held_room(int team) const {
        return std::clamp<std::uint64_t>(total_slots() / 64 / std::uint64_t(team), 1 << 12, 1 << 22);
    }
    std::uint64_t total_slots() const {
        std::uint64_t n = 0;
        for (const SectorIndex& ix : index) n += ix.slots();
        return n;
    }
    void report(const char* phase, int layer, std::uint64_t done) const {
        if (opt.progress) opt.progress(SolveProgress{phase, layer, done, total_slots()});
    }

    // Sets position i of sector k from what its plies give: a value with a
    // distance (into the frontier, under that distance), a draw, or the
    // number of its in-unit children still to be refuted.  `fast`: only
    // quiet plies stay in the sector's unit (scan_exits serves it);
    // `distinct`: its quiet children are known to be distinct classes.
    void init_position(int thread, ExitRows& rows, bool fast, bool distinct, int k, NormalPosition n, std::uint64_t i) {
        if (init_before_plies(thread, k, n, i)) return;
        Exits e;
        int n_in;
        if (fast) {
            n_in = scan_exits(k, n, e, rows, distinct);
        } else {
            std::uint64_t in[MAX_PLIES];
            n_in = scan_plies(k, n, denormalise(sectors[k], n, WHITE), e, in, rows);
        }
        init_from_plies(thread, k, i, e, n_in);
    }

    // init_position for a position that scan_exits serves, done only where
    // its plies reach an exit (or its stone counts decide it): the slot is
    // then found and the word written; the others are left to the pass in
    // slot order (init_pass).
    void init_if_exits(int thread, ExitRows& rows, bool distinct, int k, NormalPosition n) {
        const SectorIndex& ix = index[std::size_t(k)];
        if (const Outcome o = counted_outcome(k, n); o != Outcome::ONGOING) {
            ++traffic[std::size_t(thread)].t.positions;
            put_counted(thread, k, ix.slot_of(n), o);
            return;
        }
        if (!captures(k, n, rows)) return;  // no exit: a word in slot order
        Exits e;
        const int n_in = scan_exits(k, n, e, rows, distinct);
        if (e.none()) return;  // a word in slot order
        ++traffic[std::size_t(thread)].t.positions;
        init_from_plies(thread, k, ix.slot_of(n), e, n_in);
    }

    // Whether position n of sector k (exits_are_captures, its quiet plies
    // inside the unit, as init_if_exits is called) has a ply that closes a
    // mill and removes a stone: its only kind of exit.  The same test as
    // start_exits' first steps, without its count of the quiet steps or,
    // where a symmetry fixes n's "them", the keys of its children: most
    // positions have no such ply (70% of nmm 6v6's), and the pass in slot
    // order counts their steps anyway.
    bool captures(int k, NormalPosition n, ExitRows& rows) {
        assert(targets[std::size_t(k)][PLY_QUIET].in_unit >= 0);
        const Board& b = *r.board;
        const Sector& s = sectors[std::size_t(k)];
        Bitboard closing = capture_points(k, n, rows);
        const bool fly = r.can_fly(s.us_board, s.us_hand);
        while (closing) {
            const Point p = pop_lsb(closing);
            if (stones_closing_at(b, n.us, p, fly ? n.us : b.adjacent[p] & n.us)) return true;
        }
        return false;
    }

    // init_position for a position that init_if_exits left: its plies
    // reach no exit and its stone counts do not decide it, so none of its
    // steps closes a mill and, where its quiet children are distinct
    // classes, they are counted without a scan.
    void init_without_exits(int thread, ExitRows& rows, bool distinct, int k, NormalPosition n, std::uint64_t i) {
        ++traffic[std::size_t(thread)].t.positions;
        Exits e;
        int n_in;
        if (distinct) {
            const Sector& s = sectors[std::size_t(k)];
            n_in = all_steps(r.can_fly(s.us_board, s.us_hand), n.us, r.board->all & ~(n.us | n.them));
            e.plies = n_in;
        } else {
            n_in = scan_exits(k, n, e, rows, false);
        }
        init_from_plies(thread, k, i, e, n_in);
    }

    // init_position for a position that scan_exits serves, its exits read
    // a batch of positions later (ExitQueue; `done` calls init_from_plies).
    template <class Done>
    void init_queued(int thread, ExitRows& rows, ExitQueue& queue, bool distinct, int k, NormalPosition n,
                     std::uint64_t i, Done& done) {
        if (init_before_plies(thread, k, n, i)) return;
        Exits e;
        ExitLoads x = queue.loads();
        const int n_in = start_exits(k, n, e, rows, distinct, x);
        if (e.win == 1)
            init_from_plies(thread, k, i, e, 0);
        else
            queue.add(i, n_in, e, x, metric, done);
    }

    // init_position's first part: counts the position and, where the
    // stone counts alone decide it, sets its word; returns whether it did.
    bool init_before_plies(int thread, int k, NormalPosition n, std::uint64_t i) {
        ++traffic[std::size_t(thread)].t.positions;
        const Outcome o = counted_outcome(k, n);
        if (o == Outcome::ONGOING) return false;
        put_counted(thread, k, i, o);
        return true;
    }
    // outcome() (engine/movegen.h) in two parts, without building a
    // Position: its tests of the counts first (this), then "no legal ply"
    // from the scan's count of plies (outcome_after_plies).  Under a
    // no-capture limit the position is taken at counter 0 (its code holds
    // every counter's value, table/metric.h).
    Outcome counted_outcome(int k, NormalPosition n) const {
        const Sector& s = sectors[std::size_t(k)];
        return outcome_before_plies(r, s.us_board + s.us_hand, s.us_hand + s.them_hand, n.us | n.them, 0);
    }
    // The word of position i of sector k, which its stone counts decide (o).
    void put_counted(int thread, int k, std::uint64_t i, Outcome o) {
        const Word w = o == Outcome::DRAW ? VALUE_DRAW : metric.loss(0);
        put(thread, k, i, w);
        if (o != Outcome::DRAW) frontier.add(thread, k, i, w);
    }

    // The init's word of position i of sector k: written now, or held by
    // the thread's HeldWrites (init_by_opponent) and written in address
    // order later.
    void put(int thread, int k, std::uint64_t i, Word w) {
        if (HeldWrites<SectorWordPlace>* h = init_held[std::size_t(thread)]) {
            h->add(SectorWordPlace::entry(i, w), WriteWord{words[std::size_t(k)]});
            return;
        }
        ++traffic[std::size_t(thread)].t.random_writes;
        words[std::size_t(k)][i] = w;
    }

    // init_position's second part: the word of position i of sector k from
    // what its plies gave (exits `e`, all read, and n_in in-unit children).
    void init_from_plies(int thread, int k, std::uint64_t i, const Exits& e, int n_in) {
        traffic[std::size_t(thread)].t.random_reads += std::uint64_t(e.reads);
        // Read before writing: a store from every thread on every such
        // position bounces the flag's cache line between the cores (16
        // threads spent 3-4x the CPU of one on the init).
        if (n_in > 0 && !std::atomic_ref<bool>(repeats).load(std::memory_order_relaxed))
            std::atomic_ref<bool>(repeats).store(true, std::memory_order_relaxed);
        Word w;
        if (e.win != INT_MAX)
            w = metric.win(e.win);                                   // tentative until layer e.win
        else if (outcome_after_plies(e.plies > 0) == Outcome::LOSS)  // blocked
            w = metric.loss(metric.blocked_loss());
        else if (n_in > 0)
            w = pending_word(n_in, e, opt.keep_exits && !e.partial);
        else if (e.draw)
            w = VALUE_DRAW;
        else
            w = metric.loss(e.loss);
        put(thread, k, i, w);
        if (!(w & PENDING) && w != VALUE_DRAW) frontier.add(thread, k, i, w);
    }

    // Init: one look at every position's plies, sector by sector, in one
    // of two orders (same words either way: a position's word depends on
    // its class alone):
    //   - slot order, where a position has about one exit (no placements:
    //     only captures leave the unit) into child tables that fit in the
    //     cache (SolveOptions::slot_order_exit_bytes): each position is the canonical one
    //     of its slot (SectorIndex::positions_of, a running successor: no
    //     slot_of) and the words are written in order; the few children
    //     are looked up in rows found per position, and read a batch of
    //     positions after their loads start (ExitQueue).
    //   - grouped by the opponent's stones (table/class_walk.h), where a
    //     position has many exits (placements): the children of a group
    //     share their side to move's stones, so their index rows (ExitRows)
    //     and their runs of the child tables serve the whole group (and a
    //     mill-closing ply's captures are read once a mover's stones,
    //     capture_exits_keyed), at the price of a slot_of per position and
    //     scattered writes.
    // Measured, one thread (BENCHMARKS.md, session 27): slot order takes
    // 1.15x less init CPU on nmm <= 5 (1.05 exits a position) and 1.2x
    // more on lasker-20 <= 5 (5.4).
    //
    // A large sector whose exits are captures alone (exits_are_captures:
    // movement sectors, and Lasker's whose opponent alone holds stones) is
    // split between the two orders: most of its positions have no exit
    // (of nmm 6v6's, 84% have two stones of a mill with its third point
    // empty, but only 30% a stone beside that point that closes it), and
    // for them the grouped walk's slot_of and held write buy nothing.
    // The grouped walk writes the positions whose
    // plies reached an exit; a pass in slot order then does the others,
    // the slots whose word is still VALUE_NONE (never a word of the init),
    // again from their plies, writing their words in order
    // (SolveOptions::split_grouped_init).  Split, the grouped walk also
    // beats slot order where the child tables fit the caches: measured,
    // one thread (BENCHMARKS.md, session 40), nmm 5v6+6v5 (child tables
    // 15 and 26 MB) 1.04-1.29x less init CPU, so every sector whose words
    // are held and whose plies may leave the unit is split.
    void init_pass() {
        std::uint64_t done = 0;
        for (std::size_t k = 0; k < sectors.size(); ++k) {
            // Only quiet plies can stay in a unit (placements and removals
            // change the stone counts for good); when that holds here, the
            // bit-operation scan serves every position whose quiet children
            // need no canonicalising.
            const std::array<Target, PLY_KINDS>& tk = targets[k];
            const bool fast =
                tk[PLY_MOVE_REMOVE].in_unit < 0 && tk[PLY_PLACE].in_unit < 0 && tk[PLY_PLACE_REMOVE].in_unit < 0;
            const std::uint64_t slots = index[k].slots();
            const std::size_t exits = exit_bytes(tk);
            // The pass in slot order counts a position's steps as its
            // in-unit children (init_without_exits): quiet plies must stay
            // in the unit, as they do in every movement sector's.
            const bool split =
                fast && tk[PLY_QUIET].in_unit >= 0 && held_init(sectors[k]) && opt.split_grouped_init && exits > 0;
            if (split) {
                init_by_opponent(int(k), fast, done, slots / 2, true);
                init_in_slot_order(int(k), fast, done + slots / 2, slots - slots / 2, true);
            } else if (exits_are_captures(sectors[k]) && exits <= opt.slot_order_exit_bytes) {
                init_in_slot_order(int(k), fast, done, slots, false);
            } else {
                init_by_opponent(int(k), fast, done, slots, false);
            }
            done += index[k].slots();
            report("init", 0, done);
        }
    }

    // Whether a sector's plies leave its unit only by captures: its side
    // to move holds no stone to place, whatever the opponent holds (so
    // Lasker's sectors whose opponent alone still holds stones are walked
    // as movement sectors are).  Asking both hands empty here cost those
    // sectors' init 1.29-1.35x more CPU (lasker and lasker-20 <= 6, one
    // thread; BENCHMARKS.md, session 55).
    static bool exits_are_captures(const Sector& s) { return s.us_hand == 0; }

    // Whether the grouped init holds its writes (gen/held_writes.h):
    // sectors whose exits are captures alone, of units whose words pass
    // the caches.
    bool held_init(const Sector& s) const {
        return exits_are_captures(s) && total_slots() * sizeof(Word) >= opt.held_writes_min_bytes;
    }

    // Slot order scatters the children's reads over their tables (in the
    // grouped walk they fall in one run per group): where those tables
    // outgrow the last-level cache, that costs more than the scattered own
    // writes it saves.  Measured, one thread: nmm 5v6+6v5 (exit tables
    // 13-15 MB a sector) 1.28x less init CPU in slot order, nmm 6v6 (5v6,
    // about 40 MB) 1.17x more.  Reading the children a batch later
    // (ExitQueue) did not change that (session 28: 6v6 still 1.75x more,
    // 1.23x with the child tables on 2 MiB pages): perf put the time on the
    // prefetches themselves (TLB misses on 4 KiB pages) and on
    // ChildTable::escaped's binary searches, which the grouped walk keeps
    // in one run of the table.  (SolveOptions::slot_order_exit_bytes.)
    // Bytes of the child tables that a sector's exits read.
    static std::size_t exit_bytes(const std::array<Target, PLY_KINDS>& tk) {
        std::size_t bytes = 0;
        for (int kind = 0; kind < PLY_KINDS; ++kind) {
            bool first = true;  // kinds may share a child table
            for (int other = 0; other < kind; ++other) first = first && tk[other].table != tk[kind].table;
            if (tk[kind].table && first) bytes += tk[kind].table->memory_bytes();
        }
        return bytes;
    }

    // Progress within an init pass over `parts` parts (chunks or groups) of
    // sector k: a relaxed count of finished parts, reported about 100 times
    // by the calling thread (thread 0 of the team) alone.
    struct InitProgress {
        const UnitSolver& u;
        const std::uint64_t done, slots, parts, every;
        std::atomic<std::uint64_t> finished{0};
        std::uint64_t next;
        InitProgress(const UnitSolver& u_, std::uint64_t done_, std::uint64_t slots_, std::uint64_t parts_)
            : u(u_),
              done(done_),
              slots(slots_),
              parts(parts_),
              every(std::max<std::uint64_t>(1, parts_ / 100)),
              next(every) {}
        void part_done(int thread) {
            if (!u.opt.progress) return;
            const std::uint64_t f = finished.fetch_add(1, std::memory_order_relaxed) + 1;
            if (thread == 0 && f >= next) {
                next = f + every;
                u.report("init", 0, done + slots * f / parts);
            }
        }
    };

    // The init of sector k in slot order; `rest`: only of the slots whose
    // word is still VALUE_NONE (those the grouped walk left, init_pass).
    // Its progress goes from `done` up by `span` positions of the run.
    void init_in_slot_order(int k, bool fast, std::uint64_t done, std::uint64_t span, bool rest) {
        const std::uint64_t slots = index[std::size_t(k)].slots();
        const Word* w = words[std::size_t(k)];
        const FixedSets fixed(*r.board, fast ? sectors[std::size_t(k)].them_board : -1, stabilizer);
        constexpr std::uint64_t CHUNK = 1 << 12;
        constexpr std::size_t RUN = 256;
        const std::uint64_t chunks = (slots + CHUNK - 1) / CHUNK;
        InitProgress progress(*this, done, span, chunks);
#pragma omp parallel for schedule(dynamic, 1) num_threads(team(slots))
        for (std::uint64_t c = 0; c < chunks; ++c) {
            const int thread = omp_get_thread_num();
            ExitRows rows;
            NormalPosition run[RUN];
            const std::uint64_t last = std::min(slots, (c + 1) * CHUNK);
            ExitQueue queue;
            auto done = [&](std::uint64_t i, const Exits& e, int n_in) { init_from_plies(thread, k, i, e, n_in); };
            for (std::uint64_t first = c * CHUNK; first < last; first += RUN) {
                const std::size_t n = std::size_t(std::min<std::uint64_t>(RUN, last - first));
                index[std::size_t(k)].positions_of(first, n, run);
                for (std::size_t j = 0; j < n; ++j) {
                    const std::uint64_t i = first + j;
                    if (rest) {
                        if (w[i] == VALUE_NONE) init_without_exits(thread, rows, !fixed(run[j].them), k, run[j], i);
                        continue;
                    }
                    if (!fast) {
                        init_position(thread, rows, false, false, k, run[j], i);
                        continue;
                    }
                    init_queued(thread, rows, queue, !fixed(run[j].them), k, run[j], i, done);
                }
            }
            queue.finish(metric, done);
            progress.part_done(thread);
        }
    }

    // The init of sector k grouped by the opponent's stones; `exits_only`
    // (held writes only): of the positions whose plies reach an exit,
    // leaving the others' words VALUE_NONE (init_pass).  Progress as in
    // init_in_slot_order.
    void init_by_opponent(int k, bool fast, std::uint64_t done, std::uint64_t span, bool exits_only) {
        const std::uint64_t slots = index[std::size_t(k)].slots();
        Word* w = words[std::size_t(k)];
        const ClassWalk walk(*r.board, sectors[std::size_t(k)]);
        InitProgress progress(*this, done, span, walk.groups());
        // A group's slots are scattered over the sector: each write is
        // started a batch ahead (gen/prefetch_batches.h) or, in movement
        // sectors (no stone in hand: a position's exits are its captures
        // alone, so the write is a large part of its cost) of units whose
        // words pass the caches, held and written in address order
        // (gen/held_writes.h).  Measured, one thread (BENCHMARKS.md,
        // session 37): nmm 6v6 1.17-1.24x less init CPU; lasker-20 <= 5,
        // whose grouped sectors have stones in hand, 1.09-1.11x more when
        // those held theirs too.
        const Sector& s = sectors[std::size_t(k)];
        const bool hold = held_init(s);
        assert(!exits_only || (hold && fast));
        if (s.us_hand > 0) build_place_keys();  // placements read the keys (place_keys)
        build_capture_keys();                   // captures read them (capture_exits_keyed)
#pragma omp parallel num_threads(team(slots))
        {
            const int thread = omp_get_thread_num();
            std::optional<HeldWrites<SectorWordPlace>> held;
            ExitRows::KeyRoom key_room;
            if (hold) {
                held.emplace(SectorWordPlace{w}, (slots >> WORD_LINE_SHIFT) + 1, held_room(omp_get_num_threads()));
                init_held[std::size_t(thread)] = &*held;
            }
#pragma omp for schedule(dynamic, 1)
            for (std::size_t g = 0; g < walk.groups(); ++g) {
                ExitRows rows;
                rows.key_room = &key_room;
                const bool distinct = !walk.group_fixed(g);
                if (held) {
                    walk.for_each(g, [&](NormalPosition n) {
                        if (exits_only)
                            init_if_exits(thread, rows, distinct, k, n);
                        else
                            init_position(thread, rows, fast, distinct, k, n, index[std::size_t(k)].slot_of(n));
                    });
                } else {
                    struct Item {
                        NormalPosition n;
                        std::uint64_t slot;
                    };
                    PrefetchedBatches<Item> batches;
                    auto prefetch = [&](const Item& x) { __builtin_prefetch(&w[x.slot], 1); };
                    auto work = [&](const Item& x) { init_position(thread, rows, fast, distinct, k, x.n, x.slot); };
                    walk.for_each(g, [&](NormalPosition n) {
                        batches.add({n, index[std::size_t(k)].slot_of(n)}, prefetch, work);
                    });
                    batches.finish(prefetch, work);
                }
                traffic[std::size_t(thread)].t.streamed_bytes += rows.decoded * 4;  // values read, keys written
                progress.part_done(thread);
            }
            if (held) {
                held->flush(WriteWord{w});
                traffic[std::size_t(thread)].t.streamed_bytes += held->streamed_bytes();
                init_held[std::size_t(thread)] = nullptr;
            }
        }
    }

    // What a propagation pass does to one in-unit predecessor (sector j,
    // slot s) of a position of distance `layer` (below the metric's limit).  A loss makes it a win in
    // layer + 1 unless it already wins sooner; a win refutes one of its
    // children, and when that was its last, all its in-unit plies lose:
    // it is lost (as slowly as its exits allow) or, with a drawing exit,
    // drawn.  The thread that takes the last counter decides.
    //
    // `shared`: other threads update words at the same time, so each
    // update is a compare-exchange.  A pass done by one thread alone uses
    // plain loads and stores: a locked instruction also waits for the
    // stores before it, which serialises the very misses the pass keeps in
    // flight (same values either way: a layer's updates commute).
    void after_loss(int thread, int layer, int j, std::uint64_t s, bool shared) {
        const Word win = metric.win(layer + 1);
        // Still open, or won more slowly: this layer's win replaces it.
        auto improves = [win](Word cur) { return (cur & PENDING) || (is_win_code(cur) && cur > win); };
        Word& w = words[j][s];
        if (!shared) {
            if (improves(w)) {
                w = win;
                frontier.add(thread, j, s, win);
            }
            return;
        }
        std::atomic_ref<Word> a(w);
        Word cur = a.load(std::memory_order_relaxed);
        while (improves(cur))
            if (a.compare_exchange_weak(cur, win, std::memory_order_relaxed)) {
                frontier.add(thread, j, s, win);
                return;
            }
    }
    void after_win(int thread, ExitRows& rows, int layer, int j, std::uint64_t s, bool shared) {
        Word& w = words[j][s];
        Word cur;
        if (!shared) {
            cur = w;
            if (cur & PENDING) w = Word(cur - 1);
        } else {
            std::atomic_ref<Word> a(w);
            cur = a.load(std::memory_order_relaxed);
            while ((cur & PENDING) && !a.compare_exchange_weak(cur, Word(cur - 1), std::memory_order_relaxed)) {
            }
        }
        if (!(cur & PENDING) || pending_count(cur) != 1) return;
        Exits e;
        if (cur & EXITS_KEPT)
            e = kept_exits(cur);
        else
            scan_exits(j, position(j, s), e, rows);
        traffic[std::size_t(thread)].t.random_reads += std::uint64_t(e.reads);
        // This thread took the last count: no other writes the word now.
        const Word result = e.draw ? Word(VALUE_DRAW) : metric.loss(std::max(layer, e.loss - 1) + 1);
        if (shared)
            std::atomic_ref<Word>(w).store(result, std::memory_order_relaxed);
        else
            w = result;
        if (!e.draw) frontier.add(thread, j, s, result);
    }

    // One propagation pass: the positions of code `code` (from the
    // frontier: one result and distance) update their in-unit predecessors.
    // The updates land anywhere in the unit, so positions are taken BATCH
    // at a time, all their predecessors' words are prefetched, and they are
    // updated after the next batch's predecessors are found and prefetched:
    // many misses stay in flight, and each load has that search's time to
    // arrive in.  It is safe because no update of a layer changes the word
    // of a position of that layer, which the search may read.  The
    // positions' own words, where they are read (below), are fetched AHEAD
    // positions ahead, for the same reason.
    // PrefetchedBatches does the same with batches of a fixed number of
    // updates; here it took 4-10% more CPU on lasker <= 6's layers
    // (BENCHMARKS.md, session 46), so batches end at a position's end.
    //
    // Only a win the init found can have been bettered since (by a win in
    // fewer plies through a position of a layer before): a layer sets each
    // word once (the thread that changes it adds it), and a loss is never
    // changed.  So only those entries look at their word first, which
    // spares the others one random read each: on nmm <= 6, 2.7 M of the
    // win layers' 52.9 M entries were stale, and the layers of nmm, lasker
    // and lasker-20 <= 6 took 1.04-1.20x less CPU (BENCHMARKS.md, session 51).
    void propagation_pass(Word code) {
        const bool loss = value_wdl(code) == Wdl::LOSS;
        std::vector<std::uint64_t> from_init;  // wins the init found: they may have been bettered
        std::vector<std::uint64_t>& list = layer_list;
        frontier.take_into(list, code, team(frontier.size(code) * 16), loss ? nullptr : &from_init);
        stats.frontier_bytes =
            std::max(stats.frontier_bytes, frontier.memory_bytes() + (list.capacity() + from_init.capacity()) * 8 +
                                               std::max(sort_room.capacity(), list.size() + from_init.size()) * 8);
        if (!from_init.empty()) pass_over(from_init, code, true);
        std::vector<std::uint64_t>().swap(from_init);  // freed before the larger part's sort takes its buffer
        pass_over(list, code, false);
        ++stats.layers;
    }

    // propagation_pass over `list` (entries of `code`); `check`: an entry
    // whose word no longer holds `code` is skipped.
    void pass_over(std::vector<std::uint64_t>& list, Word code, bool check) {
        const int layer = metric.plies(code);
        const bool loss = value_wdl(code) == Wdl::LOSS;
        const bool sorted = list.size() >= 1024;
        if (sorted) sort_by_opponent(list, index, team(list.size() * 16), sort_room);
        // Streamed: the frontier's lists appended (4 bytes an entry) and
        // taken (4 read, 8 written); the sort's passes (the entries'
        // stones added, two radix passes of count, read and write, the
        // packing restored: 80 bytes); the pass's read of the list.
        traffic[0].t.streamed_bytes += list.size() * (4 + 12 + (sorted ? 80 : 0) + 8);
        constexpr std::size_t BATCH = 8, AHEAD = 4 * BATCH, CHUNK = 32 * BATCH;
        auto word_of = [&](std::uint64_t x) -> Word& { return words[unpack_sector(x)][unpack_slot(x)]; };
        // About 16 predecessor updates per position.
        const int team_size = team(list.size() * 16);
        // Threads far apart in the list (gen/stretch_chunks.h): on two
        // threads, nmm 5v6+6v5 and 6v6's layers took 1.10x less CPU than
        // under OpenMP's dynamic schedule (four alternating rounds,
        // 1.02-1.19x; BENCHMARKS.md, session 52).
        StretchChunks chunks((list.size() + CHUNK - 1) / CHUNK, team_size);
#pragma omp parallel num_threads(team_size)
        {
            const int thread = omp_get_thread_num();
            const bool shared = omp_get_num_threads() > 1;
            ExitRows rows;
            PredRows pred_rows;
            std::vector<std::uint64_t> preds, all, ready;
            preds.reserve(256);
            all.reserve(BATCH * 256);
            ready.reserve(BATCH * 256);
            auto update = [&](const std::vector<std::uint64_t>& targets) {
                for (std::uint64_t x : targets) {
                    if (loss)
                        after_loss(thread, layer, unpack_sector(x), unpack_slot(x), shared);
                    else
                        after_win(thread, rows, layer, unpack_sector(x), unpack_slot(x), shared);
                }
            };
            for (std::size_t c; chunks.next(thread, c);) {
                const std::size_t first = c * CHUNK, last = std::min(list.size(), first + CHUNK);
                if (check)
                    for (std::size_t x = first; x < std::min(last, first + AHEAD); ++x)
                        __builtin_prefetch(&word_of(list[x]));
                ready.clear();
                for (std::size_t b = first; b < last; b += BATCH) {
                    all.clear();
                    for (std::size_t x = b; x < std::min(last, b + BATCH); ++x) {
                        if (check) {
                            if (x + AHEAD < last) __builtin_prefetch(&word_of(list[x + AHEAD]));
                            // A tentative win may since have been bettered.
                            if (std::atomic_ref<Word>(word_of(list[x])).load(std::memory_order_relaxed) != code)
                                continue;
                        }
                        predecessors(unpack_sector(list[x]), unpack_slot(list[x]), preds, pred_rows);
                        all.insert(all.end(), preds.begin(), preds.end());
                        ++traffic[std::size_t(thread)].t.positions;
                    }
                    if (check) traffic[std::size_t(thread)].t.random_reads += std::min(last, b + BATCH) - b;
                    traffic[std::size_t(thread)].t.random_writes += all.size();
                    for (std::uint64_t x : all) __builtin_prefetch(&word_of(x), 1);
                    update(ready);  // the batch before
                    ready.swap(all);
                }
                update(ready);
            }
        }
    }

    // Frees what the layers kept from one to the next.
    void release_layer_room() {
        std::vector<std::uint64_t>().swap(layer_list);
        std::vector<std::uint64_t>().swap(sort_room);
    }

    // Finish: positions still unresolved are draws.
    void finish_pass() {
        for (std::size_t k = 0; k < sectors.size(); ++k) {
            Word* w = words[k];
            const std::uint64_t slots = index[k].slots();
#pragma omp parallel for schedule(static) num_threads(team(slots))
            for (std::uint64_t i = 0; i < slots; ++i)
                if (w[i] & PENDING) w[i] = VALUE_DRAW;
            stats.finish.positions += slots;
            stats.finish.streamed_bytes += 2 * slots * sizeof(Word);
        }
    }
};

}  // namespace

SectorStats sector_stats(Sector s, const std::vector<ValueCode>& values, const Metric& metric) {
    // One histogram pass, then each code that occurs once: branching on
    // every value's kind took 2.3% of nmm 6v6's gen samples (perf, session 36).
    return sector_stats_of_counts(s, count_codes(values), metric);
}

SectorStats sector_stats_of_counts(Sector s, const std::vector<std::uint64_t>& count, const Metric& metric) {
    SectorStats st;
    st.sector = s;
    for (std::uint64_t n : count) st.slots += n;
    for (std::size_t c = VALUE_NONE + 1; c < count.size(); ++c) {
        const std::uint64_t n = count[c];
        if (n == 0) continue;
        const ValueCode v = ValueCode(c);
        st.positions += n;
        if (v == VALUE_DRAW)
            st.draws += n;
        else if (value_wdl(v) == Wdl::WIN)
            st.wins += n, st.longest_win = std::max(st.longest_win, metric.plies(v));
        else
            st.losses += n;
    }
    return st;
}

std::optional<std::string> solve_unit(const Rules& r, const std::vector<Sector>& unit, const ChildValues& children,
                                      std::vector<std::vector<ValueCode>>& values, const SolveOptions& opt) {
    if (unit.empty()) return std::nullopt;
    if (Metric::of(r, opt.metric.kind()) != opt.metric)
        return std::string("solve_unit: rule set ") + r.name + " has no metric " + opt.metric.name() +
               (opt.metric.horizon() ? " to that limit" : "");
    const double t_setup = omp_get_wtime();
    UnitSolver u(r, unit, children, opt);
    values.assign(unit.size(), {});
    // Each sector's index and words on a thread of the team, side by side:
    // both are serial per sector (the index 0.04-0.09 s for 25-156 M slots,
    // the words' first touch about 0.4 s per 144 M), and most units are
    // twins of two sectors.
    std::vector<std::optional<SectorIndex>> built(unit.size());
    auto too_many_slots = [](const SectorIndex& ix) { return (ix.slots() >> Frontier::SLOT_BITS) != 0; };
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(1, std::min(u.threads, int(unit.size()))))
    for (std::size_t k = 0; k < unit.size(); ++k) {
        built[k].emplace(r, unit[k]);
        if (too_many_slots(*built[k])) continue;  // refused below
        values[k].clear();
        reserve_on_huge_pages(values[k], built[k]->slots());
        values[k].assign(built[k]->slots(), VALUE_NONE);
    }
    for (std::size_t k = 0; k < unit.size(); ++k) {
        if (too_many_slots(*built[k])) return "sector " + unit[k].name() + " has too many slots";
        u.index.push_back(std::move(*built[k]));
        u.words.push_back(values[k].data());
    }
    u.build_targets();
    const std::uint64_t total = u.total_slots();

    const double t_start = omp_get_wtime(), c_start = process_cpu_seconds();
    u.stats.setup_seconds = t_start - t_setup;
    u.init_pass();
    if (u.error) return u.error;
    u.frontier.seal();  // what the init added: only its wins can be bettered (propagation_pass)
    const double t_init = omp_get_wtime(), c_init = process_cpu_seconds();
    u.end_phase(u.stats.init, c_init - c_start);
    // The init's words are written in place: streamed once as they are
    // assigned (2 bytes a slot), the rest is random (counted per position).
    u.stats.init.streamed_bytes += total * sizeof(Word);
    u.stats.init_seconds = t_init - t_start;
    u.stats.init_cpu_seconds = c_init - c_start;
    u.stats.frontier_bytes = u.frontier.memory_bytes();

    // In order of codes, which is the order of distance (table/metric.h),
    // so every distance is exact; under a limit L, results of L plies are
    // not propagated (their predecessors' would be beyond it).  Without a
    // ply inside the unit there is nothing to propagate.
    for (int code = VALUE_DRAW + 1; u.repeats && code <= u.frontier.max_code(); ++code) {
        if (u.metric.horizon() && u.metric.plies(Word(code)) >= u.metric.horizon()) break;
        const double c_pass = process_cpu_seconds();
        u.propagation_pass(Word(code));
        u.end_phase(value_wdl(Word(code)) == Wdl::LOSS ? u.stats.loss_layers : u.stats.win_layers,
                    process_cpu_seconds() - c_pass);
        u.report("layer", u.metric.plies(Word(code)), total);
    }
    u.release_layer_room();
    const double t_layers = omp_get_wtime();
    u.stats.layer_seconds = t_layers - t_init;
    u.stats.layer_cpu_seconds = process_cpu_seconds() - c_init;

    const double c_finish = process_cpu_seconds();
    u.finish_pass();
    u.stats.final_seconds = omp_get_wtime() - t_layers;
    u.stats.finish.cpu_seconds = process_cpu_seconds() - c_finish;
    u.report("final", 0, total);
    if (opt.stats) *opt.stats = u.stats;
    return u.error;
}

}  // namespace mtb
