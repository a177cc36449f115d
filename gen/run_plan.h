// The plan of a run of `mtb gen`, made without solving anything (`mtb gen
// --plan`): its units with their positions, estimated memory and the units
// whose tables each reads; the critical path (the longest chain of units
// that must run one after another, weighted by positions), which no number
// of machines makes shorter; and a projection of the wall time on R ranks
// of T threads, found by running the real scheduler (gen/unit_scheduler.h)
// on a clock of estimated unit times instead of on solving threads.
//
// The projection's model, stated once here:
//   * a unit's CPU seconds are its positions over a rate (positions per CPU
//     second of one thread);
//   * a unit on a team of k threads runs k / (1 + s (k - 1)) times faster
//     than on one (Amdahl's law with a serial share s: the solver's thread
//     ladder on nmm 3..6, 8.46x on 16 threads, BENCHMARKS.md, gives s = 0.06);
//   * one rank (R = 1) is one `mtb gen` process: its threads are the
//     scheduler's workers and a unit's team is one thread per
//     GenOptions::positions_per_thread of its positions, as generate_units()
//     runs it;
//   * on R > 1 ranks each unit runs on one whole rank of T threads: the
//     ranks are the scheduler's workers, one per unit; one rank per node,
//     so the memory rule (gen/unit_scheduler.h) does not apply.
#pragma once

#include <cstdint>
#include <vector>

#include "gen/generate.h"
#include "gen/sector_graph.h"

namespace mtb {

// A unit's peak memory in the solver, estimated on the high side (a unit
// is only solved if it fits, so too low an estimate is the costly error):
// a 16-bit word per slot of the unit (gen/solver.h); its children's tables
// at the widest packing, 16 bits a slot (gen/child_values.h: 4 or 8 where
// children hold few distinct values); the frontier as if every position
// were won or lost, 4 bytes each (gen/frontier.h); and a fixed part for
// the unit's and its children's indexes (up to 6 MiB a sector on lasker-20
// <= 8, mostly shared) and the frontier's empty lists, which dominates
// small units.  Mostly drawn games (nmm) take well under it; on lasker-20
// <= 8 the units of 1 M positions and more took 0.26-0.84 of it, and the
// whole run's peak was 0.98 of the highest estimate (BENCHMARKS.md).
// `mtb gen --help` prints the constants from here.
struct UnitMemoryModel {
    static constexpr std::uint64_t word_bytes = 2;
    static constexpr std::uint64_t child_bytes = 2;
    static constexpr std::uint64_t frontier_bytes = 4;
    static constexpr std::uint64_t fixed_bytes = std::uint64_t(8) << 20;
    static constexpr std::uint64_t bytes(std::uint64_t positions, std::uint64_t child_slots) {
        return (word_bytes + frontier_bytes) * positions + child_bytes * child_slots + fixed_bytes;
    }
};

struct PlannedUnit {
    SolveUnit unit;
    std::vector<std::uint64_t> sector_positions;  // per sector of unit.sectors
    std::uint64_t positions = 0;
    // UnitMemoryModel::bytes() of its positions and its children's slots.
    std::uint64_t memory_bytes = 0;
    std::vector<std::size_t> needs;  // indexes of the units it reads (ascending)
};

// The units of a run (in solve order, as endgame_units() / solve_units()
// give them) with their positions, memory and needs.
std::vector<PlannedUnit> plan_units(const Rules& r, const std::vector<SolveUnit>& units);

// The longest chain of units, each needing the one before it, by the sum
// of its units' positions: the units' indexes, first to last.
std::vector<std::size_t> critical_path(const std::vector<PlannedUnit>& units);

struct ProjectionModel {
    int ranks = 1;
    int threads = 1;                                                  // per rank
    double positions_per_cpu_second = 2.6e6;                          // the rate of one thread
    double serial_share = 0.06;                                       // Amdahl's s
    double positions_per_thread = GenOptions{}.positions_per_thread;  // R = 1: as mtb gen runs

    // How much faster a unit runs on `team` threads than on one.
    double speedup(int team) const;
    // Seconds unit of `positions` takes on `team` threads.
    double seconds(double positions, int team) const { return positions / positions_per_cpu_second / speedup(team); }
    // The team (threads) a unit runs on when the scheduler gives it `workers`
    // of its workers (threads on one rank; ranks on several).
    int threads_of(int workers) const { return ranks > 1 ? threads : workers; }
};

struct ProjectedUnit {
    std::size_t unit = 0;  // index into the planned units
    int threads = 0;       // its team
    double start = 0, end = 0;
};

// The run as the scheduler would order it: every unit, in the order they
// start (each after the units it needs), with its simulated start and end.
// The wall time is the last end.
std::vector<ProjectedUnit> project_run(const std::vector<PlannedUnit>& units, const ProjectionModel& model);

}  // namespace mtb
