#!/usr/bin/env bash
# mtb gen --plan's memory estimate against what mtb gen then holds.  The
# plan estimates each unit's peak on the high side (gen/run_plan.h); mtb
# gen's summary prints the peak each unit held (its words, its children's
# packed tables and the frontier at its largest, counted by the solver).
# On lasker-20 <= 5 (most positions won or lost, so a large frontier) no
# unit may hold more than its estimate (the earlier estimate, without the
# frontier and with children at 4 bits a slot, was below all 75).  The
# totals' "most memory" names the unit of the highest estimate.
set -euo pipefail
mtb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$mtb" gen --rules lasker-20 --max-stones 5 --threads 2 --plan --json >"$dir/plan.json" || fail "plan"
"$mtb" gen --rules lasker-20 --max-stones 5 --threads 2 --out "$dir/t" >"$dir/gen.out" 2>/dev/null || fail "gen"
python3 - "$dir/plan.json" "$dir/gen.out" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
def die(msg):
    print("FAIL:", msg); sys.exit(1)
by_first = {u["sectors"][0]["name"]: u for u in plan["units"]}
# The summary: one line per sector; a unit's seconds and MiB on its first.
held = {}
for line in open(sys.argv[2]):
    f = line.split()
    if len(f) == 8 and f[1].isdigit() and f[0] in by_first:
        held[f[0]] = float(f[7]) * 1048576
if set(held) != set(by_first): die(f"summary units {sorted(held)} != plan units {sorted(by_first)}")
for name, bytes_held in held.items():
    u = by_first[name]
    if bytes_held > u["memory_bytes"]:
        die(f"unit {u['name']}: held {bytes_held / 1048576:.1f} MiB, plan {u['memory_bytes'] / 1048576:.1f} MiB")
# The estimate is no constant: it grows with the unit.
big = max(plan["units"], key=lambda u: u["positions"])
small = min(plan["units"], key=lambda u: u["positions"])
if big["memory_bytes"] < small["memory_bytes"] + 6 * (big["positions"] - small["positions"]):
    die("the estimate does not grow by 6 bytes a position")
most = max(plan["units"], key=lambda u: u["memory_bytes"])
t = plan["total"]
if t["most_memory_bytes"] != most["memory_bytes"] or t["most_memory_unit"] != most["number"]:
    die(f"most memory: {t['most_memory_unit']}, {t['most_memory_bytes']}; the units say {most['number']}")
print(f"ok: {len(held)} units within their estimates, the largest at "
      f"{max(held[n] / by_first[n]['memory_bytes'] for n in held):.2f} of it")
PY
