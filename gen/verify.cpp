#include "gen/verify.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <memory>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "gen/prefetch_batches.h"
#include "gen/sector_graph.h"
#include "gen/verify_plies.h"
#include "gen/wdl_captures.h"
#include "table/class_walk.h"
#include "table/combinatorics.h"
#include "table/table_folder.h"
#include "table/table_identity.h"

namespace mtb {
namespace {

// Sectors smaller than this are checked by the calling thread alone.
constexpr std::uint64_t PARALLEL_MIN = 1 << 16;

bool by_slot(const ValueError& a, const ValueError& b) { return a.slot < b.slot; }

}  // namespace

ColexHalves::ColexHalves() {
    // A set's rank is the sum of C(p, i) over its points p, the i-th from
    // the lowest (from 1): the high half's points count from the low
    // half's number of points.
    for (std::uint32_t v = 0; v < (1 << 12); ++v) {
        low_[v] = std::uint32_t(colex_rank(v));
        for (int below = 0; below <= 12; ++below) {
            std::uint64_t r = 0;
            int i = below;
            for (int b = 0; b < 12; ++b)
                if (v >> b & 1) r += binomial(12 + b, ++i);
            high_[below][v] = std::uint32_t(r);
        }
    }
}

const ColexHalves& ColexHalves::get() {
    static const ColexHalves* const tables = new ColexHalves();  // 224 KiB, kept for the process
    return *tables;
}

std::string ValueError::message() const {
    return position + ": stored " + metric.text(stored) + ", successors give " + metric.text(expected);
}

SuccessorTables::SuccessorTables(const Rules& r, Sector s, const VerifyTables& held) : plies(r, s) {
    // The opponent's stones after a ply that removes nothing / one.
    for (int remove = 0; remove < 2; ++remove) ends[remove] = r.too_few_stones(s.them_board - remove + s.them_hand);
    for (int place = 0; place < 2; ++place)
        for (int remove = 0; remove < 2; ++remove) {
            sector[place][remove] = child_sector(s, ply_kind(place, remove));
            table[place][remove] = held.find(sector[place][remove]);
        }
}

void SuccessorRows::reset(Bitboard them) {
    them_ = them;
    have_[0] = have_[1] = 0;
    if (++stamp_ == 0) {  // after 2^32 groups: forget every kept slot
        for (KeptSlots& k : kept_) std::fill(k.stamp.begin(), k.stamp.end(), 0);
        stamp_ = 1;
    }
}

void SuccessorRows::fill(int place, int removed) {
    const StoredTable* t = succ_.table[place][removed < MAX_POINTS];
    SectorIndex::Row& row = rows_[place][removed];
    row = t->index().row(removed < MAX_POINTS ? them_ ^ bit(Point(removed)) : them_);
    have_[place] |= std::uint32_t(1) << removed;
    if (!has_codes(row)) return;
    for (int p = 0; p < MAX_POINTS; ++p) codes_[place][removed][p] = SectorIndex::row_code(row, bit(Point(p)));
    if (removed < MAX_POINTS || SectorIndex::coded(row)) return;
    // Room for every code of the row: the mover's stones on its free points.
    const std::uint64_t codes = binomial(popcount(row.free), t->sector().them_board);
    KeptSlots& k = kept_[place];
    if (codes <= KEPT_MAX && k.stamp.size() < codes) {
        k.slot.resize(codes);
        k.stamp.resize(codes, 0);
    }
}

std::uint64_t SuccessorRows::find_stabilised_slot(int place, std::uint32_t rank, Bitboard mover) {
    const std::uint64_t slot = succ_.table[place][0]->index().slot_in_row(rows_[place][MAX_POINTS], mover);
    KeptSlots& k = kept_[place];
    if (rank < k.stamp.size()) {
        k.slot[rank] = slot;
        k.stamp[rank] = stamp_;
    }
    return slot;
}

namespace {

// The verifier's statement of each metric's rule (the solver applies the
// same definitions backwards, gen/solver.h, through Metric::through): forwards
// over the plies, from the stored values of the children alone.  Written
// out here ON PURPOSE, apart from the solver's and the probe's value rule: a
// second route to every value, so that a mistake in the one is caught by the
// other.  The rules of the game it shares (outcome(), the engine's ply
// rules through gen/verify_plies.h, Rules::too_few_stones, child_sector)
// are not the value rule.
//   DTM: a ply is worth its child's distance + 1; the game over (too few
//        stones, no legal ply) is a LOSS in 0.
//   DTC: the same, but a capture is worth 1 ply whatever its child's
//        distance (the child's win/draw/loss is the result it keeps).
//   DTC to limit L: as DTC, the position taken at counter 0; a result
//        that needs more than L plies is a draw, and a blocked side loses
//        in 1 (its turn must begin before the counter reaches L).
// A WIN is the shortest winning ply, a LOSS the longest ply when every
// ply loses, else a DRAW; a ply leaving the opponent too few stones wins in 1.
//
// Each ply is scored so that the best is the least: a win in n scores n,
// a draw DRAW, a loss in n 2 DRAW - n, and a child without a value (never
// in a file) -1, so that it decides: the position then has none.
constexpr int DRAW_SCORE = 1 << 17;  // above every distance, 2 DRAW_SCORE below PlyScores::NO_PLY
constexpr int NONE_SCORE = -1;

}  // namespace

int PlyScores::score(const Metric& m, ValueCode child, bool capture) {
    if (child == VALUE_NONE) return NONE_SCORE;
    if (child == VALUE_DRAW) return DRAW_SCORE;
    const int plies = m.is_dtc() && capture ? 1 : m.plies(child) + 1;
    if (m.horizon() && plies > m.horizon()) return DRAW_SCORE;
    return value_wdl(child) == Wdl::LOSS ? plies : 2 * DRAW_SCORE - plies;
}

PlyScores::PlyScores(Metric m, const SuccessorTables& succ) : metric_(m) {
    for (int place = 0; place < 2; ++place)
        for (int remove = 0; remove < 2; ++remove) {
            const StoredTable* t = succ.table[place][remove];
            if (!t) continue;
            Kind& k = kinds_[place][remove];
            k.wide = t->wide();
            k.sym8 = t->symbols8();
            k.sym16 = t->symbols16();
            for (ValueCode c : t->dictionary()) k.score.push_back(score(m, c, remove));
        }
}

ValueCode PlyScores::value(int best) const {
    if (best == NONE_SCORE) return VALUE_NONE;
    if (best < DRAW_SCORE) return metric_.win(best);
    if (best == DRAW_SCORE) return VALUE_DRAW;
    return metric_.loss(2 * DRAW_SCORE - best);
}

namespace {

// The children of one position, as scan_ply_sets() hands them over (its
// sink): each child's slot in its table, its stored value read at once as
// its score (PlyScores), the least score kept.  Children in normal form
// straight from the ply: the mover's stones become the child's "them",
// and the child's "us" is our "them" (less a removed stone), so its index
// row comes from `rows`.  A ply that removes nothing leaves that row as it
// is: the child's slot is our stones' code there with the moved stone's
// points flipped.  The rows are shared by the whole group of positions
// (check_values), a few KB each, so the values are read at once, not
// loaded ahead: every child's slot in an array, prefetched, then read was
// slower (lasker-20 <= 5, one thread: 20.3 s against 19.1 s read at once,
// scored; with every quiet read made an L1 hit, 18.2 s against 18.4 s: the
// reads hardly wait on memory).
class ChildReader {
public:
    ChildReader(const Metric& m, const SuccessorTables& succ, SuccessorRows& rows, NormalPosition n)
        : scores_(rows.scores(m)), succ_(succ), rows_(rows), us_(n.us), them_(n.them) {
        for (int place = 0; place < 2; ++place) {
            Quiet& q = quiet_[place];
            q.table = succ.table[place][0];
            if (!q.table || !(place ? succ.plies.place : succ.plies.move)) continue;
            q.row = &rows.row(them_, place, MAX_POINTS);
            q.coded = SectorIndex::coded(*q.row);
            q.has_codes = SuccessorRows::has_codes(*q.row);
            // As a XOR of point codes: row_code's symmetry image and bit
            // extraction (by byte tables, in a build without BMI2) cost
            // more than a load per stone.
            if (q.has_codes) q.us_code = SuccessorRows::code_of(rows.point_codes(place), us_);
            q.coded_only = q.coded && !succ.ends[0];
        }
    }

