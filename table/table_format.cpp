#include "table/table_format.h"

#include <xxhash.h>

#include <cstring>

namespace mtb {
namespace {

// Little-endian field access, independent of the host's byte order.
void put(std::uint8_t* p, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) p[i] = std::uint8_t(v >> (8 * i));
}
std::uint64_t get(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}

// Header field offsets (FORMAT.md, "Header").
enum : std::size_t {
    OFF_MAGIC = 0,
    OFF_VERSION = 8,
    OFF_HEADER_SIZE = 12,
    OFF_RULES = 16,
    OFF_FINGERPRINT = 48,
    OFF_SECTOR = 56,
    OFF_INDEX_SCHEME = 60,
    OFF_SLOTS = 64,
    OFF_CONTENT = 72,
    OFF_WIDTH = 73,
    OFF_DICT_SIZE = 74,
    OFF_BLOCK_SLOTS = 76,
    OFF_BLOCK_COUNT = 80,
    OFF_LEVEL = 84,
    OFF_FILE_SIZE = 88,
    OFF_DATA = 96,
    OFF_META_SUM = 104,
    OFF_METRIC = 112,
    OFF_PACK_BASE = 113,
    OFF_PACK_COUNT = 114,
    OFF_RULE_DECIDED = 115,
    OFF_ZDICT_SIZE = 116,
    OFF_HEADER_SUM = 120,
};

}  // namespace

std::uint32_t TableHeader::slots_in_block(std::uint32_t b) const {
    std::uint64_t first = std::uint64_t(b) * block_slots;
    std::uint64_t left = slot_count - first;
    return std::uint32_t(left < block_slots ? left : block_slots);
}

std::uint64_t TableHeader::block_content_size(std::uint32_t b) const {
    const std::uint64_t n = slots_in_block(b);
    return pack_base ? (n + pack_count - 1) / pack_count : n * symbol_width;
}

std::uint8_t symbols_per_byte(unsigned base) {
    unsigned count = 0;
    for (unsigned power = 1; power * base <= 256; power *= base) ++count;
    return std::uint8_t(count);
}

std::uint64_t checksum64(std::span<const std::uint8_t> bytes) { return XXH3_64bits(bytes.data(), bytes.size()); }

std::vector<std::uint8_t> encode_header(const TableHeader& h) {
    std::vector<std::uint8_t> b(kHeaderSize, 0);
    std::memcpy(&b[OFF_MAGIC], kTableMagic, 8);
    put(&b[OFF_VERSION], h.format_version, 4);
    put(&b[OFF_HEADER_SIZE], kHeaderSize, 4);
    std::memcpy(&b[OFF_RULES], h.rules_name.data(), std::min(h.rules_name.size(), kRulesNameMax));
    put(&b[OFF_FINGERPRINT], h.rules_fingerprint, 8);
    put(&b[OFF_SECTOR], h.sector.key(), 4);
    put(&b[OFF_INDEX_SCHEME], h.index_scheme, 4);
    put(&b[OFF_SLOTS], h.slot_count, 8);
    b[OFF_CONTENT] = std::uint8_t(h.content);
    b[OFF_WIDTH] = h.symbol_width;
    put(&b[OFF_DICT_SIZE], h.dict_size, 2);
    put(&b[OFF_BLOCK_SLOTS], h.block_slots, 4);
    put(&b[OFF_BLOCK_COUNT], h.block_count, 4);
    put(&b[OFF_LEVEL], h.level, 4);
    put(&b[OFF_FILE_SIZE], h.file_size, 8);
    put(&b[OFF_DATA], h.data_offset, 8);
    put(&b[OFF_META_SUM], h.meta_checksum, 8);
    b[OFF_METRIC] = std::uint8_t(h.metric);
    b[OFF_PACK_BASE] = h.pack_base;
    b[OFF_PACK_COUNT] = h.pack_count;
    b[OFF_RULE_DECIDED] = h.rule_decided;
    put(&b[OFF_ZDICT_SIZE], h.zdict_size, 4);
    put(&b[OFF_HEADER_SUM], checksum64({b.data(), OFF_HEADER_SUM}), 8);
    return b;
}

