#!/usr/bin/env python3
"""The table-backed engine against the evaluation-only one, end to end:
solves small sectors with `mtb gen`, then

  * `mtb match` from openings inside the tables: the table side must never
    lose an opening its tables call a draw or a win, and must win every
    opening they call a win (the match prints both counts);
  * `mtb course game ... --tables`: the course output keeps its three lines
    and adds the exact value, and the ply played is legal.

    table_players.py MTB_BINARY"""
import os
import random
import re
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import morris_rules as mr  # noqa: E402
import table_games  # noqa: E402  (referee games from table positions)
from table_games import fail, run, table_match  # noqa: E402


def random_board(rng, n_points, nw, nb, empty="."):
    pts = rng.sample(range(n_points), nw + nb)
    cells = [empty] * n_points
    for i in pts[:nw]:
        cells[i] = "W"
    for i in pts[nw:]:
        cells[i] = "B"
    return "".join(cells)


def dtc_conversion_games(mtb, tmp, rng):
    """DTC tables (`mtb gen --metric dtc`: plies to the next capture, not
    to the end) are enough to win: `mtb player --protocol compo` with
    nmm-noflying DTC tables, under the scripted compo referee (its own
    rules code), from random 4v3, 3v4 and 4v4 positions the tables call a
    win for White, must win every game against the same player defending
    with the same tables (the longest DTC loss) and against the random
    mover, and hold every table draw."""
    import referee  # noqa: E402  (the scripted referee's game loop)
    dtc_dir = os.path.join(tmp, "nmm-noflying-dtc")
    run([mtb, "gen", "--rules", "nmm-noflying", "--max-stones", "4", "--metric", "dtc", "--out", dtc_dir,
         "--threads", "1"])
    argv = [mtb, "player", "--protocol", "compo", "--budget", "0.1", "--tables", dtc_dir]
    games, wins, dtcs = 0, 0, []
    tried = 0
    while games < 6 and tried < 400:
        tried += 1
        nw, nb = [(4, 3), (3, 4), (4, 4)][tried % 3]
        text = random_board(rng, 24, nw, nb) + " w 0 0"
        probe = run([mtb, "probe", "--rules", "nmm-noflying", "--tables", dtc_dir, "--json", text]).replace(" ", "")
        m = re.search(r'"value":"(win|draw|loss)"', probe)
        if not m or (m.group(1) != "win" and games % 2 == 0):
            continue  # mostly wins: those are what must be converted
        want = m.group(1)
        plies = re.search(r'"plies":(\d+)', probe)
        dtcs.append("%s%s" % (want, " dtc " + plies.group(1) if plies and want != "draw" else ""))
        for defender in (True, False):
            colours = {"W": referee.Player(argv), "B": referee.Player(argv) if defender else None}
            end = []
            try:
                result = referee.compo_game(colours, rng, mr.parse_state(mr.NMM_NOFLYING, text), end)
            finally:
                for pl in colours.values():
                    if pl:
                        pl.kill()
            white_won = result == "loss" and end[0].side == "B"
            if want == "win" and not white_won:
                fail("compo referee game from %s (DTC table win, defender %s): %s" % (text, defender, result))
            if want == "draw" and result == "loss" and end[0].side == "W":
                fail("compo referee game from %s (DTC table draw) was lost" % text)
            wins += white_won
        games += 1
    if wins < 6:
        fail("too few DTC table wins converted (%d): the check would prove little" % wins)
    print("nmm-noflying DTC tables: %d referee games from %s, White won %d" % (2 * games, ", ".join(dtcs), wins))


