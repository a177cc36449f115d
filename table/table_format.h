// The on-disk layout of a table file (specified in table/FORMAT.md): the
// header, dictionary and block index as plain structs, and their exact
// little-endian encoding.  Every parser here treats the bytes as untrusted:
// it checks magic, versions, sizes and checksums and returns an error text.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "table/metric.h"
#include "table/sector.h"
#include "table/value.h"

namespace mtb {

constexpr char kTableMagic[8] = {'M', 'T', 'B', 'T', 'A', 'B', 'L', 'E'};
constexpr char kTrailerMagic[8] = {'M', 'T', 'B', 'T', 'E', 'N', 'D', '1'};
// Version 2 (FORMAT.md) adds packed symbols and a per-table zstd
// dictionary; a version-1 file is still read (its new fields are zero).
constexpr std::uint32_t kFormatVersion = 3;
constexpr std::uint32_t kOldestFormatVersion = 1;
// Version of the slot numbering (table/index.h) the values are stored in.
// Bump it whenever SectorIndex changes which position a slot holds.
constexpr std::uint32_t kIndexSchemeVersion = 1;

constexpr std::size_t kHeaderSize = 128;
constexpr std::size_t kDictEntrySize = 16;
constexpr std::size_t kBlockEntrySize = 24;
constexpr std::size_t kTrailerSize = 16;
constexpr std::size_t kRulesNameMax = 31;  // 32-byte field, NUL-padded
constexpr std::uint32_t kMaxBlockSlots = 1u << 26;
// Bound on a file's trained zstd dictionary (header zdict_size).
constexpr std::uint32_t kMaxZdictSize = 1u << 20;

// What a table's slots hold.  WDL_CAPTURES (FORMAT.md "Capture-resolved
// win/draw/loss files"): win/draw/loss, where a slot whose value a capture
// decides may hold any value not above the true one; the true value is the
// best of the stored one and every capture's (TableSet::value searches
// them).
enum class TableContent : std::uint8_t { VALUES = 0, WDL = 1, WDL_CAPTURES = 2 };

// Whether a table of this content keeps only win/draw/loss (a ".wdl.mtb" file).
constexpr bool is_wdl_only(TableContent c) { return c != TableContent::VALUES; }

struct TableHeader {
    std::uint32_t format_version = kFormatVersion;
    std::string rules_name;
    std::uint64_t rules_fingerprint = 0;
    Sector sector;
    std::uint32_t index_scheme = kIndexSchemeVersion;
    std::uint64_t slot_count = 0;
    TableContent content = TableContent::VALUES;
    std::uint8_t symbol_width = 1;  // bytes per symbol: 1 or 2
    std::uint16_t dict_size = 0;    // symbols in the dictionary
    std::uint32_t block_slots = 0;
    std::uint32_t block_count = 0;
    std::uint32_t level = 0;  // zstd level used (informational)
    std::uint64_t file_size = 0;
    std::uint64_t data_offset = 0;    // first block
    std::uint64_t meta_checksum = 0;  // XXH3 of dictionary + block index
    // What a values file's distances count (table/metric.h); 0 (DTM) in a
    // win/draw/loss-only file.  Files of a rule set with a no-capture limit
    // made before this field hold 0 and mean DTC (table_metric()).
    MetricKind metric = MetricKind::DTM;
    // Version 2: packing of the symbols (FORMAT.md "Blocks"):
    // 0 keeps one symbol per byte (planes for 2-byte symbols); else each
    // byte holds pack_count symbols, all < pack_base, as base-pack_base digits.
    std::uint8_t pack_base = 0;
    std::uint8_t pack_count = 0;
    // Bytes of the trained zstd dictionary after the block index (0: none).
    std::uint32_t zdict_size = 0;
    // Version 3: the slots of positions the rules decide in one ply hold
    // any symbol, and readers restore them (table/rule_decided.h; FORMAT.md
    // "Rule-decided slots").  0 in versions 1 and 2.
    bool rule_decided = false;

    std::uint64_t dict_offset() const { return kHeaderSize; }
    std::uint64_t index_offset() const { return kHeaderSize + std::uint64_t(dict_size) * kDictEntrySize; }
    std::uint64_t zdict_offset() const { return index_offset() + std::uint64_t(block_count) * kBlockEntrySize; }
    std::uint64_t meta_end() const { return zdict_offset() + zdict_size; }
    // Slots in block b (the last block may be short).
    std::uint32_t slots_in_block(std::uint32_t b) const;
    // Bytes block b's zstd frame decompresses to.
    std::uint64_t block_content_size(std::uint32_t b) const;
};

// Symbol i of the dictionary stands for `code`; `count` positions (slots
// that hold a position) have it.  Sorted by count, most frequent first.
struct DictEntry {
    ValueCode code = VALUE_NONE;
    std::uint64_t count = 0;
};

struct BlockEntry {
    std::uint64_t offset = 0;    // from the start of the file
    std::uint64_t checksum = 0;  // XXH3 of the compressed bytes
    std::uint32_t size = 0;      // compressed bytes
};

std::uint64_t checksum64(std::span<const std::uint8_t> bytes);

// How many base-`base` digits one byte holds: the largest k with base^k <= 256
// (base >= 2): 8 for 2, 5 for 3, 4 for 4, 3 for 5 and 6, 2 for 7..16, 1 above.
std::uint8_t symbols_per_byte(unsigned base);

// Encoding: exactly kHeaderSize bytes, header checksum included.
std::vector<std::uint8_t> encode_header(const TableHeader& h);
// Checks magic, header checksum, versions, field ranges and the layout's
// consistency; the error names the field.
std::optional<std::string> decode_header(std::span<const std::uint8_t> bytes, TableHeader& out);

void encode_meta(const std::vector<DictEntry>& dict, const std::vector<BlockEntry>& blocks,
                 std::vector<std::uint8_t>& out);
// The dictionary (dict_size entries, `bytes` exactly that long): checks
// that codes are distinct and not VALUE_NONE, the padding is zero and the
// counts do not sum past slot_count (without overflow).  Whether they sum
// to it, and whether the codes fit the rule set, is check_dictionary()'s
// (table/table_identity.h): it needs the rule set.
std::optional<std::string> decode_dictionary(const TableHeader& h, std::span<const std::uint8_t> bytes,
                                             std::vector<DictEntry>& dict);
// A piece of the block index (whole entries): appends them to `blocks`,
// checking that each is not empty and starts at `next` (data_offset for
// the first), which it advances.  The reader decodes the index piece by
// piece, so memory grows with entries that hold up, never with a count a
// header claims.  The caller checks the meta checksum and that the blocks
// end at the trailer.
std::optional<std::string> decode_block_entries(std::span<const std::uint8_t> bytes, std::uint64_t& next,
                                                std::vector<BlockEntry>& blocks);

std::vector<std::uint8_t> encode_trailer(std::uint64_t file_checksum);
// Checks the trailer magic; the stored checksum of bytes [0, size - 16).
std::optional<std::string> decode_trailer(std::span<const std::uint8_t> bytes, std::uint64_t& file_checksum);

}  // namespace mtb
