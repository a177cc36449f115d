#!/usr/bin/env python3
"""Serial part of each phase of `mtb gen` inside a unit, from two runs of one
binary on the same units, one with 1 thread and one with N (default 2), and
the Amdahl projection for more threads (issue 34 item 4, where no many-core
machine is at hand).

  scripts/gen-serial-parts.py ONE.log TWO.log [--threads N] [--project 16,64]

The logs are `mtb gen`'s stderr (its "[i/n] unit: ... positions in ..."
lines).  Only units that ran on all N threads in the second run count: a
unit on one thread beside others says nothing of the parallel part inside a
unit.  Per phase, over those units, the wall seconds at 1 and N threads give
the speed-up S; Amdahl's law t(N) = t(1) (s + (1 - s) / N) gives the serial
part s = (N / S - 1) / (N - 1) (for N = 2: s = 2 / S - 1), clamped to 0..1.
The projection runs every unit's phases one after another, each at its own
serial part (units side by side would do better: it is a lower bound on
the run's speed-up as far as the phases are concerned).  On a busy machine
the N-thread run gets fewer than N threads' worth of CPU; --calibrate init
takes the init pass (a parallel loop over every slot, 0% serial where the
machine is idle) as the yardstick: its speed-up P replaces N in the serial
part's formula, s = (P / S - 1) / (P - 1).  Phases: children
(loading the tables a unit reads), init, layers, finish, write (the tables),
set-up (indexing the unit and allocating its words: printed by mtb gen
since session 31, else the rest of the unit's seconds), rest (what is left:
freeing the unit's memory).
"""
import argparse
import sys

from gen_log import unit_lines

PHASES = ["children", "set-up", "init", "layers", "finish", "write", "rest"]


def units(path):
    """unit name -> (team, {phase: wall seconds})"""
    out = {}
    for u in unit_lines(path):
        if None in (u["threads"], u["init_seconds"], u["layer_seconds"], u["write"]):
            continue
        total, init, layers, write = u["seconds"], u["init_seconds"], u["layer_seconds"], u["write"]
        children = u["children"] or 0.0
        finish = u["finish"] or 0.0
        rest = max(0.0, total - init - layers - write - children - finish)
        setup = u["setup"] if u["setup"] is not None else rest
        rest = max(0.0, rest - setup)
        out[u["name"]] = (u["threads"], {"children": children, "set-up": setup, "init": init,
                                         "layers": layers, "finish": finish, "write": write, "rest": rest})
    return out

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("one", help="stderr of the 1-thread run")
    ap.add_argument("many", help="stderr of the N-thread run")
    ap.add_argument("--threads", type=int, default=2, help="N, the second run's threads (default 2)")
    ap.add_argument("--project", default="16,64", help="thread counts to project to (default 16,64)")
    ap.add_argument("--calibrate", choices=PHASES, help="a phase taken as fully parallel: its speed-up is the "
                    "threads' worth the N-thread run got (for a busy machine)")
    a = ap.parse_args()
    one, many = units(a.one), units(a.many)
    if not one or not many:
        sys.exit("no unit lines in %s" % (a.one if not one else a.many))
    full = [u for u, (team, _) in many.items() if team == a.threads and u in one]
    if not full:
        sys.exit("no unit ran on %d threads in %s" % (a.threads, a.many))
    t1 = {p: sum(one[u][1][p] for u in full) for p in PHASES}
    tn = {p: sum(many[u][1][p] for u in full) for p in PHASES}
    targets = [int(x) for x in a.project.split(",") if x]
    print("%d units on %d threads (of %d); wall seconds summed over them" % (len(full), a.threads, len(many)))
    print("%-9s %9s %9s %6s %7s" % ("phase", "1 thr s", "%d thr s" % a.threads, "S", "serial"))
    worth = float(a.threads)
    if a.calibrate:
        worth = t1[a.calibrate] / tn[a.calibrate] if tn[a.calibrate] > 0 else worth
        print("calibrated on %s: the %d-thread run got %.2f threads' worth" % (a.calibrate, a.threads, worth))
        if worth <= 1.05:
            sys.exit("too busy: %s sped up only %.2fx" % (a.calibrate, worth))
    serial = {}
    for p in PHASES:
        S = t1[p] / tn[p] if tn[p] > 0 else worth
        s = min(1.0, max(0.0, (worth / S - 1) / (worth - 1))) if S > 0 else 1.0
        serial[p] = s
        print("%-9s %9.2f %9.2f %6.2f %6.0f%%" % (p, t1[p], tn[p], S, 100 * s))
    T1, TN = sum(t1.values()), sum(tn.values())
    print("%-9s %9.2f %9.2f %6.2f" % ("all", T1, TN, T1 / TN if TN else 0))
    for n in targets:
        tproj = sum(t1[p] * (serial[p] + (1 - serial[p]) / n) for p in PHASES)
        print("Amdahl projection at %d threads: %.1fx" % (n, T1 / tproj if tproj else 0))


if __name__ == "__main__":
    main()
