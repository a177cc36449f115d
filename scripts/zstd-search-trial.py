#!/usr/bin/env python3
"""What zstd's match search costs and gives on a folder's own tables.

    scripts/zstd-search-trial.py DIR [--level L] [--seconds N] [SEARCH ...]

Takes the block frames back out of every table of DIR that has no trained
dictionary (each table's blocks decompressed with the zstd CLI; the layout is
table/FORMAT.md's), then runs the zstd CLI's benchmark (`zstd -b`) on them
at level L (default 9) with zstd's own search and with each SEARCH, a zstd
`--zstd=` list such as `mml=6,slog=3`.  Each table's frames are one input,
cut into blocks of its tables' frame size, so every frame is compressed on its
own, as the writer does.  Prints, per search, the compressed bytes and the
compression speed in MB/s (one thread, zstd's best over at least N seconds
per group of tables, default 3), each against zstd's own search.  A check of
the trial itself: on tables written with zstd's own search at level L, that
line's bytes equal the first line's bytes stored in the tables' blocks.
"""
import argparse
import glob
import os
import re
import struct
import subprocess
import sys
import tempfile

HEADER = struct.Struct("<8sII32sQIIQBBHIIIQQQBBBBIQ")


def frames(path):
    """(frame bytes of a full block, the table's frames) or None without them."""
    with open(path, "rb") as f:
        data = f.read()
    (magic, _version, _hsize, _name, _fp, _sector, _scheme, slot_count, _content, width, dict_size,
     block_slots, block_count, _level, file_size, data_offset, _meta, _metric, pack_base, pack_count,
     _decided, zdict_size, _hcheck) = HEADER.unpack_from(data)
    if magic != b"MTBTABLE" or zdict_size or file_size != len(data):
        return None
    index = 128 + 16 * dict_size
    stored = sum(struct.unpack_from("<QQI", data, index + 24 * b)[2] for b in range(block_count))
    raw = subprocess.run(["zstd", "-d", "-q", "-c"], input=data[data_offset:file_size - 16],
                         stdout=subprocess.PIPE, check=True).stdout
    full = -(-block_slots // pack_count) if pack_base else block_slots * width
    expected = 0
    for b in range(block_count):
        n = min(block_slots, slot_count - b * block_slots)
        expected += -(-n // pack_count) if pack_base else n * width
    if len(raw) != expected:
        sys.exit(f"{path}: {len(raw)} frame bytes, expected {expected}")
    return full, raw, stored


def bench(files, block, level, search, seconds):
    cmd = ["zstd", "-b%d" % level, "-i%d" % seconds, "-B%d" % block] + (["--zstd=" + search] if search else [])
    out = subprocess.run(cmd + files, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=True).stdout
    # The last result line: "-9 <in bytes> -> <out bytes> (x...), <c> MB/s, <d> MB/s" (zstd 1.5),
    # or "-9  <out bytes> (ratio) <c> MB/s <d> MB/s name" with -q.
    line = [l for l in re.split(r"[\r\n]", out) if "MB/s" in l][-1]
    m = re.search(r"->\s*(\d+).*?([\d.]+)\s*MB/s", line) or re.search(r"^\s*-\d+\s+(\d+)\s+\([\d.]+\)\s+([\d.]+) MB/s", line)
    if not m:
        sys.exit("cannot read zstd's benchmark line: " + line)
    return int(m.group(1)), float(m.group(2))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("dir")
    p.add_argument("search", nargs="*", help="zstd --zstd= lists, e.g. mml=6,slog=3")
    p.add_argument("--level", type=int, default=9)
    p.add_argument("--seconds", type=int, default=3)
    a = p.parse_args()
    groups, stored, raw_bytes, skipped = {}, 0, 0, 0
    with tempfile.TemporaryDirectory(prefix="mtb-zstd-trial-") as tmp:
        for path in sorted(glob.glob(os.path.join(a.dir, "*.mtb"))):
            got = frames(path)
            if not got:
                skipped += 1
                continue
            full, raw, s = got
            name = os.path.join(tmp, os.path.basename(path) + ".frames")
            with open(name, "wb") as f:
                f.write(raw)
            groups.setdefault(full, []).append(name)
            stored += s
            raw_bytes += len(raw)
        if not groups:
            sys.exit(f"{a.dir}: no table without a trained dictionary")
        print(f"{sum(len(g) for g in groups.values())} tables ({skipped} skipped: dictionary), {raw_bytes} frame bytes,"
              f" {stored} stored in their blocks")
        base = None
        for search in [""] + a.search:
            size, seconds = 0, 0.0
            for block, files in sorted(groups.items()):
                n = sum(os.path.getsize(f) for f in files)
                s, speed = bench(files, block, a.level, search, a.seconds)
                size += s
                seconds += n / 1e6 / speed
            speed = raw_bytes / 1e6 / seconds
            label = search or f"level {a.level}'s own"
            if base is None:
                base = (size, speed)
                print(f"{label:>24}: {size} bytes, {speed:.1f} MB/s")
            else:
                print(f"{label:>24}: {size} bytes ({100 * (size / base[0] - 1):+.2f}%), {speed:.1f} MB/s"
                      f" ({speed / base[1]:.2f}x)")


if __name__ == "__main__":
    main()
