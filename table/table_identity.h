// What a table file claims to be, checked against the rule set before any
// of its fields are used (issue 15, items 1 and 4).  The header names the
// rule set and the sector; a reader must not build an index for a sector
// that does not fit the board, nor read a slot count the index disagrees
// with, nor count a file whose name says another sector or rule set.
//
// Every reader goes through here: TableFile::check_matches() (the probe
// library, the solver's child tables, mtb gen's resume check),
// verify_values() (mtb verify --values), mtb verify and mtb stats.
#pragma once

#include <optional>
#include <string>

#include "engine/rules.h"
#include "table/table_folder.h"  // table_file_name()
#include "table/table_format.h"

namespace mtb {

// Whether header h belongs to rule set r: the rules name and fingerprint
// agree, the sector is one r can have (valid_sector) and the slot count is
// the sector's number of distinct positions.  The error says which field
// is wrong.  Cheap (no index is built).
std::optional<std::string> check_header(const Rules& r, const TableHeader& h);

// The metric of a table of rule set r with header h (its `metric` byte),
// or nullopt when r cannot have that metric.
std::optional<Metric> table_metric(const Rules& r, const TableHeader& h);
// The part of check_header() that needs no expected rule set, for the
// reader to run before it allocates anything a header field sizes
// (TableFile::open): when h names a rule set this program knows, with its
// fingerprint, the sector must be one it can have and the slot count the
// sector's.  A header of another rule set passes (check_header() refuses
// it where it is used); its block index is read in bounded pieces.
std::optional<std::string> check_header_shape(const TableHeader& h);

// For a header that check_header_shape() knows (same conditions): the
// dictionary's counts sum to slot_count (every slot holds a position) and
// every code is in the range of the rule set's values (code_in_range(),
// table/value_range.h).  The dictionary holds every code the blocks use, so
// this checks every stored value's range without reading a block.
std::optional<std::string> check_dictionary(const TableHeader& h, const std::vector<DictEntry>& dict);

// Why an entry named like a table is skipped: "" for a regular file (a
// symbolic link is followed), else "skipped: " and what it is (a FIFO would
// block a reader's open, a folder or a dangling link cannot be read).
std::string why_skipped(const std::string& path);

// For a file met by name (mtb verify, mtb stats): the rule set the header
// names exists, check_header() holds for it, and the file's name is the
// one that rule set and sector give (table_file_name()).  On success sets
// *rules (when not null) to the header's rule set.
std::optional<std::string> check_table_identity(const std::string& path, const TableHeader& h,
                                                const Rules** rules = nullptr);

}  // namespace mtb
