#include "table/value_dictionary.h"

#include <algorithm>

namespace mtb {

std::vector<std::uint64_t> count_codes(std::span<const ValueCode> values) {
    std::vector<std::uint64_t> counts(std::size_t(1) << 16, 0);
    for (ValueCode v : values) ++counts[v];
    return counts;
}

std::vector<DictEntry> codes_by_frequency(std::span<const std::uint64_t> counts) {
    std::vector<DictEntry> out;
    for (std::size_t c = 0; c < counts.size(); ++c)
        if (counts[c]) out.push_back({ValueCode(c), counts[c]});
    // Entries are in code order here; a stable sort keeps it among equals.
    std::stable_sort(out.begin(), out.end(), [](const DictEntry& a, const DictEntry& b) { return a.count > b.count; });
    return out;
}

}  // namespace mtb
