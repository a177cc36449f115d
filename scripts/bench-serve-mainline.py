#!/usr/bin/env python3
"""N mainline requests that reach a WDL-only table (8 client threads) against
`mtb serve` on the mixed six folder, while one client sends a normal request
every 0.1 s: total seconds and the normal requests' worst latency.
Usage: bench-serve-mainline.py MTB FOLDER PORT N

FOLDER: six tables 3..4 a side whose 3v3 table is win/draw/loss only, e.g.
  mtb gen --rules six --max-stones 4 --out T; mkdir -p M/six;
  cp T/*.mtb M/six/; rm M/six/six_3v3.mtb; mtb wdl T --sectors 3v3 --out M/six
  and FOLDER = M (tests/tools/hardening/serve_round3.py builds the same folder).
  Loopback only; bounded by N."""
import http.client, subprocess, sys, threading, time
mtb, folder, port, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
proc = subprocess.Popen([mtb, "serve", "--tables", folder, "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
proc.stdout.readline()
def get(path):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=120); c.request("GET", path); r = c.getresponse(); b = r.read(); c.close(); return len(b)
ML = "/api/six/mainline?position=.WB...B..WBW..B.+w+0+0"
NORMAL = "/api/six?position=.WB...B..WBW..B.+w+0+0"
left = [n]; lock = threading.Lock(); sizes = []
def worker():
    while True:
        with lock:
            if left[0] == 0: return
            left[0] -= 1
        sizes.append(get(ML))
done = False; worst = [0.0]
def watcher():
    while not done:
        t = time.monotonic(); get(NORMAL); worst[0] = max(worst[0], time.monotonic() - t); time.sleep(0.1)
w = threading.Thread(target=watcher); w.start()
start = time.monotonic()
ts = [threading.Thread(target=worker) for _ in range(8)]
[t.start() for t in ts]; [t.join() for t in ts]
total = time.monotonic() - start
done = True; w.join()
proc.terminate(); proc.wait()
print("%s: %d mainlines in %.2f s (answer %d bytes); normal request worst %.3f s" % (mtb, n, total, max(sizes), worst[0]))
