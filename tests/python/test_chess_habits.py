"""The habits of python-chess's chess.Board on mtb.Position: legal_moves as
an iterable property, push()/pop()/move_stack, turn as WHITE (True) /
BLACK (False), copy(stack=...), outcome() and result()."""
import unittest

import support
from support import mtb

FLYING = "WW.......B...........WBB w 0 0"  # nmm: White flies, one ply captures


def cells(rules, white, black):
    r = mtb.Rules(rules)
    out = ["."] * len(r.points)
    for p in white:
        out[r.points.index(p)] = "W"
    for p in black:
        out[r.points.index(p)] = "B"
    return "".join(out)


class Colours(unittest.TestCase):

    def test_constants_are_python_chess_booleans(self):
        self.assertIs(mtb.WHITE, True)
        self.assertIs(mtb.BLACK, False)
        self.assertEqual(mtb.COLORS, [True, False])
        self.assertEqual(mtb.COLOR_NAMES[mtb.WHITE], "white")

    def test_turn_is_a_colour_and_alternates(self):
        pos = mtb.Position("nmm")
        self.assertIs(pos.turn, mtb.WHITE)
        pos.push("d1")
        self.assertIs(pos.turn, mtb.BLACK)
        self.assertIs(mtb.Position.from_text(FLYING.replace(" w ", " b "), "nmm").turn, mtb.BLACK)

    def test_colours_taken_as_letters_too(self):
        pos = mtb.Position.from_text("W.B.....W.B.....WB...... b 7 6 12", "lasker-20")
        self.assertEqual(pos.stones("w"), pos.stones(mtb.WHITE))
        self.assertEqual(pos.stones("b"), ("g7", "b4", "e3"))
        self.assertEqual((pos.hand[mtb.WHITE], pos.hand["w"], pos.hand[mtb.BLACK], pos.hand["b"]), (7, 7, 6, 6))
        self.assertEqual(pos.color_at("a7"), mtb.WHITE)
        self.assertIsNone(pos.color_at("d7"))
        with self.assertRaises(ValueError):
            pos.stones("white")
        with self.assertRaises(KeyError):
            pos.hand["x"]


class LegalMoves(unittest.TestCase):

    def test_property_iterable_sized_and_searchable(self):
        pos = mtb.Position.from_text(FLYING, "nmm")
        moves = pos.legal_moves
        listed = list(moves)
        self.assertEqual(len(moves), len(listed))
        self.assertEqual(moves.count(), len(listed))
        self.assertTrue(moves)
        self.assertTrue(all(isinstance(m, mtb.Move) for m in listed))
        self.assertIn(listed[0], moves)
        self.assertIn(listed[-1].text, moves)
        self.assertNotIn("d1-d2", moves)  # no stone of White on d1
        self.assertNotIn(42, moves)
        self.assertEqual(pos.legal_moves(), listed)  # calling it gives the list, as before

    def test_follows_pushes(self):
        pos = mtb.Position("nmm")
        moves = pos.legal_moves
        self.assertEqual(len(moves), 24)
        pos.push("d1")
        self.assertEqual(len(moves), 23)
        self.assertNotIn("d1", moves)

    def test_empty_once_the_game_is_over(self):
        lost = mtb.Position.from_text("WWW" + "." * 19 + "BB b 0 0", "nmm")
        self.assertFalse(lost.legal_moves)
        self.assertEqual(list(lost.legal_moves), [])


class MoveStack(unittest.TestCase):

    def test_push_pop_restore_and_return_the_ply(self):
        pos = mtb.Position("nmm")
        start = pos.copy()
        pos.push("d1")
        placed = next(m for m in pos.legal_moves if m.text == "a7")
        pos.push(placed)
        self.assertEqual(pos.move_stack, ["d1", "a7"])
        self.assertTrue(all(isinstance(m, mtb.Move) for m in pos.move_stack))
        self.assertEqual(pos.move_stack[0].to_point, "d1")  # text pushed comes back as its Move
        self.assertEqual(pos.peek(), "a7")
        self.assertEqual(pos.pop(), "a7")
        self.assertEqual(pos.to_text(), "......................W. b 8 9")
        popped = pos.pop()
        self.assertEqual((popped.text, popped.is_placement()), ("d1", True))
        self.assertEqual(pos, start)
        self.assertEqual(pos.move_stack, [])
        with self.assertRaises(IndexError):
            pos.pop()

    def test_pop_undoes_a_capture_and_the_counter(self):
        pos = mtb.Position.from_text("WW.......B...........BB. w 7 7 5", "lasker-20")
        before = pos.to_text()
        capture = next(m for m in pos.legal_moves if m.is_capture())
        pos.push(capture.text)
        self.assertEqual(pos.plies_since_capture, 0)
        self.assertEqual(pos.pop(), capture)
        self.assertEqual(pos.to_text(), before)

    def test_illegal_push_leaves_no_trace(self):
        pos = mtb.Position("nmm")
        with self.assertRaises(mtb.InvalidPositionError):
            pos.push("z9")
        self.assertEqual(pos.move_stack, [])

    def test_copy_keeps_the_stack_unless_asked(self):
        pos = mtb.Position("nmm")
        for m in ("d1", "a7", "d2"):
            pos.push(m)
        self.assertEqual(pos.copy().move_stack, ["d1", "a7", "d2"])
        self.assertEqual(pos.copy(stack=False).move_stack, [])
        self.assertEqual(pos.copy(stack=1).move_stack, ["d2"])
        copy = pos.copy()
        copy.pop()
        self.assertEqual(len(pos.move_stack), 3)  # independent
        self.assertNotEqual(copy, pos)
        self.assertEqual(pos.copy(stack=False), pos)  # equality ignores the stacks

    def test_a_game_replays_backwards(self):
        rng = support.rng(11)
        pos = mtb.Position("lasker-20")
        seen = [pos.to_text()]
        while not pos.is_game_over() and len(seen) < 60:
            pos.push(rng.choice(list(pos.legal_moves)))
            seen.append(pos.to_text())
        stack = pos.move_stack
        self.assertEqual(len(stack), len(seen) - 1)
        for i in range(len(stack) - 1, -1, -1):
            self.assertEqual(pos.pop(), stack[i])
            self.assertEqual(pos.to_text(), seen[i])


