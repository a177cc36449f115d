"""Hostile clients against `mtb serve` over loopback, bounded to a few
seconds: clients that trickle header lines, one huge header line and one
huge request line, hundreds of idle connections, a second server on the
same port, SIGTERM while slow clients hold connections, and a very long
argument.  Normal requests must still be answered within LATENCY_BOUND and
the server's memory must stay bounded.  Prints the latencies and the peak
memory (the figures in BENCHMARKS.md).
Usage: test_hostile.py MTB"""
import resource
import socket
import subprocess
import sys
import threading
import time

from serve_util import Server, fail, make_tables, temp_root

GOOD = "/api/nmm?position=W.W.....B.........B.B..W+w+0+0"
LATENCY_BOUND = 1.0  # seconds for one normal request while attacked
RECEIVE_BOUND = 7.0  # the server gives a request 5 s to arrive, plus slack
MEMORY_BOUND = 64 << 20  # peak RSS growth allowed over the idle server
THREADS = 4  # few workers: a server with a thread per connection is starved by as few slow clients


def rss(pid, field):
    """VmRSS or VmHWM (peak) of `pid`, in bytes."""
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    fail("no %s for pid %d" % (field, pid))


def timed_get(server, latencies, what):
    start = time.monotonic()
    try:
        status, _, _ = server.get(GOOD, timeout=LATENCY_BOUND * 3)
    except OSError as e:
        fail("%s: a normal request failed (%s)" % (what, e))
    took = time.monotonic() - start
    if status != 200:
        fail("%s: a normal request answered %d" % (what, status))
    if took > LATENCY_BOUND:
        fail("%s: a normal request took %.2f s (bound %.1f s)" % (what, took, LATENCY_BOUND))
    latencies.append(took)


class Tricklers:
    """Clients that each send a request line, then one header line every
    `every` seconds, forever; records when the server ends each one."""

    def __init__(self, port, count, every=0.5):
        self.socks = []
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.sendall(b"GET /api/rules HTTP/1.1\r\nHost: x\r\n")
            self.socks.append(s)
        self.started = time.monotonic()
        self.ended = {}  # socket index -> (seconds after start, first bytes answered)
        self.every = every
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        n = 0
        while not self.done.wait(self.every):
            n += 1
            for i, s in enumerate(self.socks):
                if i in self.ended:
                    continue
                try:
                    s.settimeout(0)
                    try:
                        answer = s.recv(64)
                    except BlockingIOError:
                        s.sendall(b"X-Slow-%d: %d\r\n" % (n, n))
                        continue
                except OSError:
                    answer = b""
                self.ended[i] = (time.monotonic() - self.started, answer)

    def stop(self):
        self.done.set()
        self.thread.join()
        for s in self.socks:
            s.close()


def check_slow_clients(server, latencies):
    """D6: clients trickling header lines take no worker, and each is
    answered 408 (or closed) within the bound on receiving a request."""
    slow = Tricklers(server.port, 40)
    time.sleep(0.5)
    for _ in range(5):
        timed_get(server, latencies, "40 slow clients")
        time.sleep(0.2)
    deadline = slow.started + RECEIVE_BOUND
    while len(slow.ended) < len(slow.socks) and time.monotonic() < deadline:
        time.sleep(0.1)
    slow.stop()
    if len(slow.ended) < len(slow.socks):
        fail("%d of %d clients trickling header lines still held after %.0f s" %
             (len(slow.socks) - len(slow.ended), len(slow.socks), RECEIVE_BOUND))
    answers = {a[:12] for _, a in slow.ended.values()}
    if answers - {b"HTTP/1.1 408", b""}:
        fail("slow clients answered %r, want 408 or a close" % answers)


