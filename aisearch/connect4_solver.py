"""Solving Connect Four: negamax grown one idea at a time, after Pascal Pons.

**The score** follows Pons: 0 for a draw; a side to move that wins with its
next stone, with ``m`` stones on the board, scores
``(width * height + 1 - m) // 2``; any other position scores the negation of
its best child. A quick win scores more than a slow one; a loss scores
negative, the later the closer to 0.

**The solver** is negamax grown one step at a time, each step named in
``LADDER`` and switched on by ``solve(..., upto=step)`` (every step includes
the ones before it):

1. ``"negamax"``: plain negamax on the score, columns left to right.
2. ``"alphabeta"``: a window ``(alpha, beta)``, narrowed by the best and worst
   scores still possible with the stones left.
3. ``"centre_first"``: columns tried from the centre outwards.
4. ``"table"``: a transposition table keyed on ``position + mask`` (unique per
   board), keeping an upper and a lower bound per position.
5. ``"null_window"``: iterative deepening on the score: null-window searches
   ``(m, m + 1)`` that only ask "is the score above m?", narrowing the range.
6. ``"non_losing"``: never try a move that lets the opponent win at once, found
   for all columns together with a few shifts.
7. ``"threat_order"``: try first the moves that create the most winning spots.

Every step runs the same negamax (``_Search._build``): each idea is an option
of that one loop, chosen once per solve, so that the counts of positions
explored compare the ideas and nothing else.

**Tracing.** ``solve(..., tracer=trace)`` reports the search to a tracer as
the other searches do (``aisearch.tracing``), for the steps in ``TRACEABLE``:
every position explored is one node of the trace, entered, valued at once
(a full board; a win with the next stone; a window the best still possible
closes) or answered by the table, and every value says whether it is exact
or a bound (``aisearch.connect4_solver_trace``). Without a tracer nothing of
it runs. From ``"null_window"`` on the root is searched several times, each
time with a null window; ``solve_probes`` records each of these searches,
a ``Probe``, in a trace of its own.

**The clock.** ``solve(..., deadline=t)`` stops with ``DeadlinePassed`` once
``time.perf_counter()`` passes ``t``; the search looks at the clock every
``CLOCK_EVERY`` positions, where it already counts them against
``node_limit``, so a deadline costs nothing per position.

The numbers of positions explored per step are the point: see
``benchmarks/connect4.py`` and notebook 06. Following Pons ("Solving Connect
4: how to build a perfect AI", blog.gamesolver.org, 2016-2019), whose C++ solver
these steps retrace in pure Python.

The game itself, its bitboards and their operations (``play``, ``has_four``,
``winning_spots``, ``playable``), is ``aisearch.games.connect4``.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, replace
from typing import NamedTuple

from .connect4_solver_trace import NodeTrace
from .game import Game, refuse_unless_two_player_zero_sum
from .games.connect4 import Bitboard, C4State, ConnectFour
from .result import SearchResult, SearchStats
from .trace import Trace
from .tracing import EXACT, LOWER, Tracing, start_tracing

LADDER = (
    "negamax",
    "alphabeta",
    "centre_first",
    "table",
    "null_window",
    "non_losing",
    "threat_order",
)
"""The solver's steps, in the order they are added."""

TRACEABLE = LADDER[: LADDER.index("table") + 1]
"""The steps a traced solve can run: one search of the root. From
``"null_window"`` on, the root is probed with several windows, which one
trace cannot show as one search."""


@dataclass(repr=False)
class SolveStats(SearchStats):
    """``SearchStats`` of a solve. ``nodes`` are the positions explored to find
    the score (what Pons counts), ``action_nodes`` those explored afterwards to
    find a column that achieves it. The table's counts, as ``SearchStats``
    defines them: ``hits``, the nodes answered from the table without a search
    (a stored bound narrowed the window until it closed); of these,
    ``bound_hits`` were answered by a bound (a cut: the entry's lower and upper
    bounds differ) and ``hits - bound_hits`` by an exact score (they are
    equal); ``narrowed``, the nodes whose window a stored bound narrowed but
    that were still searched; ``stores``, the bounds written."""

    action_nodes: int = 0

    def __repr__(self) -> str:
        return f"{super().__repr__()[:-1]}, action_nodes={self.action_nodes})".replace(
            "SearchStats(", "SolveStats(", 1
        )


