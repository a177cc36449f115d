#!/usr/bin/env python3
"""Lasker players with lasker-20 tables, under the scripted course referee
(referee.py, with its own rules code), from random positions inside the
tables at random no-capture counters:

  * `mtb player --protocol lasker --tables DIR` with the tables on both
    sides: every game ends exactly as the tables say at the starting
    counter (the winner converts before the counter runs out, the defender
    of a draw holds, the loser loses);
  * the same player, and python/examples/lasker_player.py (with
    --python), against the referee's random mover: every table win is won
    and no table draw is lost;
  * `mtb match` (table side A against search-only B) from the same
    positions: A loses no table draw or win and wins every table win.

    table_games.py MTB TABLES [--gen K] [--positions N] [--seed S] [--python]
                   [--match-games N] [--budget SECONDS]

TABLES is a lasker-20 tables folder (`mtb gen --rules lasker-20
--max-stones K`); positions are drawn with up to K stones a side (board and
hand), K read from the table file names.  --gen K first solves lasker-20
with up to K stones a side into TABLES.  --python needs the mtb package
importable (PYTHONPATH=python, MTB_PROBE_LIBRARY).  Prints one line per
check with its counts; exits 1 on the first fault.  The ctest "player:
lasker-20 table games" runs it on 4-stone tables; BENCHMARKS.md has runs on
the large folders."""
import argparse
import glob
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import morris_rules as mr  # noqa: E402
import referee  # noqa: E402  (the scripted referee's game loop)

RULES = "lasker-20"
EXAMPLE = os.path.join(HERE, "..", "..", "python", "examples", "lasker_player.py")


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def run(argv, timeout=600):
    r = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    if r.returncode != 0:
        fail("%s exited %d:\n%s%s" % (" ".join(argv), r.returncode, r.stdout, r.stderr))
    return r.stdout


def stones_in_tables(tables):
    """The most stones a side has (board + hand) in the folder's sectors:
    files are named <rules>_<w>v<b>+<white hand>+<black hand>.mtb."""
    most = 0
    for path in glob.glob(os.path.join(tables, RULES + "_*.mtb")):
        m = re.match(r"(\d+)v(\d+)\+(\d+)\+(\d+)$", os.path.basename(path)[len(RULES) + 1:-4])
        if m:
            w, b, wh, bh = map(int, m.groups())
            most = max(most, w + wh, b + bh)
    if most < 3:
        fail("no %s tables in %s" % (RULES, tables))
    return most


def random_position(rng, most):
    """Position text: White to move, each side 3..most stones in all, some
    of them possibly still in hand, and a random counter."""
    counts = []
    for _ in range(2):
        total = rng.randint(3, most)
        hand = rng.choice([0, 0, rng.randint(0, total - 1)])
        counts.append((total - hand, hand))
    (wb, wh), (bb, bh) = counts
    cells = ["."] * 24
    points = rng.sample(range(24), wb + bb)
    for i in points[:wb]:
        cells[i] = "W"
    for i in points[wb:]:
        cells[i] = "B"
    return "%s w %d %d %d" % ("".join(cells), wh, bh, rng.randrange(0, 20))


def table_value(mtb, tables, text):
    """White's value at the position's counter ('win', 'draw', 'loss'), or
    None where the tables give none (a finished game, no table)."""
    r = subprocess.run([mtb, "probe", "--rules", RULES, "--tables", tables, "--json", text], capture_output=True,
                       text=True, timeout=60)
    if r.returncode != 0:
        return None
    value = json.loads(r.stdout).get("value")
    return value if value in ("win", "draw", "loss") else None


def draw_positions(mtb, tables, rng, wanted):
    """`wanted` positions inside the tables, half of them table wins (the
    ones that must be converted) where the tables have enough."""
    most = stones_in_tables(tables)
    found, tried = [], 0
    while len(found) < wanted and tried < 200 * wanted:
        tried += 1
        text = random_position(rng, most)
        state = mr.parse_state(mr.LASKER20, text)
        if mr.outcome(state):
            continue
        value = table_value(mtb, tables, text)
        if value is None:
            continue
        wins = sum(v == "win" for _, v in found)
        if value != "win" and wins < len(found) / 2 and tried < 100 * wanted:
            continue  # keep looking for wins first
        found.append((text, value))
    if not any(v == "win" for _, v in found):
        fail("no table win among %d positions: the check would prove little" % len(found))
    return found, most


def game(colours, rng, text):
    """One referee game from `text`; 'white wins', 'black wins', 'draw' or
    'unfinished'."""
    try:
        end = referee.lasker_play(None, colours, rng, "END", mr.parse_state(mr.LASKER20, text))
    finally:
        for player in colours.values():
            if player:
                player.kill()
    result = mr.outcome(end)
    if result is None:
        return "unfinished"
    return "draw" if result == "draw" else ("white wins" if end.side == "B" else "black wins")


