"""Every error class of the library reaches Python as the right exception,
carrying the library's message; none crashes the interpreter."""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import support
from support import mtb

NMM_TABLE = "nmm_3v3.mtb"


class TableErrors(unittest.TestCase):

    def setUp(self):
        self.tmp = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def folder(self, name, table=None, as_name=None):
        d = os.path.join(self.tmp, name)
        os.makedirs(d)
        if table:
            shutil.copy(os.path.join(support.tables_dir("nmm"), table), os.path.join(d, as_name or table))
        return d

    def test_missing_table(self):
        with mtb.open_tables(self.folder("empty"), "nmm") as tb:
            with self.assertRaises(mtb.MissingTableError) as cm:
                tb.probe(".WB......WB...........BW w 0 0")
            self.assertIsInstance(cm.exception, KeyError)  # as chess.syzygy's
            # An empty folder: the message names the rule set and the folders looked at.
            self.assertIn("no nmm table found in", str(cm.exception))
            self.assertIn(os.path.join("empty", "nmm"), str(cm.exception))
            self.assertEqual(cm.exception.name, "no table for this sector")
            self.assertIsNone(tb.get(".WB......WB...........BW w 0 0"))

    def test_damaged_table(self):
        d = self.folder("bad", NMM_TABLE)
        path = os.path.join(d, NMM_TABLE)
        with open(path, "r+b") as f:  # flip a byte in the middle: a data block
            f.seek(os.path.getsize(path) // 2)
            b = f.read(1)
            f.seek(-1, os.SEEK_CUR)
            f.write(bytes([b[0] ^ 0xFF]))
        rng = support.rng(3)
        errors = []
        with mtb.open_tables(d, "nmm") as tb:
            for _ in range(400):
                try:
                    tb.probe(support.random_position(rng, "nmm"))
                except mtb.CorruptTableError as e:
                    errors.append(str(e))
        self.assertTrue(errors)
        self.assertIn("checksum", errors[0])
        self.assertIn(NMM_TABLE, errors[0])

    def test_rules_mismatch(self):
        d = self.folder("mismatch", NMM_TABLE, as_name="nmm-noflying_3v3.mtb")
        with self.assertRaises(mtb.RulesMismatchError) as cm:
            mtb.open_tables(d, "nmm-noflying")
        self.assertIn("fingerprint", str(cm.exception))
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            with self.assertRaisesRegex(mtb.RulesMismatchError, "rule set lasker"):
                tb.probe(mtb.Position("lasker"))

    def test_unreadable_folder(self):
        with self.assertRaisesRegex(mtb.TableIOError, "cannot read folder") as cm:
            mtb.open_tables(os.path.join(self.tmp, "nowhere"), "nmm")
        self.assertIsInstance(cm.exception, OSError)

    def test_invalid_position(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            with self.assertRaisesRegex(ValueError, "24 points"):
                tb.probe("WB w 0 0")
            with self.assertRaises(TypeError):
                tb.probe(42)


class Library(unittest.TestCase):

    def run_python(self, code, **env):
        e = dict(os.environ, **env)
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=e, timeout=60)

    def test_bad_library_path_says_what_to_do(self):
        r = self.run_python("import mtb\ntry:\n    mtb.Position('nmm')\nexcept mtb.LibraryNotFoundError as e:\n"
                            "    print(e)\n", MTB_PROBE_LIBRARY="/nonexistent/libmtb_probe.so")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("$MTB_PROBE_LIBRARY", r.stdout)
        self.assertIn("/nonexistent/libmtb_probe.so", r.stdout)
        self.assertIn("scripts/build.sh", r.stdout)

    def test_not_a_library(self):
        r = self.run_python("import mtb\nmtb.Position('nmm')\n", MTB_PROBE_LIBRARY=os.path.abspath(__file__))
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("LibraryNotFoundError", r.stderr)
        self.assertNotIn("Segmentation", r.stderr)

    def test_found_in_the_build_tree_without_the_variable(self):
        env = dict(os.environ)
        env.pop("MTB_PROBE_LIBRARY", None)
        r = subprocess.run([sys.executable, "-c", "import mtb; print(mtb.library_path())"], capture_output=True,
                           text=True, env=env, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertTrue(r.stdout.strip().startswith(os.path.join(support.ROOT, "build")), r.stdout)


if __name__ == "__main__":
    unittest.main()
