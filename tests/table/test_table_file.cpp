// Table files: values survive write -> read; damage is always detected.
#include "tests/catch.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "table/index.h"
#include "table/table_reader.h"
#include "table/table_writer.h"
#include "tests/table/file_bytes.h"
#include "tests/table/tmp_dir.h"

using namespace mtb;
using mtb::test::slurp;
using mtb::test::spit;

namespace {

const Rules& nmm() { return *find_rules("nmm"); }
// nmm under a name no rule set has: the reader cannot check such a table's
// slot count, counts or codes against a sector (table/table_identity.h),
// so the format alone is tested with any slot count and any codes.
const Rules& unregistered() {
    static const Rules r = [] {
        Rules u = nmm();
        u.name = "nmm-format-test";
        return u;
    }();
    return r;
}

// Random codes: a share of NONE slots, `distinct` different real values.
std::vector<ValueCode> random_values(std::size_t n, int distinct, double none_share, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0, 1);
    std::uniform_int_distribution<int> pick(0, distinct - 1);
    std::vector<ValueCode> v(n);
    for (auto& c : v) c = u(rng) < none_share ? VALUE_NONE : ValueCode(1 + pick(rng));
    return v;
}

// Every slot that holds a position reads back as written.
void check_same(const std::vector<ValueCode>& written, const std::vector<ValueCode>& read) {
    REQUIRE(read.size() == written.size());
    std::size_t bad = 0;
    for (std::size_t i = 0; i < written.size(); ++i)
        if (written[i] != VALUE_NONE && written[i] != read[i]) ++bad;
    REQUIRE(bad == 0);
}

}  // namespace

TEST_CASE("values survive write and read for several block sizes and widths", "[table]") {
    test::TmpDir dir;
    const Sector s{5, 4, 0, 0};
    struct Case {
        std::size_t slots;
        int distinct;
        double none_share;
        std::uint32_t block_slots;
    };
    const Case cases[] = {
        {10000, 3, 0.3, 1},        {10000, 40, 0.0, 7},     {100000, 200, 0.5, 1000},
        {100000, 256, 0.1, 65536}, {70000, 700, 0.2, 4096}, {1, 1, 0.0, 65536},
        {0, 1, 0.0, 64},           {5000, 5, 1.0, 100},     {300000, 2, 0.05, 1u << 20},
    };
    std::uint32_t seed = 1;
    for (const Case& c : cases) {
        INFO("slots " << c.slots << " distinct " << c.distinct << " block " << c.block_slots);
        auto values = random_values(c.slots, c.distinct, c.none_share, seed++);
        std::string path = dir.file(table_file_name(unregistered(), s));
        TableWriteOptions opt;
        opt.block_slots = c.block_slots;
        opt.level = 3;
        REQUIRE_FALSE(write_table(path, unregistered(), s, values, opt));
        std::string error;
        auto t = TableFile::open(path, error);
        REQUIRE(t);
        CHECK(t->header().symbol_width == (c.distinct > 256 ? 2 : 1));
        CHECK(t->slots() == c.slots);
        std::vector<ValueCode> back;
        REQUIRE_FALSE(t->read_all(back));
        check_same(values, back);
        // The dictionary's counts are the number of positions per value.
        std::uint64_t positions = 0;
        for (const DictEntry& d : t->dictionary()) {
            std::uint64_t n = std::count(values.begin(), values.end(), d.code);
            CHECK(d.count == n);
            positions += d.count;
        }
        CHECK(positions == c.slots - std::size_t(std::count(values.begin(), values.end(), VALUE_NONE)));
        // Single-slot access agrees too.
        for (std::size_t i = 0; i < c.slots; i += 997) {
            ValueCode v;
            REQUIRE_FALSE(t->value_at(i, v));
            if (values[i] != VALUE_NONE) CHECK(v == values[i]);
        }
        CHECK(verify_table(path).empty());
    }
}

