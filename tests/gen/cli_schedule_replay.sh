#!/usr/bin/env bash
# scripts/gen-schedule-replay.py on real gen logs: a one-thread run replays
# to the sum of its units' seconds; a four-thread run's replay lies between
# its bounds (the critical path and thread-seconds over threads) and the
# sum; a plan of other units is refused.
set -euo pipefail
mtb=$1
here=$(cd "$(dirname "$0")" && pwd)
replay="$here/../../scripts/gen-schedule-replay.py"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

for t in 1 4; do
    "$mtb" gen --rules nmm --max-stones 5 --threads $t --out "$dir/t$t" >/dev/null 2>"$dir/t$t.err"
    "$mtb" gen --rules nmm --max-stones 5 --plan --threads $t --json >"$dir/plan$t.json"
    python3 "$replay" "$dir/plan$t.json" "$dir/t$t.err" $t >"$dir/replay$t.txt" || fail "replay of $t threads failed"
done
python3 - "$dir" <<'PY' || fail "replay figures: $(cat "$dir"/replay*.txt)"
import re, sys
d = sys.argv[1]
def figures(t):
    text = open(f"{d}/replay{t}.txt").read()
    got = [float(x) for x in re.findall(r": ([\d.]+) s$", text, re.M)]
    assert len(got) == 4, text
    return got
def unit_seconds(t):
    return sum(float(x) for x in re.findall(r"positions? in ([\d.]+) s", open(f"{d}/t{t}.err").read()))
path, busy, largest, chain = figures(1)
total = unit_seconds(1)
for f in (busy, largest, chain):  # one thread: every order is the units one after another
    assert abs(f - total) < 0.015, (f, total)
assert path <= total + 0.01
path, busy, largest, chain = figures(4)
total = unit_seconds(4)
for f in (largest, chain):
    assert max(path, busy) <= f + 0.01 and f <= total + 0.01, (path, busy, f, total)
PY
"$mtb" gen --rules lasker --max-stones 4 --plan --json >"$dir/other.json"
set +e
python3 "$replay" "$dir/other.json" "$dir/t1.err" 1 >/dev/null 2>"$dir/other.err"
rc=$?
set -e
[ $rc = 1 ] || fail "a plan of other units: exit $rc"
grep -q "not the same run" "$dir/other.err" || fail "a plan of other units: $(cat "$dir/other.err")"
echo "1 passed, 0 failed"
