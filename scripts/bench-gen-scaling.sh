#!/usr/bin/env bash
# Thread scaling of mtb gen: `mtb gen --rules RULES --max-stones K` at each
# thread count in turn (wall and CPU seconds, speed-up and CPU over the
# first count's), on an otherwise idle machine.  With OLD=path/to/old/mtb
# the old binary runs right after the new one at each count (a one-run
# comparison).  Every run's tables must be cmp-identical to the first run's.
# When the first count is 1, it ends with the serial part of each phase
# inside the units (scripts/gen-serial-parts.py) at each other count.
#   scripts/bench-gen-scaling.sh MTB [K=6] ["1 2 4 8 16"] [RULES=nmm] [DIR=/var/tmp/mtb-scaling]
# Issue 34's many-core figures, on a 16-core machine, one command each:
#   OLD=/path/to/636bd2b/mtb scripts/bench-gen-scaling.sh build/tools/mtb 6 "1 16" nmm
#   OLD=/path/to/636bd2b/mtb scripts/bench-gen-scaling.sh build/tools/mtb 6 "1 16" lasker
set -euo pipefail
bin=$1 k=${2:-6} counts=${3:-"1 2 4 8 16"} rules=${4:-nmm} dir=${5:-/var/tmp/mtb-scaling}
mkdir -p "$dir"
echo "$(nproc) cores; $(grep -m1 "model name" /proc/cpuinfo | sed 's/.*: //' || true)"
binaries=(new)
[ -n "${OLD:-}" ] && binaries+=(old)
first=""
declare -A wall cpu
TIMEFORMAT="%R %U %S"
for t in $counts; do
    for which in "${binaries[@]}"; do
        exe=$bin
        [ "$which" = old ] && exe=$OLD
        out="$dir/$rules$k-$which-t$t"
        rm -rf "$out"
        load=$(sed 's/ .*//' /proc/loadavg)
        times=$({ time "$exe" gen --rules "$rules" --max-stones "$k" --out "$out" --threads "$t" >"$out.log" \
            2>"$out.err"; } 2>&1)
        read -r w u s <<<"$times"
        wall[$which$t]=$w cpu[$which$t]=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')
        same=first
        if [ -n "$first" ]; then
            same=identical
            for f in "$first"/*.mtb; do
                cmp -s "$f" "$out/$(basename "$f")" || same="DIFFERENT ($(basename "$f"))"
            done
        else
            first=$out
        fi
        echo "$which $t threads: ${wall[$which$t]} s wall, ${cpu[$which$t]} CPU s (load before: $load); tables $same"
    done
done
base=${counts%% *}
echo "speed-up and CPU against $base thread(s) of the same binary:"
for which in "${binaries[@]}"; do
    for t in $counts; do
        awk -v w1="${wall[$which$base]}" -v c1="${cpu[$which$base]}" -v w="${wall[$which$t]}" -v c="${cpu[$which$t]}" \
            -v t="$t" -v b="$which" 'BEGIN { printf "  %s %3d threads: %.2fx wall, %.2fx CPU\n", b, t, w1 / w, c / c1 }'
    done
done
# Where the units' own threads idle: the serial part of each phase inside
# the units that ran on all threads, 1 thread against each count
# (scripts/gen-serial-parts.py; issue 34 item 4).
if [ "$base" = 1 ]; then
    for t in $counts; do
        [ "$t" = 1 ] && continue
        echo "serial part per phase inside the units on $t threads (new binary, against 1 thread):"
        python3 "$(dirname "$0")/gen-serial-parts.py" "$dir/$rules$k-new-t1.err" "$dir/$rules$k-new-t$t.err" \
            --threads "$t" || true
    done
fi
