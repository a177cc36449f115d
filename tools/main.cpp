// `mtb`: the command line.  One table drives dispatch and help.
#include <cstdio>
#include <cstring>
#include <string_view>

#include "mtb/probe.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/cpu_build.h"
#include "tools/omp_waits.h"

namespace mtb::cli {
namespace {

constexpr Command kCommands[] = {
    {"perft", "count ply sequences from a position (move generator check)", cmd_perft},
    {"bench", "measure speed: bench perft|index|probe|gen|search|memory", cmd_bench},
    {"probe", "exact value of a position and of each of its plies, from the tables", cmd_probe},
    {"stats", "per-table counts of wins, losses, draws, longest values and bits per position", cmd_stats},
    {"verify", "check every checksum of every table in a folder; --values also every value", cmd_verify},
    {"repack", "rewrite a folder's tables in the current format, every value checked equal", cmd_repack},
    {"wdl", "win/draw/loss-only copies of a folder's value tables (smaller files)", cmd_wdl},
    {"sectors", "list a rule set's sectors in solve order: slots, distinct positions, overhead", cmd_sectors},
    {"gen", "solve a rule set by retrograde analysis into table files", cmd_gen, true},
    {"player", "play a game under a referee protocol (lasker, compo) on stdin/stdout", cmd_player},
    {"course", "the 18-point course programs: opening|game[-black] <in> <out> <depth>", cmd_course},
    {"match", "play two engine configurations against each other: score with error bars", cmd_match},
    {"serve", "the tables as a JSON API and a page to explore them in a browser", cmd_serve},
};

void usage(std::FILE* out) {
    std::fprintf(out,
                 "usage: mtb <command> [options]   (mtb <command> --help or -h for its options)\n\n"
                 "Morris tablebases: exact solutions of Morris games by retrograde analysis.\n\n"
                 "Exit status in every command: 0 done, 1 unknown value or a damaged or\n"
                 "missing table, 2 bad usage or bad input.\n\n"
                 "commands:\n");
    for (const Command& c : kCommands)
        std::fprintf(out, "  %-10.*s %.*s\n", int(c.name.size()), c.name.data(), int(c.summary.size()),
                     c.summary.data());
}

}  // namespace
}  // namespace mtb::cli

int main(int argc, char** argv) {
    using namespace mtb::cli;
    // First of all: where the CPU runs pext fast, the BMI2 build takes
    // over (tools/cpu_build.h).
    run_bmi2_build_where_faster(argv);
    if (argc < 2) {
        usage(stderr);
        return USAGE;
    }
    std::string_view name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        usage(stdout);
        return OK;
    }
    if (name == "--version") {
        std::printf("mtb %s\n", MTB_VERSION_STRING);
        return OK;
    }
    for (const Command& c : kCommands) {
        if (c.name != name) continue;
        if (c.sleeping_omp_waits) restart_with_sleeping_omp_waits(argv);
        int rc = c.run(std::span<char*>(argv + 1, size_t(argc - 1)));
        // As git does after each built-in: a failed write to stdout is an error.
        if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
            std::fprintf(stderr, "mtb %s: write error on standard output\n", argv[1]);
            return FAILURE;
        }
        return rc;
    }
    std::fprintf(stderr, "mtb: unknown command '%s'\n\n", argv[1]);
    usage(stderr);
    return USAGE;
}
