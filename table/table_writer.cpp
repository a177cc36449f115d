#include "table/table_writer.h"

#include <fcntl.h>
#include <unistd.h>
#include <xxhash.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <thread>

#include "table/block_encoding.h"
#include "table/code_counts.h"
#include "table/durable_file.h"
#include "table/table_format.h"
#include "table/value_dictionary.h"

namespace mtb {
namespace {

// The threads that compress blocks (and count codes): opt.threads, 0: all cores.
int writer_threads(const TableWriteOptions& opt) {
    return opt.threads > 0 ? opt.threads : int(std::max(1u, std::thread::hardware_concurrency()));
}

// Builds the dictionary (codes by frequency, most frequent first;
// table/value_dictionary.h) and the map code -> symbol.  Slots holding no
// position (VALUE_NONE) get no symbol of their own.
std::vector<DictEntry> make_dictionary(std::span<const ValueCode> values, bool wdl_only, int threads,
                                       const std::vector<std::uint64_t>* counted,
                                       std::vector<std::uint16_t>& symbol_of) {
    std::vector<std::uint64_t> count = counted ? *counted : count_codes_parallel(values, threads);
    if (wdl_only) {
        std::vector<std::uint64_t> wdl(count.size(), 0);
        for (std::size_t c = 0; c < count.size(); ++c) wdl[stored_code(ValueCode(c), true)] += count[c];
        count = std::move(wdl);
    }
    count[VALUE_NONE] = 0;
    std::vector<DictEntry> dict = codes_by_frequency(count);
    // An all-empty sector still needs one symbol to fill its slots with.
    if (dict.empty()) dict.push_back({VALUE_DRAW, 0});
    symbol_of.assign(65536, 0);
    for (std::size_t i = 0; i < dict.size(); ++i) symbol_of[dict[i].code] = std::uint16_t(i);
    return dict;
}

// Why a match-search setting (0: the level's own) cannot be used, if so.
// (The tuning itself: tuned_search(), below.)
std::optional<std::string> search_parameter_error(ZSTD_cParameter p, int value, const char* name) {
    if (value == 0) return std::nullopt;
    const ZSTD_bounds b = ZSTD_cParam_getBounds(p);
    if (ZSTD_isError(b.error) || value < b.lowerBound || value > b.upperBound)
        return std::string("zstd ") + name + " out of range";
    return std::nullopt;
}

// The header of a table of `values` under `opt`, up to the encoding
// (choose_encoding()) and the sizes and checksums known once the blocks
// are compressed.
TableHeader header_for(const Rules& r, Sector s, std::span<const ValueCode> values, const TableWriteOptions& opt,
                       std::size_t dict_size) {
    const bool wdl_only = is_wdl_only(opt.content);
    TableHeader h;
    h.format_version = opt.rule_decided ? 3 : std::min<std::uint32_t>(opt.format_version, 2);
    h.rule_decided = opt.rule_decided;
    h.rules_name = r.name;
    h.rules_fingerprint = r.fingerprint();
    h.sector = s;
    h.slot_count = values.size();
    h.content = opt.content;
    h.metric = wdl_only ? MetricKind::DTM : opt.metric;
    h.symbol_width = dict_size <= 256 ? 1 : 2;
    h.dict_size = std::uint16_t(dict_size);
    h.block_slots = opt.block_slots;
    h.block_count = std::uint32_t((values.size() + opt.block_slots - 1) / opt.block_slots);
    h.level = std::uint32_t(opt.level);
    return h;
}

// Compresses every block, in parallel: each thread takes the next block.
// OpenMP like the solver, whose thread pool it reuses (mtb gen writes a
// unit's tables right after solving it; a small unit running beside others
// writes with its one thread).  `search`: opt's, resolved and checked once
// by write_table (tuned_search() where opt names none).
std::optional<std::string> compress_blocks(const TableHeader& h, std::span<const ValueCode> values, bool wdl_only,
                                           const std::vector<std::uint16_t>& symbol_of, const TableWriteOptions& opt,
                                           MatchSearch search, const std::vector<std::uint8_t>& zdict,
                                           std::vector<std::vector<std::uint8_t>>& compressed) {
    compressed.assign(h.block_count, {});
    std::atomic<std::uint32_t> next{0};
    std::atomic<bool> failed{false};
    std::string error;
    std::mutex error_mutex;
    auto fail = [&](std::string e) {
        failed = true;
        std::lock_guard lock(error_mutex);
        error = std::move(e);
    };
    int threads = writer_threads(opt);
    threads = int(std::min<std::uint32_t>(std::uint32_t(threads), std::max<std::uint32_t>(1, h.block_count)));
    // The trained dictionary, digested once and shared (read-only) by every thread.
    std::unique_ptr<ZSTD_CDict, decltype(&ZSTD_freeCDict)> cdict(
        zdict.empty() ? nullptr : ZSTD_createCDict(zdict.data(), zdict.size(), opt.level), ZSTD_freeCDict);
    if (!zdict.empty() && !cdict) return std::string("out of memory (zstd dictionary)");
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)> cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
        if (!cctx) fail("out of memory (zstd context)");
        if (cctx) {
            ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_compressionLevel, opt.level);
            ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_checksumFlag, 0);
            ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_contentSizeFlag, 1);
            if (search.min_match) ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_minMatch, search.min_match);
            if (search.search_log) ZSTD_CCtx_setParameter(cctx.get(), ZSTD_c_searchLog, search.search_log);
            if (cdict) ZSTD_CCtx_refCDict(cctx.get(), cdict.get());
        }
        std::vector<std::uint8_t> raw;
        for (std::uint32_t b; cctx && !failed && (b = next++) < h.block_count;) {
            block_frame(h, b, values, wdl_only, symbol_of, raw);
            std::vector<std::uint8_t>& out = compressed[b];
            out.resize(ZSTD_compressBound(raw.size()));
            std::size_t size = ZSTD_compress2(cctx.get(), out.data(), out.size(), raw.data(), raw.size());
            if (ZSTD_isError(size)) {
                fail(std::string("zstd: ") + ZSTD_getErrorName(size));
                break;
            }
            out.resize(size);
            out.shrink_to_fit();
        }
    }
    if (failed) return error;
    return std::nullopt;
}

