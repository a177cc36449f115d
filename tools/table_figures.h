// The figures of one table, read from its dictionary (table/FORMAT.md):
// positions, wins, losses, draws, the longest win and loss in the table's
// own metric (DTM, or DTC), bytes.  What `mtb stats` prints and `mtb serve`
// shows beside a position; one place, so both count alike.
#pragma once

#include <cstdint>
#include <string>

#include "table/table_reader.h"
#include "tools/json_out.h"

namespace mtb::cli {

struct TableFigures {
    std::string file, sector;
    std::string metric = "dtm";  // of the longest columns: "dtm" or "dtc"
    bool wdl = false;
    bool counts_known = true;  // false for a capture-resolved file (FORMAT.md content 2) or rule-decided slots
    std::uint64_t positions = 0, wins = 0, losses = 0, draws = 0, bytes = 0;
    int longest_win = -1, longest_loss = -1;  // -1: none (or a WDL-only file)
    double bits() const { return positions ? 8.0 * double(bytes) / double(positions) : 0.0; }
    // Adds another table's counts (for a total).
    void add(const TableFigures& o);
};

TableFigures table_figures(const TableFile& t);

// As JSON; with_name adds the file, sector and WDL-only flag.  Unknown
// counts and absent longest values are null.
Json table_figures_json(const TableFigures& f, bool with_name);

}  // namespace mtb::cli
