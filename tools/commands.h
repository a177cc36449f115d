// Every `mtb` subcommand handler; the table that dispatches to them and
// prints help is in main.cpp.  A new command is one row there plus
// tools/cmd_<name>.cpp.
#pragma once

#include <span>

namespace mtb::cli {

int cmd_perft(std::span<char*> args);
int cmd_bench(std::span<char*> args);

class Args;
// Benchmarks run by `mtb bench NAME` (table in cmd_bench.cpp).
int bench_perft(const Args& a);

}  // namespace mtb::cli
