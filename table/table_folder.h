// A folder of tables: the one place that names a table file, parses a
// name back, builds a table's path, finds the folder a user means and
// lists it, and holds the folder rules every command shares:
//  - DIR/<rules>/: `--tables tables` and `--tables tables/nmm` mean the
//    same (find_tables_folder for one rule set: mtb_open, probe, serve,
//    player, course; list_table_folder for any rule set: stats, verify,
//    wdl, repack);
//  - one rule set and one metric per folder: the probe reads the metric
//    from the headers and refuses a mix (metric_mix: mtb verify, mtb
//    stats), and mtb gen refuses to solve into another rule set's or
//    metric's folder (first_clash).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "table/metric.h"
#include "table/sector.h"

namespace mtb {

class TableFile;

// The file name of a sector's table: "nmm_5v4.mtb", "nmm_5v4+2+3.mtb";
// with wdl_only, "nmm_5v4.wdl.mtb" (table/FORMAT.md, "File name").
std::string table_file_name(const Rules& r, Sector s, bool wdl_only = false);

// Parses a table file name "<rules>_<a>v<b>[+<c>+<d>].mtb" for rule set
// `rules` (canonical spelling only); with wdl_only, also accepts
// "<rules>_<sector>.wdl.mtb" and says which of the two it was.
bool parse_table_file_name(const std::string& name, const std::string& rules, Sector& out, bool* wdl_only = nullptr);

// The path of a sector's table in folder `dir`: dir/table_file_name(), or
// the bare name for dir "".
std::string table_path(const std::string& dir, const Rules& r, Sector s, bool wdl_only = false);

// The values file named like win/draw/loss-only file `path`
// ("d/nmm_3v3.wdl.mtb" -> "d/nmm_3v3.mtb"); nullopt for a path not named
// ".wdl.mtb".
std::optional<std::string> values_file_of(const std::string& path);

struct TableFolder {
    std::string dir;    // the folder the tables are read from: DIR, or DIR/<rules>/
    std::string rules;  // the rule set its tables share ("" when none is known)
    // find_tables_folder():
    bool has_tables = false;       // whether dir holds a file named as a table of the rule set
    bool rules_subfolder = false;  // whether dir is the named folder's DIR/<rules>/
    std::string looked_at;         // the folders looked at, for messages: "DIR and DIR/<rules>/"
    // list_table_folder():
    std::vector<std::string> files;    // regular *.mtb files directly in dir, sorted
    std::vector<std::string> skipped;  // "<path>: why" for *.mtb entries that are no regular file

    std::string path(const Rules& r, Sector s, bool wdl_only = false) const { return table_path(dir, r, s, wdl_only); }
};

// Where the tables of rule set `rules` are, given the folder `dir` a user
// named: DIR itself when it holds a table of the rule set, else DIR/<rules>/
// when that folder exists.  When neither holds one, dir is DIR itself
// (unless DIR/<rules>/ exists) and has_tables is false: an empty folder
// still opens, as mtb_open documents.
TableFolder find_tables_folder(const std::string& dir, const std::string& rules);

// "no <rules> table found in DIR or DIR/<rules>/ (make them with: ...)":
// the one wording of that error and warning, for a find_tables_folder().
std::string no_tables_message(const TableFolder& f);

// Lists `dir` for commands that take any rule set's folder; sets `error`
// when the folder cannot be read.  A folder with no *.mtb entry of its own
// stands for its one sub-folder named for a rule set that has some (the
// DIR/<rules>/ rule; several such sub-folders are an error naming them).
// The folder's rule set is its own name when that names a rule set
// (tables/nmm), else the one most file names start with ("<rules>_...").
TableFolder list_table_folder(const std::string& dir, std::string& error);

// Whether the folder's values files hold more than one metric (DTM and
// DTC): a text naming the folder, each metric's count and a file of it;
// nullopt when they agree.  Probes refuse such a folder, so mtb verify
// reports it instead of calling it sound.
std::optional<std::string> metric_mix(const TableFolder& folder);

// Whether table t belongs where it is: its header passes
// check_table_identity() (rule set, sector and slot count valid, the file
// named for them) and its rule set is the folder's.
std::optional<std::string> check_in_folder(const TableFile& t, const TableFolder& folder);

// A table in a folder that breaks "one rule set, one metric" for tables of
// rule set r and metric m: its file name and what its header says.
struct FolderClash {
    std::string file;              // the file name
    std::string rules;             // its rule set
    std::optional<Metric> metric;  // its metric, when it is another metric's values file
};

// The first *.mtb file directly in `dir` (in directory order) that is
// another rule set's table or another metric's values file; files that do
// not open as tables are no clash (resuming checks them).
std::optional<FolderClash> first_clash(const std::string& dir, const Rules& r, const Metric& m);

}  // namespace mtb
