// The C API against synthetic tables: values agree with the index by an
// independent route, errors carry their pinned codes, threads share a handle.
#include "tests/catch.hpp"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/notation.h"
#include "mtb/probe.h"
#include "mtb/probe.hpp"
#include "probe/api_support.h"
#include "table/table_reader.h"
#include "tests/table/synthetic.h"
#include "tests/table/tmp_dir.h"

using namespace mtb;

namespace {

const Rules& nmm() { return *find_rules("nmm"); }
const Sector S33{3, 3, 0, 0}, S43{4, 3, 0, 0}, S34{3, 4, 0, 0};

using api::to_c;

std::uint32_t packed(ValueCode c) {
    std::uint32_t w = value_wdl(c) == Wdl::WIN ? MTB_WIN : value_wdl(c) == Wdl::DRAW ? MTB_DRAW : MTB_LOSS;
    return w << MTB_WDL_SHIFT | std::uint32_t(value_plies(c)) << MTB_PLIES_SHIFT;
}

// The value a probe must give: the end of the game, or the synthetic value
// of the position's slot.
std::uint32_t expected(const Rules& r, const Position& p) {
    Outcome o = outcome(r, p);
    if (o == Outcome::LOSS) return packed(value_loss(0));
    if (o == Outcome::DRAW) return packed(VALUE_DRAW);
    SectorIndex idx(r, sector_of(p));
    return packed(test::synthetic_value(idx.slot_of(normalise(p))));
}

struct Fixture {
    test::TmpDir dir;
    Fixture(std::initializer_list<Sector> sectors, std::uint32_t block_slots = 1u << 16) {
        TableWriteOptions opt;
        opt.level = 3;
        opt.block_slots = block_slots;
        for (Sector s : sectors) REQUIRE_FALSE(test::write_synthetic(dir.path.string(), nmm(), s, opt));
    }
    std::string path() const { return dir.path.string(); }
};

std::vector<Position> valid_positions(Sector s, int count, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::vector<Position> v;
    while (int(v.size()) < count) {
        Position p = test::random_position(nmm(), s, rng);
        if (!validate(nmm(), p)) v.push_back(p);
    }
    return v;
}

}  // namespace

TEST_CASE("error codes are pinned and versions agree", "[api]") {
    CHECK(MTB_E_NO_TABLE == 10);
    CHECK(MTB_E_INVALID_POSITION == 20);
    CHECK(MTB_E_CORRUPT == 30);
    CHECK(MTB_E_IO == 40);
    CHECK(MTB_E_RULES_MISMATCH == 50);
    CHECK(MTB_E_UNKNOWN_RULES == 60);
    CHECK(mtb_version_number() == MTB_VERSION_NUMBER);
    // Every value is not an error, every code is, and names exist.
    CHECK_FALSE(mtb_is_error(0));
    CHECK_FALSE(mtb_is_error(MTB_WIN | 65535u << MTB_PLIES_SHIFT));
    for (mtb_error_code c : {MTB_E_GENERIC, MTB_E_NO_TABLE, MTB_E_CORRUPT, MTB_E_MEMORY}) {
        std::uint32_t r = std::uint32_t(0) - std::uint32_t(c);
        CHECK(mtb_is_error(r));
        CHECK(mtb_get_error_code(r) == c);
        CHECK(std::string(mtb_error_name(r)) != "unknown error code");
    }
    CHECK(mtb_get_error_code(7u << MTB_PLIES_SHIFT) == MTB_E_NO_ERROR);
    mtb_close(nullptr);
    CHECK(mtb_table_count(nullptr) == 0);
}

