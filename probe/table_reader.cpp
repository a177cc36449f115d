#include "probe/table_reader.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#include <cerrno>
#include <cstring>

namespace mtb {

std::unique_ptr<TableFile> TableFile::open(const std::string& path, std::string& error) {
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = path + ": cannot open: " + std::strerror(errno);
        return nullptr;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        error = path + ": not a regular file";
        ::close(fd);
        return nullptr;
    }
    std::size_t size = std::size_t(st.st_size);
    if (size < kHeaderSize + kTrailerSize) {
        error = path + ": truncated (" + std::to_string(size) + " bytes)";
        ::close(fd);
        return nullptr;
    }
    void* map = mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    if (map == MAP_FAILED) {
        error = path + ": cannot map: " + std::strerror(errno);
        return nullptr;
    }
    std::unique_ptr<TableFile> t(new TableFile());
    t->path_ = path;
    t->data_ = static_cast<const std::uint8_t*>(map);
    t->size_ = size;
    if (auto e = decode_header({t->data_, size}, t->header_)) {
        error = path + ": " + *e;
        return nullptr;
    }
    if (t->header_.file_size != size) {
        error = path + ": truncated or extended: " + std::to_string(size) + " bytes, header says " +
                std::to_string(t->header_.file_size);
        return nullptr;
    }
    const TableHeader& h = t->header_;
    if (auto e =
            decode_meta(h, {t->data_ + kHeaderSize, std::size_t(h.meta_end() - kHeaderSize)}, t->dict_, t->blocks_)) {
        error = path + ": " + *e;
        return nullptr;
    }
    t->codes_.assign(h.symbol_width == 1 ? 256 : 65536, VALUE_NONE);
    for (std::size_t i = 0; i < t->dict_.size(); ++i) t->codes_[i] = t->dict_[i].code;
    return t;
}

TableFile::~TableFile() {
    if (data_) munmap(const_cast<std::uint8_t*>(data_), size_);
}

std::optional<std::string> TableFile::check_matches(const Rules& r, Sector s) const {
    if (header_.rules_name != r.name)
        return path_ + ": made for rule set '" + header_.rules_name + "', not '" + r.name + "'";
    if (header_.rules_fingerprint != r.fingerprint()) {
        char buf[160];
        std::snprintf(buf, sizeof buf, ": rule-set fingerprint %016llx differs from this program's '%s' (%016llx)",
                      (unsigned long long)header_.rules_fingerprint, r.name.c_str(),
                      (unsigned long long)r.fingerprint());
        return path_ + buf;
    }
    if (header_.sector != s) return path_ + ": holds sector " + header_.sector.name() + ", not " + s.name();
    return std::nullopt;
}

std::optional<std::string> TableFile::read_block_symbols(std::uint32_t b, std::vector<std::uint8_t>& raw) const {
    auto fail = [&](const std::string& what) { return path_ + ": block " + std::to_string(b) + ": " + what; };
    if (b >= header_.block_count) return fail("no such block");
    const BlockEntry& e = blocks_[b];
    std::span<const std::uint8_t> packed(data_ + e.offset, e.size);
    if (checksum64(packed) != e.checksum) return fail("checksum mismatch");
    std::size_t n = std::size_t(header_.slots_in_block(b)) * header_.symbol_width;
    if (ZSTD_getFrameContentSize(packed.data(), packed.size()) != n) return fail("wrong decompressed size");
    raw.resize(n);
    std::size_t got = ZSTD_decompress(raw.data(), n, packed.data(), packed.size());
    if (ZSTD_isError(got)) return fail(std::string("zstd: ") + ZSTD_getErrorName(got));
    if (got != n) return fail("wrong decompressed size");
    // A symbol outside the dictionary means the writer was broken.
    if (header_.symbol_width == 1) {
        if (header_.dict_size < 256)
            for (std::uint8_t s : raw)
                if (s >= header_.dict_size) return fail("symbol outside the dictionary");
    } else {
        std::size_t slots = n / 2;
        for (std::size_t i = 0; i < slots; ++i)
            if ((raw[i] | raw[slots + i] << 8) >= header_.dict_size) return fail("symbol outside the dictionary");
    }
    return std::nullopt;
}

std::optional<std::string> TableFile::read_block(std::uint32_t b, std::vector<ValueCode>& out) const {
    std::vector<std::uint8_t> raw;
    if (auto e = read_block_symbols(b, raw)) return e;
    std::size_t n = raw.size() / header_.symbol_width;
    out.resize(n);
    if (header_.symbol_width == 1)
        for (std::size_t i = 0; i < n; ++i) out[i] = codes_[raw[i]];
    else
        for (std::size_t i = 0; i < n; ++i) out[i] = codes_[raw[i] | raw[n + i] << 8];
    return std::nullopt;
}

std::optional<std::string> TableFile::read_all(std::vector<ValueCode>& out) const {
    out.resize(header_.slot_count);
    std::vector<ValueCode> block;
    for (std::uint32_t b = 0; b < header_.block_count; ++b) {
        if (auto e = read_block(b, block)) return e;
        std::copy(block.begin(), block.end(), out.begin() + std::ptrdiff_t(std::uint64_t(b) * header_.block_slots));
    }
    return std::nullopt;
}

std::optional<std::string> TableFile::value_at(std::uint64_t slot, ValueCode& out) const {
    if (slot >= header_.slot_count) return path_ + ": slot " + std::to_string(slot) + " out of range";
    std::vector<ValueCode> block;
    if (auto e = read_block(std::uint32_t(slot / header_.block_slots), block)) return e;
    out = block[slot % header_.block_slots];
    return std::nullopt;
}

std::optional<std::string> TableFile::check_file_checksum() const {
    std::uint64_t stored = 0;
    if (auto e = decode_trailer({data_ + size_ - kTrailerSize, kTrailerSize}, stored)) return path_ + ": " + *e;
    if (checksum64({data_, size_ - kTrailerSize}) != stored) return path_ + ": whole-file checksum mismatch";
    return std::nullopt;
}

std::optional<std::string> load_table(const std::string& path, const Rules& r, Sector s, std::vector<ValueCode>& out) {
    std::string error;
    auto t = TableFile::open(path, error);
    if (!t) return error;
    if (auto e = t->check_matches(r, s)) return e;
    return t->read_all(out);
}

std::vector<VerifyProblem> verify_table(const std::string& path) {
    std::vector<VerifyProblem> problems;
    std::string error;
    auto t = TableFile::open(path, error);
    if (!t) {
        problems.push_back({path, -1, error});
        return problems;
    }
    std::vector<std::uint8_t> raw;
    for (std::uint32_t b = 0; b < t->header().block_count; ++b)
        if (auto e = t->read_block_symbols(b, raw)) problems.push_back({path, b, *e});
    if (auto e = t->check_file_checksum()) problems.push_back({path, -1, *e});
    return problems;
}

std::vector<VerifyProblem> verify_values(const std::string& path, const ValueCheck& check) {
    std::vector<VerifyProblem> problems = verify_table(path);
    if (!problems.empty() || !check) return problems;
    std::string error;
    auto t = TableFile::open(path, error);
    std::vector<ValueCode> values;
    if (!t) return {{path, -1, error}};
    if (auto e = t->read_all(values)) return {{path, -1, *e}};
    return check(*t, values);
}

}  // namespace mtb
