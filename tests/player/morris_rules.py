"""A compact, independent implementation of the Morris rules the referees
need (docs/RULES.md): boards from their text description, plies,
removals and game ends.  It shares no code or tables with the C++ engine,
so a referee built on it checks the player's moves independently."""

STANDARD24_POINTS = "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1".split()
STANDARD24_MILLS = ("a7d7g7 b6d6f6 c5d5e5 a4b4c4 e4f4g4 c3d3e3 b2d2f2 a1d1g1 "
                    "a7a4a1 b6b4b2 c5c4c3 d7d6d5 d3d2d1 e5e4e3 f6f4f2 g7g4g1").split()

BOARD18_POINTS = "a0 g0 b1 f1 c2 e2 e3 f3 g3 c4 d4 e4 b5 d5 f5 a6 d6 g6".split()
BOARD18_EDGES = ("a0-g0 a0-b1 a0-a6 g0-f1 g0-g3 b1-f1 b1-c2 b1-b5 f1-e2 f1-f3 c2-e2 c2-c4 e2-e3 "
                 "e3-f3 e3-e4 f3-g3 f3-f5 g3-g6 c4-d4 c4-b5 d4-e4 d4-d5 e4-f5 b5-d5 b5-a6 d5-f5 "
                 "d5-d6 f5-g6 a6-d6 d6-g6").split()
BOARD18_MILLS = "a0b1c2 g0f1e2 g0g3g6 f1f3f5 e2e3e4 e3f3g3 c4d4e4 c4b5a6 d4d5d6 e4f5g6 b5d5f5 a6d6g6".split()


class Board:
    def __init__(self, points, mills, edges=None):
        self.points = points
        self.mills = [frozenset(m[i:i + 2] for i in (0, 2, 4)) for m in mills]
        self.adj = {p: set() for p in points}
        if edges is None:
            # On standard24 the lines of the mills are exactly the edges:
            # consecutive points of each mill are adjacent.
            edges = []
            for m in mills:
                a, b, c = m[0:2], m[2:4], m[4:6]
                edges += [a + "-" + b, b + "-" + c]
        for e in edges:
            a, b = e.split("-")
            self.adj[a].add(b)
            self.adj[b].add(a)


STANDARD24 = Board(STANDARD24_POINTS, STANDARD24_MILLS)
BOARD18 = Board(BOARD18_POINTS, BOARD18_MILLS, BOARD18_EDGES)


class Rules:
    def __init__(self, board, stones, move_while_in_hand, fly_at, fly_board_only, remove_any_if_all_in_mills,
                 counter_limit=0):
        self.board, self.stones = board, stones
        self.move_while_in_hand = move_while_in_hand
        self.fly_at, self.fly_board_only = fly_at, fly_board_only
        self.remove_any_if_all_in_mills = remove_any_if_all_in_mills
        self.counter_limit = counter_limit


LASKER20 = Rules(STANDARD24, 10, True, 3, False, True, 20)
NMM_NOFLYING = Rules(STANDARD24, 9, False, 0, False, True)
MORRIS18 = Rules(BOARD18, 8, False, 3, True, False)


class State:
    """cells: point -> 'W' or 'B'; hand: {'W': n, 'B': n}; side: 'W' or 'B'."""

    def __init__(self, rules):
        self.rules = rules
        self.cells = {}
        self.hand = {"W": rules.stones, "B": rules.stones}
        self.side = "W"
        self.counter = 0

    def copy(self):
        s = State(self.rules)
        s.cells, s.hand, s.side, s.counter = dict(self.cells), dict(self.hand), self.side, self.counter
        return s

    def stones(self, c):
        return {p for p, v in self.cells.items() if v == c}

    def total(self, c):
        return len(self.stones(c)) + self.hand[c]

    def empty(self):
        return [p for p in self.rules.board.points if p not in self.cells]


def other(c):
    return "B" if c == "W" else "W"


def in_mill(board, stones, p):
    return any(p in m and m <= stones for m in board.mills)


def removable(state, victim):
    """The victim's stones a mill closed now may remove."""
    b = state.rules.board
    own = state.stones(victim)
    free = {p for p in own if not in_mill(b, own, p)}
    if free:
        return free
    return set(own) if state.rules.remove_any_if_all_in_mills else set()


def can_fly(state, c):
    r = state.rules
    if not r.fly_at:
        return False
    n = len(state.stones(c))
    if r.fly_board_only:
        return state.hand[c] == 0 and n <= r.fly_at
    return n + state.hand[c] <= r.fly_at


def steps(state):
    """Placements and moves of the side to move, without removals: (from, to), from None for a placement."""
    c, r = state.side, state.rules
    empty = state.empty()
    out = []
    if state.hand[c] > 0:
        out += [(None, t) for t in empty]
    if state.hand[c] == 0 or r.move_while_in_hand:
        fly = can_fly(state, c)
        for f in sorted(state.stones(c)):
            for t in empty:
                if fly or t in r.board.adj[f]:
                    out.append((f, t))
    return out


def closes_mill(state, step):
    c = state.side
    own = state.stones(c)
    if step[0]:
        own.discard(step[0])
    own.add(step[1])
    return in_mill(state.rules.board, own, step[1])


def plies(state):
    """Every ply (from, to, remove) with remove None when nothing is removed."""
    out = []
    for st in steps(state):
        if closes_mill(state, st):
            rem = removable(state, other(state.side))
            if rem:
                out += [(st[0], st[1], x) for x in sorted(rem)]
                continue
        out.append((st[0], st[1], None))
    return out


def apply_step(state, step):
    s = state.copy()
    c = s.side
    if step[0] is None:
        s.hand[c] -= 1
    else:
        del s.cells[step[0]]
    s.cells[step[1]] = c
    return s


def apply(state, ply):
    s = apply_step(state, ply[:2])
    if ply[2] is not None:
        del s.cells[ply[2]]
        s.counter = 0
    else:
        s.counter += 1
    s.side = other(s.side)
    return s


def outcome(state):
    """None while the game goes on, else 'loss' (side to move lost) or 'draw'.
    The counter comes first, as the course referee checks it: a side left
    blocked by the ply that reaches the limit has drawn."""
    if state.rules.counter_limit and state.counter >= state.rules.counter_limit:
        return "draw"
    if state.total(state.side) < 3:
        return "loss"
    if not steps(state):
        return "loss"
    return None


def parse_state(rules, text):
    """A State from position text '<cells> <side> <white hand> <black hand> [<counter>]'."""
    f = text.split()
    s = State(rules)
    s.cells = {p: c for p, c in zip(rules.board.points, f[0]) if c in "WB"}
    s.side = "W" if f[1] == "w" else "B"
    s.hand = {"W": int(f[2]), "B": int(f[3])}
    s.counter = int(f[4]) if len(f) > 4 else 0
    return s
