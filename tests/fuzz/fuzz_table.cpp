// The table reader on arbitrary files: header, dictionary, block index and
// blocks.  The first byte picks whether the checksums are left as they are
// (most mutations stop at the header checksum) or recomputed after the
// mutation, so that the fields behind them are reached too.  Never a crash;
// every error is a message.
#include <fcntl.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "table/table_identity.h"
#include "table/table_reader.h"
#include "tests/fuzz/fuzz_util.h"

namespace {

std::uint64_t get(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}
void put(std::uint8_t* p, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) p[i] = std::uint8_t(v >> (8 * i));
}

// Recomputes block, meta and header checksums where the layout fields allow
// (offsets as in table/FORMAT.md).
void fix_checksums(std::vector<std::uint8_t>& b) {
    using mtb::checksum64;
    if (b.size() < mtb::kHeaderSize) return;
    const std::uint64_t dict = get(&b[74], 2), blocks = get(&b[80], 4);
    const std::uint64_t index = mtb::kHeaderSize + dict * mtb::kDictEntrySize;
    const std::uint64_t meta_end = index + blocks * mtb::kBlockEntrySize + get(&b[116], 4);  // + zstd dictionary
    if (meta_end <= b.size()) {
        for (std::uint64_t i = 0; i < blocks; ++i) {
            std::uint8_t* e = &b[index + i * mtb::kBlockEntrySize];
            const std::uint64_t off = get(e, 8), size = get(e + 16, 4);
            if (off <= b.size() && size <= b.size() - off) put(e + 8, checksum64({&b[off], size}), 8);
        }
        put(&b[104], checksum64({&b[mtb::kHeaderSize], meta_end - mtb::kHeaderSize}), 8);
    }
    put(&b[120], checksum64({b.data(), 120}), 8);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1) return 0;
    std::vector<std::uint8_t> bytes(data + 1, data + size);
    if (data[0] & 1) fix_checksums(bytes);
    const std::string path = mtb::fuzz::scratch_dir() + "/nmm_3v3.mtb";
    int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return 0;
    const bool written = ::write(fd, bytes.data(), bytes.size()) == ssize_t(bytes.size());
    ::close(fd);
    if (!written) return 0;

    std::string error;
    auto t = mtb::TableFile::open(path, error);
    if (t) {
        (void)mtb::check_table_identity(path, t->header());
        std::vector<mtb::ValueCode> block;
        // A few blocks: a hostile header may claim millions of slots.
        for (std::uint32_t b = 0; b < t->header().block_count && b < 4; ++b) (void)t->read_block(b, block);
        // A small table whole: read_all() restores rule-decided slots
        // (format version 3) from the header's rule set and sector.
        if (t->header().slot_count <= (1u << 20)) (void)t->read_all(block);
        (void)t->check_file_checksum();
    }
    (void)mtb::verify_table(path);
    return 0;
}
