// Every `mtb` subcommand handler; the table that dispatches to them and
// prints help is in main.cpp.  A new command is one row there plus
// tools/cmd_<name>.cpp.
#pragma once

#include <span>

namespace mtb::cli {

int cmd_perft(std::span<char*> args);
int cmd_bench(std::span<char*> args);
int cmd_probe(std::span<char*> args);
int cmd_stats(std::span<char*> args);
int cmd_verify(std::span<char*> args);
int cmd_wdl(std::span<char*> args);
int cmd_repack(std::span<char*> args);
int cmd_sectors(std::span<char*> args);
int cmd_gen(std::span<char*> args);
int cmd_player(std::span<char*> args);
int cmd_course(std::span<char*> args);
int cmd_match(std::span<char*> args);
int cmd_serve(std::span<char*> args);

class Args;
// Benchmarks run by `mtb bench NAME` (table in cmd_bench.cpp).
int bench_perft(const Args& a);
int bench_gen(const Args& a);
int bench_probe(const Args& a);
int bench_index(const Args& a);
int bench_search(const Args& a);
int bench_memory(const Args& a);

}  // namespace mtb::cli
