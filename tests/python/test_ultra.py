"""The ultra level (issue 38): perfect's values, and among drawing plies
the one after which an opponent who errs most often ends lost.

  * ultra never gives up a table result: its ply (Tables.ultra_root()[0],
    Tables.play(level="ultra"), `mtb player --level ultra`) has the best
    value of probe_root(), the very same ply as perfect when that is a win
    or a loss, and a drawing ply of the highest measure when it is a draw;
  * the library's measures equal a naive recomputation here, by the
    documented model (mtb/probe.h, mtb_ultra_root) over Tables.get() and
    Position.push(), on positions small enough to walk in Python;
  * `mtb match` with level=ultra against a random mover never loses a
    table draw or win, and converts every table win."""
import os
import subprocess
import tempfile
import unittest

import support
from support import mtb
from test_levels import player

BLUNDER, DEPTH = 0.25, 2  # the model of mtb_ultra_root (probe/ultra.h)


def child(pos, move):
    q = pos.copy(stack=False)
    q.push(move)
    return q


def opponent(tb, q, depth):
    """Chance that the opponent, to move in drawn q, ends lost within
    `depth` of its turns: a uniformly random ply with chance BLUNDER, else
    a uniformly random ply keeping its draw; our best chance in between."""
    replies = list(q.legal_moves)
    erring = careful = 0.0
    keeping = 0
    for reply in replies:
        c = child(q, reply)
        v = tb.get(c)  # ours, to move in c
        if v is not None and v.wdl == mtb.WIN:
            erring += 1
            continue
        later = ours(tb, c, depth - 1) if v is not None and v.wdl == mtb.DRAW and depth > 1 else 0.0
        erring += later
        careful += later
        keeping += 1
    if not replies:
        return 0.0
    return BLUNDER * erring / len(replies) + (1 - BLUNDER) * (careful / keeping if keeping else 0.0)


def ours(tb, p, depth):
    best = 0.0
    for m in p.legal_moves:
        q = child(p, m)
        v = tb.get(q)
        if v is not None and v.wdl == mtb.DRAW:
            best = max(best, opponent(tb, q, depth))
    return best


def drawn(rules, n, seed, most_plies):
    """n random drawn positions of `rules` (tables of 3 stones a side) with
    at most `most_plies` plies, and their probe_root()."""
    def keep(root):
        return (root.error is None and 0 < len(root) <= most_plies and root[0].value is not None
                and root[0].value.wdl == mtb.DRAW)
    return support.probed_positions(rules, n, seed, keep)


class UltraKeepsTheTablesResult(unittest.TestCase):

    def test_ultra_plays_the_best_value(self):
        draws_with_choice = 0
        for rules in ("nmm", "nmm-noflying", "lasker-20"):
            rng = support.rng(38)
            with mtb.open_tables(support.tables_dir(rules), rules) as tb:
                for _ in range(150):
                    pos = support.random_position(rng, rules)
                    root = tb.probe_root(pos)
                    if not root or root.error is not None or any(m.value is None for m in root):
                        continue
                    ultra = tb.ultra_root(pos)
                    self.assertEqual(sorted(m.move.text for m in ultra), sorted(m.move.text for m in root))
                    best = root[0].value
                    self.assertEqual((ultra[0].value.wdl, ultra[0].value.plies), (best.wdl, best.plies), pos)
                    self.assertEqual(tb.play(pos, "ultra", 1).move, ultra[0].move)
                    if best.wdl != mtb.DRAW:
                        self.assertEqual(ultra[0].move, root[0].move, pos)
                        self.assertTrue(all(m.measure is None for m in ultra))
                        continue
                    measures = [m.measure for m in ultra if m.value.wdl == mtb.DRAW]
                    self.assertTrue(all(x is not None and 0 <= x <= 1 for x in measures), measures)
                    self.assertTrue(all(m.measure is None for m in ultra if m.value.wdl != mtb.DRAW))
                    self.assertEqual(ultra[0].measure, max(measures), pos)
                    draws_with_choice += len(set(measures)) > 1
        # Drawn positions where the measure tells plies apart: not a few.
        self.assertGreater(draws_with_choice, 10)

    def test_the_measures_equal_a_naive_recomputation(self):
        nonzero = 0
        # Without flying a side has a few plies: depth 2 walks some thousands.
        for rules in ("nmm-noflying",):
            with mtb.open_tables(support.tables_dir(rules), rules) as tb:
                for pos, root in drawn(rules, 40, 5, 10):
                    ultra = tb.ultra_root(pos)
                    for m in ultra:
                        if m.value.wdl != mtb.DRAW:
                            continue
                        want = opponent(tb, child(pos, m.move), DEPTH)
                        self.assertAlmostEqual(m.measure, want, places=12, msg=(pos.to_text(), m.move.text))
                        nonzero += want > 0
        self.assertGreater(nonzero, 5)

    def test_mtb_player_plays_a_drawing_ply_of_the_highest_measure(self):
        rng = support.rng(9)
        rules = "lasker-20"
        checked = 0
        with mtb.open_tables(support.tables_dir(rules), rules) as tb:
            while checked < 4:
                pos = support.random_position(rng, rules)
                if pos.turn != mtb.WHITE:
                    continue
                ultra = tb.ultra_root(pos)
                if not ultra or ultra.error is not None or ultra[0].value.wdl != mtb.DRAW:
                    continue
                rc, ply, err = player(pos.to_text(), "--tables", support.tables_dir(rules), "--level", "ultra")
                self.assertEqual(rc, 0, err)
                by_text = {m.move.text: m for m in ultra}
                self.assertEqual(by_text[ply].value.wdl, mtb.DRAW, (pos.to_text(), ply))
                self.assertEqual(by_text[ply].measure, ultra[0].measure, (pos.to_text(), ply))
                checked += 1

    def test_match_against_a_random_mover_loses_nothing(self):
        rules = "nmm-noflying"
        known = support.probed_positions(rules, 20, 38, lambda root: root.error is None and len(root) > 0)
        with tempfile.TemporaryDirectory() as tmp:
            openings = os.path.join(tmp, "openings.txt")
            with open(openings, "w") as f:
                f.writelines(pos.to_text() + "\n" for pos, _ in known)
            r = subprocess.run([support.MTB, "match", "--rules", rules, "--games", "40", "--openings", openings,
                                "--seed", "38", "--a", "nodes=300,tables=%s,level=ultra" % support.tables_dir(rules),
                                "--b", "random"], capture_output=True, text=True, timeout=300)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("A lost from a table draw or win: 0", r.stdout)
        self.assertIn("A did not win a table win: 0", r.stdout)


if __name__ == "__main__":
    unittest.main()