class NodeLimitExceeded(Exception):
    """Raised by ``solve`` when a ``node_limit`` is passed."""


class DeadlinePassed(Exception):
    """Raised by ``solve`` when its ``deadline`` has passed (``args[0]``: the
    positions explored by then)."""


CLOCK_EVERY = 256
"""How many positions the solver explores between two looks at the clock:
about 1 to 3 ms of a search on the course's machines (a few times that on a
busy one), for one call to ``time.perf_counter`` (under 0.1 µs)."""


class Probe(NamedTuple):
    """One search of the root in a solve (``solve_probes``): the window
    ``(alpha, beta)`` it asked about (``None`` for a root valued at once), the
    ``value`` it returned (Pons' score, for the player to move: inside the
    window exact, at or below alpha an upper bound, at or above beta a lower
    bound), the positions it explored (``nodes``) and its ``trace``."""

    alpha: int | None
    beta: int | None
    value: int
    nodes: int
    trace: Trace


class ScoreTable:
    """A transposition table of fixed size: one slot per ``key % size``, always
    replaced, holding the lower and the upper bound known for one position.

    Keys are ``position + mask``, unique per position (the mask's spare bits
    tell where each column's stones end). A slot holds the key, so a look-up
    of another position that shares the slot finds nothing.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.keys = [-1] * size  # no position has a negative key
        self.lower = [0] * size
        self.upper = [0] * size


# A prime size per number of empty cells; small searches need small tables, so
# that creating one costs less than the search.
_TABLE_SIZES = ((8, 1021), (12, 8191), (16, 65521), (24, 262139), (99, 1048573))


def table_size(empty: int) -> int:
    """The table size ``solve`` uses for a position with ``empty`` empty cells."""
    return next(size for most, size in _TABLE_SIZES if empty <= most)


def column_order(width: int) -> tuple:
    """Columns from the centre outwards, left of centre first: 3 2 4 1 5 0 6 for 7."""
    return tuple(width // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2) for i in range(width))


def _check_game(game, search: str) -> None:
    """Refuse, naming the assumption, a game the solver cannot search: the solver
    is negamax (two players, zero-sum) on Connect Four's bitboards."""
    if isinstance(game, Game):  # a game at all: say first which assumption it breaks
        refuse_unless_two_player_zero_sum(game, game.initial_state(), search)
    if not isinstance(game, ConnectFour):
        raise ValueError(
            f"{search} needs a ConnectFour game (it reads the bitboards), got {game!r}"
        )


def _check_step(upto: str) -> int:
    if upto not in LADDER:
        raise ValueError(f"unknown solver step {upto!r}: use one of {LADDER}")
    return LADDER.index(upto)


def _check_traceable(upto: str, weak: bool) -> None:
    """Refuse, with a tracer, a solve that one trace cannot show."""
    if upto not in TRACEABLE:
        raise ValueError(
            f"solve cannot trace upto={upto!r}: it probes the root with several null windows, "
            f"which one trace cannot show; a traced solve runs one of the steps {TRACEABLE}"
        )
    if weak:
        raise ValueError(
            "solve cannot trace weak=True: its value is the score's sign, which the "
            "trace's root would not show; trace the strong solve (weak=False)"
        )


