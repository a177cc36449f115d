// Solved tables kept in memory for the units that read them
// (gen/child_cache.h): a kept table is what loading its file gives, slot
// for slot, and a run that keeps them writes the bytes a run that reads
// every file writes.
#include "tests/catch.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "cross_check.h"
#include "gen/child_cache.h"
#include "gen/child_values.h"
#include "gen/generate.h"
#include "table/table_folder.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "table/value_dictionary.h"

using namespace mtb;
using namespace mtb::test;

namespace {

std::string file_bytes(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

}  // namespace

// The cache's own rules, on made-up values (it neither solves nor reads
// files): a table is lent to each unit that reads it, as packed from the
// values; let go when the last reader has started; never kept over the
// budget, nor with a slot that holds no value.
TEST_CASE("kept children: lent to their readers, let go after the last", "[gen][child-cache]") {
    const Rules& r = *find_rules("lasker");
    const std::vector<SolveUnit> units = endgame_units(r, 4);
    // A unit of one sector that two or more later units read.
    std::map<Sector, std::vector<std::size_t>> readers;
    for (std::size_t u = 0; u < units.size(); ++u)
        for (Sector c : unit_children(r, units[u])) readers[c].push_back(u);
    std::size_t solved = units.size();
    for (std::size_t u = 0; u < units.size() && solved == units.size(); ++u)
        if (units[u].sectors.size() == 1 && readers[units[u].sectors[0]].size() >= 2) solved = u;
    REQUIRE(solved < units.size());
    const Sector s = units[solved].sectors[0];
    const std::vector<std::size_t>& by = readers[s];
    std::vector<ValueCode> values(distinct_positions(r, s));
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = ValueCode(VALUE_DRAW + i % 7);

    ChildCache cache(r, units, std::uint64_t(1) << 40);
    cache.keep(s, values, count_codes(values), 2);
    CHECK(cache.bytes() > 0);
    for (std::size_t k = 0; k < by.size(); ++k) {
        ChildValues children;
        CHECK(cache.lend(by[k], children) == 1);
        REQUIRE(children.has(s));
        const ChildTable& t = *children.find(s);
        for (std::size_t i = 0; i < values.size(); i += 97) CHECK(t.at(i) == values[i]);
        // Held by the cache until the last reader has it.
        CHECK((cache.bytes() > 0) == (k + 1 < by.size()));
    }
    CHECK(cache.peak_bytes() > 0);

    ChildCache small(r, units, values.size() / 4);  // below half a byte a slot
    small.keep(s, values, count_codes(values), 1);
    ChildValues none;
    CHECK(small.lend(by[0], none) == 0);
    CHECK(small.bytes() == 0);

    values[values.size() / 2] = VALUE_NONE;
    ChildCache empty_slot(r, units, std::uint64_t(1) << 40);
    empty_slot.keep(s, values, count_codes(values), 1);
    CHECK(empty_slot.lend(by[0], none) == 0);
    CHECK(empty_slot.peak_bytes() == 0);
}

// lasker <= 4: placement sectors read several tables each, the same table
// by several units.  Every run writes the same bytes: all kept, none kept
// (--keep-children 0), and a budget that keeps some; on one thread and on
// two (units side by side share the kept tables).
TEST_CASE("kept children: the same tables as children loaded from their files", "[gen][child-cache][threads]") {
    const Rules& r = *find_rules("lasker");
    const std::vector<SolveUnit> units = endgame_units(r, 4);
    std::set<Sector> in_run;
    for (const SolveUnit& u : units) in_run.insert(u.sectors.begin(), u.sectors.end());
    struct Run {
        const char* name;
        std::uint64_t budget;
        int threads;
    };
    const Run runs[] = {
        {"none", 0, 1}, {"all", std::uint64_t(1) << 40, 1}, {"some", 400'000, 1}, {"all-2", std::uint64_t(1) << 40, 2}};
    std::map<std::string, std::string> dirs;
    for (const Run& run : runs) {
        const std::string dir = scratch_dir(std::string("keep-") + run.name);
        dirs[run.name] = dir;
        GenOptions opt;
        opt.dir = dir;
        opt.threads = run.threads;
        opt.positions_per_thread = 1e12;  // every unit on one thread: side by side with two
        opt.keep_children_bytes = run.budget;
        std::vector<UnitResult> results;
        REQUIRE(!generate_units(r, units, opt, results));
        int read = 0, kept = 0, in_run_read = 0;
        for (std::size_t u = 0; u < units.size(); ++u) {
            read += results[u].children_read;
            kept += results[u].children_kept;
            int here = 0;
            for (Sector c : unit_children(r, units[u])) here += in_run.count(c) ? 1 : 0;
            in_run_read += here;
            CHECK(results[u].children_kept <= here);
            // Unbounded: every child the run solved comes from memory.
            if (run.budget > (std::uint64_t(1) << 39)) CHECK(results[u].children_kept == here);
            CHECK(results[u].kept_bytes <= run.budget);
        }
        INFO(run.name << ": " << kept << " of " << read << " children kept");
        CHECK(in_run_read >= 40);  // 45 in lasker <= 4
        if (run.budget == 0) CHECK(kept == 0);
        if (std::string(run.name) == "some") {
            CHECK(kept > 0);
            CHECK(kept < in_run_read);
        }
    }
    int compared = 0;
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) {
            const std::string none = file_bytes(table_path(dirs["none"], r, s));
            REQUIRE(!none.empty());
            for (const Run& run : runs) CHECK(file_bytes(table_path(dirs[run.name], r, s)) == none);
            ++compared;
        }
    CHECK(compared >= 30);  // 39 sectors
    for (auto& [name, dir] : dirs) std::filesystem::remove_all(dir);
}
