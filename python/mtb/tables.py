"""Opened tables and probe results, after python-chess's chess.syzygy."""
from __future__ import annotations

import ctypes
import operator
import os
import random
import threading
from types import TracebackType
from typing import Any, List, Optional, Sequence, Tuple, Type, TypeVar, Union

from . import _library as L
from .errors import E_NO_TABLE, BadArgumentError, InvalidPositionError, MissingTableError, error_for
from .position import Move, Position, Rules, RulesLike, check, move_list, same_rules

PositionLike = Union[Position, str]
PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
T = TypeVar("T")
# size_t of the library: cache_bytes above it would wrap to another bound.
SIZE_MAX = 2**(8 * ctypes.sizeof(ctypes.c_size_t)) - 1

WIN, DRAW, LOSS = 1, 0, -1  # Value.wdl, from the side to move's view
_WDL = {0: LOSS, 1: DRAW, 2: WIN}  # MTB_LOSS, MTB_DRAW, MTB_WIN


class Value:
    """An exact value from the side to move's view: `wdl` (WIN 1, DRAW 0,
    LOSS -1), `plies`, its distance with optimal play (0 for a draw; None
    when the value comes from a win/draw/loss-only table, or when
    probe_root knows a win without its distance), and `metric`, what
    `plies` counts: "dtm", plies to the end of the game, or "dtc", plies to
    the next deciding capture (tables made with `mtb gen --metric dtc`, and
    the only metric of rule sets with a no-capture draw rule, lasker-20;
    mtb/probe.h's MTB_DTC); None without a distance.  `dtm` and `dtc` give
    the distance under its own metric's name (None under the other).  For
    rule sets with a no-capture draw rule, `counter` is the plies since the
    last capture the value was taken at (None otherwise): the value holds at
    that counter only, like Syzygy's DTZ.  str() is the library's one text
    (mtb_value_text): "win in 7", "loss, dtc 2", "draw",
    "win (WDL-only table: no distance)"."""

    __slots__ = ("wdl", "plies", "counter", "metric")

    def __init__(self, wdl: int, plies: Optional[int], counter: Optional[int] = None,
                 metric: Optional[str] = None) -> None:
        if metric not in (None, "dtm", "dtc"):
            raise ValueError("metric must be 'dtm', 'dtc' or None, not %r" % (metric,))
        if plies is not None and metric is None:
            metric = "dtm"
        self.wdl, self.plies, self.counter = wdl, plies, counter
        self.metric: Optional[str] = None if plies is None else metric

    @classmethod
    def _from_packed(cls, packed: int, counter: Optional[int]) -> "Value":
        # MTB_WDL_ONLY (bit 2): from a WDL-only table, plies unknown; MTB_DTC (bit 3): plies count DTC.
        if packed & 4:
            return cls(_WDL[packed & 3], None, counter)
        return cls(_WDL[packed & 3], (packed >> 8) & 0xFFFF, counter, "dtc" if packed & 8 else "dtm")

    def _packed(self) -> int:
        """The C API's packed result of this value (mtb/probe.h)."""
        wdl = {LOSS: 0, DRAW: 1, WIN: 2}[self.wdl]
        if self.plies is None:
            return wdl | 4
        return wdl | (8 if self.metric == "dtc" else 0) | (self.plies & 0xFFFF) << 8

    @property
    def dtm(self) -> Optional[int]:
        """`plies` when it counts to the end of the game, else None."""
        return self.plies if self.metric == "dtm" else None

    @property
    def dtc(self) -> Optional[int]:
        """`plies` when it counts to the next deciding capture, else None."""
        return self.plies if self.metric == "dtc" else None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Value) and (self.wdl, self.plies, self.counter, self.metric) == (
            other.wdl, other.plies, other.counter, other.metric)

    def __hash__(self) -> int:
        return hash((self.wdl, self.plies, self.counter, self.metric))

    def __str__(self) -> str:
        return value_text(self._packed())

    def __repr__(self) -> str:
        extra = "" if self.metric is None else ", metric=%r" % self.metric
        extra += "" if self.counter is None else ", counter=%d" % self.counter
        return "Value(wdl=%d, plies=%r%s)" % (self.wdl, self.plies, extra)


