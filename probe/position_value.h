// The value of a probed position, decided in one place: the C API's
// mtb_probe and mtb_probe_root (probe/probe_api.cpp) are a thin layer over
// these two functions.  The end of the game needs no table; a sector the set
// leaves out (TableSet::searched) takes its best ply's value where every
// ply's table has distances, else its tables' win/draw/loss
// (TableSet::value's one-ply search); any other position reads its table,
// whose code the folder's metric turns into a value.  Results are the C
// API's packed values (probe/c_value.h), or error results with *status
// filled.  Internal: not installed.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/position.h"
#include "mtb/probe.h"
#include "probe/table_set.h"

namespace mtb {

// The value of valid position p.
std::uint32_t position_value(const TableSet& set, const Position& p, mtb_status* status);

// mtb_probe_root's contract for valid position p: its plies, each with its
// value for the mover, ranked best first (rank_root_plies) into
// moves[0..*count), and p's own value, from its best ply when p's table is
// missing but every ply's value is known.  *count is the number of plies
// even when capacity is too small (then MTB_E_CAPACITY); 0 when the game
// is over.
std::uint32_t root_values(const TableSet& set, const Position& p, mtb_move* moves, std::size_t capacity,
                          std::size_t* count, mtb_status* status);

}  // namespace mtb
