#include "table/table_reader.h"

#include "table/index.h"
#include "table/rule_decided.h"
#include "table/table_identity.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <new>

#include "table/table_identity.h"

namespace mtb {
namespace {

// One decompression context per thread, reused: ZSTD_decompress() would
// allocate one per block.
ZSTD_DCtx* thread_dctx() {
    thread_local std::unique_ptr<ZSTD_DCtx, decltype(&ZSTD_freeDCtx)> dctx(ZSTD_createDCtx(), ZSTD_freeDCtx);
    if (!dctx) throw std::bad_alloc();
    return dctx.get();
}

}  // namespace

std::unique_ptr<TableFile> TableFile::open(const std::string& path, std::string& error, bool* io) {
    // Every failure below says which kind it is: could not read (io) or damaged.
    auto fail = [&](bool read_failed, std::string message) -> std::unique_ptr<TableFile> {
        error = std::move(message);
        if (io) *io = read_failed;
        return nullptr;
    };
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a
    // writer; the file type is checked right after, on the open descriptor.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return fail(true, path + ": cannot open: " + std::strerror(errno));
    std::unique_ptr<TableFile> t(new TableFile());
    t->path_ = path;
    t->fd_ = fd;
    struct stat st;
    if (fstat(fd, &st) != 0) return fail(true, path + ": cannot open: " + std::strerror(errno));
    if (!S_ISREG(st.st_mode)) return fail(true, path + ": not a regular file");
    t->size_ = std::uint64_t(st.st_size);
    if (t->size_ < kHeaderSize + kTrailerSize)
        return fail(false, path + ": truncated (" + std::to_string(t->size_) + " bytes)");
    std::uint8_t head[kHeaderSize];
    if (auto e = t->read_at(0, head)) return fail(true, *e);
    if (auto e = decode_header(head, t->header_)) return fail(false, path + ": " + *e);
    if (t->header_.file_size != t->size_)
        return fail(false, path + ": truncated or extended: " + std::to_string(t->size_) + " bytes, header says " +
                               std::to_string(t->header_.file_size));
    // Every header field is checked against the rule set and sector it
    // names before any of them sizes an allocation (a forged slot count
    // once made a 103 GB block index: issue 28, D1).
    const TableHeader& h = t->header_;
    if (auto e = check_header_shape(h)) return fail(false, path + ": " + *e);
    // The dictionary is at most 1 MiB (dict_size is 16 bits); the block
    // index is read in pieces and each entry checked before the next piece
    // is read, so a header of an unknown rule set claiming billions of
    // blocks (in a sparse file) stops at its first bad entry.
    std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> meta_sum(XXH3_createState(), XXH3_freeState);
    if (!meta_sum) throw std::bad_alloc();
    XXH3_64bits_reset(meta_sum.get());
    std::vector<std::uint8_t> piece(std::size_t(h.dict_size) * kDictEntrySize);
    if (auto e = t->read_at(kHeaderSize, piece)) return fail(true, *e);
    XXH3_64bits_update(meta_sum.get(), piece.data(), piece.size());
    if (auto e = decode_dictionary(h, piece, t->dict_)) return fail(false, path + ": " + *e);
    constexpr std::uint32_t kEntriesPerPiece = 1u << 16;
    t->blocks_.reserve(std::min(h.block_count, kEntriesPerPiece));
    std::uint64_t next = h.data_offset;
    for (std::uint32_t done = 0; done < h.block_count;) {
        const std::uint32_t n = std::min(h.block_count - done, kEntriesPerPiece);
        piece.resize(std::size_t(n) * kBlockEntrySize);
        if (auto e = t->read_at(h.index_offset() + std::uint64_t(done) * kBlockEntrySize, piece)) return fail(true, *e);
        XXH3_64bits_update(meta_sum.get(), piece.data(), piece.size());
        if (auto e = decode_block_entries(piece, next, t->blocks_)) return fail(false, path + ": " + *e);
        done += n;
    }
    // The trained zstd dictionary (version 2), at most kMaxZdictSize bytes.
    piece.resize(h.zdict_size);
    if (auto e = t->read_at(h.zdict_offset(), piece)) return fail(true, *e);
    XXH3_64bits_update(meta_sum.get(), piece.data(), piece.size());
    if (XXH3_64bits_digest(meta_sum.get()) != h.meta_checksum)
        return fail(false, path + ": dictionary/block index checksum mismatch");
    if (next + kTrailerSize != h.file_size) return fail(false, path + ": blocks do not end at the trailer");
    if (auto e = check_dictionary(h, t->dict_)) return fail(false, path + ": " + *e);
    t->codes_.assign(h.symbol_width == 1 ? 256 : 65536, VALUE_NONE);
    for (std::size_t i = 0; i < t->dict_.size(); ++i) t->codes_[i] = t->dict_[i].code;
    if (h.zdict_size) {
        // Checksummed above, so only a writer's bug makes zstd refuse it.
        ZSTD_DDict* d = ZSTD_createDDict(piece.data(), piece.size());
        if (!d) return fail(false, path + ": zstd dictionary unreadable");
        t->ddict_ = std::shared_ptr<void>(d, [](void* p) { ZSTD_freeDDict(static_cast<ZSTD_DDict*>(p)); });
    }
    if (h.pack_base) {
        const unsigned k = h.pack_count;
        t->unpack_.assign(256 * k, 0);
        t->packed_ok_.assign(256, true);
        for (unsigned v = 0; v < 256; ++v) {
            unsigned rest = v;
            for (unsigned j = 0; j < k; ++j, rest /= h.pack_base) {
                t->unpack_[v * k + j] = std::uint8_t(rest % h.pack_base);
                if (rest % h.pack_base >= h.dict_size) t->packed_ok_[v] = false;
            }
            if (rest) t->packed_ok_[v] = false;  // more digits than a byte holds
        }
    }
    return t;
}

TableFile::~TableFile() {
    if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> TableFile::read_at(std::uint64_t offset, std::span<std::uint8_t> out) const {
    std::size_t done = 0;
    while (done < out.size()) {
        ssize_t got = ::pread(fd_, out.data() + done, out.size() - done, off_t(offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got < 0)
            return path_ + ": read error at byte " + std::to_string(offset + done) + ": " + std::strerror(errno);
        if (got == 0)
            return path_ + ": file shrank while open (ends before byte " + std::to_string(offset + out.size()) +
                   ", was " + std::to_string(size_) + " bytes)";
        done += std::size_t(got);
    }
    return std::nullopt;
}

std::optional<std::string> TableFile::check_matches(const Rules& r, Sector s, std::optional<Metric> metric) const {
    if (auto e = check_header(r, header_)) return path_ + ": " + *e;
    if (header_.sector != s) return path_ + ": holds sector " + header_.sector.name() + ", not " + s.name();
    if (metric && header_.content == TableContent::VALUES && table_metric(r, header_) != metric)
        return path_ + ": holds " + table_metric(r, header_)->name() + " values, not " + metric->name();
    return std::nullopt;
}

std::optional<std::string> TableFile::read_block_symbols(std::uint32_t b, std::vector<std::uint8_t>& raw,
                                                         bool* io) const {
    auto fail = [&](const std::string& what) { return path_ + ": block " + std::to_string(b) + ": " + what; };
    if (b >= header_.block_count) return fail("no such block");
    const BlockEntry& e = blocks_[b];
    // One buffer per thread: blocks are read often and are small.
    thread_local std::vector<std::uint8_t> packed;
    packed.resize(e.size);
    if (auto err = read_at(e.offset, packed)) {
        if (io) *io = true;
        return fail(err->substr(path_.size() + 2));
    }
    if (checksum64(packed) != e.checksum) return fail("checksum mismatch");
    const std::size_t content = std::size_t(header_.block_content_size(b));
    if (ZSTD_getFrameContentSize(packed.data(), packed.size()) != content) return fail("wrong decompressed size");
    // Packed symbols are decompressed aside and then spread one per byte.
    thread_local std::vector<std::uint8_t> digits;
    std::vector<std::uint8_t>& frame = header_.pack_base ? digits : raw;
    frame.resize(content);
    std::size_t got = ddict_ ? ZSTD_decompress_usingDDict(thread_dctx(), frame.data(), content, packed.data(),
                                                          packed.size(), static_cast<const ZSTD_DDict*>(ddict_.get()))
                             : ZSTD_decompressDCtx(thread_dctx(), frame.data(), content, packed.data(), packed.size());
    if (ZSTD_isError(got)) return fail(std::string("zstd: ") + ZSTD_getErrorName(got));
    if (got != content) return fail("wrong decompressed size");
    const std::size_t n = std::size_t(header_.slots_in_block(b)) * header_.symbol_width;
    if (header_.pack_base) {
        const unsigned k = header_.pack_count;
        raw.resize(content * k);
        for (std::size_t j = 0; j < content; ++j) {
            if (!packed_ok_[frame[j]]) return fail("symbol outside the dictionary");
            std::memcpy(&raw[j * k], &unpack_[frame[j] * k], k);
        }
        // The last byte's digits past the block's end are zero.
        for (std::size_t i = n; i < raw.size(); ++i)
            if (raw[i]) return fail("packing padding not zero");
        raw.resize(n);
        return std::nullopt;
    }
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
    return restore_rule_decided_slots(out);
}

std::optional<std::string> TableFile::decided_rules(const Rules*& r, Metric& metric) const {
    // open() checked the header's shape against its rule set when this
    // program knows it: the sector fits, so the index can be built.
    r = find_rules(header_.rules_name);
    if (!r || r->fingerprint() != header_.rules_fingerprint)
        return path_ + ": its rule-decided slots need rule set '" + header_.rules_name +
               "', which this program does not know";
    const std::optional<Metric> m = table_metric(*r, header_);
    if (!m) return path_ + ": header names a metric " + r->name + " cannot have";
    metric = *m;
    return std::nullopt;
}

std::optional<std::string> TableFile::restore_rule_decided_slots(std::span<ValueCode> values) const {
    if (!header_.rule_decided) return std::nullopt;
    const Rules* r = nullptr;
    Metric metric;
    if (auto e = decided_rules(r, metric)) return e;
    restore_rule_decided(*r, metric, header_.content, header_.sector, values);
    return std::nullopt;
}

std::optional<std::string> TableFile::value_at(std::uint64_t slot, ValueCode& out) const {
    if (slot >= header_.slot_count) return path_ + ": slot " + std::to_string(slot) + " out of range";
    std::vector<ValueCode> block;
    if (auto e = read_block(std::uint32_t(slot / header_.block_slots), block)) return e;
    out = block[slot % header_.block_slots];
    if (!header_.rule_decided) return std::nullopt;
    // The rules' value where the file leaves it to them: one slot's
    // position, through an index built for this look-up.
    const Rules* r = nullptr;
    Metric metric;
    if (auto e = decided_rules(r, metric)) return e;
    NormalPosition n;
    if (!SectorIndex(*r, header_.sector).position_of(slot, n))
        return path_ + ": slot " + std::to_string(slot) + " has no position";
    if (const ValueCode c = rule_decided_code(*r, metric, header_.content, header_.sector, n); c != VALUE_NONE) out = c;
    return std::nullopt;
}

std::optional<std::string> TableFile::check_file_checksum() const {
    std::uint8_t tail[kTrailerSize];
    if (auto e = read_at(size_ - kTrailerSize, tail)) return e;
    std::uint64_t stored = 0;
    if (auto e = decode_trailer(tail, stored)) return path_ + ": " + *e;
    // Streamed in pieces: tables can be larger than memory.
    std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state(XXH3_createState(), XXH3_freeState);
    if (!state) return path_ + ": out of memory";
    XXH3_64bits_reset(state.get());
    std::vector<std::uint8_t> piece(std::size_t(std::min<std::uint64_t>(std::uint64_t(1) << 20, size_)));
    for (std::uint64_t at = 0, end = size_ - kTrailerSize; at < end;) {
        std::span<std::uint8_t> part(piece.data(), std::size_t(std::min<std::uint64_t>(piece.size(), end - at)));
        if (auto e = read_at(at, part)) return e;
        XXH3_64bits_update(state.get(), part.data(), part.size());
        at += part.size();
    }
    if (XXH3_64bits_digest(state.get()) != stored) return path_ + ": whole-file checksum mismatch";
    return std::nullopt;
}

std::optional<std::string> load_table(const std::string& path, const Rules& r, Sector s, std::vector<ValueCode>& out,
                                      std::optional<Metric> metric) {
    std::string error;
    auto t = TableFile::open(path, error);
    if (!t) return error;
    if (auto e = t->check_matches(r, s, metric)) return e;
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
    // The blocks' symbols are counted too: the dictionary's counts are what
    // mtb stats reports, and a checksum recomputed over forged counts would
    // pass every other check (issue 28, D3).
    const TableHeader& h = t->header();
    std::vector<std::uint64_t> counted(h.dict_size, 0);
    bool all_read = true;
    std::vector<std::uint8_t> raw;
    for (std::uint32_t b = 0; b < h.block_count; ++b) {
        if (auto e = t->read_block_symbols(b, raw)) {
            problems.push_back({path, b, *e});
            all_read = false;
            continue;
        }
        const std::size_t n = h.slots_in_block(b);
        if (h.symbol_width == 1)
            for (std::size_t i = 0; i < n; ++i) ++counted[raw[i]];
        else
            for (std::size_t i = 0; i < n; ++i) ++counted[raw[i] | raw[n + i] << 8];
    }
    // Only a table whose counts cover every slot can be recounted: a test's
    // synthetic table may leave slots without a position, stored as any
    // symbol (every table of a known rule set covers them: check_dictionary).
    std::uint64_t positions = 0;
    for (const DictEntry& d : t->dictionary()) positions += d.count;  // <= slot_count: decode_dictionary
    for (std::size_t i = 0; all_read && positions == h.slot_count && i < counted.size(); ++i)
        if (counted[i] != t->dictionary()[i].count) {
            problems.push_back({path, -1,
                                path + ": dictionary says " + std::to_string(t->dictionary()[i].count) +
                                    " positions hold code " + std::to_string(t->code_of(std::uint16_t(i))) +
                                    ", the blocks hold " + std::to_string(counted[i])});
            break;
        }
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
    // The value check builds the sector's index from the header: the header
    // must first be one the rule set can have (a sector that does not fit
    // the board would make the index throw).
    if (auto e = check_table_identity(path, t->header())) return {{path, -1, path + ": " + *e}};
    if (auto e = t->read_all(values)) return {{path, -1, *e}};
    return check(*t, values);
}

}  // namespace mtb
