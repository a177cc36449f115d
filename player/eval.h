// Static evaluation for positions that neither the search's game-end
// detection nor an oracle can value: a linear combination, per phase, of the
// features of seed 001 (closed mill, mills, blocked stones, stone count,
// 2- and 3-stone configurations, double mills, won position), from the side
// to move's view.
#pragma once

#include <array>

#include "engine/position.h"

namespace mtb {

enum EvalFeature : std::uint8_t {
    CLOSED_MILL,    // +1 we closed a mill with the last ply, -1 the opponent did
    MILLS,          // complete mills: ours - theirs
    BLOCKED,        // stones with no empty neighbour: theirs - ours
    STONES,         // stones on board + in hand: ours - theirs
    TWO_CONFIGS,    // mills with 2 own stones and an empty point: ours - theirs
    THREE_CONFIGS,  // stones where two such 2-configurations meet: ours - theirs
    DOUBLE_MILLS,   // pairs of complete mills sharing a stone: ours - theirs
    WON,            // +1 the opponent is blocked or below the stone minimum, -1 for us
    FEATURE_NB
};

enum Phase : std::uint8_t { PLACING, MOVING, FLYING, PHASE_NB };

using Features = std::array<int, FEATURE_NB>;

struct EvalWeights {
    std::array<std::array<int, FEATURE_NB>, PHASE_NB> w;
    // The weights reported with seed 001 (Petcu & Holban's features, as
    // tuned for a contest bot).
    static EvalWeights standard();
};

// Placing while any stone is in hand, flying when either side may fly,
// otherwise moving.
Phase phase_of(const Rules& r, const Position& p);

// `closed_mill` is the CLOSED_MILL feature from the side to move's view
// (the search knows the last ply; the position alone does not).
Features features(const Rules& r, const Position& p, int closed_mill);

// The evaluation, from the side to move's view, bounded to +-EVAL_BOUND.
constexpr int EVAL_BOUND = 10000;
int evaluate(const Rules& r, const Position& p, int closed_mill, const EvalWeights& w);

}  // namespace mtb
