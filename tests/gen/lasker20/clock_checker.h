// A deliberately simple checker of lasker-20 style values: plain minimax
// over (position, counter), memoised, from the rules engine alone
// (outcome(), MoveList, after()).  No symmetry, no distances, nothing from
// gen/, table/ or probe/: it gives the win/draw/loss of a position at its counter,
// which the tables' capture clock must reproduce at every counter.
//
// The game under a no-capture limit is finite (the counter grows to the
// limit between captures, and captures only remove stones), so the
// recursion ends; its depth is at most the limit times the captures left.
#pragma once

#include <cstdint>
#include <unordered_map>

#include "engine/movegen.h"

namespace mtb::test {

enum class Result : std::int8_t { LOSS = -1, DRAW = 0, WIN = 1 };

class ClockChecker {
public:
    explicit ClockChecker(const Rules& r) : r_(r) {}
    // The result of p (with its counter) for the side to move.
    Result value(const Position& p);
    std::size_t states() const { return memo_.size(); }

private:
    static std::uint64_t key(const Position& p);
    const Rules& r_;
    std::unordered_map<std::uint64_t, Result> memo_;
};

}  // namespace mtb::test
