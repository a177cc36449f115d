"""`mtb serve` JSON API as a program uses it: every answer agrees with
`mtb probe --json` on random positions of two rule sets, each ply's
position and value are consistent with a probe of that position, the
fields a lichess tablebase client reads (category from the side to move,
each move's category after it, signed dtm/dtc, moves best first, the
mainline's winner) mean what they mean there, the mainline is a line of
best play, the board data of every board is whole, and errors carry the
right status.
Usage: test_api.py MTB"""
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from serve_util import Server, fail, make_tables, stop_all, temp_root

OPPOSITE = {"win": "loss", "loss": "win", "draw": "draw"}


def random_positions(rng, cells, counts, n, suffix=""):
    out = []
    for _ in range(n):
        w, b = rng.choice(counts), rng.choice(counts)
        points = rng.sample(range(cells), w + b)
        row = ["."] * cells
        for i in points[:w]:
            row[i] = "W"
        for i in points[w:]:
            row[i] = "B"
        out.append("".join(row) + " " + rng.choice("wb") + " 0 0" + suffix)
    return out


def cli_probe(mtb, tables, rules, position):
    r = subprocess.run([mtb, "probe", "--rules", rules, "--tables", tables + "/" + rules, "--json", position],
                       capture_output=True, text=True)
    return json.loads(r.stdout)


def check_position(s, mtb, tables, rules, position, with_cli):
    status, a, _ = s.get("/api/" + rules, {"position": position})
    if status == 400:
        return None  # an impossible random position (e.g. the side not to move has a mill to answer)
    if status != 200:
        fail("%s %s: status %d %s" % (rules, position, status, a))
    if a["position"] != position:
        fail("%s %s: position echoed as %s" % (rules, position, a["position"]))
    if with_cli:
        c = cli_probe(mtb, tables, rules, position)
        if (c["value"], c["plies"]) != (a["value"], a["plies"]) or a["value"] != a["category"]:
            fail("%s %s: API %s %s %s, CLI %s %s" % (rules, position, a["category"], a["value"], a["plies"],
                                                   c["value"], c["plies"]))
        api_moves = [(m["move"], m["value"], m["plies"]) for m in a["moves"]]
        cli_moves = [(m["move"], m["value"], m["plies"]) for m in c["moves"]]
        if api_moves != cli_moves:
            fail("%s %s: plies differ from the CLI:\n%s\n%s" % (rules, position, api_moves, cli_moves))
    for m in a["moves"]:
        if m["capture"] != ("x" in m["move"]) or m["capture"] != (m["remove"] is not None):
            fail("%s %s: capture flag wrong on %s" % (rules, position, m))
        if not m["move"].startswith((m["from"] + "-" if m["from"] else "") + m["to"]):
            fail("%s %s: from/to do not match the move text: %s" % (rules, position, m))
    return a


def check_move_values(s, rules, a):
    """Each ply's value for its player is the opposite of its position's,
    one ply longer; its lichess category and signed distance are those of
    its position, from the side to move there."""
    key = a["metric"]
    for m in a["moves"][:6]:
        status, b, _ = s.get("/api/" + rules, {"position": m["position"]})
        if status != 200:
            fail("%s: after %s: status %d" % (a["position"], m["move"], status))
        want = (OPPOSITE[b["category"]], b["plies"] + 1 if b["category"] != "draw" else 0)
        if (m["value"], m["plies"]) != want and not m["zeroing"]:
            fail("%s: ply %s valued %s %s, its position %s %s" %
                 (a["position"], m["move"], m["value"], m["plies"], b["category"], b["plies"]))
        if (m["category"], m[key]) != (b["category"], b[key]):
            fail("%s: ply %s has category %s %s %s, its position %s %s" %
                 (a["position"], m["move"], m["category"], key, m[key], b["category"], b[key]))


