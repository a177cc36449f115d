"""The package installs with pip from python/ into a clean virtual
environment, offline (its build backend needs nothing from PyPI), and
works there: imported from elsewhere, it finds the library and probes."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import support
import mtb  # after support, which puts python/ on the path

PROBE = """
import mtb, os, sys
assert mtb.__file__.startswith(sys.prefix), mtb.__file__
# The PEP 561 marker ships, so that type checkers read the installed hints.
assert os.path.isfile(os.path.join(os.path.dirname(mtb.__file__), "py.typed")), "no py.typed"
with mtb.open_tables(sys.argv[1], "nmm") as tb:
    print(tb.probe(mtb.Position.from_text(".WB......WB...........BW w 0 0", "nmm")))
"""


class Install(unittest.TestCase):

    def test_pip_install_into_a_clean_venv(self):
        tmp = tempfile.mkdtemp()
        try:
            venv = os.path.join(tmp, "venv")
            # Without its own pip (faster); this interpreter's pip installs into it.
            subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True, timeout=120)
            python = os.path.join(venv, "bin", "python")
            r = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--no-index", "-q",
                                os.path.join(support.ROOT, "python")], capture_output=True, text=True, timeout=300)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
            r = subprocess.run([python, "-I", "-c", PROBE, support.tables_dir("nmm")], capture_output=True, text=True,
                               cwd=tmp, env=env, timeout=60)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertEqual(r.stdout.strip(), "win in 13")
        finally:
            shutil.rmtree(tmp)


    def test_cmake_install_beside_the_static_library(self):
        """`cmake --install` puts the shared library and the C header in a
        prefix: a C program links it, and a venv at that prefix finds it."""
        build = os.environ.get("MTB_BUILD_DIR")
        if not build:
            self.skipTest("MTB_BUILD_DIR not set (ctest sets it)")
        tmp = tempfile.mkdtemp()
        try:
            prefix = os.path.join(tmp, "venv")
            subprocess.run([sys.executable, "-m", "venv", "--without-pip", prefix], check=True, timeout=120)
            r = subprocess.run(["cmake", "--install", build, "--prefix", prefix], capture_output=True, text=True,
                               timeout=120)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            lib = os.path.join(prefix, "lib")
            for name in ("libmtb_probe.a", "libmtb_probe.so", "libmtb_probe.so.0"):
                self.assertTrue(os.path.exists(os.path.join(lib, name)), name)
            # The header is plain C and the library links from C.
            src = C_PROGRAM
            exe = os.path.join(tmp, "use")
            r = subprocess.run(["cc", "-std=c99", "-Wall", "-Werror", "-I", os.path.join(prefix, "include"), src,
                                "-o", exe, "-L", lib, "-lmtb_probe", "-Wl,-rpath," + lib], capture_output=True,
                               text=True, timeout=120)
            self.assertEqual(r.returncode, 0, r.stderr)
            r = subprocess.run([exe], capture_output=True, text=True, timeout=60)
            self.assertEqual((r.returncode, r.stdout), (0, mtb.__version__ + ": 24 points, 24 plies\n"), r.stderr)
            # The Python package in that prefix finds the library in prefix/lib.
            python = os.path.join(prefix, "bin", "python")
            r = subprocess.run([sys.executable, "-m", "pip", "--python", python, "install", "--no-index", "-q",
                                os.path.join(support.ROOT, "python")], capture_output=True, text=True, timeout=300)
            self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
            env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MTB_PROBE_LIBRARY")}
            r = subprocess.run([python, "-I", "-c", "import mtb; print(mtb.library_path())"], capture_output=True,
                               text=True, cwd=tmp, env=env, timeout=60)
            self.assertEqual((r.returncode, r.stdout.strip()), (0, os.path.join(lib, "libmtb_probe.so")), r.stderr)
        finally:
            shutil.rmtree(tmp)


# The consumer program, shared with tests/probe/check_install.py.
C_PROGRAM = os.path.join(support.ROOT, "tests", "install_consumer.c")


if __name__ == "__main__":
    unittest.main()
