"""Arguments the C library would read otherwise than Python means them
(issue 28, D8, D9, D12) are refused; get() hides missing tables only;
probe_root answers what is known without the position's own table; a
folder is passed to the library as given (parent folders included)."""
import os
import shutil
import tempfile
import unittest

import support
from support import mtb

START = ".WB......WB...........BW w 0 0"  # nmm 3v3, in the generated tables
# lasker: own sector 2v2+1+1 not generated; its captures are valued, its quiet plies not.
PARTLY_KNOWN = "......W......B.W.......B w 1 1"


class NulAndSurrogates(unittest.TestCase):

    def test_nul_in_the_folder_is_refused_not_cut(self):
        # Cut at the NUL, the name would open the nmm folder itself.
        for folder in (support.tables_dir("nmm") + "\0/elsewhere", os.fsencode(support.tables_dir("nmm")) + b"\0x"):
            with self.assertRaisesRegex(mtb.BadArgumentError, "NUL") as cm:
                mtb.open_tables(folder, "nmm")
            self.assertIsInstance(cm.exception, ValueError)

    def test_nul_in_the_rules_name_is_refused_not_cut(self):
        for make in (lambda: mtb.Rules("nmm\0-noflying"), lambda: mtb.Position("nmm\0"),
                     lambda: mtb.open_tables(support.tables_dir("nmm"), "nmm\0x")):
            with self.assertRaises(mtb.UnknownRulesError):
                make()
        self.assertEqual(mtb.Rules("nmm").name, "nmm")  # the cache holds no entry for the cut name

    def test_surrogates_are_malformed_text(self):
        bad = START[:-1] + "\udcff"
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            for call in (tb.get, tb.probe, tb.probe_root, lambda t: mtb.Position.from_text(t, "nmm"),
                         lambda t: mtb.Position("nmm").push("d\udc81")):
                with self.assertRaisesRegex(mtb.InvalidPositionError, "Unicode"):
                    call(bad)
        with self.assertRaises(mtb.UnknownRulesError):
            mtb.Rules("nmm\udcff")


class CacheBytes(unittest.TestCase):

    def test_outside_size_t_is_refused_not_wrapped(self):
        for bad in (-1, 2**70, 2**64, -2**63):
            with self.assertRaisesRegex(mtb.BadArgumentError, "cache_bytes", msg=bad):
                mtb.open_tables(support.tables_dir("nmm"), "nmm", cache_bytes=bad)
        for bad in (1.5, "64M", True):
            with self.assertRaises(TypeError, msg=bad):
                mtb.open_tables(support.tables_dir("nmm"), "nmm", cache_bytes=bad)

    def test_within_size_t_opens(self):
        for good in (0, 1, 1 << 20, 2**64 - 1):
            with mtb.open_tables(support.tables_dir("nmm"), "nmm", cache_bytes=good) as tb:
                self.assertEqual(str(tb.probe(START)), "win in 13")


class GetHidesOnlyMissingTables(unittest.TestCase):

    def test_missing_table_gives_the_default(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            missing = "WWWW" + "." * 17 + "BBB w 0 0"  # 4v3: not generated
            self.assertIsNone(tb.get(missing))
            self.assertEqual(tb.get(missing, 7), 7)

    def test_other_errors_raise(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            with self.assertRaises(mtb.InvalidPositionError):
                tb.get("WB w 0 0")
            with self.assertRaises(mtb.InvalidPositionError):
                tb.get(START + "\0")
            with self.assertRaises(mtb.RulesMismatchError):
                tb.get(mtb.Position("lasker"))
            with self.assertRaises(TypeError):
                tb.get(42)


class ProbeRootWithoutOwnTable(unittest.TestCase):

    def test_known_plies_and_a_known_win(self):
        with mtb.open_tables(support.tables_dir("lasker"), "lasker") as tb:
            with self.assertRaises(mtb.MissingTableError):
                tb.probe(PARTLY_KNOWN)
            root = tb.probe_root(PARTLY_KNOWN)
            self.assertIn("no table", root.error)
            known = [m for m in root if m.value is not None]
            unknown = [m for m in root if m.value is None]
            self.assertTrue(known and unknown)
            self.assertTrue(all(m.error == "no table for this sector" for m in unknown))
            self.assertEqual(root[0].value.wdl, mtb.WIN)  # a capture that wins: so the position does
            self.assertEqual((root.value.wdl, root.value.plies), (mtb.WIN, None))
            self.assertEqual(len(root), len(mtb.Position.from_text(PARTLY_KNOWN, "lasker").legal_moves))

    def test_nothing_known(self):
        tmp = tempfile.mkdtemp()
        try:
            with mtb.open_tables(tmp, "nmm") as tb:
                root = tb.probe_root(START)
                self.assertIsNone(root.value)
                self.assertEqual(len(root), 54)
                self.assertTrue(all(m.value is None for m in root))
                # No table of the rule set at all: the message says so, not only the sector.
                self.assertIn("no table of rule set nmm was found in " + tmp, root.error)
                with self.assertRaisesRegex(mtb.MissingTableError, "no table of rule set nmm was found in"):
                    tb.probe(START)
        finally:
            shutil.rmtree(tmp)

    def test_invalid_position_still_raises(self):
        with mtb.open_tables(support.tables_dir("lasker"), "lasker") as tb:
            with self.assertRaises(mtb.InvalidPositionError):
                tb.probe_root("W" * 12 + "." * 12 + " w 0 0")


class ParentFolder(unittest.TestCase):

    def test_parent_folder_of_rule_set_folders(self):
        """support.TABLES holds nmm/, lasker/, ...: mtb_open finds <dir>/<rules>/
        (one rule for every entry point, in the C library)."""
        with mtb.open_tables(support.TABLES, "nmm") as tb:
            if len(tb) == 0:
                self.skipTest("this libmtb_probe's mtb_open does not look in <dir>/<rules>/ yet")
            with mtb.open_tables(support.tables_dir("nmm"), "nmm") as direct:
                self.assertEqual(len(tb), len(direct))
                self.assertEqual(tb.probe(START), direct.probe(START))


if __name__ == "__main__":
    unittest.main()
