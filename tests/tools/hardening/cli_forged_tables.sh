#!/usr/bin/env bash
# usage: cli_forged_tables.sh path/to/mtb path/to/forge_table
# Issue 28: tables forged with recomputed checksums (forge_table) are
# damaged tables for every command (exit 1, the file named, never an
# abort); user files that never end a line are refused; a journal that
# cannot be written stops verify.  Each check names what it expects; the
# script fails at the end when any did.
set -uo pipefail
MTB=$(realpath "$1")
FORGE=$(realpath "$2")
source "$(dirname "$0")/check_lib.sh"
hardening_begin forged 20
# forged NAME SOURCE_DIR FORGE_ARGS...: a copy of SOURCE_DIR as $T/NAME with
# its one .mtb file (or the one named by FILE=...) forged.
forged() {
  local name=$1 src=$2 file=$3
  shift 3
  rm -rf "${T:?}/$name" && cp -r "$src" "$T/$name"
  "$FORGE" "$T/$name/$file" "$@" || bad "forge_table $file $*: exit $?"
}

"$MTB" gen --rules nmm --max-stones 3 --out "$T/nmm" --threads 1 >/dev/null 2>&1 || bad "gen nmm 3"
"$MTB" gen --rules lasker-20 --max-stones 3 --out "$T/l20" --threads 1 >/dev/null 2>&1 || bad "gen lasker-20 3"
pos=".WB......WB...........BW w 0 0"
lpos="W..W.....B..B.....W..B.. w 0 0 0"
expect 0 "1 sound, 0 damaged" "$MTB" verify "$T/nmm"
expect 0 "6 sound, 0 damaged" "$MTB" verify "$T/l20" --values --threads 2

# --- D1, D2: a header claiming 2^32 - 1 slots, in a sparse file of the size
# it claims (a 103 GB block index): checked against the sector first.
forged slots "$T/nmm" nmm_3v3.mtb --consistent slot_count=4294967295 block_slots=1
expect 1 "nmm_3v3.mtb: header says 4294967295 slots, but sector 3v3 has" "$MTB" verify "$T/slots"
expect 1 "nmm_3v3.mtb: header says 4294967295 slots" "$MTB" verify "$T/slots" --values
expect 1 "nmm_3v3.mtb: header says 4294967295 slots" "$MTB" stats "$T/slots"
expect 1 "nmm_3v3.mtb: header says 4294967295 slots" "$MTB" wdl "$T/slots" --out "$T/slots-wdl"
expect 1 "corrupt table" "$MTB" probe --rules nmm --tables "$T/slots" "$pos"
grep -q "nmm_3v3.mtb: header says 4294967295 slots" "$T/err" || bad "probe did not name the forged file: ${err:0:300}"
# The same under a fingerprint this program does not know: no sector to
# check against, so the block index is read in bounded pieces.
forged foreign "$T/nmm" nmm_3v3.mtb --consistent slot_count=4294967295 block_slots=1 fingerprint=1
expect 1 "nmm_3v3.mtb: block index out of order" "$MTB" verify "$T/foreign"
expect 1 "nmm_3v3.mtb: block index out of order" "$MTB" stats "$T/foreign"
# A block size that makes the block index 24 bytes a slot, for the real slot count.
forged tiny "$T/nmm" nmm_3v3.mtb --consistent block_slots=1
expect 1 "nmm_3v3.mtb: " "$MTB" verify "$T/tiny"
# A slot count whose rounding up would wrap.
forged wrap "$T/nmm" nmm_3v3.mtb slot_count=18446744073709551615 block_slots=2 block_count=0
expect 1 "nmm_3v3.mtb: block count does not match" "$MTB" verify "$T/wrap"

# --- D3: dictionary counts ----------------------------------------------
forged moved "$T/nmm" nmm_3v3.mtb move_count=0,1,1000
expect 1 "nmm_3v3.mtb: dictionary says .* positions hold code" "$MTB" verify "$T/moved"
expect 1 "nmm_3v3.mtb: dictionary says" "$MTB" verify "$T/moved" --values
forged overflow "$T/nmm" nmm_3v3.mtb dict.0.count=9223372036854775808 dict.1.count=9223372036854775808
expect 1 "nmm_3v3.mtb: dictionary counts exceed the slot count" "$MTB" stats "$T/overflow"
expect 1 "nmm_3v3.mtb: dictionary counts exceed the slot count" "$MTB" verify "$T/overflow"
forged short "$T/nmm" nmm_3v3.mtb dict.0.count=1
expect 1 "nmm_3v3.mtb: dictionary counts sum to .* not the 169626 slots" "$MTB" stats "$T/short"
expect 1 "corrupt table" "$MTB" probe --rules nmm --tables "$T/short" "$pos"

