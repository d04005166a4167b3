"""The Connect Four board's computer: the solver when it can prove, else a search.

``connect4_player(time_limit)`` plays the solver's best column when the
solver proves the result within ``time_limit`` (turned into a node limit with
``SOLVER_NODES_PER_SECOND``), and otherwise the move of an iterative-deepening
alpha-beta search with a Connect Four evaluation (``threats_and_centre``),
centre columns first, which always has a move ready when the clock runs out.
Its decision says which, in words (``player.last.summary``: "solved: ..." or
"searched 9 moves deep: ...").

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
from .connect4_solver import NodeLimitExceeded, remaining_moves, solve
from .decision import Decision, SearchPlayer
from .deepening import check_limits, iterative_deepening
from .games.connect4 import ConnectFour, threats_and_centre

SOLVER_NODES_PER_SECOND = 150_000
"""A cautious rate for the solver on the course's machine (about 220,000 to
275,000 positions a second were measured there): a time limit for the solver
is turned into a node limit with it."""


def connect4_player(time_limit: float, *, weak: bool = False) -> SearchPlayer:
    """The solver within ``time_limit`` seconds, else iterative deepening.

    The solver first, with a node limit worth ``time_limit``; if it proves
    the result, its best column (``weak``: it proves only win, draw or loss,
    which is cheaper). Otherwise iterative deepening with
    ``threats_and_centre``, centre columns first, until 80 % of the time
    left is spent: the move of the deepest search completed. It records no
    trace.

    >>> game = ConnectFour(4, 4)
    >>> player = connect4_player(1.0)
    >>> player(game, game.from_moves("112233"))
    3
    >>> player.last.summary
    'solved: the computer wins with this move'
    """
    check_limits(time_limit, None, None)

    def decide(game: ConnectFour, state, recording: bool) -> Decision:
        started = time.perf_counter()
        try:
            result = solve(game, state, weak=weak, node_limit=_nodes(time_limit))
        except NodeLimitExceeded:
            left = time_limit - (time.perf_counter() - started)
            deep = iterative_deepening(
                game,
                state,
                time_limit=max(0.8 * left, 0.01),
                max_depth=game.cells - state.moves,
                evaluate=threats_and_centre,
                order=_centre_first,
            )
            summary = (
                f"searched {deep.depth} moves deep: {_looks(deep.value)}"
                if deep.value is not None
                else "no search finished in time: it played the first open column"
            )
            return Decision(
                state,
                deep.action,
                deep.value,
                deep.depth,
                deep.line,
                0.0,
                deep.stats.nodes,
                summary=summary,
            )
        summary = _solved_text(game, state, result.value, weak)
        plies = game.cells - state.moves  # the solver searches to the end
        return Decision(
            state,
            result.action,
            result.value,
            plies,
            (result.action,),
            0.0,
            result.stats.nodes,
            summary=summary,
        )

    name = f"connect4_player({time_limit:g} s{', weak' if weak else ''})"
    return SearchPlayer(decide, name, threats_and_centre)


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
    left = _nodes(time_limit)
    scores: dict = {}
    winning = game.winning_moves(state)
    try:
        for column in game.actions(state):
            if column in winning:
                scores[column] = 1 if weak else (game.cells + 1 - state.moves) // 2
                continue
            after = game.play(state, column)
            result = solve(game, after, weak=weak, find_action=False, node_limit=left)
            left -= result.stats.nodes
            scores[column] = -result.value
    except NodeLimitExceeded:
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


def _nodes(seconds: float) -> int:
    return max(1, int(seconds * SOLVER_NODES_PER_SECOND))


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