def main():
    mtb = sys.argv[1]
    rng = random.Random(4)
    tmp = tempfile.mkdtemp()

    # nmm, 3 v 3 (all flying): tables, then the match.
    nmm_dir = os.path.join(tmp, "nmm")
    run([mtb, "gen", "--rules", "nmm", "--max-stones", "3", "--out", nmm_dir, "--threads", "1"])
    openings = os.path.join(tmp, "openings.txt")
    with open(openings, "w") as f:
        for _ in range(12):
            f.write(random_board(rng, 24, 3, 3) + " w 0 0\n")
    wins, draws, losses = table_match(mtb, "nmm", nmm_dir, openings, 24)
    if wins + draws + losses != 24 or wins <= losses:
        fail("the table side should beat the evaluation-only side")

    # lasker-20, 3 stones a side (some still in hand), at random counters:
    # the player's engine with the capture clock tables must win every
    # opening they call a win at its counter before the counter runs out,
    # and lose none they call a draw, against a table-backed opponent too.
    l20_dir = os.path.join(tmp, "lasker-20")
    run([mtb, "gen", "--rules", "lasker-20", "--max-stones", "3", "--out", l20_dir, "--threads", "1"])
    l20_openings = os.path.join(tmp, "l20-openings.txt")
    table_wins = 0
    with open(l20_openings, "w") as f:
        for i in range(12):
            # 3v3 on the board, or one side with a stone still in hand (both
            # at once cannot be reached: the last capturer keeps 3 on the board).
            wh, bh = [(0, 0), (0, 1), (1, 0)][i % 3]
            board = random_board(rng, 24, 3 - wh, 3 - bh)
            text = "%s w %d %d %d" % (board, wh, bh, rng.randrange(0, 20))
            probe = run([mtb, "probe", "--rules", "lasker-20", "--tables", l20_dir, "--json", text])
            table_wins += '"value":"win"' in probe.replace(" ", "")
            f.write(text + "\n")
    if table_wins == 0:
        fail("no lasker-20 opening is a table win: the check would prove nothing")
    for opponent in ("nodes=2000", "nodes=2000,tables=" + l20_dir):
        table_match(mtb, "lasker-20", l20_dir, l20_openings, 24, opponent)
    with open(l20_openings) as f:
        texts = [line.strip() for line in f if line.strip()][:6]
    positions = [(text, table_games.table_value(mtb, l20_dir, text)) for text in texts]
    games = table_games.referee_games(mtb, l20_dir, positions, rng, 0.1)
    print("lasker-20: %s from table positions (%s)" % (games, " ".join(v for _, v in positions)))
    dtc_conversion_games(mtb, tmp, rng)

    # morris18, 3 v 3: the course game program with tables.
    m18_dir = os.path.join(tmp, "morris18")
    run([mtb, "gen", "--rules", "morris18", "--max-stones", "3", "--out", m18_dir, "--threads", "1"])
    inp, outp = os.path.join(tmp, "in.txt"), os.path.join(tmp, "out.txt")
    exact_seen = 0
    for _ in range(6):
        board = random_board(rng, 18, 3, 3, "x")
        state = mr.State(mr.MORRIS18)
        state.hand = {"W": 0, "B": 0}
        for p, ch in zip(mr.BOARD18_POINTS, board):
            if ch in "WB":
                state.cells[p] = ch
        if mr.outcome(state):
            continue
        with open(inp, "w") as f:
            f.write(board + "\n")
        text = run([mtb, "course", "game", inp, outp, "2", "--tables", m18_dir, "--budget", "0.2"])
        lines = text.split("\n")
        if len(lines) != 4 or not re.fullmatch(r"Board Position: [WBx]{18}", lines[0]) or \
                not re.fullmatch(r"Positions evaluated by static estimation: \d+", lines[1]):
            fail("course output: %r" % text)
        m = re.fullmatch(r"MINIMAX estimate: -?\d+(   exact value: (win in \d+|loss in \d+|draw))?", lines[2])
        if not m:
            fail("course estimate line: %r" % lines[2])
        exact_seen += m.group(1) is not None
        played = lines[0].split(": ")[1]
        successors = {"".join(s.cells.get(p, "x") for p in mr.BOARD18_POINTS)
                      for s in (mr.apply(state, ply) for ply in mr.plies(state))}
        if played not in successors:
            fail("course with tables: %s -> %s is not a legal ply" % (board, played))
    if exact_seen == 0:
        fail("the course program never printed an exact value from its tables")
    print("table players: match and course checked")


if __name__ == "__main__":
    main()
