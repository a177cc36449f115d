// Capture-resolved win/draw/loss tables (TableContent::WDL_CAPTURES,
// table/FORMAT.md "Capture-resolved win/draw/loss files"), as syzygy's WDL
// tables leave out what a capture search recovers.
//
// A position whose best capture already has its true win/draw/loss may
// store any value not above it: the probe takes the best of the stored
// value and every capture's (TableSet::value).  The writer picks, for each
// such slot, the value of the slot before it where that is allowed, which
// lengthens runs: placement tables, where a mill is nearly always at hand,
// lose a third to almost half of their bytes (BENCHMARKS.md).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "gen/verify_tables.h"
#include "table/sector.h"
#include "table/value.h"

namespace mtb {

// The sectors a capture from sector s leads to that hold positions (a
// capture that leaves the opponent too few stones wins outright and needs
// no table).  Sorted.
std::vector<Sector> capture_sectors(const Rules& r, Sector s);

// The best win/draw/loss (wdl_sign(): -1, 0, 1) a capture from position n
// of sector s reaches, for the side to move, from the exact values of the
// capture sectors in `children`; NO_CAPTURE when n has no capture (or the
// game is over there), MISSING_TABLE (setting *missing) when a capture
// leads to a sector `children` lacks.
constexpr int NO_CAPTURE = -2, MISSING_TABLE = -3;
int best_capture_wdl(const Rules& r, Sector s, NormalPosition n, const VerifyTables& children,
                     Sector* missing = nullptr);

// The codes a WDL_CAPTURES table of sector s stores: values are the
// sector's exact values (slot order), `children` holds the exact values of
// every capture_sectors(r, s).  Each slot gets value_win(1), VALUE_DRAW or
// value_loss(0).  *lowered (when given) counts the slots whose stored value
// is below their true one.  Parallel over groups of positions on `threads`
// threads (0: OpenMP's default).  Fails (an error text) when a child table
// is missing.
std::optional<std::string> capture_resolved_wdl(const Rules& r, Sector s, std::span<const ValueCode> values,
                                                const VerifyTables& children, int threads, std::vector<ValueCode>& out,
                                                std::uint64_t* lowered = nullptr);

// Checks a win/draw/loss-only table's stored codes against the exact
// values of its sector: each slot must hold its value's win/draw/loss,
// except that a capture-resolved table may hold less where the best capture
// (best_capture_wdl(), children as above) gives the true one, which is
// exactly what the probe's capture search needs.  `wrong` gets the
// smallest wrong slots, at most max_errors.  Fails (an error text) when
// the sizes do not fit the sector's index.
std::optional<std::string> check_wdl_against_values(const Rules& r, Sector s, bool captures_decide,
                                                    std::span<const ValueCode> stored,
                                                    std::span<const ValueCode> values, const VerifyTables& children,
                                                    int threads, std::vector<std::uint64_t>& wrong,
                                                    std::size_t max_errors = 10);

}  // namespace mtb
