"""Positions, moves and boards from the Python package: the C library's
rules seen from Python, checked against `mtb perft` and by hand."""
import subprocess
import unittest

import support
from support import mtb


def perft(pos, depth):
    if depth == 0:
        return 1
    return sum(perft(pos.copy().push(m), depth - 1) for m in pos.legal_moves())


class Positions(unittest.TestCase):

    def test_text_round_trips(self):
        for text, rules in [(".WB......WB...........BW w 0 0", "nmm"), ("........................ w 9 9", "nmm"),
                            ("W.B.....W.B.....WB...... b 7 7 12", "lasker-20"), ("x" * 0 + "." * 16 + " w 6 6", "six")]:
            self.assertEqual(mtb.Position.from_text(text, rules).to_text(), text)

    def test_board_as_data(self):
        pos = mtb.Position.from_text("W.B.....W.B.....WB...... b 7 7 12", "lasker-20")
        self.assertEqual(pos.turn, mtb.BLACK)
        self.assertEqual(pos.hand, {mtb.WHITE: 7, mtb.BLACK: 7})
        self.assertEqual((pos.hand["w"], pos.hand["b"]), (7, 7))  # the letters still answer
        self.assertEqual(pos.plies_since_capture, 12)
        r = pos.rules
        self.assertEqual(len(r.points), 24)
        self.assertEqual(r.points[0], "a7")
        W, B = mtb.WHITE, mtb.BLACK
        self.assertEqual(pos.board, {r.points[0]: W, r.points[2]: B, r.points[8]: W, r.points[10]: B,
                                     r.points[16]: W, r.points[17]: B})
        self.assertEqual(pos.stones("w"), (r.points[0], r.points[8], r.points[16]))
        self.assertEqual(pos.stones(mtb.WHITE), pos.stones("w"))
        self.assertEqual(pos.piece_at("a7"), mtb.WHITE)
        self.assertIsNone(pos.piece_at("d7"))
        self.assertEqual(len(r.mills), 16)
        self.assertIn(("a7", "d7", "g7"), r.mills)
        self.assertEqual(r.adjacent["a7"], ("d7", "a4"))
        self.assertEqual((r.stones, r.no_capture_limit), (10, 20))
        self.assertEqual(mtb.Rules("nmm").no_capture_limit, 0)

    def test_start_and_push(self):
        pos = mtb.Position("nmm")
        self.assertEqual(pos.to_text(), "........................ w 9 9")
        moves = pos.legal_moves()
        self.assertEqual(len(moves), 24)
        self.assertTrue(all(m.is_placement() and not m.is_capture() for m in moves))
        before = pos.copy()
        self.assertIs(pos.push("d1"), pos)
        self.assertEqual(pos.board, {"d1": mtb.WHITE})
        self.assertEqual(pos.turn, mtb.BLACK)
        self.assertEqual(before.to_text(), "........................ w 9 9")  # copy() is independent
        self.assertNotEqual(pos, before)
        self.assertEqual(pos, mtb.Position.from_text(pos.to_text(), "nmm"))
        self.assertEqual(len({pos, mtb.Position.from_text(pos.to_text(), "nmm")}), 1)

    def test_move_buffer_grows(self):
        from mtb import position

        saved, position._FIRST_CAPACITY = position._FIRST_CAPACITY, 2
        try:
            self.assertEqual(len(mtb.Position("nmm").legal_moves()), 24)
            with mtb.open_tables(support.tables_dir("nmm"), "nmm") as tb:
                self.assertEqual(len(tb.probe_root(".WB......WB...........BW w 0 0")), 54)
        finally:
            position._FIRST_CAPACITY = saved

    def test_move_fields(self):
        pos = mtb.Position.from_text("WW.......B...........WBB w 0 0", "nmm")  # White flies a1-g7
        capture = next(m for m in pos.legal_moves() if m.is_capture())
        self.assertEqual((capture.to_point, capture.remove is not None), ("g7", True))
        self.assertIn("x", capture.text)
        self.assertEqual(capture, capture.text)

    def test_counter_advances_and_resets(self):
        pos = mtb.Position.from_text("WW.......B...........BB. w 7 7 5", "lasker-20")
        quiet = next(m for m in pos.legal_moves() if not m.is_capture())
        self.assertEqual(pos.copy().push(quiet).plies_since_capture, 6)
        capture = next(m for m in pos.legal_moves() if m.is_capture())
        self.assertEqual(pos.copy().push(capture).plies_since_capture, 0)

    def test_game_state(self):
        self.assertEqual(mtb.Position("nmm").game_state(), "ongoing")
        lost = mtb.Position.from_text("WWW" + "." * 19 + "BB b 0 0", "nmm")
        self.assertEqual(lost.game_state(), "lost")
        self.assertEqual(lost.legal_moves(), [])
        drawn = mtb.Position.from_text("W.B.....W.B.....WB...... b 7 7 20", "lasker-20")
        self.assertEqual(drawn.game_state(), "drawn")
        with self.assertRaises(mtb.InvalidPositionError):
            lost.push("a1")

    def test_perft_agrees_with_mtb_perft(self):
        for rules, depth in (("nmm", 3), ("lasker-20", 2), ("morris18", 3)):
            out = subprocess.run([support.MTB, "perft", "--rules", rules, "--depth", str(depth)], capture_output=True,
                                 text=True, check=True).stdout
            self.assertEqual(perft(mtb.Position(rules), depth), int(out.split()[-1]), rules)


class BadInput(unittest.TestCase):
    """Every malformed input raises a ValueError carrying the library's message."""

    def test_bad_position_text(self):
        cases = [
            ("WB w 0 0", "cells"),
            ("." * 24 + " x 9 9", ""),
            ("." * 24 + " w 12 9", ""),
            ("W" * 10 + "." * 14 + " w 0 0", ""),
            ("." * 24 + " w 9 9 7", ""),  # a counter where the rules keep none
            ("." * 24 + " w 10 10 21", ""),  # lasker-20: past the limit
            ("." * 24 + " w 9 9\0", "NUL"),
        ]
        for text, fragment in cases:
            rules = "lasker-20" if text.endswith(" 21") else "nmm"
            with self.assertRaises(mtb.InvalidPositionError, msg=text) as cm:
                mtb.Position.from_text(text, rules)
            self.assertIsInstance(cm.exception, ValueError)
            self.assertTrue(str(cm.exception), text)
            self.assertIn(fragment, str(cm.exception))

    def test_bad_move(self):
        pos = mtb.Position("nmm")
        for move in ("z9", "a1-a4", "d1xd2", "", "a1 a4"):
            with self.assertRaises(mtb.InvalidPositionError, msg=move) as cm:
                pos.push(move)
            self.assertTrue(str(cm.exception))
        self.assertEqual(pos.to_text(), "........................ w 9 9")  # unchanged

    def test_unknown_rules(self):
        with self.assertRaisesRegex(mtb.UnknownRulesError, "unknown rule set 'chess'; known: nmm"):
            mtb.Position("chess")
        with self.assertRaises(ValueError):
            mtb.open_tables(support.tables_dir("nmm"), "chess")

    def test_wrong_type(self):
        with self.assertRaises(TypeError):
            mtb.Position.from_text(None, "nmm")


if __name__ == "__main__":
    unittest.main()
