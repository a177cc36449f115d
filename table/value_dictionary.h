// The value dictionary: the distinct value codes of a sector, most frequent
// first.  Table files (table/table_writer.cpp) number their symbols in this
// order, and the solver's packed child tables (gen/child_values.cpp) give
// the short symbols to its first entries; both build it here.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "table/table_format.h"
#include "table/value.h"

namespace mtb {

// How many times each code occurs: element c counts code c (0..65535).
std::vector<std::uint64_t> count_codes(std::span<const ValueCode> values);

// The codes with a nonzero count, most frequent first; equal counts in code
// order, so the order (and the table bytes built on it) is deterministic.
std::vector<DictEntry> codes_by_frequency(std::span<const std::uint64_t> counts);

}  // namespace mtb
