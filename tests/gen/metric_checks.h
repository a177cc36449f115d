// Shared by test_metrics.cpp and test_gen_slow.cpp: cross-checks of the value metrics that need no reference (issue 25,
// item 5): one game solved in DTM and in DTC must agree on win/draw/loss
// everywhere, with DTC <= DTM; each set passes the verifier's forward rule
// in its own metric; and Lasker under the 20-ply no-capture rule never
// contradicts Lasker without it, at any counter.
#pragma once

#include "tests/catch.hpp"

#include <map>

#include "gen/sector_graph.h"
#include "gen/solver.h"
#include "gen/verify.h"
#include "table/index.h"

namespace mtb::test {

using Solved = std::map<Sector, std::vector<ValueCode>>;

// Solves `units` in order in memory in `metric`; each sector's values are
// also checked by the verifier's forward rule (gen/verify.h), a second
// route to every value.
inline Solved solve_all(const Rules& r, const std::vector<SolveUnit>& units, const Metric& metric) {
    ChildValues children;
    VerifyTables held;
    Solved out;
    for (const SolveUnit& u : units) {
        std::vector<std::vector<ValueCode>> values;
        SolveOptions opt;
        opt.threads = 2;
        opt.metric = metric;
        REQUIRE(!solve_unit(r, u.sectors, children, values, opt));
        for (std::size_t k = 0; k < u.sectors.size(); ++k) {
            children.add(r, u.sectors[k], values[k]);
            held.add(std::make_unique<StoredTable>(r, u.sectors[k], values[k]));
            out.emplace(u.sectors[k], std::move(values[k]));
        }
    }
    for (const auto& [s, values] : out) {
        const auto errors = check_values(r, s, values, held, 2, 3, metric);
        INFO(r.name << " " << metric.name() << " " << s.name() << ": "
                    << (errors.empty() ? std::string() : errors[0].message()));
        CHECK(errors.empty());
    }
    return out;
}

// DTM and DTC of one rule set: same win/draw/loss, DTC <= DTM, and, where
// some capture leads to a position that is not over (`shorter`), DTC
// shorter somewhere (else the metric would not have been applied).  With 3
// stones a side every capture ends the game, and the two are equal.
inline void compare_dtm_dtc(const Rules& r, const std::vector<SolveUnit>& units, bool shorter_somewhere = true) {
    const Metric dtm = *Metric::of(r, MetricKind::DTM), dtc = *Metric::of(r, MetricKind::DTC);
    const Solved a = solve_all(r, units, dtm), b = solve_all(r, units, dtc);
    std::uint64_t decided = 0, shorter = 0, wrong = 0;
    for (const auto& [s, va] : a) {
        const std::vector<ValueCode>& vb = b.at(s);
        REQUIRE(va.size() == vb.size());
        for (std::size_t i = 0; i < va.size(); ++i) {
            const ExactValue x = dtm.value(va[i]), y = dtc.value(vb[i]);
            if (x.wdl != y.wdl || y.plies > x.plies) {
                if (++wrong <= 5)
                    FAIL_CHECK(s.name() << " slot " << i << ": dtm " << dtm.text(va[i]) << ", dtc " << dtc.text(vb[i]));
                continue;
            }
            decided += !x.is_draw();
            shorter += y.plies < x.plies;
        }
    }
    CHECK(wrong == 0);
    CHECK(decided > 1000);
    if (shorter_somewhere)
        CHECK(shorter > 100);
    else
        CHECK(shorter == 0);
}

// Lasker under the no-capture limit against Lasker: a win (loss) at any
// counter is a lasker win (loss), a lasker draw is a draw at every counter,
// and a lasker-20 win's DTC bounds lasker's own DTC (a strategy that wins
// in time wins).  On every position with at most `stones` a side.
inline void compare_limit(int stones) {
    const Rules& plain = *find_rules("lasker");
    const Rules& limited = *find_rules("lasker-20");
    const Metric dtc = *Metric::of(plain, MetricKind::DTC), clock = Metric::native(limited);
    const Solved a = solve_all(plain, endgame_units(plain, stones), dtc);
    const Solved b = solve_all(limited, endgame_units(limited, stones), clock);
    REQUIRE(a.size() == b.size());
    std::uint64_t checked = 0, wins = 0, wrong = 0;
    for (const auto& [s, va] : a) {
        const std::vector<ValueCode>& vb = b.at(s);
        REQUIRE(va.size() == vb.size());
        for (std::size_t i = 0; i < va.size(); ++i) {
            const ExactValue x = dtc.value(va[i]);
            for (int counter = 0; counter < limited.no_capture_draw_plies; ++counter) {
                const ExactValue y = clock.value(vb[i], counter);
                ++checked;
                const bool ok = (y.is_draw() || y.wdl == x.wdl) && (!x.is_draw() || y.is_draw()) &&
                                (!y.is_win() || x.plies <= y.plies);
                if (!ok && ++wrong <= 5)
                    FAIL_CHECK(s.name() << " slot " << i << " counter " << counter << ": lasker " << dtc.text(va[i])
                                        << ", lasker-20 " << clock.text(vb[i]));
                wins += counter == 0 && y.is_win();
            }
        }
    }
    CHECK(wrong == 0);
    CHECK(wins > 100);
    CHECK(checked > 100000);
}

}  // namespace mtb::test
