"""Rule sets, positions and moves, all from the C library (one place for the
rules): parsing and writing position text, legal plies, playing a ply, and
the board as data.  Position follows python-chess's chess.Board where a
Morris notion corresponds (push/pop/move_stack, legal_moves, turn, outcome)."""
from __future__ import annotations

import ctypes
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _library as L
from .colors import BLACK, WHITE, ByColor, Color, ColorLike, to_color
from .errors import E_CAPACITY, InvalidPositionError, RulesMismatchError, UnknownRulesError, error_for
from .outcome import Outcome, Termination

# A side with fewer stones (board + hand) has lost: 3 in every rule set of
# the library (engine/rules.h, lose_below).  Used only to name the reason
# of a loss the library has already decided (Position.outcome()).
LOSE_BELOW = 3


def check(result: int, status: L.Status) -> int:
    """Raises the exception for an error result of the C API."""
    if L.lib().mtb_is_error(result):
        raise error_for(int(L.lib().mtb_get_error_code(result)), status.message.decode(errors="replace"))
    return result


class Rules:
    """A rule set by name ("nmm", "lasker-20", ...): its board as data."""

    _cache: Dict[str, "Rules"] = {}

    _handle: int
    name: str
    stones: int
    no_capture_limit: int  # plies without a capture that draw the game; 0 when the rules have no such rule
    points: Tuple[str, ...]
    adjacent: Dict[str, Tuple[str, ...]]
    mills: Tuple[Tuple[str, ...], ...]

    def __new__(cls, name: Union[str, "Rules"]) -> "Rules":
        if isinstance(name, Rules):
            return name
        name = str(name)
        if name in cls._cache:
            return cls._cache[name]
        lib = L.lib()
        status = L.Status()
        handle = lib.mtb_rules_find(_name_bytes(name), ctypes.byref(status))
        if not handle:
            raise error_for(int(status.code), status.message.decode(errors="replace"))
        self = super().__new__(cls)
        self._handle = handle
        self.name = lib.mtb_rules_name(handle).decode()
        self.stones = int(lib.mtb_rules_stones(handle))
        self.no_capture_limit = int(lib.mtb_rules_no_capture_limit(handle))
        n = int(lib.mtb_point_count(handle))
        self.points = tuple(lib.mtb_point_name(handle, i).decode() for i in range(n))
        self.adjacent = {self.points[i]: self._names(lib.mtb_adjacent(handle, i)) for i in range(n)}
        count = int(lib.mtb_mills(handle, None, 0))
        masks = (ctypes.c_uint32 * count)()
        lib.mtb_mills(handle, masks, count)
        self.mills = tuple(self._names(m) for m in masks)
        # Two threads may build the same rule set at once: both get the first one stored.
        return cls._cache.setdefault(name, self)

    def _names(self, mask: int) -> Tuple[str, ...]:
        return tuple(p for i, p in enumerate(self.points) if mask >> i & 1)

    def start(self) -> "Position":
        """The starting position: empty board, every stone in hand, White to move."""
        pos = L.Pos()
        status = L.Status()
        check(L.lib().mtb_start_position(self._handle, ctypes.byref(pos), ctypes.byref(status)), status)
        return Position._wrap(self, pos)

    def __repr__(self) -> str:
        return "Rules(%r)" % self.name


RulesLike = Union[str, Rules]


class Move:
    """One ply: `text` ("d1", "d1-d2", "d1xe3", "d1-d2xe3"), `from_point`
    (None for a placement), `to_point`, `remove` (None when nothing is taken).
    Equal to another Move, or to text, with the same text."""

    __slots__ = ("text", "from_point", "to_point", "remove")

    def __init__(self, text: str, from_point: Optional[str], to_point: str, remove: Optional[str]) -> None:
        self.text, self.from_point, self.to_point, self.remove = text, from_point, to_point, remove

    @classmethod
    def _from_c(cls, rules: Rules, m: L.CMove) -> "Move":
        pts = rules.points
        return cls(m.text.decode(), None if m.from_ == L.NO_POINT else pts[m.from_], pts[m.to],
                   None if m.remove == L.NO_POINT else pts[m.remove])

    def is_placement(self) -> bool:
        return self.from_point is None

    def is_capture(self) -> bool:
        return self.remove is not None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return "Move(%r)" % self.text

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Move):
            return self.text == other.text
        if isinstance(other, str):
            return self.text == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.text)


MoveLike = Union[Move, str]


