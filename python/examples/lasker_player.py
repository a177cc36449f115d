#!/usr/bin/env python3
"""A player for the Lasker Morris course referee (rule set lasker-20).

    lasker_player.py [--tables DIR] [--budget SECONDS] [--start POSITION]

Protocol (PROTOCOLS.md section 1): the first line is the colour, `blue`
(moves first) or `orange`; moves are `<source> <target> <remove>` with
source a point or h1/h2 (blue's/orange's hand) and remove a point or r0;
the game ends with `END`, `END: ...`, `Draw!` or the end of input.  Only
moves go to stdout.  Plays from the tables where they answer (DIR, or
$MTB_TABLES), else by a small search.  --start: the game starts from
POSITION (position text with the no-capture counter, as `mtb probe` takes
it) instead of the empty board."""
import sys

import mtb
from player_core import Chooser, parse_arguments

RULES = "lasker-20"


def to_protocol(move, side):
    """mtb Move -> "h1 d1 r0" / "a1 a4 d7"."""
    source = ("h1" if side == mtb.WHITE else "h2") if move.is_placement() else move.from_point
    return "%s %s %s" % (source, move.to_point, move.remove or "r0")


def from_protocol(line):
    """"h2 d1 r0" / "a1 a4 d7" -> mtb move text ("d1", "a1-a4xd7")."""
    source, target, remove = line.split()
    text = target if source in ("h1", "h2") else source + "-" + target
    return text if remove == "r0" else text + "x" + remove


def is_end(line):
    return line == "END" or line.startswith("END:") or line.startswith("Draw")


def main():
    args = parse_arguments(sys.argv[1:], RULES, __doc__, with_start=True)
    chooser = Chooser(RULES, args.tables, args.budget)
    colour = sys.stdin.readline().strip()
    if colour not in ("blue", "orange"):
        print("lasker_player: expected blue or orange, got %r" % colour, file=sys.stderr)
        return 1
    me = mtb.WHITE if colour == "blue" else mtb.BLACK
    pos = mtb.Position(RULES, args.start)
    while True:
        if pos.turn == me and not pos.is_game_over():
            move = chooser.choose(pos)
            print(to_protocol(move, me), flush=True)
            pos.push(move)
        line = sys.stdin.readline()
        if not line or is_end(line.strip()):
            return 0
        line = line.strip()
        if not line:
            continue
        try:
            pos.push(from_protocol(line))
        except (ValueError, mtb.MtbError) as e:
            print("lasker_player: cannot play %r: %s" % (line, e), file=sys.stderr)
            return 1


if __name__ == "__main__":
    sys.exit(main())
