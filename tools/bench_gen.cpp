// mtb bench gen: the retrograde solver on a fixed set of sectors, in memory
// (no table files), so the figure is the solver's alone.
#include <omp.h>

#include <chrono>
#include <cstdio>
#include <ctime>

#include "gen/sector_graph.h"
#include "gen/solver.h"
#include "tools/cli.h"
#include "tools/commands.h"
#include "tools/common.h"
#include "tools/cpu_build.h"

namespace mtb::cli {

int bench_gen(const Args& a) {
    const bool quick = a.has("--quick");
    const int threads = int(a.integer("--threads", 1, kMaxThreads).value_or(0));
    if (a.error()) return fail("bench", *a.error(), USAGE);
    // nmm movement sectors 3..4 a side (3v3, 3v4 + 4v3, 4v4); --quick: 3v3.
    const Rules& r = *find_rules("nmm");
    std::optional<int> k;
    if (int rc = max_stones_from_args(a, "bench", r, k)) return rc;
    const int max_stones = k.value_or(quick ? 3 : 4);
    const auto units = movement_units(r, max_stones);
    using clock = std::chrono::steady_clock;
    ChildValues solved;
    std::uint64_t positions = 0, signature = 1469598103934665603ull;  // FNV-1a over every value
    double seconds = 0;
    const std::clock_t cpu0 = std::clock();
    for (const SolveUnit& u : units) {
        std::vector<std::vector<ValueCode>> values;
        SolveOptions opt;
        opt.threads = threads;
        auto t0 = clock::now();
        if (auto err = solve_unit(r, u.sectors, solved, values, opt)) return fail("bench", *err);
        double s = std::chrono::duration<double>(clock::now() - t0).count();
        std::uint64_t n = 0;
        for (std::size_t k = 0; k < u.sectors.size(); ++k) {
            n += sector_stats(u.sectors[k], values[k]).positions;
            for (ValueCode v : values[k]) signature = (signature ^ v) * 1099511628211ull;
            solved.add(r, u.sectors[k], values[k]);
        }
        std::string name;
        for (Sector sec : u.sectors) {
            if (!name.empty()) name += ',';
            name += sec.name();
        }
        std::printf("nmm %-10s %10llu positions  %8.3f s  %6.2f M positions/s\n", name.c_str(), (unsigned long long)n,
                    s, n / s / 1e6);
        positions += n;
        seconds += s;
    }
    const int used = threads > 0 ? threads : omp_get_max_threads();
    // CPU seconds of all threads: on a busy machine, per-core speed is
    // positions per CPU second rather than per wall second.
    const double cpu = double(std::clock() - cpu0) / CLOCKS_PER_SEC;
    std::printf("total %llu positions in %.3f s with %d threads: %.2f M positions/s; %.3f CPU s, %.2f M per CPU s\n",
                (unsigned long long)positions, seconds, used, positions / seconds / 1e6, cpu, positions / cpu / 1e6);
    std::printf("signature %llu\n", (unsigned long long)signature);
    std::printf("index bits: %s\n", index_bits_text());
    return OK;
}

}  // namespace mtb::cli
