"""Round three's attacks on `mtb serve` (issue 39), rerun as a user and an
attacker found them; each failed on 636bd2b:
- /api/<rules>/mainline on win/draw/loss-only tables answered a 4,096-ply
  line that cycled and never won: now no line (or the line up to such a
  table), and `cut` says why;
- SIGTERM computed every queued request although its socket was closed:
  now queued requests are dropped and the server exits at once;
- two Content-Length headers were accepted (the gate read the last,
  cpp-httplib the first): now 400;
- a request with bare LF line ends waited 5 s for a 408: now 400 at once;
- `mtb serve --help` did not list /play;
- "_" for a space in ?position= (as lichess links write it) was refused.
Usage: serve_round3.py MTB"""
import os
import shutil
import socket
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "serve"))
from serve_util import Server, fail, make_tables, stop_all, temp_root  # noqa: E402

START = "W.W.....B.........B.B..W w 0 0"  # nmm 3v3, White wins at once
LONG_WIN = "W..W.....BB.B..W........ w 0 0"  # nmm 3v3, White wins in 15 plies
MIXED_START = ".WB...B..WBW..B. w 0 0"  # six 4v4, White wins in 11 plies through 3v3
# Requests that each take a worker a while: play by search where no table
# holds the position (the search stops at 0.3 s).
SLOW = "/api/morabaraba/play/perfect?position=" + "." * 24 + "+w+12+12"
QUEUED = 40  # 12 s of search on one worker, were they all computed
EXIT_BOUND = 4.0  # seconds from SIGTERM to exit with QUEUED requests queued


def raw(port, request, timeout=10):
    """(seconds until the server closed, everything it sent) for raw bytes."""
    start = time.monotonic()
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.sendall(request)
    got = b""
    try:
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            got += chunk
    except socket.timeout:
        pass
    s.close()
    return time.monotonic() - start, got


