"""The two sides, as python-chess names them: WHITE is True, BLACK is False,
so that `pos.turn == mtb.WHITE`, `not pos.turn` (the other side) and
`if pos.turn:` read as they do with chess.Board.

Every colour the package gives out is one of these.  Where it takes a
colour it also takes the position text's letter ("w" or "b"), so code
written for the letters keeps working."""
from __future__ import annotations

from typing import Dict, List, TypeVar, Union

Color = bool
WHITE: Color = True
BLACK: Color = False
COLORS: List[Color] = [WHITE, BLACK]
COLOR_NAMES: List[str] = ["black", "white"]  # indexed by colour, as python-chess's

ColorLike = Union[Color, str]  # a colour, or its letter "w" / "b"

_LETTERS = {"w": WHITE, "b": BLACK}


def to_color(side: ColorLike) -> Color:
    """The colour of `side` (WHITE, BLACK, "w" or "b"); ValueError otherwise."""
    if isinstance(side, bool):
        return side
    if isinstance(side, str) and side in _LETTERS:
        return _LETTERS[side]
    raise ValueError("expected a colour (mtb.WHITE, mtb.BLACK, 'w' or 'b'), got %r" % (side, ))


def color_letter(color: Color) -> str:
    """"w" or "b", as in position text."""
    return "w" if color else "b"


V = TypeVar("V")


class ByColor(Dict[Color, V]):
    """A dict keyed by colour (pos.hand) that also answers the letters:
    `hand[mtb.WHITE]` and `hand["w"]` are the same entry."""

    def __missing__(self, key: object) -> V:
        if isinstance(key, str) and key in _LETTERS:
            return self[_LETTERS[key]]
        raise KeyError(key)