def check_huge_line(server, prefix, want, what):
    """D7: a line far over the limit is answered at once, not buffered."""
    s = socket.create_connection(("127.0.0.1", server.port), timeout=5)
    answer = []

    def read():
        try:
            answer.append(s.recv(64))
        except OSError:
            answer.append(b"")

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    start = time.monotonic()
    chunk = b"a" * (1 << 20)
    sent = 0
    try:
        s.sendall(prefix)
        while reader.is_alive() and sent < (256 << 20) and time.monotonic() - start < 3:
            s.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass  # the server closed after answering
    reader.join(3)
    s.close()
    got = answer[0] if answer else b"(nothing)"
    if not got.startswith(b"HTTP/1.1 %d" % want):
        fail("%s: answered %r after %d MiB sent, want %d at once" % (what, got[:40], sent >> 20, want))


def check_many_connections(server, latencies, count):
    """Hundreds of connections that send nothing: normal requests still
    answered (beyond the server's limit, it closes the idlest)."""
    idle = []
    try:
        for _ in range(count):
            idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=5))
    except OSError as e:
        fail("connection %d refused: %s" % (len(idle), e))
    time.sleep(0.2)
    for _ in range(5):
        timed_get(server, latencies, "%d idle connections" % count)
    for s in idle:
        s.close()


def check_sigterm(server):
    """D6: SIGTERM does not wait on slow clients."""
    slow = Tricklers(server.port, 20, every=0.2)
    time.sleep(0.5)
    start = time.monotonic()
    server.proc.terminate()
    try:
        rc = server.proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        server.proc.kill()
        fail("mtb serve did not stop within 10 s of SIGTERM with 20 slow clients")
    took = time.monotonic() - start
    slow.stop()
    if rc != 0:
        fail("mtb serve exited %d on SIGTERM" % rc)
    if took > 2:
        fail("SIGTERM took %.1f s with 20 slow clients connected" % took)
    return took


def check_busy_port(mtb, tables, port):
    """Issue 27 item 5: one server per port."""
    try:
        p = subprocess.run([mtb, "serve", "--tables", tables, "--port", str(port)], capture_output=True, text=True,
                           timeout=5)
    except subprocess.TimeoutExpired:
        fail("a second server on busy port %d started and kept running" % port)
    if p.returncode == 0 or "in use" not in p.stderr or "listening" in p.stdout:
        fail("a second server on busy port %d: exit %d, stdout %r, stderr %r" %
             (port, p.returncode, p.stdout[:200], p.stderr[:200]))


def check_long_argument(mtb):
    """D13: a 100,000-character argument is not echoed in full."""
    p = subprocess.run([mtb, "serve", "--tables", "x" * 100000], capture_output=True, text=True, timeout=10)
    if p.returncode == 0 or len(p.stderr) > 4000:
        fail("mtb serve --tables <100,000 characters>: exit %d, %d characters on stderr" %
             (p.returncode, len(p.stderr)))


def main():
    mtb = sys.argv[1]
    # Room for the client's sockets (the server inherits the limit).
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    many = max(100, min(900, hard - 100))
    check_long_argument(mtb)
    with temp_root() as root:
        tables, _ = make_tables(mtb, root)
        server = Server(mtb, tables, threads=THREADS)
        try:
            latencies = []
            timed_get(server, latencies, "no attack")
            base = rss(server.proc.pid, "VmRSS")
            check_busy_port(mtb, tables, server.port)
            check_slow_clients(server, latencies)
            check_huge_line(server, b"GET / HTTP/1.1\r\nX-Huge: ", 431, "one huge header line")
            check_huge_line(server, b"GET /", 414, "one huge request line")
            timed_get(server, latencies, "after the huge lines")
            check_many_connections(server, latencies, many)
            peak = rss(server.proc.pid, "VmHWM")
            if peak - base > MEMORY_BOUND:
                fail("memory grew from %d MB to a peak of %d MB" % (base >> 20, peak >> 20))
            stop_took = check_sigterm(server)
        finally:
            if server.alive():
                server.proc.kill()
    latencies.sort()
    print("normal requests under attack: %d, median %.1f ms, max %.1f ms" %
          (len(latencies), 1000 * latencies[len(latencies) // 2], 1000 * latencies[-1]))
    print("server memory: %.1f MB idle, peak %.1f MB; SIGTERM with 20 slow clients: %.2f s" %
          (base / 2**20, peak / 2**20, stop_took))
    print("OK")


if __name__ == "__main__":
    main()
