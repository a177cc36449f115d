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
grep -q "2 files, 2 sound" <<<"$("$mtb" verify "$dir/full" --values 2>/dev/null)" || fail "verify --values with WDL files beside"
# --resume keeps a finished table of the kind asked for and rewrites one of
# another kind.
grep -q "kept (--resume)" <<<"$("$mtb" wdl "$dir/full" --out "$dir/wdl" --resume 2>/dev/null)" || fail "--resume did not keep"
grep -q "kept (--resume)" <<<"$("$mtb" wdl "$dir/full" --out "$dir/wdl" --resume --plain 2>/dev/null)" && fail "--resume kept another kind"
# --leave-out: of nmm 3..4 the plan leaves out one of 3v4 and 4v3 (each
# rests on the other); the probe searches one ply there and agrees with the
# values; the plain copies are gone; with --sectors it is a usage error.
"$mtb" gen --rules nmm --max-stones 4 --out "$dir/four" >/dev/null 2>&1
lo=$("$mtb" wdl "$dir/four" --out "$dir/lo" --leave-out 2>/dev/null)
grep -q "^left out: 1 of 4 sectors" <<<"$lo" || fail "--leave-out: $(grep '^left out' <<<"$lo")"
[ "$(ls "$dir/lo" | wc -l)" = 3 ] || fail "--leave-out left $(ls "$dir/lo")"
for side in w b; do
    p="WW.W.W..........B.B.B... $side 0 0"
    want=$("$mtb" probe --rules nmm --tables "$dir/four" --json "$p" | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
    got=$("$mtb" probe --rules nmm --tables "$dir/lo" --json "$p" | python3 -c 'import json,sys; print(json.load(sys.stdin)["value"])')
    [ "$want" = "$got" ] || fail "--leave-out: $p is $got, the values say $want"
done
set +e
"$mtb" wdl "$dir/four" --out "$dir/lo2" --leave-out --sectors 3v3 >/dev/null 2>&1
[ $? = 2 ] || fail "--leave-out with --sectors is not a usage error"
set -e
echo "1 passed, 0 failed"