class LegalMoves:
    """`pos.legal_moves`, as python-chess's: iterable (the library's order,
    generated afresh each time, so it follows pushes), `len()`, `bool()`,
    `move in pos.legal_moves` (a Move or its text) and `count()`.  Calling
    it, `pos.legal_moves()`, gives the list, as earlier versions did."""

    __slots__ = ("_position", )

    def __init__(self, position: "Position") -> None:
        self._position = position

    def __call__(self) -> List[Move]:
        p = self._position
        _, moves = move_list(L.lib().mtb_legal_moves, p.rules._handle, p._pos)
        return [Move._from_c(p.rules, m) for m in moves]

    def __iter__(self) -> Iterator[Move]:
        return iter(self())

    def __len__(self) -> int:
        return len(self())

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, (Move, str)):
            return False
        return any(m == move for m in self())

    def __repr__(self) -> str:
        return "<LegalMoves (%s) of %s>" % (", ".join(m.text for m in self()), self._position.to_text())


# A pushed ply: the position before it and the ply as given (text is turned
# into its Move when move_stack asks, so that push() stays one library call).
_Pushed = Tuple[L.Pos, MoveLike]


class Position:
    """A position of a rule set.  Mutable like python-chess's Board: push()
    plays a ply in place and pop() takes it back; copy() first to keep the
    original.  print(pos) draws the board (str(pos), diagram()), as
    print(board) does in python-chess; pos.to_text() is the position text
    and repr(pos) the code that makes it again.

    Always valid: every constructor and push() check it with the library,
    raising InvalidPositionError (a ValueError) with the library's message."""

    __slots__ = ("rules", "_pos", "_stack")

    rules: Rules
    _pos: L.Pos
    _stack: List[_Pushed]

    def __init__(self, rules: RulesLike, text: Optional[str] = None) -> None:
        """The position given by `text` under `rules`, or the start position."""
        self.rules = Rules(rules)
        self._stack = []
        if text is None:
            self._pos = self.rules.start()._pos
        else:
            self._pos = L.Pos()
            status = L.Status()
            check(
                L.lib().mtb_position_from_text(self.rules._handle, _encode(text), ctypes.byref(self._pos),
                                               ctypes.byref(status)), status)

    @classmethod
    def from_text(cls, text: str, rules: RulesLike) -> "Position":
        """Parses "<cells> <side> <white in hand> <black in hand> [<plies since capture>]"."""
        return cls(rules, _text(text))

    @classmethod
    def _wrap(cls, rules: Rules, pos: L.Pos) -> "Position":
        self = cls.__new__(cls)
        self.rules, self._pos, self._stack = rules, pos, []
        return self

    def to_text(self) -> str:
        buf = ctypes.create_string_buffer(L.MAX_POSITION_TEXT)
        status = L.Status()
        check(
            L.lib().mtb_position_to_text(self.rules._handle, ctypes.byref(self._pos), buf, len(buf),
                                         ctypes.byref(status)), status)
        return buf.value.decode()

    def copy(self, *, stack: Union[bool, int] = True) -> "Position":
        """An independent copy, with the move stack (python-chess's
        copy(stack=...): True all of it, False none, a number the last plies)."""
        out = Position._wrap(self.rules, L.Pos.from_buffer_copy(self._pos))
        keep = len(self._stack) if stack is True else 0 if stack is False else max(0, int(stack))
        out._stack = self._stack[len(self._stack) - keep:] if keep else []
        return out

    # -- the board as data ------------------------------------------------
    @property
    def turn(self) -> Color:
        """The side to move: mtb.WHITE (True) or mtb.BLACK (False)."""
        return BLACK if self._pos.side_to_move else WHITE

    @property
    def hand(self) -> ByColor[int]:
        """Stones in hand by colour: {WHITE: n, BLACK: m}; hand["w"] works too."""
        out: ByColor[int] = ByColor()
        out[WHITE] = int(self._pos.white_hand)
        out[BLACK] = int(self._pos.black_hand)
        return out

    @property
    def plies_since_capture(self) -> int:
        """The no-capture counter, for rule sets that have one (else 0)."""
        return int(self._pos.plies_since_capture)

    @property
    def board(self) -> Dict[str, Color]:
        """{point name: colour} for every stone on the board."""
        out: Dict[str, Color] = {}
        for i, name in enumerate(self.rules.points):
            if self._pos.white >> i & 1:
                out[name] = WHITE
            elif self._pos.black >> i & 1:
                out[name] = BLACK
        return out

    def stones(self, side: ColorLike) -> Tuple[str, ...]:
        """The points holding `side`'s stones (a colour or "w"/"b"), in position-text order."""
        mask = self._pos.white if to_color(side) == WHITE else self._pos.black
        return tuple(p for i, p in enumerate(self.rules.points) if mask >> i & 1)

    def color_at(self, point: str) -> Optional[Color]:
        """The colour of the stone on `point`, None when it is empty (python-chess's color_at)."""
        return self.board.get(point)

    def piece_at(self, point: str) -> Optional[Color]:
        """As color_at(): a Morris stone is its colour."""
        return self.color_at(point)

    # -- play -------------------------------------------------------------
    @property
    def legal_moves(self) -> LegalMoves:
        """Every legal ply (Move objects) in the library's order; empty once
        the game is over.  Iterate it, or call it for a list."""
        return LegalMoves(self)

    def push(self, move: MoveLike) -> "Position":
        """Plays `move` (a Move or its text) in place and puts it on
        move_stack; InvalidPositionError if it is not legal.  Returns the
        position, so that `pos.copy().push(m)` is the position after m."""
        before = L.Pos.from_buffer_copy(self._pos)
        status = L.Status()
        check(L.lib().mtb_play_move(self.rules._handle, ctypes.byref(self._pos), _encode(str(move)),
                                    ctypes.byref(status)), status)
        self._stack.append((before, move))
        return self

    def pop(self) -> Move:
        """Takes back the last ply pushed and returns it; IndexError when none is left."""
        if not self._stack:
            raise IndexError("pop from an empty move stack")
        move = self._resolved(len(self._stack) - 1)
        self._pos = self._stack.pop()[0]
        return move

    def peek(self) -> Move:
        """The last ply pushed; IndexError when none."""
        if not self._stack:
            raise IndexError("peek at an empty move stack")
        return self._resolved(len(self._stack) - 1)

    @property
    def move_stack(self) -> List[Move]:
        """The plies pushed since the position was made (or copied with its stack), first first."""
        return [self._resolved(i) for i in range(len(self._stack))]

    def _resolved(self, i: int) -> Move:
        """The Move of the i-th pushed ply (given as text, it is looked up among the plies then legal)."""
        before, move = self._stack[i]
        if isinstance(move, Move):
            return move
        after = self._stack[i + 1][0] if i + 1 < len(self._stack) else self._pos
        prior = Position._wrap(self.rules, before)
        candidates = prior.legal_moves()
        # The library may accept other spellings of a ply than its own text:
        # then the ply is the one that leads to the position that followed.
        found = next((m for m in candidates if m.text == move), None) or next(
            m for m in candidates if bytes(prior.copy(stack=False).push(m)._pos) == bytes(after))
        self._stack[i] = (before, found)
        return found

    def game_state(self) -> str:
        """"ongoing", "lost" (the side to move has lost) or "drawn"."""
        status = L.Status()
        r = check(L.lib().mtb_game_state_of(self.rules._handle, ctypes.byref(self._pos), ctypes.byref(status)),
                  status)
        return ("ongoing", "lost", "drawn")[r]

    def is_game_over(self) -> bool:
        return self.game_state() != "ongoing"

    def outcome(self) -> Optional[Outcome]:
        """How the game ended (python-chess's Board.outcome()); None while it goes on."""
        state = self.game_state()
        if state == "ongoing":
            return None
        if state == "drawn":
            limit = self.rules.no_capture_limit
            reached = limit and self.plies_since_capture >= limit
            return Outcome(Termination.NO_CAPTURE_LIMIT if reached else Termination.FULL_BOARD, None)
        mover = self.turn
        few = len(self.stones(mover)) + self.hand[mover] < LOSE_BELOW
        return Outcome(Termination.TOO_FEW_STONES if few else Termination.NO_LEGAL_PLY, not mover)

    def result(self) -> str:
        """"1-0", "0-1", "1/2-1/2", or "*" while the game goes on (python-chess's Board.result())."""
        outcome = self.outcome()
        return outcome.result() if outcome else "*"

    # -- identity ---------------------------------------------------------
    def _key(self) -> Tuple[Any, ...]:
        p = self._pos
        return (self.rules.name, p.white, p.black, p.white_hand, p.black_hand, p.side_to_move,
                p.plies_since_capture)

    def __eq__(self, other: object) -> bool:
        """Same rule set and position; the move stacks are not compared."""
        return isinstance(other, Position) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __str__(self) -> str:
        """The board drawn in text, as print(board) draws one in python-chess
        (the position text is to_text(); repr() gives code that remakes it)."""
        return self.diagram()

    def __repr__(self) -> str:
        return "Position.from_text(%r, %r)" % (self.to_text(), self.rules.name)

    def diagram(self) -> str:
        """The board as `mtb probe` draws it: points on a grid (W, B, or .
        when empty), straight lines as - and |, rank numbers and file
        letters, then the position text, the side to move and the stones
        in hand."""
        names = self.rules.points
        files = [ord(n[0]) - ord("a") for n in names]
        ranks = [int(n[1:]) for n in names]
        low, high, wide = min(ranks), max(ranks), max(files)
        # The first point of the position text is on the top row, as in
        # `mtb probe` and the page: most boards count ranks upwards (a7 on
        # top), board18 downwards (a0).
        top_high = ranks[0] == high

        def x_of(i: int) -> int:
            return files[i] * 4

        def y_of(i: int) -> int:
            return ((high - ranks[i]) if top_high else (ranks[i] - low)) * 2

        canvas = [[" "] * (wide * 4 + 1) for _ in range((high - low) * 2 + 1)]
        index = {n: i for i, n in enumerate(names)}
        for a, near in self.rules.adjacent.items():
            for b in near:
                u, v = index[a], index[b]
                if y_of(u) == y_of(v):
                    for x in range(min(x_of(u), x_of(v)), max(x_of(u), x_of(v)) + 1):
                        canvas[y_of(u)][x] = "-"
                elif x_of(u) == x_of(v):
                    for y in range(min(y_of(u), y_of(v)), max(y_of(u), y_of(v)) + 1):
                        canvas[y][x_of(u)] = "|"
        board = self.board
        for i, n in enumerate(names):
            canvas[y_of(i)][x_of(i)] = "." if n not in board else "W" if board[n] == WHITE else "B"
        lines = []
        for y, row in enumerate(canvas):
            text = "".join(row).rstrip()
            rank = (high - y // 2) if top_high else (low + y // 2)
            lines.append(("%3d  %s" % (rank, text)) if y % 2 == 0 else ("     " + text))
        lines.append("    " + "".join(" %s  " % chr(ord("a") + f) for f in range(wide + 1)).rstrip())
        side = "White" if self.turn == WHITE else "Black"
        hand = self.hand
        lines.append("%s  (%s to move; in hand: White %d, Black %d)" % (self.to_text(), side, hand[WHITE], hand[BLACK]))
        return "\n".join(lines)


_FIRST_CAPACITY = 128  # plies of nearly every position; a larger buffer is tried when needed

# mtb_legal_moves, mtb_probe_root: (handle, pos, moves, capacity, count, status) -> result
MoveListFunction = Callable[..., int]


def move_list(fn: MoveListFunction, handle: Any, pos: L.Pos,
              raise_error: bool = True) -> Tuple[int, Sequence[L.CMove]]:
    """Calls an mtb_ function filling an mtb_move buffer (mtb_legal_moves,
    mtb_probe_root): (its result, the moves written).  Raises on errors,
    unless `raise_error` is False: then the moves written come back with
    the error result (mtb_probe_root writes the plies before it fails on
    the position's own value)."""
    capacity = _FIRST_CAPACITY
    while True:
        moves = (L.CMove * capacity)()
        count = ctypes.c_size_t()
        status = L.Status()
        r = int(fn(handle, ctypes.byref(pos), moves, capacity, ctypes.byref(count), ctypes.byref(status)))
        if status.code == E_CAPACITY and count.value > capacity:
            capacity = count.value
            continue
        if raise_error:
            check(r, status)
        return r, moves[:count.value]


def _text(text: object) -> str:
    if not isinstance(text, str):
        raise TypeError("expected text, got %s" % type(text).__name__)
    return text


def _encode(text: object) -> bytes:
    """Position or move text for the library: text with a NUL, or that is
    no Unicode (lone surrogates), is malformed, not cut or crashed on."""
    s = _text(text)
    if "\0" in s:
        raise InvalidPositionError("text contains a NUL character: %r" % s[:80])
    try:
        return s.encode()
    except UnicodeEncodeError:
        raise InvalidPositionError("text is not valid Unicode: %r" % s[:80]) from None


def _name_bytes(name: str) -> bytes:
    """A rule set's name for the library; a name the library would read
    otherwise (cut at a NUL, or no Unicode) is no rule set's."""
    try:
        if "\0" not in name:
            return name.encode()
    except UnicodeEncodeError:
        pass
    raise UnknownRulesError("unknown rule set %r (a name holds no NUL and is valid Unicode)" % name[:80])


def same_rules(rules: Rules, position: Position) -> None:
    if position.rules.name != rules.name:
        raise RulesMismatchError("the position is of rule set %s, the tables of %s" %
                                 (position.rules.name, rules.name))
