// Units scheduled by their dependencies (gen/unit_scheduler.h,
// gen/generate.h): a unit starts only once every unit whose tables it reads
// is finished, whatever order units end in; teams fit the free threads;
// units side by side write the tables one thread writes.
#include "tests/catch.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "cross_check.h"
#include "gen/unit_scheduler.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

using namespace mtb;
using namespace mtb::test;

namespace {

// The units of the list each unit reads, from the sector graph directly
// (not from unit_needs): the children a unit must not run before.
std::vector<std::set<std::size_t>> children_of(const Rules& r, const std::vector<SolveUnit>& units) {
    std::map<Sector, std::size_t> unit_of;
    for (std::size_t u = 0; u < units.size(); ++u)
        for (Sector s : units[u].sectors) unit_of[s] = u;
    std::vector<std::set<std::size_t>> children(units.size());
    for (std::size_t u = 0; u < units.size(); ++u)
        for (Sector s : units[u].sectors)
            for (Sector c : successor_sectors(r, s))
                if (unit_of.count(c) && unit_of[c] != u) children[u].insert(unit_of[c]);
    return children;
}

std::vector<double> work_of(const Rules& r, const std::vector<SolveUnit>& units) {
    std::vector<double> work;
    for (const SolveUnit& u : units) {
        double w = 0;
        for (Sector s : u.sectors) w += double(distinct_positions(r, s));
        work.push_back(w);
    }
    return work;
}

struct Event {
    bool start;
    std::size_t unit;
};

// Drives a scheduler as the runner does, but ends the running units in a
// random order: the events in the order they happened.
std::vector<Event> drive(UnitScheduler& s, std::size_t units, int threads, std::mt19937& rng) {
    std::vector<Event> events;
    std::vector<std::size_t> running;
    for (;;) {
        while (auto st = s.next()) {
            REQUIRE(st->team >= 1);
            REQUIRE(st->team <= s.free_threads());
            s.start(st->unit, st->team);
            REQUIRE(s.free_threads() >= 0);
            running.push_back(st->unit);
            events.push_back({true, st->unit});
        }
        if (running.empty()) break;
        const std::size_t k = std::uniform_int_distribution<std::size_t>(0, running.size() - 1)(rng);
        const std::size_t u = running[k];
        running.erase(running.begin() + std::ptrdiff_t(k));
        s.finished(u);
        events.push_back({false, u});
    }
    CHECK(s.free_threads() == threads);
    CHECK(s.all_finished());
    CHECK(events.size() == 2 * units);
    return events;
}

}  // namespace

TEST_CASE("a unit's needs are the units of the list whose tables it reads", "[gen][waves]") {
    for (const char* name : {"nmm", "lasker", "six"}) {
        const Rules& r = *find_rules(name);
        const auto units = solve_units(r);
        const auto needs = unit_needs(r, units);
        const auto children = children_of(r, units);
        REQUIRE(needs.size() == units.size());
        std::size_t edges = 0;
        for (std::size_t u = 0; u < units.size(); ++u) {
            INFO(name << " unit " << u);
            CHECK(std::set<std::size_t>(needs[u].begin(), needs[u].end()) == children[u]);
            CHECK(std::is_sorted(needs[u].begin(), needs[u].end()));
            edges += needs[u].size();
        }
        CHECK(edges > 0);
    }
    // Out of solve order (a unit before one it reads) is refused.
    const Rules& r = *find_rules("nmm");
    auto units = movement_units(r, 4);
    std::reverse(units.begin(), units.end());
    CHECK_THROWS_AS(unit_needs(r, units), std::logic_error);
}

TEST_CASE("the scheduler starts no unit before its children, whatever order units end in", "[gen][waves]") {
    std::mt19937 rng(20261127);
    for (const char* name : {"nmm", "lasker", "six", "morabaraba"}) {
        const Rules& r = *find_rules(name);
        const auto units = name == std::string("six") ? solve_units(r) : endgame_units(r, 5);
        const auto children = children_of(r, units);
        for (int threads : {1, 2, 3, 16}) {
            for (int round = 0; round < 3; ++round) {
                UnitScheduler s(work_of(r, units), unit_needs(r, units), threads, 1 << 20);
                const std::vector<Event> events = drive(s, units.size(), threads, rng);
                std::vector<bool> done(units.size(), false);
                int early = 0, side_by_side = 0, running = 0;
                for (const Event& e : events) {
                    if (!e.start) {
                        done[e.unit] = true, --running;
                        continue;
                    }
                    for (std::size_t c : children[e.unit]) early += !done[c];
                    side_by_side += ++running > 1;
                }
                INFO(name << ", " << threads << " threads");
                CHECK(early == 0);
                if (threads == 1) CHECK(side_by_side == 0);
                if (threads == 16) CHECK(side_by_side > 0);
            }
        }
    }
}

