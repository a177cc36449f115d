// The figures of one sector's table for the explorer's sector line: the
// numbers `mtb stats` prints for that file (positions, wins, draws, losses
// for the side to move, the longest win and loss).  A table is read once,
// when a position of its sector is first asked for, then remembered.
#pragma once

#include <map>
#include <mutex>
#include <optional>
#include <string>

#include "engine/rules.h"
#include "table/sector.h"
#include "tools/json_out.h"

namespace mtb::cli {

class SectorFigureCache {
public:
    // {"file", "wdl_only", "positions", "wins", "draws", "losses",
    //  "longest_win", "longest_loss"} of sector s's table in `folder`, or
    // nullopt when the folder holds no readable table of it.  Counts are
    // null for a capture-resolved WDL file, longest null for any WDL file
    // (as in `mtb stats`).  Safe to call from many threads.
    std::optional<Json> get(const std::string& folder, const Rules& r, Sector s) const;

private:
    mutable std::mutex mutex_;
    mutable std::map<std::string, std::optional<Json>> known_;  // by file path
};

}  // namespace mtb::cli
