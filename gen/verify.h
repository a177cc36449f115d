// Value consistency check of solved tables: every stored value must be
// exactly what its successors' values give (RULES.md "Value"):
//   WIN n : some successor is LOSS n-1 for the opponent (or the ply ends
//           the game, n = 1), and none is a shorter loss for the opponent;
//   LOSS n: every successor is a WIN for the opponent, the longest in n-1
//           (LOSS 0: no ply, or too few stones);
//   DRAW  : no successor is a loss for the opponent, and one is a draw.
// A wrong value is reported with its position text.
//
// An independent route to every value: plies come forwards from the rules
// engine (engine/movegen.h) and values from the stored tables (through the
// probe's index and table reader), never from the solver's code or state.
// Each table is decoded once into packed symbols (gen/verify_tables.h);
// children are built in normal form straight from the ply; slots are
// checked in parallel.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gen/verify_plies.h"
#include "gen/verify_tables.h"
#include "table/metric.h"
#include "table/table_reader.h"

namespace mtb {

// colex_rank24() (table/combinatorics.h) by two 12-bit halves instead of
// three bytes: the quiet children's loop (gen/verify.cpp) takes a colex
// rank per child, and this is two loads and one popcount where the bytes
// take three and two.  The tables take 16 KiB for the low half and 16 KiB
// a popcount of it for the high half, of which a row of the verifier's
// touches the popcounts up to the child's stones and, where the row's free
// points are fewer than 24, the first 2^(free - 12) entries of each.
class ColexHalves {
public:
    static const ColexHalves& get();
    std::uint32_t rank(std::uint32_t mask) const {
        const std::uint32_t lo = mask & 0xFFF;
        return low_[lo] + high_[std::popcount(lo)][mask >> 12 & 0xFFF];
    }

private:
    ColexHalves();
    std::uint32_t low_[1 << 12];
    std::uint32_t high_[13][1 << 12];
};

struct ValueError {
    std::uint64_t slot;
    std::string position;  // position text (White to move)
    ValueCode stored, expected;
    Metric metric;  // of both codes
    std::string message() const;
};

// The tables the plies of one sector lead to, by kind of ply:
// [placement][removal].  Null where that kind of ply has no table (it
// cannot occur, or only ends the game).
struct SuccessorTables {
    const StoredTable* table[2][2] = {};
    Sector sector[2][2];  // the sector each kind of ply leads to
    SectorPlies plies;    // the kinds of ply the sector's side to move has
    bool ends[2] = {};    // [removal]: such a ply leaves the opponent too few stones

    SuccessorTables(const Rules& r, Sector s, const VerifyTables& held);
};

// The value rule (gen/verify.cpp states it) per ply: a number for each
// ply, from its child's stored value, such that the best ply has the
// least, and the position's value from the least.  Kept by the child
// tables' own symbols, per kind of ply: one load per child from its
// symbol, instead of the dictionary's code and then the rule's branches on
// the child's result, which vary from child to child unpredictably.
class PlyScores {
public:
    PlyScores(Metric m, const SuccessorTables& succ);
    const Metric& metric() const { return metric_; }
    // The score of a ply of kind [place][remove] to the child in `slot` of
    // its table (SuccessorTables::table, which must be there).
    int of(int place, int remove, std::uint64_t slot) const {
        const Kind& k = kinds_[place][remove];
        return k.score[k.wide ? k.sym16[slot] : k.sym8[slot]];
    }
    // Above every score: the least over no ply.
    static constexpr int NO_PLY = 1 << 20;
    // The value of a position whose best ply scores `best` (< NO_PLY),
    // VALUE_NONE when a child had no value.
    ValueCode value(int best) const;

private:
    static int score(const Metric& m, ValueCode child, bool capture);
    struct Kind {
        bool wide = false;
        const std::uint8_t* sym8 = nullptr;
        const std::uint16_t* sym16 = nullptr;
        std::vector<int> score;  // by symbol
    };
    Metric metric_;
    Kind kinds_[2][2];
};

// The index rows (SectorIndex::Row) of the children of positions whose
// opponent has the stones `them`, by kind of ply and removed stone, each
// found when first needed, with the codes of single points in the rows of
// plies that remove nothing (SectorIndex::row_code).  check_values walks
// positions grouped by `them` (table/class_walk.h), so one row serves a
// whole group, and a quiet child's slot is its parent's code with two
// points flipped.  One per thread; rows are for one SuccessorTables.
class SuccessorRows {
public:
    explicit SuccessorRows(const SuccessorTables& succ) : succ_(succ) {}
    // The row of the children of (us, them) by plies of kind
    // [place][removed < MAX_POINTS], removing `removed` (MAX_POINTS: none).
    const SectorIndex::Row& row(Bitboard them, int place, int removed) {
        if (them != them_) reset(them);
        if (!(have_[place] >> removed & 1)) fill(place, removed);
        return rows_[place][removed];
    }
    // The codes of the points (by point) in the row of plies of kind
    // [place] removing `removed` (MAX_POINTS: none), where that row has
    // codes (has_codes); row() must have been asked for that row.  A set's
    // code is the XOR of its points' (code_of).
    const std::uint32_t* point_codes(int place, int removed = MAX_POINTS) const { return codes_[place][removed]; }
    static std::uint32_t code_of(const std::uint32_t* codes, Bitboard set) {
        std::uint32_t code = 0;
        for (Bitboard x = set; x;) code ^= codes[pop_lsb(x)];
        return code;
    }
    // Whether a row has codes: a coded row, or a stabilised one whose
    // symmetry has an image table (SectorIndex::row_code holds for both;
    // only a coded row turns a code into a slot directly).
    static bool has_codes(const SectorIndex::Row& row) { return row.image != nullptr; }
    // The slot of the child of a ply of kind [place] that removes nothing
    // and leaves the mover `mover`, whose code in its row is `code`, where
    // that row is stabilised (not coded) and has codes.  Such a child is
    // met from several positions of the group, and its slot costs a
    // minimum over the stabiliser and a rank among the canonical
    // placements (SectorIndex::slot_in_row), so slots are kept by code for
    // the group, where the row is small enough.
    std::uint64_t stabilised_slot(int place, std::uint32_t code, Bitboard mover) {
        const KeptSlots& k = kept_[place];
        const std::uint32_t rank = colex_.rank(code);
        if (rank < k.stamp.size() && k.stamp[rank] == stamp_) return k.slot[rank];
        return find_stabilised_slot(place, rank, mover);
    }
    // removable(r, them) (engine/movegen.h), kept for the group.
    Bitboard removable(const Rules& r, Bitboard them) {
        if (them != removable_them_) {
            removable_them_ = them;
            removable_ = mtb::removable(r, them);
        }
        return removable_;
    }
    // The plies' scores in metric m (kept from one call to the next).
    const PlyScores& scores(const Metric& m) {
        if (!scores_ || !(scores_->metric() == m)) scores_.emplace(m, succ_);
        return *scores_;
    }

private:
    void reset(Bitboard them);
    void fill(int place, int removed);
    // stabilised_slot() for a code not kept (of colex rank `rank`): finds it, keeps it.
    std::uint64_t find_stabilised_slot(int place, std::uint32_t rank, Bitboard mover);

