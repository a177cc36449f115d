// Every `mtb` subcommand handler; the table that dispatches to them and
// prints help is in main.cpp.  A new command is one row there plus
// tools/cmd_<name>.cpp.
#pragma once

#include <span>

namespace mtb::cli {

int cmd_perft(std::span<char*> args);
int cmd_bench(std::span<char*> args);

}  // namespace mtb::cli
