// The block cache stays within its bound and returns what was stored; table
// file names parse back to their sector.
#include "tests/catch.hpp"

#include "table/block_cache.h"
#include "table/table_folder.h"
#include "table/table_writer.h"

using namespace mtb;

TEST_CASE("the block cache returns stored symbols and keeps within its bound", "[cache]") {
    const std::size_t capacity = 64 * 4096;  // one 4 KiB block per shard
    BlockCache cache(capacity);
    auto block = [](std::uint64_t key, std::size_t n, std::uint8_t width) {
        std::vector<std::uint8_t> raw(n * width);
        for (std::size_t i = 0; i < raw.size(); ++i) raw[i] = std::uint8_t(key * 7 + i);
        return raw;
    };
    for (std::uint64_t key = 0; key < 1000; ++key) {
        std::uint8_t width = key % 3 == 0 ? 2 : 1;
        cache.insert(key, block(key, 2048, width), width);
        CHECK(cache.bytes_used() <= capacity);
        std::uint16_t s = 0;
        REQUIRE(cache.lookup(key, 100, s));  // just inserted: present
        auto expect = block(key, 2048, width);
        CHECK(s == (width == 1 ? expect[100] : std::uint16_t(expect[100] | expect[2048 + 100] << 8)));
    }
    // Old blocks were evicted.
    int present = 0;
    std::uint16_t s;
    for (std::uint64_t key = 0; key < 1000; ++key) present += cache.lookup(key, 0, s);
    CHECK(present <= 128);
    CHECK(present > 0);
}

TEST_CASE("table file names parse back to their sector", "[cache]") {
    const Rules& r = *find_rules("nmm");
    for (Sector s : {Sector{3, 3, 0, 0}, Sector{9, 8, 0, 1}, Sector{12, 0, 5, 7}}) {
        Sector back;
        REQUIRE(parse_table_file_name(table_file_name(r, s), "nmm", back));
        CHECK(back == s);
    }
    Sector t;
    for (const char* bad : {"nmm_3v3.wdl.mtb", "nmm-noflying_3v3.mtb", "nmm_3v.mtb", "nmm_3v3+1.mtb", "nmm_03v3.mtb",
                            "nmm_3v3.mtbx", "lasker_3v3.mtb", "nmm_3v3+0+0.mtb", "nmm_.mtb"})
        CHECK_FALSE(parse_table_file_name(bad, "nmm", t));
}
