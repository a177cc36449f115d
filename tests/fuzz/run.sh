#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang-14 under ASan + UBSan into DIR
# (default build-fuzz), replays every seed and saved input, then fuzzes
# each harness for SECONDS (default 20; CI's whole fuzz stage must stay
# near a minute), as many at once as there are cores.  A crash fails the
# run with the input saved by libFuzzer (DIR/<harness>-crash-*): add it to
# tests/fuzz/corpus/<harness>/ with the fix, so it is replayed from then on.
#   tests/fuzz/run.sh [DIR] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${1:-build-fuzz}
seconds=${2:-20}
harnesses=(position move table table_header capi protocol)
targets=""
for h in "${harnesses[@]}"; do targets+="fuzz_$h "; done
CC=clang-14 CXX=clang++-14 TARGETS="$targets" bash scripts/build.sh "$dir" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMTB_SANITIZE=ON -DMTB_FUZZ=ON
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# fuzz_one HARNESS: replays its seeds, then fuzzes it for SECONDS, into
# DIR/fuzz-HARNESS.log; failing inputs are saved as DIR/HARNESS-crash-* etc.
fuzz_one() {
  local h=$1 bin="$dir/tests/fuzz/fuzz_$1" seeds="tests/fuzz/corpus/$1"
  local work="$dir/fuzz-corpus/$h"  # grows while fuzzing; never written into the repo
  mkdir -p "$work"
  {
    echo "== fuzz_$h: replay $(ls "$seeds" | wc -l) seeds, then fuzz ${seconds} s"
    "$bin" -runs=0 -artifact_prefix="$dir/$h-" "$seeds" 2>&1 | tail -1
    (cd "$dir" && "../$bin" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
       -artifact_prefix="$h-" -print_final_stats=1 "fuzz-corpus/$h" "../$seeds" 2>&1 |
       grep -E "^(stat::number_of_executed_units|Done|==|SUMMARY)" || true)
  } >"$dir/fuzz-$h.log"
}
# The harnesses run side by side, one per core: each still fuzzes for
# SECONDS on a core of its own, and the stage takes SECONDS per nproc of them.
jobs=$(nproc) running=0 failed=0
for h in "${harnesses[@]}"; do
  fuzz_one "$h" &
  if ((++running >= jobs)); then
    wait -n || failed=1  # a seed that fails on replay
    ((running--))
  fi
done
while ((running > 0)); do
  wait -n || failed=1
  ((running--))
done
for h in "${harnesses[@]}"; do cat "$dir/fuzz-$h.log"; done
# libFuzzer leaves crash-*/timeout-*/leak-* files (its exit status is lost in
# the grep above).  Any one of them fails the run: `ls A B C` would need all
# three kinds.
shopt -s nullglob
found=("$dir"/*-crash-* "$dir"/*-timeout-* "$dir"/*-leak-*)
shopt -u nullglob
if ((failed)) || ((${#found[@]})); then
  echo "a fuzzer found a failing input: ${found[*]:-(a seed failed on replay: see its log above)}" >&2
  exit 1
fi
