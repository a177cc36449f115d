#!/usr/bin/env bash
# Progress of mtb gen, verify --values and wdl on a pipe: with
# MTB_PROGRESS_SECONDS=0 every step prints, so lines with done/total and an
# ETA must come from inside a unit (gen: the init pass) or file before its
# finished line.  Then mtb gen of a sector whose children are missing names
# the sectors to solve first, and the command it names makes them.
set -euo pipefail
mtb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export MTB_PROGRESS_SECONDS=0

# $1: log, $2: a progress line inside the unit or file, $3: its finished line.
inside() {
    local inner finished
    inner=$(grep -nE "$2" "$1" | head -1 | cut -d: -f1)
    finished=$(grep -nE "$3" "$1" | head -1 | cut -d: -f1)
    [ -n "$inner" ] && [ -n "$finished" ] && [ "$inner" -lt "$finished" ]
}
numbers='[0-9.]+( [MG])?/[0-9.]+ M positions \([0-9]+% of the run\), [0-9hms]+ so far, ETA [-0-9hms]+$'

grep -q MTB_PROGRESS_SECONDS <<<"$("$mtb" gen --help)" || fail "gen --help does not document MTB_PROGRESS_SECONDS"
"$mtb" gen --rules nmm --max-stones 4 --threads 1 --out "$dir/t" >"$dir/gen.out" 2>"$dir/gen.err"
inside "$dir/gen.err" "^\[3/3\] 4v4: init pass [0-9]+% done: $numbers" "^\[3/3\] 4v4: 3225597 positions in" ||
    fail "gen: no progress line inside unit 4v4: $(cat "$dir/gen.err")"
grep -Eq 'ETA [0-9]' "$dir/gen.err" || fail "gen: no ETA with a time"
# A unit's finished line splits its seconds into phases, the set-up (before
# the init) among them, that add up to no more than the unit's seconds.
python3 - "$dir/gen.err" <<'PY' || fail "gen: a finished line's phases: $(grep 'positions in' "$dir/gen.err")"
import re, sys
n = 0
for line in open(sys.argv[1]):
    m = re.search(r"positions? in ([\d.]+) s \(.*init ([\d.]+) s, .* layers ([\d.]+) s, .*; write ([\d.]+) s; "
                  r"children ([\d.]+) s; finish ([\d.]+) s; set-up ([\d.]+) s\)", line)
    if not m:
        continue
    n += 1
    total, *phases = (float(x) for x in m.groups())
    assert sum(phases) <= total + 0.03, line
assert n == 3, n
PY
# The summary's total line gives the run's CPU seconds and the process's
# peak resident memory: on one thread the CPU covers at least the units'
# init and layers, and the peak at least the largest unit's MiB.
python3 - "$dir/gen.err" "$dir/gen.out" <<'PY' || fail "gen: the total line: $(grep '^total' "$dir/gen.out")"
import re, sys
phases = 0.0
for line in open(sys.argv[1]):
    m = re.search(r"init [\d.]+ s, ([\d.]+) CPU s; \d+ layers [\d.]+ s, ([\d.]+) CPU s", line)
    if m:
        phases += float(m.group(1)) + float(m.group(2))
