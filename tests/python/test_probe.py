"""Values from the Python package against `mtb probe --json` and against
themselves, on generated tables of four rule sets."""
import threading
import unittest

import support
from support import mtb

JSON_POSITIONS = 40  # per rule set through `mtb probe --json`; each brings all its plies too
SELF_POSITIONS = 500  # per rule set, checked in-process against their plies


class ProbeAgainstCli(unittest.TestCase):

    def test_values_equal_mtb_probe_json(self):
        compared = unknown_wins = 0
        for rules in support.RULE_SETS:
            rng = support.rng(len(rules))
            with mtb.open_tables(support.tables_dir(rules), rules) as tb:
                for _ in range(JSON_POSITIONS):
                    pos = support.random_position(rng, rules)
                    text = pos.to_text()
                    rc, out = support.mtb_probe_json(rules, text)
                    self.assertIsNotNone(out, text)
                    root = tb.probe_root(pos)
                    value = root.value
                    self.assertEqual([(m.move.text, ) + support.value_json(m.value) for m in root],
                                     [(m["move"], m["value"], m["plies"]) for m in out.get("moves", [])], text)
                    if root.error is not None:
                        # Own table and some ply missing: the error names a missing table.
                        self.assertEqual((rc, out["value"]), (1, None), text)
                        self.assertIn("no table for", out["error"], text)
                        self.assertIsNone(tb.get(pos), text)
                        self.assertIn("no table", root.error)
                        if value is not None:  # a known winning ply: a win, distance unknown
                            self.assertEqual((value.wdl, value.plies, root[0].value.wdl), (mtb.WIN, None, mtb.WIN), text)
                            unknown_wins += 1
                        continue
                    self.assertEqual(support.value_json(value), (out["value"], out["plies"]), text)
                    self.assertEqual(rc, 0, text)
                    # The position's own table, when there is one, agrees.
                    self.assertIn(tb.get(pos), (None, value), text)
                    if rules == "lasker-20":
                        self.assertEqual(value.counter, pos.plies_since_capture)
                        for m in root:  # each ply's value holds at the counter after it
                            if m.value:
                                after = 0 if m.move.is_capture() else pos.plies_since_capture + 1
                                self.assertEqual(m.value.counter, after, (text, m))
                    else:
                        self.assertIsNone(value.counter)
                    compared += 1 + len(root)
        self.assertGreater(compared, 2000)
        self.assertGreater(unknown_wins, 0)  # the partial answer was met


