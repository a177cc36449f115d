#!/usr/bin/env python3
"""The package's type hints hold: `mypy --strict` on python/mtb/, for the
oldest Python the package supports (3.8, pyproject's Requires-Python).

    check_types.py [MYPY...]     (default: mypy on PATH, else python3 -m mypy)

Exits 77 (ctest's SKIP_RETURN_CODE) when no mypy is installed: Debian's
package `mypy` (scripts/install-deps.sh) runs with /usr/bin/python3."""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(os.path.dirname(os.path.dirname(HERE)), "python", "mtb")
SKIP = 77


def mypy_command():
    if len(sys.argv) > 1:
        return sys.argv[1:]
    if shutil.which("mypy"):
        return ["mypy"]
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and subprocess.run([python, "-c", "import mypy"], capture_output=True).returncode == 0:
            return [python, "-m", "mypy"]
    return None


def main():
    mypy = mypy_command()
    if not mypy:
        print("check_types: mypy not installed (apt-get install mypy); skipped")
        return SKIP
    # --cache-dir=/dev/null: nothing written into the source tree.
    cmd = mypy + ["--strict", "--python-version", "3.8", "--cache-dir=/dev/null", PACKAGE]
    print(" ".join(cmd), flush=True)
    return subprocess.run(cmd).returncode


if __name__ == "__main__":
    sys.exit(main())
