#!/usr/bin/env python3
"""Scripted referees for the three protocols of docs/PROTOCOLS.md.

    referee.py lasker|compo|course MTB_BINARY

Each plays whole games against `MTB_BINARY` over pipes, in both colours,
checks every reply's format and legality with the independent rules in
morris_rules.py, and exits non-zero with a message on the first fault."""
import os
import random
import re
import select
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import morris_rules as mr  # noqa: E402

BUDGET = 0.05
# Seconds a player may take for a reply: the course referee's clock, about
# 5 s a ply (docs/PROTOCOLS.md).  The players here think for BUDGET, so only
# one that ignores its budget or hangs reaches it, not a slow start (Python,
# sanitizers) on a loaded machine.
REPLY_LIMIT = 5.0
MAX_PLIES = 160


class Fault(Exception):
    pass


class Player:
    """An mtb process with a line reader that times out."""

    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""

    def send(self, line):
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()

    def read(self, limit=REPLY_LIMIT):
        end = time.monotonic() + limit
        while b"\n" not in self.buf:
            left = end - time.monotonic()
            if left <= 0:
                raise Fault("no reply within %.1f s" % limit)
            r, _, _ = select.select([self.p.stdout], [], [], left)
            if r:
                chunk = os.read(self.p.stdout.fileno(), 4096)
                if not chunk:
                    raise Fault("player closed its output (exit %s): %s" % (self.p.wait(), self.stderr()))
                self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode()

    def finish(self, last_line=None):
        """Ends the game (a final line, or closing input) and checks a clean exit without extra output."""
        if last_line is not None:
            self.send(last_line)
        self.p.stdin.close()
        try:
            rc = self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            raise Fault("player did not exit after the end of the game")
        rest = self.buf + self.p.stdout.read()
        if rest.strip():
            raise Fault("extra output after the game: %r" % rest[:200])
        if rc != 0:
            raise Fault("player exited with %d: %s" % (rc, self.stderr()))

    def stderr(self):
        try:
            return self.p.stderr.read().decode()[-500:]
        except Exception:
            return ""

    def kill(self):
        if self.p.poll() is None:
            self.p.kill()
            self.p.wait()


def random_ply(rng, state):
    ps = mr.plies(state)
    captures = [p for p in ps if p[2] is not None]
    return rng.choice(captures if captures and rng.random() < 0.7 else ps)


# ---------------------------------------------------------------- protocol 1
LASKER_MOVE = re.compile(r"^(h1|h2|[a-g][1-7]) ([a-g][1-7]) (r0|[a-g][1-7])$")


def lasker_text(state, ply):
    src = ("h1" if state.side == "W" else "h2") if ply[0] is None else ply[0]
    return "%s %s %s" % (src, ply[1], ply[2] or "r0")


def lasker_parse(state, line):
    m = LASKER_MOVE.match(line)
    if not m:
        raise Fault("bad move format %r" % line)
    src, dst, rem = m.groups()
    hand = "h1" if state.side == "W" else "h2"
    if src.startswith("h") and src != hand:
        raise Fault("%r: placing from the wrong hand (expected %s)" % (line, hand))
    ply = (None if src.startswith("h") else src, dst, None if rem == "r0" else rem)
    if ply not in mr.plies(state):
        raise Fault("illegal move %r" % line)
    return ply


def lasker_game(mtb, colours, rng, ending):
    """colours: {'W': Player or None, 'B': ...}; None is the script's random player."""
    return mr.outcome(lasker_play(mtb, colours, rng, ending, mr.State(mr.LASKER20)))


def lasker_play(mtb, colours, rng, ending, state):
    """lasker_game from `state` (the players started there with --start); the last state."""
    names = {"W": "blue", "B": "orange"}
    for c, pl in colours.items():
        if pl:
            pl.send(names[c])
    last = None
    for _ in range(MAX_PLIES):
        if mr.outcome(state):
            break
        pl = colours[state.side]
        if pl:
            if last is not None:
                pl.send(last)
            line = pl.read()
            ply = lasker_parse(state, line)
        else:
            ply = random_ply(rng, state)
            line = lasker_text(state, ply)
        state = mr.apply(state, ply)
        last = line
    for pl in colours.values():
        if pl:
            pl.finish(ending)
    return state


