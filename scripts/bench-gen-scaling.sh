#!/usr/bin/env bash
# Thread scaling of the solver: mtb gen --rules RULES --max-stones K with
# each thread count in turn (wall and CPU seconds), on an otherwise idle
# machine.
#   scripts/bench-gen-scaling.sh MTB [K=6] ["16 8 4 2 1"] [RULES=nmm] [DIR=/var/tmp/mtb-scaling]
set -euo pipefail
bin=$1 k=${2:-6} counts=${3:-"16 8 4 2 1"} rules=${4:-nmm} dir=${5:-/var/tmp/mtb-scaling}
mkdir -p "$dir"
nproc
grep -m1 "model name" /proc/cpuinfo || true
TIMEFORMAT="%R s wall, %U s user, %S s sys"
for t in $counts; do
  rm -rf "$dir/t$t"
  echo "== $t threads, $(uptime | sed 's/.*load/load/')"
  { time "$bin" gen --rules "$rules" --max-stones "$k" --out "$dir/t$t" --threads "$t" >"$dir/t$t.log" 2>"$dir/t$t.err"; } 2>&1
  grep "^total" "$dir/t$t.log"
done
