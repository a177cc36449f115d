// JSON output shared by the `mtb` commands and `mtb serve`: one spelling of
// a probe value, and one way to print a document.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/position.h"

namespace mtb::cli {

// Keys keep the order they were written in, so output reads like the docs.
using Json = nlohmann::ordered_json;

// "win", "draw" or "loss" for a value; nullptr for an error code.
const char* wdl_name(std::uint32_t v);

// Writes a probe result into `j`: `<key>`: "win"/"draw"/"loss" and "plies",
// or, for an error code, both null and "error": the error's name.
void put_value(Json& j, std::uint32_t v, std::string_view key = "value");

// What "plies" means under rule set r: plies to the end, or under a
// no-capture limit (lasker-20) DTC, plies to the deciding capture.
const char* distance_meaning(const Rules& r);

// Under a no-capture limit: "counter" (plies since the last capture, the
// counter the value is exact at) and "counter_limit"; nothing otherwise.
void put_counter(Json& j, const Rules& r, const Position& p);

// Compact text; invalid UTF-8 (from user input echoed back) becomes U+FFFD
// instead of throwing.
std::string dump(const Json& j);

}  // namespace mtb::cli