def lichess_rank(m, key):
    """Sort key of a move for the side to move, best first, in lichess's
    terms: the opponent's loss soonest, then draws, then the opponent's
    win latest."""
    d = m[key]
    return {"loss": (0, -d), "draw": (1, 0), "win": (2, -d), "unknown": (3, 0)}[m["category"]]


def check_lichess(rules, a):
    """The fields a lichess tablebase client reads, on a position with a
    known value."""
    key = "dtc" if rules == "lasker-20" else "dtm"
    other = "dtm" if key == "dtc" else "dtc"
    where = "%s %s" % (rules, a["position"])
    if a["metric"] != key or key not in a or other in a:
        fail("%s: distance field should be %s: %s" % (where, key, sorted(a)))
    cat, d = a["category"], a[key]
    if cat not in ("win", "loss", "draw") or not isinstance(d, int):
        fail("%s: category %r %s %r" % (where, cat, key, d))
    if (cat == "win" and d <= 0) or (cat == "loss" and d > 0) or (cat == "draw" and d != 0):
        fail("%s: %s with signed %s %d" % (where, cat, key, d))
    if abs(d) != a["plies"] or a["value"] != cat:
        fail("%s: %s %d disagrees with value %s plies %s" % (where, key, d, a["value"], a["plies"]))
    for m in a["moves"]:
        if m["category"] != OPPOSITE[m["value"]] or key not in m or m["zeroing"] != (m["capture"] and key == "dtc"):
            fail("%s: move %s: category %s for a ply valued %s" % (where, m["move"], m["category"], m["value"]))
    ranks = [lichess_rank(m, key) for m in a["moves"]]
    if ranks != sorted(ranks):
        fail("%s: moves not best first for the side to move: %s" %
             (where, [(m["move"], m["category"], m[key]) for m in a["moves"]][:8]))
    if a["moves"] and lichess_rank(a["moves"][0], key)[0] != {"win": 0, "draw": 1, "loss": 2}[cat]:
        fail("%s: %s but the best move leads to %s" % (where, cat, a["moves"][0]["category"]))


def check_mainline(s, rules, a):
    status, ml, _ = s.get("/api/" + rules + "/mainline", {"position": a["position"]})
    if status != 200:
        fail("mainline %s: status %d %s" % (a["position"], status, ml))
    line = ml["mainline"]
    if ml.get("cut", "absent") is not None:
        fail("mainline %s: tables with distances give the whole line, but cut is %r" % (a["position"], ml.get("cut")))
    us, them = ("w", "b") if a["side"] == "white" else ("b", "w")
    want_winner = {"win": us, "loss": them, "draw": None}[a["category"]]
    if ml["winner"] != want_winner or ml["category"] != a["category"] or ml[a["metric"]] != a[a["metric"]]:
        fail("mainline %s: winner %s category %s, want %s for a %s" % (a["position"], ml["winner"], ml["category"],
                                                                     want_winner, a["category"]))
    if a["category"] == "draw":
        if line:
            fail("mainline of a draw should be empty: %s" % a["position"])
        return
    if len(line) != a["plies"]:
        fail("mainline %s: %d plies for a %s in %d" % (a["position"], len(line), a["category"], a["plies"]))
    position = a["position"]
    for i, step in enumerate(line):
        status, here, _ = s.get("/api/" + rules, {"position": position})
        best = here["moves"][0]
        if step["move"] != best["move"] or step["position"] != best["position"]:
            fail("mainline %s: ply %d is %s, the best is %s" % (a["position"], i, step["move"], best["move"]))
        if step["plies"] != a["plies"] - i:
            fail("mainline %s: ply %d has plies %d" % (a["position"], i, step["plies"]))
        position = step["position"]
    status, end, _ = s.get("/api/" + rules, {"position": position})
    if not end["game_over"] or end["category"] != "loss" or end["plies"] != 0:
        fail("mainline %s ends in %s, not a finished game" % (a["position"], end))


