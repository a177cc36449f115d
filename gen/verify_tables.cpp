#include "gen/verify_tables.h"

#include <omp.h>

#include <algorithm>
#include <cstring>

#include "gen/huge_pages.h"
#include "table/table_folder.h"
#include "table/table_identity.h"
#include "table/table_writer.h"

namespace mtb {

StoredTable::StoredTable(const Rules& r, Sector s) : sector_(s), index_(r, s), slots_(index_.slots()) {}

void StoredTable::allocate(bool wide) {
    // Children and the table under check are read at random: 2 MiB pages
    // spare most of the TLB misses (gen/huge_pages.h).
    wide_ = wide;
    if (wide_) {
        reserve_on_huge_pages(sym16_, slots_);
        sym16_.resize(slots_);
    } else {
        reserve_on_huge_pages(sym8_, slots_);
        sym8_.resize(slots_);
    }
}

StoredTable::StoredTable(const Rules& r, Sector s, std::span<const ValueCode> values) : StoredTable(r, s) {
    // The distinct values, in code order, become the symbols.
    std::vector<std::uint32_t> symbol(std::size_t(1) << 16, 0);
    for (ValueCode v : values) symbol[v] = 1;
    for (std::size_t v = 0; v < symbol.size(); ++v)
        if (symbol[v]) {
            symbol[v] = std::uint32_t(codes_.size());
            codes_.push_back(ValueCode(v));
        }
    if (codes_.empty()) codes_.push_back(VALUE_NONE);
    allocate(codes_.size() > 256);
    const std::size_t n = std::min<std::size_t>(values.size(), slots_);
    if (wide_)
        for (std::size_t i = 0; i < n; ++i) sym16_[i] = std::uint16_t(symbol[values[i]]);
    else
        for (std::size_t i = 0; i < n; ++i) sym8_[i] = std::uint8_t(symbol[values[i]]);
}

std::unique_ptr<StoredTable> StoredTable::from_file(const Rules& r, const TableFile& file, int threads,
                                                    std::string& error) {
    const TableHeader& h = file.header();
    // Rule-decided slots (table format version 3) hold fillers: read_all()
    // restores them, and the table is built from its values.
    if (h.rule_decided) {
        std::vector<ValueCode> values;
        if (auto e = file.read_all(values)) {
            error = *e;
            return nullptr;
        }
        auto t = std::make_unique<StoredTable>(r, h.sector, values);
        if (values.size() != t->slots_) {
            error = file.path() + ": holds " + std::to_string(values.size()) + " slots, the index has " +
                    std::to_string(t->slots_);
            return nullptr;
        }
        return t;
    }
    std::unique_ptr<StoredTable> t(new StoredTable(r, h.sector));
    if (h.slot_count != t->slots_) {
        error = file.path() + ": holds " + std::to_string(h.slot_count) + " slots, the index has " +
                std::to_string(t->slots_);
        return nullptr;
    }
    for (std::size_t i = 0; i < file.dictionary().size(); ++i) t->codes_.push_back(file.code_of(std::uint16_t(i)));
    if (t->codes_.empty()) t->codes_.push_back(VALUE_NONE);
    t->allocate(h.symbol_width == 2);
    // Blocks decode independently into their own ranges of the arrays.
    std::string first_error;
    const std::int64_t blocks = h.block_count;
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads()) if (blocks > 1)
    {
        std::vector<std::uint8_t> raw;
#pragma omp for schedule(dynamic, 1)
        for (std::int64_t b = 0; b < blocks; ++b) {
            if (auto e = file.read_block_symbols(std::uint32_t(b), raw)) {
#pragma omp critical(mtb_verify_decode)
                if (first_error.empty()) first_error = *e;
                continue;
            }
            const std::uint64_t first = std::uint64_t(b) * h.block_slots;
            const std::size_t n = h.slots_in_block(std::uint32_t(b));
            if (t->wide_) {
                // Two-byte blocks hold all low bytes, then all high bytes.
                for (std::size_t i = 0; i < n; ++i) t->sym16_[first + i] = std::uint16_t(raw[i] | raw[n + i] << 8);
            } else {
                std::memcpy(&t->sym8_[first], raw.data(), n);
            }
        }
    }
    if (!first_error.empty()) {
        error = first_error;
        return nullptr;
    }
    return t;
}

std::size_t StoredTable::memory_bytes() const {
    return sizeof(*this) + index_.memory_bytes() + sym8_.size() + sym16_.size() * 2 + codes_.size() * 2;
}

std::optional<std::string> VerifyTables::load(const Rules& r, Sector s, const std::string& dir, int threads,
                                              std::optional<Metric> metric) {
    auto held = std::find_if(tables_.begin(), tables_.end(), [&](const auto& t) { return t->sector() == s; });
    if (held != tables_.end() && metric && (*held)->metric() && *(*held)->metric() != *metric) {
        tables_.erase(held);
        held = tables_.end();
    }
    if (held != tables_.end()) {
        std::rotate(held, held + 1, tables_.end());  // now the most recently used
        return std::nullopt;
    }
    const std::string path = table_path(dir, r, s);
    std::string error;
    auto file = TableFile::open(path, error);
    if (!file) return error;
    if (auto e = file->check_matches(r, s, metric)) return e;
    if (file->header().content != TableContent::VALUES) return path + ": holds win/draw/loss only, not values";
    auto t = StoredTable::from_file(r, *file, threads, error);
    if (!t) return error;
    if (auto m = table_metric(r, file->header())) t->set_metric(*m);
    tables_.push_back(std::move(t));
    return std::nullopt;
}

void VerifyTables::add(std::unique_ptr<StoredTable> t) { tables_.push_back(std::move(t)); }

const StoredTable* VerifyTables::find(Sector s) const {
    for (const auto& t : tables_)
        if (t->sector() == s) return t.get();
    return nullptr;
}

void VerifyTables::drop(Sector s) {
    std::erase_if(tables_, [&](const auto& t) { return t->sector() == s; });
}

void VerifyTables::trim(std::span<const Sector> keep, std::size_t spare_bytes) {
    auto kept = [&](const StoredTable& t) { return std::find(keep.begin(), keep.end(), t.sector()) != keep.end(); };
    std::size_t spare = 0;
    for (const auto& t : tables_)
        if (!kept(*t)) spare += t->memory_bytes();
    for (auto it = tables_.begin(); it != tables_.end() && spare > spare_bytes;)
        if (kept(**it)) {
            ++it;
        } else {
            spare -= (*it)->memory_bytes();
            it = tables_.erase(it);
        }
}

std::size_t VerifyTables::memory_bytes() const {
    std::size_t n = 0;
    for (const auto& t : tables_) n += t->memory_bytes();
    return n;
}

}  // namespace mtb
