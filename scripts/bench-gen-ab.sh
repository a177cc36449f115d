#!/usr/bin/env bash
# A speed ratio of two mtb binaries on a shared machine: runs
#   mtb gen --rules RULES --max-stones K --threads T [--profile]
# (--profile where the binary has it: its init's CPU is printed) with each binary, ROUNDS times, under /usr/bin/time, and checks that both
# wrote byte-identical tables.  In turn by default; with TOGETHER=1 both at
# once, each pinned to a core of its own (taskset; T should be 1), the cores
# swapped every round, so that both see the same load.  A copied mtb hands
# over to its BMI2 build only with mtb-bmi2 beside it (tools/cpu_build.h):
# copy both, or set MTB_ISA=portable to compare the portable builds.
# COMPARE=values compares the values instead of the bytes, for binaries that
# compress differently: both folders are first rewritten alike (NEW's `mtb
# repack --format 1 --level 1`, which reads back every value), and those
# copies must be byte-identical.
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
  cp "$dir/$side.log" "$dir/$side.round$i.log"  # its --profile rows, kept per round
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
  a=$dir/old b=$dir/new what=tables
  if [ "${COMPARE:-bytes}" = values ]; then
    for side in old new; do
      rm -rf "${dir:?}/$side.repacked"
      "$new" repack "$dir/$side" --out "$dir/$side.repacked" --format 1 --level 1 >"$dir/$side.repack.log"
    done
    a=$dir/old.repacked b=$dir/new.repacked what="tables' values"
  fi
  same=yes
  [ "$(cd "$a" && ls ./*.mtb)" = "$(cd "$b" && ls ./*.mtb)" ] || same=no
  for f in "$a"/*.mtb; do cmp -s "$f" "$b/${f##*/}" || same=no; done
  if [ $same = yes ]; then echo "round $i: all $what identical"; else echo "round $i: ${what^^} DIFFER"; exit 1; fi
done
