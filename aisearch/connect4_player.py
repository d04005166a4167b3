"""The Connect Four board's computer: the solver when it can prove, else a search.

``connect4_player(time_limit)`` plays the solver's best column when the
solver proves the result within its share of ``time_limit`` (``SOLVER_SHARE``),
and otherwise the move of an iterative-deepening alpha-beta search with a
Connect Four evaluation (``threats_and_centre``), centre columns first, which
always has a move ready when the clock runs out. The time is wall clock: both
searches are handed a deadline and look at the clock as they go (the solver
every ``CLOCK_EVERY`` positions, iterative deepening at every node), so a busy
machine makes the search shallower, not the reply later. Its decision says
which, in words (``player.last.summary``: "solved: ..." or "searched 9 moves
deep: ..."), and can be shown: ``player.last.retrace()`` runs the search that
chose the move again, recording it (both searches are deterministic, so it is
the same search, and the same move).

``column_scores`` gives each column's score for the player to move: the
solver's (Pons' convention: positive wins, the larger the sooner; 0 draws;
negative loses) when it proves them all within its time, else every column's
estimate by a shallow alpha-beta search.

``aisearch.viz.ConnectFourBoard`` is handed both (``aisearch/__init__.py``
makes them its defaults): the board draws, these search.
"""

from __future__ import annotations

import time

from .alphabeta import alphabeta
from .connect4_solver import DeadlinePassed, remaining_moves, solve, solve_probes
from .decision import Decision, SearchPlayer
from .deepening import DeepeningResult, check_limits, iterative_deepening
from .games.connect4 import ConnectFour, threats_and_centre

SOLVER_SHARE = 0.6
"""The share of a decision's time the solver may take to prove the result;
iterative deepening has the rest, and all of it if the solver gives up."""


def connect4_player(time_limit: float, *, weak: bool = False) -> SearchPlayer:
    """The solver within part of ``time_limit`` seconds, else iterative deepening.

    The solver first, until ``SOLVER_SHARE`` of ``time_limit`` has passed; if it
    proves the result, its best column (``weak``: it proves only win, draw or
    loss, which is cheaper). Otherwise iterative deepening with
    ``threats_and_centre``, centre columns first, until ``time_limit`` seconds
    from the start: the move of the deepest search completed. Both check the
    clock as they search.

    It records nothing while it plays (recording would slow the search under
    its clock); ``last.retrace()`` runs the search that chose the move again,
    recording it, and returns the decision with its traces: the solver's
    searches of the root (``aisearch.connect4_solver.solve_probes``; ``trace``
    is the one that proved the score, the last to raise its lower bound), or
    every depth of iterative deepening (``trace`` the deepest).

    >>> game = ConnectFour(4, 4)
    >>> player = connect4_player(1.0)
    >>> player(game, game.from_moves("112233"))
    3
    >>> player.last.summary
    'solved: the computer wins with this move'
    >>> player.last.retrace().trace.sentence(0)
    'root is not searched: X wins with its next stone, so it is worth 5.'
    """
    check_limits(time_limit, None, None)

    def decide(game: ConnectFour, state, recording: bool) -> Decision:
        started = time.perf_counter()
        try:
            return _solved(game, state, weak, started + SOLVER_SHARE * time_limit)
        except DeadlinePassed:
            return _searched(game, state, started + time_limit)

    name = f"connect4_player({time_limit:g} s{', weak' if weak else ''})"
    return SearchPlayer(decide, name, threats_and_centre)


def _solved(game: ConnectFour, state, weak: bool, deadline: float) -> Decision:
    """The solver's decision, if it proves the result before ``deadline``."""
    result = solve(game, state, weak=weak, deadline=deadline)
    plies = game.cells - state.moves  # the solver searches to the end
    played = Decision(
        state,
        result.action,
        result.value,
        plies,
        (result.action,),
        0.0,
        result.stats.nodes,
        last_nodes=result.stats.nodes,
        summary=_solved_text(game, state, result.value, weak),
    )

    def retrace() -> Decision:
        again, probes = solve_probes(game, state, weak=weak)
        _same(played, again.action, again.stats.nodes)
        proved = [p for p in probes if p.beta is None or p.value >= p.beta]
        shown = (proved or probes)[-1]
        return played._replace(trace=shown.trace, traces=tuple(p.trace for p in probes))

    return played._replace(retrace=retrace)


