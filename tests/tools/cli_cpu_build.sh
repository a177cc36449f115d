#!/usr/bin/env bash
# mtb hands its commands to the BMI2 build beside it (tools/cpu_build.h):
# MTB_ISA chooses the build, gen's summary names the one that ran, both
# builds write the same tables and each verifies the other's, a lone mtb
# runs itself, and a bad MTB_ISA is refused with exit 2.
set -euo pipefail
mtb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

# $1: MTB_ISA, $2: folder; prints the build gen's summary names.
gen() {
    MTB_ISA=$1 "$mtb" gen --rules lasker-20 --max-stones 4 --threads 1 --out "$dir/$2" 2>/dev/null >"$dir/$2.out" ||
        fail "gen under MTB_ISA=$1: exit $?"
    grep '^total:' "$dir/$2.out" | sed -E 's/.*; index bits: ([^;]+);.*/\1/'
}

[ "$(gen portable portable)" = "byte tables (portable build)" ] || fail "MTB_ISA=portable ran $(gen portable portable)"
for bad in x BMI2 native; do
    rc=0
    MTB_ISA=$bad "$mtb" --version >/dev/null 2>"$dir/bad.err" || rc=$?
    [ "$rc" = 2 ] || fail "MTB_ISA=$bad: exit $rc, expected 2"
    grep -q "MTB_ISA=$bad: expected auto, portable or bmi2" "$dir/bad.err" || fail "MTB_ISA=$bad: $(cat "$dir/bad.err")"
done

# A copy of mtb alone: auto runs it; asking for the BMI2 build fails plainly.
mkdir "$dir/lone"
cp "$mtb" "$dir/lone/mtb"
[ "$(mtb=$dir/lone/mtb gen auto lone)" = "byte tables (portable build)" ] || fail "a lone mtb did not run itself"
rc=0
MTB_ISA=bmi2 "$dir/lone/mtb" --version >/dev/null 2>"$dir/lone.err" || rc=$?
[ "$rc" = 2 ] && grep -q "no mtb-bmi2 lies beside" "$dir/lone.err" || fail "lone MTB_ISA=bmi2: exit $rc, $(cat "$dir/lone.err")"

if [ ! -x "$(dirname "$mtb")/mtb-bmi2" ]; then
    echo "no mtb-bmi2 beside $mtb (not an x86-64 build, or -DMTB_BMI2_BESIDE=OFF): the rest is not checked"
    exit 0
fi
if ! grep -qw bmi2 /proc/cpuinfo; then
    rc=0
    MTB_ISA=bmi2 "$mtb" --version >/dev/null 2>/dev/null || rc=$?
    [ "$rc" = 2 ] || fail "MTB_ISA=bmi2 on a CPU without BMI2: exit $rc"
    echo "this CPU has no BMI2: the BMI2 build is not run"
    exit 0
fi
[ "$(gen bmi2 bmi2)" = "pext (BMI2 build)" ] || fail "MTB_ISA=bmi2 ran $(gen bmi2 bmi2)"
auto=$(gen auto auto)
case "$auto" in "pext (BMI2 build)" | "byte tables (portable build)") ;; *) fail "auto ran '$auto'" ;; esac
n=0
for f in "$dir/portable"/*.mtb; do
    cmp -s "$f" "$dir/bmi2/$(basename "$f")" || fail "$(basename "$f") differs between the builds"
    n=$((n + 1))
done
[ "$n" -gt 20 ] || fail "only $n tables written"
# Each build checks every value the other wrote.
MTB_ISA=bmi2 "$mtb" verify "$dir/portable" --values >/dev/null || fail "the BMI2 build's verify of the portable tables"
MTB_ISA=portable "$mtb" verify "$dir/bmi2" --values >/dev/null || fail "the portable build's verify of the BMI2 tables"
echo "ok: $n tables identical from both builds; auto ran the $auto"
