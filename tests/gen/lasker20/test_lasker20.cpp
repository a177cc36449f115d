// lasker-20 tables (gen/solver.h in DTC to the limit) against the independent
// minimax of clock_checker.h: every position of small classes, at every
// counter 0..L-1.
#include <algorithm>

#include "check_all.h"
#include "gen/verify.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("clock values equal minimax at every counter: 4 stones a side, limit 20, 3x3 grid", "[lasker20]") {
    const Rules r = variant("grid9", 20);
    CHECK(check_all(r, small_units(r, 4, 8)) > 10000);
}

TEST_CASE("clock values equal minimax at every counter: 4 stones a side, limit 5, 3x3 grid", "[lasker20]") {
    // A short limit: many positions are decided only at low counters.
    const Rules r = variant("grid9", 5);
    CHECK(check_all(r, small_units(r, 4, 8)) > 1000);
}

TEST_CASE("mtb verify --values checks capture clock codes and finds a changed one", "[lasker20]") {
    const Rules r = variant("grid9", 20);
    VerifyTables held;
    std::vector<std::pair<Sector, std::vector<ValueCode>>> solved;
    ChildValues children;
    for (const SolveUnit& u : small_units(r, 4, 8)) {
        std::vector<std::vector<ValueCode>> values;
        SolveOptions opt;
        opt.metric = Metric::native(r);
        REQUIRE(!solve_unit(r, u.sectors, children, values, opt));
        for (std::size_t k = 0; k < u.sectors.size(); ++k) {
            children.add(r, u.sectors[k], values[k]);
            held.add(std::make_unique<StoredTable>(r, u.sectors[k], values[k]));
            solved.emplace_back(u.sectors[k], values[k]);
        }
    }
    for (const auto& [s, values] : solved) CHECK(check_values(r, s, values, held, 1).empty());
    // A win one ply slower than stored, in the largest sector: reported at its slot.
    auto& [s, values] = *std::max_element(
        solved.begin(), solved.end(), [](const auto& a, const auto& b) { return a.second.size() < b.second.size(); });
    std::uint64_t slot = 0;
    while (slot < values.size() && !(values[slot] >= 2 && value_wdl(values[slot]) == Wdl::WIN)) ++slot;
    REQUIRE(slot < values.size());
    const ValueCode good = values[slot];
    values[slot] = clock_win(clock_plies(good) + 1);
    auto errors = check_values(r, s, values, held, 1);
    REQUIRE(!errors.empty());
    CHECK(errors[0].slot == slot);
    CHECK(errors[0].expected == good);
}
