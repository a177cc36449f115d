// Forging table files as an attacker would (issue 28): set header fields
// and dictionary entries to chosen values, then recompute the checksums, so
// that a reader meets the forged fields themselves rather than a checksum
// mismatch.  Shared by forge_table (the CLI tests' tool) and the fuzz
// harness tests/fuzz/fuzz_table_header.cpp.  Offsets: table/FORMAT.md.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "table/table_format.h"

namespace mtb::forge {

inline std::uint64_t get(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t(p[i]) << (8 * i);
    return v;
}
inline void put(std::uint8_t* p, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) p[i] = std::uint8_t(v >> (8 * i));
}

// A forgeable header field: its name, offset and width in bytes.
struct Field {
    std::string_view name;
    std::size_t offset;
    int bytes;
};
inline constexpr Field kFields[] = {
    {"format_version", 8, 4}, {"header_size", 12, 4}, {"fingerprint", 48, 8}, {"sector", 56, 4},
    {"index_scheme", 60, 4},  {"slot_count", 64, 8},  {"content", 72, 1},     {"symbol_width", 73, 1},
    {"dict_size", 74, 2},     {"block_slots", 76, 4}, {"block_count", 80, 4}, {"level", 84, 4},
    {"file_size", 88, 8},     {"data_offset", 96, 8}, {"pack_base", 113, 1},  {"pack_count", 114, 1},
    {"rule_decided", 115, 1}, {"zdict_size", 116, 4},
};

inline const Field* field_named(std::string_view name) {
    for (const Field& f : kFields)
        if (f.name == name) return &f;
    return nullptr;
}

// Dictionary entry i's count (8 bytes) or code (2 bytes), if the bytes hold it.
inline bool put_dict(std::vector<std::uint8_t>& b, std::uint64_t i, bool code, std::uint64_t v) {
    const std::uint64_t at = kHeaderSize + i * kDictEntrySize + (code ? 8 : 0);
    if (at + (code ? 2 : 8) > b.size()) return false;
    put(&b[at], v, code ? 2 : 8);
    return true;
}

// Makes block_count, data_offset and file_size follow slot_count,
// block_slots and dict_size as a writer would (each block one byte), so
// that the header passes every layout check; returns the file size the
// header now claims (the caller extends the file to it, sparse).
inline std::uint64_t make_layout_consistent(std::vector<std::uint8_t>& b) {
    const std::uint64_t slots = get(&b[64], 8), per = std::max<std::uint64_t>(1, get(&b[76], 4));
    const std::uint64_t blocks = (slots / per + (slots % per != 0)) & 0xffffffffu;
    const std::uint64_t data =
        kHeaderSize + get(&b[74], 2) * kDictEntrySize + blocks * kBlockEntrySize + get(&b[116], 4);
    put(&b[80], blocks, 4);
    put(&b[96], data, 8);
    put(&b[88], data + blocks + kTrailerSize, 8);
    return data + blocks + kTrailerSize;
}

// Recomputes block, meta and header checksums where the bytes hold what
// the (possibly forged) layout fields point at; fields pointing past the
// bytes (a sparse extension) leave that checksum as it was.
inline void fix_checksums(std::vector<std::uint8_t>& b) {
    if (b.size() < kHeaderSize) return;
    const std::uint64_t dict = get(&b[74], 2), blocks = get(&b[80], 4);
    const std::uint64_t index = kHeaderSize + dict * kDictEntrySize;
    const std::uint64_t meta_end = index + blocks * kBlockEntrySize + get(&b[116], 4);  // + zstd dictionary
    if (meta_end <= b.size()) {
        for (std::uint64_t i = 0; i < blocks; ++i) {
            std::uint8_t* e = &b[index + i * kBlockEntrySize];
            const std::uint64_t off = get(e, 8), size = get(e + 16, 4);
            if (off <= b.size() && size <= b.size() - off) put(e + 8, checksum64({&b[off], size}), 8);
        }
        put(&b[104], checksum64({&b[kHeaderSize], meta_end - kHeaderSize}), 8);
    }
    put(&b[120], checksum64({b.data(), 120}), 8);
}

// The trailer's whole-file checksum, for a file of exactly these bytes.
inline void fix_trailer(std::vector<std::uint8_t>& b) {
    if (b.size() < kHeaderSize + kTrailerSize) return;
    put(&b[b.size() - 8], checksum64({b.data(), b.size() - kTrailerSize}), 8);
}

}  // namespace mtb::forge
