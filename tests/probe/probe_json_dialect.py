"""mtb probe --json speaks mtb serve's dialect (issue 39): each ply carries
`category` and its distance under the folder's metric name, a finished game
says why it is over, and a missing table names the position's own table and
the `mtb gen` command that makes it (not a ply's table).
Usage: probe_json_dialect.py MTB"""
import json
import os
import subprocess
import sys
import tempfile


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def probe(mtb, tables, text):
    p = subprocess.run([mtb, "probe", "--rules", "nmm", "--tables", tables, "--json", text],
                       capture_output=True, text=True, timeout=60)
    try:
        return p.returncode, json.loads(p.stdout), p.stderr
    except json.JSONDecodeError:
        fail("%s: not JSON: %r (stderr %r)" % (text, p.stdout[:300], p.stderr[:300]))


def main(mtb):
    with tempfile.TemporaryDirectory() as root:
        for metric in ("dtm", "dtc"):
            folder = os.path.join(root, metric)
            subprocess.run([mtb, "gen", "--rules", "nmm", "--max-stones", "3", "--metric", metric, "--out", folder],
                           check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            rc, a, _ = probe(mtb, folder, ".WB......WB...........BW w 0 0")
            if rc != 0 or not a["moves"]:
                fail("%s: probe of a 3v3 win: exit %d, %d moves" % (metric, rc, len(a["moves"])))
            for m in a["moves"]:
                # lichess's habit: a ply's category and distance are the position after it's.
                if m.get("category") not in ("win", "loss", "draw") or not isinstance(m.get(metric), int):
                    fail("%s: ply %s lacks category or %s: %s" % (metric, m.get("move"), metric, m))
                other = "dtc" if metric == "dtm" else "dtm"
                if other in m:
                    fail("%s: ply %s names the other metric: %s" % (metric, m.get("move"), m))

        tables = os.path.join(root, "dtm")
        # A finished game: White has captured down to two black stones.
        rc, a, _ = probe(mtb, tables, "WW.......W............BB b 0 0")
        if rc != 0 or a.get("game_over") is not True or a.get("game_over_reason") != "too few stones":
            fail("finished game: exit %d, game_over %r, reason %r" % (rc, a.get("game_over"),
                                                                    a.get("game_over_reason")))
        rc, a, _ = probe(mtb, tables, ".WB......WB...........BW w 0 0")
        if a.get("game_over") is not False or a.get("game_over_reason", "absent") is not None:
            fail("game on: game_over %r, reason %r" % (a.get("game_over"), a.get("game_over_reason")))

        # 4v3: no table here; the message starts with the position's own table.
        rc, a, err = probe(mtb, tables, "WWB......WB...........BW w 0 0")
        msg = a.get("error") or ""
        if rc == 0 or not msg.startswith("no table for sector 4v3") or "nmm_4v3.mtb" not in msg:
            fail("missing table: exit %d, error %r (want the position's table, nmm_4v3.mtb, first)" % (rc, msg))
        if "mtb gen --rules nmm --sectors 4v3" not in msg:
            fail("missing table: no mtb gen command in %r" % msg)
    print("probe --json: serve's ply dialect, game-over reason, missing-table message: all checks passed")


if __name__ == "__main__":
    main(os.path.realpath(sys.argv[1]))
