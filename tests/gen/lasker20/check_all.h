// Shared by the lasker20 tests: lasker-20's rules on small boards, and the
// comparison of the retrograde solver (gen/solver.h, in DTC to the
// no-capture limit) with clock_checker.h at every counter.
#pragma once

#include "tests/catch.hpp"

#include <stdexcept>

#include "clock_checker.h"
#include "engine/notation.h"
#include "gen/sector_graph.h"
#include "gen/solver.h"
#include "table/index.h"

namespace mtb::test {

// A 3x3 grid (Three Men's Morris' board: rows and columns are mills), so
// small that every state of 4 stones a side is checked in a moment; it is
// cramped, so blocked sides are common.
inline const Board& grid9() {
    static const Board b = [] {
        Board out;
        const BoardSpec spec{"grid9", "a3 b3 c3 a2 b2 c2 a1 b1 c1",
                             "a3-b3 b3-c3 a2-b2 b2-c2 a1-b1 b1-c1 a3-a2 a2-a1 b3-b2 b2-b1 c3-c2 c2-c1",
                             "a3b3c3 a2b2c2 a1b1c1 a3a2a1 b3b2b1 c3c2c1"};
        if (auto err = build_board(spec, out)) throw std::logic_error(*err);
        return out;
    }();
    return b;
}

// Lasker-20's rules on another board and with another limit: the same
// game, small enough to check every state in a unit test.
inline Rules variant(const char* board, int limit) {
    Rules r = *find_rules("lasker-20");
    r.board = std::string_view(board) == "grid9" ? &grid9() : find_board(board);
    r.no_capture_draw_plies = limit;
    r.name = "lasker-" + std::to_string(limit) + "-" + board;
    return r;
}

// The units with at most `max_total` stones a side and `max_sum` in all
// (closed under plies: totals only fall).
inline std::vector<SolveUnit> small_units(const Rules& r, int max_total, int max_sum) {
    std::vector<SolveUnit> out;
    for (SolveUnit& u : stone_bounded_units(r, max_total)) {
        bool keep = true;
        for (Sector s : u.sectors) keep &= s.us_board + s.us_hand + s.them_board + s.them_hand <= max_sum;
        if (keep) out.push_back(std::move(u));
    }
    return out;
}

inline Result result_of(const Metric& m, ValueCode c, int counter) {
    const ExactValue v = m.value(c, counter);
    return v.is_draw() ? Result::DRAW : v.is_win() ? Result::WIN : Result::LOSS;
}

// Solves `units` in memory and compares every position at every counter
// with the checker; returns the number of (position, counter) pairs.
inline std::uint64_t check_all(const Rules& r, const std::vector<SolveUnit>& units) {
    ChildValues solved;
    ClockChecker checker(r);
    const int limit = r.no_capture_draw_plies;
    const Metric metric = Metric::native(r);
    std::uint64_t checked = 0, decided = 0, mismatches = 0;
    for (const SolveUnit& u : units) {
        std::vector<std::vector<ValueCode>> values;
        SolveOptions opt;
        opt.threads = 2;
        opt.parallel_min = 1;  // the threads on small units too
        opt.metric = metric;
        REQUIRE(!solve_unit(r, u.sectors, solved, values, opt));
        for (std::size_t k = 0; k < u.sectors.size(); ++k) {
            const Sector s = u.sectors[k];
            SectorIndex index(r, s);
            for (std::uint64_t i = 0; i < index.slots(); ++i) {
                NormalPosition n;
                REQUIRE(index.position_of(i, n));
                Position p = denormalise(s, n, WHITE);
                for (int c = 0; c < limit; ++c) {
                    p.since_capture = std::uint8_t(c);
                    const Result want = checker.value(p);
                    const Result got = result_of(metric, values[k][i], c);
                    ++checked;
                    decided += want != Result::DRAW;
                    if (want != got && ++mismatches <= 5)
                        FAIL_CHECK(position_to_text(r, p)
                                   << ": table " << metric.text(values[k][i]) << ", minimax " << int(want));
                }
            }
            solved.add(r, s, values[k]);
        }
    }
    CHECK(mismatches == 0);
    // Both outcomes occur, so a solver calling everything a draw fails.
    CHECK(decided > checked / 20);
    CHECK(decided < checked);
    return checked;
}

}  // namespace mtb::test
