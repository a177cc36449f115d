#!/usr/bin/env python3
"""Where a many-thread `mtb gen` run's wall went between its units: the run's
units replayed from its log, each with the seconds and team it had, under a
greedy list schedule of THREADS threads (a unit starts once its needs are
finished and its team is free; the memory rule of gen/unit_scheduler.h
kept), and the bounds beside it (issue 34 item 4).

  mtb gen --rules R --max-stones K --plan --threads T --json >PLAN.json
  scripts/gen-schedule-replay.py PLAN.json GEN.err T

GEN.err is the run's stderr (its "[i/n] unit: ... positions in S s (...; k
threads; ..." lines), PLAN.json the plan of the same units (their needs).
Prints:
  * the critical path: the longest chain of needs by the units' own seconds,
    the wall no schedule of these teams can beat;
  * thread-seconds / T: the wall if every thread were busy all the time;
  * the replayed wall under two orders of the ready units: largest first
    (mtb gen's) and longest chain to the end first (a list scheduler's
    classic), to tell whether the order of units is what costs time.
When the replayed largest-first wall is near the run's own, the replay
holds; when both orders replay to the same wall, well above both bounds,
the units' teams (their seconds) are the lever, not the order.
"""
import functools
import heapq
import json
import sys

from gen_log import unit_lines

def main() -> int:
    if len(sys.argv) != 4:
        print("usage: scripts/gen-schedule-replay.py PLAN.json GEN.err THREADS (see the top of this file)",
              file=sys.stderr)
        return 2
    plan = json.load(open(sys.argv[1]))
    threads = int(sys.argv[3])
    seconds, team = {}, {}
    for u in unit_lines(sys.argv[2]):
        if u["threads"] is not None:
            seconds[u["name"]] = u["seconds"]
            team[u["name"]] = min(threads, u["threads"])
    units = {u["number"]: u for u in plan["units"]}
    if len(seconds) != len(units):
        print(f"{sys.argv[2]} has {len(seconds)} finished units, the plan {len(units)}: not the same run",
              file=sys.stderr)
        return 1
    missing = [u["name"] for u in units.values() if u["name"] not in seconds]
    if missing:
        print(f"no finished line in {sys.argv[2]} for {len(missing)} units, e.g. {missing[0]}", file=sys.stderr)
        return 1
    sec = {n: seconds[u["name"]] for n, u in units.items()}
    size = {n: team[u["name"]] for n, u in units.items()}
    work = {n: u["positions"] for n, u in units.items()}
    largest = max(work.values())
    needed_by = {n: [] for n in units}
    for n, u in units.items():
        for c in u["needs"]:
            needed_by[c].append(n)

    @functools.lru_cache(maxsize=None)
    def chain_to_end(n: int) -> float:
        return sec[n] + max((chain_to_end(p) for p in needed_by[n]), default=0.0)

    def replay(priority) -> float:
        left = {n: len(u["needs"]) for n, u in units.items()}
        started, running = set(), []
        now, free, running_work, finished = 0.0, threads, 0, 0
        while finished < len(units):
            for n in sorted((n for n in units if left[n] == 0 and n not in started), key=priority):
                if size[n] <= free and (not running or running_work + work[n] <= largest):
                    started.add(n)
                    free -= size[n]
                    running_work += work[n]
                    heapq.heappush(running, (now + sec[n], n))
            now, n = heapq.heappop(running)
            free += size[n]
            running_work -= work[n]
            finished += 1
            for p in needed_by[n]:
                left[p] -= 1
        return now

    busy = sum(sec[n] * size[n] for n in units)
    print(f"{len(units)} units on {threads} threads")
    print(f"critical path (the units' own seconds): {max(chain_to_end(n) for n in units):.2f} s")
    print(f"thread-seconds {busy:.1f} / {threads}: {busy / threads:.2f} s")
    print(f"replayed, largest first: {replay(lambda n: (-work[n], n)):.2f} s")
    print(f"replayed, longest chain to the end first: {replay(lambda n: (-chain_to_end(n), n)):.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
