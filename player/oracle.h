// The oracle interface: a source of exact values (endgame tables) that the
// search consults.  engine/ knows only this interface; tools/ adapts the
// probe library to it, so the engine never depends on probe/.
#pragma once

#include <optional>

#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/value.h"  // ExactValue
#include "table/metric.h"

namespace mtb {

class Oracle {
public:
    virtual ~Oracle() = default;
    // The exact value of p under rules r, or nullopt when the oracle does
    // not know p (no table for its sector, or p outside the tables).
    virtual std::optional<ExactValue> probe(const Rules& r, const Position& p) = 0;
    // Whether the values already account for a no-capture ply counter.  When
    // true (lasker-20 capture clock tables) a value is exact at p's counter
    // and `plies` is its DTC, the plies to the deciding capture (table/value.h):
    // any ply to a child the opponent loses at its own counter keeps the win,
    // and the win is converted before the counter runs out.  When false and
    // the rules have a counter, the search trusts a value only where the
    // counter cannot change it (see search.cpp).
    virtual bool counter_aware() const { return false; }
    // What finished game p (outcome() not ONGOING) is worth to its side to
    // move in the metric of the oracle's values: Metric::game_over, the one
    // rule the probe's face (probe/prober.h) answers with too, so that the
    // search's root ranks a ply that ends the game as mtb_probe_root does.
    // By default the rule set's own metric.
    virtual ExactValue game_over(const Rules& r, const Position& p) {
        return Metric::native(r).game_over(game_end(r, p));
    }
};

}  // namespace mtb
