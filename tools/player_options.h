// The options every command that plays a referee's protocol shares (mtb
// player, mtb course): parsed here, on the command line's side, so that
// player/ includes nothing of tools/.
#pragma once

#include <string_view>

#include "player/protocol_player.h"
#include "tools/cli.h"

namespace mtb::cli {

// Reads --budget SECONDS and --tables DIR into `o`; returns an exit code
// after printing the error, or 0.
int player_options_from_args(const Args& a, std::string_view cmd, PlayerOptions& o);

}  // namespace mtb::cli
