// Writing one sector's table file (format: table/FORMAT.md).  Part of the
// solver and the tools (mtb gen, mtb wdl), not of the probe library.
//
// The solver hands over the value of every slot of a sector; the writer maps
// the distinct value codes to small symbols (most frequent first), fills the
// slots that hold no position with the symbol of the slot before them (runs
// compress best), cuts the symbol array into blocks, compresses each block
// with zstd and writes header, dictionary, block index, blocks and trailer,
// each checksummed with XXH3.  The file appears atomically: it is written to
// "<path>.tmp" and renamed; on failure the temporary file is removed and
// the error gives the system's reason (no space, permission, file too
// large).  Two processes writing one path must be kept apart by the caller
// (mtb gen locks its output folder: gen/generate.h).
//
// Thread safety: write_table() may run in several threads at once for
// different paths.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "engine/rules.h"
#include "table/sector.h"
#include "table/table_format.h"    // TableContent
#include "table/table_identity.h"  // table_file_name()
#include "table/value.h"

namespace mtb {

// What one write_table() streamed, for `mtb gen --profile`: added to,
// never cleared, so that one struct can sum a unit's tables.
struct TableWriteStats {
    std::uint64_t frame_bytes = 0;  // bytes handed to zstd, over every encoding tried
    std::uint64_t file_bytes = 0;   // bytes of the files written
};

// zstd's match search past what the level sets: ZSTD_c_minMatch and
// ZSTD_c_searchLog, 0 each for the level's own.  Only the bytes change,
// never a value, and readers need nothing of it.
struct MatchSearch {
    int min_match = 0;
    int search_log = 0;
    bool operator==(const MatchSearch&) const = default;
};

// The writer's search at `level` when the options name none: tuned for
// solved tables at level 9 (mtb gen's default; mtb wdl's and mtb repack's
// with --level 9), the level's own elsewhere (table/table_writer.cpp says
// what was measured).
MatchSearch tuned_search(int level);

struct TableWriteOptions {
    int level = 19;  // zstd level, 1..22
    // The match search in blocks without a trained dictionary (with one,
    // zstd takes the search from the digested dictionary at `level`);
    // unset: tuned_search(level).
    std::optional<MatchSearch> search;
    std::uint32_t block_slots = 1u << 16;  // slots per block (> 0)
    // VALUES; WDL keeps only win/draw/loss (distances dropped); WDL_CAPTURES
    // as WDL, for values that are capture_resolved_wdl()'s (gen/wdl_captures.h).
    TableContent content = TableContent::VALUES;
    MetricKind metric = MetricKind::DTM;  // of a VALUES file's distances (table/metric.h)
    int threads = 0;                      // threads compressing blocks; 0: all cores
    // Format version 2's encodings (FORMAT.md "Blocks"): several symbols
    // per byte (tables of at most 16 distinct values) and a zstd dictionary
    // trained on the table's own blocks.  The writer compresses the table
    // with each allowed combination and keeps the smallest file (so it
    // compresses up to four times: turn them off for speed).
    bool pack_symbols = true;
    bool train_dictionary = true;
    // 1 writes the old layout (no packing, no dictionary) for old readers.
    // A file is stamped with the lowest version that holds what it uses: 3
    // only with rule_decided, else at most 2, so version-2 readers still
    // open every file that needs nothing newer.
    std::uint32_t format_version = kFormatVersion;
    // Version 3: `values` holds fillers at the slots lower_rule_decided()
    // left to the rules (table/rule_decided.h), and the header says so, so
    // that readers restore them.  Needs format_version 3.
    bool rule_decided = false;
    // count_codes(values) (table/value_dictionary.h) when the caller has
    // them already (mtb gen counts a solved sector once, for its statistics,
    // its table and its copy kept for later units); null: counted here.
    const std::vector<std::uint64_t>* code_counts = nullptr;
    TableWriteStats* stats = nullptr;  // not null: what the write streamed is added here
};

// Writes one sector's table atomically (temp file + rename).  values[slot]
// is a ValueCode (table/value.h); VALUE_NONE slots are "don't care".
// values.size() must be SectorIndex(r, s).slots().
// Returns an error text, or nullopt on success.
std::optional<std::string> write_table(const std::string& path, const Rules& r, Sector s,
                                       std::span<const ValueCode> values, const TableWriteOptions& opt = {});

}  // namespace mtb
