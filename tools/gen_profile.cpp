#include "tools/gen_profile.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace mtb::cli {
namespace {

void print_row(const std::string& unit, const char* phase, const PhaseTraffic& t) {
    // Rates per CPU second: what one core sustained in this phase.
    const double cpu = t.cpu_seconds > 0 ? t.cpu_seconds : 0;
    auto per_cpu = [&](double x) { return cpu > 0 ? x / cpu / 1e6 : 0.0; };
    std::printf("%-16s %-7s %9.2f %14llu %14llu %14llu %11.1f %9.2f %9.2f %9.1f\n", unit.c_str(), phase, t.cpu_seconds,
                (unsigned long long)t.positions, (unsigned long long)t.random_reads,
                (unsigned long long)t.random_writes, double(t.streamed_bytes) / 1e6, per_cpu(double(t.positions)),
                per_cpu(double(t.random_reads + t.random_writes)), per_cpu(double(t.streamed_bytes)));
}

}  // namespace

void print_gen_profile(const std::vector<UnitResult>& results) {
    std::printf(
        "\nprofile (CPU s of the whole process; rates per CPU second: M positions, M random accesses, MB "
        "streamed)\n");
    std::printf("%-16s %-7s %9s %14s %14s %14s %11s %9s %9s %9s\n", "unit", "phase", "CPU s", "positions",
                "random reads", "random writes", "streamed MB", "Mpos/s", "Mrand/s", "MB/s");
    // The solver's phases, then the unit's write (count, compress, file).
    constexpr int PHASES = 5;
    PhaseTraffic total[PHASES];
    const char* names[PHASES] = {"init", "loss", "win", "finish", "write"};
    for (const UnitResult& u : results) {
        if (u.skipped || u.sectors.empty()) continue;
        std::string unit;
        for (const SectorStats& s : u.sectors) unit.append(unit.empty() ? "" : ",").append(s.sector.name());
        const PhaseTraffic* phases[PHASES] = {&u.stats.init, &u.stats.loss_layers, &u.stats.win_layers, &u.stats.finish,
                                              &u.write};
        for (int p = 0; p < PHASES; ++p) {
            print_row(unit, names[p], *phases[p]);
            total[p] += *phases[p];
        }
    }
    for (int p = 0; p < PHASES; ++p) print_row("all", names[p], total[p]);
    long long read = 0, kept = 0;
    std::uint64_t most = 0;
    for (const UnitResult& u : results) {
        read += u.children_read, kept += u.children_kept;
        most = std::max(most, u.kept_bytes);
    }
    std::printf(
        "children: %lld tables read by the units solved, %lld of them kept in memory from the unit that "
        "solved them (gen/child_cache.h), the rest loaded from files; at most %.1f MB kept at once\n",
        read, kept, double(most) / 1e6);
}

}  // namespace mtb::cli
