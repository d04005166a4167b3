"""Quiescence search: do not stop looking in the middle of a fight.

A depth-limited search evaluates the positions where it stops as if they were
calm. If the position is in the middle of an exchange (a capture that will be
answered, a threat to win next move), the evaluation misjudges it: the
search cannot see the blow that falls one ply past its limit, and may even
play moves that only push the blow beyond its horizon. That is the
**horizon effect**.

The remedy: at the depth limit, evaluate only *quiet* positions. Where the
position is noisy, keep searching, but only the noisy moves, until every
line reaches a quiet position (or the end of the game). Noisy moves are few,
so the extra search is small.

What is noisy is the game's business. The protocol: a function
``noisy(game, state) -> actions`` lists the noisy actions of ``state`` (a
subset of ``game.actions(state)``, in the game's order); an empty list means
the position is quiet. Pass it as ``noisy=``, or give the game a method
``noisy_actions(state)``. For tic-tac-toe, ``threat_moves`` says that a move
which wins at once, or blocks the opponent's immediate win, is noisy.

With ``stand_pat=True`` the player to move at a noisy position may also
decline every noisy move and take the evaluation (as in chess, where not
capturing is usually possible). In tic-tac-toe a threat must be answered,
so the default is ``False``: a noisy position is worth its best noisy move.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .game import (
    Evaluation,
    Game,
    check_depth,
    check_game,
    missing_evaluation,
    optional,
    real_value,
    resolve_evaluate,
    within_recursion,
)
from .result import SearchResult, SearchStats
from .tracing import start_tracing

Noisy = Callable[[Game, object], list]


def threat_moves(game, state: str) -> list:
    """Tic-tac-toe's noisy moves: those that win at once, or block the opponent's win.

    A ``noisy`` function for ``quiescence_search``; the threat test itself is
    the game's, ``TicTacToe.threat_moves`` (it reads the board's lines).

    >>> from aisearch.games import TicTacToe
    >>> game = TicTacToe()
    >>> threat_moves(game, game.from_rows("X..", "XO.", ".O."))  # X blocks O, or wins
    [(0, 1), (2, 0)]
    """
    return game.threat_moves(state)


def quiescence_search(
    game: Game,
    state=None,
    *,
    depth: int,
    evaluate: Evaluation | None = None,
    noisy: Noisy | None = None,
    stand_pat: bool = False,
    max_extension: int | None = None,
    tracer=None,
) -> SearchResult:
    """Alpha-beta to ``depth``, then noisy moves only until the position is quiet.

    Args:
        depth: plies of full search (every move); past it only noisy moves.
        evaluate: ``(game, state, player) -> float`` for quiet positions.
        noisy: ``(game, state) -> actions``, the noisy actions of a state
            (empty when quiet); default ``game.noisy_actions(state)``.
        stand_pat: let the player at a noisy position take the evaluation
            instead of a noisy move.
        max_extension: at most this many plies past ``depth`` (then evaluate
            anyway); ``None`` for no limit.
        tracer: as for ``alphabeta``; the noisy plies appear in the tree, and
            every event carries ``horizon`` (= ``depth``) and, at and past
            the horizon, whether its position is ``noisy``.

    Returns:
        ``SearchResult`` as ``alphabeta``; ``stats.max_depth`` shows how far
        past ``depth`` the noisy lines went.

    Raises:
        ValueError: a bad depth, no evaluation, or no way to tell noisy moves.
    """
    check_game(game, "quiescence_search", state)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    if depth is None:
        raise ValueError("quiescence_search needs a depth: past it, only noisy moves are searched")
    check_depth(max_extension, "max_extension")
    evaluate = resolve_evaluate(game, evaluate)
    if evaluate is None:
        raise missing_evaluation(state)
    if noisy is None:
        own = optional(game, "noisy_actions")
        if own is None:
            raise ValueError(
                f"{game!r} has no noisy_actions(state): pass noisy=(game, state) -> actions"
            )
        noisy = lambda game, s: own(s)  # noqa: E731
    to_move, result, is_terminal, utility = (
        game.to_move,
        game.result,
        game.is_terminal,
        game.utility,
    )
    player = to_move(state)
    tracing = start_tracing(tracer, game, player)
    limit = math.inf if max_extension is None else depth + max_extension
    nodes = leaves = cutoffs = deepest = 0

    def leaf(s, ply, action, value, terminal, alpha, beta):
        nonlocal leaves, deepest
        leaves += 1
        deepest = max(deepest, ply)
        if tracing is not None:
            # At the extension limit a position can be noisy and still evaluated.
            is_noisy = None if terminal or ply < depth else bool(noisy(game, s))
            tracing.leaf(s, action, value, terminal, alpha, beta, horizon=depth, noisy=is_noisy)
        return value

    def value_of(s, ply, action, alpha, beta):
        """The value of ``s`` for the root player, with ``(alpha, beta)`` as in
        alpha-beta (fail-soft: at or below alpha an upper bound, at or above
        beta a lower bound, between them exact)."""
        nonlocal nodes, cutoffs
        nodes += 1
        maximizing = to_move(s) == player
        if is_terminal(s):
            value = real_value(utility(s, player), utility, s)
            return leaf(s, ply, action, value, True, alpha, beta), None
        moves = game.actions(s) if ply < depth else (noisy(game, s) if ply < limit else [])
        if not moves:
            value = real_value(evaluate(game, s, player), evaluate, s)
            return leaf(s, ply, action, value, False, alpha, beta), None
        if tracing is not None:
            tracing.enter(
                s, action, alpha, beta, horizon=depth, noisy=True if ply >= depth else None
            )
        best, move = (-math.inf if maximizing else math.inf), None
        if ply >= depth and stand_pat:
            best = real_value(evaluate(game, s, player), evaluate, s)
        for a in moves:
            v, _ = value_of(result(s, a), ply + 1, a, alpha, beta)
            if (v > best) if maximizing else (v < best):
                best, move = v, a
                if maximizing:
                    alpha = max(alpha, best)
                else:
                    beta = min(beta, best)
                if tracing is not None:
                    tracing.update(best, alpha, beta)
            if (best >= beta if maximizing else best <= alpha) and a != moves[-1]:
                cutoffs += 1
                if tracing is not None:
                    skipped = moves[list(moves).index(a) + 1 :]
                    tracing.cutoff(best, skipped, [result(s, b) for b in skipped], alpha, beta)
                break
        if tracing is not None:
            tracing.exit(best, alpha, beta)
        return best, move

    with within_recursion("quiescence_search", game):
        value, action = value_of(state, 0, None, -math.inf, math.inf)
    return SearchResult(value, action, SearchStats(nodes, leaves, cutoffs, deepest))
