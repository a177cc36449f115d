// The adapter from the probe library's tables to the engine's Oracle
// interface.  Tables are opened lazily, on the first probe, so a player
// starts at once.
#pragma once

#include <memory>
#include <string>

#include "engine/oracle.h"

namespace mtb::cli {

// An oracle over the tables in `dir`.  Never fails here: a missing or bad
// directory shows on the first probe (one line on stderr, then the oracle
// knows nothing and the player plays on by search).
std::unique_ptr<Oracle> make_probe_oracle(const std::string& dir);

}  // namespace mtb::cli
