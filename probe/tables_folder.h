// The one rule for the tables folder a user names, shared by every entry
// point (mtb_open and so Python's open_tables, mtb probe, serve, player,
// course): DIR itself when it holds a table of the rule set, else
// DIR/<rules>/ when that folder exists.  So `--tables tables` and
// `--tables tables/nmm` mean the same.
#pragma once

#include <string>

namespace mtb {

struct TablesFolder {
    std::string dir;          // the folder the rule set's tables are read from
    bool has_tables = false;  // whether dir holds a file named as a table of the rule set
    std::string looked_at;    // the folders looked at, for messages: "DIR and DIR/<rules>/"
};

// Where the tables of rule set `rules` are, given the folder `dir` a user
// named.  When neither folder holds one, dir is DIR itself (so an empty
// folder still opens, as mtb_open documents) and has_tables is false.
TablesFolder find_tables_folder(const std::string& dir, const std::string& rules);

// "no <rules> table found in DIR or DIR/<rules>/": the one wording of that
// error and warning.
std::string no_tables_message(const TablesFolder& f, const std::string& rules);

}  // namespace mtb
