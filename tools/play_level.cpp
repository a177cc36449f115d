#include "tools/play_level.h"

namespace mtb::cli {

const char* play_level_name(PlayLevel level) {
    const char* name = mtb_level_name(unsigned(level));
    return name ? name : "perfect";
}

std::optional<PlayLevel> parse_play_level(std::string_view name) {
    for (PlayLevel l : kPlayLevels)
        if (name == play_level_name(l)) return l;
    return std::nullopt;
}

std::string play_level_names() {
    std::string out;
    for (PlayLevel l : kPlayLevels) out += (out.empty() ? "" : ", ") + std::string(play_level_name(l));
    return out;
}

double blunder_rate(PlayLevel level) { return mtb_level_blunder_rate(unsigned(level)); }

std::optional<std::size_t> choose_ply(PlayLevel level, std::span<const mtb_move> moves, std::uint64_t seed) {
    std::size_t index = 0;
    if (mtb_is_error(mtb_choose_ply(moves.data(), moves.size(), unsigned(level), seed, &index))) return std::nullopt;
    return index;
}

}  // namespace mtb::cli
