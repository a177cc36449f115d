"""Shared by the `mtb serve` tests: small tables made with `mtb gen`, a
server on a free loopback port, and plain HTTP requests."""
import http.client
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse


def fail(message):
    print("FAIL: " + message, file=sys.stderr)
    sys.exit(1)


def make_tables(mtb, root):
    """nmm 3v3 and six 3..4 a side (well under a second), an empty folder
    for every other board so its drawing data is served, and a second
    folder whose nmm table is damaged."""
    tables = os.path.join(root, "tables")
    for args in (["--rules", "nmm", "--max-stones", "3"], ["--rules", "six", "--max-stones", "4"]):
        out = os.path.join(tables, args[1])
        subprocess.run([mtb, "gen", *args, "--out", out, "--threads", "2"], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for name in ("morabaraba", "morris18", "lasker-20"):
        os.makedirs(os.path.join(tables, name), exist_ok=True)
    damaged = os.path.join(root, "damaged")
    shutil.copytree(os.path.join(tables, "nmm"), os.path.join(damaged, "nmm"))
    table = os.path.join(damaged, "nmm", "nmm_3v3.mtb")
    with open(table, "r+b") as f:
        data = bytearray(f.read())
        for i in range(128, len(data), 256):  # every block, whichever one a probe reads
            data[i] ^= 0x5A
        f.seek(0)
        f.write(data)
    return tables, damaged


class Server:
    """`mtb serve` on a free loopback port; stop() checks it was still up."""

    def __init__(self, mtb, tables, threads=4):
        self.proc = subprocess.Popen([mtb, "serve", "--tables", tables, "--port", "0", "--threads", str(threads)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if "listening on http://127.0.0.1:" not in line:
            self.proc.kill()
            fail("mtb serve did not start: %r %r" % (line, self.proc.stderr.read()))
        self.port = int(line.split("127.0.0.1:")[1].split("/")[0])

    def get(self, path, params=None, timeout=30):
        """(status, parsed JSON or text, headers) of one GET."""
        if params:
            path += "?" + urllib.parse.urlencode(params)
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        c.request("GET", path)
        r = c.getresponse()
        body = r.read()
        c.close()
        headers = {k.lower(): v for k, v in r.getheaders()}
        if headers.get("content-type", "").startswith("application/json"):
            return r.status, json.loads(body), headers
        return r.status, body.decode("utf-8", "replace"), headers

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if not self.alive():
            fail("mtb serve died (exit %s): %s" % (self.proc.returncode, self.proc.stderr.read()))
        self.proc.terminate()
        try:
            rc = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            fail("mtb serve did not stop on SIGTERM")
        if rc != 0:
            fail("mtb serve exited %d on SIGTERM" % rc)


def stop_all(*servers):
    """Stops every server; fails when one had died during the test."""
    if all(s.alive() for s in servers):
        for s in servers:
            s.stop()
        return
    for s in servers:
        s.proc.kill()
    fail("a server died during the test")


def temp_root():
    return tempfile.TemporaryDirectory(prefix="mtb-serve-")
