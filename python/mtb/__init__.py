"""mtb: exact values of Morris positions from mtb tablebases.

    import mtb
    with mtb.open_tables("tables/nmm", "nmm") as tb:
        pos = mtb.Position.from_text(".WB......WB...........BW w 0 0", "nmm")
        print(pos)                            # the board, drawn in text
        print(tb.probe(pos))                  # White (to move) wins in 13 plies
        print(tb.probe_root(pos)[0].move)     # the best ply

The rules (positions, legal plies, playing a ply) come from the C library
libmtb_probe.so, found as mtb._library describes."""
from ._version import __version__
from .errors import (BadArgumentError, CorruptTableError, InvalidPositionError, LibraryNotFoundError,
                     MissingTableError, MtbError, RulesMismatchError, TableIOError, UnknownRulesError)
from .colors import BLACK, COLOR_NAMES, COLORS, WHITE, Color
from .outcome import Outcome, Termination
from .position import LegalMoves, Move, Position, Rules
from .tables import DRAW, LOSS, WIN, RootMove, RootMoves, Tables, Value, open_tables, play_levels


def library_path() -> str:
    """The path of the libmtb_probe.so in use (loads it; LibraryNotFoundError if none)."""
    from . import _library

    return _library.library_path()


__all__ = [
    "__version__", "open_tables", "Tables", "Position", "Rules", "Move", "LegalMoves", "Value", "RootMove", "RootMoves",
    "WIN", "DRAW", "LOSS", "WHITE", "BLACK", "COLORS", "COLOR_NAMES", "Color", "Outcome", "Termination", "MtbError", "MissingTableError", "InvalidPositionError", "CorruptTableError",
    "TableIOError", "RulesMismatchError", "UnknownRulesError", "BadArgumentError", "LibraryNotFoundError",
    "library_path", "play_levels"
]
