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
    std::string dir;                   // the folder listed: DIR, or its one DIR/<rules>/ (below)
    std::vector<std::string> files;    // regular *.mtb files directly in the folder, sorted
    std::vector<std::string> skipped;  // "<path>: why" for *.mtb entries that are no regular file
    std::string rules;                 // the rule set the folder's tables must share ("" when none)
};

// Lists `dir`; sets `error` when the folder cannot be read.  A folder
// with no *.mtb entry of its own stands for its one sub-folder named for a
// rule set that has some (the DIR/<rules>/ rule of probe/tables_folder.h;
// several such sub-folders are an error naming them).  The folder's rule
// set is its own name when that names a rule set (tables/nmm), else the
// one most file names start with ("<rules>_...").
TableFolder table_files(const std::string& dir, std::string& error);

// Whether the folder's values files hold more than one metric (DTM and
// DTC): a text naming the folder, each metric's count and a file of it;
// nullopt when they agree.  Probes refuse such a folder, so mtb verify
// reports it instead of calling it sound.
std::optional<std::string> metric_mix(const TableFolder& folder);

// Whether table t belongs where it is: its header passes
// check_table_identity() (rule set, sector and slot count valid, the file
// named for them) and its rule set is the folder's.
std::optional<std::string> check_in_folder(const TableFile& t, const TableFolder& folder);

}  // namespace mtb::cli
