// Forged tables (issue 28): header fields and dictionary entries set as an
// attacker would, every checksum recomputed (tests/tools/hardening/forge.h).  A
// forged table is a damaged one for every reader: the C API answers
// MTB_E_CORRUPT naming the file, never MTB_E_MEMORY, a bad_alloc or a
// value; each case here failed on c234062.
#include "tests/catch.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "mtb/probe.h"
#include "table/table_reader.h"
#include "table/value_range.h"
#include "tests/table/file_bytes.h"
#include "tests/table/synthetic.h"
#include "tests/table/tmp_dir.h"
#include "tests/tools/hardening/forge.h"

using namespace mtb;

namespace {

const Rules& nmm() { return *find_rules("nmm"); }
const Sector S33{3, 3, 0, 0};

using test::slurp;
// Writes `b` to `path`, extended (sparse) to `size` bytes when larger.
void spit(const std::string& path, const std::vector<std::uint8_t>& b, std::uint64_t size = 0) {
    test::spit(path, b);
    if (size > b.size()) REQUIRE(::truncate(path.c_str(), off_t(size)) == 0);
}

// nmm 3v3 with synthetic values, written into `dir`; returns its bytes.
std::vector<std::uint8_t> sound_3v3(const std::string& dir) {
    REQUIRE_FALSE(test::write_synthetic(dir, nmm(), S33));
    return slurp(table_path(dir, nmm(), S33));
}

// The C API's answer for a 3v3 position of the folder.
std::uint32_t probe_3v3(const std::string& dir, mtb_status& st) {
    mtb_tb* tb = mtb_open(dir.c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    const mtb_pos p{0x7, 0x700, 0, 0, MTB_WHITE, 0};  // a1 b1 c1... any 3v3 position
    const std::uint32_t v = mtb_probe(tb, &p, &st);
    mtb_close(tb);
    return v;
}

}  // namespace

TEST_CASE("a header claiming 2^32 - 1 slots in a sparse file of its size is damaged, not out of memory",
          "[hardening]") {
    test::TmpDir dir;
    auto b = sound_3v3(dir.path.string());
    const std::string path = dir.file(table_file_name(nmm(), S33));
    forge::put(&b[64], 0xffffffffu, 8);  // slot_count
    forge::put(&b[76], 1, 4);            // block_slots: a 103 GB block index
    const std::uint64_t size = forge::make_layout_consistent(b);
    forge::fix_checksums(b);
    spit(path, b, size);

    std::string error;
    bool io = true;
    REQUIRE_FALSE(TableFile::open(path, error, &io));
    CHECK_FALSE(io);
    CHECK(error.find("4294967295 slots") != std::string::npos);
    const auto problems = verify_table(path);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.find("4294967295 slots") != std::string::npos);

    mtb_status st;
    const std::uint32_t v = probe_3v3(dir.path.string(), st);
    REQUIRE(mtb_is_error(v));
    CHECK(mtb_get_error_code(v) == MTB_E_CORRUPT);
    CHECK(std::string(st.message).find(table_file_name(nmm(), S33)) != std::string::npos);
}

TEST_CASE("a forged header of an unknown rule set is read in bounded pieces", "[hardening]") {
    test::TmpDir dir;
    auto b = sound_3v3(dir.path.string());
    const std::string path = dir.file(table_file_name(nmm(), S33));
    forge::put(&b[48], 1, 8);  // a fingerprint no rule set has: no sector to check against
    forge::put(&b[64], 0xffffffffu, 8);
    forge::put(&b[76], 1, 4);
    const std::uint64_t size = forge::make_layout_consistent(b);
    forge::fix_checksums(b);
    spit(path, b, size);
    std::string error;
    REQUIRE_FALSE(TableFile::open(path, error));
    CHECK(error.find("block index out of order") != std::string::npos);
}

