// The retrograde solver: exact values of one solve unit (a set of sectors
// that reach each other, e.g. a movement sector and its colour-swapped twin)
// from the values of the solved sectors its plies leave to, in any value
// metric (table/metric.h: DTM, DTC, DTC under a no-capture limit).  The
// metric says what a ply leaving the unit is worth (Metric::through: its
// child's distance + 1, or 1 for a capture under DTC), how a blocked loss
// counts, and where propagation stops (a limit L: nothing longer than L
// is a result; a position still unresolved then is a draw).
//
// Method.  One 16-bit word per slot of the unit (the memory bound: 2 bytes
// per slot, plus the children's values held by ChildValues, packed to about
// half a byte per slot for nmm, plus 4 bytes per won or lost position while
// its layer is pending, in the frontier):
//
//   bit 15 set   : unresolved; bits 0-14 count the distinct in-unit child
//                  slots not yet known to be wins for the opponent
//   0            : the slot holds no position (VALUE_NONE)
//   otherwise    : a ValueCode, final or (for WIN n found through a ply
//                  leaving the unit) tentative until layer n
//
// Init: every position looks at its plies once; plies leaving the unit are
// looked up in the children, plies staying in it are counted per distinct
// child slot (by popcount, when the children are known to be distinct
// classes).  Every value with a distance goes to the frontier
// (gen/frontier.h) under its code.  Then the codes 2, 3, 4, ... (in every
// metric the order of distance: a LOSS n before a WIN n + 1) take their
// positions from the frontier and propagate them
// backwards with un-moves: a LOSS n makes the in-unit
// predecessors WIN n+1 (unless they already win sooner); a WIN n decrements
// their counters, and a counter reaching 0 makes the predecessor a LOSS
// (1 + its longest forced line, exits included) or, with a drawing exit, a
// DRAW.  Positions still unresolved at the end are draws.  Layers go in
// order of distance, so every distance is exact.  A layer fetches the words
// of all predecessors of a few positions before it updates any, so many of
// its (random) memory accesses are in flight at once.
//
// Children are built in normal form straight from each ply, and in-unit
// predecessors by quiet un-moves in normal form (gen/quiet_unmove.h), so
// the hot loops never build a Position; a ply's kind (quiet, move with
// removal, placement, placement with removal) names its child sector.
//
// Symmetry: counts and decrements are per distinct (predecessor slot, child
// slot) pair: a class reaches another class from its canonical member iff
// the canonical member of the other has an un-move into the first class.
//
// Parallel: each phase is an OpenMP loop over slots; concurrent updates to
// one word use std::atomic_ref compare-exchange, and a propagation pass's
// threads work far apart in its list (gen/stretch_chunks.h).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gen/child_values.h"
#include "table/metric.h"

namespace mtb {

struct SectorStats {
    Sector sector;
    std::uint64_t slots = 0, positions = 0, wins = 0, losses = 0, draws = 0;
    int longest_win = -1;  // plies; -1 when there is no win
};

// Counts the outcome of every position slot (VALUE_NONE slots skipped);
// longest_win in the metric's distance.
SectorStats sector_stats(Sector s, const std::vector<ValueCode>& values, const Metric& metric = {});
// The same from count_codes(values) (table/value_dictionary.h).
SectorStats sector_stats_of_counts(Sector s, const std::vector<std::uint64_t>& counts, const Metric& metric = {});

struct SolveProgress {
    const char* phase;  // "init", "layer", "final"
    int layer;
    std::uint64_t done, total;  // slots processed in this phase
};

// The memory traffic of one solver phase (`mtb gen --profile`), counted as
// it runs: what places the phase against the machine's bounds (random 2-byte
// accesses per second, bytes streamed per second).
struct PhaseTraffic {
    double cpu_seconds = 0;            // all threads of the process
    std::uint64_t positions = 0;       // positions whose plies or un-moves were generated
    std::uint64_t random_reads = 0;    // value words read at scattered places (children's values, own words)
    std::uint64_t random_writes = 0;   // value words written or updated at scattered places
    std::uint64_t streamed_bytes = 0;  // bytes read or written in order (frontier lists and their sort, scans)

