#!/usr/bin/env bash
# A speed ratio of two mtb binaries on a shared machine: runs
#   mtb gen --rules RULES --max-stones K --threads T
# with each binary in turn, ROUNDS times, under /usr/bin/time, and checks
# that both wrote byte-identical tables.  A copied mtb hands over to its
# BMI2 build only with mtb-bmi2 beside it (tools/cpu_build.h): copy both, or
# set MTB_ISA=portable to compare the portable builds.
#   scripts/bench-gen-ab.sh OLD_MTB NEW_MTB [K=6] [T=2] [ROUNDS=2] [RULES=nmm] [DIR=/var/tmp/mtb-ab]
set -euo pipefail
old=$1 new=$2 k=${3:-6} t=${4:-2} rounds=${5:-2} rules=${6:-nmm} dir=${7:-/var/tmp/mtb-ab}
mkdir -p "$dir"
for i in $(seq "$rounds"); do
  for side in old new; do
    bin=$old; [ "$side" = new ] && bin=$new
    rm -rf "$dir/$side"
    echo "round $i $side: $(uptime | sed 's/.*load/load/')"
    /usr/bin/time -f "round $i $side: %U user %S sys %e wall %M KB" \
      "$bin" gen --rules "$rules" --max-stones "$k" --out "$dir/$side" --threads "$t" 2>&1 >"$dir/$side.log" | tail -1
    tail -2 "$dir/$side.log" | head -1
  done
  same=yes
  [ "$(cd "$dir/old" && ls ./*.mtb)" = "$(cd "$dir/new" && ls ./*.mtb)" ] || same=no
  for f in "$dir"/old/*.mtb; do cmp -s "$f" "$dir/new/${f##*/}" || same=no; done
  if [ $same = yes ]; then echo "round $i: all tables identical"; else echo "round $i: TABLES DIFFER"; exit 1; fi
done
