// mtb bench index: speed of position -> slot (with canonicalisation) and
// slot -> position on nmm movement sectors, one thread.
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <vector>

#include "table/index.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace mtb::cli {

namespace {

// Random positions of sector s, not canonicalised (so slot_of does the work).
std::vector<NormalPosition> random_positions(const Rules& r, Sector s, size_t count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<NormalPosition> out(count);
    const int n = r.board->size;
    for (NormalPosition& p : out) {
        Bitboard used = 0;
        auto pick = [&](int stones) {
            Bitboard set = 0;
            while (stones) {
                Bitboard b = bit(int(rng() % n));
                if (used & b) continue;
                used |= b;
                set |= b;
                --stones;
            }
            return set;
        };
        p.us = pick(s.us_board);
        p.them = pick(s.them_board);
    }
    return out;
}

// Seconds of CPU time used by this thread: on a loaded machine, wall time
// would charge us for other processes, and the figure is "per core".
double thread_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Runs f() and prints its rate per CPU second and per wall second.
template <class F>
void timed(const char* what, size_t count, F f) {
    using clock = std::chrono::steady_clock;
    const auto w0 = clock::now();
    const double c0 = thread_seconds();
    f();
    const double cpu = thread_seconds() - c0, wall = std::chrono::duration<double>(clock::now() - w0).count();
    std::printf("  %-38s %7.1f M/s per core (%5.1f M/s wall)\n", what, count / cpu / 1e6, count / wall / 1e6);
}

}  // namespace

int bench_index(const Args& a) {
    const bool quick = a.has("--quick");
    using clock = std::chrono::steady_clock;
    auto seconds_since = [](clock::time_point t0) { return std::chrono::duration<double>(clock::now() - t0).count(); };
    const Rules& r = *find_rules("nmm");
    const size_t count = quick ? 200000 : 4000000;
    std::uint64_t signature = 0;
    for (Sector s : {Sector{8, 8, 0, 0}, Sector{9, 7, 0, 0}, Sector{5, 4, 0, 0}}) {
        auto t0 = clock::now();
        SectorIndex idx(r, s);
        const double build = seconds_since(t0);
        std::printf("nmm %-5s %12llu slots  tables %6.1f MiB  built in %.2f s\n", s.name().c_str(),
                    (unsigned long long)idx.slots(), idx.memory_bytes() / 1048576.0, build);

        const auto positions = random_positions(r, s, count, 7 + s.key());
        std::uint64_t sum = 0;
        timed("position -> slot, random positions:", count, [&] {
            for (const NormalPosition& p : positions) sum += idx.slot_of(p);
        });
        signature += sum;

        // Slots in a scattered order (a fixed stride), then in order.
        const std::uint64_t n = idx.slots(), stride = 0x9E3779B97F4A7C15ull % n | 1;
        NormalPosition p;
        std::uint64_t x = 0;
        timed("slot -> position, scattered slots:", count, [&] {
            std::uint64_t slot = 0;
            for (size_t i = 0; i < count; ++i) {
                slot += stride;
                if (slot >= n) slot -= n;
                if (idx.position_of(slot, p)) x += p.us ^ (std::uint64_t(p.them) << 24);
            }
        });
        timed("slot -> position, consecutive slots:", count, [&] {
            std::uint64_t slot = 0;
            for (size_t i = 0; i < count; ++i) {
                if (idx.position_of(slot, p)) x += p.us ^ (std::uint64_t(p.them) << 24);
                if (++slot == n) slot = 0;
            }
        });
        signature += x;
    }
    std::printf("signature %llu\n", (unsigned long long)signature);
    return OK;
}

}  // namespace mtb::cli