    // scan_ply_sets()' sink.
    void place(Bitboard to) { quiet(1, us_, rows_.point_codes(1), to); }
    void move(Point from, Bitboard to) { quiet(0, us_ ^ bit(from), rows_.point_codes(0), to, from); }
    void place_remove(Point to, Bitboard rem) { capture(1, us_ | bit(to), rem); }
    void move_remove(Point from, Point to, Bitboard rem) { capture(0, (us_ ^ bit(from)) | bit(to), rem); }

    // The value the plies give (RULES.md "Value", above); VALUE_NONE when a
    // child's table or value is missing.  A ply that wins at once decides
    // the value even where another ply's table is missing; the move
    // generator's list, walked in its order, returned whichever it met
    // first.  check_file() loads every successor's table, so only
    // check_values()' own callers with tables left out can tell.
    ValueCode value(const Metric& m) const {
        if (won_) return m.win(1);  // no win is shorter
        if (missing_) return VALUE_NONE;
        if (outcome_after_plies(any_) == Outcome::LOSS) return m.loss(m.blocked_loss());
        return scores_.value(best_);
    }

private:
    struct Quiet {
        const StoredTable* table = nullptr;
        const SectorIndex::Row* row = nullptr;
        bool coded = false, has_codes = false;
        bool coded_only = false;    // coded, and the plies do not end the game
        std::uint32_t us_code = 0;  // row_code(*row, us) when has_codes
    };

