// Hostile files (issue 15): a header naming a sector the board cannot hold,
// a table renamed to another sector, a file truncated under a running
// reader, special files named like tables, and write faults.  Each case
// failed (crashed, hung or gave a wrong verdict) before its fix.
#include "tests/catch.hpp"

#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "mtb/probe.h"
#include "table/table_identity.h"
#include "table/table_reader.h"
#include "tests/table/synthetic.h"
#include "tests/table/tmp_dir.h"

using namespace mtb;

namespace {

const Rules& nmm() { return *find_rules("nmm"); }
const Sector S33{3, 3, 0, 0}, S43{4, 3, 0, 0};

// A hang must fail the test, not stall ctest: the alarm's default action
// ends the process.
struct Watchdog {
    explicit Watchdog(unsigned seconds) { alarm(seconds); }
    ~Watchdog() { alarm(0); }
};

mtb_pos position_in_slot(Sector s, std::uint64_t slot) {
    SectorIndex idx(nmm(), s);
    NormalPosition n;
    while (!idx.position_of(slot, n)) ++slot;
    Position p = denormalise(s, n, WHITE);
    return mtb_pos{p.stones[WHITE], p.stones[BLACK], p.hand[WHITE], p.hand[BLACK], MTB_WHITE, 0};
}

}  // namespace

TEST_CASE("a header naming a sector that does not fit the board is refused before use", "[hardening]") {
    test::TmpDir dir;
    // Consistent checksums, impossible sector: 20 + 10 stones on 24 points.
    const Sector bad{20, 10, 0, 0};
    const std::string path = dir.file(table_file_name(nmm(), bad));
    std::vector<ValueCode> values(1000, VALUE_DRAW);
    REQUIRE_FALSE(write_table(path, nmm(), bad, values));

    // Every checksum agrees, but the reader refuses the header when it
    // opens the file, before any of its fields sizes anything (issue 28).
    std::string error;
    bool io = true;
    REQUIRE_FALSE(TableFile::open(path, error, &io));
    CHECK_FALSE(io);
    CHECK(error.find("20v10") != std::string::npos);
    // The value check (which builds the sector's index, and threw on this
    // sector) is never reached.
    bool checked = false;
    auto problems = verify_values(path, [&](const TableFile&, const std::vector<ValueCode>&) {
        checked = true;
        return std::vector<VerifyProblem>{};
    });
    CHECK_FALSE(checked);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0].message.find("cannot have") != std::string::npos);
}

TEST_CASE("a wrong slot count, another sector's name or an unknown rule set is reported", "[hardening]") {
    test::TmpDir dir;
    const std::string p33 = dir.file(table_file_name(nmm(), S33));
    REQUIRE_FALSE(test::write_synthetic(dir.path.string(), nmm(), S33));
    std::string error;
    auto t = TableFile::open(p33, error);
    REQUIRE(t);
    CHECK_FALSE(check_table_identity(p33, t->header()));

    // The same bytes under 4v3's name.
    const std::string p43 = dir.file(table_file_name(nmm(), S43));
    std::filesystem::copy_file(p33, p43);
    auto renamed = TableFile::open(p43, error);
    REQUIRE(renamed);
    auto e = check_table_identity(p43, renamed->header());
    REQUIRE(e);
    CHECK(e->find("does not match its header") != std::string::npos);

    // Another rule set's table is not nmm's.
    CHECK(check_header(*find_rules("six"), t->header()));
    // A 3v3 header with too few slots: refused when opened (issue 28).
    std::vector<ValueCode> few(5000, VALUE_DRAW);
    REQUIRE_FALSE(write_table(p33, nmm(), S33, few));
    REQUIRE_FALSE(TableFile::open(p33, error));
    CHECK(error.find("5000 slots") != std::string::npos);
}

