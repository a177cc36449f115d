#!/usr/bin/env python3
"""The probe library holds the core a player links and nothing of the
solver or of the player (issue 14, item 4).

    check_library_contents.py CORE_LIB... --not-from OTHER_LIB...

CORE_LIB: the libraries that are installed (libmtb_probe.a, libmtb_table.a,
libmtb_engine.a, libmtb_probe.so).  OTHER_LIB: the libraries of the solver
and the player (libmtb_table_write.a, libmtb_gen_base.a, libmtb_gen.a,
libmtb_search.a, libmtb_player.a).  Fails when a core
library defines

  - a symbol named like the search, the transposition table, the
    evaluation, the table writer, the value dictionary or the sector solve
    order (a fixed list, which holds even if their sources move back), or
  - any function or object that an OTHER_LIB defines strongly (so a new
    function of the solver or the player is caught without a list).

`nm` reads every symbol, local ones included: the shared library hides all
but the C API, and its hidden functions are still listed."""
import re
import subprocess
import sys

# Demangled names (nm -C) that only the solver or the player define.
FORBIDDEN = [
    (r"\bmtb::Search\b", "search"),
    (r"\bmtb::score_text\(", "search"),
    (r"\bmtb::TranspositionTable\b", "transposition table"),
    (r"\bmtb::(evaluate|features|phase_of)\(", "evaluation"),
    (r"\bmtb::write_table\(", "table writer"),
    (r"\bmtb::(count_codes|codes_by_frequency)\(", "value dictionary (writer)"),
    # successor_sectors() is the probe's own (a set may leave sectors out).
    (r"\bmtb::(solve_units|movement_units|stone_bounded_units|endgame_units)\(", "sector solve order"),
    (r"\bmtb::SolveUnit\b", "sector solve order"),
]


def symbols(lib, demangle, external_only=False):
    """(type, name) of every symbol `lib` defines."""
    cmd = ["nm", "--defined-only"] + (["-C"] if demangle else []) + (["-g"] if external_only else []) + [lib]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    result = []
    for line in out.splitlines():
        m = re.match(r"^[0-9a-fA-F]+ (\S) (.*)$", line)
        if m:
            result.append((m.group(1), m.group(2)))
    return result


def check(core, others):
    faults = []
    strong = {}
    for lib in others:
        for kind, name in symbols(lib, demangle=False, external_only=True):
            if kind in "TDRB":  # strong definitions only: inline and template code (W, V, u) is shared
                strong[name] = lib
    for lib in core:
        defined = symbols(lib, demangle=False)
        demangled = symbols(lib, demangle=True)
        if not defined:
            faults.append("%s: nm lists no symbols (stripped?)" % lib)
        hits = sorted({name for _, name in defined if name in strong})
        for name in hits[:10]:
            faults.append("%s defines %s, which %s defines" % (lib, name, strong[name]))
        if len(hits) > 10:
            faults.append("%s: %d more symbols of %s" % (lib, len(hits) - 10, ", ".join(sorted(set(strong[h] for h in hits)))))
        for pattern, what in FORBIDDEN:
            names = sorted({name for _, name in demangled if re.search(pattern, name)})
            for name in names[:3]:
                faults.append("%s holds the %s: %s" % (lib, what, name))
    if not strong:
        faults.append("no symbol found in " + " ".join(others))
    return faults


def main(argv):
    if "--not-from" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    i = argv.index("--not-from")
    core, others = argv[1:i], argv[i + 1:]
    faults = check(core, others)
    for fault in faults:
        print("FAIL: " + fault, file=sys.stderr)
    if not faults:
        print("%d libraries hold nothing of the search, transposition table, evaluation, writer or solve order"
              % len(core))
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
