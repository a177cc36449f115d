// A position the tables of a folder answer, for the page of `mtb serve` to
// land on when the rule set's start position lies outside them (small
// tables hold a few stones a side, the start has every stone in hand).
#pragma once

#include <optional>
#include <string>

#include "probe/prober.h"

namespace mtb::cli {

// The longest win found among a few positions of the folder's largest
// table (movement tables first), as position text; nullopt when the folder
// holds no table or none of those positions has a value.
std::optional<std::string> example_position(const Prober& t);

}  // namespace mtb::cli
