#!/usr/bin/env bash
# Builds the libFuzzer harnesses with clang-14 under ASan + UBSan into DIR
# (default build-fuzz), replays every seed and saved input, then fuzzes
# each harness for SECONDS (default 20; CI's whole fuzz stage must stay
# near two minutes).  A crash stops the run with the input saved by
# libFuzzer (crash-*): add it to tests/fuzz/corpus/<harness>/ with the fix,
# so it is replayed from then on.
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
for h in "${harnesses[@]}"; do
  bin="$dir/tests/fuzz/fuzz_$h"
  seeds="tests/fuzz/corpus/$h"
  work="$dir/fuzz-corpus/$h"  # grows while fuzzing; never written into the repo
  mkdir -p "$work"
  echo "== fuzz_$h: replay $(ls "$seeds" | wc -l) seeds, then fuzz ${seconds} s"
  "$bin" -runs=0 "$seeds" 2>&1 | tail -1
  (cd "$dir" && "../$bin" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 "fuzz-corpus/$h" "../$seeds" 2>&1 | grep -E "^(stat::number_of_executed_units|Done|==|SUMMARY)" || true)
  # libFuzzer exits non-zero on a crash and leaves crash-*/timeout-* files.
  if ls "$dir"/crash-* "$dir"/timeout-* "$dir"/leak-* >/dev/null 2>&1; then
    echo "fuzz_$h found a failing input: $(ls "$dir"/crash-* "$dir"/timeout-* "$dir"/leak-* 2>/dev/null)" >&2
    exit 1
  fi
done
