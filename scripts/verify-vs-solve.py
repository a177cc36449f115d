#!/usr/bin/env python3
"""Verifier against solver on the same tables, from a verify journal and the solve's logs.

usage: scripts/verify-vs-solve.py MTB DIR JOURNAL FIRST VERIFY_CPU GEN_LOG...

MTB is the mtb binary, DIR the table folder, JOURNAL the file given to
`mtb verify DIR --values --journal JOURNAL`, FIRST the journal line (from 1)
where the timed verify run began (the lines before it were checked by
earlier runs), VERIFY_CPU that run's CPU seconds (user + sys, from
/usr/bin/time), GEN_LOG the standard error of each `mtb gen` run that filled
DIR.  Counts the positions of the tables the timed run checked and the
solver's CPU seconds (init + layers) for the units all of whose tables are
among them, and prints both rates (positions per CPU second).
"""
import json
import subprocess
import sys

from gen_log import unit_lines



def main():
    if len(sys.argv) < 7:
        sys.exit(__doc__)
    mtb, folder, journal, first, verify_cpu, logs = (sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]),
                                                     float(sys.argv[5]), sys.argv[6:])
    checked = [line.split()[0] for line in open(journal).read().splitlines()[first - 1:] if line.strip()]
    stats = json.loads(subprocess.run([mtb, "stats", folder, "--json"], check=True, capture_output=True,
                                      text=True).stdout)
    positions = {t["sector"]: t["positions"] for t in stats["tables"] if not t["wdl_only"]}
    sector = {t["file"]: t["sector"] for t in stats["tables"] if not t["wdl_only"]}
    done = {sector[f] for f in checked if f in sector}
    verified = sum(positions[s] for s in done)
    solve_cpu, solve_positions, units = 0.0, 0, 0
    for log in logs:
        for u in unit_lines(log):
            if None in (u["init_cpu"], u["layer_cpu"]) or not all(s in done for s in u["name"].split(",")):
                continue
            solve_cpu += u["init_cpu"] + u["layer_cpu"]
            solve_positions += u["positions"]
            units += 1
    print(f"verify: {len(done)} tables, {verified:,} positions, {verify_cpu:,.0f} CPU s: "
          f"{verified / verify_cpu / 1e6:.2f} M positions per CPU s")
    print(f"solve (init + layers) of the {units} units wholly among them: {solve_positions:,} positions, "
          f"{solve_cpu:,.0f} CPU s: {solve_positions / max(solve_cpu, 1e-9) / 1e6:.2f} M positions per CPU s")


if __name__ == "__main__":
    main()
