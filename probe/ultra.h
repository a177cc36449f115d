// The ultra level's measure among drawing plies (issue 38): which of the
// plies that keep a table draw gives a fallible opponent the most chances to
// go wrong.  The idea of Gevay and Danner's "ultra-strong" solution of Nine
// Men's Morris (arXiv 1408.0032), computed here by a short expectimax over
// the tables' exact values instead of a second retrograde pass, so it needs
// no extra file: every leaf is a table value.
//
// The opponent model: at each of its turns the opponent, with chance
// `blunder`, plays a ply drawn uniformly from all its legal plies, else a
// ply drawn uniformly from those that keep its draw.  The measure of a
// drawing ply is the chance that such an opponent reaches a position the
// tables call lost for it within `depth` of its own turns, while we keep
// choosing the drawing ply of highest measure at ours.  A measure never
// makes a player give up a win or a draw: it only orders the drawing plies.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "probe/prober.h"

namespace mtb {

struct UltraModel {
    double blunder = 0.25;  // the opponent's chance of a uniformly random ply
    int depth = 2;          // the opponent's turns looked at (1 or more)
    // Probes the deeper look may spend; past them the measure is the
    // depth-1 one (deterministic: a count, not a clock).
    std::uint64_t max_probes = 400000;
    // Seconds the deeper look may take (0: no clock), for players on a
    // clock; past them the measure is the depth-1 one.  The first probes
    // of a game read and unpack table blocks (milliseconds each on a cold
    // cache): the clock, read every 16 probes, bounds that.
    double max_seconds = 0;
};

struct UltraMeasures {
    // Per ply of the list given (Prober::root()'s), the measure in [0, 1]
    // for a ply whose value is a draw, -1 for every other ply (and for all
    // when the best value is not a draw).
    std::vector<double> measure;
    int depth = 0;             // the depth the measures are of (0: the best value is no draw)
    std::uint64_t probes = 0;  // table look-ups spent
};

// The measures of p's plies, `plies` as Prober::root(p) lists them (values
// for the side playing each ply).
UltraMeasures ultra_measures(const Prober& prober, const Position& p, std::span<const PlyAnswer> plies,
                             const UltraModel& model = {});

// The index into `plies` of the ultra level's ply: the first ply when the
// best value is not a draw (the fastest win, the slowest loss, as perfect),
// else the first drawing ply of highest measure (ties keep the list's
// order).  nullopt when the list is empty or its best value unknown.
std::optional<std::size_t> ultra_pick(std::span<const PlyAnswer> plies, const UltraMeasures& m);

// The list's indices with ultra_pick()'s first, the others in their order.
std::vector<std::size_t> ultra_order(std::span<const PlyAnswer> plies, const UltraMeasures& m);

// The indices of the drawing plies whose measure is the highest (within
// rounding), in list order: those a player may break ties among.
std::vector<std::size_t> ultra_best(const UltraMeasures& m);

}  // namespace mtb
