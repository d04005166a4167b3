"""What one node of the Connect Four solver's negamax tells a trace.

The solver (``aisearch.connect4_solver``) has one negamax, written for speed;
when it is given a tracer, each node it explores makes a ``NodeTrace`` and
reports through it, as the other searches do (``aisearch.tracing``): the node
is entered, valued at once (a full board; a win with the next stone; a window
that the best score still possible closes) or answered by the table, and every
value it returns says whether it is exact or only a bound. Without a tracer
none of this runs, and the solver never imports a picture.

Plain negamax (the first step, no window) reports no window and no bounds:
its every value is exact. From the step ``"non_losing"`` on, a node may also
be valued by what the opponent threatens (two threats: lost; every move
hands the opponent a win: lost; two stones left: a draw), and a node the
opponent cannot beat at once starts from the loss to its stone after next.
"""

from __future__ import annotations

from .games.connect4 import PLAYERS, C4State, ConnectFour
from .tracing import EXACT, LOWER, UPPER, Tracing


class NodeTrace:
    """One node of the solver's negamax, ``state``, told to ``tracing``:
    ``played`` is the stone that led to it (0 at the root), ``(alpha, beta)``
    the window it was entered with, ``windowed`` False for plain negamax."""

    def __init__(
        self,
        tracing: Tracing,
        game: ConnectFour,
        windowed: bool,
        state: C4State,
        played,
        alpha,
        beta,
    ) -> None:
        self.tracing, self.windowed, self.state = tracing, windowed, state
        self.column_bits = game.height + 1  # a column's bits in a bitboard: its cells, one spare
        self.column = self.column_of(played) if played else None
        cells, moves = game.cells, state.moves
        self.mover, self.opponent = PLAYERS[moves & 1], PLAYERS[1 - (moves & 1)]
        self.entered: tuple = (alpha, beta) if windowed else (None, None)
        # The least the mover can score: a loss to the opponent's next stone
        # (or the table's lower bound); the most: a win with the stone after next.
        self.floor = -((cells - moves) // 2)
        self.best = (cells - 1 - moves) // 2
        self.lower, self.upper = self.floor, self.best  # the table's bounds, once read
        self.searched_from = alpha

    def column_of(self, move) -> int:
        """The column of the stone ``move`` (one bit)."""
        return (move.bit_length() - 1) // self.column_bits

    def leaf(self, value, terminal: bool = False, **fields) -> None:
        """Valued, not searched: a full board (``terminal``), a win with the
        next stone, or a window closed by the best still possible
        (``fields``: its bound and reason)."""
        mover = self.mover
        if not (terminal or fields):
            fields["reason"] = f"{mover} wins with its next stone"
        self.tracing.leaf(
            self.state, self.column, value, terminal, *self.entered, side=mover, **fields
        )

    def lost(self, two_threats: bool = False) -> None:
        """The opponent wins with its next stone whatever the mover plays."""
        mover, opponent = self.mover, self.opponent
        why = (
            f"{opponent} has two winning spots and {mover} can block only one"
            if two_threats
            else f"{opponent} wins with its next stone whatever {mover} plays"
        )
        self.leaf(self.floor, reason=why)

    def drawn(self) -> None:
        """Two stones or fewer are left, and neither side can win with them."""
        self.leaf(0, reason="neither side can win with the last two stones")

    def no_quick_loss(self, worst, beta) -> None:
        """The opponent cannot win with its next stone: the mover scores at
        least ``worst`` (a loss to the stone after next), which raised alpha to
        it; at or above ``beta`` the node is valued at once."""
        self.floor = max(self.floor, worst)
        if worst >= beta:
            opponent = self.opponent
            self.leaf(
                worst,
                bound=LOWER,
                reason=f"{opponent} cannot win with its next stone, so no loss can come "
                f"before the stone after that (or the board fills first, a draw), and that "
                f"is already as much as {opponent} above allows",
            )
            return
        self.entered = (worst, beta)
        self.searched_from = worst

    def stored(self, lower, upper) -> None:
        """The table holds the bounds ``lower`` and ``upper`` for this position."""
        self.lower, self.upper = lower, upper
        self.floor = max(self.floor, lower)

    def answered(self, value, kind) -> None:
        """The table's bounds answered the position: ``value`` is ``kind``."""
        self.tracing.table_answer(
            self.state, self.column, value, kind, False, *self.entered, side=self.mover
        )

    def out_of_reach(self, value, used: bool) -> None:
        """The best still possible (narrowed by the table if ``used``) is at
        or below alpha: the window closes at ``value``."""
        kind = EXACT if self.floor >= value else UPPER
        if used:
            self.answered(value, kind)
            return
        mover = self.mover
        self.leaf(
            value,
            bound=kind,
            reason=f"{mover} cannot win with its next stone, and a win with the one after "
            f"would be no more than {mover} is already sure of",
        )

    def enter(self, alpha, beta, used: bool) -> None:
        """Searched, with the window that the table's bounds (if ``used``)
        narrowed to ``(alpha, beta)``."""
        tracing, mover, entered = self.tracing, self.mover, self.entered
        tracing.enter(self.state, self.column, *entered, side=mover)
        if used:
            if alpha > entered[0]:
                tracing.table_narrowed(self.lower, LOWER, False, alpha, beta, side=mover)
            if self.upper < self.best and self.upper < entered[1]:
                tracing.table_narrowed(self.upper, UPPER, False, alpha, beta, side=mover)
        self.searched_from = alpha  # a child that raises alpha makes the value exact

    def update(self, alpha, beta) -> None:
        """A child raised the best so far to ``alpha``."""
        window = (alpha, beta) if self.windowed else ()
        self.tracing.update(alpha, *window, side=self.mover)

    def cut(self, score, beta, best, rest) -> None:
        """A child's ``score`` reached ``beta``: the moves ``rest`` are never
        tried (a 0 among them is a full column)."""
        tracing, mover = self.tracing, self.mover
        position, mask, moves, _ = self.state
        tracing.update(score, score, beta, side=mover)
        rest = [move for move in rest if move]
        if rest:
            skipped = [self.column_of(move) for move in rest]
            after = [C4State(position ^ mask, mask | move, moves + 1) for move in rest]
            tracing.cutoff(score, skipped, after, score, beta, side=mover)
        tracing.exit(score, score, beta, side=mover, bound=EXACT if score >= best else LOWER)

    def exit(self, alpha, beta) -> None:
        """Every move searched: the node returns ``alpha``."""
        if not self.windowed:
            self.tracing.exit(alpha, side=self.mover)
            return
        exact = alpha > self.searched_from or self.floor >= alpha
        self.tracing.exit(alpha, alpha, beta, side=self.mover, bound=EXACT if exact else UPPER)
