#include "tools/json_out.h"

#include "mtb/probe.h"
#include "probe/c_value.h"
#include "table/metric.h"

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

bool distance_is_dtc(const Rules& r, std::uint32_t v) {
    // A value from a table carries its metric (MTB_DTC); an unknown one, or
    // one from a win/draw/loss-only table, the rule set's own.
    if (!mtb_is_error(v) && MTB_HAS_PLIES(v)) return MTB_IS_DTC(v);
    return Metric::native(r).is_dtc();
}

const char* distance_key(bool dtc) { return dtc ? "dtc" : "dtm"; }

void put_category(Json& j, std::uint32_t v, bool dtc) {
    const char* key = distance_key(dtc);
    if (mtb_is_error(v)) {
        j["category"] = "unknown";
        j[key] = nullptr;
        return;
    }
    const ExactValue e = *unpack_value(v);
    j["category"] = mtb::wdl_name(e.wdl);
    if (e.is_draw())
        j[key] = 0;
    else if (!e.known_plies)
        j[key] = nullptr;
    else
        j[key] = wdl_sign(e.wdl) * e.plies;
}

void put_category_after(Json& j, std::uint32_t v, bool dtc, bool child_dtc_unrelated, const std::uint32_t* child) {
    if (child) return put_category(j, *child, dtc);
    const char* key = distance_key(dtc);
    if (mtb_is_error(v)) return put_category(j, v, dtc);
    const ExactValue e = *unpack_value(v);
    j["category"] = mtb::wdl_name(opposite(e.wdl));
    // The ply itself is one of the mover's plies: the child's distance is
    // one less, with the other sign.
    if (e.is_draw())
        j[key] = 0;
    else if (!e.known_plies || child_dtc_unrelated)
        j[key] = nullptr;
    else
        j[key] = wdl_sign(opposite(e.wdl)) * (e.plies - 1);
}

const char* distance_meaning(const Rules& r, bool dtc) {
    if (!dtc) return "plies to the end of the game with optimal play";
    return Metric::native(r).horizon()
               ? "dtc: plies until the deciding capture (one more when the loser is left without a legal ply); "
                 "decided at this counter, counter + dtc <= the no-capture limit"
               : "dtc: plies until the next capture that keeps the result, or the end of the game";
}

void put_counter(Json& j, const Rules& r, const Position& p) {
    if (!r.has_capture_counter()) return;
    j["counter"] = int(p.since_capture);
    j["counter_limit"] = r.no_capture_draw_plies;
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace mtb::cli
