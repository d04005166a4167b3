"""Iterative deepening: search depth 1, then 2, then 3, ... until the clock runs out.

A game played under a clock cannot wait for a search of unknown length. So
search to depth 1, keep its move, search to depth 2, keep that move, and so on:
when time is up, the deepest *completed* search gives the move, and a move is
always ready. A search that the deadline interrupts is thrown away, since half
a search can prefer a move only because its rivals were never looked at.

Repeating the shallow searches costs little, because the deepest layer holds
most of the nodes: with branching factor ``b``, depth ``d`` visits about
``b**d`` nodes and all the shallower iterations together about ``b**d /
(b - 1)``, so the total is ``b / (b - 1)`` times the last search alone (1.5
for ``b = 3``, 1.1 for ``b = 11``). ``deepening_overhead`` measures it. The
repetition even pays back: each iteration tries first the moves of the
previous iteration's principal line (the best line found), through the
search's ``order`` hook, and alpha-beta prunes more when the best move
comes first.

The clock is enforced inside a search, without changing the search: the game
is wrapped so that ``actions`` raises a private exception once the deadline
has passed, which abandons the search at its next node.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from .alphabeta import alphabeta
from .game import (
    Evaluation,
    Game,
    check_game,
    named_after,
    optional,
    ordered,
    require_bool,
    require_callable,
    resolve_evaluate,
)
from .result import SearchStats
from .trace import Trace
from .validation import require_hooks


class Iteration(NamedTuple):
    """One completed depth: its best ``action``, ``value`` (for the player to
    move), ``nodes`` searched, ``seconds`` taken, and the principal ``line``
    (the best moves for both sides, from the root, as far as it was found).
    ``exhaustive`` is True when the search needed no evaluation: it saw the
    whole game tree, and deeper searches could change nothing. ``trace`` is
    the search's ``aisearch.Trace`` when asked for (``trace=True``), else
    ``None``."""

    depth: int
    action: Any
    value: float
    nodes: int
    seconds: float
    line: tuple
    exhaustive: bool
    trace: Any = None


class DeepeningResult(NamedTuple):
    """What ``iterative_deepening`` returns.

    ``action`` is the move of the deepest completed iteration, ``depth`` that
    depth (0 if none completed: then ``action`` is the first legal move,
    ``value`` is ``None`` and ``fallback`` is True). ``iterations`` lists every
    completed depth; ``complete`` is True when the last one saw the whole game
    tree (no evaluation was needed), so deeper searches could change nothing.
    """

    action: Any
    value: float | None
    depth: int
    iterations: tuple
    fallback: bool
    complete: bool
    stats: SearchStats

    @property
    def line(self) -> tuple:
        """The principal line of the deepest completed iteration."""
        return self.iterations[-1].line if self.iterations else ()


class _OutOfTime(Exception):
    """Raised inside a search when its deadline has passed."""


class _Clocked:
    """``game`` whose ``actions`` raises ``_OutOfTime`` after ``deadline``.

    Every other attribute is the game's own. A search asks ``actions`` at
    every interior node, so it stops within one node of the deadline.
    """

    def __init__(self, game, deadline: float):
        self._game, self._deadline = game, deadline
        self._actions = game.actions

    def __getattr__(self, name):
        return getattr(self._game, name)

    def actions(self, state):
        if time.perf_counter() > self._deadline:
            raise _OutOfTime
        return self._actions(state)


def check_limits(time_limit, max_depth, game) -> None:
    """Raise ``ValueError`` for a bad ``time_limit`` or ``max_depth``, or none for an unbounded game."""
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    if max_depth is not None and (
        isinstance(max_depth, bool) or not isinstance(max_depth, int) or max_depth < 1
    ):
        raise ValueError(f"max_depth must be a whole number of plies >= 1, got {max_depth!r}")
    if time_limit is None and max_depth is None and optional(game, "max_plies") is None:
        raise ValueError(
            f"give a time_limit or a max_depth: {game!r} does not say that it ends within "
            "a number of plies (a max_plies attribute), so the deepening might never stop"
        )


CHOSEN_BY_DEEPENING = {
    "depth": "iterative deepening chooses each search's depth: give max_depth= (the deepest)",
    "tracer": "iterative deepening runs one search per depth, and a trace holds one "
    "search: give trace=True for one Trace per depth (in iterations[i].trace)",
}
"""The keywords of a search that iterative deepening sets itself, and what to give instead."""


def check_options(use_line: bool, options: dict[str, Any]) -> None:
    """Refuse a ``use_line`` that is not a bool, a keyword in ``options`` that
    the deepening sets itself (``CHOSEN_BY_DEEPENING``), and an ``order`` hook
    that is not a function."""
    require_bool(use_line, "use_line")
    for name, instead in CHOSEN_BY_DEEPENING.items():
        if name in options:
            raise ValueError(f"iterative_deepening was given {name}={options[name]!r}: {instead}")
    require_hooks("iterative_deepening", order=options.get("order"))


def deepen(
    game: Game,
    state=None,
    *,
    time_limit: float | None = None,
    max_depth: int | None = None,
    evaluate: Evaluation | None = None,
    search: Callable = alphabeta,
    table=None,
    use_line: bool = True,
    trace: bool = False,
    **options,
) -> Iterator[Iteration]:
    """Yield an ``Iteration`` for each depth 1, 2, 3, ... that completes in time.

    The generator form of ``iterative_deepening`` (same arguments), for
    showing progress depth by depth. It stops at ``max_depth`` (or
    ``game.max_plies``), when the clock runs out, or after a depth that saw
    the whole tree. ``time_limit`` counts from the first ``next``. With
    ``trace=True`` each completed depth carries the ``Trace`` of its search
    (recording costs time: a clocked search then reaches less deep).

    >>> from aisearch.games import TicTacToe
    >>> for it in deepen(TicTacToe(), max_depth=3):
    ...     print(it.depth, it.action, round(it.value, 2), it.nodes)
    1 (1, 1) 0.44 10
    2 (1, 1) 0.11 26
    3 (1, 1) 0.33 104
    """
    check_game(game, "iterative_deepening", state, chance=True)
    require_callable(search, "search", "(game, state, depth=..., ...) -> SearchResult")
    check_options(use_line, options)
    check_limits(time_limit, max_depth, game)
    require_bool(trace, "trace")
    state = game.initial_state() if state is None else state
    if game.is_terminal(state):
        return
    own = resolve_evaluate(game, evaluate)
    evaluated = [False]

    def evaluate_and_note(_, s, player):
        evaluated[0] = True
        if own is None:
            raise ValueError(
                f"iterative deepening reached a depth limit at {s!r} with no "
                "evaluation function: pass evaluate=(game, state, player) -> float"
            )
        return own(game, s, player)

    if own is not None:  # a message about what it returned names the user's function
        named_after(own)(evaluate_and_note)

    def own_or_none(_, s, player):
        return own(game, s, player) if own is not None else 0

    start = time.perf_counter()
    deadline = math.inf if time_limit is None else start + time_limit
    last = max_depth if max_depth is not None else optional(game, "max_plies")
    principal: dict = {}  # state -> the move the previous iteration's line played there
    their_order = options.pop("order", None)

    def order(g, s, actions):
        if their_order is not None:
            actions = list(ordered(their_order, g, s, actions))
        first = principal.get(s)
        if first is None or first not in actions:
            return actions
        return [first] + [a for a in actions if a != first]

    if table is not None:
        options["table"] = table
    depth = 0
    while last is None or depth < last:
        depth += 1
        clocked = game if deadline == math.inf else _Clocked(game, deadline)
        evaluated[0] = False
        began = time.perf_counter()
        tracer = Trace(game) if trace else None
        try:
            result = search(
                clocked,
                state,
                depth=depth,
                evaluate=evaluate_and_note,
                order=order if use_line else their_order,
                **options,
                **({} if tracer is None else {"tracer": tracer}),
            )
        except _OutOfTime:
            return
        line = (result.action,)
        try:
            line = principal_line(
                clocked,
                state,
                result.action,
                depth,
                own_or_none,
                search,
                **({} if table is None else {"table": table}),
            )
        except _OutOfTime:
            pass
        exhaustive = not evaluated[0]
        principal = {s: a for s, a in _along(game, state, line)}
        yield Iteration(
            depth,
            result.action,
            result.value,
            result.stats.nodes,
            time.perf_counter() - began,
            line,
            exhaustive,
            tracer,
        )
        if exhaustive or time.perf_counter() > deadline:
            return


def _along(game, state, line):
    """``(state, action)`` pairs along ``line`` from ``state``."""
    for action in line:
        yield state, action
        state = game.result(state, action)


def principal_line(game, state, action, depth: int, evaluate, search=alphabeta, **options) -> tuple:
    """The best line of play from ``state`` to ``depth`` plies, starting with ``action``.

    Found by searching each next position of the line one ply shallower, so
    it is a line of best moves for both sides at those depths. ``options``
    go to ``search`` (a ``table``, say, which makes these searches cheap).
    """
    line = [action]
    for remaining in range(depth - 1, 0, -1):
        state = game.result(state, line[-1])
        if game.is_terminal(state):
            break
        line.append(search(game, state, depth=remaining, evaluate=evaluate, **options).action)
    return tuple(line)


def iterative_deepening(
    game: Game,
    state=None,
    *,
    time_limit: float | None = None,
    max_depth: int | None = None,
    evaluate: Evaluation | None = None,
    search: Callable = alphabeta,
    table=None,
    use_line: bool = True,
    trace: bool = False,
    **options,
) -> DeepeningResult:
    """The move of the deepest search that completes within ``time_limit`` seconds.

    Args:
        game, state: what to search; ``state=None`` is the initial state.
        time_limit: seconds for the whole decision; ``None`` for no clock.
        max_depth: the deepest iteration; ``None`` for ``game.max_plies``
            (if the game has it) or until the clock stops the search.
        evaluate: ``(game, state, player) -> float`` at the depth limit
            (defaults to the game's own ``evaluate``).
        search: a depth-limited search with ``depth``, ``evaluate`` and
            ``order`` keywords, returning a ``SearchResult``: ``alphabeta``,
            ``negamax`` or ``minimax``.
        table: passed to ``search`` as ``table=`` when given (a
            transposition table kept across the iterations).
        use_line: try the previous iteration's principal line first.
        trace: keep each completed depth's search as a ``Trace`` (in
            ``iterations[i].trace``), for showing the decision.
        options: more keywords for ``search``.

    Returns:
        a ``DeepeningResult``. When not even depth 1 completes, its action is
        the first legal move and ``fallback`` is True: a move is always ready.

    Raises:
        ValueError: a ``time_limit`` that is not a positive number, a
            ``max_depth`` that is not a whole number >= 1, or neither of them
            for a game without ``max_plies``; a terminal ``state``; a
            ``depth`` or ``tracer`` among ``options`` (see
            ``CHOSEN_BY_DEEPENING``); an ``order`` that is not a function, or
            returns anything but the actions reordered.

    >>> from aisearch.games import TicTacToe
    >>> r = iterative_deepening(TicTacToe(), max_depth=9)
    >>> r.depth, r.value, r.complete, [it.action for it in r.iterations][:3]
    (9, 0, True, [(1, 1), (1, 1), (1, 1)])
    >>> iterative_deepening(TicTacToe(), time_limit=1e-9).fallback
    True
    """
    check_game(game, "iterative_deepening", state, chance=True)
    require_callable(search, "search", "(game, state, depth=..., ...) -> SearchResult")
    state = game.initial_state() if state is None else state
    check_options(use_line, options)
    check_limits(time_limit, max_depth, game)
    if game.is_terminal(state):
        raise ValueError(f"state {state!r} is terminal: there is no move to choose")
    iterations = tuple(
        deepen(
            game,
            state,
            time_limit=time_limit,
            max_depth=max_depth,
            evaluate=evaluate,
            search=search,
            table=table,
            use_line=use_line,
            trace=trace,
            **options,
        )
    )
    nodes = sum(it.nodes for it in iterations)
    stats = SearchStats(nodes=nodes, max_depth=iterations[-1].depth if iterations else 0)
    if not iterations:
        return DeepeningResult(game.actions(state)[0], None, 0, (), True, False, stats)
    last = iterations[-1]
    return DeepeningResult(
        last.action, last.value, last.depth, iterations, False, last.exhaustive, stats
    )


class Overhead(NamedTuple):
    """Nodes of every iteration against the last one alone, and the estimate b/(b-1).

    ``nodes`` lists each iteration's nodes (depth 1 first); ``total`` is their
    sum; ``alone`` the nodes of one search straight to the last depth;
    ``measured = total / alone``; ``branching`` the effective branching factor
    ``nodes[-1] / nodes[-2]``; ``estimate = branching / (branching - 1)``.
    """

    depth: int
    nodes: tuple
    total: int
    alone: int
    measured: float
    branching: float
    estimate: float


def deepening_overhead(
    game: Game,
    state=None,
    *,
    depth: int,
    evaluate: Evaluation | None = None,
    search: Callable = alphabeta,
    use_line: bool = False,
) -> Overhead:
    """Measure what iterative deepening to ``depth`` costs against one search to ``depth``.

    With ``use_line=False`` (the default) the iterations are plain repeated
    searches, the case the geometric-series estimate ``b / (b - 1)``
    describes; with ``use_line=True`` they order moves by the previous line,
    which usually makes the total smaller.

    >>> from aisearch.games import TicTacToe
    >>> o = deepening_overhead(TicTacToe(), depth=4)
    >>> o.nodes, o.alone, round(o.measured, 2), round(o.estimate, 2)
    ((10, 36, 163, 492), 492, 1.42, 1.5)
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 2:
        raise ValueError(
            f"depth must be a whole number >= 2 (to see a branching factor), got {depth!r}"
        )
    iterations = list(
        deepen(game, state, max_depth=depth, evaluate=evaluate, search=search, use_line=use_line)
    )
    if len(iterations) < depth:
        raise ValueError(f"the game tree ends before depth {depth}: measure a shallower depth")
    nodes = tuple(it.nodes for it in iterations)
    alone = search(game, state, depth=depth, evaluate=resolve_evaluate(game, evaluate)).stats.nodes
    b = nodes[-1] / nodes[-2]
    estimate = b / (b - 1) if b > 1 else math.inf
    return Overhead(depth, nodes, sum(nodes), alone, sum(nodes) / alone, b, estimate)