# --- D4: lasker-20 codes beyond the no-capture limit (DTC 21) -----------
forged dtc21 "$T/l20" lasker-20_3v3.mtb dict.0.code=43
expect 1 "lasker-20_3v3.mtb: dictionary holds code 43, outside the range of lasker-20 values" "$MTB" verify "$T/dtc21"
expect 1 "corrupt table" "$MTB" probe --rules lasker-20 --tables "$T/dtc21" "$lpos"
forged dtc0 "$T/l20" lasker-20_3v3.mtb dict.0.code=2
expect 1 "dictionary holds code 2, outside the range" "$MTB" verify "$T/dtc0"

# --- item 9: verify --values speaks lasker-20's metric (DTC, not plies) --
forged swapped "$T/l20" lasker-20_3v3.mtb swap_codes=0,1
expect 1 "wrong value: .*: stored (win|loss), dtc [0-9]+, successors give (win|loss), dtc" \
  "$MTB" verify "$T/swapped" --values --threads 2
grep -Eq "stored (win|loss) in [0-9]" "$T/out" && bad "verify --values printed lasker-20 values as plies"

# --- D11: wdl --sectors names sectors that are not there ---------------
expect 2 "no value table of sector 99v99" "$MTB" wdl "$T/nmm" --out "$T/w" --sectors 99v99
expect 2 "no value table of sector 4v4" "$MTB" wdl "$T/nmm" --out "$T/w" --sectors 3v3,4v4
expect 0 "nmm_3v3.wdl.mtb" "$MTB" wdl "$T/nmm" --out "$T/w" --sectors 3v3

# --- issue 36: format version 2 (packed symbols, zstd dictionaries) -----
# header_byte FILE OFFSET: one header byte, as a number.
header_byte() { od -An -tu1 -j "$2" -N1 "$1" | tr -d ' '; }
expect 0 "total: .*1 tables repacked, 0 failed" "$MTB" repack "$T/w" --out "$T/w2" --block-slots 8192 --level 3
w2="$T/w2/nmm_3v3.wdl.mtb"
# A capture-resolved file gets no rule-decided slots: it stays version 2.
[ "$(header_byte "$w2" 8)" = 2 ] || bad "repack did not write format version 2"
[ "$(header_byte "$w2" 113)" = 3 ] || bad "a win/draw/loss table was not packed in base 3"
expect 0 "1 sound, 0 damaged" "$MTB" verify "$T/w2"
# Old files open; a version-1 copy, repacked back, is the same file byte for byte.
expect 0 "1 tables repacked" "$MTB" repack "$T/nmm" --out "$T/v1" --format 1 --level 9
[ "$(header_byte "$T/v1/nmm_3v3.mtb" 8)" = 1 ] || bad "repack --format 1 did not write version 1"
expect 0 "1 sound, 0 damaged" "$MTB" verify "$T/v1" --values
expect 0 "1 tables repacked" "$MTB" repack "$T/v1" --out "$T/v2" --level 9 --keep-decided
cmp -s "$T/v2/nmm_3v3.mtb" "$T/nmm/nmm_3v3.mtb" || bad "v1 -> v2 repack differs from what gen wrote"
# Version 3 (rule-decided slots) and back to version 1: the same file byte
# for byte, so every restored value is the stored one.
expect 0 "1 tables repacked" "$MTB" repack "$T/v1" --out "$T/v3" --level 9
[ "$(header_byte "$T/v3/nmm_3v3.mtb" 115)" = 1 ] || bad "v1 -> v3 repack left no rule-decided slots"
expect 0 "1 tables repacked" "$MTB" repack "$T/v3" --out "$T/v3-v1" --format 1 --level 9
cmp -s "$T/v3-v1/nmm_3v3.mtb" "$T/v1/nmm_3v3.mtb" || bad "v3 -> v1 repack differs from the version-1 file"
expect 0 "1 sound, 0 damaged" "$MTB" verify "$T/v3"
# verify --values reads version 3 through its restore: fillers are not damage.
expect 0 "1 sound, 0 damaged" "$MTB" verify "$T/v3" --values
expect 0 "6 tables repacked" "$MTB" repack "$T/l20" --out "$T/l20-v3"
# gen on a version-3 folder: children's rule-decided slots are read as the
# rules' values, not as their fillers, so the 4-stone units it adds are the
# same files as those solved beside the tables gen wrote.
for d in nmm v3; do
  rm -rf "$T/ext-$d" && cp -r "$T/$d" "$T/ext-$d"
  "$MTB" gen --rules nmm --max-stones 4 --out "$T/ext-$d" --threads 1 >/dev/null 2>&1 || bad "gen nmm 4 over $d"
