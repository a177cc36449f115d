// How strongly a player backed by the tables plays: the levels of play
// against the tables (issue 27, item 3) and the one function that picks a
// level's ply, over the probe face's ply list (Prober::root()).  A C++ face of
// the C API's mtb_choose_ply() and level names (mtb/probe.h), which the
// Python package calls too; `mtb serve`, `mtb player` and `mtb match` play
// with it.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mtb/probe.h"
#include "probe/play_choice.h"
#include "probe/prober.h"

namespace mtb {

// perfect: always the first of the best-first list: the best value, the
//   shortest win, the longest loss.  Never leaves a table win or draw.
// strong, medium, easy: the perfect ply, except with a chance of 10%, 40%
//   and 75% a ply drawn uniformly from every legal ply (a blunder).
// ultra: perfect's values, but among drawing plies the one that gives a
//   fallible opponent the most chances to lose (probe/ultra.h); ties go to
//   the search, as perfect's draws do.
// The values are the C API's mtb_level.
enum class PlayLevel : unsigned {
    PERFECT = MTB_LEVEL_PERFECT,
    STRONG = MTB_LEVEL_STRONG,
    MEDIUM = MTB_LEVEL_MEDIUM,
    EASY = MTB_LEVEL_EASY,
    ULTRA = MTB_LEVEL_ULTRA
};

constexpr PlayLevel kPlayLevels[] = {PlayLevel::PERFECT, PlayLevel::STRONG, PlayLevel::MEDIUM, PlayLevel::EASY,
                                     PlayLevel::ULTRA};

// Header-only, so that every program that plays with player/probe_oracle.cpp
// (mtb, the fuzzers, tests/gen) has it with nothing more to link.
inline const char* play_level_name(PlayLevel level) {
    const char* name = mtb_level_name(unsigned(level));
    return name ? name : "perfect";
}

inline std::optional<PlayLevel> parse_play_level(std::string_view name) {
    for (PlayLevel l : kPlayLevels)
        if (name == play_level_name(l)) return l;
    return std::nullopt;
}

// "perfect, strong, medium, easy, ultra", for help and error messages.
inline std::string play_level_names() {
    std::string out;
    for (PlayLevel l : kPlayLevels) out += (out.empty() ? "" : ", ") + std::string(play_level_name(l));
    return out;
}

// The chance in [0, 1] that `level` plays a random ply instead of the best.
inline double blunder_rate(PlayLevel level) { return mtb_level_blunder_rate(unsigned(level)); }

// Index into `plies` (Prober::root()'s list, best first, values for the
// side playing each ply) of the ply a player of `level` plays, by the C
// API's one rule (mtb_choose_ply(), probe/play_choice.h); the same seed
// gives the same choice.  nullopt when the list is empty or the best ply's
// value is unknown (no table): the caller lets its search play.
inline std::optional<std::size_t> choose_ply(PlayLevel level, std::span<const PlyAnswer> plies, std::uint64_t seed) {
    return level_choice(unsigned(level), plies.size(), !plies.empty() && plies[0].answer.ok(), seed);
}

}  // namespace mtb
