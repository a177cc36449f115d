// The adapter from the probe library's tables to the engine's Oracle
// interface.  Tables are opened lazily, on the first probe, so a player
// starts at once.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/movegen.h"
#include "player/oracle.h"
#include "player/play_level.h"

namespace mtb::cli {

// An oracle over the tables in `dir`.  Never fails here: a missing or bad
// directory shows on the first probe (one line on stderr, then the oracle
// knows nothing and the player plays on by search).
std::unique_ptr<Oracle> make_probe_oracle(const std::string& dir);

// A player of `level` below perfect in p: the ply choose_ply() takes from
// the tables' best-first list (mtb_probe_root() on `oracle`'s tables, one
// of make_probe_oracle()'s) when it takes another than the first, the
// level's blunder.  nullopt when the level plays its best ply this time, or
// the tables do not know p: the caller's search then plays, as at the
// perfect level (whose ply it is).
std::optional<Move> level_blunder(Oracle& oracle, const Rules& r, const Position& p, PlayLevel level,
                                  std::uint64_t seed);

}  // namespace mtb::cli