    PhaseTraffic& operator+=(const PhaseTraffic& o) {
        cpu_seconds += o.cpu_seconds;
        positions += o.positions;
        random_reads += o.random_reads;
        random_writes += o.random_writes;
        streamed_bytes += o.streamed_bytes;
        return *this;
    }
};

// Where a unit's time and memory went.
struct SolveStats {
    double init_seconds = 0, layer_seconds = 0, final_seconds = 0;  // wall
    double init_cpu_seconds = 0, layer_cpu_seconds = 0;             // all threads
    int layers = 0;                                                 // distances propagated
    std::size_t frontier_bytes = 0;                                 // peak
    // Wall seconds before the init, on one thread: the unit's indexes
    // built, its words allocated and set to "none".  Mostly the kernel's
    // first touch of the words' fresh pages (BENCHMARKS.md, "Session 31").
    double setup_seconds = 0;
    // Per phase: the init pass, the propagation passes of losses (which
    // make their predecessors wins) and of wins (which refute one child of
    // each predecessor), the finish pass.
    PhaseTraffic init, loss_layers, win_layers, finish;
};

struct SolveOptions {
    int threads = 0;                                     // 0: OpenMP's default
    std::function<void(const SolveProgress&)> progress;  // called from the calling thread
    // Sectors (and layers) with fewer slots than this are done by the
    // calling thread alone: starting a team costs more than it saves, and
    // much more on a busy machine.  Tests lower it to run threads on small units.
    std::uint64_t parallel_min = 1 << 16;
    SolveStats* stats = nullptr;  // filled when not null
    // Pending positions keep what their exits gave, so that the last
    // refutation of their in-unit children need not look at the exits
    // again (gen/solver.cpp, EXITS_KEPT).  Tests clear it to run the other
    // route, taken where the count or the exit's distance does not fit.
    bool keep_exits = true;
    // Sectors without stones in hand whose exits read at most this many
    // bytes of child tables are initialised in slot order, the others
    // grouped by the opponent's stones (gen/solver.cpp, init_pass).
    // Tests set 0 to walk every sector grouped.
    std::size_t slot_order_exit_bytes = std::size_t(32) << 20;
    // Units whose words take at least this many bytes hold the words the
    // grouped init writes for sectors whose side to move has no stone in
    // hand, and write them in address order (gen/held_writes.h) instead of
    // as found.
    // Tests set 0 to run that route on small units.
    std::uint64_t held_writes_min_bytes = std::uint64_t(32) << 20;
    // Where the grouped init holds its writes, it writes only the positions
    // whose plies reach an exit, and a pass in slot order does the others
    // (gen/solver.cpp, init_pass).  Tests clear it to run the grouped walk
    // over every position.
    bool split_grouped_init = true;
    // In the grouped init, a position whose side to move places, that has
    // in-unit children and whose opponent holds no stone to place takes
    // only its placements' wins, found from the child row's wins once a
    // group; its word then keeps no exits, and its
    // last refutation, if it comes, looks at them again (gen/solver.cpp,
    // place_wins_coded).  Tests clear it to read every placement's value.
    bool placement_wins_alone = true;
    // What the distances count, and so what a ply leaving the unit is
    // worth and where propagation stops (table/metric.h).  It must be one
    // of the rule set's (Metric::of).
    Metric metric;
};

// Solves `unit` (every successor sector outside it must be in `children`).
// values[k] receives the ValueCode of every slot of unit[k] (VALUE_NONE for
// empty slots).  Returns an error text, e.g. when a child is missing.
std::optional<std::string> solve_unit(const Rules& r, const std::vector<Sector>& unit, const ChildValues& children,
                                      std::vector<std::vector<ValueCode>>& values, const SolveOptions& opt = {});

}  // namespace mtb