def _searched(game: ConnectFour, state, deadline: float) -> Decision:
    """The move of the deepest iterative-deepening search completed before ``deadline``."""
    left = max(deadline - time.perf_counter(), 1e-3)
    deep = _deepen(game, state, time_limit=left, max_depth=game.cells - state.moves)
    if deep.value is None:
        summary = "no search finished in time: it played the first open column"
    else:
        summary = f"searched {deep.depth} moves deep: {_looks(deep.value)}"
    deepest = deep.iterations[-1].nodes if deep.iterations else 0
    played = Decision(
        state,
        deep.action,
        deep.value,
        deep.depth,
        deep.line,
        0.0,
        deep.stats.nodes,
        last_nodes=deepest,
        summary=summary,
    )
    if deep.fallback:
        return played  # no search chose the move: there is none to show

    def retrace() -> Decision:
        again = _deepen(game, state, max_depth=deep.depth, trace=True)
        _same(played, again.action, again.iterations[-1].nodes)
        traces = tuple(it.trace for it in again.iterations)
        return played._replace(trace=traces[-1], traces=traces)

    return played._replace(retrace=retrace)


def _deepen(game: ConnectFour, state, **options) -> DeepeningResult:
    """Iterative deepening as the player runs it: ``threats_and_centre``, centre first."""
    return iterative_deepening(
        game, state, evaluate=threats_and_centre, order=_centre_first, **options
    )


def _same(played: Decision, action, nodes: int) -> None:
    """The search run again must be the search played: same move, same nodes."""
    if (action, nodes) != (played.action, played.last_nodes):
        raise ValueError(  # pragma: no cover - the searches are deterministic
            f"the search run again chose {action!r} in {nodes:,} nodes, but the move "
            f"played was {played.action!r} in {played.last_nodes:,}: it cannot be shown"
        )


def column_scores(
    game: ConnectFour, state, *, time_limit: float, weak: bool = False, depth: int = 3
) -> tuple[dict, bool]:
    """Each playable column's score for the player to move, and whether all are
    the solver's: ``({column: score}, solved)``.

    The solver's scores if it proves them all within ``time_limit`` seconds
    (``weak``: win 1, draw 0, loss -1); else every column's estimate by an
    alpha-beta search ``depth`` plies deep with ``threats_and_centre`` (a win
    counts 1, a loss -1).

    >>> game = ConnectFour(4, 4)
    >>> column_scores(game, game.from_moves("112233"), time_limit=1.0)
    ({0: 0, 1: 0, 2: -1, 3: 5}, True)
    """
    if game.is_terminal(state):
        return {}, True
    deadline = time.perf_counter() + time_limit
    scores: dict = {}
    winning = game.winning_moves(state)
    try:
        for column in game.actions(state):
            if column in winning:
                scores[column] = 1 if weak else (game.cells + 1 - state.moves) // 2
                continue
            after = game.play(state, column)
            result = solve(game, after, weak=weak, find_action=False, deadline=deadline)
            scores[column] = -result.value
    except DeadlinePassed:
        # A few hundred positions in all (about a millisecond): not worth a clock.
        return {
            column: _estimate(game, state, column, depth) for column in game.actions(state)
        }, False
    return scores, True


def _estimate(game: ConnectFour, state, column: int, depth: int) -> float:
    """Column ``column``'s estimate for the player to move: minus the value,
    for the opponent, of a short search from the position after it."""
    after = game.play(state, column)
    found = alphabeta(game, after, depth=depth - 1, evaluate=threats_and_centre)
    return 0.0 - found.value  # not -value: 0.0 is shown as +0.00, never -0.00


def _solved_text(game: ConnectFour, state, score, weak: bool) -> str:
    """The solver's verdict on ``state`` for the computer, who moves there."""
    if weak or score == 0:
        outcome = "wins" if score > 0 else "loses" if score < 0 else "draws"
        return f"solved: the computer {outcome} with perfect play"
    plies = remaining_moves(game, state, score)
    if score > 0 and plies == 1:
        return "solved: the computer wins with this move"
    if score > 0:
        return f"solved: the computer wins within {(plies + 1) // 2} of its moves"
    if plies // 2 == 1:
        return "solved: you win with your next move"
    return f"solved: you win within {plies // 2} of your moves if you play perfectly"


def _centre_first(game: ConnectFour, state, actions) -> list:
    """The columns nearest the centre first: they take part in the most lines."""
    middle = (game.width - 1) / 2
    return sorted(actions, key=lambda c: abs(c - middle))


def _looks(value: float) -> str:
    """An iterative-deepening value, for the computer, in words."""
    if value >= 1:
        return "the computer sees a win"
    if value <= -1:
        return "the computer sees that it loses against perfect play"
    if abs(value) < 0.05:
        return "looks even"
    return "looks good for the computer" if value > 0 else "looks good for you"
