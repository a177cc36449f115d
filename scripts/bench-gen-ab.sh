#!/usr/bin/env bash
# A speed ratio of two mtb binaries on a shared machine: runs
#   mtb gen --rules RULES --max-stones K --threads T [--profile]
# (--profile where the binary has it: its init's CPU is printed) with each binary, ROUNDS times, under /usr/bin/time, and checks that both
# wrote byte-identical tables.  In turn by default; with TOGETHER=1 both at
# once, each pinned to a core of its own (taskset; T should be 1), the cores
# swapped every round, so that both see the same load.  A copied mtb hands
# over to its BMI2 build only with mtb-bmi2 beside it (tools/cpu_build.h):
# copy both, or set MTB_ISA=portable to compare the portable builds.
#   scripts/bench-gen-ab.sh OLD_MTB NEW_MTB [K=6] [T=2] [ROUNDS=2] [RULES=nmm] [DIR=/var/tmp/mtb-ab]
set -euo pipefail
old=$1 new=$2 k=${3:-6} t=${4:-2} rounds=${5:-2} rules=${6:-nmm} dir=${7:-/var/tmp/mtb-ab}
mkdir -p "$dir"
# run SIDE BIN ROUND [CORE]: one gen; prints its time line and its init CPU.
run() {
  local side=$1 bin=$2 i=$3 pin=() profile=()
  [ $# -gt 3 ] && pin=(taskset -c "$4")
  case "$("$bin" gen --help)" in *--profile*) profile=(--profile) ;; esac
  rm -rf "${dir:?}/$side"
  /usr/bin/time -f "round $i $side${4:+ core $4}: %U user %S sys %e wall %M KB" "${pin[@]}" \
    "$bin" gen --rules "$rules" --max-stones "$k" --out "$dir/$side" --threads "$t" "${profile[@]}" \
    2>"$dir/$side.time" >"$dir/$side.log"
  local init
  init=$(awk '$1 == "all" && $2 == "init" {print "; init " $3 " CPU s"}' "$dir/$side.log")
  echo "$(tail -1 "$dir/$side.time")$init"
}
for i in $(seq "$rounds"); do
  echo "round $i: $(uptime | sed 's/.*load/load/')"
  if [ "${TOGETHER:-0}" = 1 ]; then
    a=$((i % 2)) b=$(((i + 1) % 2))
    run old "$old" "$i" "$a" >"$dir/old.line" &
    run new "$new" "$i" "$b" >"$dir/new.line" &
    wait
    cat "$dir/old.line" "$dir/new.line"
  else
    run old "$old" "$i"
    run new "$new" "$i"
  fi
  same=yes
  [ "$(cd "$dir/old" && ls ./*.mtb)" = "$(cd "$dir/new" && ls ./*.mtb)" ] || same=no
  for f in "$dir"/old/*.mtb; do cmp -s "$f" "$dir/new/${f##*/}" || same=no; done
  if [ $same = yes ]; then echo "round $i: all tables identical"; else echo "round $i: TABLES DIFFER"; exit 1; fi
done