    // Plies of kind [place] removing nothing that leave `rest` plus a stone
    // on each point of `to` (`from` moved away, for a move).  The common
    // case, a coded row, inline: scan_ply_sets() hands over a set of
    // targets per stone, 1 or 2 of them for most moves, and a call per set
    // (its prologue, the checks below) cost about a tenth of the verifier
    // (perf, lasker-20 <= 5).
    [[gnu::always_inline]] void quiet(int place, Bitboard rest, const std::uint32_t* codes, Bitboard to,
                                      int from = -1) {
        const Quiet& q = quiet_[place];
        if (!q.coded_only) [[unlikely]] {
            quiet_other(place, rest, codes, to, from);
            return;
        }
        any_ = true;
        int best = best_;
        const std::uint32_t code = from < 0 ? q.us_code : q.us_code ^ codes[from];
        // SectorIndex::slot_of_code(), the rank by halves (ColexHalves).
        const std::uint64_t base = q.row->base;
        for (Bitboard t = to; t;) {
            const std::uint64_t slot = base + colex_.rank(code ^ codes[pop_lsb(t)]);
            best = std::min(best, scores_.of(place, 0, slot));
        }
        best_ = best;
    }

    // quiet() for the other rows, and plies that end the game.
    [[gnu::noinline]] void quiet_other(int place, Bitboard rest, const std::uint32_t* codes, Bitboard to, int from) {
        any_ = true;
        if (succ_.ends[0]) {
            won_ = true;
            return;
        }
        const Quiet& q = quiet_[place];
        if (!q.table) {
            missing_ = true;
            return;
        }
        // The least score in a local: best_ would go to memory each ply.
        int best = best_;
        if (q.coded) {
            const std::uint32_t code = from < 0 ? q.us_code : q.us_code ^ codes[from];
            for (Bitboard t = to; t;) {
                const std::uint64_t slot = SectorIndex::slot_of_code(*q.row, code ^ codes[pop_lsb(t)]);
                best = std::min(best, scores_.of(place, 0, slot));
            }
        } else if (q.has_codes) {
            const std::uint32_t code = from < 0 ? q.us_code : q.us_code ^ codes[from];
            for (Bitboard t = to; t;) {
                const Point p = pop_lsb(t);
                const std::uint64_t slot = rows_.stabilised_slot(place, code ^ codes[p], rest | bit(p));
                best = std::min(best, scores_.of(place, 0, slot));
            }
        } else {
            const SectorIndex& index = q.table->index();
            for (Bitboard t = to; t;) {
                const std::uint64_t slot = index.slot_in_row(*q.row, rest | bit(pop_lsb(t)));
                best = std::min(best, scores_.of(place, 0, slot));
            }
        }
        best_ = best;
    }

