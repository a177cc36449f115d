// The C API's levels of play (probe/include/mtb/probe.h): which ply of
// mtb_probe_root()'s list a player of a level plays.  The one copy of the
// rule: `mtb serve`, `mtb player`, `mtb match` (player/play_level.h) and the
// Python package all call it.
#include <cstdint>
#include <random>

#include "mtb/probe.h"
#include "probe/api_support.h"
#include "probe/play_choice.h"

using namespace mtb::api;

namespace {

constexpr const char* kNames[MTB_LEVEL_COUNT] = {"perfect", "strong", "medium", "easy", "ultra"};
constexpr double kBlunderRates[MTB_LEVEL_COUNT] = {0.0, 0.10, 0.40, 0.75, 0.0};

}  // namespace

std::optional<std::size_t> mtb::level_choice(unsigned level, std::size_t count, bool best_known, std::uint64_t seed) {
    if (count == 0 || level >= MTB_LEVEL_COUNT || !best_known) return std::nullopt;
    // std::mt19937_64 and the arithmetic below (not std::*_distribution,
    // whose output differs between standard libraries): one seed, one ply
    // on every platform.
    std::mt19937_64 rng(seed);
    const double u = double(rng() >> 11) * 0x1.0p-53;
    return u >= kBlunderRates[level] ? 0 : std::size_t(rng() % count);
}

extern "C" {

const char* mtb_level_name(unsigned level) { return level < MTB_LEVEL_COUNT ? kNames[level] : nullptr; }

double mtb_level_blunder_rate(unsigned level) { return level < MTB_LEVEL_COUNT ? kBlunderRates[level] : -1.0; }

std::uint32_t mtb_choose_ply(const mtb_move* moves, size_t count, unsigned level, std::uint64_t seed, size_t* index) {
    if (!moves || !index || count == 0 || level >= MTB_LEVEL_COUNT) return error_result(MTB_E_BAD_ARGUMENT);
    const std::optional<std::size_t> pick = mtb::level_choice(level, count, !mtb_is_error(moves[0].value), seed);
    if (!pick) return error_result(MTB_E_NO_TABLE);
    *index = *pick;
    return 0;
}

}  // extern "C"
