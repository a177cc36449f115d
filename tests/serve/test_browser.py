"""The page in a real browser (headless chromium), as a person uses it, at
a phone's width (390 px) and a desktop's (1280 px): nothing sticks out of
the window; it opens a position from its link, plays a ply by clicking
stones on the board, another by clicking its row in the list, goes back
and forward, sets up a position in the editor, and each time the value,
the position, the marked last ply and the grouped ply list it shows are
checked against the API; and it plays a game against the tables to its
end.
Usage: test_browser.py MTB CHROMIUM"""
import html
import re
import subprocess
import sys
import urllib.parse

from serve_util import Server, fail, make_tables, stop_all, temp_root

START = "W.W.....B.........B.B..W w 0 0"
WIDTHS = (390, 1280)


def page(server, chromium, rules, position, clicks, width):
    url = "http://127.0.0.1:%d/?%s" % (server.port, urllib.parse.urlencode(
        {"rules": rules, "position": position, "clicks": ",".join(clicks)}))
    r = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--window-size=%d,900" % width, "--virtual-time-budget=20000", "--dump-dom", url],
                       capture_output=True, text=True, timeout=120)
    dom = r.stdout
    if 'data-done="1"' not in dom:
        fail("the page did not finish its clicks %s: %s" % (clicks, dom[-2000:] or r.stderr[-2000:]))
    shown = {}
    for key, pattern in (("value", r'<div id="value"[^>]*>([^<]*)<'),
                         ("category", r'<div id="value"[^>]*data-category="([^"]*)"'),
                         ("distance", r'<div id="value"[^>]*data-distance="([^"]*)"'),
                         ("position", r'<input id="position"[^>]*value="([^"]*)"'),
                         ("error", r'<p id="error"[^>]*>([^<]*)<'),
                         ("play", r'<p id="play-status"[^>]*>([^<]*)<'),
                         ("overflow", r'<body[^>]*data-overflow="([^"]*)"')):
        m = re.search(pattern, dom)
        shown[key] = html.unescape(m.group(1)) if m else None
    shown["rows"] = [(m.group(2), m.group(1)) for m in re.finditer(r'<tr class="(\w+)" data-move="([^"]*)"', dom)]
    shown["groups"] = re.findall(r'<th colspan="2" class="(\w+)"', dom)
    shown["last"] = sorted(set(re.findall(r'data-last="([^"]*)"', dom)))
    return shown


def expect(server, chromium, clicks, want_position, width, last=None, position=START):
    """The page after `clicks` shows want_position with the API's values, and
    marks `last` (the points of the ply that led there)."""
    shown = page(server, chromium, "nmm", position, clicks, width)
    where = "at %d px after clicks %s" % (width, clicks)
    if shown["overflow"] != "":
        fail("%s something sticks out of the window: %r" % (where, shown["overflow"]))
    status, a, _ = server.get("/api/nmm", {"position": want_position})
    side = "White" if a["side"] == "white" else "Black"
    value = "draw" if a["value"] == "draw" else "%s in %d" % (a["value"], a["plies"])
    want = {"position": want_position, "value": side + ": " + value, "category": a["category"],
            "distance": str(a["dtm"]), "error": ""}
    got = {k: shown[k] for k in want}
    if got != want:
        fail("%s the page shows %s, want %s" % (where, got, want))
    rows = [(m["move"], m["value"]) for m in a["moves"]]
    if shown["rows"] != rows:
        fail("%s the ply list is %s, want %s" % (where, shown["rows"][:5], rows[:5]))
    groups = [g for g in ("win", "draw", "loss") if any(m["value"] == g for m in a["moves"])]
    if shown["groups"] != groups:
        fail("%s the ply groups are %s, want %s" % (where, shown["groups"], groups))
    if last is not None and shown["last"] != sorted(last):
        fail("%s the last ply marked is %s, want %s" % (where, shown["last"], sorted(last)))
    return shown


def check_game(server, chromium):
    """A game against the tables' perfect level to its end, from a position
    inside them: the user (White, winning) clicks the best line's plies,
    the page answers each with the line's next ply, and says who won."""
    position = "B.W............B..WBW... w 0 0"
    status, ml, _ = server.get("/api/nmm/mainline", {"position": position})
    line = ml["mainline"]
    if status != 200 or ml["winner"] != "w" or len(line) < 3 or len(line) % 2 != 1:
        fail("the game's start should be a win for White in a few plies: %d %s" % (status, ml))
    clicks = ["#play-side=w", "#play-level=perfect"] + [m["move"] for m in line[0::2]]
    last = line[-1]
    shown = expect(server, chromium, clicks, last["position"], 390, position=position,
                   last=[p for p in (last.get("from"), last.get("to"), last.get("remove")) if p] or None)
    if shown["play"] != "Game over: you win.":
        fail("after the game the page says %r" % shown["play"])
    # Half-way, the page shows the tables' answer and waits for the user.
    shown = expect(server, chromium, clicks[:3], line[1]["position"], 1280, position=position)
    if shown["play"] != "The tables (perfect) played %s. Your move." % line[1]["move"]:
        fail("after the first ply the page says %r" % shown["play"])


def main():
    mtb, chromium = sys.argv[1], sys.argv[2]
    with temp_root() as root:
        tables, _ = make_tables(mtb, root)
        s = Server(mtb, tables)
        try:
            status, a, _ = s.get("/api/nmm", {"position": START})
            best = a["moves"][0]  # a7-g4xe5: move a stone, close a mill, remove
            if (best["from"], best["to"], best["remove"]) != ("a7", "g4", "e5"):
                fail("unexpected best ply %s" % best)
            quiet = next(m for m in a["moves"] if not m["capture"])
            expect(s, chromium, [], START, 390, last=[])
            for width in WIDTHS:
                # A stone, its target, the stone to remove.
                expect(s, chromium, ["a7", "g4", "e5"], best["position"], width, last=["a7", "g4", "e5"])
            # A row of the list, then back and forward.
            expect(s, chromium, [quiet["move"], "#back"], START, 1280, last=[])
            expect(s, chromium, [quiet["move"], "#back", "#forward"], quiet["position"], 1280,
                   last=[quiet["from"], quiet["to"]])
            # The editor: clear the board, a white mill on the top row, three
            # black stones below it, Black to move.
            edited = "WWWBBB.................. b 0 0"
            for width in WIDTHS:
                expect(s, chromium, ["#edit", "#edit-clear", "a7", "d7", "g7", "#tool-B", "b6", "d6", "f6",
                                     "#edit-side=b", "#edit-done"], edited, width, last=[])
            check_game(s, chromium)
            # A position the server rejects keeps the editor open with the reason.
            shown = page(s, chromium, "nmm", START, ["#edit", "#edit-clear", "#edit-done"], 390)
            if shown["position"] != START or not shown["error"]:
                fail("an empty board with no stones in hand should be refused: %s" % shown)
        finally:
            stop_all(s)
    print("serve browser: at 390 and 1280 px nothing overflows; the page plays plies by clicks, sets up a position "
          "and shows the API's values, and plays a game against the tables to its end")


if __name__ == "__main__":
    main()
