// The values of solved sectors that a unit's plies lead to, held in memory
// while the unit is solved (or while a table is verified).
//
// Memory: each sector is held as packed symbols of a per-sector dictionary
// (like the table file's own encoding), 4, 8 or 16 bits a slot, whichever
// is smallest once the values that do not fit are counted: a 4-bit table
// names its 15 most frequent values and marks the rest with an escape
// symbol, looked up in a sorted side list (10 bytes each).  nmm tables are
// mostly draws, so their children cost about half a byte per slot, where a
// plain ValueCode array costs 2.  memory_bytes() says how much is held.
// The solver loads only the successors of the unit being solved, never
// every table.
//
// Thread safety: after loading, value() may be called from any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "table/index.h"
#include "table/metric.h"
#include "table/sector.h"
#include "table/value.h"

namespace mtb {

// One solved sector's values, packed.
class ChildTable {
public:
    // Packs `values` (one per slot of s), with up to `threads` threads.
    ChildTable(const Rules& r, Sector s, std::span<const ValueCode> values, int threads = 1);
    // The same with s's index already built (`index` is s's), and with
    // count_codes(values) when given (`counts`: not counted again).
    ChildTable(SectorIndex index, std::span<const ValueCode> values, int threads = 1,
               const std::vector<std::uint64_t>* counts = nullptr);

    Sector sector() const { return sector_; }
    const SectorIndex& index() const { return index_; }
    int bits() const { return bits_; }  // 4, 8 or 16
    // Slots given as VALUE_NONE: none in a table read from a file (its
    // reader refuses one whose values do not cover every slot).
    std::uint64_t empty_slots() const { return empty_slots_; }

    ValueCode value(NormalPosition n) const { return at(index_.slot_of(n)); }
    ValueCode at(std::uint64_t slot) const {
        const unsigned sym = symbol(slot);
        if (bits_ == 16) return ValueCode(sym);
        return sym != escape_ ? dict_[sym] : escaped(slot);
    }
    // at() of the slots first, first + 1, ..., first + count - 1 into out,
    // for passes that want a run of the table (the escapes found by one
    // search, not one each).
    void values(std::uint64_t first, std::size_t count, ValueCode* out) const;
    // Starts loading the memory at(slot) reads: lookups into a large table
    // miss the cache, and a position's plies can wait for theirs together.
    void prefetch(std::uint64_t slot) const { __builtin_prefetch(&words_[slot >> per_word_log2]); }
    std::size_t memory_bytes() const;

private:
    // The packed symbol of a slot: the value itself at 16 bits, else its
    // number in dict_ or escape_.
    unsigned symbol(std::uint64_t slot) const {
        return unsigned(words_[slot >> per_word_log2] >> ((slot & per_word_mask) << bits_log2_)) & sym_mask_;
    }
    ValueCode escaped(std::uint64_t slot) const;
    // The first escaped slot at or after `slot`, searched among the
    // escapes of slot's bucket alone (escape_start_).  Escapes must exist.
    std::size_t escape_at_or_after(std::uint64_t slot) const;
    static constexpr unsigned kEscapeBucketLog2 = 10;

    Sector sector_;
    SectorIndex index_;
    int bits_ = 16, bits_log2_ = 4;
    unsigned per_word_log2 = 2;  // log2 of symbols per 64-bit word
    std::uint64_t per_word_mask = 3;
    unsigned sym_mask_ = 0xffff, escape_ = 0;
    // Left uninitialised when allocated (every word is then written once,
    // by the thread packing its slice) rather than cleared by one thread.
    std::unique_ptr<std::uint64_t[]> words_;
    std::size_t word_count_ = 0;
    std::uint64_t empty_slots_ = 0;
    std::vector<ValueCode> dict_;              // symbol -> value (4 and 8 bits)
    std::vector<std::uint64_t> escape_slots_;  // sorted
    // Per bucket of 2^kEscapeBucketLog2 slots, and one past the last: the
    // number of escaped slots before it.  A plain search of the whole list
    // (up to a few million slots) missed the cache at most of its ~22 steps:
    // 2.5% of nmm 6v6's solve (perf, session 41).
    std::vector<std::uint64_t> escape_start_;
    std::vector<ValueCode> escape_values_;
};

class ChildValues {
public:
    // Loads `dir`/table_file_name(r, s) for each sector in `sectors` (checked
    // against r and s, and holding `metric`'s values when given) with
    // `threads` threads (0: OpenMP's default): a large table's blocks are
    // decompressed and its slots packed by all of them, small tables are
    // loaded several at once.  Returns an error text naming the file on failure.
    std::optional<std::string> load(const Rules& r, const std::vector<Sector>& sectors, const std::string& dir,
                                    int threads = 1, std::optional<Metric> metric = {});
    // Adds a sector whose values are already in memory.
    void add(const Rules& r, Sector s, const std::vector<ValueCode>& values);
    // Adds a packed table held elsewhere too (mtb gen's tables kept from
    // the unit that solved them, gen/child_cache.h); load() then skips it.
    void add(std::shared_ptr<const ChildTable> table) { tables_.push_back(std::move(table)); }

    // The table of a loaded sector, or null.  The pointer stays valid while
    // this object lives (later loads do not move tables).
    const ChildTable* find(Sector s) const;
    // The value of a position of a loaded sector; VALUE_NONE when the sector
    // is not loaded.
    ValueCode value(Sector s, NormalPosition n) const {
        const ChildTable* t = find(s);
        return t ? t->value(n) : VALUE_NONE;
    }
    bool has(Sector s) const { return find(s) != nullptr; }
    std::size_t memory_bytes() const;

private:
    std::vector<std::shared_ptr<const ChildTable>> tables_;
};

}  // namespace mtb