def probe_rank_rows(mtb, rules, position):
    """The ranks of `mtb probe`'s board drawing, top row first."""
    empty = tempfile.mkdtemp()
    out = subprocess.run([mtb, "probe", "--rules", rules, "--tables", empty, position], capture_output=True,
                         text=True).stdout
    return [int(m.group(1)) for m in re.finditer(r"^\s+(\d+)  ", out, re.M)]


def check_boards(s, mtb):
    status, rs, _ = s.get("/api/rules")
    names = [r["name"] for r in rs["rules"]]
    if status != 200 or names != ["lasker-20", "morabaraba", "morris18", "nmm", "six"]:
        fail("/api/rules: %d %s" % (status, names))
    for r in rs["rules"]:
        status, b, _ = s.get("/api/%s/board" % r["name"])
        names = {p["name"] for p in b["points"]}
        if status != 200 or len(names) != len(b["points"]) or len(r["start"].split()[0]) != len(names):
            fail("board of %s: %d %s" % (r["name"], status, b))
        coords = {(p["x"], p["y"]) for p in b["points"]}
        if len(coords) != len(names) or min(x for x, _ in coords) != 0 or min(y for _, y in coords) != 0:
            fail("board of %s: points share coordinates or do not start at 0" % r["name"])
        # Drawn as `mtb probe` draws every board (morris18 was upside down):
        # its rows' ranks top first, files from the left.
        rows = probe_rank_rows(mtb, r["name"], r["start"])
        if len(rows) < 3:
            fail("mtb probe drew no board for %s" % r["name"])
        for p in b["points"]:
            for q in b["points"]:
                if rows.index(int(p["name"][1:])) < rows.index(int(q["name"][1:])) and p["y"] >= q["y"]:
                    fail("board of %s: %s is drawn below %s, mtb probe draws it above" % (r["name"], p["name"],
                                                                                        q["name"]))
                if p["name"][0] < q["name"][0] and p["x"] >= q["x"]:
                    fail("board of %s: %s is drawn right of %s" % (r["name"], p["name"], q["name"]))
        for e in b["edges"]:
            if len(e) != 2 or not set(e) <= names:
                fail("board of %s: bad edge %s" % (r["name"], e))
        for m in b["mills"]:
            if len(m) != 3 or not set(m) <= names:
                fail("board of %s: bad mill %s" % (r["name"], m))
        # The start position is answered (with the plies, even without tables).
        status, a, _ = s.get("/api/" + r["name"], {"position": r["start"]})
        if not a.get("moves") or status not in (200, 404):
            fail("%s start: %d %s" % (r["name"], status, a))


def check_table_figures(s, mtb, tables):
    """Each answer names its sector and gives its table's figures as
    `mtb stats --json` does."""
    for rules, position, sector in (("nmm", "W.W.....B.........B.B..W w 0 0", "3v3"),
                                    ("six", "WWW.....BBBB.... b 0 0", "4v3"),
                                    ("lasker-20", "W.W.....B.........B.B..W w 0 0 4", "3v3")):
        stats = json.loads(subprocess.run([mtb, "stats", "--json", os.path.join(tables, rules)], check=True,
                                          capture_output=True, text=True).stdout)
        row = next(t for t in stats["tables"] if t["sector"] == sector)
        want = row  # one function makes both (tools/table_figures.h): every field, metric included
        status, a, _ = s.get("/api/" + rules, {"position": position})
        if status != 200 or a["sector"] != sector or a["table"] != want:
            fail("%s %s: sector %s table %s, want %s %s" % (rules, position, a.get("sector"), a.get("table"), sector,
                                                          want))
    status, a, _ = s.get("/api/nmm", {"position": "WWWW....B.........B.B..W w 0 0"})
    if a["sector"] != "5v3" or a["table"] is not None:
        fail("a sector without a table: %s %s" % (a["sector"], a["table"]))


