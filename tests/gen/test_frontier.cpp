// Frontier (gen/frontier.h): take() copies the lists of many threads in
// the same order whatever the number of threads that copy them, loses and
// repeats no entry, and frees what it took.
#include "tests/catch.hpp"

#include <algorithm>
#include <random>

#include "gen/frontier.h"

using namespace mtb;

namespace {

// A frontier as a solver's team of `writers` threads leaves it: entries of
// several codes and sectors, spread unevenly over the writers' lists.
Frontier filled(int writers, int sectors, std::vector<std::vector<std::uint64_t>>& expect) {
    Frontier f(writers, sectors);
    std::mt19937_64 rng(7);
    expect.assign(3, {});
    // What take(code) must give: sector by sector, each sector's entries
    // writer by writer, each writer's in the order added.
    std::vector<std::vector<std::vector<std::vector<std::uint32_t>>>> added(
        3, std::vector<std::vector<std::vector<std::uint32_t>>>(
               std::size_t(sectors), std::vector<std::vector<std::uint32_t>>(std::size_t(writers))));
    for (int n = 0; n < 200000; ++n) {
        const int t = int(rng() % std::uint64_t(writers));
        const int k = int(rng() % std::uint64_t(sectors));
        const std::uint16_t code = std::uint16_t(rng() % 3);
        const std::uint32_t slot = std::uint32_t(rng());
        f.add(t, k, slot, code);
        added[code][std::size_t(k)][std::size_t(t)].push_back(slot);
    }
    for (std::uint16_t code = 0; code < 3; ++code)
        for (int k = 0; k < sectors; ++k)
            for (const auto& list : added[code][std::size_t(k)])
                for (std::uint32_t s : list) expect[code].push_back(Frontier::entry(k, s));
    return f;
}

}  // namespace

TEST_CASE("frontier: take gives every entry once, in one order for any number of copying threads", "[gen][threads]") {
    for (int threads : {1, 2, 5}) {
        INFO("copying threads " << threads);
        std::vector<std::vector<std::uint64_t>> expect;
        Frontier f = filled(4, 3, expect);
        CHECK(f.size(1) == expect[1].size());
        CHECK(f.max_code() == 2);
        CHECK(f.take(1, threads) == expect[1]);
        CHECK(f.size(1) == 0);
        CHECK(f.take(1, threads).empty());  // freed: taken once
        CHECK(f.take(2, threads) == expect[2]);
        CHECK(f.max_code() == 0);  // only code 0 is left
        CHECK(f.take(0, threads) == expect[0]);
        CHECK(f.memory_bytes() == 0);
    }
}

TEST_CASE("frontier: take with a list for the entries added before seal() splits them off, each part in take's order",
          "[gen][threads]") {
    for (int threads : {1, 2, 5}) {
        INFO("copying threads " << threads);
        std::vector<std::vector<std::uint64_t>> before, after;
        Frontier f = filled(4, 3, before);
        f.seal();
        // A second round of entries, as the layers add them after the init.
        Frontier later = filled(4, 3, after);
        for (std::uint16_t code = 0; code < 3; ++code) {
            std::vector<std::uint64_t> e = later.take(code);
            // Re-added by writer 0, in take's order.
            for (std::uint64_t x : e) f.add(0, Frontier::sector_of(x), Frontier::slot_of(x), code);
            after[code] = e;
        }
        // Split, take(1) gives the sealed entries as before the seal and
        // the later ones apart, in the order later.take gave them (sector
        // by sector; all writer 0's, after its sealed ones).
        std::vector<std::uint64_t> sealed_part;
        std::vector<std::uint64_t> rest = f.take(1, threads, &sealed_part);
        CHECK(sealed_part == before[1]);
        CHECK(rest == after[1]);
        CHECK(f.size(1) == 0);
        // Without a list, every entry comes in one, as before the seal.
        std::vector<std::uint64_t> all = f.take(2, threads);
        CHECK(all.size() == before[2].size() + after[2].size());
        std::vector<std::uint64_t> both = before[2];
        both.insert(both.end(), after[2].begin(), after[2].end());
        std::sort(both.begin(), both.end());
        std::sort(all.begin(), all.end());
        CHECK(all == both);
        std::vector<std::uint64_t> none;
        CHECK(f.take(0, threads, &none).size() == after[0].size());
        CHECK(none == before[0]);
    }
}

TEST_CASE("frontier: lists that grow and are taken on 2 MiB pages keep every entry in order", "[gen]") {
    // Past Frontier::HUGE_PAGES_FROM entries a list grows into a copy asked
    // for 2 MiB pages, and take() makes its result (and the part added
    // before seal()) the same way: three growths here, and both parts of
    // take large.
    const std::size_t n = Frontier::HUGE_PAGES_FROM * 5;
    Frontier f(2, 2);
    for (std::size_t i = 0; i < n; ++i) f.add(int(i % 2), 1, i, 3);
    f.seal();
    for (std::size_t i = 0; i < n; ++i) f.add(0, 0, n + i, 3);
    REQUIRE(f.size(3) == 2 * n);
    std::vector<std::uint64_t> sealed;
    const std::vector<std::uint64_t> later = f.take(3, 2, &sealed);
    REQUIRE(later.size() == n);
    REQUIRE(sealed.size() == n);
    for (std::size_t i = 0; i < n; ++i) CHECK(later[i] == Frontier::entry(0, n + i));
    // Sector by sector, thread list by thread list: thread 0's even slots,
    // then thread 1's odd ones.
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t slot = i < n / 2 ? 2 * i : 2 * (i - n / 2) + 1;
        CHECK(sealed[i] == Frontier::entry(1, slot));
    }
    CHECK(f.size(3) == 0);
    CHECK(f.memory_bytes() == 0);
}

TEST_CASE("frontier: take_into one vector, layer after layer, reuses its room and gives what take gives", "[gen]") {
    // The solver takes every layer into one vector (gen/solver.cpp,
    // layer_list): a smaller layer must come in the room a larger one left
    // (same storage, nothing stale past its end), a larger one must grow it.
    std::vector<std::vector<std::uint64_t>> expect;
    Frontier f = filled(3, 2, expect);
    std::vector<std::uint64_t> out;
    f.take_into(out, 1, 2);
    CHECK(out == expect[1]);
    const std::uint64_t* room = out.data();
    const std::size_t capacity = out.capacity();
    // A smaller layer next: it must land in the same room.
    Frontier small(1, 1);
    for (std::uint32_t s = 0; s < 1000; ++s) small.add(0, 0, s * 3, 5);
    small.take_into(out, 5);
    REQUIRE(out.size() == 1000);
    CHECK(out.data() == room);
    CHECK(out.capacity() == capacity);
    for (std::uint32_t s = 0; s < 1000; ++s) CHECK(out[s] == Frontier::entry(0, s * 3));
    // Larger than the room: it grows, and holds exactly the new entries.
    Frontier large(1, 1);
    for (std::uint32_t s = 0; s < capacity + 10; ++s) large.add(0, 0, s, 4);
    large.take_into(out, 4);
    REQUIRE(out.size() == capacity + 10);
    std::size_t wrong = 0;
    for (std::size_t s = 0; s < out.size(); ++s) wrong += out[s] != Frontier::entry(0, s);
    CHECK(wrong == 0);
    f.take_into(out, 2);
    CHECK(out == expect[2]);
    CHECK(out.capacity() == capacity + 10);
}