// Writes the file under a temporary name of its own beside `path`
// (create_temp_beside()), syncs it and renames it to `path`.
// Written with plain write() so that a failure keeps its reason (ENOSPC,
// EACCES, EFBIG under a file-size limit once SIGXFSZ is ignored); the
// temporary file never outlives a failure.
std::optional<std::string> write_file(const std::string& path, const std::vector<std::uint8_t>& header,
                                      const std::vector<std::uint8_t>& meta,
                                      const std::vector<std::vector<std::uint8_t>>& compressed) {
    std::string tmp;
    int fd = create_temp_beside(path, tmp);
    if (fd < 0) return "cannot create " + tmp + ": " + std::strerror(errno);
    std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state(XXH3_createState(), XXH3_freeState);
    XXH3_64bits_reset(state.get());
    int write_errno = 0;
    auto emit = [&](const std::vector<std::uint8_t>& bytes, bool hashed) {
        if (hashed) XXH3_64bits_update(state.get(), bytes.data(), bytes.size());
        for (std::size_t done = 0; !write_errno && done < bytes.size();) {
            ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0)
                write_errno = n < 0 ? errno : EIO;
            else
                done += std::size_t(n);
        }
    };
    emit(header, true);
    emit(meta, true);
    for (const auto& c : compressed) emit(c, true);
    emit(encode_trailer(XXH3_64bits_digest(state.get())), false);
    // On the disk before the rename makes it the table (table/durable_file.h).
    if (!write_errno) write_errno = sync_file(fd);
    if (::close(fd) != 0 && !write_errno) write_errno = errno;
    if (write_errno) {
        ::unlink(tmp.c_str());
        return "cannot write " + tmp + ": " + std::strerror(write_errno);
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        ::unlink(tmp.c_str());
        return "cannot rename " + tmp + " to " + path + ": " + std::strerror(e);
    }
    if (const int e = sync_parent_folder(path)) return "cannot sync the folder of " + path + ": " + std::strerror(e);
    return std::nullopt;
}

}  // namespace

