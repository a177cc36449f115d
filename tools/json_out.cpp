#include "tools/json_out.h"

#include "mtb/probe.h"

namespace mtb::cli {

const char* wdl_name(std::uint32_t v) {
    if (mtb_is_error(v)) return nullptr;
    switch (MTB_GET_WDL(v)) {
        case MTB_WIN:
            return "win";
        case MTB_DRAW:
            return "draw";
        default:
            return "loss";
    }
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
    j["plies"] = MTB_GET_PLIES(v);
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace mtb::cli
