// mtb bench: speed figures on fixed inputs.  Each benchmark prints its
// figures and a deterministic signature (a node count or checksum) that
// must not change in a "no functional change" commit.
#include <chrono>
#include <cstdio>
#include <string>

#include "engine/notation.h"
#include "engine/perft.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace mtb::cli {
namespace {

struct PerftCase {
    const char* rules;
    const char* position;  // nullptr: the start position
    int depth, quick_depth;
};

// About 2 s in all on one core (figures in BENCHMARKS.md); --quick is a smoke test.
constexpr PerftCase kPerftCases[] = {
    {"nmm", nullptr, 7, 5},
    {"lasker", nullptr, 6, 4},
    {"morabaraba", nullptr, 6, 4},
    {"morris18", nullptr, 7, 5},
    {"nmm", "W..B.WW.B..BW.BW...B..W. w 0 0", 8, 5},  // moving phase, 6 v 5
    {"nmm", ".WB......WB...........BW w 0 0", 5, 4},  // 3 v 3 flying: W a4 d7 g1, B g7 d1 b4
};

}  // namespace

int bench_perft(const Args& a) {
    const bool quick = a.has("--quick");
    using clock = std::chrono::steady_clock;
    std::uint64_t total = 0;
    double seconds = 0;
    for (const PerftCase& c : kPerftCases) {
        const Rules& r = *find_rules(c.rules);
        Position p = start_position(r);
        if (c.position && parse_position(r, c.position, p)) return fail("bench", "bad built-in position");
        int d = quick ? c.quick_depth : c.depth;
        auto t0 = clock::now();
        std::uint64_t n = perft(r, p, d);
        double s = std::chrono::duration<double>(clock::now() - t0).count();
        total += n;
        seconds += s;
        std::printf("%-11s depth %d  %14llu leaves  %8.3f s  %7.1f M leaves/s  %s\n", c.rules, d, (unsigned long long)n,
                    s, n / s / 1e6, c.position ? c.position : "start");
    }
    std::printf("total %llu leaves in %.3f s: %.1f M leaves/s\n", (unsigned long long)total, seconds,
                total / seconds / 1e6);
    std::printf("signature %llu\n", (unsigned long long)total);
    return OK;
}

namespace {

// One row per benchmark; each lives in its own file (bench_<name> in commands.h).
struct Bench {
    std::string_view name, help;
    int (*run)(const Args&);
};
constexpr Bench kBenches[] = {
    {"perft", "perft on fixed positions of several rule sets: leaves per second; signature = total leaves",
     bench_perft},
    {"gen",
     "retrograde solver on nmm 3v3..4v4 (--max-stones K: 3..K a side) in memory: positions per second; "
     "signature = hash of the values",
     bench_gen},
    {"probe",
     "random probes into a warm nmm table (5v5, or --sector S from --tables DIR; else synthetic) per thread; open + "
     "first probe",
     bench_probe},
    {"index", "nmm sector index: position->slot and slot->position per second; signature = slot/position sums",
     bench_index},
    {"search", "the playing search at fixed depths: nodes per second; signature = total nodes", bench_search},
    {"memory",
     "sequential read bytes/s, random 2-byte reads and read-modify-writes per second, with and without prefetch, "
     "on 1 and all threads (mtb bench memory --help)",
     bench_memory},
};

void bench_help() {
    std::printf(
        "usage: mtb bench NAME [--quick] [--threads N] [--tables DIR [--sector S]] [--max-stones K] [--size MIB]\n\n"
        "benchmarks:\n");
    for (const Bench& b : kBenches)
        std::printf("  %-8.*s %.*s\n", int(b.name.size()), b.name.data(), int(b.help.size()), b.help.data());
    std::printf("\n  --quick         smaller inputs, for a smoke test\n");
    std::printf("  --threads N     threads (default: all cores)\n");
    std::printf("  --tables DIR    probe: a folder holding nmm_5v5.mtb (or nmm_5v5.wdl.mtb)\n");
    std::printf("  --sector S      probe: that sector's table from --tables instead of 5v5 (e.g. 6v6+2+2)\n");
    std::printf("  --max-stones K  gen: solve nmm movement sectors 3..K a side (default 4)\n");
    std::printf("  --size MIB      memory: the buffer in MiB (default 1024)\n");
}

}  // namespace

int cmd_bench(std::span<char*> args) {
    Args a(args, {"--threads", "--tables", "--sector", "--max-stones", "--size"}, {"--help", "--quick"});
    // mtb bench memory --help: that benchmark's own page (its figures' units).
    if (a.has("--help") && !(a.positional().size() == 1 && a.positional()[0] == "memory")) return bench_help(), OK;
    a.integer("--threads", 1, kMaxThreads);  // checked here once for every benchmark
    if (a.error()) return fail("bench", *a.error(), USAGE);
    if (a.positional().size() != 1) return fail("bench", "say which benchmark (see mtb bench --help)", USAGE);
    const std::string& what = a.positional()[0];
    for (const Bench& b : kBenches)
        if (b.name == what) return b.run(a);
    return fail("bench", "unknown benchmark '" + what + "' (see mtb bench --help)", USAGE);
}

}  // namespace mtb::cli
