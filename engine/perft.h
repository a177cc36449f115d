// Perft: the number of ply sequences of a given length (leaf positions
// counted with multiplicity).  A position where the game has ended has no
// children.
#pragma once

#include <cstdint>

#include "engine/movegen.h"

namespace mtb {

std::uint64_t perft(const Rules& r, const Position& p, int depth);

}  // namespace mtb
