#!/usr/bin/env bash
# usage: cli_hardening.sh path/to/mtb
# Each check names what it expects; the script fails at the end when any did.
set -uo pipefail
MTB=$(realpath "$1")
source "$(dirname "$0")/check_lib.sh"
hardening_begin hardening 120

# --- gen, clean, then killed at a random moment and resumed -------------
expect 0 "" "$MTB" gen --rules six --out "$T/clean" --threads 1
ls "$T/clean"/*.mtb >/dev/null 2>&1 || bad "gen wrote no tables"
for delay in 0.5; do
  rm -rf "$T/killed"
  "$MTB" gen --rules six --out "$T/killed" --threads 1 >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  mkdir -p "$T/killed"
  echo "half a table" >"$T/killed/six_3v3.mtb.tmp"  # as a kill while writing leaves it
  expect 0 "removed .*six_3v3.mtb.tmp" "$MTB" gen --rules six --out "$T/killed" --threads 1
  for f in "$T/clean"/*.mtb; do
    cmp -s "$f" "$T/killed/$(basename "$f")" || bad "resumed gen (killed after ${delay}s): $(basename "$f") differs"
  done
  ls "$T/killed"/*.tmp >/dev/null 2>&1 && bad "temporary files left after resumed gen"
done

# --- one writer per folder ---------------------------------------------
mkdir -p "$T/locked"
exec 9>"$T/locked/.mtb-gen.lock"
flock -n 9 || bad "cannot take the test's own lock"
expect 1 "another mtb gen or mtb wdl is writing into" "$MTB" gen --rules six --max-stones 3 --out "$T/locked"
exec 9>&-
expect 0 "" "$MTB" gen --rules six --max-stones 3 --out "$T/locked"

# --- write faults say why and leave nothing behind ---------------------
(ulimit -f 16 && exec "$MTB" gen --rules six --out "$T/fsize" --threads 1) >"$T/out" 2>"$T/err"
rc=$?
[ "$rc" = 1 ] || bad "gen over a file-size limit: exit $rc, want 1 (stderr: $(head -c 300 "$T/err"))"
grep -q "File too large" "$T/err" || bad "gen over a file-size limit: no reason given: $(head -c 300 "$T/err")"
ls "$T/fsize"/*.tmp >/dev/null 2>&1 && bad "gen over a file-size limit left a temporary file"
if [ "$(id -u)" != 0 ]; then  # root writes into read-only folders anyway
  mkdir -p "$T/ro" && chmod 555 "$T/ro"
  expect 1 "Permission denied" "$MTB" gen --rules six --max-stones 3 --out "$T/ro"
fi

# --- verify, verify --values, stats, probe on sound tables -------------
expect 0 "sound, 0 damaged" "$MTB" verify "$T/clean"
expect 0 "sound, 0 damaged" "$MTB" verify "$T/clean" --values --threads 2
expect 0 "^total" "$MTB" stats "$T/clean"
total_clean=$(grep '^total' "$T/out")
# A White 4 v Black 3 position: its plies lead to 3v4 (Black to move).
pos="WWW.W.....BBB... w 0 0"
expect 0 '"value"' "$MTB" probe --rules six --tables "$T/clean" --json "$pos"

# --- probe says when the value comes from the plies' tables ------------
cp -r "$T/clean" "$T/no43" && rm "$T/no43/six_4v3.mtb"
expect 0 "value from the plies' tables" "$MTB" probe --rules six --tables "$T/no43" "$pos"
expect 0 '"from_plies":true' "$MTB" probe --rules six --tables "$T/no43" --json "$pos"
expect 0 '"from_plies":false' "$MTB" probe --rules six --tables "$T/clean" --json "$pos"

# --- a renamed table and another rule set's table are reported ---------
cp -r "$T/clean" "$T/renamed" && cp "$T/clean/six_3v3.mtb" "$T/renamed/six_4v4.mtb"
expect 1 "six_4v4.mtb.*does not match its header" "$MTB" verify "$T/renamed"
mkdir -p "$T/renamed-small" && cp "$T/clean/six_3v3.mtb" "$T/renamed-small/" &&
  cp "$T/clean/six_3v3.mtb" "$T/renamed-small/six_4v4.mtb"
expect 1 "six_4v4.mtb.*does not match its header" "$MTB" verify "$T/renamed-small" --values
expect 1 "does not match its header" "$MTB" stats "$T/renamed"
cp -r "$T/clean" "$T/foreign"
expect 0 "" "$MTB" gen --rules morris18 --max-stones 3 --out "$T/m18" --threads 1
cp "$T/m18/morris18_3v3.mtb" "$T/foreign/"
expect 1 "morris18 table in a folder of six tables" "$MTB" verify "$T/foreign"
expect 1 "morris18 table in a folder of six tables" "$MTB" stats "$T/foreign"
[ "$(grep '^total' "$T/out")" = "$total_clean" ] || bad "stats counted a foreign table in its totals"

# --- special files: skipped, said, never waited on ---------------------
mkdir -p "$T/special"
cp "$T/clean/six_3v3.mtb" "$T/special/"
mkfifo "$T/special/six_4v3.mtb"
mkdir "$T/special/six_3v4.mtb"
ln -s "$T/nowhere" "$T/special/six_4v4.mtb"
expect 1 "SKIPPED .*six_4v3.mtb: skipped: not a regular file" "$MTB" verify "$T/special"
grep -q "six_3v4.mtb: skipped: a folder" "$T/out" || bad "verify did not report the folder named like a table"
grep -q "six_4v4.mtb: skipped: a dangling" "$T/out" || bad "verify did not report the dangling link"
expect 1 "skipped" "$MTB" stats "$T/special"
# mtb gen into a folder holding a FIFO named like one of its tables: the
# FIFO is not waited on; the table is solved and replaces it.
mkdir -p "$T/genfifo" && mkfifo "$T/genfifo/six_3v3.mtb"
expect 0 "" "$MTB" gen --rules six --max-stones 3 --out "$T/genfifo"
[ -f "$T/genfifo/six_3v3.mtb" ] || bad "gen did not replace the FIFO by its table"
expect 1 "six_(4v3|3v4).mtb: skipped: " "$MTB" probe --rules six --tables "$T/special" "$pos"

# --- numbers and options: one checked parser, one set of limits --------
expect 2 "--max-stones must be a whole number from 3 to 6" "$MTB" gen --rules six --max-stones 7 --out "$T/x"
expect 2 "--max-stones must be a whole number from 3 to 6" "$MTB" sectors --rules six --max-stones 7
expect 2 "--threads must be a whole number" "$MTB" bench perft --threads 3abc
expect 2 "--threads must be a whole number" "$MTB" bench gen --threads -1
expect 2 "--threads must be a whole number" "$MTB" bench probe --threads 99999999999999999999
expect 2 "--max-stones must be a whole number" "$MTB" bench gen --max-stones x
expect 2 "--tables needs a value, got an empty one" "$MTB" probe --rules six --tables "" "$pos"
expect 2 "<depth> must be a whole number from 1 to 20" "$MTB" course game "$T/in" "$T/o" 3abc

# --- quiet failures made loud -------------------------------------------
mkdir -p "$T/empty"
expect 1 "no lasker-20 table found in" "$MTB" probe --rules lasker-20 --tables "$T/empty" "........................ w 10 10 0"
printf '0\nEEEEEEEEEEEEEEEEEEEEEEEE 9 9 0\n' >"$T/in"
expect 0 "no nmm-noflying table found in" "$MTB" player --protocol compo --tables "$T/empty" --budget 0.2 <"$T/in"
printf '1\nEEEEEEEEEEEEEEEEEEEEEEEE 9 9 1\n' >"$T/in"
expect 1 "asks for a removal, but no stone can be removed" "$MTB" player --protocol compo --budget 0.2 <"$T/in"

# mtb course at a depth that would take hours says so before it starts.
echo "WWWxBBBxWxBxxxxxxx" >"$T/board"
timeout 3 "$MTB" course game "$T/board" "$T/board.out" 14 >/dev/null 2>"$T/err"
grep -q "may take very long" "$T/err" || bad "mtb course at depth 14 gave no warning: $(head -c 300 "$T/err")"

# --- overlong lines: bounded reading, bounded diagnostics --------------
for proto in compo lasker; do
  { [ "$proto" = compo ] && echo 0 || echo orange; head -c 100000 /dev/zero | tr '\0' 'x'; echo; } >"$T/in"
  run "$MTB" player --protocol "$proto" --budget 0.2 <"$T/in"
  [ "$rc" = 1 ] || bad "player $proto, overlong line: exit $rc, want 1"
  [ "$(wc -c <"$T/err")" -lt 400 ] || bad "player $proto, overlong line: $(wc -c <"$T/err") bytes on stderr"
  grep -q "(4100 bytes)" "$T/err" || bad "player $proto, overlong line: length not shown: ${err:0:300}"
done

finish "hardening"
