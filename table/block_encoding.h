// How the writer turns a sector's values into block frames (format version
// 2, table/FORMAT.md "Blocks"), and its per-table choice of encoding: one
// symbol per byte or several packed into one, with or without a zstd
// dictionary trained on the table's own blocks.  The choice is made on a
// sample of the blocks, compressed each way; the smaller file wins.
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

// Sets h.pack_base, h.pack_count and h.zdict_size to the encoding that a
// sample of blocks compresses smallest among those `opt` allows, and
// returns the trained dictionary's bytes (empty: none).  h must have its
// dictionary and block fields set.
std::vector<std::uint8_t> choose_encoding(TableHeader& h, std::span<const ValueCode> values, bool wdl_only,
                                          const std::vector<std::uint16_t>& symbol_of, const TableWriteOptions& opt);

}  // namespace mtb
