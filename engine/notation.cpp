#include "engine/notation.h"

#include <charconv>
#include <sstream>

namespace mtb {
namespace {

std::vector<std::string_view> words(std::string_view s) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
        size_t j = i;
        while (j < s.size() && !(s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\r')) ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::optional<int> small_number(std::string_view w) {
    int v = 0;
    if (w.empty() || w.size() > 3) return std::nullopt;
    auto [ptr, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc() || ptr != w.data() + w.size() || v < 0) return std::nullopt;
    return v;
}

ParseError err(std::string s) { return ParseError{std::move(s)}; }

}  // namespace

std::string position_to_text(const Rules& r, const Position& p) {
    std::string s;
    for (int i = 0; i < r.board->size; ++i)
        s += (p.stones[WHITE] & bit(i)) ? 'W' : (p.stones[BLACK] & bit(i)) ? 'B' : '.';
    s += p.side == WHITE ? " w " : " b ";
    s += std::to_string(p.hand[WHITE]);
    s += ' ';
    s += std::to_string(p.hand[BLACK]);
    if (r.has_capture_counter()) {
        s += ' ';
        s += std::to_string(p.since_capture);
    }
    return s;
}

std::optional<ParseError> parse_position(const Rules& r, std::string_view text, Position& out) {
    auto w = words(text);
    if (w.size() != 4 && w.size() != 5)
        return err(
            "position needs 4 or 5 fields: <cells> <side> <white in hand> <black in hand> "
            "[<plies since capture>], got " +
            std::to_string(w.size()));
    Position p;
    const Board& b = *r.board;
    if (int(w[0].size()) != b.size)
        return err("cells have " + std::to_string(w[0].size()) + " characters; board " + b.name + " has " +
                   std::to_string(b.size) + " points");
    for (int i = 0; i < b.size; ++i) {
        char c = w[0][i];
        if (c == 'W')
            p.stones[WHITE] |= bit(i);
        else if (c == 'B')
            p.stones[BLACK] |= bit(i);
        else if (c != '.')
            return err(std::string("bad cell character '") + c + "' at " + b.point_names[i] + " (use W, B or .)");
    }
    if (w[1] == "w")
        p.side = WHITE;
    else if (w[1] == "b")
        p.side = BLACK;
    else
        return err("side to move must be w or b, got '" + std::string(w[1]) + "'");
    for (int c = 0; c < 2; ++c) {
        auto n = small_number(w[2 + c]);
        if (!n || *n > r.stones)
            return err(std::string(c == 0 ? "white" : "black") + " stones in hand '" + std::string(w[2 + c]) +
                       "' out of range 0.." + std::to_string(r.stones));
        p.hand[c] = std::uint8_t(*n);
    }
    if (w.size() == 5) {
        if (!r.has_capture_counter())
            return err("rule set " + r.name + " has no capture counter; drop the fifth field");
        auto n = small_number(w[4]);
        if (!n || *n > r.no_capture_draw_plies)
            return err("plies since capture '" + std::string(w[4]) + "' out of range 0.." +
                       std::to_string(r.no_capture_draw_plies));
        p.since_capture = std::uint8_t(*n);
    }
    if (auto why = validate(r, p)) return err("impossible position: " + *why);
    out = p;
    return std::nullopt;
}

std::string move_to_text(const Board& b, Move m) {
    std::string s;
    if (!m.is_placement()) s += b.name_of(m.from), s += '-';
    s += b.name_of(m.to);
    if (m.is_removal()) s += 'x', s += b.name_of(m.remove);
    return s;
}

std::optional<ParseError> parse_move(const Rules& r, const Position& p, std::string_view text, Move& out) {
    const Board& b = *r.board;
    Move m;
    std::string_view rest = text;
    auto take_point = [&](std::string_view part, Point& pt) -> std::optional<ParseError> {
        auto q = b.point(part);
        if (!q) return err("unknown point '" + std::string(part) + "' in move '" + std::string(text) + "'");
        pt = *q;
        return std::nullopt;
    };
    if (auto x = rest.find('x'); x != std::string_view::npos) {
        if (auto e = take_point(rest.substr(x + 1), m.remove)) return e;
        rest = rest.substr(0, x);
    }
    if (auto d = rest.find('-'); d != std::string_view::npos) {
        if (auto e = take_point(rest.substr(0, d), m.from)) return e;
        rest = rest.substr(d + 1);
    }
    if (auto e = take_point(rest, m.to)) return e;
    if (outcome(r, p) != Outcome::ONGOING) return err("move '" + std::string(text) + "' after the game has ended");
    MoveList legal(r, p);
    for (Move l : legal)
        if (l == m) {
            out = m;
            return std::nullopt;
        }
    // Say why, for the common mistakes.
    for (Move l : legal)
        if (l.from == m.from && l.to == m.to) {
            if (l.is_removal() && !m.is_removal())
                return err("move '" + std::string(text) + "' closes a mill: name the stone to remove (e.g. " +
                           move_to_text(b, l) + ")");
            if (!l.is_removal()) return err("move '" + std::string(text) + "' closes no mill: it removes nothing");
            return err("move '" + std::string(text) + "': that stone may not be removed");
        }
    return err("illegal move '" + std::string(text) + "' in position " + position_to_text(r, p));
}

std::optional<ParseError> play_moves(const Rules& r, Position& p, std::string_view moves, std::vector<Move>* played) {
    int n = 0;
    for (auto w : words(moves)) {
        ++n;
        Move m;
        if (auto e = parse_move(r, p, w, m)) return err("ply " + std::to_string(n) + ": " + e->message);
        p = after(r, p, m);
        if (played) played->push_back(m);
    }
    return std::nullopt;
}

}  // namespace mtb
