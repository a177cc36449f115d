#!/usr/bin/env bash
# mtb bench memory --quick: it runs, every figure is a positive number, and
# the figures keep the relations any memory system has (no timing
# thresholds): streaming reads move more bytes per second than random 2-byte
# reads, and all threads together do not fall below a tenth of one thread.
# Bad options are usage errors.
set -euo pipefail
mtb=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail() { echo "FAIL: $*"; cat "$out"; exit 1; }

grep -q "GB/s (1e9 bytes per second)" <<<"$("$mtb" bench memory --help)" || fail "bench memory --help does not give the units"
"$mtb" bench memory --quick --threads 2 >"$out" || fail "bench memory --quick failed"
# One row per figure: its name and unit, then 1 thread, all threads, per thread.
figure() { # $1: the row's name (a regex), $2: the column (1, 2 or 3)
    local v
    v=$(grep -E "^$1 \((GB|M)/s\) " "$out" | head -1 | awk -v c="$2" '{print $(NF-3+c)}')
    [ -n "$v" ] || fail "no row '$1'"
    echo "$v"
}
for row in "sequential read" "random 2-byte reads" "random 2-byte reads, prefetched" \
    "random 2-byte updates" "random 2-byte updates, prefetched"; do
    for col in 1 2 3; do
        v=$(figure "$row" $col)
        awk -v v="$v" 'BEGIN { exit !(v > 0) }' || fail "$row, column $col: '$v' is not a positive number"
    done
done
grep -Eq '^CPU share [0-9]+% ' "$out" || fail "no CPU share line"
# sequential bytes/s > 2 bytes x random reads/s, on one thread and on all.
for col in 1 2; do
    seq=$(figure "sequential read" $col)
    for row in "random 2-byte reads" "random 2-byte reads, prefetched" "random 2-byte updates"; do
        rnd=$(figure "$row" $col)
        awk -v s="$seq" -v r="$rnd" 'BEGIN { exit !(s * 1e9 > 2 * r * 1e6) }' ||
            fail "column $col: sequential $seq GB/s is not above 2 bytes x $row $rnd M/s"
    done
done
# The per-thread column is the all-threads one divided by the threads.
all=$(figure "random 2-byte reads" 2) per=$(figure "random 2-byte reads" 3)
awk -v a="$all" -v p="$per" 'BEGIN { exit !(a / 2 > p * 0.99 && a / 2 < p * 1.01) }' || fail "per thread $per != $all / 2"

set +e
"$mtb" bench memory --size 0 >/dev/null 2>&1
[ $? = 2 ] || fail "--size 0 is not a usage error"
"$mtb" bench memory --size 16777216 >/dev/null 2>"$out.err"
rc=$?
set -e
[ $rc = 1 ] && grep -q "more than half of this machine's memory" "$out.err" || fail "a huge --size: exit $rc, $(cat "$out.err")"
rm -f "$out.err"
echo "1 passed, 0 failed"
