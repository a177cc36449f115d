#include "player/protocol_course.h"

#include <algorithm>

namespace mtb {

int course_estimate(const Rules& r, CourseKind kind, const Position& p) {
    const int w = p.on_board(WHITE), b = p.on_board(BLACK);
    if (kind == CourseKind::OPENING) return w - b;
    if (b <= 2) return 10000;
    if (w <= 2) return -10000;
    Position black = p;
    black.side = BLACK;
    const int black_plies = count_plies(r, black);
    if (black_plies == 0) return 10000;
    return 1000 * (w - b) - black_plies;
}

namespace {

int minimax(const Rules& r, CourseKind kind, const Position& p, int depth, std::uint64_t& evals, Move* best) {
    Move moves[MAX_PLIES];
    const int n = depth > 0 && outcome(r, p) == Outcome::ONGOING ? int(generate(r, p, moves) - moves) : 0;
    if (n == 0) {
        ++evals;
        return course_estimate(r, kind, p);
    }
    const bool max_node = p.side == WHITE;
    int v = max_node ? -1000000 : 1000000;
    for (int i = 0; i < n; ++i) {
        int s = minimax(r, kind, after(r, p, moves[i]), depth - 1, evals, nullptr);
        if (max_node ? s > v : s < v) {
            v = s;
            if (best) *best = moves[i];
        }
    }
    return v;
}

}  // namespace

CourseMinimax course_minimax(const Rules& r, CourseKind kind, const Position& p, int depth) {
    CourseMinimax res;
    Move best;
    res.value = minimax(r, kind, p, depth, res.evaluations, &best);
    if (depth > 0 && outcome(r, p) == Outcome::ONGOING && has_ply(r, p)) res.best = best;
    return res;
}

std::optional<std::string> parse_course_board(const Rules& r, CourseKind kind, const std::string& text, Position& out) {
    const Board& bd = *r.board;
    if (int(text.size()) != bd.size)
        return "board string has " + std::to_string(text.size()) + " characters; the course board has " +
               std::to_string(bd.size);
    Position p;
    for (int i = 0; i < bd.size; ++i) {
        char c = text[i];
        if (c == 'W')
            p.stones[WHITE] |= bit(i);
        else if (c == 'B')
            p.stones[BLACK] |= bit(i);
        else if (c != 'x' && c != 'X')
            return std::string("bad character '") + c + "' at position " + std::to_string(i) + " (use W, B or x)";
    }
    const int placed = std::max(p.on_board(WHITE), p.on_board(BLACK));
    if (placed > r.stones) return "more than " + std::to_string(r.stones) + " stones of one colour";
    if (kind == CourseKind::OPENING) {
        if (placed >= r.stones) return "every stone is placed already: use a game program";
        p.hand[WHITE] = p.hand[BLACK] = std::uint8_t(r.stones - placed);
    }
    p.side = WHITE;
    out = p;
    return std::nullopt;
}

std::string course_board_text(const Rules& r, const Position& p) {
    std::string s;
    for (int i = 0; i < r.board->size; ++i)
        s += (p.stones[WHITE] & bit(i)) ? 'W' : (p.stones[BLACK] & bit(i)) ? 'B' : 'x';
    return s;
}

std::string swap_colours(std::string board) {
    for (char& c : board) c = c == 'W' ? 'B' : c == 'B' ? 'W' : c;
    return board;
}

}  // namespace mtb
