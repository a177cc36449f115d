#include "gen/child_values.h"

#include <omp.h>

#include <algorithm>
#include <atomic>
#include <bit>

#include "gen/huge_pages.h"
#include "table/code_counts.h"
#include "table/table_folder.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "table/value_dictionary.h"

namespace mtb {

namespace {

// A table of at least this many slots is loaded by the whole team (its
// blocks decompressed, its slots packed in parallel); smaller ones are
// loaded several at once, one thread each.
constexpr std::uint64_t kTeamLoadSlots = std::uint64_t(1) << 20;
// Words packed by one thread at a time (a slice of at least 64 K slots).
constexpr std::size_t kPackSliceWords = std::size_t(1) << 14;

}  // namespace

ChildTable::ChildTable(const Rules& r, Sector s, std::span<const ValueCode> values, int threads)
    : ChildTable(SectorIndex(r, s), values, threads) {}

ChildTable::ChildTable(SectorIndex index, std::span<const ValueCode> values, int threads,
                       const std::vector<std::uint64_t>* counted)
    : sector_(index.sector()), index_(std::move(index)) {
    // Values by frequency, most frequent first (the table files' order).
    std::vector<std::uint64_t> own;
    if (!counted) own = count_codes_parallel(values, threads);
    const std::vector<std::uint64_t>& counts = counted ? *counted : own;
    empty_slots_ = counts[VALUE_NONE];
    const std::vector<DictEntry> by_freq = codes_by_frequency(counts);

    // Bytes for a width: the packed symbols plus the escaped slots.
    const std::uint64_t n = values.size();
    auto cost = [&](int bits) {
        if (bits == 16) return 2 * n;
        const std::size_t direct = (std::size_t(1) << bits) - 1;
        std::uint64_t escaped = 0;
        for (std::size_t i = direct; i < by_freq.size(); ++i) escaped += by_freq[i].count;
        return n * bits / 8 + escaped * (sizeof(std::uint64_t) + sizeof(ValueCode));
    };
    bits_ = 16;
    for (int b : {8, 4})
        if (cost(b) <= cost(bits_)) bits_ = b;
    bits_log2_ = std::countr_zero(unsigned(bits_));
    per_word_log2 = 6 - bits_log2_;
    per_word_mask = (std::uint64_t(1) << per_word_log2) - 1;
    sym_mask_ = bits_ == 16 ? 0xffffu : (1u << bits_) - 1;
    escape_ = sym_mask_;

    std::vector<unsigned> symbol(std::size_t(1) << 16, escape_);  // value -> symbol
    if (bits_ < 16)
        for (std::size_t i = 0; i < by_freq.size() && i < escape_; ++i) {
            symbol[by_freq[i].code] = unsigned(i);
            dict_.push_back(by_freq[i].code);
        }
    word_count_ = std::size_t((n + per_word_mask) >> per_word_log2);
    words_.reset(new std::uint64_t[word_count_]);
    // Fresh memory, written once and then read at random by the units
    // that read this table: on 2 MiB pages it takes fewer page faults
    // (BENCHMARKS.md, session 52) and fewer TLB misses.
    advise_huge_pages(words_.get(), word_count_ * sizeof(std::uint64_t));
    // Slices of whole words, each packed by one thread with its own list
    // of escaped slots; the lists, joined in slice order, stay sorted.
    const std::size_t slices = (word_count_ + kPackSliceWords - 1) / kPackSliceWords;
    std::vector<std::vector<std::uint64_t>> slice_escape_slots(slices);
    std::vector<std::vector<ValueCode>> slice_escape_values(slices);
#pragma omp parallel for schedule(dynamic, 1) num_threads(std::max(threads, 1)) if (threads > 1 && slices > 1)
    for (std::size_t c = 0; c < slices; ++c) {
        const std::size_t w_end = std::min(word_count_, (c + 1) * kPackSliceWords);
        for (std::size_t w = c * kPackSliceWords; w < w_end; ++w) {
            std::uint64_t word = 0;
            const std::uint64_t first = std::uint64_t(w) << per_word_log2;
            const std::uint64_t last = std::min(n, first + per_word_mask + 1);
            for (std::uint64_t i = first; i < last; ++i) {
                unsigned sym = values[i];
                if (bits_ < 16) {
                    sym = symbol[values[i]];
                    if (sym == escape_) {
                        slice_escape_slots[c].push_back(i);
                        slice_escape_values[c].push_back(values[i]);
                    }
                }
                word |= std::uint64_t(sym) << ((i & per_word_mask) << bits_log2_);
            }
            words_[w] = word;
        }
    }
    for (std::size_t c = 0; c < slices; ++c) {
        escape_slots_.insert(escape_slots_.end(), slice_escape_slots[c].begin(), slice_escape_slots[c].end());
        escape_values_.insert(escape_values_.end(), slice_escape_values[c].begin(), slice_escape_values[c].end());
    }
    if (escape_slots_.empty()) return;  // at() never asks escaped()
    const std::size_t buckets = std::size_t((n >> kEscapeBucketLog2) + 1);
    escape_start_.assign(buckets + 1, escape_slots_.size());
    for (std::size_t b = 0, e = 0; b < buckets; ++b) {
        while (e < escape_slots_.size() && escape_slots_[e] < (std::uint64_t(b) << kEscapeBucketLog2)) ++e;
        escape_start_[b] = e;
    }
}

std::size_t ChildTable::escape_at_or_after(std::uint64_t slot) const {
    const std::size_t bucket = std::size_t(slot >> kEscapeBucketLog2);
    const auto begin = escape_slots_.begin();
    return std::size_t(std::lower_bound(begin + std::ptrdiff_t(escape_start_[bucket]),
                                        begin + std::ptrdiff_t(escape_start_[bucket + 1]), slot) -
                       begin);
}

ValueCode ChildTable::escaped(std::uint64_t slot) const { return escape_values_[escape_at_or_after(slot)]; }

void ChildTable::values(std::uint64_t first, std::size_t count, ValueCode* out) const {
    if (bits_ == 16) {
        for (std::size_t x = 0; x < count; ++x) out[x] = at(first + x);
        return;
    }
    auto esc = escape_slots_.begin();
    if (!escape_slots_.empty()) esc += std::ptrdiff_t(escape_at_or_after(first));
    for (std::size_t x = 0; x < count; ++x) {
        const std::uint64_t slot = first + x;
        const unsigned sym = symbol(slot);
        if (sym != escape_) {
            out[x] = dict_[sym];
            continue;
        }
        while (*esc < slot) ++esc;  // the escapes are sorted, and this slot is one of them
        out[x] = escape_values_[std::size_t(esc - escape_slots_.begin())];
    }
}

std::size_t ChildTable::memory_bytes() const {
    return sizeof(*this) + index_.memory_bytes() + word_count_ * sizeof(std::uint64_t) +
           dict_.size() * sizeof(ValueCode) + escape_slots_.size() * (sizeof(std::uint64_t) + sizeof(ValueCode)) +
           escape_start_.size() * sizeof(std::uint64_t);
}

namespace {

// Reads the table of s at `path` into `values` (uninitialised memory the
// blocks are decompressed into, so no thread clears it first), its blocks
// decompressed by up to `threads` threads, while one of them first does
// `beside` (building the sector's index: serial, 0.04-0.09 s for 25-156 M
// slots, so the team would wait for it otherwise).  Returns an error
// text, the lowest block's when several fail.
template <class Beside>
std::optional<std::string> read_values(const TableFile& t, int threads, std::unique_ptr<ValueCode[]>& values,
                                       Beside&& beside) {
    const TableHeader& h = t.header();
    values.reset(new ValueCode[h.slot_count]);
    // Fresh memory that the blocks fill once: on 4 KiB pages a large
    // child cost a page fault every 2048 slots (gen/huge_pages.h).
    advise_huge_pages(values.get(), std::size_t(h.slot_count) * sizeof(ValueCode));
    std::vector<std::string> errors(h.block_count);
    std::atomic<bool> failed{false};
#pragma omp parallel num_threads(std::max(threads, 1)) if (threads > 1 && h.block_count > 1)
    {
#pragma omp single nowait
        beside();
        std::vector<ValueCode> block;
#pragma omp for schedule(dynamic, 4)
        for (std::uint32_t b = 0; b < h.block_count; ++b) {
            if (failed.load(std::memory_order_relaxed)) continue;
            if (auto e = t.read_block(b, block)) {
                errors[b] = *e;
                failed = true;
                continue;
            }
            std::copy(block.begin(), block.end(), values.get() + std::uint64_t(b) * h.block_slots);
        }
    }
    for (const std::string& e : errors)
        if (!e.empty()) return e;
    // Blocks hold what is stored: a rule-decided slot's filler (table format
    // version 3, written by `mtb repack`) must become the rules' value.
    return t.restore_rule_decided_slots({values.get(), std::size_t(h.slot_count)});
}

// Opens and loads one child table with `threads` threads.
std::optional<std::string> load_child(const Rules& r, Sector s, const TableFile& t, int threads,
                                      std::unique_ptr<ChildTable>& out) {
    std::unique_ptr<ValueCode[]> values;
    std::optional<SectorIndex> index;
    if (auto err = read_values(t, threads, values, [&] { index.emplace(r, s); })) return err;
    const std::span<const ValueCode> all(values.get(), std::size_t(t.header().slot_count));
    auto table = std::make_unique<ChildTable>(std::move(*index), all, threads);
    if (all.size() != table->index().slots())
        return t.path() + ": holds " + std::to_string(all.size()) + " slots, the index has " +
               std::to_string(table->index().slots());
    out = std::move(table);
    return std::nullopt;
}

}  // namespace

std::optional<std::string> ChildValues::load(const Rules& r, const std::vector<Sector>& sectors, const std::string& dir,
                                             int threads, std::optional<Metric> metric) {
    if (threads <= 0) threads = omp_get_max_threads();
    std::vector<Sector> wanted;
    for (Sector s : sectors)
        if (!has(s) && std::find(wanted.begin(), wanted.end(), s) == wanted.end()) wanted.push_back(s);
    // Opened first (header and block index only): their sizes decide how
    // each is loaded.
    std::vector<std::unique_ptr<TableFile>> files(wanted.size());
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        std::string error;
        files[i] = TableFile::open(table_path(dir, r, wanted[i]), error);
        if (!files[i]) return error;
        if (auto err = files[i]->check_matches(r, wanted[i], metric)) return err;
    }
    std::vector<std::unique_ptr<ChildTable>> loaded(wanted.size());
    std::vector<std::string> errors(wanted.size());
    // Large tables one after another, each on the whole team: a unit that
    // reads one or two large tables would otherwise load them on one or
    // two threads while the rest of its team waits.
    std::vector<std::size_t> small;
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        if (threads == 1 || files[i]->header().slot_count < kTeamLoadSlots) {
            small.push_back(i);
            continue;
        }
        if (auto err = load_child(r, wanted[i], *files[i], threads, loaded[i])) errors[i] = *err;
    }
    // Small tables several at once, each decompressed and packed by one thread.
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads) if (small.size() > 1 && threads > 1)
    for (std::size_t j = 0; j < small.size(); ++j) {
        const std::size_t i = small[j];
        if (auto err = load_child(r, wanted[i], *files[i], 1, loaded[i])) errors[i] = *err;
    }
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        if (!errors[i].empty()) return errors[i];
        tables_.push_back(std::move(loaded[i]));
    }
    return std::nullopt;
}

void ChildValues::add(const Rules& r, Sector s, const std::vector<ValueCode>& values) {
    tables_.push_back(std::make_unique<ChildTable>(r, s, values));
}

const ChildTable* ChildValues::find(Sector s) const {
    for (const auto& t : tables_)
        if (t->sector() == s) return t.get();
    return nullptr;
}

std::size_t ChildValues::memory_bytes() const {
    std::size_t n = 0;
    for (const auto& t : tables_) n += t->memory_bytes();
    return n;
}

}  // namespace mtb
