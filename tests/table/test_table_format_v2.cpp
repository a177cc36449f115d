// Table format version 2 (table/FORMAT.md): packed symbols and a trained
// zstd dictionary read back every value; version-1 files still open; every
// byte of a version-2 file is covered by a checksum; forged packing fields
// are refused.
#include "tests/catch.hpp"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

#include "table/table_reader.h"
#include "table/table_writer.h"
#include "tests/table/file_bytes.h"
#include "tests/table/tmp_dir.h"

using namespace mtb;
using mtb::test::slurp;
using mtb::test::spit;

namespace {

// nmm under a name no rule set has: any slot count and codes pass the
// reader (the format alone is tested; as in test_table_file.cpp).
const Rules& unregistered() {
    static const Rules r = [] {
        Rules u = *find_rules("nmm");
        u.name = "nmm-format-v2-test";
        return u;
    }();
    return r;
}
const Sector kSector{3, 3, 0, 0};

// A value drawn as a table's are: one value (code 1) far more common
// than the others, which zstd alone codes at one bit or more per slot.
ValueCode skewed_value(std::mt19937& rng, int distinct) {
    return rng() % 5 ? ValueCode(1) : ValueCode(1 + rng() % unsigned(distinct));
}

// `blocks` blocks of `block_slots` slots, each the same random run of
// skewed values with a few slots changed: what a dictionary learns.
std::vector<ValueCode> patterned(std::uint32_t blocks, std::uint32_t block_slots, int distinct, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<ValueCode> pattern(block_slots);
    for (auto& c : pattern) c = skewed_value(rng, distinct);
    std::vector<ValueCode> v(std::size_t(blocks) * block_slots);
    for (std::size_t i = 0; i < v.size(); ++i)
        v[i] = rng() % 50 ? pattern[i % block_slots] : skewed_value(rng, distinct);
    // Every code present, so the dictionary has `distinct` symbols.
    for (int c = 1; c <= distinct; ++c) v[std::size_t(c)] = ValueCode(c);
    return v;
}

// Skewed values with no pattern: packing pays, a dictionary does not.
std::vector<ValueCode> skewed(std::size_t n, int distinct, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<ValueCode> v(n);
    for (auto& c : v) c = skewed_value(rng, distinct);
    for (int c = 1; c <= distinct; ++c) v[std::size_t(c)] = ValueCode(c);
    return v;
}

std::unique_ptr<TableFile> write_and_open(const std::string& path, const std::vector<ValueCode>& values,
                                          const TableWriteOptions& opt) {
    REQUIRE_FALSE(write_table(path, unregistered(), kSector, values, opt));
    std::string error;
    auto t = TableFile::open(path, error);
    INFO(error);
    REQUIRE(t);
    return t;
}

void check_reads_back(const TableFile& t, const std::vector<ValueCode>& values) {
    std::vector<ValueCode> back;
    REQUIRE_FALSE(t.read_all(back));
    REQUIRE(back == values);
    CHECK(verify_table(t.path()).empty());
}

// The 128-byte header with its checksum recomputed (offsets: FORMAT.md).
void rechecksum_header(std::vector<std::uint8_t>& b) {
    const std::uint64_t sum = checksum64({b.data(), 120});
    for (int i = 0; i < 8; ++i) b[120 + std::size_t(i)] = std::uint8_t(sum >> (8 * i));
}

}  // namespace

TEST_CASE("v2: few values are packed several to a byte and read back", "[table]") {
    test::TmpDir dir;
    // distinct -> the base and digits per byte FORMAT.md gives.
    const std::pair<int, std::pair<int, int>> cases[] = {{2, {2, 8}}, {3, {3, 5}}, {4, {4, 4}},
                                                         {5, {5, 3}}, {6, {6, 3}}, {16, {16, 2}}};
    for (auto [distinct, packing] : cases) {
        INFO("distinct " << distinct);
        auto values = skewed(100003, distinct, std::uint32_t(distinct));
        TableWriteOptions opt;
        opt.level = 3;
        opt.block_slots = 10000;  // the last block is short: its last byte is padded
        auto t = write_and_open(dir.file("p.mtb"), values, opt);
        CHECK(t->header().format_version == 2);
        CHECK(int(t->header().pack_base) == packing.first);
        CHECK(int(t->header().pack_count) == packing.second);
        check_reads_back(*t, values);
        opt.pack_symbols = false;
        auto plain = write_and_open(dir.file("q.mtb"), values, opt);
        CHECK(plain->header().pack_base == 0);
        check_reads_back(*plain, values);
    }
}

TEST_CASE("the writer's stats count each encoding's frames and the file's bytes", "[table]") {
    // 100003 slots in blocks of 10000: plain frames are a byte a slot;
    // packed 4 to a byte (4 values), each block's frame rounds up.
    test::TmpDir dir;
    const auto values = skewed(100003, 4, 7);
    TableWriteOptions opt;
    opt.level = 3;
    opt.block_slots = 10000;
    opt.train_dictionary = false;
    TableWriteStats stats;
    opt.stats = &stats;
    opt.pack_symbols = false;
    write_and_open(dir.file("plain.mtb"), values, opt);
    CHECK(stats.frame_bytes == 100003);
    CHECK(stats.file_bytes == std::filesystem::file_size(dir.file("plain.mtb")));
    // Added to, not reset: both encodings of the second table on top.
    const std::uint64_t first_file = stats.file_bytes;
    opt.pack_symbols = true;
    auto packed = write_and_open(dir.file("packed.mtb"), values, opt);
    REQUIRE(int(packed->header().pack_count) == 4);
    CHECK(stats.frame_bytes == 100003 + 100003 + (10 * 2500 + 1));
    CHECK(stats.file_bytes == first_file + std::filesystem::file_size(dir.file("packed.mtb")));
}