def run_lasker(mtb):
    rng = random.Random(1)
    argv = [mtb, "player", "--protocol", "lasker", "--budget", str(BUDGET)]
    endings = ["END", "END: blue WINS! orange LOSES! too few stones", "Draw!", None]
    results = []
    for i, (w, b) in enumerate([(True, False), (False, True), (True, True), (False, True)]):
        colours = {"W": Player(argv) if w else None, "B": Player(argv) if b else None}
        try:
            results.append(lasker_game(mtb, colours, rng, endings[i % len(endings)]))
        finally:
            for pl in colours.values():
                if pl:
                    pl.kill()
    # The player must beat a random mover (which blunders stones at once).
    if results[0] != "loss" or results[1] != "loss":
        raise Fault("mtb did not beat the random player: %s" % results)
    # Blue answers at once after its colour, with nothing else sent.
    pl = Player(argv)
    try:
        pl.send("blue")
        lasker_parse(mr.State(mr.LASKER20), pl.read())
        pl.finish("END")
    finally:
        pl.kill()
    print("lasker: games ended", results)


# ---------------------------------------------------------------- protocol 2
def compo_state_line(state, milling):
    cells = "".join(state.cells.get(p, "E") for p in mr.STANDARD24_POINTS)
    return "%s %d %d %d" % (cells, state.hand["W"], state.hand["B"], 1 if milling else 0)


def compo_read_step(pl, state):
    line = pl.read()
    pts = mr.STANDARD24_POINTS
    if re.fullmatch(r"\d+", line):
        step = (None, pts[int(line)] if int(line) < 24 else None)
    elif re.fullmatch(r"\d+ \d+", line):
        a, b = map(int, line.split())
        if a >= 24 or b >= 24:
            raise Fault("point out of range in %r" % line)
        step = (pts[a], pts[b])
    else:
        raise Fault("bad answer %r" % line)
    if step not in mr.steps(state):
        raise Fault("illegal step %r in %s" % (line, compo_state_line(state, False)))
    return step


def compo_game(colours, rng, state=None, state_out=None):
    """A game from the start (or from `state`: the protocol sends the whole
    state every turn, so any position can be played out); its outcome."""
    state = state or mr.State(mr.NMM_NOFLYING)
    for c, pl in colours.items():
        if pl:
            pl.send("0" if c == "W" else "1")
            name = pl.read()
            if not name:
                raise Fault("empty name line")
    for _ in range(MAX_PLIES):
        if mr.outcome(state):
            break
        pl = colours[state.side]
        if not pl:
            state = mr.apply(state, random_ply(rng, state))
            continue
        pl.send(compo_state_line(state, False))
        step = compo_read_step(pl, state)
        rem = None
        if mr.closes_mill(state, step):
            can = mr.removable(state, mr.other(state.side))
            if can:
                shown = mr.apply_step(state, step)
                pl.send(compo_state_line(shown, True))
                line = pl.read()
                if not re.fullmatch(r"\d+", line) or int(line) >= 24:
                    raise Fault("bad removal answer %r" % line)
                rem = mr.STANDARD24_POINTS[int(line)]
                if rem not in can:
                    raise Fault("illegal removal %r" % line)
        state = mr.apply(state, (step[0], step[1], rem))
    for pl in colours.values():
        if pl:
            pl.finish()
    if state_out is not None:
        state_out.append(state)
    return mr.outcome(state)


def run_compo(mtb):
    rng = random.Random(2)
    argv = [mtb, "player", "--protocol", "compo", "--budget", str(BUDGET)]
    results = []
    for w, b in [(True, False), (False, True), (True, True)]:
        colours = {"W": Player(argv) if w else None, "B": Player(argv) if b else None}
        try:
            results.append(compo_game(colours, rng))
        finally:
            for pl in colours.values():
                if pl:
                    pl.kill()
    if results[0] != "loss" or results[1] != "loss":
        raise Fault("mtb did not beat the random player: %s" % results)
    print("compo: games ended", results)


# ---------------------------------------------------------------- protocol 3
def course_estimate(state, kind):
    w, b = len(state.stones("W")), len(state.stones("B"))
    if kind == "opening":
        return w - b
    if b <= 2:
        return 10000
    if w <= 2:
        return -10000
    black = state.copy()
    black.side = "B"
    n = len(mr.plies(black))
    if n == 0:
        return 10000
    return 1000 * (w - b) - n


def course_minimax(state, kind, depth, count):
    ps = mr.plies(state) if depth > 0 and not mr.outcome(state) else []
    if not ps:
        count[0] += 1
        return course_estimate(state, kind)
    vals = [course_minimax(mr.apply(state, p), kind, depth - 1, count) for p in ps]
    return max(vals) if state.side == "W" else min(vals)


def course_state(board, kind):
    s = mr.State(mr.MORRIS18)
    for p, ch in zip(mr.BOARD18_POINTS, board):
        if ch in "WB":
            s.cells[p] = ch
    placed = max(len(s.stones("W")), len(s.stones("B")))
    left = 8 - placed if kind == "opening" else 0
    s.hand = {"W": left, "B": left}
    return s


