// Reading table files (format: table/FORMAT.md).
//
// TableFile opens one file, reads and checks its header and block index
// when opened, and then reads each block with pread() when it is needed;
// each block's checksum is checked every time the block is decompressed,
// so a damaged file gives an error, never a wrong value.  The file is not
// mapped: a table truncated or rewritten under a running process (new
// tables copied over old ones) then gives a read error or a checksum
// mismatch instead of SIGBUS.  Only regular files are opened (a FIFO named
// like a table would block open() for ever).  One descriptor stays open per
// TableFile.
// The solver uses read_all() to fetch the values of solved child sectors;
// the probe library (probe_api.cpp) goes through TableSet, which opens a
// folder lazily and caches decompressed blocks.
//
// Thread safety: every const member of TableFile may be called from any
// number of threads at once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "table/table_format.h"

namespace mtb {

class TableFile {
public:
    // Opens `path` and checks header, dictionary and block index: a header
    // of a rule set this program knows must also fit it (check_header_shape,
    // check_dictionary: sector, slot count, counts, code range), checked
    // before any header field sizes an allocation.  On failure
    // returns null and sets `error` (which names the file) and *io (when
    // given): true when the file could not be read at all (cannot be opened,
    // not a regular file, a read failed, the file shrank), false when it was
    // read and is damaged.  Callers classify by *io, never by the text.
    static std::unique_ptr<TableFile> open(const std::string& path, std::string& error, bool* io = nullptr);
    ~TableFile();
    TableFile(const TableFile&) = delete;
    TableFile& operator=(const TableFile&) = delete;

    const std::string& path() const { return path_; }
    const TableHeader& header() const { return header_; }
    const std::vector<DictEntry>& dictionary() const { return dict_; }
    const std::vector<BlockEntry>& blocks() const { return blocks_; }
    std::uint64_t slots() const { return header_.slot_count; }
    // The value code a symbol stands for.
    ValueCode code_of(std::uint16_t symbol) const { return codes_[symbol]; }

    // Whether the table was made for rule set r and sector s: the header
    // passes check_header() (table/table_identity.h) and names sector s;
    // with `metric`, a values file holds that metric's distances.
    // The error names the file and the mismatch.
    std::optional<std::string> check_matches(const Rules& r, Sector s, std::optional<Metric> metric = {}) const;

    // Checks block b's checksum and decompresses its symbols into `raw`
    // (slots_in_block(b) bytes, or twice that for 2-byte symbols: all low
    // bytes, then all high bytes).  The error names file and block; *io
    // (when given) is set when the block could not be read at all (the file
    // shrank or the read failed) rather than read damaged.
    std::optional<std::string> read_block_symbols(std::uint32_t b, std::vector<std::uint8_t>& raw,
                                                  bool* io = nullptr) const;
    // Block b as value codes (out.size() becomes slots_in_block(b)), as
    // stored: rule-decided slots hold their filler.
    std::optional<std::string> read_block(std::uint32_t b, std::vector<ValueCode>& out) const;
    // Every slot's value code.  In a file with rule-decided slots
    // (header.rule_decided, table/rule_decided.h) those hold the rules'
    // value, not the stored filler (read_block() gives what is stored).
    std::optional<std::string> read_all(std::vector<ValueCode>& out) const;
    // For a file with rule-decided slots: sets those of `values` (every
    // slot, in order, as read_block() gives them) to the rules' value;
    // does nothing for other files.  read_all() ends with it; a reader that
    // decodes blocks itself must call it before using the values.
    std::optional<std::string> restore_rule_decided_slots(std::span<ValueCode> values) const;
    // One slot, decompressing its block (slow: for a few look-ups only).
    std::optional<std::string> value_at(std::uint64_t slot, ValueCode& out) const;

    // Checks the whole-file checksum in the trailer.
    std::optional<std::string> check_file_checksum() const;

    // The file's size when it was opened.
    std::uint64_t size() const { return size_; }

private:
    TableFile() = default;
    // The rule set and metric this file's rule-decided slots are restored
    // with (the error names the file).
    std::optional<std::string> decided_rules(const Rules*& r, Metric& metric) const;
    // Reads exactly out.size() bytes at `offset`; the error names the file.
    std::optional<std::string> read_at(std::uint64_t offset, std::span<std::uint8_t> out) const;
    std::string path_;
    int fd_ = -1;
    std::uint64_t size_ = 0;
    TableHeader header_;
    std::vector<DictEntry> dict_;
    std::vector<BlockEntry> blocks_;
    std::vector<ValueCode> codes_;  // symbol -> code
    // Packed files (FORMAT.md "Blocks"): the pack_count symbols of byte
    // value v at unpack_[v * pack_count ...]; packed_ok_[v] when each is in
    // the dictionary.
    std::vector<std::uint8_t> unpack_;
    std::vector<bool> packed_ok_;
    // The trained zstd dictionary, digested once (null: none).
    std::shared_ptr<void> ddict_;
};

// Reads a table and checks it belongs to (r, s) (and holds `metric`'s
// values, when given); convenience for the solver.
std::optional<std::string> load_table(const std::string& path, const Rules& r, Sector s, std::vector<ValueCode>& out,
                                      std::optional<Metric> metric = {});

// One problem found by verify_table(): which file, which block (-1: not a
// block), what.
struct VerifyProblem {
    std::string file;
    std::int64_t block = -1;
    std::string message;
    // The file's values could not be checked because a table they are
    // checked against is damaged, missing or of another metric: the file
    // itself is not blamed (mtb verify says UNCHECKED, not DAMAGED).
    bool unchecked = false;
};

// Checks every checksum of one file: header, dictionary and block index,
// every block (and that it decompresses to the right size), the trailer,
// the whole file, and that the blocks hold as many positions of each code
// as the dictionary says.  Returns the problems found (empty: the file is sound).
std::vector<VerifyProblem> verify_table(const std::string& path);

// Hook for the solver's value-consistency check (gen/verify): called with
// each sound table and all its values; returns problems to report.
using ValueCheck = std::function<std::vector<VerifyProblem>(const TableFile&, const std::vector<ValueCode>&)>;
// verify_table() and then, when the file is sound and its header passes
// check_table_identity() (table/table_identity.h), `check` on its values.
std::vector<VerifyProblem> verify_values(const std::string& path, const ValueCheck& check);

}  // namespace mtb
