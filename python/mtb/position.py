"""Rule sets, positions and moves, all from the C library (one place for the
rules): parsing and writing position text, legal plies, playing a ply, and
the board as data."""
import ctypes

from . import _library as L
from .errors import E_CAPACITY, InvalidPositionError, RulesMismatchError, error_for

WHITE, BLACK = "w", "b"


def check(result, status):
    """Raises the exception for an error result of the C API."""
    if L.lib().mtb_is_error(result):
        raise error_for(L.lib().mtb_get_error_code(result), status.message.decode(errors="replace"))
    return result


class Rules:
    """A rule set by name ("nmm", "lasker-20", ...): its board as data."""

    _cache = {}

    def __new__(cls, name):
        if isinstance(name, Rules):
            return name
        if name in cls._cache:
            return cls._cache[name]
        lib = L.lib()
        status = L.Status()
        handle = lib.mtb_rules_find(str(name).encode(), ctypes.byref(status))
        if not handle:
            raise error_for(status.code, status.message.decode(errors="replace"))
        self = super().__new__(cls)
        self._handle = handle
        self.name = lib.mtb_rules_name(handle).decode()
        self.stones = lib.mtb_rules_stones(handle)
        # Plies without a capture that draw the game; 0 when the rules have no such rule.
        self.no_capture_limit = lib.mtb_rules_no_capture_limit(handle)
        n = lib.mtb_point_count(handle)
        self.points = tuple(lib.mtb_point_name(handle, i).decode() for i in range(n))
        self.adjacent = {self.points[i]: self._names(lib.mtb_adjacent(handle, i)) for i in range(n)}
        count = lib.mtb_mills(handle, None, 0)
        masks = (ctypes.c_uint32 * count)()
        lib.mtb_mills(handle, masks, count)
        self.mills = tuple(self._names(m) for m in masks)
        # Two threads may build the same rule set at once: both get the first one stored.
        return cls._cache.setdefault(name, self)

    def _names(self, mask):
        return tuple(p for i, p in enumerate(self.points) if mask >> i & 1)

    def start(self):
        """The starting position: empty board, every stone in hand, White to move."""
        pos = L.Pos()
        status = L.Status()
        check(L.lib().mtb_start_position(self._handle, ctypes.byref(pos), ctypes.byref(status)), status)
        return Position._wrap(self, pos)

    def __repr__(self):
        return "Rules(%r)" % self.name


class Move:
    """One ply: `text` ("d1", "d1-d2", "d1xe3", "d1-d2xe3"), `from_point`
    (None for a placement), `to_point`, `remove` (None when nothing is taken)."""

    __slots__ = ("text", "from_point", "to_point", "remove")

    def __init__(self, text, from_point, to_point, remove):
        self.text, self.from_point, self.to_point, self.remove = text, from_point, to_point, remove

    @classmethod
    def _from_c(cls, rules, m):
        pts = rules.points
        return cls(m.text.decode(), None if m.from_ == L.NO_POINT else pts[m.from_], pts[m.to],
                   None if m.remove == L.NO_POINT else pts[m.remove])

    def is_placement(self):
        return self.from_point is None

    def is_capture(self):
        return self.remove is not None

    def __str__(self):
        return self.text

    def __repr__(self):
        return "Move(%r)" % self.text

    def __eq__(self, other):
        if isinstance(other, Move):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self):
        return hash(self.text)


