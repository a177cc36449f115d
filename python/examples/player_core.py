"""What both example players share: tables opened lazily, the tables' best
ply where they answer, and a small search elsewhere.

Copy this file with a player.  Everything about the rules (legal plies,
playing a ply, the end of the game) comes from the mtb library."""
import os
import sys
import time

import mtb

WIN_SCORE = 100000


class Chooser:
    """Picks a ply: from the tables when they value every ply, else by search."""

    def __init__(self, rules, tables_dir=None, budget=0.5):
        self.rules = mtb.Rules(rules)
        self.tables_dir = tables_dir
        self.budget = budget
        self._tables = None
        self._tried = False
        self.from_tables = 0  # plies played from the tables, for the curious
        self.searched = 0

    def tables(self):
        """Opened on first use, so that the player starts at once."""
        if not self._tried:
            self._tried = True
            if self.tables_dir and os.path.isdir(self.tables_dir):
                try:
                    self._tables = mtb.open_tables(self.tables_dir, self.rules)
                except mtb.MtbError as e:
                    print("player: no tables: %s" % e, file=sys.stderr)
        return self._tables

    def choose(self, pos):
        tb = self.tables()
        if tb is not None:
            try:
                root = tb.probe_root(pos)
                # A known win is played even when some other ply's table is
                # missing; anything less needs every ply valued.
                best = root[0].value if root else None
                if best and (best.wdl == mtb.WIN or all(m.value is not None for m in root)):
                    self.from_tables += 1
                    return root[0].move
            except mtb.MtbError:
                pass  # outside the tables: search
        self.searched += 1
        return Search(self.rules, self.budget).best(pos)


class Timeout(Exception):
    pass


class Search:
    """Iterative-deepening alpha-beta over the library's plies, scored by
    stones and open mills (two own stones and an empty point)."""

    def __init__(self, rules, budget):
        self.rules = rules
        self.deadline = time.monotonic() + budget
        self.nodes = 0

    def evaluate(self, pos):
        """From the side to move's view."""
        us, them = pos.turn, not pos.turn
        board = pos.board
        hand = pos.hand
        material = (len(pos.stones(us)) + hand[us]) - (len(pos.stones(them)) + hand[them])
        open_mills = 0
        for mill in self.rules.mills:
            owners = [board.get(p) for p in mill]
            if owners.count(None) == 1:
                if owners.count(us) == 2:
                    open_mills += 1
                elif owners.count(them) == 2:
                    open_mills -= 1
        return 100 * material + 10 * open_mills

    def negamax(self, pos, depth, alpha, beta, ply):
        self.nodes += 1
        if depth >= 2 and self.nodes % 64 == 0 and time.monotonic() > self.deadline:
            raise Timeout()
        if depth == 0:
            return self.evaluate(pos)
        moves = pos.legal_moves()
        if not moves:
            return 0 if pos.game_state() == "drawn" else -WIN_SCORE + ply
        moves.sort(key=lambda m: not m.is_capture())
        for m in moves:
            score = -self.negamax(pos.copy(stack=False).push(m), depth - 1, -beta, -alpha, ply + 1)
            if score >= beta:
                return score
            alpha = max(alpha, score)
        return alpha

    def best(self, pos):
        moves = pos.legal_moves()
        moves.sort(key=lambda m: not m.is_capture())
        best = moves[0]
        for depth in range(1, 8):
            try:
                scored = []
                alpha = -2 * WIN_SCORE
                for m in moves:
                    score = -self.negamax(pos.copy(stack=False).push(m), depth - 1, -2 * WIN_SCORE, -alpha, 1)
                    scored.append((score, m))
                    alpha = max(alpha, score)
            except Timeout:
                break
            top = max(s for s, _ in scored)
            best = next(m for s, m in scored if s == top)
            # Search the best first next time: better cut-offs.
            moves = [best] + [m for m in moves if m is not best]
            if depth >= 2 and time.monotonic() > self.deadline:
                break
        return best


def tables_argument(argv, default_rules):
    """--tables DIR and --budget SECONDS from argv; the tables default to $MTB_TABLES."""
    tables = os.environ.get("MTB_TABLES")
    budget = 0.5
    i = 0
    while i < len(argv):
        if argv[i] == "--tables" and i + 1 < len(argv):
            tables = argv[i + 1]
            i += 1
        elif argv[i] == "--budget" and i + 1 < len(argv):
            budget = float(argv[i + 1])
            i += 1
        i += 1
    if tables and not os.path.isdir(tables):
        return None, budget
    # A folder holding a <rules>/ sub-folder means that one, as `mtb probe` reads it.
    if tables and os.path.isdir(os.path.join(tables, default_rules)):
        tables = os.path.join(tables, default_rules)
    return tables, budget


def start_argument(argv):
    """--start TEXT: the position the referee's game starts from (as
    `mtb player --start` takes it), or None for the rule set's start."""
    for i, a in enumerate(argv[:-1]):
        if a == "--start":
            return argv[i + 1]
    return None
