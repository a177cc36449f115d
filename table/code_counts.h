// How many slots hold each value code, counted by several threads: a scan
// of a whole sector that the writer (its dictionary) and the solver's
// children (their packing) make once per table, and that on many cores
// would otherwise be a serial step of every unit.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "table/value.h"

namespace mtb {

// count_codes(values) (table/value_dictionary.h), with up to `threads`
// threads (1: this thread alone; the count is the same either way).
std::vector<std::uint64_t> count_codes_parallel(std::span<const ValueCode> values, int threads);

}  // namespace mtb