def check(text, want, got, both):
    if want == "win" and got != "white wins":
        fail("game from %s (table win): %s" % (text, got))
    if want == "draw" and got == "black wins":
        fail("game from %s (table draw) was lost" % text)
    if both and want == "draw" and got != "draw":
        fail("game from %s: table draw, but %s with tables on both sides" % (text, got))
    if both and want == "loss" and got != "black wins":
        fail("game from %s: table loss, but %s with tables on both sides" % (text, got))


def referee_games(mtb, tables, positions, rng, budget, python=False):
    """The player (and the Python example) from each position, both sides
    with tables and against the random mover; returns the games played."""
    def engine(text):
        return referee.Player([mtb, "player", "--protocol", "lasker", "--budget", str(budget), "--tables", tables,
                               "--start", text])

    def example(text):
        return referee.Player([sys.executable, EXAMPLE, "--budget", str(budget), "--tables", tables, "--start", text])

    games = {"mtb player, tables both sides": 0, "mtb player against random": 0}
    if python:
        games.update({"lasker_player.py against random": 0, "lasker_player.py against mtb player": 0})
    for text, want in positions:
        check(text, want, game({"W": engine(text), "B": engine(text)}, rng, text), True)
        check(text, want, game({"W": engine(text), "B": None}, rng, text), False)
        games["mtb player, tables both sides"] += 1
        games["mtb player against random"] += 1
        if python:
            check(text, want, game({"W": example(text), "B": None}, rng, text), False)
            check(text, want, game({"W": example(text), "B": engine(text)}, rng, text), True)
            games["lasker_player.py against random"] += 1
            games["lasker_player.py against mtb player"] += 1
    return games


def table_match(mtb, rules, tables, openings, games, opponent="nodes=2000"):
    """`mtb match` from the openings file: the table side A (nodes=2000 and
    the tables) against `opponent`; A must lose no opening its tables call
    a draw or a win and win every one they call a win (the match prints
    both counts).  Returns A's (wins, draws, losses)."""
    out = run([mtb, "match", "--rules", rules, "--games", str(games), "--openings", openings, "--a",
               "nodes=2000,tables=" + tables, "--b", opponent])
    lost = re.search(r"A lost from a table draw or win: (\d+)", out)
    missed = re.search(r"A did not win a table win: (\d+)", out)
    score = re.search(r"^\s+A\s+(\d+)\s+(\d+)\s+(\d+)", out, re.M)
    if not (lost and missed and score):
        fail("unexpected match output:\n" + out)
    if lost.group(1) != "0" or missed.group(1) != "0":
        fail("%s: the table side fell short of its tables:\n%s" % (rules, out))
    return tuple(map(int, score.groups()))


def match(mtb, tables, positions, games):
    """table_match from the drawn positions, against search only."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("".join(text + "\n" for text, _ in positions))
        openings = f.name
    try:
        return table_match(mtb, RULES, tables, openings, games)
    finally:
        os.unlink(openings)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mtb")
    ap.add_argument("tables")
    ap.add_argument("--gen", type=int, default=0, help="first solve up to this many stones a side into TABLES")
    ap.add_argument("--positions", type=int, default=6)
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--python", action="store_true", help="also python/examples/lasker_player.py")
    ap.add_argument("--match-games", type=int, default=0, help="mtb match games (0: twice the positions)")
    ap.add_argument("--budget", type=float, default=0.1, help="the players' search budget per ply")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    t0 = time.monotonic()
    if a.gen:
        run([a.mtb, "gen", "--rules", RULES, "--max-stones", str(a.gen), "--out", a.tables, "--threads", "1"])
    positions, most = draw_positions(a.mtb, a.tables, rng, a.positions)
    values = {v: sum(w == v for _, w in positions) for v in ("win", "draw", "loss")}
    print("%d positions with up to %d stones a side at random counters: %d win, %d draw, %d loss (White to move)" %
          (len(positions), most, values["win"], values["draw"], values["loss"]))
    for name, n in referee_games(a.mtb, a.tables, positions, rng, a.budget, a.python).items():
        print("%s: %d referee games ended as the tables allow" % (name, n))
    wins, draws, losses = match(a.mtb, a.tables, positions, a.match_games or 2 * len(positions))
    print("mtb match, tables against search only: A %d wins, %d draws, %d losses; no table result lost" %
          (wins, draws, losses))
    print("%.1f s" % (time.monotonic() - t0))


if __name__ == "__main__":
    main()