    // Plies of kind [place] that leave the mover `mover` and remove each
    // stone of `rem`.
    void capture(int place, Bitboard mover, Bitboard rem) {
        any_ = true;
        if (succ_.ends[1]) {
            won_ = true;
            return;
        }
        const StoredTable* t = succ_.table[place][1];
        if (!t) {
            missing_ = true;
            return;
        }
        const SectorIndex& index = t->index();
        int best = best_;
        for (Bitboard x = rem; x;) {
            const Point removed = pop_lsb(x);
            const SectorIndex::Row& row = rows_.row(them_, place, removed);
            const std::uint64_t slot = SectorIndex::coded(row)
                                           ? row.base + colex_.rank(code(place, removed, row, mover))
                                           : index.slot_in_row(row, mover);
            best = std::min(best, scores_.of(place, 1, slot));
        }
        best_ = best;
    }

    // The code of `mover` in the row of captures of kind [place] removing
    // `removed`, a coded row.  Each capture has its own row and mover, so
    // nothing is shared between them: with BMI2, the row's symmetry image
    // and one pext (6 instructions) beat a load and XOR per stone.
    std::uint32_t code(int place, int removed, const SectorIndex::Row& row, Bitboard mover) const {
#if defined(MTB_USE_PEXT)
        (void)place, (void)removed;
        return SectorIndex::row_code(row, mover);
#else
        (void)row;
        return SuccessorRows::code_of(rows_.point_codes(place, removed), mover);
#endif
    }

    const ColexHalves& colex_ = ColexHalves::get();
    const PlyScores& scores_;
    const SuccessorTables& succ_;
    SuccessorRows& rows_;
    const Bitboard us_, them_;
    Quiet quiet_[2];
    int best_ = PlyScores::NO_PLY;
    bool any_ = false, won_ = false, missing_ = false;
};

}  // namespace

ValueCode value_from_successors(const Rules& r, const Metric& metric, Sector s, NormalPosition n,
                                const SuccessorTables& succ, SuccessorRows& rows) {
    switch (outcome_before_plies(r, popcount(n.us) + s.us_hand, s.us_hand + s.them_hand, n.us | n.them, 0)) {
        case Outcome::LOSS:
            return metric.loss(0);
        case Outcome::DRAW:
            return VALUE_DRAW;
        case Outcome::ONGOING:
            break;
    }
    ChildReader children(metric, succ, rows, n);
    scan_ply_sets(r, succ.plies, n.us, n.them, rows.removable(r, n.them), children);
    return children.value(metric);
}

std::vector<ValueError> check_values(const Rules& r, Sector s, std::span<const ValueCode> values,
                                     const VerifyTables& succ, int threads, std::size_t max_errors,
                                     std::optional<Metric> metric) {
    const std::uint64_t slots = SectorIndex(r, s).slots();
    if (values.size() != slots)
        return {{0,
                 "(table of " + s.name() + ": " + std::to_string(values.size()) + " slots, index has " +
                     std::to_string(slots) + ")",
                 VALUE_NONE, VALUE_NONE, metric.value_or(Metric::native(r))}};
    return check_values(r, StoredTable(r, s, values), succ, threads, max_errors, metric);
}

std::vector<ValueError> check_values(const Rules& r, const StoredTable& stored, const VerifyTables& succ, int threads,
                                     std::size_t max_errors, std::optional<Metric> metric_,
                                     const CheckProgress& progress) {
    const Metric metric = metric_.value_or(Metric::native(r));
    const Sector s = stored.sector();
    const SectorIndex& index = stored.index();
    const SuccessorTables targets(r, s, succ);
    std::vector<ValueError> errors;
    // Them-major (table/class_walk.h): the children of one group share a
    // short run of each child table.
    const ClassWalk walk(*r.board, s);
    const SymmetryTables symmetry(*r.board);
    const std::int64_t groups = std::int64_t(walk.groups());
    std::uint64_t visited = 0;
    // Progress: a relaxed count of finished groups, reported by the calling
    // thread (thread 0) alone, about 100 times.
    std::atomic<std::int64_t> groups_done{0};
    const std::int64_t report_every = std::max<std::int64_t>(1, groups / 100);
    std::int64_t next_report = report_every;
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads()) if (index.slots() >= PARALLEL_MIN) \
    reduction(+ : visited)
    {
        std::vector<ValueError> found;  // this thread's, at most max_errors
        SuccessorRows rows(targets);
#pragma omp for schedule(dynamic, 1)
        for (std::int64_t g = 0; g < groups; ++g) {
            auto check = [&](NormalPosition n, std::uint64_t slot) {
                const ValueCode expected = value_from_successors(r, metric, s, n, targets, rows);
                const ValueCode value = stored.at(slot);
                if (expected == value) return;
                // Keep the max_errors smallest slots whatever the order
                // met, so that any thread count reports the same errors.
                if (found.size() >= max_errors) {
                    if (found.empty()) return;
                    auto last = std::max_element(found.begin(), found.end(), by_slot);
                    if (last->slot < slot) return;
                    found.erase(last);
                }
                NormalPosition canonical;
                index.position_of(slot, canonical);
                found.push_back({slot, position_to_text(r, denormalise(s, canonical, WHITE)), value, expected, metric});
            };
            // The stored values' slots are far apart: each load is started
            // a batch ahead (gen/prefetch_batches.h).
            struct Item {
                NormalPosition n;
                std::uint64_t slot;
            };
            PrefetchedBatches<Item> batches;
            auto prefetch = [&](const Item& x) { stored.prefetch(x.slot); };
            auto work = [&](const Item& x) { check(x.n, x.slot); };
            // The group's them under every symmetry, for every slot_of.
            Bitboard them_images[32];
            symmetry.apply_all(walk.them(std::size_t(g)), them_images);
            walk.for_each(std::size_t(g), [&](NormalPosition n) {
                ++visited;
                batches.add({n, index.slot_of(n, them_images)}, prefetch, work);
            });
            batches.finish(prefetch, work);
            if (progress) {
                const std::int64_t finished = groups_done.fetch_add(1, std::memory_order_relaxed) + 1;
                if (omp_get_thread_num() == 0 && finished >= next_report) {
                    next_report = finished + report_every;
                    progress(index.slots() * std::uint64_t(finished) / std::uint64_t(groups), index.slots());
                }
            }
        }
#pragma omp critical(mtb_verify_errors)
        errors.insert(errors.end(), found.begin(), found.end());
    }
    // The walk must have met every slot once; otherwise some went unchecked.
    if (visited != index.slots())
        errors.push_back({0,
                          "(walk of " + s.name() + " met " + std::to_string(visited) + " positions, index has " +
                              std::to_string(index.slots()) + " slots)",
                          VALUE_NONE, VALUE_NONE, metric});
    std::sort(errors.begin(), errors.end(), by_slot);
    if (errors.size() > max_errors) errors.resize(max_errors);
    return errors;
}

