#include "table/block_encoding.h"

#include <zdict.h>
#include <zstd.h>

#include <algorithm>
#include <memory>
#include <new>

namespace mtb {
namespace {

// The blocks a dictionary is trained on: at most this many, spread over the
// table, and this many bytes.
constexpr std::uint32_t kTrainingBlocks = 64;
constexpr std::size_t kTrainingBytes = std::size_t(1) << 20;
// A dictionary is tried only for tables of at least this many blocks: a
// smaller table has too little to learn from and to repay it.
constexpr std::uint32_t kMinBlocksForDictionary = 8;

// n blocks spread evenly over the table (all of them when it has fewer).
std::vector<std::uint32_t> spread_blocks(std::uint32_t block_count, std::uint32_t n) {
    std::vector<std::uint32_t> out;
    n = std::min(n, block_count);
    for (std::uint32_t i = 0; i < n; ++i) out.push_back(std::uint32_t(std::uint64_t(i) * block_count / n));
    return out;
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

void BlockEncoding::apply(TableHeader& h) const {
    h.pack_base = pack_base;
    h.pack_count = pack_count;
    h.zdict_size = std::uint32_t(zdict.size());
    h.data_offset = h.meta_end();
}

std::vector<BlockEncoding> encoding_candidates(const TableHeader& header, std::span<const ValueCode> values,
                                               bool wdl_only, const std::vector<std::uint16_t>& symbol_of,
                                               const TableWriteOptions& opt) {
    std::vector<BlockEncoding> out(1);  // one symbol per byte, no dictionary: version 1's
    if (header.format_version < 2) return out;
    if (opt.pack_symbols && header.symbol_width == 1 && header.dict_size <= 16) {
        const unsigned base = std::max<unsigned>(2, header.dict_size);
        out.push_back({std::uint8_t(base), symbols_per_byte(base), {}});
    }
    if (!opt.train_dictionary || header.block_count < kMinBlocksForDictionary) return out;
    const std::vector<std::uint32_t> training = spread_blocks(header.block_count, kTrainingBlocks);
    for (std::size_t i = 0, packings = out.size(); i < packings; ++i) {
        TableHeader h = header;
        out[i].apply(h);
        std::vector<std::uint8_t> samples, frame;
        std::vector<std::size_t> sizes;
        for (std::uint32_t b : training) {
            block_frame(h, b, values, wdl_only, symbol_of, frame);
            if (samples.size() + frame.size() > kTrainingBytes) break;
            samples.insert(samples.end(), frame.begin(), frame.end());
            sizes.push_back(frame.size());
        }
        // At most an eighth of what it learns from (zstd advises 10 to
        // 100 times the dictionary) and 64 KiB.
        const std::size_t capacity = std::min(std::size_t(64) * 1024, samples.size() / 8);
        if (sizes.size() < 4 || capacity < 1024) continue;
        std::vector<std::uint8_t> dict(capacity);
        const std::size_t size =
            ZDICT_trainFromBuffer(dict.data(), dict.size(), samples.data(), sizes.data(), unsigned(sizes.size()));
        if (ZDICT_isError(size)) continue;  // too little to learn from: no dictionary
        dict.resize(size);
        out.push_back({out[i].pack_base, out[i].pack_count, std::move(dict)});
    }
    return out;
}

}  // namespace mtb
