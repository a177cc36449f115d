// Position text and move text, as docs/RULES.md defines them:
//   position: "<cells> <side> <white in hand> <black in hand> [<plies since capture>]"
//   move:     "d1", "d1-d2", "d1xe3", "d1-d2xe3"; sequences space-separated.
// Parsers never assert on input: they return a one-line error.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen.h"

namespace mtb {

struct ParseError {
    std::string message;
};

std::string position_to_text(const Rules& r, const Position& p);
// Parses and validates (see validate() in position.h).
std::optional<ParseError> parse_position(const Rules& r, std::string_view text, Position& out);

std::string move_to_text(const Board& b, Move m);
// Parses one ply and checks that it is legal in p.
std::optional<ParseError> parse_move(const Rules& r, const Position& p, std::string_view text, Move& out);
// Plays a space-separated sequence from p; the error names the ply that failed.
std::optional<ParseError> play_moves(const Rules& r, Position& p, std::string_view moves,
                                     std::vector<Move>* played = nullptr);

}  // namespace mtb
