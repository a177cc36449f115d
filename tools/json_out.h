// JSON output shared by the `mtb` commands and `mtb serve`: one spelling of
// a probe value, and one way to print a document.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/position.h"
#include "engine/rules.h"

namespace mtb::cli {

// Keys keep the order they were written in, so output reads like the docs.
using Json = nlohmann::ordered_json;

// "win", "draw" or "loss" for a value; nullptr for an error code.
const char* wdl_name(std::uint32_t v);

// Writes a probe result into `j`: `<key>`: "win"/"draw"/"loss" and "plies",
// or, for an error code, both null and "error": the error's name.
void put_value(Json& j, std::uint32_t v, std::string_view key = "value");

// What "plies" means under rule set r in a DTM or a DTC table: plies to
// the end, or to the next capture (under a no-capture limit, lasker-20,
// the deciding one).
const char* distance_meaning(const Rules& r, bool dtc);

// Whether probe result v's distance counts plies to the next capture (DTC)
// rather than to the end of the game (DTM): its MTB_DTC bit, which its
// table's metric set (table/metric.h); for an unknown value, or one without
// a distance, the rule set's own metric.  The one place that decides the
// metric a distance is named and explained for.
bool distance_is_dtc(const Rules& r, std::uint32_t v);

// The JSON key of a signed distance, as the lichess tablebase API names
// its fields for their metric: "dtc" or "dtm".
const char* distance_key(bool dtc);

// The lichess fields of value v, which is from the view of the side to move
// of the position it belongs to: "category" ("win", "loss", "draw", or
// "unknown" for an error code) and the signed distance under
// distance_key(dtc): +plies for a win, -plies for a loss, 0 for a draw, null
// when unknown (error code, or a WDL-only table).
void put_category(Json& j, std::uint32_t v, bool dtc);

// The same for the position after a ply, from the value v of the ply for the
// side that plays it (probe_root's values): the category and distance are
// from the side to move after the ply, as lichess gives each move, so a
// winning ply reads "loss".  `child_dtc_unrelated` says the ply's distance
// does not continue into the child's (a capture resets the capture clock):
// the signed distance is then left null unless `child` (the child's own
// value, when the caller probed it) is given.
void put_category_after(Json& j, std::uint32_t v, bool dtc, bool child_dtc_unrelated = false,
                        const std::uint32_t* child = nullptr);

// Under a no-capture limit: "counter" (plies since the last capture, the
// counter the value is exact at) and "counter_limit"; nothing otherwise.
void put_counter(Json& j, const Rules& r, const Position& p);

// Compact text; invalid UTF-8 (from user input echoed back) becomes U+FFFD
// instead of throwing.
std::string dump(const Json& j);

}  // namespace mtb::cli
