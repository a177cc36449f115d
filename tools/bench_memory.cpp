// mtb bench memory: the bounds the solver's memory traffic runs against
// (issue "The solver at the speed of memory"): sequential reads, random
// 2-byte reads and random 2-byte read-modify-writes over a buffer well
// beyond the last-level cache, with and without software prefetch, on one
// thread and on all threads.  The solver's own words are 2 bytes
// (ValueCode) and its random traffic is independent accesses (each
// address known before the last one's value), so the random loops here
// issue independent accesses too: the figure is the memory system's
// throughput with every miss the core can keep in flight, not its latency.
#include <omp.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "gen/huge_pages.h"
#include "gen/process_clock.h"
#include "tools/cli.h"
#include "tools/commands.h"

namespace mtb::cli {
namespace {

using Word = std::uint16_t;  // the solver's word: one ValueCode

// Addresses ahead of the one being used that are prefetched: enough to keep
// a core's miss buffers full (10-20 outstanding misses on current cores).
constexpr int kPrefetchAhead = 16;

// splitmix64: a fast, well mixed stream of addresses, its own per thread.
struct Random {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    // Uniform in [0, n) without a division (Lemire's multiply-shift).
    std::uint64_t below(std::uint64_t n) { return std::uint64_t((unsigned __int128)next() * n >> 64); }
};

// The slice [begin, end) of `n` words that thread t of `threads` owns.
struct Slice {
    std::uint64_t begin, end;
};
Slice slice_of(std::uint64_t n, int t, int threads) {
    return {n * std::uint64_t(t) / std::uint64_t(threads), n * std::uint64_t(t + 1) / std::uint64_t(threads)};
}

enum class Access { SEQUENTIAL, READ, READ_PREFETCH, UPDATE, UPDATE_PREFETCH };

// One thread's share of one pass: `count` accesses (SEQUENTIAL: its slice
// once).  Returns a sum of what it read, so no load is optimised away.
std::uint64_t pass(Word* words, std::uint64_t n, Access access, int t, int threads, std::uint64_t count,
                   std::uint64_t seed) {
    const Slice own = slice_of(n, t, threads);
    std::uint64_t sum = 0;
    if (access == Access::SEQUENTIAL) {
        // 8 bytes at a time: the hardware streams it; the figure is bytes.
        const auto* wide = reinterpret_cast<const std::uint64_t*>(words);
        for (std::uint64_t i = own.begin / 4; i < own.end / 4; ++i) sum += wide[i];
        return sum;
    }
    Random rng{seed * 0x2545f4914f6cdd1dull + std::uint64_t(t)};
    // Reads roam the whole buffer (threads only share reads); updates stay
    // in the thread's own slice, so no two threads write one word.
    const bool update = access == Access::UPDATE || access == Access::UPDATE_PREFETCH;
    const std::uint64_t base = update ? own.begin : 0, span = update ? own.end - own.begin : n;
    const bool prefetch = access == Access::READ_PREFETCH || access == Access::UPDATE_PREFETCH;
    std::uint64_t ahead[kPrefetchAhead];
    for (std::uint64_t& a : ahead) a = base + rng.below(span);
    for (std::uint64_t i = 0; i < count; ++i) {
        // The same address stream with and without prefetch: only the hint differs.
        const std::uint64_t at = ahead[i % kPrefetchAhead];
        const std::uint64_t later = base + rng.below(span);
        ahead[i % kPrefetchAhead] = later;
        if (prefetch) __builtin_prefetch(words + later, update ? 1 : 0);
        if (update)
            words[at] = Word(words[at] + 1);
        else
            sum += words[at];
    }
    return sum;
}

struct Figure {
    double per_second = 0;  // bytes (SEQUENTIAL) or accesses per second
    std::uint64_t sum = 0;
    double seconds = 0;  // wall, times the threads: what the threads could have had of the CPUs
};

// Runs `access` on `threads` threads until at least `seconds` have passed.
Figure measure(Word* words, std::uint64_t n, Access access, int threads, double seconds) {
    using clock = std::chrono::steady_clock;
    const std::uint64_t per_round = access == Access::SEQUENTIAL ? n : std::uint64_t(1) << 20;  // per thread
    Figure f;
    std::uint64_t done = 0;
    const auto t0 = clock::now();
    double elapsed = 0;
    for (std::uint64_t round = 1; elapsed < seconds; ++round) {
        std::uint64_t sum = 0;
#pragma omp parallel for num_threads(threads) schedule(static, 1) reduction(+ : sum)
        for (int t = 0; t < threads; ++t) sum += pass(words, n, access, t, threads, per_round, round);
        f.sum += sum;
        done += access == Access::SEQUENTIAL ? n / 4 * 8 : per_round * std::uint64_t(threads);
        elapsed = std::chrono::duration<double>(clock::now() - t0).count();
    }
    f.per_second = double(done) / elapsed;
    f.seconds = elapsed * threads;
    return f;
}

void memory_help() {
    std::printf(
        "usage: mtb bench memory [--size MIB] [--threads N] [--quick]\n\n"
        "The memory bounds the solver runs against, over one buffer of 2-byte words:\n"
        "  sequential read      bytes read in order, in GB/s (1e9 bytes per second)\n"
        "  random reads         independent 2-byte reads at random addresses, in M/s (1e6 reads per second)\n"
        "  random updates       independent 2-byte read-modify-writes (+1) at random addresses, in M/s\n"
        "Each random figure is given without and with a software prefetch %d accesses ahead.\n"
        "Columns: one thread, then all threads together (reads roam the whole buffer; each thread\n"
        "updates random words of its own share of it).  The last line gives the CPU share the threads\n"
        "had: on a busy machine they wait for a CPU and every figure is too low.\n\n"
        "  --size MIB   the buffer in MiB (default 1024: well beyond a last-level cache; --quick: 64)\n"
        "  --threads N  the 'all threads' column (default: all cores)\n"
        "  --quick      a small buffer and short runs: a smoke test, not a figure\n",
        kPrefetchAhead);
}

}  // namespace

int bench_memory(const Args& a) {
    if (a.has("--help")) return memory_help(), OK;
    const bool quick = a.has("--quick");
    const int threads = int(a.integer("--threads", 1, kMaxThreads).value_or(omp_get_max_threads()));
    const std::uint64_t mib = std::uint64_t(a.integer("--size", 1, 1 << 24).value_or(quick ? 64 : 1024));
    if (a.error()) return fail("bench", *a.error(), USAGE);
    const std::uint64_t bytes = mib << 20;
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0 && bytes > std::uint64_t(pages) * std::uint64_t(page) / 2)
        return fail("bench", "--size " + std::to_string(mib) + " MiB is more than half of this machine's memory (" +
                                 std::to_string((std::uint64_t(pages) * std::uint64_t(page)) >> 20) + " MiB)");
    const std::uint64_t n = bytes / sizeof(Word);
    std::unique_ptr<Word[]> buffer(new (std::nothrow) Word[n]);
    if (!buffer) return fail("bench", "cannot allocate " + std::to_string(mib) + " MiB");
    Word* words = buffer.get();
    advise_huge_pages(words, bytes);
    // First touch by the threads that will use each slice (NUMA placement).
#pragma omp parallel for num_threads(threads) schedule(static, 1)
    for (int t = 0; t < threads; ++t) {
        const Slice own = slice_of(n, t, threads);
        for (std::uint64_t i = own.begin; i < own.end; ++i) words[i] = Word(i * 0x9e37u);
    }
    const double seconds = quick ? 0.05 : 0.5;  // per figure
    const long l3 = sysconf(_SC_LEVEL3_CACHE_SIZE);
    std::printf("buffer %llu MiB of 2-byte words", (unsigned long long)mib);
    if (l3 > 0)
        std::printf(" (last-level cache %ld MiB as the system reports it%s)", l3 >> 20,
                    bytes < 4 * std::uint64_t(l3) ? ": too small for a memory figure" : "");
    std::printf("; each figure over at least %.2f s\n", seconds);
    std::printf("%-40s %14s %14s %14s\n", "", "1 thread", (std::to_string(threads) + " threads").c_str(), "per thread");
    struct Row {
        const char* name;
        Access access;
        const char* unit;
        double scale;
    };
    const Row rows[] = {
        {"sequential read", Access::SEQUENTIAL, "GB/s", 1e9},
        {"random 2-byte reads", Access::READ, "M/s", 1e6},
        {"random 2-byte reads, prefetched", Access::READ_PREFETCH, "M/s", 1e6},
        {"random 2-byte updates", Access::UPDATE, "M/s", 1e6},
        {"random 2-byte updates, prefetched", Access::UPDATE_PREFETCH, "M/s", 1e6},
    };
    std::uint64_t signature = 0;
    double thread_seconds = 0;
    const double cpu0 = process_cpu_seconds();
    for (const Row& row : rows) {
        const Figure one = measure(words, n, row.access, 1, seconds);
        const Figure all = measure(words, n, row.access, threads, seconds);
        signature += one.sum + all.sum;
        thread_seconds += one.seconds + all.seconds;
        std::printf("%-40s %14.3f %14.3f %14.3f\n", (std::string(row.name) + " (" + row.unit + ")").c_str(),
                    one.per_second / row.scale, all.per_second / row.scale, all.per_second / row.scale / threads);
    }
    // On a shared machine the threads wait for a CPU and every figure is low: say so.
    const double share = thread_seconds > 0 ? (process_cpu_seconds() - cpu0) / thread_seconds : 0;
    std::printf("CPU share %.0f%% (CPU seconds over wall seconds x threads)%s\n", 100 * share,
                share < 0.9 ? ": the machine was busy, the figures are too low" : "");
    // Not a fixed signature (the updates change the buffer): a use of every sum.
    std::printf("checksum %llu\n", (unsigned long long)signature);
    return OK;
}

}  // namespace mtb::cli
