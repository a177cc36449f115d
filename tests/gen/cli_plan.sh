#!/usr/bin/env bash
# mtb gen --plan against the run it plans.  The units and positions of the
# plan of six 3..5 (the units of nmm 3..5, a hundredth of the positions)
# equal the tables mtb gen then writes (read back by mtb
# stats); each unit's needs equal the units holding its sectors' successors
# (mtb sectors --json, a route that does not group units the way gen does);
# the order puts every need first; the critical path is a chain of needs
# whose length equals the longest chain found here by a second search; the
# projected schedule starts no unit before its needs end and never uses
# more threads than it has.  Whole games plan without solving.  Bad options
# are usage errors.
set -euo pipefail
mtb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# check PLAN.json SECTORS.json|- [STATS.json]: the plan's own consistency and,
# given mtb stats of the written tables, its units against them.
check() {
    python3 - "$@" <<'PY'
import json, sys
plan = json.load(open(sys.argv[1]))
sectors = json.load(open(sys.argv[2])) if sys.argv[2] != "-" else None
stats = json.load(open(sys.argv[3])) if len(sys.argv) > 3 else None
def die(msg):
    print("FAIL:", msg); sys.exit(1)
units = plan["units"]
by_number = {u["number"]: u for u in units}
if sorted(by_number) != list(range(1, len(units) + 1)): die("numbers are not 1..N")
# Positions: per unit the sum of its sectors; the total their sum.
for u in units:
    if u["positions"] != sum(s["positions"] for s in u["sectors"]): die(f"unit {u['name']}: positions")
    if u["memory_bytes"] < 2 * u["positions"]: die(f"unit {u['name']}: memory below 2 bytes a position")
total = sum(u["positions"] for u in units)
if plan["total"]["positions"] != total: die("total positions")
# Needs: the units holding a successor sector outside the unit.
unit_of = {s["name"]: u["number"] for u in units for s in u["sectors"]}
if sectors is not None:
    succ = {s["name"]: s["successors"] for su in sectors["units"] for s in su["sectors"]}
    if set(succ) != set(unit_of): die("the plan's sectors are not mtb sectors'")
    for u in units:
        want = sorted({unit_of[c] for s in u["sectors"] for c in succ[s["name"]] if c in unit_of} - {u["number"]})
        if u["needs"] != want: die(f"unit {u['name']}: needs {u['needs']}, successors say {want}")
for u in units:
    if any(n >= u["number"] for n in u["needs"]): die(f"unit {u['name']}: a need printed after it")
# Critical path: a chain of needs, as long as the longest chain.
path = plan["critical_path"]["units"]
for a, b in zip(path, path[1:]):
    if a not in by_number[b]["needs"]: die(f"critical path: {a} is not a need of {b}")
length = sum(by_number[n]["positions"] for n in path)
if length != plan["critical_path"]["positions"] or length > total: die("critical path length")
longest = {}
for u in units:  # needs come first, so one pass
    longest[u["number"]] = u["positions"] + max((longest[n] for n in u["needs"]), default=0)
if max(longest.values()) != length: die(f"critical path {length}, longest chain {max(longest.values())}")
if by_number[path[0]]["needs"]: die("critical path does not start at a unit without needs")
# The projected schedule: needs end before a unit starts; never more
# threads (one rank) or ranks busy than there are.
workers = plan["ranks"] if plan["ranks"] > 1 else plan["threads"]
for u in units:
    for n in u["needs"]:
        if by_number[n]["end_seconds"] > u["start_seconds"] + 1e-9: die(f"unit {u['name']} starts before need {n} ends")
for u in units:
    t = u["start_seconds"]
    busy = sum((1 if plan["ranks"] > 1 else v["threads"]) for v in units
               if v["start_seconds"] <= t < v["end_seconds"] and v["end_seconds"] > v["start_seconds"])
    if busy > workers: die(f"at {t} s {busy} workers busy of {workers}")
wall = plan["wall_seconds"]
if wall + 1e-6 < plan["critical_path"]["seconds"]: die("wall time below the critical path")
if wall + 1e-6 < plan["total"]["cpu_seconds"] / (plan["ranks"] * plan["threads"]): die("wall time below the work")
if plan["ranks"] == 1 and plan["threads"] == 1 and abs(wall - plan["total"]["cpu_seconds"]) > 1e-6 * wall:
    die("one thread: wall time is not the sum of the units")
# Against the tables gen wrote: the same sectors, each with its positions.
if stats is not None:
    planned = {s["name"]: s["positions"] for u in units for s in u["sectors"]}
    written = {t["sector"]: t["positions"] for t in stats["tables"]}
    if planned != written: die(f"plan {planned} != tables {written}")
    if stats["total"]["positions"] != total: die("total positions against mtb stats")
PY
}

# six 3..5: plan, then solve, then compare.  Six units, and one of them
# (4v5,5v4) needs two (3v5,5v3 and 4v4): the critical path is not all.
"$mtb" gen --rules six --max-stones 5 --plan --threads 2 --json >"$dir/plan.json" || fail "plan six 5"
"$mtb" sectors --rules six --max-stones 5 --json >"$dir/sectors.json"
"$mtb" gen --rules six --max-stones 5 --threads 2 --out "$dir/t" >/dev/null 2>&1 || fail "gen six 5"
"$mtb" stats "$dir/t" --json >"$dir/stats.json"
python3 -c 'import json, sys; p = json.load(open(sys.argv[1]))
sys.exit(not (len(p["units"]) == 6 and len(p["critical_path"]["units"]) < 6))' "$dir/plan.json" ||
    fail "six 5: not six units with a shorter critical path"
