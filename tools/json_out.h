// JSON output shared by the `mtb` commands and `mtb serve`: one spelling of
// a probe value, and one way to print a document.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/position.h"
#include "engine/rules.h"
#include "probe/prober.h"

namespace mtb::cli {

// Keys keep the order they were written in, so output reads like the docs.
using Json = nlohmann::ordered_json;

// Writes a probe answer into `j`: `<key>`: "win"/"draw"/"loss" and "plies",
// or, for an unknown value, both null and "error": the error's name; then
// "value_text", the value's one text (answer_text), which the page shows.
void put_value(Json& j, const ProbeAnswer& a, std::string_view key = "value");

// What "plies" means under rule set r in a DTM or a DTC table: plies to
// the end, or to the next capture (under a no-capture limit, lasker-20,
// the deciding one).
const char* distance_meaning(const Rules& r, bool dtc);

// Whether answer a's distance counts plies to the next capture (DTC)
// rather than to the end of the game (DTM): its value's metric, which its
// table's metric set (table/metric.h); for an unknown value, or one without
// a distance, the rule set's own metric.  The one place that decides the
// metric a distance is named and explained for.
bool distance_is_dtc(const Rules& r, const ProbeAnswer& a);

// The JSON key of a signed distance, as the lichess tablebase API names
// its fields for their metric: "dtc" or "dtm".
const char* distance_key(bool dtc);

// The lichess fields of answer a, from the view of the side to move of the
// position it belongs to: "category" ("win", "loss", "draw", or "unknown")
// and the signed distance under distance_key(dtc): +plies for a win, -plies
// for a loss, 0 for a draw, null when unknown (no value, or a WDL-only
// table).
void put_category(Json& j, const ProbeAnswer& a, bool dtc);

// One ply's value fields, the same in `mtb probe --json` and `mtb serve`:
// lichess's category and signed distance of the position after it (from
// the side to move there, so a winning ply reads "loss"), then mtb's own
// "value" and "plies" from the view of the side that plays it.
void put_ply_value(Json& j, const Rules& r, const PlyAnswer& ply);

// "game_over": whether the game is over, and "game_over_reason": why
// ("blocked", "too few stones", "no-capture limit", "full board"; null
// while it goes on).
void put_game_over(Json& j, GameEnd e);

// Under a no-capture limit: "counter" (plies since the last capture, the
// counter the value is exact at) and "counter_limit"; nothing otherwise.
void put_counter(Json& j, const Rules& r, const Position& p);

// Compact text; invalid UTF-8 (from user input echoed back) becomes U+FFFD
// instead of throwing.
std::string dump(const Json& j);

}  // namespace mtb::cli
