// The table files in a folder, for mtb stats and mtb verify: which entries
// are tables, which were skipped and why, and whether each table is the one
// its name and its folder say (issue 15, items 4 and 6).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "table/table_reader.h"

namespace mtb::cli {

struct TableFolder {
    std::vector<std::string> files;    // regular *.mtb files directly in the folder, sorted
    std::vector<std::string> skipped;  // "<path>: why" for *.mtb entries that are no regular file
    std::string rules;                 // the rule set the folder's tables must share ("" when none)
};

// Lists `dir`; sets `error` when the folder cannot be read.  The folder's
// rule set is its own name when that names a rule set (tables/nmm), else
// the one most file names start with ("<rules>_...").
TableFolder table_files(const std::string& dir, std::string& error);

// Whether table t belongs where it is: its header passes
// check_table_identity() (rule set, sector and slot count valid, the file
// named for them) and its rule set is the folder's.
std::optional<std::string> check_in_folder(const TableFile& t, const TableFolder& folder);

}  // namespace mtb::cli
