"""The page in a real browser (headless chromium), as a person uses it:
opens a position from its link, plays a ply by clicking stones on the
board, another by clicking its row in the list, goes back, and checks the
value and position the page then shows against the API.
Usage: test_browser.py MTB CHROMIUM"""
import html
import re
import subprocess
import sys
import urllib.parse

from serve_util import Server, fail, make_tables, stop_all, temp_root

START = "W.W.....B.........B.B..W w 0 0"


def page(server, chromium, rules, position, clicks):
    url = "http://127.0.0.1:%d/?%s" % (server.port, urllib.parse.urlencode(
        {"rules": rules, "position": position, "clicks": ",".join(clicks)}))
    r = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=20000",
                        "--dump-dom", url], capture_output=True, text=True, timeout=120)
    dom = r.stdout
    if 'data-done="1"' not in dom:
        fail("the page did not finish its clicks %s: %s" % (clicks, dom[-2000:] or r.stderr[-2000:]))
    shown = {}
    for key, pattern in (("value", r'<div id="value"[^>]*>([^<]*)<'), ("position", r'<input id="position"[^>]*value="([^"]*)"'),
                         ("error", r'<p id="error"[^>]*>([^<]*)<')):
        m = re.search(pattern, dom)
        shown[key] = html.unescape(m.group(1)) if m else None
    shown["rows"] = re.findall(r'<tr data-move="([^"]*)" class="(\w+)"', dom)
    return shown


def expect(server, chromium, clicks, want_position):
    shown = page(server, chromium, "nmm", START, clicks)
    status, a, _ = server.get("/api/nmm", {"position": want_position})
    side = "White" if a["side"] == "white" else "Black"
    value = "draw" if a["category"] == "draw" else "%s in %d" % (a["category"], a["plies"])
    want_value = side + " to move: " + ("game over, " if a["game_over"] else "") + value
    if shown["position"] != want_position or shown["value"] != want_value or shown["error"]:
        fail("after clicks %s the page shows %s, want position %r and value %r" % (clicks, shown, want_position,
                                                                                   want_value))
    rows = [(m["move"], m["category"]) for m in a["moves"]]
    if shown["rows"] != rows:
        fail("after clicks %s the ply list is %s, want %s" % (clicks, shown["rows"][:5], rows[:5]))


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
            expect(s, chromium, [], START)
            expect(s, chromium, ["a7", "g4", "e5"], best["position"])  # stone, target, stone to remove
            expect(s, chromium, [quiet["move"]], quiet["position"])  # a row of the list
            expect(s, chromium, [quiet["move"], "#back"], START)
            expect(s, chromium, [quiet["move"], "#back", "#forward"], quiet["position"])
        finally:
            stop_all(s)
    print("serve browser: the page plays plies by clicks and shows the API's values")


if __name__ == "__main__":
    main()
