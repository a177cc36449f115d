// Protocol 1: the Lasker Morris course referee (seed 000), rule set
// lasker-20.  Moves are "<source> <target> <remove>": source a point or
// h1/h2 (blue's/orange's hand), remove a point or r0.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <sstream>

#include "engine/notation.h"
#include "player/protocol_player.h"

namespace mtb {
namespace {

std::string lasker_text(const Board& b, Color mover, Move m) {
    std::string s = m.is_placement() ? (mover == WHITE ? "h1" : "h2") : std::string(b.name_of(m.from));
    s += ' ';
    s += b.name_of(m.to);
    s += ' ';
    s += m.is_removal() ? std::string(b.name_of(m.remove)) : "r0";
    return s;
}

}  // namespace

std::optional<std::string> parse_lasker_move(const Rules& r, const Position& p, std::string text, Move& out) {
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    std::istringstream in(text);
    std::string src, dst, rem, extra;
    if (!(in >> src >> dst >> rem) || (in >> extra)) return "expected '<source> <target> <remove>'";
    const Board& b = *r.board;
    Move m;
    if (src != "h1" && src != "h2") {
        auto f = b.point(src);
        if (!f) return "unknown source point '" + src + "'";
        m.from = *f;
    }
    auto t = b.point(dst);
    if (!t) return "unknown target point '" + dst + "'";
    m.to = *t;
    if (rem != "r0") {
        auto x = b.point(rem);
        if (!x) return "unknown removal point '" + rem + "'";
        m.remove = *x;
    }
    for (Move legal : MoveList(r, p))
        if (legal == m) {
            out = m;
            return std::nullopt;
        }
    return "not a legal ply here";
}

ProtocolResult play_lasker_protocol(const PlayerOptions& o) {
    const Rules& r = *find_rules("lasker-20");
    std::string line;
    if (!read_line(line)) return ProtocolResult::ok();
    Color us;
    if (line == "blue")
        us = WHITE;
    else if (line == "orange")
        us = BLACK;
    else
        return ProtocolResult::failed("expected the colour 'blue' or 'orange', got " + quote(line));

    Player player(r, o);
    Position p = start_position(r);
    if (o.start)
        if (auto e = parse_position(r, *o.start, p)) return ProtocolResult::failed("--start: " + e->message, 2);
    player.seen(p);
    auto our_ply = [&]() {
        if (outcome(r, p) != Outcome::ONGOING) return;  // the referee ends the game
        SearchResult res = player.choose(p);
        if (!res.has_move) return;
        write_line(lasker_text(*r.board, us, res.best));
        p = after(r, p, res.best);
        player.seen(p);
    };
    if (us == p.side) our_ply();  // blue answers at once: nothing else comes first
    while (read_line(line)) {
        if (line.empty()) continue;
        if (line.rfind("END", 0) == 0 || line.rfind("Draw", 0) == 0) return ProtocolResult::ok();
        if (p.side == us) {
            std::fprintf(stderr, "mtb player: ignoring %s (our turn)\n", quote(line).c_str());
            continue;
        }
        Move m;
        if (auto e = parse_lasker_move(r, p, line, m))
            return ProtocolResult::failed("opponent move " + quote(line) + ": " + *e + " in " + position_to_text(r, p));
        p = after(r, p, m);
        player.seen(p);
        our_ply();
    }
    return ProtocolResult::ok();
}

}  // namespace mtb