TEST_CASE("the WDL-only file keeps win, draw and loss", "[table]") {
    test::TmpDir dir;
    const Sector s{3, 3, 0, 0};
    // As many slots as the sector has: load_table() checks the header's count.
    auto values = random_values(SectorIndex(nmm(), s).slots(), 60, 0.0, 7);
    std::string path = dir.file(table_file_name(nmm(), s, true));
    TableWriteOptions opt;
    opt.content = TableContent::WDL;
    REQUIRE_FALSE(write_table(path, nmm(), s, values, opt));
    std::vector<ValueCode> back;
    REQUIRE_FALSE(load_table(path, nmm(), s, back));
    for (std::size_t i = 0; i < values.size(); ++i)
        if (values[i] != VALUE_NONE) REQUIRE(value_wdl(back[i]) == value_wdl(values[i]));
}

TEST_CASE("a table of another rule set or sector is refused with a message", "[table]") {
    test::TmpDir dir;
    const Sector s{3, 3, 0, 0};
    auto values = random_values(SectorIndex(nmm(), s).slots(), 10, 0.0, 3);  // lasker's board is nmm's
    std::string path = dir.file("x.mtb");
    REQUIRE_FALSE(write_table(path, *find_rules("lasker"), s, values));
    std::vector<ValueCode> back;
    auto e = load_table(path, nmm(), s, back);
    REQUIRE(e);
    CHECK(e->find("lasker") != std::string::npos);
    e = load_table(path, *find_rules("lasker"), Sector{4, 3, 0, 0}, back);
    REQUIRE(e);
    CHECK(e->find("3v3") != std::string::npos);
    CHECK_FALSE(load_table(path, *find_rules("lasker"), s, back));

    // Same name, different rules: the fingerprint decides.
    Rules changed = nmm();
    changed.fly_at = 0;
    REQUIRE_FALSE(write_table(path, changed, s, values));
    e = load_table(path, nmm(), s, back);
    REQUIRE(e);
    CHECK(e->find("fingerprint") != std::string::npos);
}

TEST_CASE("every flipped byte is found by verify and never gives a wrong value", "[table]") {
    test::TmpDir dir;
    const Sector s{3, 3, 0, 0};
    auto values = random_values(6000, 30, 0.2, 11);
    std::string path = dir.file("t.mtb");
    TableWriteOptions opt;
    opt.block_slots = 1500;
    opt.level = 1;
    REQUIRE_FALSE(write_table(path, unregistered(), s, values, opt));
    const auto good = slurp(path);
    std::string damaged = dir.file("d.mtb");
    std::string error;
    auto t0 = TableFile::open(path, error);
    REQUIRE(t0);
    for (std::size_t at = 0; at < good.size(); ++at) {
        {
            std::uint8_t mask = at % 2 ? 0x80 : 0x01;
            auto bytes = good;
            bytes[at] ^= mask;
            spit(damaged, bytes);
            INFO("byte " << at << " of " << good.size());
            auto problems = verify_table(damaged);
            REQUIRE_FALSE(problems.empty());
            for (const auto& p : problems) CHECK(p.file == damaged);
            // A damaged block is named by number.
            for (std::uint32_t b = 0; b < t0->header().block_count; ++b) {
                const BlockEntry& e = t0->blocks()[b];
                if (at >= e.offset && at < e.offset + e.size) {
                    bool named = false;
                    for (const auto& p : problems) named |= p.block == b;
                    CHECK(named);
                }
            }
            // Reading gives an error or the right values.
            auto t = TableFile::open(damaged, error);
            if (!t) continue;
            for (std::uint32_t b = 0; b < t->header().block_count; ++b) {
                std::vector<ValueCode> block;
                if (t->read_block(b, block)) continue;
                for (std::size_t i = 0; i < block.size(); ++i) {
                    ValueCode w = values[std::size_t(b) * opt.block_slots + i];
                    if (w != VALUE_NONE) REQUIRE(block[i] == w);
                }
            }
        }
    }
}

