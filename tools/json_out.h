// JSON output shared by the `mtb` commands and `mtb serve`: one spelling of
// a probe value, and one way to print a document.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace mtb::cli {

// Keys keep the order they were written in, so output reads like the docs.
using Json = nlohmann::ordered_json;

// "win", "draw" or "loss" for a value; nullptr for an error code.
const char* wdl_name(std::uint32_t v);

// Writes a probe result into `j`: `<key>`: "win"/"draw"/"loss" and "plies",
// or, for an error code, both null and "error": the error's name.
void put_value(Json& j, std::uint32_t v, std::string_view key = "value");

// Compact text; invalid UTF-8 (from user input echoed back) becomes U+FFFD
// instead of throwing.
std::string dump(const Json& j);

}  // namespace mtb::cli
