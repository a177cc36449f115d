// How the writer turns a sector's values into block frames (format version
// 2, table/FORMAT.md "Blocks"), and its per-table choice of encoding: one
// symbol per byte or several packed into one, with or without a zstd
// dictionary trained on the table's own blocks.  The writer compresses the
// whole table each way and keeps the smallest file.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "table/table_format.h"
#include "table/table_writer.h"
#include "table/value.h"

namespace mtb {

// What the writer stores in a slot of a table of `content`: the code
// itself, or its win/draw/loss code in a win/draw/loss-only file.
ValueCode stored_code(ValueCode c, bool wdl_only);

// Block b's frame content (h.block_content_size(b) bytes): the symbols of
// its slots (symbol_of[code]), packed as h says.  A slot holding no
// position (VALUE_NONE) repeats the symbol before it (runs compress best;
// at a block's start, that of its first position, so blocks stay
// independent).
void block_frame(const TableHeader& h, std::uint32_t b, std::span<const ValueCode> values, bool wdl_only,
                 const std::vector<std::uint16_t>& symbol_of, std::vector<std::uint8_t>& frame);

// One way to store a table's blocks: packing (pack_base 0: one symbol per
// byte) and a trained zstd dictionary (empty: none).
struct BlockEncoding {
    std::uint8_t pack_base = 0;
    std::uint8_t pack_count = 0;
    std::vector<std::uint8_t> zdict;
    // Sets h's packing, zdict_size and data_offset to this encoding's.
    void apply(TableHeader& h) const;
};

// The encodings `opt` allows for a table of header h (dictionary and block
// fields set): one symbol per byte (always first, and the only one in
// format version 1); packed, for at most 16 symbols; and each of those with
// a dictionary trained on up to 64 of the table's blocks (1 MiB), for
// tables of 8 blocks or more.  The writer compresses the table with each
// and keeps the smallest file, so no encoding ever makes a table larger.
std::vector<BlockEncoding> encoding_candidates(const TableHeader& h, std::span<const ValueCode> values, bool wdl_only,
                                               const std::vector<std::uint16_t>& symbol_of,
                                               const TableWriteOptions& opt);

}  // namespace mtb
