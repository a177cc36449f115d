#!/usr/bin/env python3
"""What a new user meets on the command line (issue 26, items 3, 4 and 6):
one tables-folder rule, exit codes a script can rely on, help that matches
the program.  Each check names what it expected.

usage: check_cli.py MTB
"""
import json
import os
import re
import subprocess
import sys
import tempfile

MTB = sys.argv[1]
failures = []


def run(*args, stdin=None):
    return subprocess.run([MTB, *args], input=stdin, capture_output=True, text=True, timeout=60)


def expect(what, ok):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


with tempfile.TemporaryDirectory(prefix="mtb-cli-") as work:
    tables = os.path.join(work, "tables")
    empty = os.path.join(work, "empty")
    os.mkdir(empty)
    for rules in ("nmm", "lasker-20"):
        p = run("gen", "--rules", rules, "--max-stones", "3", "--out", os.path.join(tables, rules))
        assert p.returncode == 0, p.stderr

    # Item 3: DIR and DIR/<rules>/ are the same folder for every entry point.
    pos = ".WB......WB...........BW w 0 0"
    a = run("probe", "--rules", "nmm", "--tables", tables, "--json", pos)
    b = run("probe", "--rules", "nmm", "--tables", os.path.join(tables, "nmm"), "--json", pos)
    expect("probe: DIR and DIR/nmm give the same answer", a.returncode == 0 and a.stdout == b.stdout)
    start = "W..W.....B..B.....W..B.. w 0 0 18"
    p = run("player", "--protocol", "lasker", "--tables", tables, "--budget", "0.2", "--start", start, stdin="blue\n")
    expect("player: lasker-20 tables found in DIR/lasker-20 (no warning)",
           p.returncode == 0 and "no lasker" not in p.stderr and p.stdout.strip() != "")
    p = run("player", "--protocol", "lasker", "--tables", empty, "--budget", "0.2", "--start", start, stdin="blue\n")
    expect("player: an empty DIR is a loud warning naming the rule set and both folders",
           "WARNING: no lasker-20 table found in " + empty + " and " + os.path.join(empty, "lasker-20") in p.stderr)
    p = run("probe", "--rules", "nmm", "--tables", empty, pos)
    expect("probe: no table names the rule set and the folders looked at",
           p.returncode == 1 and "no nmm table found in " + empty + " and " in p.stderr)

    # Item 4: exit codes.
    p = run("probe", "--rules", "nmm", "--tables", tables, "WWW w 0 0")
    expect("probe: a malformed position is bad input, 2", p.returncode == 2)
    p = run("probe", "--rules", "nmm", "--tables", tables, "--json", "WWW w 0 0")
    err = json.loads(p.stdout) if p.stdout.strip().startswith("{") else {}
    expect("probe --json: an error is JSON on stdout too", err.get("exit_code") == 2 and "error" in err)
    for cmd in ("stats", "wdl"):
        expect(cmd + ": an empty folder fails", run(cmd, empty).returncode == 1)
        expect(cmd + ": a missing folder fails", run(cmd, os.path.join(work, "missing")).returncode == 1)
    p = run("wdl", os.path.join(tables, "lasker-20"))
    expect("wdl: a lasker-20 folder says what it skipped and why",
           p.returncode == 1 and "skipped" in p.stderr and "counter" in p.stderr)
    wdl_dir = os.path.join(work, "wdl")
    assert run("wdl", os.path.join(tables, "nmm"), "--out", wdl_dir, "--plain").returncode == 0
    p = run("stats", wdl_dir, "--json")
    total = json.loads(p.stdout)["total"] if p.returncode == 0 else {}
    expect("stats: a win/draw/loss-only folder shows its counts",
           total.get("positions", 0) > 0 and (total.get("wins") or 0) > 0)
    p = run("verify", wdl_dir, "--values")
    expect("verify --values: a win/draw/loss-only folder says its values were not checked",
           p.returncode == 0 and "values not checked" in p.stdout)
    board = os.path.join(work, "board.txt")
    with open(board, "w") as f:
        f.write("not a board\n")
    p = run("course", "game", board, os.path.join(work, "out.txt"), "1")
    expect("course: an input that is no board is bad input, 2", p.returncode == 2)
    p = run("gen", "--rules", "nmm", "--max-stones", "3", "--metric", "dtx")
    expect("gen: an unknown metric is bad usage, 2, naming dtm and dtc", p.returncode == 2 and "dtc" in p.stderr)
    p = run("gen", "--rules", "lasker-20", "--max-stones", "3", "--metric", "dtm")
    expect("gen: dtm under a no-capture limit is bad usage, 2", p.returncode == 2 and "dtc only" in p.stderr)

    # Item 6: help that matches the program.
    top = run("--help").stdout
    benches = re.findall(r"^  (\w+) ", run("bench", "--help").stdout.split("benchmarks:")[1], re.M)
    expect("--help lists every bench (%s)" % ", ".join(benches),
           len(benches) >= 5 and all(b in top.split("bench", 1)[1].splitlines()[0] for b in benches))
    expect("--help describes verify with --values", any("verify" in l and "--values" in l for l in top.splitlines()))
    usage = run("player", "--help").stdout.split("\n\n")[0]  # the usage lines, up to the first blank one
    expect("player --help's usage has --start", usage.startswith("usage:") and "--start" in usage)
    commands = re.findall(r"^  (\w+) ", top.split("commands:")[1], re.M)
    for c in commands:
        p = run(c, "-h")
        expect("%s -h is help" % c, p.returncode == 0 and p.stdout.startswith("usage: mtb " + c))
    probe_help = run("probe", "--help").stdout
    fields = set(json.loads(a.stdout)) | set(json.loads(a.stdout)["moves"][0])
    expect("probe --help documents every --json field (%s)" % ", ".join(sorted(fields)),
           all(re.search(r"\b%s\b" % f, probe_help) for f in fields))

if failures:
    raise SystemExit("FAIL: %d checks: %s" % (len(failures), "; ".join(failures)))