class ProbeSelfConsistent(unittest.TestCase):

    def test_value_is_best_ply_one_ply_on(self):
        """The value of a position is its best ply's (probe_root sorts them):
        every ply's value is the negation of probe() after it."""
        for rules in support.RULE_SETS:
            rng = support.rng(100 + len(rules))
            with mtb.open_tables(support.tables_dir(rules), rules) as tb:
                checked = 0
                while checked < SELF_POSITIONS:
                    pos = support.random_position(rng, rules)
                    value = tb.get(pos)
                    if value is None or pos.is_game_over():
                        continue
                    root = tb.probe_root(pos)
                    if any(m.value is None for m in root):
                        continue
                    self.assertEqual(sorted(m.move.text for m in root), sorted(m.text for m in pos.legal_moves()))
                    self.assertEqual(root[0].value.wdl, value.wdl, pos)
                    for m in root:
                        child = tb.probe(pos.copy().push(m.move))
                        self.assertEqual(m.value.wdl, -child.wdl, (pos, m))
                        if rules != "lasker-20":  # there a capture's DTC restarts (see probe.h)
                            self.assertEqual(m.value.plies, child.plies + 1 if child.wdl else 0, (pos, m))
                    if rules != "lasker-20":
                        self.assertEqual(root[0].value.plies, value.plies, pos)
                    checked += 1

    def test_probe_accepts_text_and_get_defaults(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            text = ".WB......WB...........BW w 0 0"
            self.assertEqual(tb.probe(text), tb.probe(mtb.Position.from_text(text, "nmm")))
            self.assertEqual(str(tb.probe(text)), "win in 13")
            missing = "WWWW" + "." * 17 + "BBB w 0 0"  # 4v3: not generated
            self.assertIsNone(tb.get(missing))
            self.assertEqual(tb.get(missing, "none"), "none")
            self.assertEqual(len(tb), 1)

    def test_value_decoding(self):
        """The packed layout of mtb/probe.h: bits 0-1 WDL, bit 2 WDL-only, bits 8-23 plies."""
        self.assertEqual(repr(mtb.Value._from_packed(2 | 13 << 8, None)), "Value(wdl=1, plies=13, metric='dtm')")
        self.assertEqual(str(mtb.Value._from_packed(0 | 4 << 8, 3)), "loss in 4")
        self.assertEqual(str(mtb.Value._from_packed(1, None)), "draw")
        wdl_only = mtb.Value._from_packed(2 | 4, None)
        self.assertEqual((wdl_only.wdl, wdl_only.plies, wdl_only.metric, str(wdl_only)),
                         (mtb.WIN, None, None, "win (WDL-only table: no distance)"))
        # MTB_DTC (bit 3): the distance counts to the next capture, and says so.
        dtc = mtb.Value._from_packed(0 | 8 | 2 << 8, None)
        self.assertEqual((dtc.metric, dtc.dtc, dtc.dtm, str(dtc)), ("dtc", 2, None, "loss, dtc 2"))
        self.assertNotEqual(dtc, mtb.Value(mtb.LOSS, 2))

    def test_game_over_needs_no_table(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            text = "WWW" + "." * 19 + "BB b 0 0"  # Black has 2 stones: lost
            v = tb.probe(text)
            self.assertEqual((v.wdl, v.plies), (mtb.LOSS, 0))
            self.assertEqual(tb.probe_root(text), [])
            self.assertEqual(tb.probe_root(text).value, v)


class Handle(unittest.TestCase):

    def test_context_manager_closes(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            self.assertFalse(tb.closed)
        self.assertTrue(tb.closed)
        with self.assertRaisesRegex(ValueError, "closed"):
            tb.probe(".WB......WB...........BW w 0 0")
        tb.close()  # twice: nothing

    def test_threads_share_a_handle(self):
        rng = support.rng(7)
        positions = [support.random_position(rng, "lasker") for _ in range(300)]
        tb = mtb.open_tables(support.tables_dir("lasker"), "lasker", cache_bytes=1 << 16)
        expected = [tb.get(p) for p in positions]
        tb.close()
        # Fresh tables, so that the threads race to open files and fill the cache.
        tb = mtb.open_tables(support.tables_dir("lasker"), "lasker", cache_bytes=1 << 16)
        faults = []

        def work(seed):
            order = list(range(len(positions)))
            support.rng(seed).shuffle(order)
            for i in order:
                if tb.get(positions[i]) != expected[i]:
                    faults.append((seed, positions[i]))
                if i % 10 == 0:
                    tb.probe_root(positions[i]) if expected[i] else None

        threads = [threading.Thread(target=work, args=(s, )) for s in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        tb.close()
        self.assertEqual(faults, [])
        self.assertGreater(sum(v is not None for v in expected), 100)

    def test_close_waits_for_running_probes(self):
        tb = mtb.open_tables(support.tables_dir("nmm"), "nmm")
        stop = threading.Event()
        errors = []

        def work():
            while not stop.is_set():
                try:
                    tb.probe_root(".WB......WB...........BW w 0 0")
                except ValueError as e:  # closed: the only acceptable failure
                    if "closed" not in str(e):
                        errors.append(e)
                    return

        threads = [threading.Thread(target=work) for _ in range(4)]
        for t in threads:
            t.start()
        tb.close()
        stop.set()
        for t in threads:
            t.join()
        self.assertEqual(errors, [])


if __name__ == "__main__":
    unittest.main()