    const SuccessorTables& succ_;
    const ColexHalves& colex_ = ColexHalves::get();  // fetched once, not per child
    Bitboard them_ = ~Bitboard(0);
    Bitboard removable_them_ = ~Bitboard(0), removable_ = 0;
    std::uint32_t have_[2] = {};  // bit x: rows_[place][x] is set
    SectorIndex::Row rows_[2][MAX_POINTS + 1];
    std::uint32_t codes_[2][MAX_POINTS + 1][MAX_POINTS] = {};
    std::optional<PlyScores> scores_;
    // stabilised_slot()'s: by the colex rank of the code, the slot and the
    // group (stamp_, one a `them`) it was found for.
    struct KeptSlots {
        std::vector<std::uint64_t> slot;
        std::vector<std::uint32_t> stamp;
    };
    static constexpr std::uint64_t KEPT_MAX = 1 << 16;  // slots a row may keep (1 MiB a kind)
    KeptSlots kept_[2];
    std::uint32_t stamp_ = 0;
};

// The value its successors give to position n of sector s in `metric`,
// or VALUE_NONE when a successor's table is missing from `succ`.  `rows`
// (for `succ`) keeps the children's index rows from one call to the next.
ValueCode value_from_successors(const Rules& r, const Metric& metric, Sector s, NormalPosition n,
                                const SuccessorTables& succ, SuccessorRows& rows);

// How far a value check is: positions checked of the sector's, reported
// by the calling thread about 100 times a sector.
using CheckProgress = std::function<void(std::uint64_t done, std::uint64_t total)>;

// Checks every position slot of the sector `stored` holds.  `succ` must
// hold every successor sector (the sector itself too when a ply can lead
// back into it).  Parallel over groups of positions (table/class_walk.h) on
// `threads` threads (0: all cores); returns at most max_errors errors (the
// first ones by slot).  The values are in `metric` (default: the rule
// set's own, Metric::native).
std::vector<ValueError> check_values(const Rules& r, const StoredTable& stored, const VerifyTables& succ,
                                     int threads = 0, std::size_t max_errors = 10, std::optional<Metric> metric = {},
                                     const CheckProgress& progress = {});
// The same for values in memory (values.size() must be the sector's slots).
std::vector<ValueError> check_values(const Rules& r, Sector s, std::span<const ValueCode> values,
                                     const VerifyTables& succ, int threads = 0, std::size_t max_errors = 10,
                                     std::optional<Metric> metric = {});

// The hook for table/table_reader.h verify_values(): finds the rule set and
// sector from the table's header and the successors' tables in the table's
// folder, then runs check_values.  One hook keeps the tables it loaded for
// the next tables it checks, up to `keep_bytes` beyond what the current
// table needs, so checking a whole folder decodes each table about once.
ValueCheck value_check(int threads = 0, std::size_t keep_bytes = std::size_t(256) << 20);

// What `mtb verify --values` runs on each file: verify_table() (every
// checksum), then, for a sound file, the value check as value_check() does
// it, with the file's values read once as packed symbols (one or two bytes
// a slot; verify_values() holds them as 2-byte codes besides).  One
// FileCheck keeps tables between the files it checks, like value_check().
// `progress` follows each file's value check.
using FileCheck = std::function<std::vector<VerifyProblem>(const std::string& path)>;
FileCheck verify_with_values(int threads = 0, std::size_t keep_bytes = std::size_t(256) << 20,
                             CheckProgress progress = {});

}  // namespace mtb
