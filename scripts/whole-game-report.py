#!/usr/bin/env python3
"""Figures of a whole-game solve, by phase, from the tables and the solve's logs.

usage: scripts/whole-game-report.py MTB DIR [GEN_LOG...]

MTB is the mtb binary, DIR the table folder (mtb gen --out DIR), GEN_LOG the
standard error of each `mtb gen` run that filled it (a resumed run's log
lists finished units as "already solved"; each unit's figures are taken from
the run that solved it).  Prints, for the placement phase (a side has stones
in hand) and the movement phase: units, positions, wins/losses/draws (side to
move), longest win and loss, bytes and bits per position; the solve's wall
and CPU seconds (init + layers, from the logs; writing is in the wall time)
and the number of solve units they cover (a unit may hold two tables); then
the totals.
"""
import json
import subprocess
import sys

from gen_log import unit_lines



def phase(sector):
    return "placement" if "+" in sector else "movement"


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    mtb, folder, logs = sys.argv[1], sys.argv[2], sys.argv[3:]
    stats = json.loads(subprocess.run([mtb, "stats", folder, "--json"], check=True, capture_output=True,
                                      text=True).stdout)
    rows = {}
    for t in stats["tables"]:
        if t["wdl_only"]:
            continue
        r = rows.setdefault(phase(t["sector"]), dict(units=0, positions=0, wins=0, losses=0, draws=0,
                                                     longest_win=0, longest_loss=0, bytes=0, wall=0.0, cpu=0.0,
                                                     timed=0))
        r["units"] += 1
        for k in ("positions", "wins", "losses", "draws", "bytes"):
            r[k] += t[k]
        r["longest_win"] = max(r["longest_win"], t["longest_win"] or 0)
        r["longest_loss"] = max(r["longest_loss"], t["longest_loss"] or 0)
    for log in logs:
        for u in unit_lines(log):
            if None in (u["init_cpu"], u["layer_cpu"], u["write"]):
                continue
            # A unit "a,b" holds two sectors of one phase.
            r = rows.get(phase(u["name"].split(",")[0]))
            if r is None:
                continue
            r["wall"] += u["seconds"]
            r["cpu"] += u["init_cpu"] + u["layer_cpu"]
            r["timed"] += 1
    total = {k: 0 for k in ("units", "positions", "wins", "losses", "draws", "bytes", "wall", "cpu", "timed")}
    total.update(longest_win=0, longest_loss=0)
    print(f"{'phase':<10} {'tables':>6} {'positions':>14} {'wins':>14} {'losses':>14} {'draws':>14} "
          f"{'lw':>4} {'ll':>4} {'bytes':>14} {'bits/pos':>8} {'wall s':>9} {'CPU s':>9} {'units':>5}")
    for name in ("placement", "movement"):
        r = rows.get(name)
        if not r:
            continue
        for k in total:
            total[k] = max(total[k], r[k]) if k.startswith("longest") else total[k] + r[k]
        show(name, r)
    show("total", total)


def show(name, r):
    bits = 8 * r["bytes"] / r["positions"] if r["positions"] else 0
    print(f"{name:<10} {r['units']:>6} {r['positions']:>14} {r['wins']:>14} {r['losses']:>14} {r['draws']:>14} "
          f"{r['longest_win']:>4} {r['longest_loss']:>4} {r['bytes']:>14} {bits:>8.4f} {r['wall']:>9.0f} "
          f"{r['cpu']:>9.0f} {r['timed']:>5}")


if __name__ == "__main__":
    main()
