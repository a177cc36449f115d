// `mtb verify --values` for rule sets with a no-capture limit (lasker-20):
// the value a position's successors give under the capture clock rule
// (gen/capture_clock.h), from the stored tables the verifier holds.  The
// rule is the solver's, but the values come from the files, through the
// probe's index, never from the solver's state.
#pragma once

#include "gen/verify.h"

namespace mtb {

// As value_from_successors() (gen/verify.h), for capture clock codes.
ValueCode clock_value_from_successor_tables(const Rules& r, Sector s, NormalPosition n, const SuccessorTables& succ);

}  // namespace mtb