def check_wdl_mainline(mtb, root, tables):
    """A WDL-only folder gives no line of best play, and says so."""
    dtm = os.path.join(tables, "nmm")
    wdl = os.path.join(root, "wdl", "nmm")
    subprocess.run([mtb, "wdl", dtm, "--out", wdl, "--threads", "2"], check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    if any(not f.endswith(".wdl.mtb") for f in os.listdir(wdl) if f.endswith(".mtb")):
        fail("mtb wdl left value tables in %s: %s" % (wdl, os.listdir(wdl)))
    full, only = Server(mtb, os.path.dirname(dtm)), Server(mtb, os.path.dirname(wdl))
    try:
        status, a, _ = only.get("/api/nmm/mainline", {"position": LONG_WIN})
        if status != 200 or a.get("winner") != "w" or a.get("value") != "win":
            fail("WDL-only mainline: want 200 and White's win, got %d %s" % (status, str(a)[:300]))
        if a["mainline"] or not a.get("cut") or "win/draw/loss" not in a["cut"]:
            fail("WDL-only mainline: want no line and `cut` saying why, got %d plies, cut %r" %
                 (len(a["mainline"]), a.get("cut")))
        # The full tables still give the whole line, to the game's end.
        status, b, _ = full.get("/api/nmm/mainline", {"position": LONG_WIN})
        line = b.get("mainline") or []
        if status != 200 or b.get("cut") is not None or len(line) < 10 or len(line) != b["plies"]:
            fail("DTM mainline: want %s plies to the end and no cut, got %d %d plies, cut %r" %
                 (b.get("plies"), status, len(line), b.get("cut")))
        status, end, _ = full.get("/api/nmm", {"position": line[-1]["position"]})
        if not end.get("game_over"):
            fail("DTM mainline does not end the game: %s" % line[-1])
        # Many such requests at once: each is one probe now, and a normal
        # request on the same server is answered among them.
        errors = []

        def hammer():
            for _ in range(25):
                st, body, _ = only.get("/api/nmm/mainline", {"position": LONG_WIN})
                if st != 200 or body["mainline"]:
                    errors.append((st, str(body)[:200]))

        threads = [threading.Thread(target=hammer) for _ in range(8)]
        for t in threads:
            t.start()
        status, _, _ = only.get("/api/rules")
        for t in threads:
            t.join()
        if errors or status != 200:
            fail("200 WDL-only mainlines: %s; /api/rules %d" % (errors[:2], status))
    finally:
        stop_all(full, only)


def check_mixed_mainline(mtb, root, tables):
    """A line that reaches a win/draw/loss-only table midway stops there and
    says why.  Six 3..4 a side with its 3v3 table win/draw/loss only: from
    MIXED_START the best line captures into 3v3 at its 7th ply; the ply then
    listed first is a slower win, and following it went round in circles
    (636bd2b: 4,096 plies, 620 KB)."""
    full_dir = os.path.join(tables, "six")
    mixed = os.path.join(root, "mixed", "six")
    os.makedirs(mixed)
    for f in os.listdir(full_dir):
        if f.endswith(".mtb") and f != "six_3v3.mtb":
            shutil.copy(os.path.join(full_dir, f), mixed)
    subprocess.run([mtb, "wdl", full_dir, "--out", mixed, "--sectors", "3v3"], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    full, part = Server(mtb, tables), Server(mtb, os.path.dirname(mixed))
    try:
        status, a, _ = full.get("/api/six/mainline", {"position": MIXED_START})
        whole = [m["move"] for m in a.get("mainline") or []]
        if status != 200 or a.get("cut") is not None or len(whole) != a.get("plies") or len(whole) < 8:
            fail("six mainline with every table: %d, %d plies, cut %r" % (status, len(whole), a.get("cut")))
        status, b, _ = part.get("/api/six/mainline", {"position": MIXED_START})
        line = [m["move"] for m in b.get("mainline") or []]
        if status != 200 or b.get("winner") != a["winner"] or not b.get("cut") or "win/draw/loss" not in b["cut"]:
            fail("six mainline reaching a WDL-only table: want 200, the winner and a cut naming win/draw/loss, "
                 "got %d, %d plies, cut %r" % (status, len(line), b.get("cut")))
        if not line or line != whole[:len(line)]:
            fail("six mainline reaching a WDL-only table: want a part of the best line %s, got %s" %
                 (whole, line[:20]))
    finally:
        stop_all(full, part)


def check_sigterm_queue(mtb, tables):
    """SIGTERM with QUEUED slow requests queued on one worker: exit at once."""
    s = Server(mtb, tables, threads=1)
    socks = []
    for _ in range(QUEUED):
        c = socket.create_connection(("127.0.0.1", s.port), timeout=30)
        c.sendall(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % SLOW).encode())
        socks.append(c)
    time.sleep(0.5)  # every request received and queued behind the first
    start = time.monotonic()
    s.proc.terminate()
    try:
        rc = s.proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        s.proc.kill()
        fail("mtb serve did not stop within 30 s of SIGTERM with %d queued requests" % QUEUED)
    took = time.monotonic() - start
    answered = 0
    for c in socks:
        try:
            answered += c.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:
            pass
        c.close()
    if rc != 0:
        fail("mtb serve exited %d on SIGTERM" % rc)
    if took > EXIT_BOUND:
        fail("SIGTERM took %.1f s with %d queued requests (%d of them answered): they were computed" %
             (took, QUEUED, answered))
    return took, answered


def check_requests(server):
    """Conflicting lengths refused, bare LF answered at once, "_" for spaces."""
    took, got = raw(server.port, b"GET /api/rules HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n"
                    b"Content-Length: 5\r\n\r\nhello")
    if not got.startswith(b"HTTP/1.1 400") or got.count(b"HTTP/1.1") != 1:
        fail("two Content-Length headers: want one 400 answer, got %r" % got[:300])
    took, got = raw(server.port, b"GET /api/rules HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"
                    b"Content-Length: 3\r\n\r\nabc")
    if not got.startswith(b"HTTP/1.1 400"):
        fail("a repeated Content-Length: want 400, got %r" % got[:300])
    for request in (b"GET /api/rules HTTP/1.1\nHost: x\n\n", b"GET /api/rules HTTP/1.1\r\nHost: x\n\r\n"):
        took, got = raw(server.port, request)
        if not got.startswith(b"HTTP/1.1 400") or b"CRLF" not in got:
            fail("bare LF request %r: want 400 naming CRLF, got %r" % (request, got[:300]))
        if took > 2.0:
            fail("bare LF request %r answered after %.1f s (the receive deadline is 5 s)" % (request, took))
    status, a, _ = server.get("/api/nmm?position=" + START.replace(" ", "_"))
    if status != 200 or a.get("position") != START:
        fail("position with _ for spaces: want 200 and %r, got %d %s" % (START, status, str(a)[:200]))
    status, a, _ = server.get("/api/nmm?position=W_W.....B.........B.B..W_w_0_0")
    if status != 400:
        fail("a cell written _ is no position: want 400, got %d %s" % (status, a))


def check_help(mtb):
    out = subprocess.run([mtb, "serve", "--help"], capture_output=True, text=True).stdout
    for want in ("/api/<rules>/play/<level>", "perfect, strong, medium, easy", "cut"):
        if want not in out:
            fail("mtb serve --help does not say %r:\n%s" % (want, out))


def main():
    mtb = sys.argv[1]
    check_help(mtb)
    with temp_root() as root:
        tables, _ = make_tables(mtb, root)
        check_wdl_mainline(mtb, root, tables)
        check_mixed_mainline(mtb, root, tables)
        s = Server(mtb, tables)
        try:
            check_requests(s)
        finally:
            stop_all(s)
        took, answered = check_sigterm_queue(mtb, tables)
    print("serve round 3: WDL-only mainline cut and bounded; two lengths and bare LF refused at once; "
          "_ for spaces; SIGTERM with %d queued requests: %.2f s (%d answered)" % (QUEUED, took, answered))


if __name__ == "__main__":
    main()