class Position:
    """A position of a rule set.  Mutable like python-chess's Board: push()
    plays a ply in place; copy() first to keep the original.

    Always valid: every constructor and push() check it with the library,
    raising InvalidPositionError (a ValueError) with the library's message."""

    __slots__ = ("rules", "_pos")

    def __init__(self, rules, text=None):
        """The position given by `text` under `rules`, or the start position."""
        self.rules = Rules(rules)
        if text is None:
            self._pos = self.rules.start()._pos
        else:
            self._pos = L.Pos()
            status = L.Status()
            check(
                L.lib().mtb_position_from_text(self.rules._handle, _encode(text), ctypes.byref(self._pos),
                                               ctypes.byref(status)), status)

    @classmethod
    def from_text(cls, text, rules):
        """Parses "<cells> <side> <white in hand> <black in hand> [<plies since capture>]"."""
        return cls(rules, _text(text))

    @classmethod
    def _wrap(cls, rules, pos):
        self = cls.__new__(cls)
        self.rules, self._pos = rules, pos
        return self

    def to_text(self):
        buf = ctypes.create_string_buffer(L.MAX_POSITION_TEXT)
        status = L.Status()
        check(
            L.lib().mtb_position_to_text(self.rules._handle, ctypes.byref(self._pos), buf, len(buf),
                                         ctypes.byref(status)), status)
        return buf.value.decode()

    def copy(self):
        pos = L.Pos()
        ctypes.pointer(pos)[0] = self._pos
        return Position._wrap(self.rules, pos)

    # -- the board as data ------------------------------------------------
    @property
    def turn(self):
        """WHITE ("w") or BLACK ("b"): the side to move."""
        return BLACK if self._pos.side_to_move else WHITE

    @property
    def hand(self):
        """Stones in hand: {"w": n, "b": m}."""
        return {WHITE: self._pos.white_hand, BLACK: self._pos.black_hand}

    @property
    def plies_since_capture(self):
        """The no-capture counter, for rule sets that have one (else 0)."""
        return self._pos.plies_since_capture

    @property
    def board(self):
        """{point name: "w" or "b"} for every stone on the board."""
        out = {}
        for i, name in enumerate(self.rules.points):
            if self._pos.white >> i & 1:
                out[name] = WHITE
            elif self._pos.black >> i & 1:
                out[name] = BLACK
        return out

    def stones(self, side):
        """The points holding `side`'s stones, in position-text order."""
        mask = self._pos.white if side == WHITE else self._pos.black
        return tuple(p for i, p in enumerate(self.rules.points) if mask >> i & 1)

    def piece_at(self, point):
        """"w", "b" or None for a point name."""
        return self.board.get(point)

    # -- play -------------------------------------------------------------
    def legal_moves(self):
        """Every legal ply (Move objects), in the library's order; [] once the game is over."""
        _, moves = move_list(L.lib().mtb_legal_moves, self.rules._handle, self._pos)
        return [Move._from_c(self.rules, m) for m in moves]

    def push(self, move):
        """Plays `move` (text or Move) in place; InvalidPositionError if it is not legal."""
        status = L.Status()
        check(L.lib().mtb_play_move(self.rules._handle, ctypes.byref(self._pos), _encode(str(move)),
                                    ctypes.byref(status)), status)
        return self

    def game_state(self):
        """"ongoing", "lost" (the side to move has lost) or "drawn"."""
        status = L.Status()
        r = check(L.lib().mtb_game_state_of(self.rules._handle, ctypes.byref(self._pos), ctypes.byref(status)),
                  status)
        return ("ongoing", "lost", "drawn")[r]

    def is_game_over(self):
        return self.game_state() != "ongoing"

    # -- identity ---------------------------------------------------------
    def _key(self):
        p = self._pos
        return (self.rules.name, p.white, p.black, p.white_hand, p.black_hand, p.side_to_move,
                p.plies_since_capture)

    def __eq__(self, other):
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def __str__(self):
        return self.to_text()

    def __repr__(self):
        return "Position.from_text(%r, %r)" % (self.to_text(), self.rules.name)


_FIRST_CAPACITY = 128  # plies of nearly every position; a larger buffer is tried when needed


def move_list(fn, handle, pos):
    """Calls an mtb_ function filling an mtb_move buffer (mtb_legal_moves,
    mtb_probe_root): (its result, the moves written).  Raises on errors."""
    capacity = _FIRST_CAPACITY
    while True:
        moves = (L.CMove * capacity)()
        count = ctypes.c_size_t()
        status = L.Status()
        r = fn(handle, ctypes.byref(pos), moves, capacity, ctypes.byref(count), ctypes.byref(status))
        if status.code == E_CAPACITY and count.value > capacity:
            capacity = count.value
            continue
        check(r, status)
        return r, moves[:count.value]


def _text(text):
    if not isinstance(text, str):
        raise TypeError("expected text, got %s" % type(text).__name__)
    return text


def _encode(text):
    if "\0" in _text(text):
        raise InvalidPositionError("text contains a NUL character")
    return text.encode()


def same_rules(rules, position):
    if position.rules.name != rules.name:
        raise RulesMismatchError("the position is of rule set %s, the tables of %s" %
                                 (position.rules.name, rules.name))
