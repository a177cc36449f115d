// The value verifier: generated tables pass, a table with one value changed
// fails, naming the position.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cross_check.h"
#include "engine/notation.h"
#include "gen/verify.h"
#include "probe/index.h"
#include "probe/table_writer.h"

using namespace mtb;
using namespace mtb::test;

TEST_CASE("verify passes generated tables and names a changed value", "[gen][verify]") {
    const Rules& r = *find_rules("six");
    auto units = movement_units(r, 4);
    std::string dir = scratch_dir("verify");
    gen_units(r, units, dir, 2);
    const Sector s{4, 3, 0, 0};
    const std::string path = dir + "/" + table_file_name(r, s);
    for (const SolveUnit& u : units)
        for (Sector t : u.sectors) {
            auto problems = verify_values(dir + "/" + table_file_name(r, t), value_check(2));
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

    // The checker itself, on the values in memory: one error, that slot.
    VerifyTables succ;
    for (Sector c : {Sector{3, 3, 0, 0}, Sector{3, 4, 0, 0}}) REQUIRE(!succ.load(r, c, dir, 2));
    auto errors = check_values(r, s, values, succ, 2);
    REQUIRE(errors.size() == 1);
    CHECK(errors[0].slot == slot);
    CHECK(errors[0].expected == good);
    std::filesystem::remove_all(dir);
}
