// A board as data for drawing it: every point with grid coordinates, the
// edges and the mills.  One description serves every board, so the page
// has one drawing routine.
#pragma once

#include "engine/rules.h"
#include "tools/json_out.h"

namespace mtb::cli {

// {"rules", "board", "stones", "flying", "points":[{"name","x","y"}],
//  "edges":[["a7","d7"],...], "mills":[["a7","d7","g7"],...]}.
// x grows to the right, y downwards; both start at 0.
Json board_json(const Rules& r);

}  // namespace mtb::cli