def check_play(s, rules, a):
    """The perfect level plays the first (best) ply, so never leaves a win
    or a draw; the weaker levels play legal plies, reproducibly for a seed,
    and blunder (not always the best) over many seeds."""
    if a["game_over"]:
        status, body, _ = s.get("/api/%s/play/perfect" % rules, {"position": a["position"]})
        if status != 400:
            fail("play in a finished game: want 400, got %d %s" % (status, body))
        return
    # The probe's entries carry the ultra measure of a drawing ply; a played ply does not.
    plies = [{k: v for k, v in m.items() if k != "ultra"} for m in a["moves"]]
    status, p, _ = s.get("/api/%s/play/perfect" % rules, {"position": a["position"]})
    if status != 200 or p["source"] != "tables" or p["move"] != plies[0] or p["move"]["value"] != a["value"]:
        fail("%s %s: perfect played %s, want the best ply %s" % (rules, a["position"], p, plies[0]))
    # ultra: perfect's value; where that is a draw, a ply of the highest measure, which it names.
    status, u, _ = s.get("/api/%s/play/ultra" % rules, {"position": a["position"]})
    if status != 200 or u["move"]["value"] != a["value"]:
        fail("%s %s: ultra played %s, want a ply of value %s" % (rules, a["position"], u, a["value"]))
    if a["value"] == "draw" and a.get("ultra_turns") == 2 and u.get("ultra_turns") == 2:  # neither cut by the clock
        top = max(m["ultra"] for m in a["moves"] if "ultra" in m)
        if abs(u.get("measure", -1) - top) > 1e-12:
            fail("%s %s: ultra played %s, want a measure of %s" % (rules, a["position"], u, top))
    elif a["value"] != "draw" and u["move"] != plies[0]:
        fail("%s %s: ultra played %s, want perfect's %s" % (rules, a["position"], u, plies[0]))
    legal = {m["move"]: m for m in plies}
    for level in ("strong", "medium", "easy"):
        picks = []
        for seed in range(12):
            status, p, _ = s.get("/api/%s/play/%s/%d" % (rules, level, seed), {"position": a["position"]})
            if status != 200 or p["level"] != level or legal.get(p["move"]["move"]) != p["move"]:
                fail("%s %s: level %s seed %d played %s" % (rules, a["position"], level, seed, p))
            picks.append(p["move"]["move"])
        again = s.get("/api/%s/play/%s/5" % (rules, level), {"position": a["position"]})[1]["move"]["move"]
        if again != picks[5]:
            fail("%s: level %s seed 5 played %s, then %s" % (a["position"], level, picks[5], again))
        if level == "easy" and len(a["moves"]) > 4 and all(m == picks[0] for m in picks):
            fail("%s: the easy level played %s for 12 seeds" % (a["position"], picks[0]))


