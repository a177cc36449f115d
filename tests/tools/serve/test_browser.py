"""The page in a real browser (headless chromium), as a person uses it, at
a phone's width (390 px, and 360 px once) and a desktop's (1280 px):
nothing sticks out of the window; it opens a position from its link,
plays a ply by clicking stones on the board, another by clicking its row
in the list, goes back and forward, sets up a position in the editor, and each time the value,
the position, the marked last ply and the grouped ply list it shows are
checked against the API; and it plays a game against the tables to its
end.  Issue 39's page items: the landing page shows a position the tables
answer; a bad link says so; playing, one step back takes back the user's
ply and the reply, take back and new game work, side and level are in the
link, and the tables' plies cannot be clicked for them; at 390 px no box
inside the page cuts the ply list and the rules menu is not cut; the
pointer on a ply marks it on the board; the editor shows the set-up
position's value and plies.  These are measured here, in the browser,
not by the page's own code.
Usage: test_browser.py MTB CHROMIUM"""
import html
import json
import os
import re
import select
import subprocess
import sys
import tempfile
import time
import urllib.parse

from serve_util import Server, fail, make_tables, stop_all, temp_root

START = "W.W.....B.........B.B..W w 0 0"
WIDTHS = (390, 1280)


class Chromium:
    """Headless chromium driven over the DevTools protocol on a pipe
    (--remote-debugging-pipe: commands on fd 3, answers on fd 4), so the
    page is laid out at exactly the width asked for (a headless window is
    at least 500 px wide) and one browser serves every page of the test."""

    def __init__(self, path):
        self.profile = tempfile.TemporaryDirectory(prefix="mtb-chromium-")
        to_chrome, self.out = os.pipe()
        self.inp, from_chrome = os.pipe()

        def fds():  # in the child: the pipes' ends as fds 3 and 4 (os.pipe's fds close on exec)
            os.dup2(to_chrome, 3)
            os.dup2(from_chrome, 4)

        self.proc = subprocess.Popen([path, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                      "--remote-debugging-pipe", "--user-data-dir=" + self.profile.name, "about:blank"],
                                     close_fds=False, preexec_fn=fds,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_chrome)
        os.close(from_chrome)
        self.buffer = b""
        self.next_id = 0
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def call(self, method, params=None, session=None, timeout=60):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.out, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" not in self.buffer:
                if time.monotonic() > deadline or not select.select([self.inp], [], [], 1)[0] and \
                        self.proc.poll() is not None:
                    fail("chromium did not answer %s" % method)
                if select.select([self.inp], [], [], 0)[0]:
                    self.buffer += os.read(self.inp, 1 << 20)
            line, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(line)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    fail("chromium: %s: %s" % (method, answer["error"]))
                return answer["result"]

    def evaluate(self, expression):
        r = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, self.session)
        return r["result"].get("value")

    def dom(self, url, width, height=844, timeout=60):
        """The page's HTML once it has set body[data-done], laid out at width x height."""
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                         "mobile": False}, self.session)
        self.call("Page.navigate", {"url": url}, self.session)
        deadline = time.monotonic() + timeout
        while self.evaluate("document.body && document.body.dataset.done") != "1":
            if time.monotonic() > deadline:
                fail("the page did not finish: %s" % url)
            time.sleep(0.05)
        return self.evaluate("document.documentElement.outerHTML")

    def close(self):
        os.close(self.out)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.inp)
        self.profile.cleanup()


def page(server, chromium, rules, position, clicks, width, extra=None):
    query = {"rules": rules, "position": position}
    if rules is None:
        query.pop("rules")
    if position is None:
        query.pop("position")
    query.update(extra or {})
    query["clicks"] = ",".join(clicks)
    url = "http://127.0.0.1:%d/?%s" % (server.port, urllib.parse.urlencode(query))
    dom = chromium.dom(url, width)
    if 'data-done="1"' not in dom:
        fail("the page did not finish its clicks %s: %s" % (clicks, dom[-2000:]))
    if ('data-viewport="%d"' % width) not in dom:
        fail("the page was not laid out %d px wide: %s" % (width, re.search(r"<body[^>]*>", dom).group(0)))
    shown = {}
    for key, pattern in (("value", r'<div id="value"[^>]*>([^<]*)<'),
                         ("category", r'<div id="value"[^>]*data-category="([^"]*)"'),
                         ("distance", r'<div id="value"[^>]*data-distance="([^"]*)"'),
                         ("position", r'<input id="position"[^>]*value="([^"]*)"'),
                         ("error", r'<p id="error"[^>]*>([^<]*)<'),
                         ("note", r'<p id="note"[^>]*>([^<]*)<'),
                         ("play", r'<p id="play-status"[^>]*>([^<]*)<'),
                         ("overflow", r'<body[^>]*data-overflow="([^"]*)"')):
        m = re.search(pattern, dom)
        shown[key] = html.unescape(m.group(1)) if m else None
    shown["rows"] = [(m.group(2), m.group(1)) for m in re.finditer(r'<tr class="(\w+)" data-move="([^"]*)"', dom)]
    shown["groups"] = re.findall(r'<th colspan="2" class="(\w+)"', dom)
    shown["last"] = sorted(set(re.findall(r'data-last="([^"]*)"', dom)))
    shown["url"] = chromium.evaluate("location.pathname + location.search")
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


