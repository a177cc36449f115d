#include "table/block_encoding.h"

#include <zdict.h>
#include <zstd.h>

#include <algorithm>
#include <memory>
#include <new>

namespace mtb {
namespace {

using CCtx = std::unique_ptr<ZSTD_CCtx, decltype(&ZSTD_freeCCtx)>;
using CDict = std::unique_ptr<ZSTD_CDict, decltype(&ZSTD_freeCDict)>;

// Blocks measured for the choice, and blocks a dictionary is trained on:
// disjoint (odd and even blocks), so that a dictionary is not judged on the
// blocks it has learnt.
constexpr std::uint32_t kSampleBlocks = 16;
constexpr std::uint32_t kTrainingBlocks = 64;
constexpr std::size_t kTrainingBytes = std::size_t(1) << 20;
// A dictionary is tried only for tables of at least this many blocks: a
// smaller table has too little to learn from and to repay it.
constexpr std::uint32_t kMinBlocksForDictionary = 8;

// n blocks spread evenly over the blocks b with b % 2 == parity.
std::vector<std::uint32_t> spread_blocks(std::uint32_t block_count, std::uint32_t n, std::uint32_t parity) {
    const std::uint32_t pool = (block_count + 1 - parity) / 2;
    std::vector<std::uint32_t> out;
    n = std::min(n, pool);
    for (std::uint32_t i = 0; i < n; ++i) out.push_back(2 * std::uint32_t(std::uint64_t(i) * pool / n) + parity);
    return out;
}

// Compressed bytes of `frame` (with the dictionary, when given); zstd's
// bound if it fails (the writer then reports the failure).
std::size_t compressed_size(ZSTD_CCtx* cctx, const ZSTD_CDict* cdict, int level, const std::vector<std::uint8_t>& frame,
                            std::vector<std::uint8_t>& scratch) {
    scratch.resize(ZSTD_compressBound(frame.size()));
    const std::size_t size =
        cdict ? ZSTD_compress_usingCDict(cctx, scratch.data(), scratch.size(), frame.data(), frame.size(), cdict)
              : ZSTD_compressCCtx(cctx, scratch.data(), scratch.size(), frame.data(), frame.size(), level);
    return ZSTD_isError(size) ? scratch.size() : size;
}

}  // namespace

ValueCode stored_code(ValueCode c, bool wdl_only) {
    return !wdl_only || c == VALUE_NONE ? c : wdl_only_code(wdl_sign(c));
}

void block_frame(const TableHeader& h, std::uint32_t b, std::span<const ValueCode> values, bool wdl_only,
                 const std::vector<std::uint16_t>& symbol_of, std::vector<std::uint8_t>& frame) {
    const std::uint32_t n = h.slots_in_block(b);
    const ValueCode* v = values.data() + std::uint64_t(b) * h.block_slots;
    std::uint16_t prev = 0;
    for (std::uint32_t i = 0; i < n; ++i)
        if (ValueCode c = stored_code(v[i], wdl_only); c != VALUE_NONE) {
            prev = symbol_of[c];
            break;
        }
    frame.assign(std::size_t(h.block_content_size(b)), 0);
    if (h.pack_base) {
        // Slot i is digit i % pack_count of byte i / pack_count, least
        // significant first; digits sum below 256 as base^count <= 256.
        std::uint32_t weight[8];
        for (unsigned j = 0, w = 1; j < h.pack_count && j < 8; ++j, w *= h.pack_base) weight[j] = w;
        for (std::uint32_t i = 0, j = 0, byte = 0; i < n; ++i) {
            if (ValueCode c = stored_code(v[i], wdl_only); c != VALUE_NONE) prev = symbol_of[c];
            frame[byte] = std::uint8_t(frame[byte] + prev * weight[j]);
            if (++j == h.pack_count) j = 0, ++byte;
        }
        return;
    }
    for (std::uint32_t i = 0; i < n; ++i) {
        if (ValueCode c = stored_code(v[i], wdl_only); c != VALUE_NONE) prev = symbol_of[c];
        frame[i] = std::uint8_t(prev);
        if (h.symbol_width == 2) frame[n + i] = std::uint8_t(prev >> 8);  // two planes: low, then high bytes
    }
}

std::vector<std::uint8_t> choose_encoding(TableHeader& h, std::span<const ValueCode> values, bool wdl_only,
                                          const std::vector<std::uint16_t>& symbol_of, const TableWriteOptions& opt) {
    h.pack_base = h.pack_count = 0;
    h.zdict_size = 0;
    if (h.format_version < 2) return {};
    // A 1-block table has no odd block: it measures its only one.
    std::vector<std::uint32_t> sample = spread_blocks(h.block_count, kSampleBlocks, h.block_count > 1 ? 1 : 0);
    std::vector<std::uint32_t> training = spread_blocks(h.block_count, kTrainingBlocks, 0);
    CCtx cctx(ZSTD_createCCtx(), ZSTD_freeCCtx);
    if (!cctx) throw std::bad_alloc();

    std::vector<std::pair<std::uint8_t, std::uint8_t>> packings = {{0, 0}};
    if (opt.pack_symbols && h.symbol_width == 1 && h.dict_size <= 16) {
        const unsigned base = std::max<unsigned>(2, h.dict_size);
        packings.push_back({std::uint8_t(base), symbols_per_byte(base)});
    }
    std::uint64_t best = UINT64_MAX;
    std::vector<std::uint8_t> best_dict;
    std::pair<std::uint8_t, std::uint8_t> best_packing = packings[0];
    std::vector<std::uint8_t> frame, scratch;
    for (auto [base, count] : packings) {
        h.pack_base = base;
        h.pack_count = count;
        // The sample's compressed bytes scaled to the whole table.
        std::uint64_t sample_slots = 0, plain = 0;
        std::vector<std::vector<std::uint8_t>> frames;
        for (std::uint32_t b : sample) {
            block_frame(h, b, values, wdl_only, symbol_of, frame);
            sample_slots += h.slots_in_block(b);
            plain += compressed_size(cctx.get(), nullptr, opt.level, frame, scratch);
            frames.push_back(frame);
        }
        const double scale = double(h.slot_count) / double(std::max<std::uint64_t>(1, sample_slots));
        const std::uint64_t plain_total = std::uint64_t(double(plain) * scale);
        if (plain_total < best) best = plain_total, best_packing = {base, count}, best_dict.clear();
        if (!opt.train_dictionary || h.block_count < kMinBlocksForDictionary) continue;

        std::vector<std::uint8_t> samples;
        std::vector<std::size_t> sizes;
        for (std::uint32_t b : training) {
            block_frame(h, b, values, wdl_only, symbol_of, frame);
            if (samples.size() + frame.size() > kTrainingBytes) break;
            samples.insert(samples.end(), frame.begin(), frame.end());
            sizes.push_back(frame.size());
        }
        // About a twentieth of the table's bytes, and an eighth of what it
        // learns from (zstd's advice: 10 to 100 times the dictionary).
        const std::size_t capacity =
            std::min({std::max<std::size_t>(plain_total / 20, 1024), std::size_t(64) * 1024, samples.size() / 8});
        if (sizes.size() < 4 || capacity < 1024) continue;
        std::vector<std::uint8_t> dict(capacity);
        const std::size_t dict_size =
            ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(), sizes.data(), unsigned(sizes.size()));
        if (ZDICT_isError(dict_size)) continue;  // too little to learn from: no dictionary
        dict.resize(dict_size);
        CDict cdict(ZSTD_createCDict(dict.data(), dict.size(), opt.level), ZSTD_freeCDict);
        if (!cdict) throw std::bad_alloc();
        std::uint64_t with_dict = 0;
        for (const auto& f : frames) with_dict += compressed_size(cctx.get(), cdict.get(), opt.level, f, scratch);
        const std::uint64_t dict_total = std::uint64_t(double(with_dict) * scale) + dict.size();
        if (dict_total < best) best = dict_total, best_packing = {base, count}, best_dict = std::move(dict);
    }
    h.pack_base = best_packing.first;
    h.pack_count = best_packing.second;
    h.zdict_size = std::uint32_t(best_dict.size());
    return best_dict;
}

}  // namespace mtb
