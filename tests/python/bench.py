#!/usr/bin/env python3
"""Speed of the Python package (not a test: figures go to BENCHMARKS.md).

    PYTHONPATH=python MTB_PROBE_LIBRARY=build/probe python3 tests/python/bench.py NMM_TABLES [THREADS]

Random nmm positions of 3 stones a side (`mtb gen --rules nmm --max-stones 3`):
probes, root probes and legal-ply lists per second, and probes per second
from THREADS Python threads sharing one handle (default 2)."""
import sys
import threading
import time

import support
from support import mtb


def rate(n, f):
    t = time.perf_counter()
    f()
    return n / (time.perf_counter() - t)


def main():
    tables = sys.argv[1]
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    rng = support.rng(5)
    positions = [support.random_position(rng, "nmm") for _ in range(20000)]
    with mtb.open_tables(tables, "nmm") as tb:
        for p in positions[:2000]:
            tb.get(p)  # warm the block cache
        print("probe:       %8.0f positions/s" % rate(len(positions), lambda: [tb.get(p) for p in positions]))
        print("probe_root:  %8.0f positions/s" % rate(2000, lambda: [tb.probe_root(p) for p in positions[:2000]]))
        print("legal_moves: %8.0f positions/s" % rate(5000, lambda: [p.legal_moves() for p in positions[:5000]]))

        def work():
            for p in positions:
                tb.get(p)

        def run():
            ts = [threading.Thread(target=work) for _ in range(threads)]
            for t in ts:
                t.start()
            for t in ts:
                t.join()

        print("probe, %d threads: %8.0f positions/s" % (threads, rate(threads * len(positions), run)))


if __name__ == "__main__":
    main()