# Measured in the browser, apart from the page's code: rows of the ply list
# that a box inside the page cuts off, and menus whose chosen entry is wider
# than the menu.
HIDDEN_ROWS = """[...document.querySelectorAll('#moves tr')].filter((tr) => {
  const box = tr.getBoundingClientRect();
  for (let e = tr.parentElement; e && e !== document.body; e = e.parentElement) {
    if (getComputedStyle(e).overflowY === 'visible') continue;
    const clip = e.getBoundingClientRect();
    if (box.bottom > clip.bottom + 0.5 || box.top < clip.top - 0.5) return true;
  }
  return false;
}).length"""
CUT_MENUS = """(() => {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('select')].filter((sel) => {
    const opt = sel.options[sel.selectedIndex], st = getComputedStyle(sel);
    ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    return opt && sel.clientWidth > 0 && ctx.measureText(opt.text).width > sel.clientWidth - 20;
  }).map((sel) => sel.id + ': ' + sel.options[sel.selectedIndex].text);
})()"""
HOVER = """(() => {
  const row = document.querySelector('#moves tr[data-move="%s"]');
  row.dispatchEvent(new MouseEvent('mouseenter'));
  const marked = [...document.querySelectorAll('#board [data-preview]')].map((e) => e.dataset.preview).sort();
  row.dispatchEvent(new MouseEvent('mouseleave'));
  return [marked, document.querySelectorAll('#board [data-preview]').length];
})()"""


def check_landing(server, chromium):
    """The bare page lands on a position the tables answer."""
    status, rules, _ = server.get("/api/rules")
    nmm = next(r for r in rules["rules"] if r["name"] == "nmm")
    example = nmm.get("example")
    status, a, _ = server.get("/api/nmm", {"position": example or nmm["start"]})
    if not example or a["category"] in ("unknown", "draw"):
        fail("/api/rules gives no position the nmm tables answer: %s -> %s" % (example, a.get("category")))
    for width in WIDTHS:
        shown = page(server, chromium, None, None, [], width)
        if shown["position"] != example or shown["category"] != a["category"] or shown["error"]:
            fail("at %d px the landing page shows %s (%s), error %r; want %s (%s)" %
                 (width, shown["position"], shown["category"], shown["error"], example, a["category"]))


def check_links(server, chromium):
    """A link with an unserved rule set or a bad position says so; "_" for
    spaces works."""
    shown = page(server, chromium, "nosuch", START, [], 390)
    if "nosuch" not in (shown["error"] or "") or "not served" not in shown["error"]:
        fail("a link to an unserved rule set says %r" % shown["error"])
    shown = page(server, chromium, "nmm", "garbage w 0 0", [], 1280)
    if "garbage" not in (shown["error"] or ""):
        fail("a link with a bad position says %r" % shown["error"])
    # "_" for spaces, as lichess links write them.
    shown = page(server, chromium, "nmm", START.replace(" ", "_"), [], 390)
    if shown["position"] != START or shown["error"]:
        fail("a link with _ for spaces shows %r, error %r" % (shown["position"], shown["error"]))


