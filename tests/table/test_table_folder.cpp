// The folder noun (table/table_folder.h): a table's path and name, the
// values twin of a win/draw/loss file, the DIR/<rules>/ rule for finding and
// for listing, and the one-rule-set, one-metric rule mtb gen keeps.
#include "tests/catch.hpp"

#include <filesystem>

#include "table/table_folder.h"
#include "tests/table/synthetic.h"
#include "tests/table/tmp_dir.h"

using namespace mtb;
using namespace mtb::test;

namespace {

const Rules& rules_named(const char* name) { return *find_rules(name); }

}  // namespace

TEST_CASE("a table's path is its folder and its name, and the name parses back", "[table][folder]") {
    const Rules& nmm = rules_named("nmm");
    const Sector s{5, 4, 2, 3};
    CHECK(table_path("d", nmm, s) == "d/nmm_5v4+2+3.mtb");
    CHECK(table_path("d/", nmm, s) == "d/nmm_5v4+2+3.mtb");
    CHECK(table_path("", nmm, s, true) == "nmm_5v4+2+3.wdl.mtb");
    for (bool wdl : {false, true}) {
        Sector back;
        bool back_wdl = !wdl;
        REQUIRE(parse_table_file_name(std::filesystem::path(table_path("d", nmm, s, wdl)).filename().string(), "nmm",
                                      back, &back_wdl));
        CHECK(back == s);
        CHECK(back_wdl == wdl);
    }
    CHECK(values_file_of(table_path("a/b", nmm, s, true)) == table_path("a/b", nmm, s));
    CHECK_FALSE(values_file_of(table_path("a/b", nmm, s)));
    CHECK_FALSE(values_file_of(".wdl.mtb"));
}

TEST_CASE("DIR and DIR/<rules>/ are one folder, for finding one rule set and for listing", "[table][folder]") {
    const Rules& nmm = rules_named("nmm");
    TmpDir tmp;
    const std::string dir = tmp.path.string(), sub = tmp.file("nmm");
    std::filesystem::create_directories(sub);
    REQUIRE_FALSE(write_synthetic(sub, nmm, Sector{3, 3, 0, 0}));

    const TableFolder found = find_tables_folder(dir, "nmm");
    CHECK(found.dir == sub);
    CHECK(found.has_tables);
    CHECK(found.rules_subfolder);
    CHECK(found.path(nmm, Sector{3, 3, 0, 0}) == table_path(sub, nmm, Sector{3, 3, 0, 0}));
    const TableFolder direct = find_tables_folder(sub, "nmm");
    CHECK(direct.dir == sub);
    CHECK(direct.has_tables);
    CHECK_FALSE(direct.rules_subfolder);
    const TableFolder none = find_tables_folder(dir, "six");
    CHECK(none.dir == dir);
    CHECK_FALSE(none.has_tables);
    CHECK(no_tables_message(none).find("no six table found in " + dir) == 0);

    std::string error;
    const TableFolder listed = list_table_folder(dir, error);
    CHECK(error.empty());
    CHECK(listed.dir == sub);
    CHECK(listed.rules == "nmm");
    CHECK(listed.files == std::vector<std::string>{table_path(sub, nmm, Sector{3, 3, 0, 0})});

    // A second rule set's folder makes DIR ambiguous for listing.
    std::filesystem::create_directories(tmp.file("six"));
    REQUIRE_FALSE(write_synthetic(tmp.file("six"), rules_named("six"), Sector{3, 3, 0, 0}));
    list_table_folder(dir, error);
    CHECK(error.find("several rule-set folders") != std::string::npos);
}

TEST_CASE("a folder holds one rule set and one metric: the first table that breaks it is named", "[table][folder]") {
    const Rules& nmm = rules_named("nmm");
    TmpDir tmp;
    const std::string dir = tmp.path.string();
    REQUIRE_FALSE(write_synthetic(dir, nmm, Sector{3, 3, 0, 0}));
    CHECK_FALSE(first_clash(dir, nmm, Metric::native(nmm)));

    const std::optional<FolderClash> dtc = first_clash(dir, nmm, *Metric::of(nmm, MetricKind::DTC));
    REQUIRE(dtc);
    CHECK(dtc->file == "nmm_3v3.mtb");
    REQUIRE(dtc->metric);
    CHECK(dtc->metric->kind() == MetricKind::DTM);

    const Rules& six = rules_named("six");
    const std::optional<FolderClash> other = first_clash(dir, six, Metric::native(six));
    REQUIRE(other);
    CHECK(other->rules == "nmm");
    CHECK_FALSE(other->metric);

    std::string error;
    CHECK_FALSE(metric_mix(list_table_folder(dir, error)));
    TableWriteOptions opt;
    opt.metric = MetricKind::DTC;
    REQUIRE_FALSE(write_synthetic(dir, nmm, Sector{4, 3, 0, 0}, opt));
    const std::optional<std::string> mix = metric_mix(list_table_folder(dir, error));
    REQUIRE(mix);
    CHECK(mix->find("mixes metrics") != std::string::npos);
}
