// StretchChunks (gen/stretch_chunks.h): every chunk handed out once, each
// thread's own stretch first and in order, then the others' from where
// they stand.
#include "tests/catch.hpp"

#include <omp.h>

#include <atomic>
#include <vector>

#include "gen/stretch_chunks.h"

using namespace mtb;

namespace {

// What one thread gets when it asks alone until nothing is left.
std::vector<std::size_t> drain(StretchChunks& c, int thread) {
    std::vector<std::size_t> got;
    for (std::size_t x; c.next(thread, x);) got.push_back(x);
    return got;
}

}  // namespace

TEST_CASE("stretch chunks: a thread alone takes its own stretch, then the next ones, each chunk once", "[gen]") {
    // 10 chunks over 3 threads: stretches [0, 3), [3, 6), [6, 10).
    StretchChunks from_zero(10, 3);
    CHECK(drain(from_zero, 0) == std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9});
    StretchChunks from_two(10, 3);
    CHECK(drain(from_two, 2) == std::vector<std::size_t>{6, 7, 8, 9, 0, 1, 2, 3, 4, 5});
    // Thread 1 takes two of its own, then thread 0 finishes thread 1's
    // stretch where it stands before helping with thread 2's.
    StretchChunks shared(10, 3);
    std::size_t x = 99;
    REQUIRE(shared.next(1, x));
    CHECK(x == 3);
    REQUIRE(shared.next(1, x));
    CHECK(x == 4);
    CHECK(drain(shared, 0) == std::vector<std::size_t>{0, 1, 2, 5, 6, 7, 8, 9});
    CHECK(!shared.next(1, x));
    // Fewer chunks than threads (empty stretches), and none at all.
    StretchChunks few(2, 4);
    CHECK(drain(few, 3) == std::vector<std::size_t>{1, 0});
    StretchChunks none(0, 2);
    CHECK(drain(none, 0).empty());
}

TEST_CASE("stretch chunks: threads asking at once get every chunk exactly once", "[gen][threads]") {
    for (int threads : {2, 3, 5}) {
        const std::size_t n = 1000;
        StretchChunks c(n, threads);
        std::vector<std::atomic<int>> times(n);
        std::vector<std::size_t> per_thread(std::size_t(threads), 0);
        std::atomic<int> outside{0};  // Catch's assertions are not for other threads
#pragma omp parallel num_threads(threads)
        {
            const int t = omp_get_thread_num();
            for (std::size_t x; c.next(t, x);) {
                if (x < n)
                    times[x].fetch_add(1, std::memory_order_relaxed);
                else
                    outside.fetch_add(1, std::memory_order_relaxed);
                ++per_thread[std::size_t(t)];
            }
        }
        CHECK(outside.load() == 0);
        std::size_t handed = 0;
        for (const std::atomic<int>& k : times) {
            CHECK(k.load() == 1);
            handed += std::size_t(k.load());
        }
        CHECK(handed == n);
        std::size_t total = 0;
        for (std::size_t p : per_thread) total += p;
        CHECK(total == n);
    }
}
