// How strongly a player backed by the tables plays: the levels of play
// against the tables (issue 27, item 3) and the one function that picks a
// level's ply.  `mtb serve` plays with it; it works on the C API's ply list
// (mtb_probe_root()), so `mtb player` and the Python package can share it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "mtb/probe.h"

namespace mtb::cli {

// perfect: always the first of the best-first list: the best value, the
//   shortest win, the longest loss.  Never leaves a table win or draw.
// strong, medium, easy: the perfect ply, except with a chance of 10%, 40%
//   and 75% a ply drawn uniformly from every legal ply (a blunder).
enum class PlayLevel { PERFECT, STRONG, MEDIUM, EASY };

constexpr PlayLevel kPlayLevels[] = {PlayLevel::PERFECT, PlayLevel::STRONG, PlayLevel::MEDIUM, PlayLevel::EASY};

const char* play_level_name(PlayLevel level);
std::optional<PlayLevel> parse_play_level(std::string_view name);

// The chance in [0, 1] that `level` plays a random ply instead of the best.
double blunder_rate(PlayLevel level);

// Index into `moves` (mtb_probe_root()'s list, best first, values for the
// side playing each ply) of the ply a player of `level` plays; the same
// seed gives the same choice.  nullopt when the list is empty or the best
// ply's value is unknown (no table): the caller lets its search play.
std::optional<std::size_t> choose_ply(PlayLevel level, std::span<const mtb_move> moves, std::uint64_t seed);

}  // namespace mtb::cli
