// The built-in boards, exactly as docs/RULES.md describes them.
#include "engine/board.h"

#include <stdexcept>

namespace mtb {
namespace {

constexpr BoardSpec kBoardSpecs[] = {
    {"standard24", "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1",
     "a7-d7 d7-g7 b6-d6 d6-f6 c5-d5 d5-e5 a4-b4 b4-c4 e4-f4 f4-g4 c3-d3 d3-e3 "
     "b2-d2 d2-f2 a1-d1 d1-g1 a7-a4 a4-a1 b6-b4 b4-b2 c5-c4 c4-c3 d7-d6 d6-d5 "
     "d3-d2 d2-d1 e5-e4 e4-e3 f6-f4 f4-f2 g7-g4 g4-g1",
     "a7d7g7 b6d6f6 c5d5e5 a4b4c4 e4f4g4 c3d3e3 b2d2f2 a1d1g1 a7a4a1 b6b4b2 "
     "c5c4c3 d7d6d5 d3d2d1 e5e4e3 f6f4f2 g7g4g1"},
    {"diagonal24", "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1",
     "a7-d7 d7-g7 b6-d6 d6-f6 c5-d5 d5-e5 a4-b4 b4-c4 e4-f4 f4-g4 c3-d3 d3-e3 "
     "b2-d2 d2-f2 a1-d1 d1-g1 a7-a4 a4-a1 b6-b4 b4-b2 c5-c4 c4-c3 d7-d6 d6-d5 "
     "d3-d2 d2-d1 e5-e4 e4-e3 f6-f4 f4-f2 g7-g4 g4-g1 "
     "a7-b6 b6-c5 g7-f6 f6-e5 a1-b2 b2-c3 g1-f2 f2-e3",
     "a7d7g7 b6d6f6 c5d5e5 a4b4c4 e4f4g4 c3d3e3 b2d2f2 a1d1g1 a7a4a1 b6b4b2 "
     "c5c4c3 d7d6d5 d3d2d1 e5e4e3 f6f4f2 g7g4g1 a7b6c5 g7f6e5 a1b2c3 g1f2e3"},
    {"ring16", "a7 d7 g7 b6 d6 f6 a4 b4 f4 g4 b2 d2 f2 a1 d1 g1",
     "a7-d7 d7-g7 g7-g4 g4-g1 g1-d1 d1-a1 a1-a4 a4-a7 "
     "b6-d6 d6-f6 f6-f4 f4-f2 f2-d2 d2-b2 b2-b4 b4-b6 "
     "a4-b4 d7-d6 f4-g4 d2-d1",
     "a7d7g7 g7g4g1 a1d1g1 a7a4a1 b6d6f6 f6f4f2 b2d2f2 b6b4b2"},
    {"board18", "a0 g0 b1 f1 c2 e2 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6",
     "a0-g0 a0-b1 a0-a6 g0-f1 g0-g3 b1-f1 b1-c2 b1-b5 f1-e2 f1-f3 c2-e2 c2-c4 "
     "e2-e3 e3-f3 e3-e4 f3-g3 f3-f5 g3-g6 c4-d4 c4-b5 d4-e4 d4-d5 e4-f5 b5-d5 "
     "b5-a6 d5-f5 d5-d6 f5-g6 a6-d6 d6-g6",
     "a0b1c2 g0f1e2 g0g3g6 f1f3f5 e2e3e4 e3f3g3 c4d4e4 c4b5a6 d4d5d6 e4f5g6 "
     "b5d5f5 a6d6g6"},
};

std::vector<Board> build_all() {
    std::vector<Board> boards;
    for (const BoardSpec& spec : kBoardSpecs) {
        Board b;
        if (auto err = build_board(spec, b))
            throw std::logic_error("built-in board " + std::string(spec.name) + ": " + *err);
        boards.push_back(std::move(b));
    }
    return boards;
}

}  // namespace

const std::vector<Board>& all_boards() {
    static const std::vector<Board> boards = build_all();
    return boards;
}

const Board* find_board(std::string_view name) {
    for (const Board& b : all_boards())
        if (b.name == name) return &b;
    return nullptr;
}

}  // namespace mtb