namespace {

// The value check of one sound table file whose values are `own`: loads
// its successors' tables into `held` (keeping up to keep_bytes of others
// from earlier files), then checks every slot.
std::vector<VerifyProblem> check_file(const TableFile& file, std::unique_ptr<StoredTable> own, VerifyTables& held,
                                      int threads, std::size_t keep_bytes, const CheckProgress& progress = {}) {
    std::vector<VerifyProblem> problems;
    const TableHeader& h = file.header();
    const Rules* r = find_rules(h.rules_name);
    if (!r) return {{file.path(), -1, "unknown rule set '" + h.rules_name + "'"}};
    if (!own) return problems;  // win/draw/loss only
    const Sector s = h.sector;
    const std::optional<Metric> metric = table_metric(*r, h);
    if (!metric) return {{file.path(), -1, file.path() + ": a metric rule set " + r->name + " cannot have"}};
    const std::string dir = std::filesystem::path(file.path()).parent_path().string();
    const std::vector<Sector> needed = successor_sectors(*r, s);
    // The table under check is its own successor's table from `own`, never
    // from a copy kept from an earlier call (the file may have changed).
    std::vector<Sector> others;
    for (Sector c : needed)
        if (c != s) others.push_back(c);
    held.drop(s);
    held.trim(others, keep_bytes);
    for (Sector c : others)
        if (auto err = held.load(*r, c, dir.empty() ? "." : dir, threads, metric))
            return {{file.path(), -1, file.path() + ": values not checked: " + *err, true}};
    if (own->slots() != file.slots()) return {{file.path(), -1, file.path() + ": slot count differs from the index"}};
    own->set_metric(*metric);
    const StoredTable& stored = *own;
    if (others.size() != needed.size()) held.add(std::move(own));  // s is its own successor
    for (const ValueError& e : check_values(*r, stored, held, threads, 10, metric, progress))
        problems.push_back({file.path(), -1, file.path() + ": wrong value: " + e.message()});
    return problems;
}

// Win/draw/loss-only tables have no distances to check against.
bool has_values(const TableFile& file) { return file.header().content == TableContent::VALUES; }

// A win/draw/loss-only file is checked against the values file of its
// sector when that lies beside it (as mtb wdl writes by default): each
// stored code must be its value's win/draw/loss, or, in a capture-resolved
// file, less where the best capture gives the true one
// (check_wdl_against_values()).  Without the values file there is nothing
// to check against.
std::vector<VerifyProblem> check_wdl_file(const Rules& r, const TableFile& file, VerifyTables& held, int threads,
                                          std::size_t keep_bytes) {
    namespace fs = std::filesystem;
    const Sector s = file.header().sector;
    const fs::path dir = fs::path(file.path()).parent_path();
    const std::string twin = table_path(dir.string(), r, s);
    std::error_code ec;
    if (!fs::is_regular_file(twin, ec)) return {};
    std::vector<ValueCode> values, stored;
    if (auto e = load_table(twin, r, s, values))
        return {{file.path(), -1, file.path() + ": values not checked: " + *e, true}};
    std::string error;
    const auto twin_file = TableFile::open(twin, error);
    const Metric twin_metric = twin_file ? table_metric(r, twin_file->header()).value_or(Metric()) : Metric();
    if (auto e = file.read_all(stored)) return {{file.path(), -1, *e}};
    const bool captures = file.header().content == TableContent::WDL_CAPTURES;
    if (captures) {
        const std::vector<Sector> needed = capture_sectors(r, s);
        held.trim(needed, keep_bytes);
        for (Sector c : needed)
            if (auto err = held.load(r, c, dir.empty() ? "." : dir.string(), threads))
                return {{file.path(), -1, file.path() + ": values not checked: " + *err, true}};
    }
    std::vector<std::uint64_t> wrong;
    if (auto e = check_wdl_against_values(r, s, captures, stored, values, held, threads, wrong))
        return {{file.path(), -1, file.path() + ": " + *e}};
    std::vector<VerifyProblem> problems;
    const SectorIndex index(r, s);
    for (std::uint64_t slot : wrong) {
        NormalPosition n;
        index.position_of(slot, n);
        problems.push_back({file.path(), -1,
                            file.path() + ": wrong win/draw/loss: " + position_to_text(r, denormalise(s, n, WHITE)) +
                                ": stored " + wdl_name(value_wdl(stored[slot])) + ", " + twin + " gives " +
                                twin_metric.text(values[slot])});
    }
    return problems;
}

}  // namespace

