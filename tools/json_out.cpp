#include "tools/json_out.h"

#include "table/metric.h"

namespace mtb::cli {

void put_value(Json& j, const ProbeAnswer& a, std::string_view key) {
    const std::string k(key);
    if (!a.ok()) {
        j[k] = nullptr;
        j["plies"] = nullptr;
        j["error"] = status_name(a.status);
    } else {
        j[k] = mtb::wdl_name(a.value->wdl);
        // From a WDL-only table the distance is unknown: plies is null there.
        if (a.value->known_plies)
            j["plies"] = a.value->plies;
        else
            j["plies"] = nullptr;
    }
    j["value_text"] = answer_text(a);
}

bool distance_is_dtc(const Rules& r, const ProbeAnswer& a) {
    // A value from a table carries its metric; an unknown one, or one from
    // a win/draw/loss-only table, the rule set's own.
    if (a.ok() && a.value->known_plies) return a.value->dtc;
    return Metric::native(r).is_dtc();
}

const char* distance_key(bool dtc) { return dtc ? "dtc" : "dtm"; }

void put_category(Json& j, const ProbeAnswer& a, bool dtc) {
    const char* key = distance_key(dtc);
    if (!a.ok()) {
        j["category"] = "unknown";
        j[key] = nullptr;
        return;
    }
    const ExactValue& e = *a.value;
    j["category"] = mtb::wdl_name(e.wdl);
    if (e.is_draw())
        j[key] = 0;
    else if (!e.known_plies)
        j[key] = nullptr;
    else
        j[key] = wdl_sign(e.wdl) * e.plies;
}

void put_ply_value(Json& j, const Rules& r, const PlyAnswer& ply) {
    // The child's own answer: its distance continues the ply's, one less,
    // except after a DTC capture, which restarts the clock.
    put_category(j, ply.child, distance_is_dtc(r, ply.answer));
    put_value(j, ply.answer, "value");
}

void put_game_over(Json& j, GameEnd e) {
    j["game_over"] = e != GameEnd::NONE;
    j["game_over_reason"] = e == GameEnd::NONE ? Json(nullptr) : Json(game_end_name(e));
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
