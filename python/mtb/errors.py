"""Exceptions carrying the C library's message, one class per error code.

Each is an MtbError; where a Python built-in fits, it is one too, so that
`except KeyError` (a missing table, as in chess.syzygy) or `except
ValueError` (a bad position or move) work as a Python user expects."""
from __future__ import annotations

from typing import Dict, Type, Union

# Error codes, pinned in mtb/probe.h (mtb_error_code).
E_GENERIC = 1
E_NO_TABLE = 10
E_INVALID_POSITION = 20
E_CORRUPT = 30
E_IO = 40
E_RULES_MISMATCH = 50
E_UNKNOWN_RULES = 60
E_BAD_ARGUMENT = 70
E_CAPACITY = 80
E_MEMORY = 90


class MtbError(Exception):
    """An error from the mtb library: `.code` (mtb_error_code), `.message`."""

    def __init__(self, message: str, code: int = E_GENERIC) -> None:
        super().__init__(message)
        self.message = message
        self.code = code

    @property
    def name(self) -> str:
        """The library's name of the error class ("no table for this sector")."""
        from . import _library

        return str(_library.lib().mtb_error_name((-self.code) & 0xFFFFFFFF).decode())

    def __str__(self) -> str:
        # KeyError would otherwise show the message in quotes.
        return self.message


class MissingTableError(MtbError, KeyError):
    """No table for the position's sector in the opened folder."""


class InvalidPositionError(MtbError, ValueError):
    """Malformed position or move text, or a position the rules cannot reach."""


class CorruptTableError(MtbError):
    """A table file is damaged (checksum, layout, header)."""


class TableIOError(MtbError, OSError):
    """A file or folder could not be read."""


class RulesMismatchError(MtbError, ValueError):
    """A table, or a position, belongs to another rule set."""


class UnknownRulesError(MtbError, ValueError):
    """No rule set of that name."""


class BadArgumentError(MtbError, ValueError):
    """An argument the library refused (a NULL or malformed one)."""


# ImportError has a `name` attribute (the module's) that MtbError.name, the
# error class's name, takes over: a shadowing that mypy reports.
class LibraryNotFoundError(MtbError, ImportError):  # type: ignore[misc]
    """libmtb_probe.so could not be found or loaded (the message says what to do)."""


_BY_CODE: Dict[int, Type[Exception]] = {
    E_NO_TABLE: MissingTableError,
    E_INVALID_POSITION: InvalidPositionError,
    E_CORRUPT: CorruptTableError,
    E_IO: TableIOError,
    E_RULES_MISMATCH: RulesMismatchError,
    E_UNKNOWN_RULES: UnknownRulesError,
    E_BAD_ARGUMENT: BadArgumentError,
    E_MEMORY: MemoryError,
}


def error_for(code: int, message: str) -> Union[MtbError, MemoryError]:
    """The exception for an mtb_error_code and the library's message."""
    cls = _BY_CODE.get(code, MtbError)
    if cls is MemoryError or not issubclass(cls, MtbError):
        return MemoryError(message)
    return cls(message, code)