def value_text(packed: int) -> str:
    """The text of a C API result (a value or an error code), in the one
    wording every mtb edge uses (mtb_value_text)."""
    buf = ctypes.create_string_buffer(96)
    L.lib().mtb_value_text(packed & 0xFFFFFFFF, buf, len(buf))
    return buf.value.decode()


class RootMove:
    """A legal ply and its value from the view of the side that plays it;
    `value` None (and `error` the reason) when its table is missing.
    `measure`: from ultra_root(), the ultra level's measure of a drawing
    ply (a chance in [0, 1]), else None."""

    __slots__ = ("move", "value", "error", "measure")

    def __init__(self, move: Move, value: Optional[Value], error: Optional[str] = None,
                 measure: Optional[float] = None) -> None:
        self.move, self.value, self.error, self.measure = move, value, error, measure

    def __repr__(self) -> str:
        return "RootMove(%r, %s)" % (self.move.text, self.value if self.value else self.error)


class RootMoves(List[RootMove]):
    """probe_root()'s list of RootMove, best first, with `value`: the
    position's own Value (from its table or, when that is missing, from its
    plies once all are known, or a win without distance once one ply is
    known to win), else None with `error` saying why."""

    def __init__(self, moves: List[RootMove], value: Optional[Value], error: Optional[str] = None) -> None:
        super().__init__(moves)
        self.value = value
        self.error = error