std::optional<std::string> decode_header(std::span<const std::uint8_t> bytes, TableHeader& h) {
    if (bytes.size() < kHeaderSize) return "file too short for a header (" + std::to_string(bytes.size()) + " bytes)";
    const std::uint8_t* b = bytes.data();
    if (std::memcmp(b + OFF_MAGIC, kTableMagic, 8) != 0) return std::string("not an mtb table (bad magic)");
    if (get(b + OFF_HEADER_SUM, 8) != checksum64({b, OFF_HEADER_SUM})) return std::string("header checksum mismatch");
    h.format_version = std::uint32_t(get(b + OFF_VERSION, 4));
    if (h.format_version < kOldestFormatVersion || h.format_version > kFormatVersion)
        return "format version " + std::to_string(h.format_version) + " not supported (this reader knows " +
               std::to_string(kOldestFormatVersion) + " to " + std::to_string(kFormatVersion) + ")";
    if (get(b + OFF_HEADER_SIZE, 4) != kHeaderSize) return std::string("bad header size");
    const char* name = reinterpret_cast<const char*>(b + OFF_RULES);
    std::size_t len = strnlen(name, kRulesNameMax + 1);
    if (len > kRulesNameMax) return std::string("rules name not terminated");
    for (std::size_t i = len; i < kRulesNameMax + 1; ++i)
        if (name[i]) return std::string("rules name padding not zero");
    h.rules_name.assign(name, len);
    h.rules_fingerprint = get(b + OFF_FINGERPRINT, 8);
    h.sector = Sector::from_key(std::uint32_t(get(b + OFF_SECTOR, 4)));
    h.index_scheme = std::uint32_t(get(b + OFF_INDEX_SCHEME, 4));
    if (h.index_scheme != kIndexSchemeVersion)
        return "index scheme " + std::to_string(h.index_scheme) + " not supported (this reader knows " +
               std::to_string(kIndexSchemeVersion) + ")";
    h.slot_count = get(b + OFF_SLOTS, 8);
    if (b[OFF_CONTENT] > 2) return std::string("unknown content kind");
    h.content = TableContent(b[OFF_CONTENT]);
    h.symbol_width = b[OFF_WIDTH];
    if (h.symbol_width != 1 && h.symbol_width != 2) return std::string("bad symbol width");
    h.dict_size = std::uint16_t(get(b + OFF_DICT_SIZE, 2));
    if (h.dict_size == 0 || (h.symbol_width == 1 && h.dict_size > 256)) return std::string("bad dictionary size");
    h.block_slots = std::uint32_t(get(b + OFF_BLOCK_SLOTS, 4));
    h.block_count = std::uint32_t(get(b + OFF_BLOCK_COUNT, 4));
    if (h.block_slots == 0 || h.block_slots > kMaxBlockSlots) return std::string("bad block size");
    // Rounded up without adding first: slot_count + block_slots can wrap.
    const std::uint64_t blocks = h.slot_count / h.block_slots + (h.slot_count % h.block_slots != 0);
    if (h.block_count != blocks) return std::string("block count does not match slot count and block size");
    h.level = std::uint32_t(get(b + OFF_LEVEL, 4));
    h.file_size = get(b + OFF_FILE_SIZE, 8);
    h.data_offset = get(b + OFF_DATA, 8);
    h.meta_checksum = get(b + OFF_META_SUM, 8);
    if (b[OFF_METRIC] > 1) return std::string("unknown metric");
    h.metric = MetricKind(b[OFF_METRIC]);
    h.pack_base = b[OFF_PACK_BASE];
    h.pack_count = b[OFF_PACK_COUNT];
    h.zdict_size = std::uint32_t(get(b + OFF_ZDICT_SIZE, 4));
    // Versions 1 and 2 had this byte reserved: zero.
    if (h.format_version < 3 && b[OFF_RULE_DECIDED] != 0) return std::string("reserved header field not zero");
    if (b[OFF_RULE_DECIDED] > 1) return std::string("unknown rule-decided kind");
    h.rule_decided = b[OFF_RULE_DECIDED] != 0;
    // Version 1 had these bytes reserved: zero.
    if (h.format_version == 1 && (h.pack_base || h.pack_count || h.zdict_size))
        return std::string("reserved header field not zero");
    if (h.pack_base) {
        // Only 1-byte symbols pack; every symbol must be a digit, and a byte
        // holds exactly as many digits as fit (FORMAT.md "Blocks").
        if (h.symbol_width != 1 || h.pack_base < 2 || h.pack_base < h.dict_size ||
            h.pack_count != symbols_per_byte(h.pack_base))
            return std::string("bad symbol packing");
    } else if (h.pack_count) {
        return std::string("bad symbol packing");
    }
    if (h.zdict_size > kMaxZdictSize) return std::string("zstd dictionary too large");
    if (h.data_offset != h.meta_end()) return std::string("data offset does not follow the block index");
    // Every block holds at least one byte (no sum here can wrap: data_offset
    // is below 2^38 and block_count below 2^32).
    if (h.file_size < h.data_offset + h.block_count + kTrailerSize)
        return std::string("file size too small for its layout");
    return std::nullopt;
}

