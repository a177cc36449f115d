// The stored values the verifier reads: each sector's table decoded once
// into the table file's own symbols, one or two bytes a slot, with the
// file's dictionary beside them (symbol -> value code).
//
// This is the verifier's own copy, independent of the solver's child tables
// (gen/child_values.h): the verifier must be a second route to every value,
// so it shares only the index and the table reader (table/) with the solver.
//
// Memory: the verifier holds the sector it checks and that sector's
// successors, and at most a bounded number of bytes of other tables kept
// for the next sectors (VerifyTables::trim()), never a whole folder.
//
// Thread safety: after loading, every const member may be called from any
// thread.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "table/index.h"
#include "table/table_reader.h"
#include "table/value.h"

namespace mtb {

class StoredTable {
public:
    // Decodes every block of `file` (each block's checksum is checked as it
    // is read), blocks in parallel on `threads` threads (0: all cores).  On
    // failure returns null and sets `error` (naming the file and block).
    static std::unique_ptr<StoredTable> from_file(const Rules& r, const TableFile& file, int threads,
                                                  std::string& error);
    // Values already in memory (values.size() == slots of the sector).
    StoredTable(const Rules& r, Sector s, std::span<const ValueCode> values);

    Sector sector() const { return sector_; }
    const SectorIndex& index() const { return index_; }
    std::uint64_t slots() const { return slots_; }

    ValueCode at(std::uint64_t slot) const { return wide_ ? codes_[sym16_[slot]] : codes_[sym8_[slot]]; }
    ValueCode value(NormalPosition n) const { return at(index_.slot_of(n)); }
    // Starts loading the byte at(slot) reads: a position's children are
    // looked up together, so their cache misses overlap.
    void prefetch(std::uint64_t slot) const {
        __builtin_prefetch(wide_ ? static_cast<const void*>(&sym16_[slot]) : static_cast<const void*>(&sym8_[slot]));
    }
    // The symbols as stored, one byte a slot or (wide) two, and the
    // dictionary (symbol -> value code): for readers that map each symbol
    // to something else once per table (the value verifier's ply scores).
    bool wide() const { return wide_; }
    const std::uint8_t* symbols8() const { return sym8_.data(); }
    const std::uint16_t* symbols16() const { return sym16_.data(); }
    std::span<const ValueCode> dictionary() const { return codes_; }
    std::size_t memory_bytes() const;
    // The metric of the values, when known (a file's header says it): a
    // table held for one file's check serves another only in its metric.
    std::optional<Metric> metric() const { return metric_; }
    void set_metric(Metric m) { metric_ = m; }

private:
    StoredTable(const Rules& r, Sector s);
    // Sizes the symbol array (zeroed), one or two bytes a slot.
    void allocate(bool wide);

    Sector sector_;
    SectorIndex index_;
    std::uint64_t slots_ = 0;
    bool wide_ = false;  // two-byte symbols
    std::vector<std::uint8_t> sym8_;
    std::vector<std::uint16_t> sym16_;
    std::vector<ValueCode> codes_;  // symbol -> value code
    std::optional<Metric> metric_;
};

// The tables one check needs, by sector.
class VerifyTables {
public:
    // Loads `dir`/table_file_name(r, s) unless s is already held (then it
    // counts as used now); with `metric`, the file must hold its values (a
    // held table of another metric is read again, so the error names it).
    // Returns an error text naming the file on failure.
    std::optional<std::string> load(const Rules& r, Sector s, const std::string& dir, int threads,
                                    std::optional<Metric> metric = {});
    void add(std::unique_ptr<StoredTable> t);
    // The table of a held sector, or null.  Valid until trim() drops it.
    const StoredTable* find(Sector s) const;
    // Drops the table of s, if held.
    void drop(Sector s);
    // Drops the least recently used tables whose sector is not in `keep`
    // until those left outside `keep` take at most `spare_bytes`.
    void trim(std::span<const Sector> keep, std::size_t spare_bytes);
    std::size_t memory_bytes() const;

private:
    std::vector<std::unique_ptr<StoredTable>> tables_;  // least recently used first
};

}  // namespace mtb
