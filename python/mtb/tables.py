"""Opened tables and probe results, after python-chess's chess.syzygy."""
import ctypes
import os
import threading

from . import _library as L
from .errors import MtbError, error_for
from .position import Move, Position, Rules, check, move_list, same_rules

WIN, DRAW, LOSS = 1, 0, -1  # Value.wdl, from the side to move's view
_WDL = {0: LOSS, 1: DRAW, 2: WIN}  # MTB_LOSS, MTB_DRAW, MTB_WIN


class Value:
    """An exact value from the side to move's view: `wdl` (WIN 1, DRAW 0,
    LOSS -1), `plies` to the end with optimal play (0 for a draw; None when
    the value comes from a win/draw/loss-only table) and, for
    rule sets with a no-capture draw rule (lasker-20), `counter`: the plies
    since the last capture the value was taken at (None otherwise).  With
    such a rule the value holds at that counter only, and `plies` counts to
    the deciding capture (DTC, as mtb/probe.h explains), like Syzygy's DTZ."""

    __slots__ = ("wdl", "plies", "counter")

    def __init__(self, wdl, plies, counter=None):
        self.wdl, self.plies, self.counter = wdl, plies, counter

    @classmethod
    def _from_packed(cls, packed, counter):
        # MTB_WDL_ONLY (bit 2): from a WDL-only table, plies unknown.
        return cls(_WDL[packed & 3], None if packed & 4 else (packed >> 8) & 0xFFFF, counter)

    def __eq__(self, other):
        return isinstance(other, Value) and (self.wdl, self.plies, self.counter) == (other.wdl, other.plies,
                                                                                     other.counter)

    def __hash__(self):
        return hash((self.wdl, self.plies, self.counter))

    def __str__(self):
        if self.wdl == DRAW:
            return "draw"
        word = "win" if self.wdl == WIN else "loss"
        return word if self.plies is None else "%s in %d" % (word, self.plies)

    def __repr__(self):
        extra = "" if self.counter is None else ", counter=%d" % self.counter
        return "Value(wdl=%d, plies=%r%s)" % (self.wdl, self.plies, extra)


class RootMove:
    """A legal ply and its value from the view of the side that plays it;
    `value` None (and `error` the reason) when its table is missing."""

    __slots__ = ("move", "value", "error")

    def __init__(self, move, value, error=None):
        self.move, self.value, self.error = move, value, error

    def __repr__(self):
        return "RootMove(%r, %s)" % (self.move.text, self.value if self.value else self.error)


class RootMoves(list):
    """probe_root()'s list of RootMove, best first, with `value`: the
    position's own Value (from its table or, when that is missing, from its
    plies once all are known)."""

    def __init__(self, moves, value):
        super().__init__(moves)
        self.value = value


class Tables:
    """Tables of one rule set opened from a folder.  Use open_tables().

    Safe to share between threads: probes run in the C library without the
    interpreter lock, in parallel; close() waits for running probes."""

    def __init__(self, directory, rules, cache_bytes=0):
        self.rules = Rules(rules)
        self.directory = os.fspath(directory)
        status = L.Status()
        self._handle = L.lib().mtb_open(os.fsencode(self.directory), self.rules.name.encode(), cache_bytes,
                                        ctypes.byref(status))
        if not self._handle:
            raise error_for(status.code, status.message.decode(errors="replace"))
        self._cond = threading.Condition()
        self._running = 0

    def __len__(self):
        """The number of table files found."""
        with self._using() as h:
            return L.lib().mtb_table_count(h)

    def _using(self):
        return _Use(self)

    def _position(self, position):
        if isinstance(position, str):
            return Position.from_text(position, self.rules)
        if not isinstance(position, Position):
            raise TypeError("expected a Position or position text, got %s" % type(position).__name__)
        same_rules(self.rules, position)
        return position

    def _counter(self, position):
        return position.plies_since_capture if self.rules.no_capture_limit else None

    def probe(self, position):
        """The exact Value of `position` (a Position or position text).
        Raises MissingTableError (a KeyError), CorruptTableError, TableIOError,
        InvalidPositionError (a ValueError), RulesMismatchError."""
        position = self._position(position)
        status = L.Status()
        with self._using() as h:
            r = L.lib().mtb_probe(h, ctypes.byref(position._pos), ctypes.byref(status))
        check(r, status)
        return Value._from_packed(r, self._counter(position))

    def get(self, position, default=None):
        """As probe(), but `default` instead of any library error."""
        try:
            return self.probe(position)
        except MtbError:
            return default

    def probe_root(self, position):
        """Every legal ply of `position` with its value for the side that
        plays it, best first (faster wins, draws, slower losses; plies whose
        table is missing last, with value None), as a RootMoves list whose
        `.value` is the position's value.  Raises as probe() when that value
        is unknown."""
        position = self._position(position)
        with self._using() as h:
            r, moves = move_list(L.lib().mtb_probe_root, h, position._pos)
        counter = self._counter(position)
        out = []
        lib = L.lib()
        for m in moves:
            move = Move._from_c(self.rules, m)
            if lib.mtb_is_error(m.value):
                out.append(RootMove(move, None, lib.mtb_error_name(m.value).decode()))
            else:
                # Each ply's value holds at the counter after it (the library's rules say what that is).
                after = self._counter(position.copy().push(move)) if counter is not None else None
                out.append(RootMove(move, Value._from_packed(m.value, after)))
        return RootMoves(out, Value._from_packed(r, counter))

    def close(self):
        """Closes the tables (waits for probes running in other threads).
        Probing afterwards raises ValueError.  Closing twice does nothing."""
        with self._cond:
            while self._running:
                self._cond.wait()
            handle, self._handle = self._handle, None
        L.lib().mtb_close(handle)

    @property
    def closed(self):
        return self._handle is None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        # Tables never closed are closed when collected; at interpreter exit
        # the library may already be gone, and the process frees everything.
        try:
            if getattr(self, "_handle", None) and getattr(self, "_cond", None):
                self.close()
        except Exception:
            pass

    def __repr__(self):
        return "<mtb.Tables %s %r%s>" % (self.rules.name, self.directory, " closed" if self.closed else "")


class _Use:
    """Counts a running probe so that close() waits for it."""

    def __init__(self, tables):
        self.tables = tables

    def __enter__(self):
        t = self.tables
        with t._cond:
            if t._handle is None:
                raise ValueError("probe on closed tables")
            t._running += 1
            return t._handle

    def __exit__(self, *exc):
        t = self.tables
        with t._cond:
            t._running -= 1
            if not t._running:
                t._cond.notify_all()


def open_tables(directory, rules, cache_bytes=0):
    """Opens the tables of rule set `rules` in `directory` (files
    "<rules>_<sector>.mtb"; values are read lazily).  `cache_bytes` bounds
    the cache of decompressed blocks (0: the library's default, 64 MiB).
    Use as a context manager, or call close()."""
    return Tables(directory, rules, cache_bytes)
