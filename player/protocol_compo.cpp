// Protocol 2: the Nine Men's Morris contest server (seed 002), rule set
// nmm-noflying.  The server sends "BoardState WhiteHolding BlackHolding
// MillingState" and the player answers one line; a ply with a removal takes
// two exchanges, so the removal planned with the ply is remembered.
#include <cstdio>
#include <sstream>

#include "player/eval.h"
#include "player/protocol_player.h"

namespace mtb {
namespace {

// A removal the server asks for without one planned (the plan was lost or
// is no longer possible): the stone whose removal leaves the opponent the
// worst evaluation.
Point choose_removal(const Rules& r, const Position& p) {
    Point best = POINT_NONE;
    int best_score = 0;
    for (Bitboard x = removable(r, p.them()); x;) {
        Point s = pop_lsb(x);
        Position q = p;
        q.stones[~p.side] ^= bit(s);
        q.side = ~p.side;
        int v = evaluate(r, q, -1, EvalWeights::standard());
        if (best == POINT_NONE || v < best_score) best = s, best_score = v;
    }
    return best;
}

}  // namespace

std::optional<std::string> parse_compo_state(const Rules& r, const std::string& line, Color us, CompoState& out) {
    std::istringstream in(line);
    std::string cells, extra;
    int wh = -1, bh = -1, mill = -1;
    if (!(in >> cells >> wh >> bh >> mill) || (in >> extra))
        return "expected 'BoardState WhiteHolding BlackHolding MillingState'";
    if (int(cells.size()) != r.board->size) return "board state needs " + std::to_string(r.board->size) + " cells";
    Position p;
    for (int i = 0; i < r.board->size; ++i) {
        if (cells[i] == 'W')
            p.stones[WHITE] |= bit(i);
        else if (cells[i] == 'B')
            p.stones[BLACK] |= bit(i);
        else if (cells[i] != 'E')
            return std::string("bad cell '") + cells[i] + "'";
    }
    if (wh < 0 || wh > r.stones || bh < 0 || bh > r.stones) return "stones in hand out of range";
    if (mill != 0 && mill != 1) return "milling state must be 0 or 1";
    p.hand[WHITE] = std::uint8_t(wh);
    p.hand[BLACK] = std::uint8_t(bh);
    // Not validate(): a milling state is the middle of a ply.  But no side
    // may have more stones than the rules give it.
    for (Color c : {WHITE, BLACK})
        if (p.total(c) > r.stones) return "more than " + std::to_string(r.stones) + " stones of one colour";
    p.side = us;
    out.pos = p;
    out.milling = mill == 1;
    return std::nullopt;
}

ProtocolResult play_compo_protocol(const PlayerOptions& o) {
    const Rules& r = *find_rules("nmm-noflying");
    std::string line;
    if (!read_line(line)) return ProtocolResult::ok();
    Color us;
    if (line == "0")
        us = WHITE;
    else if (line == "1")
        us = BLACK;
    else
        return ProtocolResult::failed("expected the colour '0' or '1', got " + quote(line));
    write_line("mtb");

    Player player(r, o);
    Point planned = POINT_NONE;
    while (read_line(line)) {
        if (line.empty()) continue;
        CompoState st;
        if (auto e = parse_compo_state(r, line, us, st))
            return ProtocolResult::failed("state " + quote(line) + ": " + *e);
        const Position& p = st.pos;
        if (st.milling) {
            Bitboard can = removable(r, p.them());
            Point x = (planned != POINT_NONE && (can & bit(planned))) ? planned : choose_removal(r, p);
            planned = POINT_NONE;
            // The server waits for an answer we cannot give: stop, saying why,
            // rather than leave it waiting.
            if (x == POINT_NONE)
                return ProtocolResult::failed("state " + quote(line) +
                                              " asks for a removal, but no stone can be removed");
            write_line(std::to_string(int(x)));
            continue;
        }
        player.seen(p);
        if (outcome(r, p) != Outcome::ONGOING)
            return ProtocolResult::failed("state " + quote(line) + " asks for a ply, but the game is over there");
        SearchResult res = player.choose(p);
        if (!res.has_move) return ProtocolResult::failed("state " + quote(line) + " asks for a ply, but there is none");
        const Move m = res.best;
        planned = m.remove;
        write_line(m.is_placement() ? std::to_string(int(m.to))
                                    : std::to_string(int(m.from)) + " " + std::to_string(int(m.to)));
    }
    return ProtocolResult::ok();
}

}  // namespace mtb