check "$dir/plan.json" "$dir/sectors.json" "$dir/stats.json" || fail "six 5"

# --out DIR: the plan of what a resumed run has left.  With every table
# there, nothing; with one unit's tables gone and one table of another
# damaged, exactly those two units, the rest counted as already solved
# (their positions those of mtb stats of the folder).
"$mtb" gen --rules six --max-stones 5 --plan --out "$dir/t" >"$dir/left.txt" || fail "plan --out, all solved"
grep -q "nothing left; all 6 units" "$dir/left.txt" || fail "plan --out: $(cat "$dir/left.txt")"
cp -r "$dir/t" "$dir/part"
rm "$dir/part"/*4v4*
python3 - "$dir/part" <<'PY' || fail "could not damage a table"
import glob, sys
path = sorted(glob.glob(sys.argv[1] + "/*3v5*"))[0]
data = bytearray(open(path, "rb").read())
data[len(data) // 2] ^= 0x40
open(path, "wb").write(data)
PY
"$mtb" gen --rules six --max-stones 5 --plan --threads 2 --out "$dir/part" --json >"$dir/left.json" ||
    fail "plan --out, part solved"
python3 - "$dir/left.json" "$dir/stats.json" <<'PY' || fail "plan --out of a part-solved folder"
import json, sys
left = json.load(open(sys.argv[1]))
stats = json.load(open(sys.argv[2]))
names = sorted(u["name"] for u in left["units"])
assert names == ["3v5,5v3", "4v4"], names
done = left["already_solved"]
assert done["units"] == 4, done
total = stats["total"]["positions"]
assert done["positions"] + left["total"]["positions"] == total, (done, left["total"], total)
# Neither reads the other, and what they read is solved: no needs are left.
assert all(u["needs"] == [] for u in left["units"]), left["units"]
PY
check "$dir/left.json" - || fail "plan --out: its own consistency"

# The text form names the same units in the same order.
"$mtb" gen --rules six --max-stones 5 --plan --threads 2 >"$dir/plan.txt"
python3 - "$dir/plan.json" "$dir/plan.txt" <<'PY' || fail "text and JSON differ"
import json, sys
plan = json.load(open(sys.argv[1]))
rows = [l.split() for l in open(sys.argv[2]) if l.split() and l.split()[0].isdigit()]
want = [[str(u["number"]), u["name"], str(u["positions"])] for u in plan["units"]]
assert [r[:3] for r in rows] == want, (rows, want)
PY
grep -q "^critical path: " "$dir/plan.txt" || fail "no critical path line"

# Plans of lasker <= 5 (hands, many units) on one thread, on threads and on
# ranks; whole games plan without solving (their needs are not checked
# against mtb sectors, which builds every index: seconds of CI).
"$mtb" sectors --rules lasker --max-stones 5 --json >"$dir/sectors.json"
for args in "--threads 1" "--threads 4" "--ranks 3 --threads 2"; do
    "$mtb" gen --rules lasker --max-stones 5 $args --plan --json >"$dir/plan.json" || fail "plan lasker $args"
    check "$dir/plan.json" "$dir/sectors.json" || fail "lasker $args"
done
for rules in lasker morabaraba; do
    "$mtb" gen --rules $rules --plan --ranks 16 --threads 16 --json >"$dir/plan.json" || fail "plan $rules"
    check "$dir/plan.json" - || fail "$rules"
done

# Kept children (gen/child_cache.h): by default a byte a position of the
# largest unit, --keep-children MB as given, none over ranks.
kept() { "$mtb" gen --rules lasker --max-stones 5 --plan --json "$@" |
    python3 -c 'import json, sys; t = json.load(sys.stdin)["total"]; print(t["kept_children_bytes"], t["largest_memory_bytes"])'; }
read -r k big <<<"$(kept)"
[ "$k" -gt 0 ] && [ "$k" -lt "$big" ] || fail "default kept children $k (largest unit's memory $big)"
[ "$(kept --keep-children 3 | cut -d' ' -f1)" = $((3 << 20)) ] || fail "--keep-children 3"
[ "$(kept --keep-children 0 | cut -d' ' -f1)" = 0 ] || fail "--keep-children 0"
[ "$(kept --ranks 2 | cut -d' ' -f1)" = 0 ] || fail "kept children over ranks"

# Bad options: exit 2 and a message.
usage() { # $1: what, then the arguments
    local what=$1 rc=0
    shift
    "$mtb" gen "$@" >"$dir/out" 2>"$dir/err" || rc=$?
    [ "$rc" = 2 ] || fail "$what: exit $rc, not 2"
    grep -q "mtb gen: " "$dir/err" || fail "$what: no message"
}
usage "rate 0" --rules nmm --max-stones 4 --plan --rate 0
usage "rate text" --rules nmm --max-stones 4 --plan --rate fast
usage "ranks 0" --rules nmm --max-stones 4 --plan --ranks 0
usage "ranks without plan" --rules nmm --max-stones 4 --ranks 2
usage "rate without plan" --rules nmm --max-stones 4 --rate 3
usage "json without plan" --rules nmm --max-stones 4 --json
usage "unknown rules" --rules nope --plan
usage "keep-children negative" --rules nmm --max-stones 4 --keep-children -1
# (to a file: grep -q quitting early would break mtb's pipe under pipefail)
"$mtb" gen --help >"$dir/help"
grep -q -- "--plan" "$dir/help" || fail "--help does not name --plan"
echo "ok"
