#!/usr/bin/env bash
# Configures and builds one build folder:
#   scripts/build.sh [DIR [cmake options...]]     (TARGETS="a b" builds only those)
set -euo pipefail
cd "$(dirname "$0")/.."
dir=${1:-build}
shift || true
gen=()
[ -f "$dir/CMakeCache.txt" ] || ! command -v ninja >/dev/null || gen=(-G Ninja)
cmake -S . -B "$dir" "${gen[@]}" "$@" >/dev/null
targets=()
for t in ${TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$dir" -j "$(nproc)" "${targets[@]}"