def board_of(state):
    return "".join(state.cells.get(p, "x") for p in mr.BOARD18_POINTS)


def swap(board):
    return board.translate(str.maketrans("WB", "BW"))


def random_course_boards(rng, kind, n):
    out = []
    while len(out) < n:
        s = mr.State(mr.MORRIS18)
        plies = rng.randrange(2, 12) if kind == "opening" else rng.randrange(16, 40)
        for _ in range(plies):
            if mr.outcome(s):
                break
            s = mr.apply(s, random_ply(rng, s))
        if mr.outcome(s) or s.side != "W":
            continue
        if kind == "opening" and s.hand["W"] == 0:
            continue
        if kind == "game" and s.hand["W"] + s.hand["B"] > 0:
            continue
        board = board_of(s)
        # The course's opening hands are inferred from the board: keep boards where that is exact.
        if kind == "opening" and course_state(board, kind).hand != s.hand:
            continue
        out.append(board)
    return out


def run_course(mtb):
    rng = random.Random(3)
    tmp = tempfile.mkdtemp()
    inp, outp = os.path.join(tmp, "in.txt"), os.path.join(tmp, "out.txt")
    checked = 0
    for kind in ("opening", "game"):
        for black in (False, True):
            for board in random_course_boards(rng, kind, 3):
                given = swap(board) if black else board
                depth = 2 if kind == "game" else 3
                with open(inp, "w") as f:
                    f.write(given + "\n")
                prog = kind + ("-black" if black else "")
                r = subprocess.run([mtb, "course", prog, inp, outp, str(depth)], capture_output=True, text=True,
                                   timeout=60)
                if r.returncode != 0:
                    raise Fault("%s %s: exit %d: %s" % (prog, given, r.returncode, r.stderr))
                lines = r.stdout.split("\n")
                if len(lines) != 4 or lines[3] != "":
                    raise Fault("%s: expected three lines, got %r" % (prog, r.stdout))
                m1 = re.fullmatch(r"Board Position: ([WBx]{18})", lines[0])
                m2 = re.fullmatch(r"Positions evaluated by static estimation: (\d+)", lines[1])
                m3 = re.fullmatch(r"MINIMAX estimate: (-?\d+)", lines[2])
                if not (m1 and m2 and m3):
                    raise Fault("%s: bad output %r" % (prog, r.stdout))
                with open(outp) as f:
                    written = f.read().strip()
                if written != m1.group(1):
                    raise Fault("%s: output file %r differs from printed board %r" % (prog, written, m1.group(1)))
                state = course_state(board, kind)
                successors = {board_of(mr.apply(state, p)) for p in mr.plies(state)}
                played = swap(written) if black else written
                if played not in successors:
                    raise Fault("%s: %s -> %s is not a legal ply" % (prog, given, written))
                count = [0]
                value = course_minimax(state, kind, depth, count)
                if int(m2.group(1)) != count[0] or int(m3.group(1)) != value:
                    raise Fault("%s %s depth %d: got %s evaluations, estimate %s; expected %d, %d" %
                                (prog, given, depth, m2.group(1), m3.group(1), count[0], value))
                # The ply played must reach the minimax value (none is better for White).
                after = mr.apply(state, next(p for p in mr.plies(state) if board_of(mr.apply(state, p)) == played))
                if course_minimax(after, kind, depth - 1, [0]) != value:
                    raise Fault("%s %s: the ply played does not reach the minimax estimate" % (prog, given))
                checked += 1
    # Bad input: a clear error and a non-zero exit, never a crash.
    with open(inp, "w") as f:
        f.write("WBQ\n")
    r = subprocess.run([mtb, "course", "game", inp, outp, "2"], capture_output=True, text=True, timeout=10)
    if r.returncode == 0 or r.stdout or not r.stderr.strip() or len(r.stderr.strip().split("\n")) != 1:
        raise Fault("bad board: expected one error line and a non-zero exit, got %d %r %r" %
                    (r.returncode, r.stdout, r.stderr))
    r = subprocess.run([mtb, "course", "game", inp, outp, "zero"], capture_output=True, text=True, timeout=10)
    if r.returncode != 2:
        raise Fault("bad depth: expected exit 2, got %d" % r.returncode)
    print("course: %d programs checked" % checked)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("lasker", "compo", "course"):
        print("usage: referee.py lasker|compo|course MTB_BINARY", file=sys.stderr)
        return 2
    try:
        {"lasker": run_lasker, "compo": run_compo, "course": run_course}[sys.argv[1]](sys.argv[2])
    except Fault as e:
        print("FAIL: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