def check_errors(s, damaged_server):
    nmm33 = "W.W.....B.........B.B..W w 0 0"
    cases = [
        ("/api/nmm", {"position": "xyz"}, 400),
        ("/api/nmm", {"position": "W" * 24 + " w 0 0"}, 400),  # 24 stones: impossible
        ("/api/nmm", {"position": "." * 24 + " w 9 9 " + "0" * 100}, 400),  # too long
        ("/api/nmm", None, 400),  # no position
        ("/api/nmm?position=a&position=b", None, 400),
        ("/api/nosuch", {"position": nmm33}, 404),
        ("/api/lasker", {"position": nmm33}, 404),  # a rule set without tables here
        ("/api/nmm/nosuch", {"position": nmm33}, 404),
        ("/nosuch.html", None, 404),
        ("/../../etc/passwd", None, 404),
        ("/%2e%2e/%2e%2e/etc/passwd", None, 404),
    ]
    for path, params, want in cases:
        status, body, headers = s.get(path, params)
        if status != want or not isinstance(body, dict) or "error" not in body:
            fail("%s %s: want %d with a JSON error, got %d %r" % (path, params, want, status, body))
    # A legal position no table here holds: 200 and category "unknown", as
    # lichess answers it, with the plies still listed.
    for path in ("/api/nmm", "/api/nmm/mainline"):
        status, body, _ = s.get(path, {"position": "WWWW....B.........B.B..W w 0 0"})  # 5v3: no table
        if (status != 200 or body["category"] != "unknown" or body["dtm"] is not None or "error" in body or
                not body.get("reason") or body["value"] is not None):
            fail("%s without a table: want 200 unknown, got %d %.300s" % (path, status, body))
        if path == "/api/nmm" and (not body["moves"] or any(m["category"] != "unknown" for m in body["moves"])):
            fail("without a table: want every ply listed as unknown: %.300s" % body)
        if path != "/api/nmm" and (body["winner"] is not None or body["mainline"]):
            fail("mainline without a table: %.300s" % body)
    # Outside the tables the search plays, and says so.
    status, body, _ = s.get("/api/nmm/play/perfect", {"position": "WWWW....B.........B.B..W w 0 0"})
    if status != 200 or body["source"] != "search" or body["move"]["category"] != "unknown":
        fail("play outside the tables: %d %s" % (status, body))
    for path, want in (("/api/nmm/play/nosuch", 404), ("/api/nmm/play/easy/x1", 400), ("/api/nmm/play/easy/", 400)):
        status, body, _ = s.get(path, {"position": nmm33})
        if status != want or "error" not in body:
            fail("%s: want %d with an error, got %d %s" % (path, want, status, body))
    status, body, _ = damaged_server.get("/api/nmm", {"position": nmm33})
    if status != 503 or "error" not in body:
        fail("damaged table: want 503, got %d %.300s" % (status, body))
    status, body, _ = damaged_server.get("/api/nmm/mainline", {"position": nmm33})
    if status != 503:
        fail("damaged table, mainline: want 503, got %d %.300s" % (status, body))
    # The page and its files, with the security headers.
    for path, kind in (("/", "text/html"), ("/app.js", "text/javascript"), ("/style.css", "text/css")):
        status, body, headers = s.get(path)
        if status != 200 or not headers.get("content-type", "").startswith(kind):
            fail("%s: %d %s" % (path, status, headers.get("content-type")))
    if "default-src 'self'" not in headers.get("content-security-policy", ""):
        fail("no Content-Security-Policy on the page's files")


def main():
    mtb = sys.argv[1]
    rng = random.Random(13)
    with temp_root() as root:
        tables, damaged = make_tables(mtb, root)
        # lasker-20 3v3 (its distances are DTC: the field is dtc).
        subprocess.run([mtb, "gen", "--rules", "lasker-20", "--max-stones", "3", "--out",
                        os.path.join(tables, "lasker-20"), "--threads", "2"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        s = Server(mtb, tables)
        d = Server(mtb, damaged)
        try:
            check_boards(s, mtb)
            check_errors(s, d)
            check_table_figures(s, mtb, tables)
            checked = 0
            for rules, cells, counts, suffix in (("nmm", 24, [3], ""), ("six", 16, [3, 4], ""),
                                                   ("lasker-20", 24, [3], " 0")):
                for i, position in enumerate(random_positions(rng, cells, counts, 60, suffix)):
                    a = check_position(s, mtb, tables, rules, position, with_cli=i < 30)
                    if a is None:
                        continue
                    checked += 1
                    check_lichess(rules, a)
                    if i < 12:
                        check_move_values(s, rules, a)
                        check_play(s, rules, a)
                        if rules != "lasker-20":  # its mainline stops at the first capture
                            check_mainline(s, rules, a)
            if checked < 90:
                fail("only %d random positions were legal" % checked)
        finally:
            stop_all(s, d)
    print("serve API: all checks passed (%d positions)" % checked)


if __name__ == "__main__":
    main()