done
for f in nmm_3v4.mtb nmm_4v3.mtb nmm_4v4.mtb; do
  cmp -s "$T/ext-nmm/$f" "$T/ext-v3/$f" || bad "gen over version-3 children wrote another $f"
done
expect 0 "6 sound, 0 damaged" "$MTB" verify "$T/l20-v3" --values --threads 2
expect 0 "6 tables repacked" "$MTB" repack "$T/l20" --out "$T/l20-v1" --format 1
expect 0 "6 sound, 0 damaged" "$MTB" verify "$T/l20-v1" --values --threads 2
for d in nmm v1 v3; do "$MTB" probe --rules nmm --tables "$T/$d" "$pos" >"$T/probe.$d" 2>&1 || bad "probe on $d"; done
cmp -s "$T/probe.nmm" "$T/probe.v1" || bad "probe differs on the version-1 copy"
cmp -s "$T/probe.nmm" "$T/probe.v3" || bad "probe differs on the version-3 copy"
# Forged version-2 fields are damage, named with the file.
forged pack "$T/w2" nmm_3v3.wdl.mtb pack_base=2
expect 1 "nmm_3v3.wdl.mtb: bad symbol packing" "$MTB" verify "$T/pack"
expect 1 "nmm_3v3.wdl.mtb: bad symbol packing" "$MTB" stats "$T/pack"
forged zdict "$T/w2" nmm_3v3.wdl.mtb --consistent zdict_size=64
expect 1 "nmm_3v3.wdl.mtb: " "$MTB" verify "$T/zdict"
forged version "$T/nmm" nmm_3v3.mtb format_version=4
expect 1 "nmm_3v3.mtb: format version 4 not supported" "$MTB" verify "$T/version"
expect 1 "corrupt table" "$MTB" probe --rules nmm --tables "$T/version" "$pos"
forged decided2 "$T/v2" nmm_3v3.mtb rule_decided=1
expect 1 "nmm_3v3.mtb: reserved header field not zero" "$MTB" verify "$T/decided2"
forged decided3 "$T/v3" nmm_3v3.mtb rule_decided=2
expect 1 "nmm_3v3.mtb: unknown rule-decided kind" "$MTB" verify "$T/decided3"
# repack: never into its own folder; a damaged table is not written.
expect 2 "must be another folder" "$MTB" repack "$T/nmm" --out "$T/nmm"
expect 2 "give --out" "$MTB" repack "$T/nmm"
expect 2 "--format" "$MTB" repack "$T/nmm" --out "$T/r" --format 4
expect 1 "nmm_3v3.wdl.mtb: bad symbol packing" "$MTB" repack "$T/pack" --out "$T/r"
[ -z "$(ls -A "$T/r")" ] || bad "repack left files for a damaged table: $(ls "$T/r")"

# --- D5: bounded line reads ---------------------------------------------
expect 2 "is not a regular file" "$MTB" verify "$T/nmm" --journal /dev/zero
{ head -c 10000 /dev/zero | tr '\0' 'x'; echo; } >"$T/long.journal"
expect 2 "line 1 is over 4096 bytes" "$MTB" verify "$T/nmm" --journal "$T/long.journal"
expect 2 "first line over 4096 bytes" "$MTB" course game /dev/zero "$T/course.out" 1
expect 2 "line over 4096 bytes" "$MTB" match --rules nmm --openings /dev/zero --games 1

# --- D10: journal write faults stop verify ------------------------------
expect 2 "is not a regular file" "$MTB" verify "$T/nmm" --journal /dev/full
# Over a file-size limit (SIGXFSZ ignored, as a shell's trap leaves it
# for the program it starts) every append fails with EFBIG.  Its output
# goes through a pipe: the limit holds for every regular file it writes.
out=$({ (trap '' XFSZ && ulimit -f 0 && exec timeout 20 "$MTB" verify "$T/nmm" --journal "$T/full.journal") 2>&1 | cat
  echo "exit ${PIPESTATUS[0]}"; })
grep -q "^exit 1$" <<<"$out" || bad "verify, journal over a file-size limit: want exit 1: ${out:0:300}"
grep -q "cannot write the journal .*File too large" <<<"$out" ||
  bad "verify, journal over a file-size limit: no reason given: ${out:0:300}"
expect 0 "1 sound" "$MTB" verify "$T/nmm" --journal "$T/good.journal"
expect 0 "ok .*nmm_3v3.mtb \(journal\)" "$MTB" verify "$T/nmm" --journal "$T/good.journal"

finish "forged-table"
