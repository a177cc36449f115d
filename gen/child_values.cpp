#include "gen/child_values.h"

#include <omp.h>

#include <algorithm>
#include <bit>

#include "table/table_folder.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "table/value_dictionary.h"

namespace mtb {

ChildTable::ChildTable(const Rules& r, Sector s, const std::vector<ValueCode>& values) : sector_(s), index_(r, s) {
    // Values by frequency, most frequent first (the table files' order).
    const std::vector<DictEntry> by_freq = codes_by_frequency(count_codes(values));

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
    words_.assign((n + per_word_mask) >> per_word_log2, 0);
    for (std::uint64_t i = 0; i < n; ++i) {
        unsigned sym = values[i];
        if (bits_ < 16) {
            sym = symbol[values[i]];
            if (sym == escape_) {
                escape_slots_.push_back(i);
                escape_values_.push_back(values[i]);
            }
        }
        words_[i >> per_word_log2] |= std::uint64_t(sym) << ((i & per_word_mask) << bits_log2_);
    }
}

ValueCode ChildTable::escaped(std::uint64_t slot) const {
    auto it = std::lower_bound(escape_slots_.begin(), escape_slots_.end(), slot);
    return escape_values_[std::size_t(it - escape_slots_.begin())];
}

std::size_t ChildTable::memory_bytes() const {
    return sizeof(*this) + index_.memory_bytes() + words_.size() * sizeof(std::uint64_t) +
           dict_.size() * sizeof(ValueCode) + escape_slots_.size() * (sizeof(std::uint64_t) + sizeof(ValueCode));
}

std::optional<std::string> ChildValues::load(const Rules& r, const std::vector<Sector>& sectors, const std::string& dir,
                                             int threads, std::optional<Metric> metric) {
    std::vector<Sector> wanted;
    for (Sector s : sectors)
        if (!has(s) && std::find(wanted.begin(), wanted.end(), s) == wanted.end()) wanted.push_back(s);
    // Each table is decompressed and packed by one thread: on many cores
    // this was a serial step of every unit.
    std::vector<std::unique_ptr<ChildTable>> loaded(wanted.size());
    std::vector<std::string> errors(wanted.size());
#pragma omp parallel for schedule(dynamic, 1) \
    num_threads(threads > 0 ? threads : omp_get_max_threads()) if (wanted.size() > 1 && threads != 1)
    for (std::size_t i = 0; i < wanted.size(); ++i) {
        std::vector<ValueCode> values;
        const std::string path = table_path(dir, r, wanted[i]);
        if (auto err = load_table(path, r, wanted[i], values, metric)) {
            errors[i] = *err;
            continue;
        }
        auto table = std::make_unique<ChildTable>(r, wanted[i], values);
        if (values.size() != table->index().slots()) {
            errors[i] = path + ": holds " + std::to_string(values.size()) + " slots, the index has " +
                        std::to_string(table->index().slots());
            continue;
        }
        loaded[i] = std::move(table);
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