TEST_CASE("dictionary counts must sum to the slot count, without overflow", "[hardening]") {
    test::TmpDir dir;
    const auto sound = sound_3v3(dir.path.string());
    const std::string path = dir.file(table_file_name(nmm(), S33));
    const std::uint64_t slots = forge::get(&sound[64], 8);
    std::string error;
    SECTION("short of it") {
        auto b = sound;
        REQUIRE(forge::put_dict(b, 0, false, forge::get(&b[kHeaderSize], 8) - 1));
        forge::fix_checksums(b);
        forge::fix_trailer(b);
        spit(path, b);
        REQUIRE_FALSE(TableFile::open(path, error));
        CHECK(error.find("not the " + std::to_string(slots) + " slots") != std::string::npos);
        mtb_status st;
        const std::uint32_t v = probe_3v3(dir.path.string(), st);
        REQUIRE(mtb_is_error(v));
        CHECK(mtb_get_error_code(v) == MTB_E_CORRUPT);
    }
    SECTION("wrapping past 2^64") {
        auto b = sound;
        REQUIRE(forge::put_dict(b, 0, false, std::uint64_t(1) << 63));
        REQUIRE(forge::put_dict(b, 1, false, (std::uint64_t(1) << 63) + 1));
        forge::fix_checksums(b);
        forge::fix_trailer(b);
        spit(path, b);
        REQUIRE_FALSE(TableFile::open(path, error));
        CHECK(error.find("exceed the slot count") != std::string::npos);
    }
    SECTION("moved from one code to another: the right sum, found by verify's recount") {
        auto b = sound;
        REQUIRE(forge::put_dict(b, 0, false, forge::get(&b[kHeaderSize], 8) - 5));
        REQUIRE(forge::put_dict(b, 1, false, forge::get(&b[kHeaderSize + kDictEntrySize], 8) + 5));
        forge::fix_checksums(b);
        forge::fix_trailer(b);
        spit(path, b);
        REQUIRE(TableFile::open(path, error));  // nothing to see without reading the blocks
        const auto problems = verify_table(path);
        REQUIRE(problems.size() == 1);
        CHECK(problems[0].message.find("the blocks hold") != std::string::npos);
    }
}

TEST_CASE("codes outside the metric's range are refused", "[hardening]") {
    const Rules& l20 = *find_rules("lasker-20");
    const Rules& lasker = *find_rules("lasker");
    // lasker-20: draw, and DTC 1..20 (codes 3..42); never 0, 2 (DTC 0) or 43 (DTC 21).
    CHECK(code_in_range(l20, TableContent::VALUES, VALUE_DRAW));
    CHECK(code_in_range(l20, TableContent::VALUES, clock_win(1)));
    CHECK(code_in_range(l20, TableContent::VALUES, clock_loss(20)));
    CHECK_FALSE(code_in_range(l20, TableContent::VALUES, VALUE_NONE));
    CHECK_FALSE(code_in_range(l20, TableContent::VALUES, clock_loss(0)));
    CHECK_FALSE(code_in_range(l20, TableContent::VALUES, clock_win(21)));
    CHECK_FALSE(code_in_range(l20, TableContent::VALUES, clock_loss(21)));
    // Without a limit any position's code; win/draw/loss files three codes.
    CHECK(code_in_range(lasker, TableContent::VALUES, 65535));
    CHECK(code_in_range(lasker, TableContent::WDL, wdl_only_code(-1)));
    CHECK_FALSE(code_in_range(lasker, TableContent::WDL_CAPTURES, value_win(3)));

    // A lasker-20 table whose most frequent code becomes DTC 21, checksums
    // recomputed: refused when opened (the probe once read it as a draw).
    test::TmpDir dir;
    const Sector s = S33;
    SectorIndex idx(l20, s);
    std::vector<ValueCode> values(idx.slots());
    for (std::uint64_t i = 0; i < values.size(); ++i) values[i] = i % 3 ? clock_win(1 + int(i % 20)) : VALUE_DRAW;
    const std::string path = dir.file(table_file_name(l20, s));
    REQUIRE_FALSE(write_table(path, l20, s, values));
    std::string error;
    REQUIRE(TableFile::open(path, error));
    auto b = slurp(path);
    REQUIRE(forge::put_dict(b, 0, true, clock_win(21)));
    forge::fix_checksums(b);
    forge::fix_trailer(b);
    spit(path, b);
    REQUIRE_FALSE(TableFile::open(path, error));
    CHECK(error.find("code 43, outside the range of lasker-20 values") != std::string::npos);
    REQUIRE_FALSE(verify_table(path).empty());
}