class Outcomes(unittest.TestCase):

    def test_ongoing(self):
        pos = mtb.Position("nmm")
        self.assertIsNone(pos.outcome())
        self.assertEqual(pos.result(), "*")

    def test_each_termination(self):
        T = mtb.Termination
        cases = [
            ("nmm", "WWW" + "." * 19 + "BB b 0 0", T.TOO_FEW_STONES, mtb.WHITE, "1-0"),
            ("nmm-noflying", cells("nmm-noflying", ("d7", "a4", "g4", "d1"), ("a7", "g7", "a1")) + " b 0 0",
             T.NO_LEGAL_PLY, mtb.WHITE, "1-0"),
            ("nmm-noflying", cells("nmm-noflying", ("a7", "g7", "a1"), ("d7", "a4", "g4", "d1")) + " w 0 0",
             T.NO_LEGAL_PLY, mtb.BLACK, "0-1"),
            ("lasker-20", "W.B.....W.B.....WB...... b 7 7 20", T.NO_CAPTURE_LIMIT, None, "1/2-1/2"),
            ("morabaraba", "WB" * 12 + " w 0 0", T.FULL_BOARD, None, "1/2-1/2"),
        ]
        for rules, text, termination, winner, result in cases:
            pos = mtb.Position.from_text(text, rules)
            outcome = pos.outcome()
            self.assertEqual((outcome.termination, outcome.winner, outcome.result(), pos.result()),
                             (termination, winner, result, result), text)
            self.assertEqual(outcome, mtb.Outcome(termination, winner))
            self.assertTrue(pos.is_game_over())


if __name__ == "__main__":
    unittest.main()


class PrintDrawsTheBoard(unittest.TestCase):
    """print(pos) draws the board, as print(board) does in python-chess;
    the drawing is `mtb probe`'s (an independent route: the C++ command)."""

    def probe_board(self, rules, text):
        import subprocess
        out = subprocess.run([support.MTB, "probe", "--tables", support.tables_dir(rules), "--rules", rules, text],
                             capture_output=True, text=True).stdout
        return [line.rstrip() for line in out.splitlines()[:next(i for i, x in enumerate(out.splitlines()) if
                                                                  x.strip().startswith("a "))]]

    def test_str_is_the_board_of_mtb_probe(self):
        for rules, text in (("nmm", ".WB......WB...........BW w 0 0"), ("lasker", "W.B.....W.B.....WB...... b 0 0"),
                            ("lasker-20", "W.B.....W.B.....WB...... w 0 0 5")):
            pos = mtb.Position.from_text(text, rules)
            drawn = [line.rstrip() for line in str(pos).splitlines()]
            want = self.probe_board(rules, pos.to_text())
            self.assertGreater(len(want), 10)
            self.assertEqual(drawn[:len(want)], want, rules)
            self.assertIn(pos.to_text(), drawn[-1])
            self.assertIn("White" if pos.turn else "Black", drawn[-1])

    def test_text_and_repr_stay(self):
        pos = mtb.Position.from_text(FLYING, "nmm")
        self.assertEqual(pos.to_text(), FLYING)
        self.assertEqual(repr(pos), "Position.from_text(%r, 'nmm')" % FLYING)
        self.assertEqual(eval(repr(pos), {"Position": mtb.Position}), pos)

    def test_help_example_value_is_true(self):
        """help(mtb) says what the tables answer for its example position."""
        import re
        doc = mtb.__doc__
        text = re.search(r'from_text\("([^"]+)", "nmm"\)', doc).group(1)
        said = re.search(r"wins in (\d+) plies", doc)
        self.assertIsNotNone(said, doc)
        with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
            v = tb.probe(mtb.Position.from_text(text, "nmm"))
        self.assertEqual((v.wdl, v.plies), (mtb.WIN, int(said.group(1))))
