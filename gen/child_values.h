// The values of solved sectors that a unit's plies lead to, held in memory
// while the unit is solved (or while a table is verified).
//
// Memory: 2 bytes per slot of every loaded sector plus its index tables;
// memory_bytes() says how much.  The solver loads only the successors of
// the unit being solved, never every table.
//
// Thread safety: after loading, value() may be called from any thread.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "probe/index.h"
#include "probe/sector.h"
#include "probe/value.h"

namespace mtb {

class ChildValues {
public:
    // Loads `dir`/table_file_name(r, s) for each sector in `sectors` (checked
    // against r and s).  Returns an error text naming the file on failure.
    std::optional<std::string> load(const Rules& r, const std::vector<Sector>& sectors, const std::string& dir);
    // Adds a sector whose values are already in memory.
    void add(const Rules& r, Sector s, std::vector<ValueCode> values);

    // The value of a position of a loaded sector; VALUE_NONE when the sector
    // is not loaded.
    ValueCode value(Sector s, NormalPosition n) const {
        for (const Entry& e : entries_)
            if (e.sector == s) return e.values[e.index.slot_of(n)];
        return VALUE_NONE;
    }
    bool has(Sector s) const;
    std::size_t memory_bytes() const;

private:
    struct Entry {
        Sector sector;
        SectorIndex index;
        std::vector<ValueCode> values;
    };
    std::vector<Entry> entries_;
};

}  // namespace mtb
