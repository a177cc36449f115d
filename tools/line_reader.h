// Bounded line reading for files a user names (a verify journal, a course
// board, match openings): a file that never ends a line (/dev/zero, a
// damaged journal) must give an error, not grow memory until the process
// is killed (issue 28, D5).  The protocol players read stdin with their
// own bounded read_line() (player/protocol_player.h).
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace mtb::cli {

enum class LineRead { LINE, END, TOO_LONG };

// Reads one line (without its '\n') into `line`.  TOO_LONG when it holds
// more than max_bytes bytes: reading stops there, so the caller must give
// up on the stream (its rest may never end).
LineRead read_bounded_line(std::istream& in, std::string& line, std::size_t max_bytes);

}  // namespace mtb::cli
