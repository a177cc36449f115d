// Solved sectors' values kept in memory, packed as a unit's children are
// (gen/child_values.h), from the unit of `mtb gen` that solved them to the
// last unit of the run that reads them.  Without it every reader reads the
// table back from its file: it decompresses the blocks, builds the sector's
// index and packs the slots again, once per reading unit.
//
// A kept table is what a reader would load from the file, slot for slot:
// the values the file was written from, every slot a position's (the
// index is perfect; a table with an empty slot is not kept, as its file's
// reader refuses it), so a unit solved from kept children writes the same
// bytes as one that loaded them.
//
// Memory: at most `budget_bytes` of packed tables (ChildTable::memory_bytes)
// are kept at once; a table that would go over it is not kept, and its
// readers load the file.  A table is let go once every unit that reads it
// has started (a running unit holds what it was lent until it ends).  The
// units of one process only: over MPI ranks (tools/mpi_job.h) each rank
// runs units of its own, and mtb gen keeps nothing.
//
// Thread safety: every member may be called from several threads at once
// (units run side by side).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "engine/rules.h"
#include "gen/child_values.h"
#include "gen/sector_graph.h"
#include "table/sector.h"
#include "table/value.h"

namespace mtb {

class ChildCache {
public:
    // The most a run of `units` keeps (mtb gen's cache and its --plan):
    // `asked` bytes when given, else a byte for each position of the run's
    // largest unit (half what its words take), so that what is kept stays
    // below what that unit needs while it runs; 0 over MPI ranks.
    static std::uint64_t budget(const Rules& r, const std::vector<SolveUnit>& units, std::optional<std::uint64_t> asked,
                                bool over_ranks);

    // units: the run's, in solve order.
    ChildCache(const Rules& r, const std::vector<SolveUnit>& units, std::uint64_t budget_bytes);

    // Sector s is solved and its table written: if a unit not yet started
    // reads it, its values are packed with up to `threads` threads and kept,
    // within the budget.  counts: count_codes(values).
    void keep(Sector s, std::span<const ValueCode> values, const std::vector<std::uint64_t>& counts, int threads);
    // Unit u starts: every kept table among its children is added to
    // `children` (which then holds it while u runs).  Returns how many.
    std::size_t lend(std::size_t u, ChildValues& children);
    // Unit u does not run here (an earlier run solved it): its children
    // have one reader less.
    void skip(std::size_t u);

    std::uint64_t bytes() const;       // kept now
    std::uint64_t peak_bytes() const;  // the most kept at once

private:
    void count_down(std::size_t u);  // holding mutex_

    const Rules& r_;
    const std::vector<SolveUnit>& units_;
    const std::uint64_t budget_;
    std::vector<std::vector<Sector>> children_;  // per unit: the sectors it reads
    mutable std::mutex mutex_;
    std::map<Sector, int> readers_;  // units not yet started that read the sector
    std::map<Sector, std::shared_ptr<const ChildTable>> kept_;
    std::uint64_t bytes_ = 0, peak_ = 0;
};

}  // namespace mtb