ValueCheck value_check(int threads, std::size_t keep_bytes) {
    // Shared by every call of this hook: tables loaded for one file serve
    // the next ones.
    auto held = std::make_shared<VerifyTables>();
    return [threads, keep_bytes, held](const TableFile& file, const std::vector<ValueCode>& values) {
        const Rules* r = find_rules(file.header().rules_name);
        if (!has_values(file) || !r) return check_file(file, nullptr, *held, threads, keep_bytes);
        if (values.size() != SectorIndex(*r, file.header().sector).slots())
            return std::vector<VerifyProblem>{{file.path(), -1, file.path() + ": slot count differs from the index"}};
        return check_file(file, std::make_unique<StoredTable>(*r, file.header().sector, values), *held, threads,
                          keep_bytes);
    };
}

FileCheck verify_with_values(int threads, std::size_t keep_bytes, CheckProgress progress) {
    auto held = std::make_shared<VerifyTables>();
    return [threads, keep_bytes, held, progress](const std::string& path) {
        std::vector<VerifyProblem> problems = verify_table(path);
        if (!problems.empty()) return problems;
        std::string error;
        auto file = TableFile::open(path, error);
        if (!file) return std::vector<VerifyProblem>{{path, -1, error}};
        // The header must fit its rule set before an index is built from it.
        const Rules* r = nullptr;
        if (auto e = check_table_identity(path, file->header(), &r))
            return std::vector<VerifyProblem>{{path, -1, path + ": " + *e}};
        if (!has_values(*file)) return check_wdl_file(*r, *file, *held, threads, keep_bytes);
        auto own = StoredTable::from_file(*r, *file, threads, error);
        if (!own) return std::vector<VerifyProblem>{{path, -1, error}};
        return check_file(*file, std::move(own), *held, threads, keep_bytes, progress);
    };
}

}  // namespace mtb
