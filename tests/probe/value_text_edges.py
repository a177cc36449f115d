#!/usr/bin/env python3
"""One value text at every edge: `mtb probe` (engine/value.h's value_text),
the C++ wrapper (probe.hpp's ProbeResult::text(), through the C API's
mtb_value_text), Python (str(Value)) and the page (`mtb serve`'s
value_text fields, which tools/web/app.js shows) write the same words for
the same positions of a DTM, a DTC, a win/draw/loss-only and a lasker-20
folder, and each folder's words say its metric.

    value_text_edges.py MTB VALUE_TEXT_HPP    (PYTHONPATH and
    MTB_PROBE_LIBRARY as for tests/python)"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import urllib.parse
import urllib.request

import mtb

MTB, HPP = sys.argv[1], sys.argv[2]
# Each folder's words: what a decided value's text must look like there.
SHAPES = {
    "dtm": r"(win|loss) in \d+",
    "dtc": r"(win|loss), dtc \d+",
    "wdl": r"(win|loss) \(WDL-only table: no distance\)",
    "l20": r"(win|loss), dtc \d+",
}


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def run(*args, **kw):
    return subprocess.run(args, capture_output=True, text=True, timeout=300, **kw)


def make_folders(root):
    """(name, rules, folder): nmm 3v3 in DTM, DTC and win/draw/loss only;
    lasker-20 to 3 stones a side."""
    out = []
    for name, rules, extra in (("dtm", "nmm", []), ("dtc", "nmm", ["--metric", "dtc"]), ("l20", "lasker-20", [])):
        d = os.path.join(root, name, rules)
        r = run(MTB, "gen", "--rules", rules, "--max-stones", "3", *extra, "--out", d, "--threads", "2")
        if r.returncode:
            fail("mtb gen %s: %s" % (name, r.stderr[-500:]))
        out.append((name, rules, d))
    d = os.path.join(root, "wdl", "nmm")
    r = run(MTB, "wdl", os.path.join(root, "dtm", "nmm"), "--out", d, "--threads", "2")
    if r.returncode:
        fail("mtb wdl: " + r.stderr[-500:])
    out.insert(2, ("wdl", "nmm", d))
    return out


def positions(rules, folder, rng, n=12):
    """n random valid positions with 3 stones a side (board + hand) whose
    value the folder holds."""
    r = mtb.Rules(rules)
    out = []
    tb = mtb.open_tables(folder, rules)
    while len(out) < n:
        on_board = [3 if rules == "nmm" else rng.randint(1, 3) for _ in range(2)]
        points = rng.sample(range(len(r.points)), sum(on_board))
        cells = ["."] * len(r.points)
        for i in points[:on_board[0]]:
            cells[i] = "W"
        for i in points[on_board[0]:]:
            cells[i] = "B"
        text = "%s %s %d %d" % ("".join(cells), rng.choice("wb"), 3 - on_board[0], 3 - on_board[1])
        if r.no_capture_limit:
            text += " %d" % rng.randrange(r.no_capture_limit)
        try:
            text = mtb.Position.from_text(text, r).to_text()
        except mtb.InvalidPositionError:
            continue
        if tb.get(text) is not None:
            out.append(text)
    tb.close()
    return out


def cli_texts(rules, folder, text):
    """`mtb probe`'s value line and ply lines: [own, (ply, text)...]."""
    r = run(MTB, "probe", "--tables", folder, "--rules", rules, text)
    own = re.search(r"^value: (.*)$", r.stdout, re.M)
    if not own:
        fail("mtb probe %s: no value line: %s %s" % (text, r.stdout, r.stderr))
    plies = re.findall(r"^  (\S+) +(.*)$", r.stdout.split("value:", 1)[1], re.M)
    return [own.group(1)] + plies


def hpp_texts(rules, folder, texts):
    r = run(HPP, folder, rules, input="\n".join(texts) + "\n")
    if r.returncode:
        fail("value_text_hpp: " + r.stderr)
    out, block = [], []
    for line in r.stdout.splitlines():
        if line == "--":
            out.append([block[0]] + [tuple(l.split(" ", 1)) for l in block[1:]])
            block = []
        else:
            block.append(line)
    return out


def python_texts(rules, folder, text):
    with mtb.open_tables(folder, rules) as tb:
        root = tb.probe_root(text)
        own = str(tb.probe(text))
        return [own] + [(m.move.text, str(m.value)) for m in root]


def serve_texts(rules, folder, texts):
    """`mtb serve`'s value_text of each position and ply, as the page shows,
    and beside it which of them is a finished game (valued by the rules'
    end, not by a table: "win in 1" for a winning capture in any folder)."""
    p = subprocess.Popen([MTB, "serve", "--tables", os.path.dirname(folder), "--port", "0", "--threads", "2"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = p.stdout.readline().split("listening on ")[1].split()[0].rstrip("/")
        out, over = [], []
        for text in texts:
            with urllib.request.urlopen("%s/api/%s?position=%s" % (url, rules, urllib.parse.quote(text))) as r:
                a = json.loads(r.read())
            out.append([a["value_text"]] + [(m["move"], m["value_text"]) for m in a["moves"]])
            over.append([a["game_over"]] + [m["game_over"] for m in a["moves"]])
        return out, over
    finally:
        p.terminate()
        p.wait()


def main():
    rng = random.Random(37)
    compared = 0
    with tempfile.TemporaryDirectory() as root:
        for name, rules, folder in make_folders(root):
            texts = positions(rules, folder, rng)
            hpp = hpp_texts(rules, folder, texts)
            page, over = serve_texts(rules, folder, texts)
            decided = 0
            for i, text in enumerate(texts):
                cli = cli_texts(rules, folder, text)
                py = python_texts(rules, folder, text)
                for edge, got in (("probe.hpp", hpp[i]), ("python", py), ("page", page[i])):
                    if got != cli:
                        fail("%s %s: mtb probe says %r, %s says %r" % (name, text, cli, edge, got))
                for t, finished in zip([cli[0]] + [v for _, v in cli[1:]], over[i]):
                    if t.startswith(("win", "loss")) and not finished:
                        if not re.fullmatch(SHAPES[name], t):
                            fail("%s %s: %r does not say the folder's metric (%s)" % (name, text, t, SHAPES[name]))
                        decided += 1
                compared += len(cli)
            if decided < 10:
                fail("%s: only %d decided values among %d positions" % (name, decided, len(texts)))
    print("ok: %d values, the same text at all four edges" % compared)


if __name__ == "__main__":
    main()
