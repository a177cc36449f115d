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

PROBE = """
import mtb, sys
assert mtb.__file__.startswith(sys.prefix), mtb.__file__
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


if __name__ == "__main__":
    unittest.main()
