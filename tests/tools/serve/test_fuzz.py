"""Malformed requests against `mtb serve` over loopback: bad request lines,
bad paths and percent-encoding, huge headers and bodies, garbage bytes,
half-sent requests, bad positions, unknown rules, a damaged table.  After
each batch the server must still be up and answer a good request exactly
as before.  Bounded in count (seeded) and time.
Usage: test_fuzz.py MTB [COUNT]"""
import random
import socket
import sys
import time

from serve_util import Server, fail, make_tables, stop_all, temp_root

GOOD = "/api/nmm?position=W.W.....B.........B.B..W+w+0+0"


def raw(port, data, patient, timeout=10):
    """Sends bytes, returns the status code answered (0: none, connection
    closed).  Waits for a whole answer; unless `patient` (a request that
    must be answered), half-closes when none has started within 0.25 s (an
    incomplete request) so that the server sees the end."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    out = b""
    try:
        s.sendall(data)
        s.settimeout(timeout if patient else 0.25)
        closed = False
        while True:
            try:
                chunk = s.recv(65536)
            except socket.timeout:
                if closed or out:
                    break
                s.shutdown(socket.SHUT_WR)  # cpp-httplib answers nothing to a request half-closed before it is read
                s.settimeout(timeout)
                closed = True
                continue
            if not chunk:
                break
            out += chunk
            head, sep, body = out.partition(b"\r\n\r\n")
            if sep:
                length = [int(line.split(b":")[1]) for line in head.split(b"\r\n")
                          if line.lower().startswith(b"content-length:")]
                if length and len(body) >= length[0]:
                    break
    except (BrokenPipeError, ConnectionResetError):
        pass
    finally:
        s.close()
    if not out.startswith(b"HTTP/1.1 "):
        return 0
    return int(out[9:12])


def request(path, extra=b""):
    return b"GET " + path + b" HTTP/1.1\r\nHost: x\r\n" + extra + b"\r\n"


def mutations(rng):
    """(description, bytes, allowed status codes) for one malformed request."""
    junk = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
    cells = "".join(rng.choice("WB.x%+ ") for _ in range(rng.randrange(0, 30)))
    pct = rng.choice([b"%", b"%z", b"%zz", b"%00", b"%ff", b"%c3%28", b"%2", b"%%%", b"%e2%82"])
    rules = rng.choice([b"nmm", b"six", b"nosuch", b"lasker", b"..", b"%2e%2e", b"NMM", b"nmm%00", b"a" * 300])
    return rng.choice([
        ("garbage", junk, {0, 400}),
        ("garbage line", junk.replace(b"\r", b"").replace(b"\n", b"") + b"\r\n\r\n", {0, 400}),
        ("bad percent in path", request(b"/api/nmm" + pct + b"?position=x"), {0, 400, 404}),
        ("bad percent in query", request(b"/api/nmm?position=" + pct + cells.encode()), {0, 400}),
        ("random position", request(b"/api/nmm?position=" + cells.replace(" ", "+").encode()), {400, 404, 200, 503}),
        ("rules", request(b"/api/" + rules + b"?position=W.W.....B.........B.B..W+w+0+0"), {200, 400, 404}),
        ("traversal", request(rng.choice([b"/../../etc/passwd", b"/%2e%2e/%2e%2e/etc/passwd", b"/..%2fetc%2fpasswd",
                                          b"//etc/passwd", b"/web/../../CMakeCache.txt", b"/\x00"])), {0, 400, 404}),
        ("huge header", request(b"/", b"X-Big: " + b"a" * rng.choice([9000, 70000]) + b"\r\n"), {0, 400, 413, 431}),
        ("many headers", request(b"/", b"".join(b"X-%d: y\r\n" % i for i in range(rng.choice([200, 3000])))),
         {0, 200, 400, 413, 431}),
        ("huge uri", request(b"/api/nmm?position=" + b"W" * rng.choice([9000, 100000])), {0, 400, 414}),
        ("huge body", b"POST /api/nmm HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\n" + b"a" * 20000,
         {0, 400, 404, 413}),
        ("bad content-length", b"POST / HTTP/1.1\r\nContent-Length: -5\r\n\r\n", {0, 400, 404, 413}),
        ("bad method", request(b"/").replace(b"GET", rng.choice([b"PUT", b"DELETE", b"BREW", b"G\x00T"])),
         {0, 400, 404, 405}),
        ("bad version", b"GET / HTTP/9.9\r\n\r\n", {0, 200, 400, 505}),
        ("no version", b"GET /\r\n\r\n", {0, 400}),
        ("chunked junk", b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", {0, 400, 404}),
        ("position twice", request(b"/api/nmm?position=a&position=b"), {400}),
        ("mainline junk", request(b"/api/six/mainline?position=" + cells.replace(" ", "+").encode()), {400, 404, 200}),
        ("board of unknown", request(b"/api/" + rules + b"/board"), {200, 404, 400}),
    ])


def main():
    mtb = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rng = random.Random(1313)
    deadline = time.time() + 40
    with temp_root() as root:
        tables, damaged = make_tables(mtb, root)
        s = Server(mtb, tables, threads=2)
        d = Server(mtb, damaged, threads=2)
        try:
            status, want, _ = s.get(GOOD)
            if status != 200:
                fail("good request before fuzzing: %d" % status)
            # A half-sent request holds its thread until the read timeout
            # (5 s); with one thread stalled the other must go on answering.
            stalled = []
            for _ in range(1):
                c = socket.create_connection(("127.0.0.1", s.port))
                c.sendall(b"GET /api/nmm?posi")
                stalled.append(c)
            sent = 0
            while sent < count and time.time() < deadline:
                what, data, allowed = mutations(rng)
                code = raw(s.port, data, patient=0 not in allowed)
                if code not in allowed:
                    fail("%s: %r... answered %d, allowed %s" % (what, data[:80], code, sorted(allowed)))
                sent += 1
                if sent % 25 == 0:
                    if not s.alive():
                        fail("server died after %s" % what)
                    status, body, _ = s.get(GOOD)
                    if status != 200 or body != want:
                        fail("after %d malformed requests the good one answers %d" % (sent, status))
                    status, body, _ = d.get(GOOD)
                    if status != 503:
                        fail("damaged table answers %d" % status)
            for c in stalled:
                c.close()
            status, body, _ = s.get(GOOD)
            if status != 200 or body != want:
                fail("good request after fuzzing: %d" % status)
        finally:
            stop_all(s, d)
    print("serve fuzz: %d malformed requests, server up and answering" % sent)


if __name__ == "__main__":
    main()
