// mtb gen's hold on its output folder (issue 15, item 5): a second writer is
// refused with a clear message; stale temporary files are found and removed.
#include "tests/catch.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "cross_check.h"
#include "gen/generate.h"
#include "gen/output_lock.h"

using namespace mtb;

TEST_CASE("a second writer into one folder is refused while the first holds it", "[gen][lock]") {
    const std::string dir = test::scratch_dir("lock");
    {
        OutputLock first;
        REQUIRE_FALSE(first.acquire(dir));
        OutputLock second;
        auto e = second.acquire(dir);
        REQUIRE(e);
        CHECK(e->find("another mtb gen or mtb wdl is writing into") != std::string::npos);
        // generate_units() takes the same lock before anything else.
        GenOptions opt;
        opt.dir = dir;
        std::vector<UnitResult> results;
        auto g = generate_units(*find_rules("six"), movement_units(*find_rules("six"), 3), opt, results);
        REQUIRE(g);
        CHECK(g->find("another mtb gen") != std::string::npos);
    }
    OutputLock again;  // released with its holder
    CHECK_FALSE(again.acquire(dir));
    std::filesystem::remove_all(dir);
}

TEST_CASE("temporary files of a killed run are removed and named", "[gen][lock]") {
    const std::string dir = test::scratch_dir("stale");
    std::ofstream(dir + "/six_3v3.mtb.tmp") << "half a table";             // as older versions named them
    std::ofstream(dir + "/six_4v3.wdl.mtb.1234.7.tmp") << "half a table";  // create_temp_beside()
    std::ofstream(dir + "/notes.tmp") << "not ours";
    auto removed = remove_stale_temp_files(dir);
    std::sort(removed.begin(), removed.end());
    REQUIRE(removed == std::vector<std::string>{"six_3v3.mtb.tmp", "six_4v3.wdl.mtb.1234.7.tmp"});
    CHECK_FALSE(std::filesystem::exists(dir + "/six_3v3.mtb.tmp"));
    CHECK(std::filesystem::exists(dir + "/notes.tmp"));
    std::filesystem::remove_all(dir);
}
