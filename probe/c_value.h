// The C API's packed result (mtb/probe.h) as a thin edge over the one value
// type (engine/value.h): packing and unpacking only; flipping, ranking and
// text are ExactValue's.  Internal: used by the C API and by C++ callers of
// it (the tools), not installed.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/value.h"
#include "mtb/probe.h"

namespace mtb {

static_assert(MTB_LOSS == unsigned(Wdl::LOSS) && MTB_DRAW == unsigned(Wdl::DRAW) && MTB_WIN == unsigned(Wdl::WIN),
              "the C API numbers win/draw/loss as Wdl does");

// A value as the C API returns it.  A WDL-only value carries MTB_WDL_ONLY
// and plies 0.
constexpr std::uint32_t pack_value(const ExactValue& v) {
    return (std::uint32_t(v.wdl) << MTB_WDL_SHIFT) | (std::uint32_t(v.plies) << MTB_PLIES_SHIFT) |
           (v.known_plies ? 0u : MTB_WDL_ONLY) | (v.dtc && v.known_plies ? MTB_DTC : 0u);
}

// The value in a result, or nullopt for an error result.
inline std::optional<ExactValue> unpack_value(std::uint32_t result) {
    if (mtb_is_error(result)) return std::nullopt;
    return ExactValue{Wdl(MTB_GET_WDL(result)), int(MTB_GET_PLIES(result)), bool(MTB_HAS_PLIES(result)),
                      MTB_IS_DTC(result)};
}

}  // namespace mtb
