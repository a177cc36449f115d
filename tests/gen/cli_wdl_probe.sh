#!/usr/bin/env bash
# mtb probe on WDL-only tables (mtb wdl): the text says the distance is
# unknown and the JSON gives plies null, never a made-up "win in 0".
set -euo pipefail
mtb=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$mtb" gen --rules nmm --max-stones 3 --out "$dir/full" >/dev/null 2>&1
"$mtb" wdl "$dir/full" --out "$dir/wdl" >/dev/null 2>&1
pos=".WB......WB...........BW w 0 0"
text=$("$mtb" probe --rules nmm --tables "$dir/wdl" "$pos")
json=$("$mtb" probe --rules nmm --tables "$dir/wdl" --json "$pos")
full=$("$mtb" probe --rules nmm --tables "$dir/full" "$pos")
fail() { echo "FAIL: $*"; exit 1; }
grep -q "^value: win in 13$" <<<"$full" || fail "full tables: $(grep '^value' <<<"$full")"
grep -q "^value: win (WDL-only table: no distance)$" <<<"$text" || fail "WDL-only text: $(grep '^value' <<<"$text")"
grep -q "in 0" <<<"$text" && fail "WDL-only text claims a distance of 0"
python3 - "$json" <<'PY' || fail "WDL-only JSON"
import json, sys
j = json.loads(sys.argv[1])
assert j["value"] == "win" and j["plies"] is None, j
assert j["moves"] and all(m["plies"] is None for m in j["moves"] if m["value"] != "draw"), j["moves"][:3]
PY
# mtb stats cannot count a capture-resolved file's wins (lowered slots):
# "-" there, numbers for a --plain file.
"$mtb" wdl "$dir/full" --out "$dir/plain" --plain >/dev/null 2>&1
grep -Eq '^nmm_3v3\.wdl\.mtb +[0-9]+ +- +- +- ' <<<"$("$mtb" stats "$dir/wdl")" || fail "stats of a capture-resolved file"
grep -Eq '^nmm_3v3\.wdl\.mtb +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ ' <<<"$("$mtb" stats "$dir/plain")" || fail "stats of a plain file"
# Beside its values file, mtb verify --values checks a WDL file's values.
"$mtb" wdl "$dir/full" >/dev/null 2>&1
"$mtb" verify "$dir/full" --values 2>/dev/null | grep -q "2 files, 2 sound" || fail "verify --values with WDL files beside"
# --resume keeps a finished table of the kind asked for and rewrites one of
# another kind.
grep -q "kept (--resume)" <<<"$("$mtb" wdl "$dir/full" --out "$dir/wdl" --resume)" || fail "--resume did not keep"
grep -q "kept (--resume)" <<<"$("$mtb" wdl "$dir/full" --out "$dir/wdl" --resume --plain)" && fail "--resume kept another kind"
echo "1 passed, 0 failed"
