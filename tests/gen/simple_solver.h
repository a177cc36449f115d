// A deliberately simple solver for cross-checking gen/: raw positions (no
// symmetry), its own ranking, one FIFO-queue retrograde pass over the whole
// state space at once (no units, no tables).  It shares nothing with gen/
// and probe/ beyond the rules engine (movegen.h, unmove.h).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "engine/movegen.h"

namespace mtb::test {

// A sector as this solver sees it: stones of the side to move and the other
// side, on the board and in hand.
struct RawSector {
    int us_board, them_board, us_hand, them_hand;
};

class SimpleSolver {
public:
    // `sectors` must be closed under plies, apart from plies that end the game.
    SimpleSolver(const Rules& r, std::vector<RawSector> sectors);
    // Every sector a game of r can be in (both sides alive, hands that fit
    // alternate placing), which is closed under plies.
    static std::vector<RawSector> all_sectors(const Rules& r);

    void solve();
    std::uint64_t size() const { return values_.size(); }
    // Value of p (16-bit code: 1 draw, n + 2 win/loss in n plies) from the
    // side to move's view; 0 if p is outside the solved sectors.
    std::uint16_t value(const Position& p) const;

private:
    struct Block {
        RawSector s;
        std::uint64_t offset, them_count;
    };
    const Rules& r_;
    std::vector<Block> blocks_;
    std::vector<int> block_of_;  // by sector key, -1: not in the set
    std::vector<std::uint16_t> values_, counters_;

    int block_index(int ub, int tb, int uh, int th) const;
    // Global index of a position, or -1 when its sector is not in the set.
    std::int64_t index_of(const Position& p) const;
};

}  // namespace mtb::test
