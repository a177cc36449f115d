// Positions the naive perft is compared on (tests/engine/test_perft_naive.cpp
// and, deeper, tests/engine/slow/).  Every phase: start, placing with mills
// about, moving, flying, near-full boards, the lasker-20 counter crossing
// its limit.
#pragma once

namespace mtb::testing {

struct PerftCase {
    const char* rules;
    const char* position;  // nullptr: the start
};

constexpr PerftCase kPerftCases[] = {
    {"nmm", nullptr},
    {"nmm-noflying", nullptr},
    {"lasker", nullptr},
    {"lasker-20", nullptr},
    {"morabaraba", nullptr},
    {"morris18", nullptr},
    {"six", nullptr},
    {"nmm", "W..B.WW.B..BW.BW...B..W. w 0 0"},           // moving, 6 v 5
    {"nmm", ".WB......WB...........BW w 0 0"},           // 3 v 3, both fly
    {"nmm", "WWW.......B.B........BBB b 2 3"},           // placing; all but two black stones in mills
    {"nmm-noflying", ".WB......WB...........BW b 0 0"},  // 3 v 3 without flying
    {"lasker", "W..B.WW.B..BW.BW...B..W. b 2 3"},        // placing and moving mixed
    {"lasker-20", "W..B.WW.B..BW.BW...B..W. w 2 2 16"},  // the counter reaches 20 within 4 plies
    {"lasker-20", "WW.......BB............. w 1 3 18"},  // White flies with 2 + 1
    {"morabaraba", "WBWBWB.BWBWBBWBW.WBWBWBW w 1 1"},    // the board fills: full-board draw
    {"morabaraba", "W.W.....B.B.....BW.W.B.. b 7 8"},    // diagonal mills
    {"morris18", "W.W.W.....B.B.B... w 0 0"},            // 3 v 3 on board: flying
    {"morris18", "W.W............BBB w 2 2"},            // a mill closing against all-in-mills
    {"six", "WW.W..B.BB.B.W.. b 0 0"},                   // moving
};

}  // namespace mtb::testing
