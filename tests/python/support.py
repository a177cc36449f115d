"""Shared by the Python tests: where things are, and random positions.

ctest sets MTB_BINARY (the mtb command), MTB_TEST_TABLES (a folder with one
sub-folder of generated tables per rule set, made by gen_tables.py),
MTB_PROBE_LIBRARY (the shared library under test) and PYTHONPATH (python/)."""
import json
import os
import random
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))

import mtb  # noqa: E402

MTB = os.environ.get("MTB_BINARY", os.path.join(ROOT, "build", "tools", "mtb"))
TABLES = os.environ.get("MTB_TEST_TABLES", os.path.join(ROOT, "build", "tests", "python", "tables"))
# The rule sets gen_tables.py solves, each with --max-stones 3.
RULE_SETS = ("nmm", "nmm-noflying", "lasker", "lasker-20")


def tables_dir(rules):
    return os.path.join(TABLES, rules)


def random_position(rng, rules):
    """A random valid position with at most 3 stones a side (board + hand)."""
    r = mtb.Rules(rules)
    while True:
        counts = []  # (on board, in hand) per side
        for _ in range(2):
            total = rng.choice((3, 3, 3, 2))
            on_board = total if r.name.startswith("nmm") else rng.randint(0, total)
            counts.append((on_board, total - on_board))
        points = rng.sample(range(len(r.points)), counts[0][0] + counts[1][0])
        cells = ["."] * len(r.points)
        for i in points[:counts[0][0]]:
            cells[i] = "W"
        for i in points[counts[0][0]:]:
            cells[i] = "B"
        text = "%s %s %d %d" % ("".join(cells), rng.choice("wb"), counts[0][1], counts[1][1])
        if r.no_capture_limit:
            text += " %d" % rng.randrange(r.no_capture_limit)
        try:
            return mtb.Position.from_text(text, r)
        except mtb.InvalidPositionError:
            continue  # e.g. hands that placing in turn cannot give


def mtb_probe_json(rules, text):
    """`mtb probe --json`: (exit status, parsed output or None)."""
    r = subprocess.run([MTB, "probe", "--rules", rules, "--tables", tables_dir(rules), "--json", text],
                       capture_output=True, text=True, timeout=60)
    return r.returncode, (json.loads(r.stdout) if r.stdout.strip() else None)


def value_json(value):
    """A Value as `mtb probe --json` writes it: (value, plies)."""
    if value is None:
        return (None, None)
    return ({mtb.WIN: "win", mtb.DRAW: "draw", mtb.LOSS: "loss"}[value.wdl], value.plies)


def rng(seed):
    return random.Random(seed)


def probed_positions(rules, n, seed, keep):
    """n random positions of `rules` with their probe_root() answers, those
    for which keep(root) holds."""
    r = rng(seed)
    out = []
    with mtb.open_tables(tables_dir(rules), rules) as tb:
        while len(out) < n:
            pos = random_position(r, rules)
            root = tb.probe_root(pos)
            if keep(root):
                out.append((pos, root))
    return out
