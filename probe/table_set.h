// The tables of one rule set in one folder, as the probe library uses them:
// headers read when the folder is opened, each file mapped and its index
// built on first use (std::call_once), decompressed blocks shared through
// one bounded BlockCache.
//
// Thread safety: every const member may be called from any number of
// threads at once; the object must outlive them.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/rules.h"
#include "table/block_cache.h"
#include "table/index.h"
#include "table/table_reader.h"

namespace mtb {

// Outcomes of a look-up; the numbers are the C API's error codes.
enum class TbStatus : std::uint8_t { OK = 0, NO_TABLE = 10, CORRUPT = 30, IO = 40, MISMATCH = 50, MEMORY = 90 };

constexpr std::size_t kDefaultCacheBytes = std::size_t(64) << 20;

class TableSet {
public:
    // Lists "<rules>_<sector>.mtb" in the folder find_tables_folder() picks
    // for `dir` (dir itself or dir/<rules>/), and "<rules>_<sector>.wdl.mtb"
    // (win/draw/loss only) for the sectors that have no values file, and
    // reads their headers; entries
    // that are no regular file are skipped (a probe of their sector says
    // why).  Fails
    // (null, with status and message) when the folder cannot be read or a
    // table was made for other rules (different fingerprint).
    static std::unique_ptr<TableSet> open(const std::string& dir, const Rules& r, std::size_t cache_bytes,
                                          TbStatus& status, std::string& message);

    const Rules& rules() const { return rules_; }
    // What the values files' distances count: the folder's one metric
    // (open() refuses a folder that mixes them), or the rule set's own
    // when it has only win/draw/loss files.
    const Metric& metric() const { return metric_; }
    std::size_t table_count() const { return entries_.size(); }
    std::vector<Sector> sectors() const;
    bool has_table(Sector s) const { return by_sector_.count(s.key()) != 0; }
    // Whether value() gives sector s's positions as win/draw/loss only:
    // value_win(1) for every win, value_loss(0) for every loss (no
    // distance).  True for a ".wdl.mtb" table and for a sector valued by a
    // one-ply search (searched()).
    bool wdl_only(Sector s) const {
        auto it = by_sector_.find(s.key());
        return it == by_sector_.end() || it->second->wdl_only;
    }
    // Whether sector s has no table but every sector its plies lead to has
    // one (successor_sectors()): value() then searches one ply.  A
    // win/draw/loss set may leave such sectors out (FORMAT.md "Sets that
    // leave sectors out"); rules with a no-capture limit never do.
    bool searched(Sector s) const;

    // The value code of a position of sector s (normalised to the side to
    // move).  On failure the message names the file (and block); for a
    // missing table, the `mtb gen` command that makes it.  From a
    // WDL_CAPTURES table (FORMAT.md "Capture-resolved win/draw/loss files")
    // the value is the best of the stored one and every capture's, which
    // may read other sectors' tables.  A sector without a table is valued
    // by a one-ply search over its children's tables where searched(s).
    // The value a probe returns for a position is Prober::value()'s
    // (probe/prober.h), which reads this.
    TbStatus value(Sector s, NormalPosition n, ValueCode& out, std::string* message) const;

    BlockCache& cache() const { return *cache_; }

private:
    struct Entry {
        Sector sector;
        std::string path;
        std::uint32_t id = 0;
        bool wdl_only = false;  // a ".wdl.mtb" file
        mutable std::once_flag once;
        // Set inside call_once, read-only after it.
        mutable TbStatus status = TbStatus::OK;
        mutable std::string error;
        mutable std::unique_ptr<TableFile> file;
        mutable std::unique_ptr<SectorIndex> index;
    };
    TableSet(const Rules& r, std::size_t cache_bytes);
    const Entry* ready(Sector s, std::string* message, TbStatus& status) const;
    void load(const Entry& e) const;
    TbStatus lookup(const Entry& e, std::uint64_t slot, ValueCode& out, std::string* message) const;
    // The stored value of position n of loaded entry e: the rules' value
    // where the file leaves it to them (table/rule_decided.h), read
    // without a look-up; else lookup() of its slot.
    TbStatus stored_value(const Entry& e, NormalPosition n, ValueCode& out, std::string* message) const;
    // Whether a loaded entry's stored values are lower bounds that its
    // captures lift (TableContent::WDL_CAPTURES).
    static bool captures_decide(const Entry& e) { return e.file->header().content == TableContent::WDL_CAPTURES; }
    // The win/draw/loss (-1, 0, 1) of position n of loaded entry e if it
    // lies strictly between alpha and beta, else a bound on the same side
    // (fail-hard).
    TbStatus capture_search(const Entry& e, NormalPosition n, int alpha, int beta, int& out,
                            std::string* message) const;
    // The same for a position of a sector without a table (searched(s)):
    // the best of every ply's child.
    TbStatus ply_search(Sector s, NormalPosition n, int alpha, int beta, int& out, std::string* message) const;
    // The win/draw/loss bound of any position: capture_search() where its
    // sector has a table, ply_search() where it is searched().
    TbStatus wdl_search(Sector s, NormalPosition n, int alpha, int beta, int& out, std::string* message) const;

    const Rules& rules_;
    std::string dir_;  // the folder read (find_tables_folder)
    Metric metric_;
    std::vector<std::unique_ptr<Entry>> entries_;
    std::unordered_map<std::uint32_t, const Entry*> by_sector_;  // Sector::key()
    // Entries named like a table that are no regular file (FIFO, folder,
    // dangling link), by Sector::key(): why each was skipped.
    std::unordered_map<std::uint32_t, std::string> skipped_;
    // Set when the folder holds no table of the rule set: the message
    // (no_tables_message()) every look-up then gives.
    std::string no_tables_;
    std::unique_ptr<BlockCache> cache_;
};

}  // namespace mtb
