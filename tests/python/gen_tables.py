#!/usr/bin/env python3
"""Solves the small tables the Python tests probe (ctest fixture).

    gen_tables.py MTB_BINARY OUT_DIR

One sub-folder per rule set, each `mtb gen --max-stones 3` (a few seconds
in all).  Skipped for a rule set whose folder is already complete (mtb gen
skips units whose tables pass their checksums)."""
import os
import subprocess
import sys

RULE_SETS = ("nmm", "nmm-noflying", "lasker", "lasker-20")


def main():
    mtb, out = sys.argv[1], sys.argv[2]
    for rules in RULE_SETS:
        r = subprocess.run([mtb, "gen", "--rules", rules, "--max-stones", "3", "--out", os.path.join(out, rules),
                            "--threads", "2"], capture_output=True, text=True, timeout=300)
        if r.returncode != 0:
            print("FAIL: mtb gen --rules %s: exit %d: %s" % (rules, r.returncode, r.stderr[-800:]), file=sys.stderr)
            return 1
    print("tables for %s in %s" % (", ".join(RULE_SETS), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