TEST_CASE("v2: a table whose blocks share a pattern gets a zstd dictionary", "[table]") {
    test::TmpDir dir;
    for (int distinct : {3, 40}) {
        INFO("distinct " << distinct);
        auto values = patterned(40, 4096, distinct, 17);
        TableWriteOptions opt;
        opt.level = 3;
        opt.block_slots = 4096;
        auto t = write_and_open(dir.file("d.mtb"), values, opt);
        CHECK(t->header().zdict_size > 0);
        check_reads_back(*t, values);
        opt.train_dictionary = false;
        auto plain = write_and_open(dir.file("e.mtb"), values, opt);
        CHECK(plain->header().zdict_size == 0);
        check_reads_back(*plain, values);
        CHECK(plain->size() > t->size());
    }
}

TEST_CASE("v2: a version-1 file is still read, with the same values", "[table]") {
    test::TmpDir dir;
    auto values = patterned(20, 4096, 3, 5);
    TableWriteOptions opt;
    opt.level = 3;
    opt.block_slots = 4096;
    opt.format_version = 1;
    auto v1 = write_and_open(dir.file("v1.mtb"), values, opt);
    CHECK(v1->header().format_version == 1);
    CHECK(v1->header().pack_base == 0);
    CHECK(v1->header().zdict_size == 0);
    check_reads_back(*v1, values);
    // A version-1 header with a version-2 field set is damaged.
    auto bytes = slurp(v1->path());
    bytes[113] = 3;
    bytes[114] = 5;
    rechecksum_header(bytes);
    spit(dir.file("forged.mtb"), bytes);
    std::string error;
    CHECK_FALSE(TableFile::open(dir.file("forged.mtb"), error));
    CHECK(error.find("reserved header field not zero") != std::string::npos);
    // The writer writes versions 1 to 3 only, and rule-decided slots in 3 only.
    opt.format_version = 4;
    CHECK(write_table(dir.file("v4.mtb"), unregistered(), kSector, values, opt));
    opt.format_version = 2;
    opt.rule_decided = true;
    CHECK(write_table(dir.file("v2.mtb"), unregistered(), kSector, values, opt));
}

TEST_CASE("v2: packing fields that do not fit the dictionary are refused", "[table]") {
    test::TmpDir dir;
    auto values = skewed(20 * 4096, 3, 9);
    TableWriteOptions opt;
    opt.level = 3;
    opt.block_slots = 4096;
    auto t = write_and_open(dir.file("t.mtb"), values, opt);
    REQUIRE(t->header().pack_base == 3);
    const auto good = slurp(t->path());
    // base below dict_size, a wrong digit count, a count without a base,
    // base 1, and a base that needs 2-byte symbols.
    const std::pair<int, int> forged[] = {{2, 8}, {3, 4}, {3, 6}, {0, 5}, {1, 8}, {255, 1}};
    for (auto [base, count] : forged) {
        INFO("base " << base << " count " << count);
        auto bytes = good;
        bytes[113] = std::uint8_t(base);
        bytes[114] = std::uint8_t(count);
        rechecksum_header(bytes);
        spit(dir.file("f.mtb"), bytes);
        std::string error;
        auto f = TableFile::open(dir.file("f.mtb"), error);
        if (base == 255) {
            // A legal packing of another base: the header passes, every
            // block's size or digits then fail, never a wrong value.
            REQUIRE(f);
            std::vector<ValueCode> back;
            CHECK(f->read_all(back));
            continue;
        }
        CHECK_FALSE(f);
        CHECK(error.find("bad symbol packing") != std::string::npos);
    }
}

TEST_CASE("v2: every flipped byte of a packed file with a dictionary is found", "[table]") {
    test::TmpDir dir;
    auto values = patterned(16, 8192, 3, 23);
    TableWriteOptions opt;
    opt.level = 1;
    opt.block_slots = 8192;
    auto t0 = write_and_open(dir.file("t.mtb"), values, opt);
    REQUIRE(t0->header().pack_base == 3);
    REQUIRE(t0->header().zdict_size > 0);
    const auto good = slurp(t0->path());
    const std::string damaged = dir.file("d.mtb");
    for (std::size_t at = 0; at < good.size(); ++at) {
        auto bytes = good;
        bytes[at] ^= std::uint8_t(at % 2 ? 0x80 : 0x01);
        spit(damaged, bytes);
        INFO("byte " << at << " of " << good.size());
        REQUIRE_FALSE(verify_table(damaged).empty());
        std::string error;
        auto t = TableFile::open(damaged, error);
        if (!t) continue;
        for (std::uint32_t b = 0; b < t->header().block_count; ++b) {
            std::vector<ValueCode> block;
            if (t->read_block(b, block)) continue;
            for (std::size_t i = 0; i < block.size(); ++i) REQUIRE(block[i] == values[std::size_t(b) * 8192 + i]);
        }
    }
}