TEST_CASE("the scheduler takes the largest ready unit first with a team from its work", "[gen][waves]") {
    // Units 0..3 read nothing; 4 reads 0 and 1.  One thread per 10 work.
    UnitScheduler s({5, 40, 25, 100, 30}, {{}, {}, {}, {}, {0, 1}}, 8, 10);
    CHECK(s.team_for(0) == 1);
    CHECK(s.team_for(1) == 4);
    CHECK(s.team_for(3) == 8);
    CHECK(s.ready() == std::vector<std::size_t>{3, 1, 2, 0});
    auto st = s.next();
    REQUIRE(st);
    CHECK(st->unit == 3);
    CHECK(st->team == 8);
    s.start(3, 8);
    CHECK_FALSE(s.next());  // no thread free
    s.finished(3);
    // 1 (team 4), 2 (team 2), 0 (team 1) side by side; 4 not ready.  They
    // need 7 of the 8 threads: the spare one goes by work (1 gets
    // floor(8 * 40/70) = 4, 2 floor(4 * 25/30) = 3, 0 the last one).
    for (auto [want, team] : {std::pair{1, 4}, {2, 3}, {0, 1}}) {
        st = s.next();
        REQUIRE(st);
        CHECK(st->unit == std::size_t(want));
        CHECK(st->team == team);
        CHECK(st->team >= s.team_for(st->unit));
        s.start(st->unit, st->team);
    }
    CHECK(s.free_threads() == 0);
    CHECK(s.ready().empty());
    s.finished(0);
    CHECK(s.ready().empty());  // 4 still waits for 1
    s.finished(1);
    CHECK(s.ready() == std::vector<std::size_t>{4});
    CHECK_THROWS_AS(s.start(3, 1), std::logic_error);  // finished already
}

TEST_CASE("threads no unit would take go to the ready units, in proportion to their work", "[gen][waves]") {
    // A chain 0 <- 1 <- 2, each alone when it starts; one thread per 64 work.
    // 0 (work 4: 1/16 of a thread's work) may take spare threads down to 2
    // work a thread (64 / 32): 2 threads; 1 (work 80, team 1) all 16.
    UnitScheduler s({4, 80, 2000}, {{}, {0}, {1}}, 16, 64);
    auto st = s.next();
    REQUIRE(st);
    CHECK(st->unit == 0);
    CHECK(st->team == 2);
    s.start(0, 2);
    CHECK_FALSE(s.next());
    s.finished(0);
    st = s.next();
    REQUIRE(st);
    CHECK(st->unit == 1);
    CHECK(s.team_for(1) == 1);
    CHECK(st->team == 16);
    s.start(1, 16);
    s.finished(1);
    st = s.next();
    REQUIRE(st);
    CHECK(st->team == 16);  // its own team already
    // Two ready units that need more than the free threads: no spare, each
    // its own team (the largest first).
    UnitScheduler busy({640, 640, 640}, {{}, {}, {}}, 16, 64);
    st = busy.next();
    REQUIRE(st);
    CHECK(st->team == 10);
    // Ready units that would break the memory rule together get no spare
    // threads: the second one waits for memory, not for threads.
    UnitScheduler memory({100, 100}, {{}, {}}, 16, 64);
    st = memory.next();
    REQUIRE(st);
    CHECK(st->team == 1);
    // Workers (MPI ranks) take one unit each, spare or not.
    UnitScheduler ranks = UnitScheduler::over_workers({10, 20}, {{}, {}}, 8, true);
    st = ranks.next();
    REQUIRE(st);
    CHECK(st->team == 1);
}

TEST_CASE("a big unit waits for its team rather than starting on one thread, and is not starved", "[gen][waves]") {
    // 0 (work 100: every thread of 4) is ready once 1 is finished; 2 and 3
    // small ones (one thread each) ready all along.
    UnitScheduler s({100, 4, 1, 1}, {{1}, {}, {}, {}}, 4, 1);
    s.start(1, 4);
    CHECK_FALSE(s.next());
    s.finished(1);
    // 0 gets all four threads before the small ones.
    auto st = s.next();
    REQUIRE(st);
    CHECK(st->unit == 0);
    CHECK(st->team == 4);
    // Reversed: a small unit running when the big one gets ready.  The big
    // one waits (on 3 threads it would end at 100/3, waiting for the
    // running unit's 1 and then 100/4 is sooner); a small ready one that
    // would run longer than that wait may not take the free threads.
    // (Unit 3, the largest, is there so the memory rule does not decide.)
    UnitScheduler w({100, 1, 5, 1000}, {{}, {}, {}, {0}}, 4, 1);
    w.start(1, 1);
    CHECK_FALSE(w.next());
    w.finished(1);
    st = w.next();
    REQUIRE(st);
    CHECK(st->unit == 0);
    CHECK(st->team == 4);
    // A shorter one than the wait may use the free threads meanwhile.
    UnitScheduler b({100, 2, 1, 1000}, {{}, {}, {}, {0}}, 4, 1);
    b.start(1, 1);
    st = b.next();
    REQUIRE(st);
    CHECK(st->unit == 2);
    CHECK(st->team == 1);
}

