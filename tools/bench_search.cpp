// mtb bench search: nodes per second of the playing search at fixed depths
// (no clock, a fresh transposition table per position, so the node count
// is a deterministic signature).
#include <chrono>
#include <cstdio>

#include "engine/notation.h"
#include "player/search.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace mtb::cli {
namespace {

struct SearchCase {
    const char* rules;
    const char* position;  // nullptr: the start position
    int depth, quick_depth;
};

constexpr SearchCase kSearchCases[] = {
    {"nmm", nullptr, 8, 4},
    {"lasker-20", nullptr, 8, 4},
    {"nmm", "W..B.WW.B..BW.BW...B..W. w 0 0", 12, 5},  // moving phase, 5 v 5
    {"nmm", ".WB......WB...........BW w 0 0", 8, 4},   // 3 v 3 flying
    {"morris18", nullptr, 10, 4},
    {"nmm-noflying", "WW.BB.W.B.B.WB.W..B..WB. w 2 2", 11, 4},
};

}  // namespace

int bench_search(const Args& a) {
    const bool quick = a.has("--quick");
    using clock = std::chrono::steady_clock;
    std::uint64_t total = 0;
    double seconds = 0;
    for (const SearchCase& c : kSearchCases) {
        const Rules& r = *find_rules(c.rules);
        Position p = start_position(r);
        if (c.position)
            if (auto e = parse_position(r, c.position, p)) return fail("bench", "bad built-in position: " + e->message);
        Search s(r);
        SearchLimits lim;
        lim.seconds = 0;
        lim.max_depth = quick ? c.quick_depth : c.depth;
        auto t0 = clock::now();
        SearchResult res = s.run(p, lim);
        double sec = std::chrono::duration<double>(clock::now() - t0).count();
        total += res.nodes;
        seconds += sec;
        std::printf("%-12s depth %2d  %10llu nodes  %7.3f s  %6.2f M nodes/s  %-9s %-10s %s\n", c.rules, res.depth,
                    (unsigned long long)res.nodes, sec, res.nodes / sec / 1e6, move_to_text(*r.board, res.best).c_str(),
                    score_text(res.score).c_str(), c.position ? c.position : "start");
    }
    std::printf("total %llu nodes in %.3f s: %.2f M nodes/s\n", (unsigned long long)total, seconds,
                total / seconds / 1e6);
    std::printf("signature %llu\n", (unsigned long long)total);
    return OK;
}

}  // namespace mtb::cli
