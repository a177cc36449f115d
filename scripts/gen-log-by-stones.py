#!/usr/bin/env python3
"""What each number of stones a side cost to solve, from `mtb gen` logs.

  scripts/gen-log-by-stones.py GEN.log [GEN.log ...] [--json]

GEN.log holds a run's standard error and, when the run got that far, its
standard output (`mtb gen ... >LOG 2>&1`): the "[i/n] unit: P positions
in S s (...)" line of every unit solved, and the summary's MiB column.  A run
resumed over several sittings gives one log per sitting: a unit solved in
an earlier one is "already solved" in the next and counted from the log
that solved it (the last such line wins when a unit was solved twice).

Per number of stones a side (the side with more, on the board and in hand,
as `mtb gen --max-stones` bounds it; units of one number only, a unit's
sectors are colour twins): units, positions, the units' wall seconds
summed (units that ran side by side overlap, so this is not the run's
wall), the solver's CPU seconds (init and layers, as each unit line gives
them; loading children and writing tables are not in it), the write and
children wall seconds, M positions per solver CPU second, and the largest
unit's MiB from the summary (its solver words and children), where the log
has the summary.
"""
import json
import re
import sys

from gen_log import parse_unit_line

# The summary: "sector  positions wins losses draws longest seconds MiB" per
# sector; the first sector of a unit carries the unit's seconds and MiB.
SUMMARY = re.compile(r"^(\d+v\d+(?:\+\d+\+\d+)?)\s+\d+\s+\d+\s+\d+\s+\d+\s+-?\d+\s+([\d.]+)\s+([\d.]+)\s*$")
SECTOR = re.compile(r"(\d+)v(\d+)(?:\+(\d+)\+(\d+))?")


def stones(sector):
    a, b, ha, hb = (int(x or 0) for x in SECTOR.fullmatch(sector).groups())
    return max(a + ha, b + hb)


def read(paths):
    units, mib = {}, {}
    for path in paths:
        for raw in open(path, errors="replace"):
            line = raw.strip().split("\r")[-1]
            u = parse_unit_line(line)
            if u and None not in (u["threads"], u["init_cpu"], u["layer_cpu"], u["write"]):
                units[u["name"]] = {"positions": u["positions"], "wall": u["seconds"], "threads": u["threads"],
                                    "cpu": u["init_cpu"] + u["layer_cpu"], "write": u["write"],
                                    "children": u["children"] or 0.0}
                continue
            m = SUMMARY.match(line)
            if m:
                mib[m.group(1)] = float(m.group(3))
    return units, mib


def main():
    args = [a for a in sys.argv[1:] if a != "--json"]
    if not args or any(a.startswith("-") for a in args):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    units, mib = read(args)
    if not units:
        print("no unit lines in " + ", ".join(args), file=sys.stderr)
        return 1
    by = {}
    for name, u in units.items():
        sectors = name.split(",")
        n = stones(sectors[0])
        g = by.setdefault(n, {"stones": n, "units": 0, "positions": 0, "wall": 0.0, "cpu": 0.0, "write": 0.0,
                              "children": 0.0, "largest_unit": None, "largest_positions": 0, "largest_mib": None})
        g["units"] += 1
        for k in ("positions", "wall", "cpu", "write", "children"):
            g[k] += u[k]
        if u["positions"] > g["largest_positions"]:
            g["largest_unit"], g["largest_positions"] = name, u["positions"]
            g["largest_mib"] = mib.get(sectors[0])
    rows = [by[n] for n in sorted(by)]
    for g in rows:
        g["mpos_per_cpu_s"] = round(g["positions"] / g["cpu"] / 1e6, 3) if g["cpu"] else None
        for k in ("wall", "cpu", "write", "children"):
            g[k] = round(g[k], 2)
    if "--json" in sys.argv[1:]:
        print(json.dumps(rows))
        return 0
    print(f"{'stones':>6} {'units':>6} {'positions':>14} {'unit wall s':>12} {'solver CPU s':>13} {'write s':>9} "
          f"{'children s':>11} {'Mpos/CPU s':>11}  largest unit (MiB)")
    for g in rows:
        big = g["largest_unit"] + (f" ({g['largest_mib']:.0f})" if g["largest_mib"] is not None else "")
        rate = f"{g['mpos_per_cpu_s']:.3f}" if g["mpos_per_cpu_s"] is not None else "-"
        print(f"{g['stones']:>6} {g['units']:>6} {g['positions']:>14} {g['wall']:>12.1f} {g['cpu']:>13.1f} "
              f"{g['write']:>9.1f} {g['children']:>11.1f} {rate:>11}  {big}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
