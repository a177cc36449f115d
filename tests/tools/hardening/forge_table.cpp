// forge_table: rewrites a table file with forged header fields or
// dictionary entries and recomputed checksums, as an attacker would, for
// the CLI tests (cli_forged_tables.sh).
//   forge_table FILE [--consistent] FIELD=VALUE...
// FIELD is a header field of forge.h's kFields, dict.I.count /
// dict.I.code for dictionary entry I, swap_codes=I,J or move_count=I,J,N.  --consistent then makes
// block_count, data_offset and file_size follow the forged fields and
// extends the file (sparse) to the size the header claims.
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "tests/tools/hardening/forge.h"

int main(int argc, char** argv) {
    using namespace mtb;
    if (argc < 3) return std::fputs("usage: forge_table FILE [--consistent] FIELD=VALUE...\n", stderr), 2;
    const std::string path = argv[1];
    std::vector<std::uint8_t> b;
    {
        std::ifstream in(path, std::ios::binary);
        b.assign(std::istreambuf_iterator<char>(in), {});
    }
    if (b.size() < kHeaderSize + kTrailerSize) return std::fprintf(stderr, "%s: not a table\n", path.c_str()), 1;
    bool consistent = false;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--consistent") {
            consistent = true;
            continue;
        }
        const std::size_t eq = arg.find('=');
        if (eq == std::string::npos) return std::fprintf(stderr, "bad argument '%s'\n", arg.c_str()), 2;
        const std::string name = arg.substr(0, eq);
        const std::uint64_t value = std::strtoull(arg.c_str() + eq + 1, nullptr, 0);
        // swap_codes=I,J exchanges two entries' codes (each symbol's count
        // stays right: only the values change); move_count=I,J,N moves N
        // positions from entry I's count to entry J's (the sum stays right).
        std::uint64_t x[3] = {};
        const bool pair = std::sscanf(arg.c_str() + eq + 1, "%llu,%llu,%llu", (unsigned long long*)&x[0],
                                      (unsigned long long*)&x[1], (unsigned long long*)&x[2]) >= 2;
        const auto entry = [&](std::uint64_t i, std::size_t at) -> std::uint8_t* {
            const std::uint64_t o = kHeaderSize + i * kDictEntrySize + at;
            return o + 8 <= b.size() ? &b[o] : nullptr;
        };
        if (name == "swap_codes" || name == "move_count") {
            std::uint8_t* a = pair ? entry(x[0], name == "swap_codes" ? 8 : 0) : nullptr;
            std::uint8_t* c = pair ? entry(x[1], name == "swap_codes" ? 8 : 0) : nullptr;
            if (!a || !c) return std::fprintf(stderr, "bad entries in '%s'\n", arg.c_str()), 2;
            if (name == "swap_codes") {
                const std::uint64_t t = forge::get(a, 2);
                forge::put(a, forge::get(c, 2), 2);
                forge::put(c, t, 2);
            } else {
                forge::put(a, forge::get(a, 8) - x[2], 8);
                forge::put(c, forge::get(c, 8) + x[2], 8);
            }
        } else if (name.starts_with("dict.")) {
            const std::uint64_t entry = std::strtoull(name.c_str() + 5, nullptr, 10);
            if (!forge::put_dict(b, entry, name.ends_with(".code"), value))
                return std::fprintf(stderr, "no dictionary entry %llu\n", (unsigned long long)entry), 2;
        } else if (const forge::Field* f = forge::field_named(name)) {
            forge::put(&b[f->offset], value, f->bytes);
        } else {
            return std::fprintf(stderr, "unknown field '%s'\n", name.c_str()), 2;
        }
    }
    const std::uint64_t claimed = consistent ? forge::make_layout_consistent(b) : b.size();
    forge::fix_checksums(b);
    if (claimed == b.size()) forge::fix_trailer(b);
    FILE* out = std::fopen(path.c_str(), "wb");
    if (!out || std::fwrite(b.data(), 1, b.size(), out) != b.size() || std::fclose(out) != 0)
        return std::fprintf(stderr, "%s: cannot write\n", path.c_str()), 1;
    if (claimed > b.size() && ::truncate(path.c_str(), off_t(claimed)) != 0)
        return std::fprintf(stderr, "%s: cannot extend to %llu bytes\n", path.c_str(), (unsigned long long)claimed), 1;
    return 0;
}
