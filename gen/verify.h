// Value consistency check of solved tables: every stored value must be
// exactly what its successors' values give (RULES.md "Value"):
//   WIN n : some successor is LOSS n-1 for the opponent (or the ply ends
//           the game, n = 1), and none is a shorter loss for the opponent;
//   LOSS n: every successor is a WIN for the opponent, the longest in n-1
//           (LOSS 0: no ply, or too few stones);
//   DRAW  : no successor is a loss for the opponent, and one is a draw.
// A wrong value is reported with its position text.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "gen/child_values.h"
#include "probe/table_reader.h"

namespace mtb {

struct ValueError {
    std::uint64_t slot;
    std::string position;  // position text (White to move)
    ValueCode stored, expected;
    std::string message() const;
};

// The value its successors give to p (VALUE_NONE when a successor's sector
// is missing from `succ`).
ValueCode value_from_successors(const Rules& r, const Position& p, const ChildValues& succ);

// Checks every position slot of sector s.  `succ` must hold every successor
// sector of s (s itself too when a ply can lead back into it).  Parallel
// over slots; returns at most max_errors errors (the first ones by slot).
std::vector<ValueError> check_values(const Rules& r, Sector s, const std::vector<ValueCode>& values,
                                     const ChildValues& succ, int threads = 0, std::size_t max_errors = 10);

// The hook for probe/table_reader.h verify_values(): finds the rule set and
// sector from the table's header and the successors' tables in the table's
// folder, then runs check_values.
ValueCheck value_check(int threads = 0);

}  // namespace mtb
