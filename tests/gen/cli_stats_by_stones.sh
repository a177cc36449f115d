#!/usr/bin/env bash
# mtb stats --by-stones against two other routes: its groups equal the
# per-table figures of mtb stats --json summed by a count of stones a side
# read here from each sector's name (board + hand of the side with more),
# and the group of 3 stones a side is exactly what mtb gen --max-stones 3
# writes (the bound gen applies).  The text form carries the same numbers.
set -euo pipefail
mtb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# lasker-20 <= 4: stones in hand, so hand and board both count.
"$mtb" gen --rules lasker-20 --max-stones 4 --threads 2 --out "$dir/t4" >/dev/null 2>&1 || fail "gen 4"
"$mtb" gen --rules lasker-20 --max-stones 3 --threads 2 --out "$dir/t3" >/dev/null 2>&1 || fail "gen 3"
"$mtb" stats "$dir/t4" --json >"$dir/tables.json" || fail "stats --json"
"$mtb" stats "$dir/t4" --by-stones --json >"$dir/by.json" || fail "stats --by-stones --json"
"$mtb" stats "$dir/t4" --by-stones >"$dir/by.txt" || fail "stats --by-stones"
"$mtb" stats "$dir/t3" --json >"$dir/three.json" || fail "stats of gen 3"
python3 - "$dir/tables.json" "$dir/by.json" "$dir/by.txt" "$dir/three.json" <<'PY'
import json, re, sys
tables = json.load(open(sys.argv[1]))["tables"]
by = json.load(open(sys.argv[2]))
text = open(sys.argv[3]).read().splitlines()
three = json.load(open(sys.argv[4]))

def stones(name):
    m = re.fullmatch(r"(\d+)v(\d+)(?:\+(\d+)\+(\d+))?", name)
    a, b, ha, hb = (int(x or 0) for x in m.groups())
    return max(a + ha, b + hb)

want = {}
for t in tables:
    g = want.setdefault(stones(t["sector"]), {"tables": 0, "positions": 0, "wins": 0, "losses": 0, "draws": 0,
                                              "bytes": 0, "longest_win": None, "longest_loss": None})
    g["tables"] += 1
    for k in ("positions", "wins", "losses", "draws", "bytes"):
        g[k] += t[k]
    for k in ("longest_win", "longest_loss"):
        if t[k] is not None:
            g[k] = t[k] if g[k] is None else max(g[k], t[k])
assert sorted(want) == [3, 4], sorted(want)
got = {g["stones"]: g for g in by["by_stones"]}
assert sorted(got) == sorted(want), (sorted(got), sorted(want))
for n, w in want.items():
    for k, v in w.items():
        assert got[n][k] == v, (n, k, got[n][k], v)
    assert got[n]["metric"] == "dtc", got[n]
assert by["total"]["positions"] == sum(w["positions"] for w in want.values())
# gen --max-stones 3 writes the group of 3, no more and no less.
assert sorted(t["sector"] for t in three["tables"]) == sorted(t["sector"] for t in tables if stones(t["sector"]) == 3)
assert three["total"]["positions"] == got[3]["positions"]
# The text lines: label, tables, positions, wins, losses, draws.
rows = {l.split(" a side")[0].strip(): l.split() for l in text if " a side" in l}
for n, g in got.items():
    r = rows[str(n)]
    assert [int(x) for x in r[3:8]] == [g["tables"], g["positions"], g["wins"], g["losses"], g["draws"]], (r, g)
total = [l.split() for l in text if l.startswith("total")][0]
assert int(total[2]) == by["total"]["positions"], total
PY
echo "ok"