void encode_meta(const std::vector<DictEntry>& dict, const std::vector<BlockEntry>& blocks,
                 std::vector<std::uint8_t>& out) {
    out.assign(dict.size() * kDictEntrySize + blocks.size() * kBlockEntrySize, 0);
    std::uint8_t* p = out.data();
    for (const DictEntry& d : dict) {
        put(p, d.count, 8);
        put(p + 8, d.code, 2);
        p += kDictEntrySize;
    }
    for (const BlockEntry& e : blocks) {
        put(p, e.offset, 8);
        put(p + 8, e.checksum, 8);
        put(p + 16, e.size, 4);
        p += kBlockEntrySize;
    }
}

std::optional<std::string> decode_dictionary(const TableHeader& h, std::span<const std::uint8_t> bytes,
                                             std::vector<DictEntry>& dict) {
    if (bytes.size() != std::size_t(h.dict_size) * kDictEntrySize) return std::string("dictionary truncated");
    const std::uint8_t* p = bytes.data();
    dict.resize(h.dict_size);
    std::vector<bool> seen(65536);
    std::uint64_t positions = 0;
    for (DictEntry& d : dict) {
        d.count = get(p, 8);
        d.code = ValueCode(get(p + 8, 2));
        if (get(p + 10, 6) != 0) return std::string("dictionary padding not zero");
        if (d.code == VALUE_NONE || seen[d.code]) return std::string("dictionary code invalid or repeated");
        seen[d.code] = true;
        // Compared, not added first: forged counts may sum past 2^64.
        if (d.count > h.slot_count - positions) return std::string("dictionary counts exceed the slot count");
        positions += d.count;
        p += kDictEntrySize;
    }
    return std::nullopt;
}

std::optional<std::string> decode_block_entries(std::span<const std::uint8_t> bytes, std::uint64_t& next,
                                                std::vector<BlockEntry>& blocks) {
    if (bytes.size() % kBlockEntrySize != 0) return std::string("block index truncated");
    for (const std::uint8_t* p = bytes.data(); p != bytes.data() + bytes.size(); p += kBlockEntrySize) {
        BlockEntry e;
        e.offset = get(p, 8);
        e.checksum = get(p + 8, 8);
        e.size = std::uint32_t(get(p + 16, 4));
        if (get(p + 20, 4) != 0) return std::string("block index padding not zero");
        if (e.offset != next || e.size == 0) return std::string("block index out of order");
        next = e.offset + e.size;
        blocks.push_back(e);
    }
    return std::nullopt;
}

std::vector<std::uint8_t> encode_trailer(std::uint64_t file_checksum) {
    std::vector<std::uint8_t> b(kTrailerSize);
    std::memcpy(b.data(), kTrailerMagic, 8);
    put(b.data() + 8, file_checksum, 8);
    return b;
}

std::optional<std::string> decode_trailer(std::span<const std::uint8_t> bytes, std::uint64_t& file_checksum) {
    if (bytes.size() != kTrailerSize) return std::string("trailer missing");
    if (std::memcmp(bytes.data(), kTrailerMagic, 8) != 0) return std::string("bad trailer magic");
    file_checksum = get(bytes.data() + 8, 8);
    return std::nullopt;
}

}  // namespace mtb
