// Hands out the chunks 0 .. n-1 of a loop to a team of threads so that
// threads work far apart: the chunks are cut into one stretch a thread,
// each thread takes its own stretch's chunks in order and, once it is
// done, helps with the others' (from where their owners have got to, the
// next stretch first), so a thread slowed down does not hold up the team.
//
// Why not OpenMP's dynamic schedule: it hands neighbouring chunks to
// different threads at the same time.  The solver's propagation passes
// walk a list sorted by the opponent's stones, where neighbouring chunks
// have their predecessors in the same index rows, so two threads updated
// words of the same cache lines at once, each with a compare-exchange
// that waits for the line (gen/solver.cpp, pass_over; BENCHMARKS.md,
// session 52).
//
// Thread safety: next() from the team's threads at once (one counter per
// stretch, a cache line apart).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>

namespace mtb {

class StretchChunks {
public:
    StretchChunks(std::size_t chunks, int threads)
        : threads_(std::max(1, threads)), stretches_(new Stretch[std::size_t(threads_)]) {
        for (int t = 0; t < threads_; ++t) {
            stretches_[t].next.store(chunks * std::size_t(t) / std::size_t(threads_), std::memory_order_relaxed);
            stretches_[t].end = chunks * std::size_t(t + 1) / std::size_t(threads_);
        }
    }
    // The next chunk for thread `thread` (below the team size given):
    // false when every chunk has been handed out.
    bool next(int thread, std::size_t& chunk) {
        for (int i = 0; i < threads_; ++i) {
            Stretch& s = stretches_[std::size_t((thread + i) % threads_)];
            if (s.next.load(std::memory_order_relaxed) >= s.end) continue;
            chunk = s.next.fetch_add(1, std::memory_order_relaxed);
            if (chunk < s.end) return true;
        }
        return false;
    }

private:
    struct alignas(64) Stretch {
        std::atomic<std::size_t> next{0};
        std::size_t end = 0;
    };
    int threads_;
    std::unique_ptr<Stretch[]> stretches_;
};

}  // namespace mtb
