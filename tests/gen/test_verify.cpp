// The value verifier: generated tables pass, a table with one value changed
// fails, naming the position.
#include "tests/catch.hpp"

#include <filesystem>

#include "cross_check.h"
#include "engine/notation.h"
#include "gen/verify.h"
#include "table/index.h"
#include "table/table_writer.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("verify passes generated tables and names a changed value", "[gen][verify]") {
    const Rules& r = *find_rules("six");
    auto units = movement_units(r, 4);
    std::string dir = scratch_dir("verify");
    gen_units(r, units, dir, 2);
    const Sector s{4, 3, 0, 0};
    const std::string path = table_path(dir, r, s);
    for (const SolveUnit& u : units)
        for (Sector t : u.sectors) {
            auto problems = verify_values(table_path(dir, r, t), value_check(2));
            INFO(t.name() << ": " << (problems.empty() ? "" : problems[0].message));
            CHECK(problems.empty());
        }

    // Change the value of one position with a win and rewrite the table.
    std::vector<ValueCode> values;
    REQUIRE(!load_table(path, r, s, values));
    SectorIndex index(r, s);
    std::uint64_t slot = 0;
    NormalPosition n;
    while (!(index.position_of(slot, n) && value_wdl(values[slot]) == Wdl::WIN)) ++slot;
    const ValueCode good = values[slot];
    values[slot] = value_win(value_plies(good) + 2);
    REQUIRE(!write_table(path, r, s, values));
    auto problems = verify_values(path, value_check(2));
    REQUIRE(!problems.empty());
    const std::string text = position_to_text(r, denormalise(s, n, WHITE));
    CHECK(problems[0].message.find(text) != std::string::npos);
    CHECK(problems[0].message.find("stored " + value_text(values[slot])) != std::string::npos);
    // mtb verify's route (values read as packed symbols) finds it too.
    auto found = verify_with_values(2)(path);
    REQUIRE(!found.empty());
    CHECK(found[0].message.find(text) != std::string::npos);

    // The checker itself, on the values in memory: one error, that slot.
    VerifyTables succ;
    for (Sector c : {Sector{3, 3, 0, 0}, Sector{3, 4, 0, 0}}) REQUIRE(!succ.load(r, c, dir, 2));
    auto errors = check_values(r, s, values, succ, 2);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].slot == slot);
    CHECK(errors[0].expected == good);
    std::filesystem::remove_all(dir);
}

TEST_CASE("verify checks a sector large enough for threads, as a single thread does", "[gen][verify]") {
    // nmm 3v3 (169,626 slots) is above the verifier's parallel threshold
    // (65,536 slots) and is its own successor: the table under check is also
    // the table its children are read from.
    const Rules& r = *find_rules("nmm");
    const Sector s{3, 3, 0, 0};
    std::string dir = scratch_dir("verify-parallel");
    gen_units(r, movement_units(r, 3), dir, 2);
    const std::string path = table_path(dir, r, s);
    CHECK(verify_values(path, value_check(2)).empty());

    // Change two values far apart (a loss and a draw), so that different
    // threads meet them.
    std::vector<ValueCode> values;
    REQUIRE(!load_table(path, r, s, values));
    REQUIRE(values.size() > (1 << 16));
    std::vector<std::uint64_t> changed;
    for (std::uint64_t slot = 0; slot < values.size() && changed.size() < 1; ++slot)
        if (value_wdl(values[slot]) == Wdl::LOSS && value_plies(values[slot]) > 0) {
            values[slot] = value_loss(value_plies(values[slot]) + 2);
            changed.push_back(slot);
        }
    for (std::uint64_t slot = values.size() - 1; slot > 0 && changed.size() < 2; --slot)
        if (values[slot] == VALUE_DRAW) {
            values[slot] = value_win(99);
            changed.push_back(slot);
        }
    REQUIRE(changed.size() == 2);
    VerifyTables succ;
    succ.add(std::make_unique<StoredTable>(r, s, values));
    auto parallel = check_values(r, s, values, succ, 2);
    auto serial = check_values(r, s, values, succ, 1);
    REQUIRE(parallel.size() >= 2);
    // The changed slots are reported (their parents may be too: they read
    // the changed values as children), in slot order, alike in both runs.
    for (std::uint64_t slot : changed)
        CHECK(std::any_of(parallel.begin(), parallel.end(), [&](const ValueError& e) { return e.slot == slot; }));
    REQUIRE(parallel.size() == serial.size());
    for (std::size_t i = 0; i < parallel.size(); ++i) {
        CHECK(parallel[i].slot == serial[i].slot);
        CHECK(parallel[i].expected == serial[i].expected);
        if (i) CHECK(parallel[i - 1].slot < parallel[i].slot);
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("verify --values refuses a header whose sector does not fit the board, without throwing", "[gen][verify]") {
    // Consistent checksums, impossible sector (issue 15, item 1): building
    // its index threw std::invalid_argument, uncaught in mtb verify --values.
    const Rules& r = *find_rules("nmm");
    const std::string dir = scratch_dir("verify-bad-sector");
    const Sector bad{20, 10, 0, 0};
    const std::string path = table_path(dir, r, bad);
    std::vector<ValueCode> values(1000, VALUE_DRAW);
    REQUIRE(!write_table(path, r, bad, values));
    std::vector<VerifyProblem> problems;
    REQUIRE_NOTHROW(problems = verify_with_values(2)(path));
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.find("cannot have") != std::string::npos);
    REQUIRE_NOTHROW(problems = verify_values(path, value_check(2)));
    REQUIRE(problems.size() == 1);
    std::filesystem::remove_all(dir);
}
