#!/usr/bin/env python3
"""A player for the Nine Men's Morris contest server (rule set nmm-noflying).

    compo_player.py [--tables DIR] [--budget SECONDS]

Protocol (PROTOCOLS.md section 2): the first line is `0` (White, moves
first) or `1`; the player answers with its name.  Then each line is
`BoardState WhiteHolding BlackHolding MillingState` (24 cells W/B/E in
reading order, 0 = a7 ... 23 = g1) and the answer is a point index (a
placement or a removal) or `from to` (a move).  A ply with a removal takes
two exchanges: the removal planned with the ply is sent when the server
asks for it (MillingState 1).  Plays from the tables where they answer
(DIR, or $MTB_TABLES), else by a small search."""
import sys

import mtb
from player_core import Chooser, parse_arguments

RULES = "nmm-noflying"
NAME = "mtb-python"


def main():
    args = parse_arguments(sys.argv[1:], RULES, __doc__)
    chooser = Chooser(RULES, args.tables, args.budget)
    points = chooser.rules.points  # position-text order is the server's 0..23
    first = sys.stdin.readline().strip()
    if first not in ("0", "1"):
        print("compo_player: expected 0 or 1, got %r" % first, file=sys.stderr)
        return 1
    me = "w" if first == "0" else "b"  # for position text
    print(NAME, flush=True)
    last_pos = last_move = None
    for line in sys.stdin:
        fields = line.split()
        if len(fields) != 4:
            continue  # not a state line (the server sends nothing else we must answer)
        cells, white_hand, black_hand, milling = fields
        if milling == "1":
            removal = planned_removal(last_pos, last_move)
            if removal is None:
                print("compo_player: asked for a removal after %s" % last_move, file=sys.stderr)
                return 1
            print(points.index(removal), flush=True)
            continue
        text = "%s %s %s %s" % (cells.replace("E", "."), me, white_hand, black_hand)
        pos = mtb.Position.from_text(text, RULES)
        move = chooser.choose(pos)
        if move.is_placement():
            print(points.index(move.to_point), flush=True)
        else:
            print(points.index(move.from_point), points.index(move.to_point), flush=True)
        last_pos, last_move = pos, move
    return 0


def planned_removal(pos, move):
    """The removal planned with `move`, else any the library allows after the same step."""
    if move is None:
        return None
    if move.remove:
        return move.remove
    same_step = [m for m in pos.legal_moves() if (m.from_point, m.to_point) == (move.from_point, move.to_point)]
    return next((m.remove for m in same_step if m.remove), None)


if __name__ == "__main__":
    sys.exit(main())
