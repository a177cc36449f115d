#!/usr/bin/env python3
"""No shipped file names a path outside the repository (issue 26, item 2).

A clone holds only the repository: text that sends a reader to a file
in a sibling folder of the checkout points at nothing.  Every
file of the source tree is shipped (the clone is the distribution), so
every one is read, except the build folders, .git and the test itself.

usage: check_no_outside_paths.py SOURCE_DIR
"""
import os
import sys

NEEDLE = "../" + "shared/"  # split, so that this file does not find itself
SKIP_DIRS = {".git", "venv", "__pycache__", "tables", "node_modules"}


def main():
    root = sys.argv[1]
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")]
        for name in files:
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        if NEEDLE in line:
                            found.append("%s:%d: %s" % (os.path.relpath(path, root), number, line.strip()))
            except (UnicodeDecodeError, OSError):
                continue  # binary files name no paths for a reader
    if found:
        raise SystemExit("FAIL: paths outside the repository:\n" + "\n".join(found))
    print("no shipped file names %s" % NEEDLE)


if __name__ == "__main__":
    main()
