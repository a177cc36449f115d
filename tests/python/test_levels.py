"""The levels of play (issue 27, item 3): Python's Tables.play() and
`mtb player --level` both pick their ply by the library's mtb_choose_ply():
perfect plays the best ply, the weaker levels blunder on some seeds, the
same seed gives the same ply, and a bad level is an error (ValueError;
exit status 2)."""
import subprocess
import unittest

import support
from support import mtb

LEVELS = ("perfect", "strong", "medium", "easy", "ultra")
SEEDS = range(24)


def key(value):
    """A value without its counter (lasker-20): what a blunder worsens."""
    return (value.wdl, value.plies)


def positions_with_worse_plies(rules, n, seed):
    """Positions inside the tables whose best ply's value is known and some
    other ply's value is worse: where a blunder shows."""
    def keep(root):
        if len(root) < 3 or root.error is not None or any(m.value is None for m in root):
            return False
        return key(root[-1].value) != key(root[0].value)
    return support.probed_positions(rules, n, seed, keep)


class PythonLevels(unittest.TestCase):

    def test_the_library_names_the_levels(self):
        self.assertEqual(mtb.play_levels(), LEVELS)

    def test_perfect_plays_the_best_ply_and_easy_blunders(self):
        blunders = 0
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            for pos, root in positions_with_worse_plies("nmm", 6, 27):
                for seed in SEEDS:
                    self.assertEqual(tb.play(pos, "perfect", seed).move, root[0].move, (pos, seed))
                    easy = tb.play(pos, "easy", seed)
                    self.assertIn(easy.move, [m.move for m in root])
                    self.assertEqual(tb.play(pos.to_text(), "easy", seed).move, easy.move, "the same seed, the same ply")
                    blunders += key(easy.value) != key(root[0].value)
                self.assertIsNotNone(tb.play(pos))  # a random seed
        # 6 positions x 24 seeds at a 75% blunder rate: far more than one.
        self.assertGreater(blunders, 10)

    def test_the_rate_of_random_plies_grows_as_the_level_falls(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            pos, root = max(positions_with_worse_plies("nmm", 8, 5), key=lambda pr: len(pr[1]))
            rates = []
            for level in LEVELS[:4]:  # ultra never plays a random ply
                other = sum(tb.play(pos, level, seed).move != root[0].move for seed in range(400))
                rates.append(other / 400)
        # Expected 0, 10%, 40%, 75% times (plies - 1) / plies: broad bounds.
        n = len(root)
        for got, want in zip(rates, (0.0, 0.10, 0.40, 0.75)):
            expected = want * (n - 1) / n
            self.assertLessEqual(abs(got - expected), 0.08, (rates, n))

    def test_errors(self):
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            pos, _ = positions_with_worse_plies("nmm", 1, 3)[0]
            with self.assertRaises(ValueError) as e:
                tb.play(pos, "grandmaster", 1)
            self.assertIn("perfect, strong, medium, easy", str(e.exception))
            with self.assertRaises(TypeError):
                tb.play(pos, 0, 1)  # type: ignore[arg-type]
            with self.assertRaises(ValueError):
                tb.play(pos, "easy", -1)
            with self.assertRaises(ValueError):
                tb.play(pos, "easy", 2**64)
            with self.assertRaises(mtb.InvalidPositionError):  # game over: White has two stones
                tb.play("WW.....BBB.............. w 0 0", "easy", 1)
            with self.assertRaises(mtb.MissingTableError):  # 4 v 4: no table here
                tb.play("WWW.W..BBB.B............ w 0 0", "easy", 1)


def lasker_text_to_move(text):
    """`mtb player --protocol lasker`'s "<source> <target> <remove>" as move text."""
    src, dst, rem = text.split()
    out = dst if src in ("h1", "h2") else src + "-" + dst
    return out + ("" if rem == "r0" else "x" + rem)


def player(text, *flags):
    """`mtb player --protocol lasker` from `text` (White to move): (exit, ply as move text or None, stderr)."""
    argv = [support.MTB, "player", "--protocol", "lasker", "--budget", "0.05", "--start", text] + list(flags)
    r = subprocess.run(argv, input="blue\nEND\n", capture_output=True, text=True, timeout=60)
    line = r.stdout.strip().splitlines()[0] if r.stdout.strip() else None
    return r.returncode, (lasker_text_to_move(line) if line else None), r.stderr


class PlayerLevels(unittest.TestCase):

    def setUp(self):
        self.tables = support.tables_dir("lasker-20")
        rng = support.rng(20)
        self.cases = []
        while len(self.cases) < 3:
            pos, root = positions_with_worse_plies("lasker-20", 1, rng.randrange(1 << 30))[0]
            if pos.turn == mtb.WHITE:
                self.cases.append((pos.to_text(), root))

    def test_perfect_plays_a_best_ply_and_easy_blunders(self):
        blunders = 0
        for text, root in self.cases:
            values = {m.move.text: key(m.value) for m in root}
            for seed in range(4):
                rc, ply, err = player(text, "--tables", self.tables, "--level", "perfect", "--seed", str(seed))
                self.assertEqual(rc, 0, err)
                self.assertEqual(values[ply], key(root[0].value), (text, ply, root))
            first = None
            for seed in range(12):
                rc, ply, err = player(text, "--tables", self.tables, "--level", "easy", "--seed", str(seed))
                self.assertEqual(rc, 0, err)
                self.assertIn(ply, values)
                blunders += values[ply] != key(root[0].value)
                if seed == 0:
                    first = ply
            self.assertEqual(player(text, "--tables", self.tables, "--level", "easy", "--seed", "0")[1], first,
                             "the same seed, the same ply")
        self.assertGreater(blunders, 3)

    def test_a_bad_level_is_a_usage_error(self):
        text = self.cases[0][0]
        rc, ply, err = player(text, "--tables", self.tables, "--level", "grandmaster")
        self.assertEqual((rc, ply), (2, None))
        self.assertIn("perfect, strong, medium, easy", err)
        rc, ply, err = player(text, "--level", "easy")  # no tables: nothing to blunder from
        self.assertEqual((rc, ply), (2, None))
        self.assertIn("--tables", err)
        for spec in ("nodes=100,tables=%s,level=grandmaster" % self.tables, "nodes=100,level=easy"):
            r = subprocess.run([support.MTB, "match", "--games", "2", "--a", spec], capture_output=True, text=True,
                               timeout=60)
            self.assertEqual(r.returncode, 2, r.stderr)


if __name__ == "__main__":
    unittest.main()