class Tables:
    """Tables of one rule set opened from a folder.  Use open_tables().

    Safe to share between threads: probes run in the C library without the
    interpreter lock, in parallel; close() waits for running probes."""

    rules: Rules
    directory: str
    _handle: Any

    def __init__(self, directory: PathLike, rules: RulesLike, cache_bytes: int = 0) -> None:
        self._handle = None
        self.rules = Rules(rules)
        path = os.fsencode(directory)
        self.directory = os.fsdecode(path)
        if b"\0" in path:  # the library would open the folder cut at the NUL
            raise BadArgumentError("the folder name contains a NUL character: %r" % self.directory[:200])
        bound = _cache_bytes(cache_bytes)
        self._cond = threading.Condition()
        self._running = 0
        status = L.Status()
        handle = L.lib().mtb_open(path, self.rules.name.encode(), bound, ctypes.byref(status))
        if not handle:
            raise error_for(int(status.code), status.message.decode(errors="replace"))
        self._handle = handle
        self._table_count = int(L.lib().mtb_table_count(handle))

    def __len__(self) -> int:
        """The number of table files found."""
        with self._using():
            return self._table_count

    def _using(self) -> "_Use":
        return _Use(self)

    def _position(self, position: PositionLike) -> Position:
        if isinstance(position, str):
            return Position.from_text(position, self.rules)
        if not isinstance(position, Position):
            raise TypeError("expected a Position or position text, got %s" % type(position).__name__)
        same_rules(self.rules, position)
        return position

    def _counter(self, position: Position) -> Optional[int]:
        return position.plies_since_capture if self.rules.no_capture_limit else None

    def _missing(self, message: str) -> MissingTableError:
        """A missing table's error; when the folder held no table of the rule set
        at all, it says so (a wrong folder, more likely than a missing sector)."""
        if self._table_count == 0:
            message += " (no table of rule set %s was found in %s)" % (self.rules.name, self.directory)
        return MissingTableError(message, E_NO_TABLE)

    def _check(self, result: int, status: L.Status) -> int:
        if L.lib().mtb_get_error_code(result) == E_NO_TABLE:
            raise self._missing(status.message.decode(errors="replace"))
        return check(result, status)

    def probe(self, position: PositionLike) -> Value:
        """The exact Value of `position` (a Position or position text).
        Raises MissingTableError (a KeyError), CorruptTableError, TableIOError,
        InvalidPositionError (a ValueError), RulesMismatchError."""
        position = self._position(position)
        status = L.Status()
        with self._using() as h:
            r = int(L.lib().mtb_probe(h, ctypes.byref(position._pos), ctypes.byref(status)))
        self._check(r, status)
        return Value._from_packed(r, self._counter(position))

    def get(self, position: PositionLike, default: Optional[T] = None) -> Union[Value, T, None]:
        """As probe(), but `default` when the position's table is missing
        (as chess.syzygy's get_wdl()).  Every other error still raises: a
        malformed position, a damaged table, another rule set."""
        try:
            return self.probe(position)
        except MissingTableError:
            return default

    def probe_root(self, position: PositionLike) -> RootMoves:
        """Every legal ply of `position` with its value for the side that
        plays it, best first (faster wins, draws, slower losses; plies whose
        table is missing last, with value None), as a RootMoves list whose
        `.value` is the position's value.  When the position's own table is
        missing and not every ply is known, `.value` is what the known plies
        tell (a win, without its distance, when one of them wins) or None,
        and `.error` says why; other errors raise as probe()."""
        return self._probe_root(self._position(position))[0]

    def ultra_root(self, position: PositionLike) -> RootMoves:
        """probe_root()'s list, except that when the best value is a draw the
        ultra level's ply comes first: the drawing ply after which an
        opponent who errs (a uniformly random ply with chance 1/4 at each of
        its turns) most often reaches a lost position within two of its
        turns (mtb_ultra_root()).  Each drawing ply's RootMove has that
        chance as `measure`; other plies None."""
        return self._probe_root(self._position(position), ultra=True)[0]

    def _probe_root(self, position: Position, ultra: bool = False) -> Tuple[RootMoves, Sequence[L.CMove]]:
        """probe_root() (or ultra_root()), with the library's plies in the
        same order."""
        measures: List[Any] = []

        def ultra_root(h: Any, pos: Any, moves: Any, capacity: int, count: Any, status: Any) -> int:
            measures[:] = [(ctypes.c_double * max(1, capacity))()]
            return int(L.lib().mtb_ultra_root(h, pos, moves, measures[0], capacity, count, status))

        with self._using() as h:
            r, moves = move_list(ultra_root if ultra else L.lib().mtb_probe_root, h, position._pos,
                                 raise_error=False)
        lib = L.lib()
        error = None
        if lib.mtb_is_error(r):
            # Only a missing own table leaves the plies worth answering: ask
            # for the position alone to tell that from an error of a ply.
            status = L.Status()
            with self._using() as h:
                own = int(lib.mtb_probe(h, ctypes.byref(position._pos), ctypes.byref(status)))
            if lib.mtb_get_error_code(own) != E_NO_TABLE or not moves:
                # The position's own error (malformed, a damaged table, ...).
                self._check(own if lib.mtb_is_error(own) else r, status)
            error = str(self._missing(status.message.decode(errors="replace")))
        counter = self._counter(position)
        out = []
        for i, m in enumerate(moves):
            move = Move._from_c(self.rules, m)
            if lib.mtb_is_error(m.value):
                out.append(RootMove(move, None, lib.mtb_error_name(m.value).decode()))
            else:
                # Each ply's value holds at the counter after it (the library's rules say what that is).
                after = self._counter(position.copy(stack=False).push(move)) if counter is not None else None
                measure = float(measures[0][i]) if measures and measures[0][i] >= 0 else None
                out.append(RootMove(move, Value._from_packed(m.value, after), measure=measure))
        if error is None:
            return RootMoves(out, Value._from_packed(r, counter)), moves
        wins = out and out[0].value is not None and out[0].value.wdl == WIN
        return RootMoves(out, Value(WIN, None, counter) if wins else None, error), moves

    def play(self, position: PositionLike, level: str = "perfect", seed: Optional[int] = None) -> RootMove:
        """The ply a player of `level` (one of play_levels(): "perfect",
        "strong", "medium", "easy", "ultra") plays in `position`, with its
        value, by the library's own rule (mtb_choose_ply(), as `mtb serve`
        and `mtb player --level`): perfect plays probe_root()[0] (the best
        value, the shortest win, the longest loss); strong, medium and easy
        the same ply, except with a chance of 10%, 40% and 75% a random
        legal ply; ultra plays ultra_root()[0] (perfect's value; among
        draws, the one a fallible opponent most often loses after).  The same `seed` (an
        int from 0 to 2**64 - 1; None: a random one) gives the same ply.
        Raises ValueError for an unknown level or a bad seed,
        InvalidPositionError (a ValueError) when the game is over, and
        MissingTableError (a KeyError) when the tables do not know the best
        ply: let a search play there."""
        code = _level_code(level)
        if seed is None:
            seed = random.getrandbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError("seed must be an int or None, got %s" % type(seed).__name__)
        if not 0 <= seed < 2**64:
            raise ValueError("seed must be from 0 to 2**64 - 1, got %d" % seed)
        position = self._position(position)
        root, c_moves = self._probe_root(position, ultra=level == "ultra")
        if not c_moves:
            raise InvalidPositionError("the game is over in %s: no ply to play" % position)
        array = (L.CMove * len(c_moves))(*c_moves)
        index = ctypes.c_size_t()
        r = int(L.lib().mtb_choose_ply(array, len(c_moves), code, seed, ctypes.byref(index)))
        if L.lib().mtb_get_error_code(r) == E_NO_TABLE:
            raise self._missing("the tables do not know the best ply of %s (%s)" %
                                (position, L.lib().mtb_error_name(c_moves[0].value).decode()))
        if L.lib().mtb_is_error(r):
            raise error_for(int(L.lib().mtb_get_error_code(r)), "mtb_choose_ply failed")
        return root[index.value]

    def close(self) -> None:
        """Closes the tables (waits for probes running in other threads).
        Probing afterwards raises ValueError.  Closing twice does nothing."""
        with self._cond:
            while self._running:
                self._cond.wait()
            handle, self._handle = self._handle, None
        L.lib().mtb_close(handle)

    @property
    def closed(self) -> bool:
        return self._handle is None

    def __enter__(self) -> "Tables":
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]], exc: Optional[BaseException],
                 tb: Optional[TracebackType]) -> None:
        self.close()

    def __del__(self) -> None:
        # Tables never closed are closed when collected; at interpreter exit
        # the library may already be gone, and the process frees everything.
        try:
            if getattr(self, "_handle", None) and getattr(self, "_cond", None):
                self.close()
        except Exception:
            pass

    def __repr__(self) -> str:
        return "<mtb.Tables %s %r%s>" % (self.rules.name, self.directory, " closed" if self.closed else "")


