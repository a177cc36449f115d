#include "clock_checker.h"

#include <algorithm>

namespace mtb::test {

std::uint64_t ClockChecker::key(const Position& p) {
    // Seen from the side to move: both colours play by the same rules.
    return std::uint64_t(p.us()) | std::uint64_t(p.them()) << 24 | std::uint64_t(p.hand[p.side]) << 48 |
           std::uint64_t(p.hand[~p.side]) << 52 | std::uint64_t(p.since_capture) << 56;
}

Result ClockChecker::value(const Position& p) {
    switch (outcome(r_, p)) {
        case Outcome::LOSS:
            return Result::LOSS;
        case Outcome::DRAW:
            return Result::DRAW;
        case Outcome::ONGOING:
            break;
    }
    const std::uint64_t k = key(p);
    if (auto it = memo_.find(k); it != memo_.end()) return it->second;
    Result best = Result::LOSS;
    for (Move m : MoveList(r_, p)) {
        const Result child = value(after(r_, p, m));
        best = std::max(best, Result(-int(child)));
        if (best == Result::WIN) break;
    }
    memo_.emplace(k, best);
    return best;
}

}  // namespace mtb::test
