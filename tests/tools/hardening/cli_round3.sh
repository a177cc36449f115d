#!/usr/bin/env bash
# usage: cli_round3.sh path/to/mtb
# Round three's repros (issue 39), rerun as an attacker and a careless user
# would: nothing overwritten (gen into another metric's or rule set's
# folder, two wdl runs into one folder, a temporary name planted as a
# link), nothing misread (a folder mixing metrics, a damaged child, the
# metric in stats), the DIR/<rules>/ folder rule, a torn verify journal,
# 64-bit player seeds.  Each check names what it expects; the script fails
# at the end when any did.  About 2 s (six tables with up to 4 stones a side).
set -uo pipefail
MTB=$(realpath "$1")
source "$(dirname "$0")/check_lib.sh"
hardening_begin round3 120
# sums DIR: the checksums of DIR's tables, to show that nothing changed.
sums() { (cd "$1" && sha256sum ./*.mtb); }

expect 0 "" "$MTB" gen --rules six --max-stones 4 --out "$T/dtm" --threads 1
expect 0 "" "$MTB" gen --rules six --max-stones 4 --metric dtc --out "$T/dtc" --threads 1

# --- item 1: gen never overwrites another metric's or rule set's folder -
before_dtm=$(sums "$T/dtm") before_dtc=$(sums "$T/dtc")
expect 2 "$T/dtm holds dtm tables.*--metric dtm" "$MTB" gen --rules six --max-stones 4 --metric dtc --out "$T/dtm"
expect 2 "$T/dtc holds dtc tables.*--metric dtc" "$MTB" gen --rules six --max-stones 4 --out "$T/dtc"
expect 2 "$T/dtm holds six tables.*--rules six" "$MTB" gen --rules morris18 --max-stones 3 --out "$T/dtm"
[ "$(sums "$T/dtm")" = "$before_dtm" ] || bad "gen changed the tables of a folder of another metric"
[ "$(sums "$T/dtc")" = "$before_dtc" ] || bad "gen changed the tables of a folder of another metric"
# Its own metric and rule set: resumed, as before.
expect 0 "done" "$MTB" gen --rules six --max-stones 4 --metric dtc --out "$T/dtc"

# --- item 1: stats says which metric its distances count ----------------
expect 0 "^six_4v4.mtb .* dtc +[0-9]+ +[0-9]+ " "$MTB" stats "$T/dtc"
expect 0 "^total .* dtm +[0-9]+ +[0-9]+ " "$MTB" stats "$T/dtm"

# --- item 2: a folder mixing metrics is mixed, never sound or damaged ---
# 3v3 in DTC, the rest in DTM: 3v3 is checked first and is a capture child
# of 3v4, so a verifier that reuses the loaded 3v3 without its metric
# blames the sound 3v4.
mkdir -p "$T/mix" && cp "$T/dtm"/*.mtb "$T/mix/" && cp "$T/dtc/six_3v3.mtb" "$T/mix/"
expect 1 "^MIXED .*dtc.*dtm" "$MTB" verify "$T/mix"
expect 1 "^MIXED " "$MTB" verify "$T/mix" --values --threads 1
grep -q "^DAMAGED" "$T/out" && bad "verify --values blamed a sound file of a mixed folder: $(grep DAMAGED "$T/out" | head -2)"
grep -q "^UNCHECKED .*six_3v4.mtb.*six_3v3.mtb: holds dtc values, not dtm" "$T/out" ||
  bad "verify --values did not say why six_3v4's values were not checked: ${out:0:400}"
expect 0 "mixed" "$MTB" stats "$T/mix"
grep -q "mixes metrics" "$T/err" || bad "stats gave no warning on a folder mixing metrics"
# A damaged child: the child is damaged, its sound parent is not.
mkdir -p "$T/child" && cp "$T/dtm"/*.mtb "$T/child/"
python3 - "$T/child/six_3v3.mtb" <<'EOF'
import sys
b = bytearray(open(sys.argv[1], "rb").read())
b[len(b) // 2] ^= 0xFF
open(sys.argv[1], "wb").write(b)
EOF
expect 1 "1 damaged" "$MTB" verify "$T/child" --values --threads 1
grep -q "^DAMAGED .*six_3v4.mtb" "$T/out" && bad "verify --values counted a sound parent of a damaged child as damaged"
grep -q "^UNCHECKED .*six_3v4.mtb" "$T/out" || bad "verify --values did not say six_3v4 went unchecked: ${out:0:400}"

# --- item 4: one wdl writer per folder; no shared temporary name --------
mkdir -p "$T/wdl"
exec 9>"$T/wdl/.mtb-gen.lock"
flock -n 9 || bad "cannot take the test's own lock"
expect 1 "another mtb gen or mtb wdl is writing into" "$MTB" wdl "$T/dtm" --out "$T/wdl" --plain
exec 9>&-
ls "$T/wdl"/*.mtb >/dev/null 2>&1 && bad "wdl wrote into a folder another run holds"
# A temporary name planted as a link to a victim: never written through.
echo "victim" >"$T/victim"
ln -s "$T/victim" "$T/wdl/six_3v3.wdl.mtb.tmp"
expect 0 "" "$MTB" wdl "$T/dtm" --out "$T/wdl" --plain
[ "$(cat "$T/victim")" = victim ] || bad "wdl wrote through a planted temporary name"
# Two runs at once: one writes, the other is refused, the tables are sound.
rm -f "$T/wdl"/*.mtb
"$MTB" wdl "$T/dtm" --out "$T/wdl" --level 19 >"$T/wdl1.out" 2>&1 &
pid=$!
"$MTB" wdl "$T/dtm" --out "$T/wdl" --level 19 >"$T/wdl2.out" 2>&1
rc2=$?
wait "$pid"
rc1=$?
[ "$rc1$rc2" = 00 ] || [ "$rc1$rc2" = 01 ] || [ "$rc1$rc2" = 10 ] || bad "two wdl runs: exits $rc1 and $rc2"
expect 0 "4 sound, 0 damaged" "$MTB" verify "$T/wdl"
ls "$T/wdl" | grep -q "tmp" && bad "temporary files left: $(ls "$T/wdl")"

# --- item 5: a torn journal line loses no record -----------------------
expect 0 "4 sound" "$MTB" verify "$T/dtm" --journal "$T/journal"
head -c -12 "$T/journal" >"$T/journal.torn" && mv "$T/journal.torn" "$T/journal"  # a kill mid-record
expect 0 "4 sound" "$MTB" verify "$T/dtm" --journal "$T/journal"
[ "$(grep -c "(journal)" "$T/out")" = 3 ] || bad "the torn record's file was not checked again: ${out:0:400}"
expect 0 "4 sound" "$MTB" verify "$T/dtm" --journal "$T/journal"
[ "$(grep -c "(journal)" "$T/out")" = 4 ] || bad "a record appended after a torn line was lost: $(cat "$T/journal")"

# --- item 6: stats, verify and wdl apply the DIR/<rules>/ folder rule ---
mkdir -p "$T/tables" && cp -r "$T/dtm" "$T/tables/six" && rm -f "$T/tables/six/.mtb-gen.lock"
expect 0 "^total " "$MTB" stats "$T/tables"
expect 0 "4 sound" "$MTB" verify "$T/tables"
expect 0 "six_4v4.wdl.mtb" "$MTB" wdl "$T/tables" --plain
[ -f "$T/tables/six/six_4v4.wdl.mtb" ] || bad "wdl DIR did not write into DIR/six/"
mkdir -p "$T/tables/morris18"
expect 0 "" "$MTB" gen --rules morris18 --max-stones 3 --out "$T/tables/morris18" --threads 1
expect 1 "several rule-set folders.*tables/morris18.*tables/six" "$MTB" stats "$T/tables"

# --- item 8: mtb player takes any 64-bit seed --------------------------
printf '0\nEEEEEEEEEEEEEEEEEEEEEEEE 9 9 0\n' >"$T/in"
expect 0 "" "$MTB" player --protocol compo --tables "$T/dtm" --level easy --seed 18446744073709551615 --budget 0.1 <"$T/in"
expect 2 "--seed must be a whole number from 0 to 18446744073709551615" \
  "$MTB" player --protocol compo --seed 18446744073709551616 <"$T/in"
expect 2 "--seed must be a whole number" "$MTB" player --protocol compo --seed -1 <"$T/in"

finish "round-three hardening"