TEST_CASE("probes agree with the index and the synthetic values", "[api]") {
    Fixture f({S33, S43, S34}, 4096);
    mtb_status st;
    mtb_tb* tb = mtb_open(f.path().c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    CHECK(mtb_table_count(tb) == 3);
    for (Sector s : {S33, S43, S34}) {
        for (const Position& p : valid_positions(s, 300, s.key())) {
            mtb_pos c = to_c(p);
            std::uint32_t v = mtb_probe(tb, &c, &st);
            INFO(position_to_text(nmm(), p) << ": " << st.message);
            REQUIRE(v == expected(nmm(), p));
            // Text input gives the same.
            mtb_pos parsed;
            REQUIRE(mtb_parse_position(tb, position_to_text(nmm(), p).c_str(), &parsed, nullptr) == 0);
            CHECK(mtb_probe(tb, &parsed, nullptr) == v);
        }
    }
    mtb_close(tb);
}

TEST_CASE("a finished game needs no table, missing tables and bad input are errors", "[api]") {
    Fixture f({S33});
    mtb_status st;
    mtb_tb* tb = mtb_open(f.path().c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    mtb_pos p;
    // Side to move blocked (White d7 a4 b6 ... boxed in): game over, loss in 0.
    // Black to move with 2 stones on the board and none in hand has lost.
    REQUIRE(mtb_parse_position(tb, "WWW.......B........B.... b 0 0", &p, &st) == 0);
    CHECK(mtb_probe(tb, &p, &st) == (MTB_LOSS << MTB_WDL_SHIFT));

    // 5v5: no table, the message names the sector.
    REQUIRE(mtb_parse_position(tb, "WWWWWBBBBB.............. w 0 0", &p, &st) == 0);
    std::uint32_t v = mtb_probe(tb, &p, &st);
    CHECK(mtb_get_error_code(v) == MTB_E_NO_TABLE);
    CHECK(st.code == MTB_E_NO_TABLE);
    CHECK(std::string(st.message).find("5v5") != std::string::npos);

    // Invalid positions.
    mtb_pos bad{1, 1, 0, 0, MTB_WHITE, 0};  // two stones on one point
    CHECK(mtb_get_error_code(mtb_probe(tb, &bad, &st)) == MTB_E_INVALID_POSITION);
    bad = mtb_pos{0x7, 0x38, 0, 0, 7, 0};  // side 7
    CHECK(mtb_get_error_code(mtb_probe(tb, &bad, &st)) == MTB_E_INVALID_POSITION);
    bad = mtb_pos{0x7u << 24, 0x38, 0, 0, MTB_WHITE, 0};  // off the board
    CHECK(mtb_get_error_code(mtb_probe(tb, &bad, &st)) == MTB_E_INVALID_POSITION);
    bad = mtb_pos{0x7, 0x38, 9, 9, MTB_WHITE, 0};  // too many stones
    CHECK(mtb_get_error_code(mtb_probe(tb, &bad, &st)) == MTB_E_INVALID_POSITION);
    CHECK(mtb_get_error_code(mtb_parse_position(tb, "hello", &p, &st)) == MTB_E_INVALID_POSITION);
    CHECK(mtb_get_error_code(mtb_probe(tb, nullptr, &st)) == MTB_E_BAD_ARGUMENT);
    CHECK(mtb_get_error_code(mtb_probe(nullptr, &p, nullptr)) == MTB_E_BAD_ARGUMENT);
    mtb_close(tb);

    // Opening errors.
    CHECK_FALSE(mtb_open(f.path().c_str(), "chess", 0, &st));
    CHECK(st.code == MTB_E_UNKNOWN_RULES);
    CHECK_FALSE(mtb_open((f.path() + "/missing").c_str(), "nmm", 0, &st));
    CHECK(st.code == MTB_E_IO);
    CHECK_FALSE(mtb_open(nullptr, "nmm", 0, &st));
    CHECK(st.code == MTB_E_BAD_ARGUMENT);
    // Tables of other rule sets in the same folder are simply not ours.
    tb = mtb_open(f.path().c_str(), "lasker", 0, &st);
    REQUIRE(tb);
    CHECK(mtb_table_count(tb) == 0);
    mtb_close(tb);
}

TEST_CASE("a table whose fingerprint differs is refused, naming the mismatch", "[api]") {
    test::TmpDir dir;
    Rules changed = nmm();
    changed.fly_at = 0;  // same name, other rules
    SectorIndex idx(nmm(), S33);
    auto values = test::synthetic_values(idx);
    REQUIRE_FALSE(write_table(dir.file("nmm_3v3.mtb"), changed, S33, values));
    mtb_status st;
    CHECK_FALSE(mtb_open(dir.path.c_str(), "nmm", 0, &st));
    CHECK(st.code == MTB_E_RULES_MISMATCH);
    CHECK(std::string(st.message).find("nmm_3v3.mtb") != std::string::npos);
    CHECK(std::string(st.message).find("fingerprint") != std::string::npos);
}

TEST_CASE("a damaged table gives errors, never wrong values", "[api]") {
    Fixture f({S33}, 2048);
    const std::string path = f.path() + "/nmm_3v3.mtb";
    std::string error;
    auto t = TableFile::open(path, error);
    REQUIRE(t);
    const BlockEntry e = t->blocks()[5];
    t.reset();
    {
        std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
        io.seekp(std::streamoff(e.offset + e.size / 2));
        char c;
        io.read(&c, 1);
        c ^= 0x10;
        io.seekp(std::streamoff(e.offset + e.size / 2));
        io.write(&c, 1);
    }
    mtb_status st;
    mtb_tb* tb = mtb_open(f.path().c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    int errors = 0;
    SectorIndex idx(nmm(), S33);
    for (const Position& p : valid_positions(S33, 3000, 5)) {
        mtb_pos c = to_c(p);
        std::uint32_t v = mtb_probe(tb, &c, &st);
        if (mtb_is_error(v)) {
            REQUIRE(mtb_get_error_code(v) == MTB_E_CORRUPT);
            CHECK(std::string(st.message).find("block 5") != std::string::npos);
            CHECK(idx.slot_of(normalise(p)) / 2048 == 5);
            ++errors;
        } else {
            REQUIRE(v == expected(nmm(), p));
        }
    }
    CHECK(errors > 0);
    mtb_close(tb);

    // A damaged header is reported by the probe that needs the table.
    {
        std::fstream io(path, std::ios::in | std::ios::out | std::ios::binary);
        io.seekp(20);
        io.put('X');
    }
    tb = mtb_open(f.path().c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    mtb_pos p;
    REQUIRE(mtb_parse_position(tb, "WWW.......B........B...B b 0 0", &p, &st) == 0);
    CHECK(mtb_get_error_code(mtb_probe(tb, &p, &st)) == MTB_E_CORRUPT);
    CHECK(std::string(st.message).find("header checksum") != std::string::npos);
    mtb_close(tb);
}

TEST_CASE("root probe ranks every ply by the value of its result", "[api]") {
    Fixture f({S33, S43, S34});
    mtb_status st;
    mtb_tb* tb = mtb_open(f.path().c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    std::vector<mtb_move> moves(MTB_MAX_MOVES);
    for (const Position& p : valid_positions(S43, 40, 9)) {
        if (outcome(nmm(), p) != Outcome::ONGOING) continue;
        mtb_pos c = to_c(p);
        std::size_t n = 0;
        std::uint32_t v = mtb_probe_root(tb, &c, moves.data(), moves.size(), &n, &st);
        REQUIRE_FALSE(mtb_is_error(v));
        CHECK(v == mtb_probe(tb, &c, nullptr));
        REQUIRE(n == std::size_t(MoveList(nmm(), p).size()));
        auto key = [](std::uint32_t x) {
            long plies = long(MTB_GET_PLIES(x));
            return MTB_GET_WDL(x) == MTB_WIN ? 100000 - plies : MTB_GET_WDL(x) == MTB_LOSS ? -100000 + plies : 0;
        };
        for (std::size_t i = 0; i < n; ++i) {
            Move m;
            REQUIRE_FALSE(parse_move(nmm(), p, moves[i].text, m));
            // Independent route: probe the child and turn it round by hand.
            std::uint32_t child = expected(nmm(), after(nmm(), p, m));
            std::uint32_t w = MTB_GET_WDL(child), d = MTB_GET_PLIES(child);
            std::uint32_t mine =
                w == MTB_DRAW ? child : ((w == MTB_WIN ? MTB_LOSS : MTB_WIN) | (d + 1) << MTB_PLIES_SHIFT);
            CHECK(moves[i].value == mine);
            if (i) CHECK(key(moves[i - 1].value) >= key(moves[i].value));
        }
        // Too small a buffer.
        std::size_t need = 0;
        v = mtb_probe_root(tb, &c, moves.data(), 1, &need, &st);
        if (n > 1) {
            CHECK(mtb_get_error_code(v) == MTB_E_CAPACITY);
            CHECK(need == n);
        }
    }
    mtb_close(tb);
}

TEST_CASE("root probe needs only the tables it uses", "[api]") {
    Fixture f({S43});  // 3v4 (the children without capture) is missing
    mtb_status st;
    mtb_tb* tb = mtb_open(f.path().c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    std::vector<mtb_move> moves(MTB_MAX_MOVES);
    mtb_pos c;
    // White a7 d7 b6 g4: g4-g7 closes the mill a7 d7 g7; Black a1 d1 g1.
    REQUIRE(mtb_parse_position(tb, "WW.W..........W......BBB w 0 0", &c, &st) == 0);
    std::size_t n = 0;
    std::uint32_t v = mtb_probe_root(tb, &c, moves.data(), moves.size(), &n, &st);
    REQUIRE_FALSE(mtb_is_error(v));  // its own table is there
    int wins = 0, missing = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (mtb_is_error(moves[i].value)) {
            ++missing;
            CHECK(mtb_get_error_code(moves[i].value) == MTB_E_NO_TABLE);
        } else {
            // Only captures are known: they leave Black two stones.
            CHECK(moves[i].value == (MTB_WIN | 1u << MTB_PLIES_SHIFT));
            CHECK(std::string(moves[i].text).find('x') != std::string::npos);
            CHECK(missing == 0);  // errors sort last
            ++wins;
        }
    }
    CHECK(wins > 0);
    CHECK(missing > 0);
    mtb_close(tb);
}

TEST_CASE("open, close and open again, and the C++ wrapper", "[api]") {
    Fixture f({S33});
    for (int i = 0; i < 3; ++i) {
        Tables t(f.path(), "nmm", 1 << 20);
        REQUIRE(t.ok());
        ProbeResult r = t.probe("WWW.......B........B...B b 0 0");
        REQUIRE(r.ok());
        Position p;
        REQUIRE_FALSE(parse_position(nmm(), "WWW.......B........B...B b 0 0", p));
        CHECK(r.raw == expected(nmm(), p));
        CHECK(!r.text().empty());
        CHECK(t.probe("nonsense").error() == MTB_E_INVALID_POSITION);
    }
    Tables bad(f.path(), "nosuchrules");
    CHECK_FALSE(bad.ok());
    CHECK(bad.status().code == MTB_E_UNKNOWN_RULES);
}

TEST_CASE("threads probe one handle while others open and close tables", "[api][threads]") {
    Fixture f({S33, S43, S34}, 1024);
    std::vector<std::pair<mtb_pos, std::uint32_t>> cases;
    for (Sector s : {S33, S43, S34})
        for (const Position& p : valid_positions(s, 400, s.key() + 77)) cases.emplace_back(to_c(p), expected(nmm(), p));
    mtb_status st;
    // A small cache, so blocks are evicted and reloaded all the time.
    mtb_tb* shared = mtb_open(f.path().c_str(), "nmm", 64 << 10, &st);
    REQUIRE(shared);
    std::atomic<int> wrong{0}, opened{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 3; ++round)
                for (std::size_t i = std::size_t(t); i < cases.size(); i += 2)
                    if (mtb_probe(shared, &cases[i].first, nullptr) != cases[i].second) ++wrong;
        });
    for (int t = 0; t < 2; ++t)
        threads.emplace_back([&, t] {
            for (int round = 0; round < 5; ++round) {
                mtb_status s2;
                mtb_tb* own = mtb_open(f.path().c_str(), "nmm", 0, &s2);
                if (!own) {
                    ++wrong;
                    continue;
                }
                ++opened;
                for (std::size_t i = std::size_t(t) * 7; i < cases.size(); i += 97)
                    if (mtb_probe(own, &cases[i].first, nullptr) != cases[i].second) ++wrong;
                mtb_close(own);
            }
        });
    for (auto& th : threads) th.join();
    CHECK(wrong == 0);
    CHECK(opened == 10);
    mtb_close(shared);
}
