// The table reader on forged headers (issue 28, item 11): a sound nmm 3v3
// table whose header fields and dictionary entries the input sets, every
// checksum recomputed (tests/tools/hardening/forge.h), so that each forged field
// reaches the checks behind the checksums; optionally the layout is made
// consistent and the file extended, sparse, to the size the header claims
// (a forged slot count once made the reader allocate a 103 GB block index).
// Never a crash, never an allocation sized by a forged field (libFuzzer's
// -rss_limit_mb catches one); every error is a message.
//
// Input: byte 0: bit 0 make the layout consistent, bit 1 probe through the
// C API; then records of 9 bytes: a selector (header field of
// forge::kFields, or a dictionary entry's count or code) and 8 bytes of
// value, little-endian.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "mtb/probe.h"
#include "table/table_identity.h"
#include "table/table_reader.h"
#include "tests/fuzz/fuzz_util.h"
#include "tests/table/synthetic.h"
#include "tests/tools/hardening/forge.h"

namespace {

constexpr std::size_t kFieldCount = std::size(mtb::forge::kFields);
const mtb::Sector kSector{3, 3, 0, 0};

// The sound table's bytes, written once.
const std::vector<std::uint8_t>& sound_table() {
    static const std::vector<std::uint8_t> bytes = [] {
        const std::string dir = mtb::fuzz::scratch_dir() + "/sound";
        std::filesystem::create_directories(dir);
        const mtb::Rules& r = *mtb::find_rules("nmm");
        mtb::TableWriteOptions opt;
        opt.block_slots = 1u << 14;  // a few blocks
        if (mtb::test::write_synthetic(dir, r, kSector, opt)) std::abort();
        std::ifstream f(mtb::table_path(dir, r, kSector), std::ios::binary);
        return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(f), {});
    }();
    return bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mtb;
    if (size < 1) return 0;
    std::vector<std::uint8_t> b = sound_table();
    for (std::size_t at = 1; at + 9 <= size; at += 9) {
        const std::uint8_t pick = data[at];
        const std::uint64_t value = forge::get(data + at + 1, 8);
        if (pick % (kFieldCount + 2) < kFieldCount) {
            const forge::Field& f = forge::kFields[pick % (kFieldCount + 2)];
            forge::put(&b[f.offset], value, f.bytes);
        } else {
            forge::put_dict(b, pick / (kFieldCount + 2) % 8, pick % (kFieldCount + 2) == kFieldCount + 1, value);
        }
    }
    std::uint64_t claimed = b.size();
    if (data[0] & 1) claimed = forge::make_layout_consistent(b);
    forge::fix_checksums(b);
    if (claimed == b.size()) forge::fix_trailer(b);

    const std::string dir = fuzz::scratch_dir() + "/forged";
    std::filesystem::create_directories(dir);
    const std::string path = table_path(dir, *find_rules("nmm"), kSector);
    {
        std::ofstream f(path, std::ios::binary | std::ios::trunc);
        f.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
    }
    // Sparse up to 1 TiB: only the header and index are ever read of it.
    if (claimed > b.size() && (claimed > (std::uint64_t(1) << 40) || ::truncate(path.c_str(), off_t(claimed)) != 0))
        return 0;

    std::string error;
    if (auto t = TableFile::open(path, error)) {
        (void)check_table_identity(path, t->header());
        std::vector<ValueCode> block;
        for (std::uint32_t k = 0; k < t->header().block_count && k < 4; ++k) (void)t->read_block(k, block);
    }
    // Reads every block and the whole file: only for files of real bytes.
    if (claimed == b.size()) (void)verify_table(path);
    if (data[0] & 2) {
        mtb_status st;
        if (mtb_tb* tb = mtb_open(dir.c_str(), "nmm", 0, &st)) {
            const mtb_pos p{0x7, 0x700, 0, 0, MTB_WHITE, 0};
            (void)mtb_probe(tb, &p, &st);
            mtb_close(tb);
        }
    }
    return 0;
}