class _Use:
    """Counts a running probe so that close() waits for it."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables

    def __enter__(self) -> Any:
        t = self.tables
        with t._cond:
            if t._handle is None:
                raise ValueError("probe on closed tables")
            t._running += 1
            return t._handle

    def __exit__(self, *exc: object) -> None:
        t = self.tables
        with t._cond:
            t._running -= 1
            if not t._running:
                t._cond.notify_all()


def play_levels() -> Tuple[str, ...]:
    """The names of the levels of play (perfect to easy strongest first,
    then ultra), as the library (mtb_level_name()) and `mtb player --level`
    know them."""
    names: List[str] = []
    while True:
        name = L.lib().mtb_level_name(len(names))
        if name is None:
            return tuple(names)
        names.append(name.decode())


def _level_code(level: object) -> int:
    if not isinstance(level, str):
        raise TypeError("level must be a name (str), got %s" % type(level).__name__)
    names = play_levels()
    if level not in names:
        raise ValueError("unknown level %r; choose one of: %s" % (level[:40], ", ".join(names)))
    return names.index(level)


def _cache_bytes(cache_bytes: int) -> int:
    """cache_bytes as the library's size_t: a whole number from 0 to
    SIZE_MAX; anything else would wrap (-1 to an unbounded cache)."""
    if isinstance(cache_bytes, bool):
        raise TypeError("cache_bytes must be a whole number of bytes, got a bool")
    n = operator.index(cache_bytes)  # TypeError for 1.5, "64M"
    if not 0 <= n <= SIZE_MAX:
        raise BadArgumentError("cache_bytes must be from 0 (the default, 64 MiB) to %d, got %d" % (SIZE_MAX, n))
    return n


def open_tables(directory: PathLike, rules: RulesLike, cache_bytes: int = 0) -> Tables:
    """Opens the tables of rule set `rules` in `directory` (files
    "<rules>_<sector>.mtb"; values are read lazily).  `cache_bytes` bounds
    the cache of decompressed blocks (0: the library's default, 64 MiB).
    Use as a context manager, or call close()."""
    return Tables(directory, rules, cache_bytes)
