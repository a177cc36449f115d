#include "cross_check.h"

#include "tests/catch.hpp"

#include <unistd.h>

#include <filesystem>

#include "engine/notation.h"
#include "table/index.h"
#include "table/table_reader.h"
#include "table/table_writer.h"

namespace mtb::test {

std::string scratch_dir(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() / ("mtb-gen-test-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

void gen_units(const Rules& r, const std::vector<SolveUnit>& units, const std::string& dir, int threads) {
    GenOptions opt;
    opt.dir = dir;
    opt.threads = threads;
    std::vector<UnitResult> results;
    auto err = generate_units(r, units, opt, results);
    INFO((err ? *err : std::string()));
    REQUIRE(!err);
    REQUIRE(results.size() == units.size());
}

std::uint64_t compare_with_simple(const Rules& r, const std::vector<SolveUnit>& units, const std::string& dir,
                                  const SimpleSolver& simple) {
    std::uint64_t compared = 0, wrong = 0;
    for (const SolveUnit& u : units)
        for (Sector s : u.sectors) {
            std::vector<ValueCode> values;
            auto err = load_table(table_path(dir, r, s), r, s, values);
            REQUIRE(!err);
            SectorIndex index(r, s);
            REQUIRE(values.size() == index.slots());
            for (std::uint64_t i = 0; i < values.size(); ++i) {
                NormalPosition n;
                if (!index.position_of(i, n)) continue;
                Position p = denormalise(s, n, WHITE);
                std::uint16_t expected = simple.value(p);
                ++compared;
                if (expected == values[i]) continue;
                if (++wrong <= 5)
                    WARN(position_to_text(r, p)
                         << ": gen says " << value_text(values[i]) << ", simple solver says " << value_text(expected));
            }
        }
    CHECK(wrong == 0);
    return compared;
}

}  // namespace mtb::test
