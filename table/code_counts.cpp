#include "table/code_counts.h"

#include <algorithm>

#include "table/value_dictionary.h"

namespace mtb {

std::vector<std::uint64_t> count_codes_parallel(std::span<const ValueCode> values, int threads) {
    // Each thread counts a slice into a table of its own (512 KiB), so a
    // slice must be long enough to repay clearing and adding that table.
    constexpr std::size_t kMinSlice = std::size_t(1) << 20;
    const std::size_t slices =
        std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(std::max(threads, 1)), values.size() / kMinSlice));
    if (slices == 1) return count_codes(values);
    std::vector<std::vector<std::uint64_t>> part(slices);
#pragma omp parallel for schedule(static, 1) num_threads(int(slices))
    for (std::size_t i = 0; i < slices; ++i) {
        const std::size_t begin = values.size() * i / slices, end = values.size() * (i + 1) / slices;
        part[i] = count_codes(values.subspan(begin, end - begin));
    }
    std::vector<std::uint64_t> counts = std::move(part[0]);
    for (std::size_t i = 1; i < slices; ++i)
        for (std::size_t c = 0; c < counts.size(); ++c) counts[c] += part[i][c];
    return counts;
}

}  // namespace mtb