TEST_CASE("a table truncated while open gives an I/O error, not SIGBUS", "[hardening]") {
    test::TmpDir dir;
    TableWriteOptions opt;
    opt.level = 3;
    opt.block_slots = 4096;  // many blocks, so later ones are not yet cached
    REQUIRE_FALSE(test::write_synthetic(dir.path.string(), nmm(), S33, opt));
    const std::string path = dir.file(table_file_name(nmm(), S33));

    mtb_status st;
    mtb_tb* tb = mtb_open(dir.path.c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    const mtb_pos first = position_in_slot(S33, 0);
    REQUIRE_FALSE(mtb_is_error(mtb_probe(tb, &first, &st)));  // the table is open now

    const std::uint64_t size = std::filesystem::file_size(path);
    REQUIRE(truncate(path.c_str(), off_t(size / 4)) == 0);
    const std::uint64_t slots = SectorIndex(nmm(), S33).slots();
    const mtb_pos late = position_in_slot(S33, slots - 100);
    const std::uint32_t v = mtb_probe(tb, &late, &st);
    REQUIRE(mtb_is_error(v));
    CHECK(mtb_get_error_code(v) == MTB_E_IO);
    CHECK(std::string(st.message).find("shrank") != std::string::npos);

    // The same through TableFile, and its whole-file check.
    REQUIRE_FALSE(test::write_synthetic(dir.path.string(), nmm(), S33, opt));
    std::string error;
    auto t = TableFile::open(path, error);
    REQUIRE(t);
    REQUIRE(truncate(path.c_str(), off_t(size / 2)) == 0);
    std::vector<std::uint8_t> raw;
    bool io = false;
    CHECK(t->read_block_symbols(t->header().block_count - 1, raw, &io));
    CHECK(io);
    CHECK(t->check_file_checksum());
    mtb_close(tb);
}

TEST_CASE("a FIFO, a folder or a dangling link named like a table is skipped with a reason", "[hardening]") {
    Watchdog dog(30);
    test::TmpDir dir;
    REQUIRE(mkfifo(dir.file("nmm_3v3.mtb").c_str(), 0644) == 0);
    std::filesystem::create_directory(dir.file("nmm_4v3.mtb"));
    std::filesystem::create_symlink(dir.file("gone"), dir.file("nmm_3v4.mtb"));

    std::string error;
    CHECK_FALSE(TableFile::open(dir.file("nmm_3v3.mtb"), error));  // used to block in open()
    CHECK(error.find("not a regular file") != std::string::npos);
    CHECK(verify_table(dir.file("nmm_3v3.mtb")).size() == 1);

    mtb_status st;
    mtb_tb* tb = mtb_open(dir.path.c_str(), "nmm", 0, &st);  // used to block reading the FIFO's header
    REQUIRE(tb);
    CHECK(mtb_table_count(tb) == 0);
    for (Sector s : {S33, S43, Sector{3, 4, 0, 0}}) {
        const mtb_pos p = position_in_slot(s, 0);
        const std::uint32_t v = mtb_probe(tb, &p, &st);
        REQUIRE(mtb_is_error(v));
        CHECK(std::string(st.message).find("skipped") != std::string::npos);
    }
    mtb_close(tb);
}

TEST_CASE("a write over the file-size limit says why and leaves no temporary file", "[hardening]") {
    test::TmpDir dir;
    const std::string path = dir.file(table_file_name(nmm(), S33));
    rlimit old;
    REQUIRE(getrlimit(RLIMIT_FSIZE, &old) == 0);
    auto old_handler = signal(SIGXFSZ, SIG_IGN);  // as mtb gen does: write() then fails with EFBIG
    rlimit small = old;
    small.rlim_cur = 4096;
    REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
    auto e = test::write_synthetic(dir.path.string(), nmm(), S33);
    setrlimit(RLIMIT_FSIZE, &old);
    signal(SIGXFSZ, old_handler);
    REQUIRE(e);
    CHECK(e->find("File too large") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(path + ".tmp"));
    CHECK_FALSE(std::filesystem::exists(path));

    // A folder that does not exist: the reason, not just "cannot create".
    e = test::write_synthetic(dir.file("missing"), nmm(), S33);
    REQUIRE(e);
    CHECK(e->find("No such file or directory") != std::string::npos);
}

TEST_CASE("an I/O error and a damaged file are told apart by status, never by the message text", "[hardening]") {
    // The folder's name holds the words an I/O message has (TableSet once
    // searched the message for them), so every message about a file in it
    // holds them too, I/O failure or not.
    test::TmpDir top;
    const std::string dir = top.file("x: cannot open: read error: not a regular file: file shrank");
    std::filesystem::create_directory(dir);
    REQUIRE_FALSE(test::write_synthetic(dir, nmm(), S33));
    REQUIRE_FALSE(test::write_synthetic(dir, nmm(), S43));
    const std::string p33 = table_path(dir, nmm(), S33);
    const std::string p43 = table_path(dir, nmm(), S43);

    // TableFile::open says which kind of failure it was.
    std::string error;
    bool io = true;
    REQUIRE(TableFile::open(p33, error, &io));
    {
        std::fstream f(p33, std::ios::in | std::ios::out | std::ios::binary);
        f.seekp(20);
        f.put('X');  // header checksum mismatch
    }
    CHECK_FALSE(TableFile::open(p33, error, &io));
    CHECK_FALSE(io);
    CHECK(error.find("header checksum") != std::string::npos);
    io = false;
    CHECK_FALSE(TableFile::open(dir + "/missing.mtb", error, &io));
    CHECK(io);
    io = false;
    CHECK_FALSE(TableFile::open(dir, error, &io));  // a folder
    CHECK(io);
    std::filesystem::resize_file(p43, 10);  // shorter than a header: damaged, not unreadable
    io = true;
    CHECK_FALSE(TableFile::open(p43, error, &io));
    CHECK_FALSE(io);

    // Through the probe library: both damaged files are CORRUPT whatever
    // their messages say.
    mtb_status st;
    mtb_tb* tb = mtb_open(dir.c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    for (Sector s : {S33, S43}) {
        const mtb_pos p = position_in_slot(s, 0);
        const std::uint32_t v = mtb_probe(tb, &p, &st);
        REQUIRE(mtb_is_error(v));
        CHECK(mtb_get_error_code(v) == MTB_E_CORRUPT);
        CHECK(std::string(st.message).find(": cannot open") != std::string::npos);
    }
    mtb_close(tb);

    // And a table removed after the folder was opened is an I/O error.
    REQUIRE_FALSE(test::write_synthetic(dir, nmm(), S33));
    tb = mtb_open(dir.c_str(), "nmm", 0, &st);
    REQUIRE(tb);
    std::filesystem::remove(p33);
    const mtb_pos p = position_in_slot(S33, 0);
    const std::uint32_t v = mtb_probe(tb, &p, &st);
    REQUIRE(mtb_is_error(v));
    CHECK(mtb_get_error_code(v) == MTB_E_IO);
    mtb_close(tb);
}
