"""How a game ended, after python-chess's chess.Outcome: `termination`
(why), `winner` (a colour, None for a draw) and `result()` ("1-0")."""
from __future__ import annotations

import enum
from typing import Optional

from .colors import WHITE, Color


class Termination(enum.Enum):
    """Why the game is over.  The C library says whether it is (lost or
    drawn); the reason is read off the position in the order of the rules'
    checks (engine/movegen.h, outcome())."""

    NO_CAPTURE_LIMIT = enum.auto()  # draw: the no-capture ply limit reached (lasker-20)
    TOO_FEW_STONES = enum.auto()  # loss: the side to move has fewer than 3 stones (board + hand)
    FULL_BOARD = enum.auto()  # draw: the board is full once placing ends (rule sets that say so)
    NO_LEGAL_PLY = enum.auto()  # loss: the side to move is blocked


class Outcome:
    """The end of a game: `termination` and `winner` (None for a draw)."""

    __slots__ = ("termination", "winner")

    def __init__(self, termination: Termination, winner: Optional[Color]) -> None:
        self.termination = termination
        self.winner = winner

    def result(self) -> str:
        """"1-0" (White won), "0-1" or "1/2-1/2", as python-chess writes it."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == WHITE else "0-1"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Outcome):
            return NotImplemented
        return (self.termination, self.winner) == (other.termination, other.winner)

    def __hash__(self) -> int:
        return hash((self.termination, self.winner))

    def __repr__(self) -> str:
        return "Outcome(termination=%s, winner=%r)" % (self.termination, self.winner)
