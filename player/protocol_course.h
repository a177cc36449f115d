// Protocol 3: the 18-point course programs (seed 003), rule set morris18.
// A program reads a board string (18 of W, B, x in the course's point
// order), plays White's best ply, writes the new board and prints
//   Board Position: <board>
//   Positions evaluated by static estimation: <n>
//   MINIMAX estimate: <v>
// The estimate is plain minimax to the given depth with the course's own
// static estimation (White's view), so it matches the course's numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "engine/movegen.h"

namespace mtb {

enum class CourseKind { OPENING, GAME };

// The course's static estimation of p, from White's view (see PROTOCOLS.md).
int course_estimate(const Rules& r, CourseKind kind, const Position& p);

struct CourseMinimax {
    int value = 0;                  // White's view
    std::uint64_t evaluations = 0;  // positions evaluated by static estimation
    std::optional<Move> best;       // White's best ply (root only), none without plies
};

// Minimax to `depth` plies from p (White to move at the root).  A position
// without plies, or where the game has ended, is a leaf as at depth 0.
CourseMinimax course_minimax(const Rules& r, CourseKind kind, const Position& p, int depth);

// Parses a course board string into a White-to-move position; the hands are
// those of `kind`: in the opening both sides have placed as many stones as
// the side with more stones on the board shows (the course does not record
// captures), in the game none are left.
std::optional<std::string> parse_course_board(const Rules& r, CourseKind kind, const std::string& text, Position& out);
std::string course_board_text(const Rules& r, const Position& p);
// Swaps the colours of a board string (the Black programs).
std::string swap_colours(std::string board);

}  // namespace mtb
