"""The line `mtb gen` writes to stderr as each unit finishes, read once for
every script here that reads gen's logs:

  [i/n] NAME: P positions in S s (R M/s; T threads; init I s, IC CPU s;
  L layers LS s, LC CPU s; write W s; children C s; finish F s; set-up U s)

(gen/generate.cpp's GenStage::finished_text writes it).  Older logs lack
the later parts (threads, children and finish, set-up): those fields are
None there.
"""
import re

_HEAD = re.compile(r"^\[\d+/\d+\] (\S+): (\d+) positions? in ([\d.]+) s \(")
_FIELDS = {
    "threads": re.compile(r"; (\d+) threads?;"),
    "init": re.compile(r"init ([\d.]+) s, ([\d.]+) CPU s"),
    "layers": re.compile(r"(\d+) layers ([\d.]+) s, ([\d.]+) CPU s"),
    "write": re.compile(r"; write ([\d.]+) s"),
    "children": re.compile(r"; children ([\d.]+) s"),
    "finish": re.compile(r"; finish ([\d.]+) s"),
    "setup": re.compile(r"; set-up ([\d.]+) s"),
}


def parse_unit_line(raw):
    """A finished unit's figures as a dict, or None for any other line.
    Keys: name, positions, seconds, and where the line has them threads,
    init_seconds, init_cpu, layers, layer_seconds, layer_cpu, write,
    children, finish, setup (None where it has not)."""
    line = raw.strip().split("\r")[-1]  # a terminal's redrawn bar ends in the line
    m = _HEAD.match(line)
    if not m:
        return None
    unit = {"name": m.group(1), "positions": int(m.group(2)), "seconds": float(m.group(3))}
    found = {k: r.search(line) for k, r in _FIELDS.items()}
    get = lambda k, i, kind=float: kind(found[k].group(i)) if found[k] else None  # noqa: E731
    unit.update(threads=get("threads", 1, int), init_seconds=get("init", 1), init_cpu=get("init", 2),
                layers=get("layers", 1, int), layer_seconds=get("layers", 2), layer_cpu=get("layers", 3),
                write=get("write", 1), children=get("children", 1), finish=get("finish", 1),
                setup=get("setup", 1))
    return unit


def unit_lines(path):
    """The finished units of one gen log, in its order."""
    with open(path, errors="replace") as f:
        return [u for u in map(parse_unit_line, f) if u]
