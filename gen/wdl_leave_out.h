// Which sectors a win/draw/loss set leaves out (table/FORMAT.md "Sets that
// leave sectors out"): the probe values a sector without a table by one
// ply of search when every sector its plies lead to has a table
// (TableSet::searched), as syzygy keeps only one side to move of its DTZ
// tables.  Left out, a sector costs no bytes; but a sector whose captures
// lead into one left out must then be stored plain, or each probe of it
// would search two plies deep.  The plan weighs both with the real file
// sizes.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/rules.h"
#include "table/sector.h"

namespace mtb {

// One sector of a set and what its win/draw/loss table costs.
struct WdlSectorBytes {
    Sector sector;
    std::uint64_t resolved = 0;  // capture-resolved (TableContent::WDL_CAPTURES), or plain where it cannot be
    std::uint64_t plain = 0;     // plain (TableContent::WDL)
};

// The sectors to leave out of the set `sectors` (every sector that has a
// table), sorted.  A sector left out has all its successors
// (successor_sectors()) in the set and none of them left out.  The total
// of the rest, each resolved where no capture leads into a left-out sector
// and plain where one does (stored_plain()), is made small by local
// search from leaving none out: toggling one sector at a time, largest
// first, while the total falls.  Deterministic.  Rules with a no-capture
// limit get none (their WDL tables are not used).
std::vector<Sector> sectors_to_leave_out(const Rules& r, const std::vector<WdlSectorBytes>& sectors);

// Whether sector s, kept, must be stored plain because a capture from it
// leads into a sector of `left_out` (sorted).
bool stored_plain(const Rules& r, Sector s, const std::vector<Sector>& left_out);

// The bytes of the set when `left_out` is left out and the rest stored as
// stored_plain() says.
std::uint64_t leave_out_bytes(const Rules& r, const std::vector<WdlSectorBytes>& sectors,
                              const std::vector<Sector>& left_out);

}  // namespace mtb