// At level 9, for frames of 64 KiB zstd's lazy2 with a match of at least 4
// bytes and 32 candidates searched; here at least 6 bytes and 8
// candidates.  On the blocks of nmm, lasker and lasker-20 <= 6 (values) and
// of nmm <= 6's win/draw/loss copy that compresses 1.6-2.1x faster into
// files 0.3-1.4% smaller (BENCHMARKS.md, "Session 50";
// scripts/zstd-search-trial.py): a solved table's symbols repeat in long
// runs, which short matches only cut up.  Other levels were not measured.
MatchSearch tuned_search(int level) { return level == 9 ? MatchSearch{6, 3} : MatchSearch{}; }

std::optional<std::string> write_table(const std::string& path, const Rules& r, Sector s,
                                       std::span<const ValueCode> values, const TableWriteOptions& opt) {
    if (opt.block_slots == 0 || opt.block_slots > kMaxBlockSlots) return std::string("block size out of range");
    if (opt.level < 1 || opt.level > ZSTD_maxCLevel()) return std::string("zstd level out of range");
    const MatchSearch search = opt.search.value_or(tuned_search(opt.level));
    if (auto err = search_parameter_error(ZSTD_c_minMatch, search.min_match, "min_match")) return err;
    if (auto err = search_parameter_error(ZSTD_c_searchLog, search.search_log, "search_log")) return err;
    if (r.name.size() > kRulesNameMax) return std::string("rules name too long for the table header");
    if (opt.format_version < kOldestFormatVersion || opt.format_version > kFormatVersion)
        return "format version " + std::to_string(opt.format_version) + " cannot be written";
    if (opt.rule_decided && opt.format_version < 3)
        return "rule-decided slots need format version 3, not " + std::to_string(opt.format_version);

    std::vector<std::uint16_t> symbol_of;
    const bool wdl_only = is_wdl_only(opt.content);
    std::vector<DictEntry> dict = make_dictionary(values, wdl_only, writer_threads(opt), opt.code_counts, symbol_of);
    if (dict.size() > 65535) return std::string("too many distinct values");
    TableHeader h = header_for(r, s, values, opt, dict.size());
    // Each allowed encoding compresses the whole table; the smallest file
    // wins (the first, version 1's, on a tie), so none makes a table larger.
    std::vector<BlockEncoding> candidates = encoding_candidates(h, values, wdl_only, symbol_of, opt);
    std::vector<std::vector<std::uint8_t>> compressed, trial;
    std::size_t chosen = 0;
    std::uint64_t best = UINT64_MAX, frame_bytes = 0;
    for (std::size_t c = 0; c < candidates.size(); ++c) {
        TableHeader trial_header = h;
        candidates[c].apply(trial_header);
        if (auto err =
                compress_blocks(trial_header, values, wdl_only, symbol_of, opt, search, candidates[c].zdict, trial))
            return err;
        for (std::uint32_t b = 0; b < trial_header.block_count; ++b) frame_bytes += trial_header.block_content_size(b);
        std::uint64_t bytes = candidates[c].zdict.size();
        for (const auto& block : trial) bytes += block.size();
        if (bytes < best) best = bytes, chosen = c, compressed.swap(trial);
    }
    const std::vector<std::uint8_t>& zdict = candidates[chosen].zdict;
    candidates[chosen].apply(h);

    std::vector<BlockEntry> index(h.block_count);
    std::uint64_t offset = h.data_offset;
    for (std::uint32_t b = 0; b < h.block_count; ++b) {
        index[b] = {offset, checksum64(compressed[b]), std::uint32_t(compressed[b].size())};
        offset += compressed[b].size();
    }
    h.file_size = offset + kTrailerSize;
    std::vector<std::uint8_t> meta;
    encode_meta(dict, index, meta);
    meta.insert(meta.end(), zdict.begin(), zdict.end());  // the checksum covers it too
    h.meta_checksum = checksum64(meta);
    if (auto err = write_file(path, encode_header(h), meta, compressed)) return err;
    if (opt.stats) {
        opt.stats->frame_bytes += frame_bytes;
        opt.stats->file_bytes += h.file_size;
    }
    return std::nullopt;
}

}  // namespace mtb
