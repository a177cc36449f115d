#!/usr/bin/env python3
"""Game-by-game comparison of two `mtb match --verbose` logs made from the same openings and seed:
how many of the first log's draws the second won (BENCHMARKS.md, "The ultra level").

Usage: scripts/compare-match-logs.py PERFECT.txt ULTRA.txt"""
import sys, re
def games(f):
    return {int(m.group(1)): m.group(2) for m in (re.match(r"game\s+(\d+)\s+A \w+\s+(\w+)", l) for l in open(f)) if m}
p, u = games(sys.argv[1]), games(sys.argv[2])
common = sorted(set(p) & set(u))
pd = [g for g in common if p[g] == "draw"]
conv = [g for g in pd if u[g] == "won"]
pw = [g for g in common if p[g] == "won"]
lost_w = [g for g in pw if u[g] != "won"]
def cnt(d): return {k: sum(1 for g in common if d[g] == k) for k in ("won", "draw", "lost")}
print("games %d  perfect %s  ultra %s" % (len(common), cnt(p), cnt(u)))
print("perfect's draws %d, ultra won %d of them (%.1f%%); perfect's wins ultra did not win: %d" %
      (len(pd), len(conv), 100.0 * len(conv) / max(1, len(pd)), len(lost_w)))
