// The levels of play's one rule (mtb_choose_ply, probe/play_level_api.cpp):
// which ply of a best-first list of `count` plies a player of `level`
// plays.  C++ callers with engine types (player/play_level.h) ask it
// directly.  Internal: not installed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace mtb {

// The index into the list, or nullopt for an empty list, an unknown best
// ply (best_known false: no table) or a level out of range.  The same seed
// gives the same choice on every platform.
std::optional<std::size_t> level_choice(unsigned level, std::size_t count, bool best_known, std::uint64_t seed);

}  // namespace mtb