def check_play_mode(server, chromium):
    """One back takes back the user's ply and the reply; take back, new game;
    side and level in the link; the tables' plies cannot be clicked."""
    position = "B.W............B..WBW... w 0 0"
    status, a, _ = server.get("/api/nmm", {"position": position})
    mine = next(m for m in a["moves"] if not m["game_over"])
    play = {"play": "w", "level": "strong"}
    for width in WIDTHS:
        for undo, said in (("#back", "Took back a move. Your move."), ("#takeback", "Took back a move. Your move."),
                           ("#newgame", "New game. Your move.")):
            shown = page(server, chromium, "nmm", position, [mine["move"], undo], width, play)
            if shown["position"] != position or shown["play"] != said:
                fail("at %d px after %s and %s the page shows %s, %r; want %s, %r" %
                     (width, mine["move"], undo, shown["position"], shown["play"], position, said))
            if "play=w" not in shown["url"] or "level=strong" not in shown["url"]:
                fail("the link does not keep side and level: %s" % shown["url"])
    # Playing Black from a position where White is to move: the tables move
    # first; back there, a click on White's ply is not played for them.
    shown = page(server, chromium, "nmm", position, [], 390, {"play": "b", "level": "perfect"})
    if shown["position"] == position or not shown["play"].startswith("The tables (perfect) played"):
        fail("a link to play Black with White to move: the tables did not move: %s %r" %
             (shown["position"], shown["play"]))
    shown = page(server, chromium, "nmm", position, ["#back", mine["move"]], 390, {"play": "b", "level": "perfect"})
    if shown["position"] != position or "tables are to move" not in shown["play"]:
        fail("a click on the tables' ply was played for them: %s %r" % (shown["position"], shown["play"]))


def check_phone_list(server, chromium):
    """At 390 px every row of a long ply list is reached by scrolling the page."""
    status, a, _ = server.get("/api/nmm", {"position": START})
    if len(a["moves"]) < 40:
        fail("START should have a long ply list, has %d" % len(a["moves"]))
    page(server, chromium, "nmm", START, [], 390)
    if chromium.evaluate(HIDDEN_ROWS):
        fail("at 390 px %d rows of the ply list are cut off by a box" % chromium.evaluate(HIDDEN_ROWS))


def check_menus(server, chromium):
    """No menu shows its chosen entry cut, at either width."""
    for width in WIDTHS:
        page(server, chromium, "nmm", START, [], width)
        cut = chromium.evaluate(CUT_MENUS)
        if cut:
            fail("at %d px menus are cut: %s" % (width, cut))


def check_hover(server, chromium):
    """The pointer on a row of the ply list marks the ply on the board."""
    status, a, _ = server.get("/api/nmm", {"position": START})
    for width in WIDTHS:
        page(server, chromium, "nmm", START, [], width)
        best = a["moves"][0]
        marked, after = chromium.evaluate(HOVER % best["move"])
        want = sorted(p for p in (best["from"], best["to"], best["remove"]) if p)
        if marked != want or after:
            fail("at %d px the pointer on %s marks %s (then %d), want %s" % (width, best["move"], marked, after, want))


def check_editor_lines(server, chromium):
    """While editing, the value and plies shown are the set-up position's."""
    edited = "WWWBBB.................. b 0 0"
    status, e, _ = server.get("/api/nmm", {"position": edited})
    for width in WIDTHS:
        shown = page(server, chromium, "nmm", START, ["#edit", "#edit-clear", "a7", "d7", "g7", "#tool-B", "b6", "d6",
                                                      "f6", "#edit-side=b"], width)
        rows = [(m["move"], m["value"]) for m in e["moves"]]
        if shown["category"] != e["category"] or shown["distance"] != str(e["dtm"]) or shown["rows"] != rows:
            fail("at %d px the editor shows %s %s %s, want the set-up position's %s %s %s" %
                 (width, shown["category"], shown["distance"], shown["rows"][:3], e["category"], e["dtm"], rows[:3]))


def main():
    mtb = sys.argv[1]
    with temp_root() as root:
        tables, _ = make_tables(mtb, root)
        s = Server(mtb, tables)
        chromium = Chromium(sys.argv[2])
        try:
            status, a, _ = s.get("/api/nmm", {"position": START})
            best = a["moves"][0]  # a7-g4xe5: move a stone, close a mill, remove
            if (best["from"], best["to"], best["remove"]) != ("a7", "g4", "e5"):
                fail("unexpected best ply %s" % best)
            quiet = next(m for m in a["moves"] if not m["capture"])
            expect(s, chromium, [], START, 360, last=[])  # the narrowest phone the page is made for
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
            for check in (check_landing, check_links, check_play_mode, check_phone_list, check_menus, check_hover,
                          check_editor_lines):
                check(s, chromium)
            # A position the server rejects keeps the editor open with the reason.
            shown = page(s, chromium, "nmm", START, ["#edit", "#edit-clear", "#edit-done"], 390)
            if shown["position"] != START or not shown["error"]:
                fail("an empty board with no stones in hand should be refused: %s" % shown)
        finally:
            chromium.close()
            stop_all(s)
    print("serve browser: at 390 and 1280 px nothing overflows; the page plays plies by clicks, sets up a position "
          "and shows the API's values, and plays a game against the tables to its end")


if __name__ == "__main__":
    main()
