"""The example players (python/examples/) play the tables' best ply where
the tables answer.  Whole games against the scripted referees are the
ctest tests "python: lasker player referee" and "python: compo player
referee"."""
import os
import subprocess
import sys
import unittest

import support
from support import mtb

EXAMPLES = os.path.join(support.ROOT, "python", "examples")
sys.path.insert(0, EXAMPLES)

import player_core  # noqa: E402


def won_positions(rules, n, seed):
    """Positions the tables call won where some ply does not keep the win."""
    return support.probed_positions(rules, n, seed, lambda root: bool(
        root and root.value and root.value.plies is not None and root.value.wdl == mtb.WIN and root[-1].value
        and root[-1].value.wdl != mtb.WIN))


class Players(unittest.TestCase):

    def test_compo_player_plays_a_winning_ply_from_the_tables(self):
        for pos, root in won_positions("nmm-noflying", 5, 1):
            cells = pos.to_text().split()[0].replace(".", "E")
            state = "%s %d %d 0" % (cells, pos.hand["w"], pos.hand["b"])
            r = subprocess.run([sys.executable, os.path.join(EXAMPLES, "compo_player.py"), "--tables", support.TABLES],
                               input="%s\n%s\n" % ("0" if pos.turn == mtb.WHITE else "1", state), capture_output=True,
                               text=True, timeout=60)
            self.assertEqual(r.returncode, 0, r.stderr)
            name, answer = r.stdout.split("\n")[:2]
            points = pos.rules.points
            step = tuple(points[int(i)] for i in answer.split())
            played = [m for m in root if (m.move.from_point, m.move.to_point) == (None, ) * (2 - len(step)) + step]
            self.assertTrue(played, (pos, answer))
            self.assertEqual(played[0].value.wdl, mtb.WIN, (pos, answer, root))

    def test_lasker_chooser_keeps_a_win_from_the_tables(self):
        chooser = player_core.Chooser("lasker-20", support.tables_dir("lasker-20"), budget=0.05)
        for pos, root in won_positions("lasker-20", 5, 2):
            move = chooser.choose(pos)
            value = next(m.value for m in root if m.move == move)
            self.assertEqual(value.wdl, mtb.WIN, (pos, move, root))
        self.assertEqual(chooser.from_tables, 5)

    def test_search_elsewhere_never_plays_an_illegal_ply(self):
        chooser = player_core.Chooser("lasker-20", support.tables_dir("lasker-20"), budget=0.02)
        pos = mtb.Position("lasker-20")
        for _ in range(12):
            move = chooser.choose(pos)
            self.assertIn(move, pos.legal_moves())
            pos.push(move)
        self.assertEqual(chooser.from_tables, 0)

    def test_lasker_protocol_text(self):
        import lasker_player

        self.assertEqual(lasker_player.from_protocol("h2 d1 r0"), "d1")
        self.assertEqual(lasker_player.from_protocol("a1 a4 d7"), "a1-a4xd7")
        move = mtb.Position.from_text("WW.......B...........BB. w 7 7 5", "lasker-20").legal_moves()[0]
        self.assertRegex(lasker_player.to_protocol(move, mtb.WHITE), r"^(h1|[a-g][1-7]) [a-g][1-7] (r0|[a-g][1-7])$")


class PlayerOptions(unittest.TestCase):
    """--help, a misspelt option and a missing tables folder: a clear
    message and a non-zero exit, never a game played silently without the
    tables (issue 39)."""

    def run_player(self, name, *args, env=None):
        return subprocess.run([sys.executable, os.path.join(EXAMPLES, name)] + list(args), input="", env=env,
                              capture_output=True, text=True, timeout=60)

    def test_help_describes_the_options(self):
        for name in ("lasker_player.py", "compo_player.py"):
            r = self.run_player(name, "--help")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIn("--tables DIR", r.stdout)
            self.assertIn("--budget SECONDS", r.stdout)
            self.assertIn("Protocol", r.stdout)  # the player's own text

    def test_misspelt_option_is_an_error(self):
        for name in ("lasker_player.py", "compo_player.py"):
            for args in (["--tabels", support.TABLES], ["--tab", support.TABLES], ["--budget", "fast"],
                         ["stray"]):
                r = self.run_player(name, *args)
                self.assertEqual(r.returncode, 2, (name, args, r.stderr))
                self.assertIn("usage:", r.stderr)
                self.assertEqual(r.stdout, "")

    def test_missing_tables_folder_is_an_error(self):
        missing = os.path.join(support.TABLES, "no-such-folder")
        for name in ("lasker_player.py", "compo_player.py"):
            r = self.run_player(name, "--tables", missing)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn("--tables", r.stderr)
            self.assertIn(missing, r.stderr)
            env = dict(os.environ, MTB_TABLES=missing)
            r = self.run_player(name, env=env)
            self.assertEqual(r.returncode, 2, r.stderr)
            self.assertIn("$MTB_TABLES", r.stderr)


if __name__ == "__main__":
    unittest.main()