TEST_CASE("a truncated or extended file is refused", "[table]") {
    test::TmpDir dir;
    auto values = random_values(5000, 20, 0.1, 5);
    std::string path = dir.file("t.mtb");
    REQUIRE_FALSE(write_table(path, unregistered(), Sector{3, 3, 0, 0}, values));
    const auto good = slurp(path);
    std::string cut = dir.file("cut.mtb");
    std::string error;
    for (std::size_t len = 0; len < good.size(); ++len) {
        spit(cut, std::vector<std::uint8_t>(good.begin(), good.begin() + std::ptrdiff_t(len)));
        INFO("length " << len);
        REQUIRE_FALSE(TableFile::open(cut, error));
        REQUIRE_FALSE(verify_table(cut).empty());
    }
    auto longer = good;
    longer.push_back(0);
    spit(cut, longer);
    REQUIRE_FALSE(TableFile::open(cut, error));
    CHECK(error.find("truncated") != std::string::npos);
}

TEST_CASE("the writer rejects bad options and unwritable paths", "[table]") {
    test::TmpDir dir;
    std::vector<ValueCode> v(10, VALUE_DRAW);
    TableWriteOptions opt;
    opt.block_slots = 0;
    CHECK(write_table(dir.file("a.mtb"), nmm(), Sector{3, 3, 0, 0}, v, opt));
    opt = {};
    opt.level = 99;
    CHECK(write_table(dir.file("a.mtb"), nmm(), Sector{3, 3, 0, 0}, v, opt));
    opt = {};
    opt.search = MatchSearch{1000, 0};  // zstd's minimum match is 3..7
    CHECK(write_table(dir.file("a.mtb"), nmm(), Sector{3, 3, 0, 0}, v, opt));
    opt = {};
    opt.search = MatchSearch{0, -1};
    CHECK(write_table(dir.file("a.mtb"), nmm(), Sector{3, 3, 0, 0}, v, opt));
    CHECK_FALSE(std::filesystem::exists(dir.file("a.mtb")));
    CHECK(write_table(dir.file("no/such/dir/a.mtb"), nmm(), Sector{3, 3, 0, 0}, v));
    CHECK(table_file_name(nmm(), Sector{5, 4, 2, 3}) == "nmm_5v4+2+3.mtb");
    CHECK(table_file_name(nmm(), Sector{5, 4, 0, 0}) == "nmm_5v4.mtb");
}

TEST_CASE("a match search of its own changes a table's bytes, never its values", "[table]") {
    test::TmpDir dir;
    const Sector s{5, 4, 0, 0};
    // Runs of a few values with short random stretches between, as solved
    // tables have: the matches zstd finds then depend on its search.
    std::mt19937 rng(11);
    std::vector<ValueCode> values(300000);
    for (std::size_t i = 0; i < values.size();) {
        const std::size_t run = 1 + rng() % 40;
        const ValueCode c = ValueCode(1 + rng() % 6);
        for (std::size_t j = 0; j < run && i < values.size(); ++j, ++i) values[i] = rng() % 9 ? c : ValueCode(7);
    }
    auto write = [&](const std::string& name, std::optional<MatchSearch> search) {
        TableWriteOptions opt;
        opt.level = 9;
        opt.search = search;
        opt.pack_symbols = false;  // one encoding, so that only the search differs
        const std::string path = dir.file(name);
        REQUIRE_FALSE(write_table(path, unregistered(), s, values, opt));
        std::string error;
        auto t = TableFile::open(path, error);
        REQUIRE(t);
        std::vector<ValueCode> back;
        REQUIRE_FALSE(t->read_all(back));
        check_same(values, back);
        CHECK(verify_table(path).empty());
        return slurp(path);
    };
    const auto plain = write("plain.mtb", MatchSearch{});
    const auto tuned = write("tuned.mtb", MatchSearch{6, 4});
    CHECK(plain != tuned);  // the setting reached zstd
    CHECK(write("plain-again.mtb", MatchSearch{}) == plain);
    // Unset, level 9 takes the writer's tuning, another level its own search.
    CHECK(tuned_search(9) != MatchSearch{});
    CHECK(tuned_search(19) == MatchSearch{});
    CHECK(write("default.mtb", std::nullopt) == write("tuned-9.mtb", tuned_search(9)));
}
