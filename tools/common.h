// Argument handling shared by several subcommands: --rules, --position, --moves.
#pragma once

#include "engine/notation.h"
#include "table/sector.h"
#include "tools/cli.h"

namespace mtb::cli {

// Sets r from --rules (required); returns 0 or an exit code after printing the error.
int rules_from_args(const Args& a, std::string_view cmd, const Rules*& r);
// Reads --max-stones K (stones a side in the movement endgame) for rule set
// r; the same limits for every command: r.lose_below..r.stones.  Returns 0
// (out unset when the option is absent) or an exit code after printing.
int max_stones_from_args(const Args& a, std::string_view cmd, const Rules& r, std::optional<int>& out);
// Reads --sectors LIST ("3v3,5v4+2+3"), each sector valid in r when r is
// given.  Returns 0 (out empty when the option is absent) or an exit code
// after printing.
int sectors_from_args(const Args& a, std::string_view cmd, const Rules* r, std::vector<Sector>& out);
// Sets p from --position (default: the start) and then plays --moves.
int position_from_args(const Args& a, std::string_view cmd, const Rules& r, Position& p);

}  // namespace mtb::cli
