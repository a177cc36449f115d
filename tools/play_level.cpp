#include "tools/play_level.h"

#include <random>

namespace mtb::cli {

const char* play_level_name(PlayLevel level) {
    switch (level) {
        case PlayLevel::PERFECT:
            return "perfect";
        case PlayLevel::STRONG:
            return "strong";
        case PlayLevel::MEDIUM:
            return "medium";
        case PlayLevel::EASY:
            return "easy";
    }
    return "perfect";
}

std::optional<PlayLevel> parse_play_level(std::string_view name) {
    for (PlayLevel l : kPlayLevels)
        if (name == play_level_name(l)) return l;
    return std::nullopt;
}

double blunder_rate(PlayLevel level) {
    switch (level) {
        case PlayLevel::PERFECT:
            return 0.0;
        case PlayLevel::STRONG:
            return 0.10;
        case PlayLevel::MEDIUM:
            return 0.40;
        case PlayLevel::EASY:
            return 0.75;
    }
    return 0.0;
}

std::optional<std::size_t> choose_ply(PlayLevel level, std::span<const mtb_move> moves, std::uint64_t seed) {
    if (moves.empty() || mtb_is_error(moves[0].value)) return std::nullopt;
    // std::mt19937_64 and the arithmetic below (not std::*_distribution,
    // whose output differs between standard libraries): one seed, one ply
    // on every platform.
    std::mt19937_64 rng(seed);
    const double u = double(rng() >> 11) * 0x1.0p-53;
    if (u >= blunder_rate(level)) return 0;
    return std::size_t(rng() % moves.size());
}

}  // namespace mtb::cli
