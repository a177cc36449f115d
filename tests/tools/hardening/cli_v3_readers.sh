#!/usr/bin/env bash
# usage: cli_v3_readers.sh path/to/mtb
# The command-line readers of a folder that `mtb repack` wrote in format
# version 3 (rule-decided slots, table/FORMAT.md) give what they give on
# the same tables in version 2, as found by the independent route of
# solving them: stats' figures (a table whose only wins are decided by the
# rules showed no longest win), wdl's copies (byte for byte), and a
# version-3 folder repacked back to version 2 is the original, byte for
# byte.  About 5 s (nmm 3v3, 3v4 and 4v3, DTM and DTC).
set -uo pipefail
MTB=$(realpath "$1")
source "$(dirname "$0")/check_lib.sh"
hardening_begin v3_readers 120
# figures FILE: stats' text without the counts (a version-3 table leaves
# them unknown, "-") and the sizes (bytes, bits/pos), which the format changes.
figures() { awk '{ print $1, $2, $6, $7, $8 }' "$1"; }

for metric in dtm dtc; do
  v2=$T/$metric-v2 v3=$T/$metric-v3
  # 3v3, then the unit of 4v3 and 3v4 (no 4v4: the largest, not needed).
  for sector in 3v3 4v3; do
    expect 0 "" "$MTB" gen --rules nmm --sectors $sector --metric $metric --out "$v2" --threads 1
  done
  expect 0 "3 tables repacked" "$MTB" repack "$v2" --out "$v3" --threads 1
  # The test means something only where version 3 left slots to the rules.
  [ "$(od -An -tu1 -j8 -N1 "$v3/nmm_4v3.mtb" | tr -d ' ')" = 3 ] ||
    bad "$metric: repack wrote nmm_4v3 in another version than 3"

  # stats: the longest win and loss of each table, the same in both.
  expect 0 "" "$MTB" stats "$v2" && cp "$T/out" "$T/stats-v2"
  expect 0 "" "$MTB" stats "$v3" && cp "$T/out" "$T/stats-v3"
  diff <(figures "$T/stats-v2") <(figures "$T/stats-v3") >"$T/stats-diff" ||
    bad "$metric: stats differ on version 3: $(cat "$T/stats-diff")"
  expect 0 "" "$MTB" stats "$v3" --json
  grep -q '"sector":"4v3".*"longest_win":1[,}]' <(tr -d ' \n' <"$T/out" | sed 's/},{/}\n{/g') ||
    bad "$metric: stats --json on version 3 gives 4v3 no longest win of 1: $(head -c 600 "$T/out")"

  # wdl: the copies of version-3 values are the copies of version-2 ones.
  # (DTM only, default copies: DTC and --leave-out go the same way.)
  [ $metric = dtm ] || continue
  expect 0 "" "$MTB" wdl "$v2" --out "$T/w2" --threads 1 --level 3
  expect 0 "" "$MTB" wdl "$v3" --out "$T/w3" --threads 1 --level 3
  for f in "$T/w2"/*.mtb; do
    cmp -s "$f" "$T/w3/$(basename "$f")" || bad "wdl over version 3 wrote another $(basename "$f")"
  done

  # v3 -> v2 is the original, byte for byte.
  expect 0 "3 tables repacked" "$MTB" repack "$v3" --out "$T/$metric-back" --format 2 --threads 1
  for f in "$v2"/*.mtb; do
    cmp -s "$f" "$T/$metric-back/$(basename "$f")" || bad "$metric: v3 -> v2 is not the original $(basename "$f")"
  done
done

finish "version-3 readers"
