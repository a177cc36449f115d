#include "tools/json_out.h"

#include "mtb/probe.h"
#include "probe/c_value.h"

namespace mtb::cli {

const char* wdl_name(std::uint32_t v) {
    const std::optional<ExactValue> e = unpack_value(v);
    return e ? mtb::wdl_name(e->wdl) : nullptr;
}

void put_value(Json& j, std::uint32_t v, std::string_view key) {
    const std::string k(key);
    if (mtb_is_error(v)) {
        j[k] = nullptr;
        j["plies"] = nullptr;
        j["error"] = mtb_error_name(v);
        return;
    }
    j[k] = wdl_name(v);
    // From a WDL-only table the distance is unknown: plies is null there.
    if (MTB_HAS_PLIES(v))
        j["plies"] = MTB_GET_PLIES(v);
    else
        j["plies"] = nullptr;
}

const char* distance_meaning(const Rules& r) {
    return r.has_capture_counter() ? "dtc: plies until the deciding capture (one more when the loser is left without a "
                                     "legal ply); decided at this counter, counter + dtc <= the no-capture limit"
                                   : "plies to the end of the game with optimal play";
}

void put_counter(Json& j, const Rules& r, const Position& p) {
    if (!r.has_capture_counter()) return;
    j["counter"] = int(p.since_capture);
    j["counter_limit"] = r.no_capture_draw_plies;
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace mtb::cli