def solve(
    game: ConnectFour,
    state: C4State | None = None,
    *,
    weak: bool = False,
    upto: str = LADDER[-1],
    find_action: bool = True,
    node_limit: int | None = None,
    deadline: float | None = None,
    tracer=None,
) -> SearchResult:
    """Solve a Connect Four position: its score, a best column, and the work done.

    Args:
        game: a ``ConnectFour``.
        state: the position; ``None`` means the empty board.
        weak: only win (1), draw (0) or loss (-1), searched with the window
            ``(-1, 1)``: cheaper, and enough to know who wins.
        upto: the last step of ``LADDER`` switched on (all steps before it are
            on too); the default is the whole solver.
        find_action: also find a best column (``False`` leaves ``action`` None,
            as at a finished game).
        node_limit: stop with ``NodeLimitExceeded`` after this many positions.
        deadline: stop with ``DeadlinePassed`` once ``time.perf_counter()``
            passes it (looked at every ``CLOCK_EVERY`` positions).
        tracer: a callable (an ``aisearch.Trace``) that receives the search's
            events, values in the score from the root player's side; only for
            a strong solve up to a step of ``TRACEABLE`` (the search for the
            column afterwards is not traced).

    Returns:
        ``SearchResult(value, action, stats)``: the score for the player to move
        (Pons' convention, see the module), a best column (0-based; the first
        found in the order the step tries moves), and ``SolveStats``.

    Raises:
        ValueError: a game that is not two-player zero-sum (negamax's
            assumption) or not a ``ConnectFour``, a state that is not one of
            its positions, or an unknown step; with a ``tracer``, a step
            beyond ``TRACEABLE`` or ``weak=True``.

    >>> game = ConnectFour(4, 4)
    >>> solve(game).value, solve(game, weak=True).value
    (0, 0)
    >>> result = solve(game, game.from_moves("112233"))  # X wins now, in column 4
    >>> result.value, result.action   # (16 + 1 - 6) // 2, and 0-based column 3
    (5, 3)
    >>> board = ConnectFour()  # 7 x 6: X wins with the stone after next
    >>> solve(board, board.from_moves("4455")).value   # (42 + 1 - 6) // 2
    18
    >>> from aisearch import Trace
    >>> wide = ConnectFour(5, 4)
    >>> trace = Trace(wide)
    >>> solve(wide, wide.from_moves("2244"), upto="table", tracer=trace).value
    7
    >>> trace.root_value(), trace.value_kinds()[0], len(trace.visited())
    (7, 'exact', 7)
    """
    _check_game(game, "solve")
    step = _check_step(upto)
    if tracer is not None:
        _check_traceable(upto, weak)
    state = game.initial_state() if state is None else game.check_state(state)
    tracing = start_tracing(tracer, game, game.to_move(state))
    if game.is_terminal(state):
        # A finished game: a draw, or a loss to the stone just played.
        lost = game.has_four(state.position ^ state.mask)
        value = 0 if not lost else -1 if weak else -((game.cells + 2 - state.moves) // 2)
        if tracing is not None:
            tracing.leaf(state, None, value, True)
        return SearchResult(value, None, SolveStats())
    search = _Search(game, state, step, weak, node_limit, tracing, deadline)
    return search.solve(state, find_action)


def solve_probes(
    game: ConnectFour,
    state: C4State | None = None,
    *,
    weak: bool = False,
    upto: str = LADDER[-1],
    deadline: float | None = None,
) -> tuple[SearchResult, tuple[Probe, ...]]:
    """``solve(game, state, weak=weak, upto=upto)``, each search of the root recorded.

    The solver searches the root once for each null window it probes (from
    ``"null_window"`` on; once, with the whole range of scores, before), then
    looks for a column that achieves the score. Each search of the root is a
    ``Probe`` with a ``Trace`` of its own, in the order they ran; the search for
    a column is not recorded. The result, node counts included, is
    ``solve``'s: recording changes nothing of the search.

    Raises:
        ValueError: as ``solve``; ``upto="negamax"`` (no window to probe with).
        DeadlinePassed: after ``deadline``, as ``solve``.

    >>> game = ConnectFour(5, 4)  # X wins with the stone after next
    >>> result, probes = solve_probes(game, game.from_moves("2233"))
    >>> result.value, [(p.alpha, p.beta, p.value, p.nodes) for p in probes]
    (7, [(-4, -3, 7, 2), (7, 8, 7, 1)])
    >>> probes[0].trace.sentence(-1)
    'Done: root is worth 7 to MAX, its exact value: no value beyond it is still possible here, so the bound is the value.'
    >>> sum(p.nodes for p in probes) == result.stats.nodes
    True
    """
    _check_game(game, "solve_probes")
    step = _check_step(upto)
    if step == 0:
        raise ValueError(
            "solve_probes needs a window to probe with: use a step from 'alphabeta' on "
            "(plain negamax is traced whole by solve(..., tracer=...))"
        )
    state = game.initial_state() if state is None else game.check_state(state)
    if game.is_terminal(state):
        raise ValueError(f"the game is over at {state!r}: there is no search to record")
    search = _Search(game, state, step, weak, None, None, deadline, recording=True)
    return search.solve(state, True), tuple(search.probes)


def remaining_moves(game: ConnectFour, state: C4State, score: int) -> int:
    """The stones still played in a perfect game from ``state``, whose exact
    (strong) ``score`` is known: the winner wins as soon as it can, the loser
    holds out as long as it can, a draw fills the board.

    The winning stone is the ``m``-th + 1 with ``(cells + 1 - m) // 2 == |score|``,
    and ``m - state.moves`` is even when the winner is the player to move.

    >>> game = ConnectFour()
    >>> remaining_moves(game, game.from_moves("4455"), 18)   # X, O, then X's winning stone
    3
    """
    if score == 0:
        return game.cells - state.moves
    mover_wins = score > 0
    for before in (game.cells + 1 - 2 * abs(score), game.cells - 2 * abs(score)):
        if ((before - state.moves) % 2 == 0) == mover_wins:
            return before - state.moves + 1
    raise AssertionError("no parity fits")  # pragma: no cover


def difficulty(moves_left: int) -> str:
    """Pons' class of a position by the moves left in a perfect game: ``"easy"``
    (fewer than 14), ``"medium"`` (14 to 27) or ``"hard"`` (28 or more)."""
    return "easy" if moves_left < 14 else "medium" if moves_left < 28 else "hard"


def score_columns(game: ConnectFour, state: C4State | None = None, *, weak: bool = False) -> dict:
    """The solver's score of each playable column: ``{column: score}`` (0-based).

    A column's score is the score the mover gets by playing there: the immediate
    win's score for a winning column, else minus the opponent's score after it.

    Raises:
        ValueError: as ``solve``.
    """
    _check_game(game, "score_columns")
    state = game.initial_state() if state is None else game.check_state(state)
    scores: dict[int, float] = {}
    winning = game.winning_moves(state)
    for column in game.actions(state):
        if column in winning:
            scores[column] = 1 if weak else (game.cells + 1 - state.moves) // 2
        else:
            scores[column] = -solve(
                game, game.play(state, column), weak=weak, find_action=False
            ).value
    return scores


class _Search:
    """One solve: the options of the step asked, the counters, the table, and
    the solver's one negamax (built by ``_build``), which every step runs."""

    def __init__(
        self,
        game: ConnectFour,
        state: C4State,
        step: int,
        weak: bool,
        node_limit,
        tracing,
        deadline: float | None = None,
        recording: bool = False,
    ) -> None:
        self.game, self.step, self.weak = game, step, weak
        self.tracing: Tracing | None = tracing
        self.node_limit = node_limit if node_limit is not None else math.inf
        self.deadline = deadline if deadline is not None else math.inf
        # Each search of the root, recorded (``solve_probes``) in a trace of its own.
        self.recording = recording
        self.probes: list[Probe] = []
        self.stats, self.start = SolveStats(), state.moves  # max_depth: from the start
        left_first = step < LADDER.index("centre_first")
        self.order = tuple(range(game.width)) if left_first else column_order(game.width)
        self.table: ScoreTable | None = None
        if step >= LADDER.index("table"):
            self.table = ScoreTable(table_size(game.cells - state.moves))
        self._negamax, self._collect, self._release = self._build()

    def solve(self, state: C4State, find_action: bool) -> SearchResult:
        """The score of ``state``, and a column that achieves it if ``find_action``."""
        try:
            value = self.root(state)
            self.trace_to(None)  # the search for a column below is not part of the trace
            stats, action = replace(self.stats), None  # the work of the score alone
            if find_action:
                action = self.best_action(state, value)
                stats.action_nodes = self.stats.nodes - stats.nodes
        finally:
            self.close()
        return SearchResult(value, action, stats)

    def trace_to(self, tracing: Tracing | None) -> None:
        """The searches from now on report to ``tracing`` (``None``: to nobody)."""
        self.close()
        self.tracing = tracing
        self._negamax, self._collect, self._release = self._build()

    def checkpoint(self, counted: int) -> float:
        """Called by the negamax when ``counted``, its positions since the last
        ``collect``, passes the mark it was given: stop at the node limit or
        past the deadline, else the next mark (counted from the last ``collect``)."""
        total = self.stats.nodes + counted
        if total > self.node_limit:
            raise NodeLimitExceeded(total)
        if time.perf_counter() > self.deadline:
            raise DeadlinePassed(total)
        return self.next_mark(total) - self.stats.nodes

    def next_mark(self, total: int) -> float:
        """The count of positions, ``total`` explored so far, at which the
        negamax calls ``checkpoint``: the node limit, or sooner (``CLOCK_EVERY``
        on) to look at the clock if there is a deadline."""
        if self.deadline == math.inf:
            return self.node_limit
        return min(self.node_limit, total + CLOCK_EVERY)

    def close(self) -> None:
        """Let the negamax and its table go now (see ``_build``'s ``release``)."""
        self._release()
        self._negamax = self._collect = self._release = None

    def search(self, state: C4State, alpha: int, beta: int) -> int:
        """The one negamax of ``state`` (its window contract is ``_build``'s),
        its counts added to the solve's."""
        try:
            return self._negamax(state.position, state.mask, state.moves, alpha, beta, 0)
        finally:
            self._collect()

    # The root: the whole board (step 1), one window (steps 2-4), or null
    # windows closing in (step 5 on).

    def root(self, state: C4State) -> int:
        game = self.game
        if self.step == 0:  # no window: the root is searched as any node
            score = self.search(state, -game.cells, game.cells)
            return (score > 0) - (score < 0) if self.weak else score
        if game.winning_moves(state):
            self.stats.nodes += 1
            score = (game.cells + 1 - state.moves) // 2
            trace = self.record_probe(state)
            if self.tracing is not None:
                mover = game.to_move(state)
                self.tracing.leaf(
                    state, None, score, False, reason=f"{mover} wins with its next stone"
                )
            if trace is not None:
                self.probes.append(Probe(None, None, score, 1, trace))
            return 1 if self.weak else score
        lo, hi = -((game.cells - state.moves) // 2), (game.cells + 1 - state.moves) // 2
        if self.weak:
            lo, hi = -1, 1
        if self.step < LADDER.index("null_window"):
            score = self.probe(state, lo, hi)
            return max(-1, min(1, score)) if self.weak else score
        while lo < hi:  # Pons' narrowing: probe the middle, or nearer 0
            med = lo + (hi - lo) // 2
            if med <= 0 and int(lo / 2) < med:
                med = int(lo / 2)
            elif med >= 0 and int(hi / 2) > med:
                med = int(hi / 2)
            score = self.probe(state, med, med + 1)
            if score <= med:
                hi = score
            else:
                lo = score
        return max(-1, min(1, lo)) if self.weak else lo  # weak: a bound beyond ±1 says as much

    def probe(self, state: C4State, alpha: int, beta: int) -> int:
        """One search of the root with the window ``(alpha, beta)``, recorded
        as a ``Probe`` when the solve records."""
        trace, before = self.record_probe(state), self.stats.nodes
        score = self.search(state, alpha, beta)
        if trace is not None:
            self.probes.append(Probe(alpha, beta, score, self.stats.nodes - before, trace))
        return score

    def record_probe(self, state: C4State) -> Trace | None:
        """When the solve records: a new trace, which the next search of the root reports to."""
        if not self.recording:
            return None
        trace = Trace(self.game)
        self.trace_to(start_tracing(trace, self.game, self.game.to_move(state)))
        return trace

    def best_action(self, state: C4State, value: int):
        """The first column, in the solver's move order, whose child gives the
        mover ``value``.

        A null-window search of each child (sharing the table) answers "is the
        child worth at most ``-value`` to the opponent?". With the later steps
        the columns are tried in the order the search tried them (non-losing
        moves, most threats first), so the move that proved the score comes first.
        """
        game = self.game
        winning = game.winning_moves(state)
        for column in self.order:
            if column in winning:
                return column
        playable = [c for c in self.order if not state.mask & game.top_masks[c]]
        if self.step >= LADDER.index("non_losing"):
            safe = self.non_losing_moves(state.position, state.mask)
            threats = self.step >= LADDER.index("threat_order")

            def rank(column):
                move = safe & game.column_masks[column]
                if not move:
                    return (1, 0)  # a move that loses at once: last
                spots = game.winning_spots(state.position | move, state.mask).bit_count()
                return (0, -spots if threats else 0)

            playable.sort(key=rank)  # stable: centre-first among equals
        if self.weak and value == -1:
            return playable[0]
        for column in playable:
            child = game.play(state, column)
            if self.child_at_most(child, -value):
                return column
        raise AssertionError("no column achieves the solved score")  # pragma: no cover

    def child_at_most(self, child: C4State, bound: int) -> bool:
        """Whether the child's score (weak: its sign) is at most ``bound``
        (``-1`` or ``0`` in a weak solve, where the sign and the score agree)."""
        game = self.game
        if game.is_terminal(child):
            return 0 <= bound  # a draw: a full board; a win is found before
        if game.winning_moves(child):
            score = (game.cells + 1 - child.moves) // 2
            return (1 if self.weak else score) <= bound
        if self.step >= LADDER.index("non_losing") and not self.non_losing_moves(
            child.position, child.mask
        ):
            return (-1 if self.weak else -((game.cells - child.moves) // 2)) <= bound
        return self.search(child, bound, bound + 1) <= bound

    def non_losing_moves(self, position, mask) -> Bitboard:
        """The playable cells that do not hand the opponent an immediate win."""
        game = self.game
        possible = game.playable(mask)
        threats = game.winning_spots(position ^ mask, mask)
        forced = possible & threats
        if forced:
            if forced & (forced - 1):
                return 0  # two threats to block at once: every move loses
            possible = forced
        return possible & ~(threats >> 1)  # not under an opponent's winning spot

    # The one negamax.

    def _build(self):
        """The solver's negamax, every step's, as a closure over plain local names.

        ``negamax(position, mask, moves, alpha, beta, played)`` returns the
        score if it lies strictly inside ``(alpha, beta)``; a value ``<= alpha``
        is an upper bound on it, a value ``>= beta`` a lower bound. ``played``
        is the stone that led here, for the trace (0 at the root).

        Each step of ``LADDER`` is an option read once here, not at every
        node: a window (off for plain negamax, whose every node searches all
        its children), the move order, the table, the non-losing moves (the
        mover cannot win at once: its parent played none that lets it) and
        threats first. It is written for speed, as the search of the last
        steps must be: constants and the table are locals, the winning-spot
        test is unrolled per direction, and the counters live here until
        ``collect`` adds them to the search's. A trace is told through
        ``NodeTrace``, made only with a tracer. The count of positions is
        checked against ``limit``, the next mark at which ``checkpoint``
        stops the search at the node limit or looks at the clock.
        """
        game, table, search, tracing = self.game, self.table, self, self.tracing
        cells, board, bottom, has_four = game.cells, game.board_mask, game.bottom, game.has_four
        v1, h1, d1, e1 = game.shifts  # vertical, horizontal, the two diagonals
        h2, h3, d2, d3, e2, e3 = 2 * h1, 3 * h1, 2 * d1, 3 * d1, 2 * e1, 3 * e1
        columns = [game.column_masks[c] for c in self.order]
        windowed = self.step >= LADDER.index("alphabeta")
        non_losing = self.step >= LADDER.index("non_losing")
        by_threats = self.step >= LADDER.index("threat_order")
        if table is not None:
            keys, lowers, uppers, size = table.keys, table.lower, table.upper, table.size
        stats = self.stats
        limit = self.next_mark(stats.nodes) - stats.nodes  # when to call ``checkpoint``
        nodes = leaves = cutoffs = hits = bound_hits = narrowed = stores = 0
        deepest = self.start + stats.max_depth

        def spots(bits, mask):
            """Empty cells that would give ``bits`` four (``winning_spots``, unrolled)."""
            found = (bits << 1) & (bits << 2) & (bits << 3)
            pair = (bits << h1) & (bits << h2)
            found |= pair & ((bits << h3) | (bits >> h1))
            pair = (bits >> h1) & (bits >> h2)
            found |= pair & ((bits << h1) | (bits >> h3))
            pair = (bits << d1) & (bits << d2)
            found |= pair & ((bits << d3) | (bits >> d1))
            pair = (bits >> d1) & (bits >> d2)
            found |= pair & ((bits << d1) | (bits >> d3))
            pair = (bits << e1) & (bits << e2)
            found |= pair & ((bits << e3) | (bits >> e1))
            pair = (bits >> e1) & (bits >> e2)
            found |= pair & ((bits << e1) | (bits >> e3))
            return found & (board ^ mask)

        def wins_now(position, possible):
            """Whether a stone the mover can play gives it four in a row (for
            one side's stones, ``has_four`` per move is cheaper than ``spots``)."""
            for column in columns:
                move = possible & column
                if move and has_four(position | move):
                    return True
            return False

        def negamax(position, mask, moves, alpha, beta, played):
            nonlocal nodes, leaves, cutoffs, hits, bound_hits, narrowed, deepest, limit
            nodes += 1
            if nodes > limit:  # the node limit, or time to look at the clock
                limit = search.checkpoint(nodes)
            if moves > deepest:
                deepest = moves
            node = None
            if tracing is not None:
                state = C4State(position, mask, moves)
                node = NodeTrace(tracing, game, windowed, state, played, alpha, beta)
            possible = (mask + bottom) & board  # the cell each open column plays
            if non_losing:
                # Block a threat if there is one (two: lost), and never play
                # right under an opponent's winning spot.
                threats = spots(position ^ mask, mask)
                forced = possible & threats
                if forced:
                    if forced & (forced - 1):
                        leaves += 1
                        if node is not None:
                            node.lost(two_threats=True)
                        return -((cells - moves) // 2)
                    possible = forced
                possible &= ~(threats >> 1)
                if not possible:
                    leaves += 1
                    if node is not None:
                        node.lost()
                    return -((cells - moves) // 2)  # the opponent wins with its next stone
                if moves >= cells - 2:
                    leaves += 1
                    if node is not None:
                        node.drawn()
                    return 0  # neither side can win with the last two stones
                worst = -((cells - 2 - moves) // 2)  # the opponent cannot win at once
                if alpha < worst:
                    alpha = worst
                    if node is not None:
                        node.no_quick_loss(worst, beta)
                    if alpha >= beta:
                        leaves += 1
                        return alpha
            else:
                if moves == cells:
                    leaves += 1
                    if node is not None:
                        node.leaf(0, terminal=True)
                    return 0
                if wins_now(position, possible):
                    leaves += 1
                    score = (cells + 1 - moves) // 2
                    if node is not None:
                        node.leaf(score)
                    return score
            # No win now: the best still possible is to win with the stone after next.
            best = (cells - 1 - moves) // 2
            used = False  # did a stored bound narrow the window?
            if not windowed:  # plain negamax: no window, every child searched
                alpha, beta = -cells, cells  # no score reaches either
            else:
                if table is not None:
                    key = position + mask
                    slot = key % size
                    if keys[slot] == key:
                        lower, upper = lowers[slot], uppers[slot]
                        if node is not None:
                            node.stored(lower, upper)
                        if upper < best:
                            best, used = upper, True
                        if lower > alpha:
                            alpha, used = lower, True
                            if alpha >= beta:
                                hits += 1
                                bound_hits += lower != upper
                                leaves += 1
                                if node is not None:
                                    node.answered(alpha, EXACT if best <= alpha else LOWER)
                                return alpha
                if beta > best:
                    beta = best
                    if alpha >= beta:
                        if used:
                            hits += 1
                            bound_hits += lower != upper
                        leaves += 1
                        if node is not None:
                            node.out_of_reach(beta, used)
                        return beta
                if used:
                    narrowed += 1
            if node is not None:
                node.enter(alpha, beta, used)
            tries = columns  # in each, ``possible`` keeps the cell to play, if any
            if by_threats:
                tries = [possible & column for column in columns if possible & column]
                if len(tries) > 1:
                    # Most winning spots after the move first; ties keep the
                    # centre-first order (the sort is stable).
                    tries.sort(key=lambda move: -spots(position | move, mask).bit_count())
            other = position ^ mask
            for column in tries:
                move = possible & column
                if not move:
                    continue
                score = -negamax(other, mask | move, moves + 1, -beta, -alpha, move)
                if score >= beta:
                    cutoffs += 1
                    if table is not None:
                        store(key, score, None)
                    if node is not None:
                        rest = tries[tries.index(column) + 1 :]
                        node.cut(score, beta, best, [possible & c for c in rest])
                    return score
                if score > alpha:
                    alpha = score
                    if node is not None:
                        node.update(alpha, beta)
            if table is not None:
                store(key, None, alpha)
            if node is not None:
                node.exit(alpha, beta)
            return alpha

        def store(key, lower, upper):
            """Keep a lower bound (a cut) or an upper bound (all moves searched)."""
            nonlocal stores
            stores += 1
            slot = key % size
            if keys[slot] != key:  # always replace
                keys[slot], lowers[slot], uppers[slot] = key, -cells, cells
            if lower is not None and lower > lowers[slot]:
                lowers[slot] = lower
            if upper is not None and upper < uppers[slot]:
                uppers[slot] = upper

        def collect():
            """Add the counts so far to the search's, and start again from 0."""
            nonlocal nodes, leaves, cutoffs, hits, bound_hits, narrowed, stores, limit
            stats.nodes += nodes
            stats.leaves += leaves
            stats.cutoffs += cutoffs
            stats.hits += hits
            stats.bound_hits += bound_hits
            stats.narrowed += narrowed
            stats.stores += stores
            stats.max_depth = deepest - search.start
            nodes = leaves = cutoffs = hits = bound_hits = narrowed = stores = 0
            limit = search.next_mark(stats.nodes) - stats.nodes

        def release():
            """Free the table at once: ``negamax`` calls itself, a cycle that
            only the garbage collector would otherwise find (walking the table)."""
            nonlocal negamax
            negamax = None

        return negamax, collect, release
