#!/usr/bin/env python3
"""Runs the commands of README.md's usage sections as written (issue 26).

After a quick-start-like setup in a temporary folder (small tables, so the
whole run takes seconds), `cmake --install` puts the build into a prefix,
its bin/ goes first on PATH, and every command line of the sections below
runs from that folder with bash and must exit 0.  So the README cannot
drift from the program.

What is left out, and why:
  - a line whose comment says "long run" (README "Using it" says so):
    the suite cannot wait for it; the setup makes a smaller set of the same
    tables instead, so the lines after it still have something to read;
  - `mtb serve` runs in the background while the lines after it (curl,
    chromium) run, and port 8080 becomes a free port, since other suites
    may run on this machine at the same time.

usage: run_readme.py README BUILD_DIR
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

SECTIONS = ("Using it", "Solving a whole game", "Browsing the tables")
LONG = "long run"


def commands(readme):
    """The command lines of the usage sections, continuation lines joined."""
    out, section, pending = [], None, ""
    for line in open(readme, encoding="utf-8").read().splitlines():
        if line.startswith("## "):
            section = line[3:]
            continue
        if not section or not section.startswith(SECTIONS) or not line.startswith("    "):
            continue
        text = line[4:]
        if pending:
            text = pending + " " + text.strip()
            pending = ""
        if text.rstrip().endswith("\\"):
            pending = text.rstrip()[:-1].rstrip()
            continue
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue  # a comment's second line
        out.append((section, stripped))
    return out


def without_comment(line):
    # A comment is "  # ..." outside quotes; the commands here quote no '#'.
    return re.split(r"\s+#", line, maxsplit=1)[0].strip()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    readme, build = sys.argv[1], sys.argv[2]
    work = tempfile.mkdtemp(prefix="mtb-readme-")
    server = None
    try:
        prefix = os.path.join(work, "prefix")
        subprocess.run(["cmake", "--install", build, "--prefix", prefix], check=True, stdout=subprocess.DEVNULL)
        mtb = os.path.join(prefix, "bin", "mtb")
        if not os.access(mtb, os.X_OK):
            raise SystemExit("FAIL: cmake --install gave no %s" % mtb)
        env = dict(os.environ, PATH=os.path.join(prefix, "bin") + os.pathsep + os.environ["PATH"])
        env.pop("MTB_TABLES", None)
        run_dir = os.path.join(work, "checkout")
        os.mkdir(run_dir)
        # The quick start's tables, smaller: what the probes below read.
        for setup in ("mtb gen --rules nmm --max-stones 3 --out tables/nmm",
                      "mtb gen --rules lasker-20 --max-stones 3 --out tables/lasker-20"):
            subprocess.run(["bash", "-c", setup], cwd=run_dir, env=env, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=120)
        port = str(free_port())
        ran = skipped = 0
        for section, line in commands(readme):
            if LONG in line[len(without_comment(line)):]:
                skipped += 1
                continue
            cmd = without_comment(line).replace("127.0.0.1:8080", "127.0.0.1:" + port)
            if cmd.startswith("chromium") and not shutil.which("chromium"):
                print("note: no chromium here, not run: " + cmd)
                continue
            if cmd.startswith("mtb serve"):
                server = subprocess.Popen(["bash", "-c", "exec " + cmd + " --port " + port], cwd=run_dir, env=env,
                                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
                deadline = time.time() + 20
                while time.time() < deadline:
                    try:
                        socket.create_connection(("127.0.0.1", int(port)), timeout=1).close()
                        break
                    except OSError:
                        if server.poll() is not None:
                            raise SystemExit("FAIL: %s exited: %s" % (cmd, server.stderr.read().decode()))
                        time.sleep(0.1)
                ran += 1
                continue
            p = subprocess.run(["bash", "-c", cmd], cwd=run_dir, env=env, capture_output=True, text=True,
                               timeout=120)
            print("$ %s  -> %d" % (cmd, p.returncode))
            if p.returncode != 0:
                raise SystemExit("FAIL: README (%s) line exits %d: %s\n%s%s" % (section, p.returncode, line,
                                                                               p.stdout[-2000:], p.stderr[-2000:]))
            ran += 1
        if ran < 15:
            raise SystemExit("FAIL: only %d README commands found; did the sections move?" % ran)
        print("%d README commands ran, %d marked long left out" % (ran, skipped))
    finally:
        if server and server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