TEST_CASE("units running together never hold more work than the largest unit", "[gen][waves]") {
    std::mt19937 rng(7);
    const Rules& r = *find_rules("lasker");
    const auto units = endgame_units(r, 5);
    const std::vector<double> work = work_of(r, units);
    const double largest = *std::max_element(work.begin(), work.end());
    // One thread per position: every unit gets every free thread it can.
    UnitScheduler s(work, unit_needs(r, units), 64, 1);
    double running = 0, most = 0;
    for (const Event& e : drive(s, units.size(), 64, rng)) {
        running += e.start ? work[e.unit] : -work[e.unit];
        most = std::max(most, running);
    }
    CHECK(most <= largest);
    CHECK(most > 0);
}

// Workers that share no memory (MPI ranks, one per node): one unit each,
// whatever the sum; still never a unit before its needs.
TEST_CASE("without the memory rule units run together beyond the largest unit's work", "[gen][waves]") {
    std::mt19937 rng(7);
    const Rules& r = *find_rules("lasker");
    const auto units = endgame_units(r, 5);
    const std::vector<double> work = work_of(r, units);
    const double largest = *std::max_element(work.begin(), work.end());
    UnitScheduler s = UnitScheduler::over_workers(work, unit_needs(r, units), 8, /*share_memory=*/false);
    for (std::size_t u = 0; u < units.size(); ++u) CHECK(s.team_for(u) == 1);
    double running = 0, most = 0;
    std::size_t at_once = 0, most_at_once = 0;
    for (const Event& e : drive(s, units.size(), 8, rng)) {
        running += e.start ? work[e.unit] : -work[e.unit];
        at_once = e.start ? at_once + 1 : at_once - 1;
        most = std::max(most, running);
        most_at_once = std::max(most_at_once, at_once);
    }
    CHECK(most > largest);
    CHECK(most_at_once == 8);
    CHECK(s.all_finished());
}

// Workers on one machine (ranks that share its memory): still a unit each,
// and the memory rule holds.
TEST_CASE("workers that share memory keep the memory rule, one unit each", "[gen][waves]") {
    std::mt19937 rng(7);
    const Rules& r = *find_rules("lasker");
    const auto units = endgame_units(r, 5);
    const std::vector<double> work = work_of(r, units);
    const double largest = *std::max_element(work.begin(), work.end());
    UnitScheduler s = UnitScheduler::over_workers(work, unit_needs(r, units), 8, /*share_memory=*/true);
    double running = 0, most = 0;
    for (const Event& e : drive(s, units.size(), 8, rng)) {
        running += e.start ? work[e.unit] : -work[e.unit];
        most = std::max(most, running);
    }
    for (std::size_t u = 0; u < units.size(); ++u) CHECK(s.team_for(u) == 1);
    CHECK(most <= largest);
    CHECK(most > 0);
}

namespace {

// Solves `units` on one thread, then on `threads` with
// `positions_per_thread`: every table the same.
void threads_write_what_one_writes(const Rules& r, const std::vector<SolveUnit>& units, double positions_per_thread,
                                   int threads = 2) {
    const std::string d1 = scratch_dir("side1"), d2 = scratch_dir("side2");
    std::vector<UnitResult> results;
    GenOptions one;
    one.dir = d1;
    one.threads = 1;
    REQUIRE(!generate_units(r, units, one, results));
    GenOptions two;
    two.dir = d2;
    two.threads = threads;
    two.positions_per_thread = positions_per_thread;
    REQUIRE(!generate_units(r, units, two, results));
    REQUIRE(results.size() == units.size());
    int compared = 0;
    for (std::size_t u = 0; u < units.size(); ++u) {
        CHECK(!results[u].sectors.empty());
        for (Sector s : units[u].sectors) {
            std::vector<ValueCode> a, b;
            REQUIRE(!load_table(table_path(d1, r, s), r, s, a));
            REQUIRE(!load_table(table_path(d2, r, s), r, s, b));
            CHECK(a == b);
            ++compared;
        }
    }
    CHECK(compared >= 9);  // nmm <= 5 has 9 sectors, the others more
    std::filesystem::remove_all(d1);
    std::filesystem::remove_all(d2);
}

}  // namespace

// The whole of six (77 sectors), every unit on one thread: units side by
// side (this one runs under ThreadSanitizer too: scripts/test.sh).
TEST_CASE("one thread and two threads: units side by side write the tables one thread writes",
          "[gen][waves][threads]") {
    threads_write_what_one_writes(*find_rules("six"), solve_units(*find_rules("six")), 1e12);
}

// lasker <= 4 (stones in hand and on the board) with the default teams.
TEST_CASE("a two-thread gen of lasker <= 4 writes the tables of a one-thread gen", "[gen][waves][threads]") {
    const Rules& r = *find_rules("lasker");
    threads_write_what_one_writes(r, endgame_units(r, 4), GenOptions{}.positions_per_thread);
}

// nmm <= 5 on 6 threads: its first units run alone, small (3v3 170 K
// positions, a team of one by its work), and take the spare threads, up to
// all 6; the tables are still those of one thread.
TEST_CASE("a six-thread gen of nmm <= 5, small units on spare threads, writes the tables of a one-thread gen",
          "[gen][waves][threads]") {
    const Rules& r = *find_rules("nmm");
    threads_write_what_one_writes(r, endgame_units(r, 5), GenOptions{}.positions_per_thread, 6);
}
