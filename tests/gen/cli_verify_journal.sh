#!/usr/bin/env bash
# mtb verify --journal: a second run skips the files the first found sound,
# checks again a file changed since (and finds its damage), and never
# records a damaged file.
set -euo pipefail
mtb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
"$mtb" gen --rules nmm --max-stones 4 --out "$dir/t" >/dev/null 2>&1
n=$(ls "$dir"/t/*.mtb | wc -l)
[ "$n" -ge 3 ] || fail "expected several tables, got $n"

"$mtb" verify "$dir/t" --values --threads 2 --journal "$dir/j" >"$dir/out1" 2>"$dir/err1" || fail "first run: $(cat "$dir/out1")"
[ "$(wc -l <"$dir/j")" -eq "$n" ] || fail "journal has $(wc -l <"$dir/j") lines for $n sound files"
[ "$(grep -c '^ok ' "$dir/out1")" -eq "$n" ] || fail "first run: not every file ok"
grep -q "(journal)" "$dir/out1" && fail "first run skipped a file"
grep -q "^\[1/$n\] " "$dir/err1" || fail "no progress line on stderr"

"$mtb" verify "$dir/t" --values --journal "$dir/j" >"$dir/out2" 2>/dev/null || fail "second run"
[ "$(grep -c '(journal)$' "$dir/out2")" -eq "$n" ] || fail "second run did not skip every journaled file"

# Damage one table (a byte in its middle): its record no longer matches.
victim=$(ls -S "$dir"/t/*.mtb | head -1)
size=$(stat -c %s "$victim")
printf '\xff' | dd of="$victim" bs=1 seek=$((size / 2)) conv=notrunc status=none
if "$mtb" verify "$dir/t" --values --journal "$dir/j" >"$dir/out3" 2>/dev/null; then fail "damaged table passed"; fi
grep -q "^DAMAGED  $victim" "$dir/out3" || fail "damage not found: $(cat "$dir/out3")"
[ "$(grep -c '(journal)$' "$dir/out3")" -eq $((n - 1)) ] || fail "third run: $(grep -c '(journal)$' "$dir/out3") skipped"
[ "$(wc -l <"$dir/j")" -eq "$n" ] || fail "a damaged file was journaled"

"$mtb" verify "$dir/t" --journal /nonexistent/dir/j >/dev/null 2>&1 && fail "unwritable journal accepted"
echo "1 passed, 0 failed"