out = open(sys.argv[2]).read().splitlines()
total = [l for l in out if l.startswith("total:")][0]
m = re.search(r"; ([\d.]+) CPU s \(([\d.]+) threads' worth\), peak ([\d.]+) MiB resident; index bits: [^;]+; OpenMP waits: ", total)
assert m, total
cpu, worth, peak = (float(x) for x in m.groups())
assert phases > 0 and cpu >= phases - 0.02, (cpu, phases)
assert 0 < worth < 1.5, worth
unit_mib = [float(l.split()[-1]) for l in out if re.match(r"\d+v\d+ ", l) and len(l.split()) == 8]
assert unit_mib and peak >= max(unit_mib), (peak, unit_mib)
PY
# Idle OpenMP threads sleep unless the user chose a policy: gen sets
# OMP_WAIT_POLICY=passive and starts itself again with the same arguments
# (tools/omp_waits.h); a policy or spin count of the user's is kept.
waits() {  # $1: expected text, then env's arguments
    local want=$1
    shift
    env -u OMP_WAIT_POLICY -u GOMP_SPINCOUNT "$@" "$mtb" gen --rules nmm --max-stones 3 --threads 2 \
        --out "$dir/waits" >"$dir/waits.out" 2>/dev/null || fail "gen under $*: exit $?"
    grep -q "^total: .*; OpenMP waits: $want\$" "$dir/waits.out" ||
        fail "gen under '$*': expected waits '$want': $(grep '^total' "$dir/waits.out")"
    [ -f "$dir/waits/nmm_3v3.mtb" ] || fail "gen under '$*' wrote no table into --out"
    rm -rf "$dir/waits"
}
waits "OMP_WAIT_POLICY=passive"
waits "OMP_WAIT_POLICY=active" OMP_WAIT_POLICY=active
waits "GOMP_SPINCOUNT=1000" GOMP_SPINCOUNT=1000

# Every percentage says what it is of: the init pass's, or the run's.
if grep -E '[0-9]%' "$dir/gen.err" | grep -Ev '^[^%]*init pass [0-9]+% done: [^%]*% of the run\)[^%]*$|^[^%]*% of the run\)[^%]*$' |
    grep -q .; then
    fail "gen: a percentage that does not say of what: $(grep -E '[0-9]%' "$dir/gen.err" | head -3)"
fi

"$mtb" verify "$dir/t" --values --threads 1 >/dev/null 2>"$dir/verify.err"
inside "$dir/verify.err" "^\[4/4\] .*nmm_4v4\.mtb: values: $numbers" "^\[4/4\] .*nmm_4v4\.mtb: [0-9.]+ s" ||
    fail "verify --values: no progress line inside nmm_4v4.mtb: $(cat "$dir/verify.err")"

"$mtb" wdl "$dir/t" --out "$dir/w" --threads 1 >/dev/null 2>"$dir/wdl.err"
inside "$dir/wdl.err" "^\[4/4\] .*nmm_4v4\.wdl\.mtb: [a-z ]+: $numbers" "^\[4/4\] .*nmm_4v4\.wdl\.mtb: [0-9]+ s in all" ||
    fail "wdl: no progress line inside nmm_4v4.wdl.mtb: $(cat "$dir/wdl.err")"

set +e
MTB_PROGRESS_SECONDS=soon "$mtb" gen --rules nmm --max-stones 3 --out "$dir/x" >/dev/null 2>&1
[ $? = 2 ] || fail "an invalid MTB_PROGRESS_SECONDS is not a usage error"

# 4v4 reads 3v4 and 4v3, which read 3v3: none is in $dir/m.
"$mtb" gen --rules nmm --sectors 4v4 --threads 1 --out "$dir/m" >/dev/null 2>"$dir/missing.err"
rc=$?
set -e
[ $rc = 1 ] || fail "missing children: exit $rc"
grep -q "no tables of sectors 3v3,3v4,4v3 in $dir/m" "$dir/missing.err" || fail "missing children: $(cat "$dir/missing.err")"
[ ! -e "$dir/m/nmm_4v4.mtb" ] || fail "missing children: 4v4 written anyway"
first=$(sed -n 's/.*first (mtb \(.*\))$/\1/p' "$dir/missing.err")
[ -n "$first" ] || fail "missing children: no command in $(cat "$dir/missing.err")"
# shellcheck disable=SC2086 # the command's words
"$mtb" $first >/dev/null 2>&1 || fail "the command named failed: mtb $first"
"$mtb" gen --rules nmm --sectors 4v4 --threads 1 --out "$dir/m" >/dev/null 2>&1 || fail "4v4 after its children"
echo "1 passed, 0 failed"
