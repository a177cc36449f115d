"""What both example players share: tables opened lazily, the tables' best
ply where they answer, and a small search elsewhere.

Copy this file with a player.  Everything about the rules (legal plies,
playing a ply, the end of the game) comes from the mtb library."""
import argparse
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


def parse_arguments(argv, default_rules, doc, with_start=False):
    """The player's options: --tables DIR (default $MTB_TABLES), --budget
    SECONDS and, with with_start, --start POSITION.  --help prints the
    player's doc; an unknown or misspelt option, a bad number or a tables
    folder that does not exist is an error (exit 2), as in `mtb player`,
    instead of a game played silently without tables."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter,
                                     allow_abbrev=False)
    parser.add_argument("--tables", metavar="DIR", default=os.environ.get("MTB_TABLES"),
                        help="probe exact tables in DIR or DIR/%s/ (default: $MTB_TABLES)" % default_rules)
    parser.add_argument("--budget", metavar="SECONDS", type=float, default=0.5,
                        help="thinking time per ply outside the tables (default 0.5)")
    if with_start:
        parser.add_argument("--start", metavar="POSITION", default=None,
                            help="the game starts from POSITION (position text with the counter)")
    args = parser.parse_args(argv)
    if not args.budget > 0:
        parser.error("--budget must be a number of seconds above 0, got %r" % args.budget)
    if args.tables is not None and not os.path.isdir(args.tables):
        where = "--tables" if "--tables" in argv else "$MTB_TABLES"
        parser.error("%s: the tables folder %r does not exist (make tables with: mtb gen --rules %s)"
                     % (where, args.tables, default_rules))
    # A folder holding a <rules>/ sub-folder means that one, as `mtb probe` reads it.
    if args.tables and os.path.isdir(os.path.join(args.tables, default_rules)):
        args.tables = os.path.join(args.tables, default_rules)
    return args
