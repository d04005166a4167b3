"""Negamax: minimax in one function, the form fast engines grow from.

In a two-player zero-sum game, MIN's value of a state is the negation of
MAX's. So instead of a MAX function and a MIN function, one function can
always return the value *for the player to move* and negate the value of
each child whose mover is the other player: ``max(a, b) == -min(-a, -b)``.
Alpha-beta's window turns round in the same way, ``(alpha, beta)`` becoming
``(-beta, -alpha)``. Nothing else changes: with ``prune=True`` negamax visits
exactly the nodes ``alphabeta`` visits, with ``prune=False`` exactly the
minimax tree.

A child with the same player to move (two MIN layers in a row) keeps the
value and the window as they are.

Negamax needs a zero-sum game: ``utility(state, p) == -utility(state, q)``,
and the same of the evaluation function.
"""

from __future__ import annotations

import math

from .game import (
    Evaluation,
    Game,
    check_depth,
    missing_evaluation,
    no_actions,
    ordered,
    resolve_evaluate,
)
from .result import SearchResult, SearchStats
from .trace import Tracing


def negamax(
    game: Game,
    state=None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    order=None,
    prune: bool = True,
    tracer=None,
) -> SearchResult:
    """Minimax value and first best action, in negamax form.

    Args:
        game: a two-player zero-sum game with the six methods of ``aisearch.Game``.
        state: where to search from; ``None`` means the initial state.
        depth: plies to look ahead; ``None`` searches to the end.
        evaluate: ``(game, state, player) -> float`` for states at the depth
            limit; defaults to the game's own ``evaluate`` method if it has one.
        order: ``(game, state, actions) -> actions``, a hook that reorders a
            node's actions before they are tried.
        prune: alpha-beta pruning (cutting on equality, as ``alphabeta`` does
            by default) when ``True``; the plain minimax tree when ``False``.
        tracer: any callable that receives an ``aisearch.Event`` per step.
            Event values are turned to MAX's point of view, like every trace.

    Returns:
        ``SearchResult(value, action, stats)``, with the same meaning as for
        ``alphabeta``: value for the player to move at ``state``.

    Raises:
        ValueError: as ``alphabeta``.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> negamax(tree).stats.nodes, negamax(tree, prune=False).stats.nodes
    (11, 13)
    """
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    evaluate = resolve_evaluate(game, evaluate)
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    root_player = to_move(state)
    tracing = Tracing(tracer) if tracer is not None else None
    nodes = leaves = cutoffs = deepest = 0

    def traced(mover, value, alpha, beta):
        """Value and window from MAX's point of view, for the trace."""
        if mover == root_player:
            return value, alpha, beta
        return (None if value is None else -value), -beta, -alpha

    def role_of(mover):
        return "max" if mover == root_player else "min"

    def search(state, mover, ply, alpha, beta, parent, action):
        """Value of ``state`` for ``mover``, the player to move there, and its move.

        With pruning, a value ``<= alpha`` is an upper bound, a value
        ``>= beta`` a lower bound, and anything between is exact.
        """
        nonlocal nodes, leaves, cutoffs, deepest
        node = nodes
        nodes += 1
        terminal = is_terminal(state)
        if terminal or ply == depth:
            leaves += 1
            deepest = max(deepest, ply)
            if terminal:
                value = utility(state, mover)
            elif evaluate is None:
                raise missing_evaluation(state)
            else:
                value = evaluate(game, state, mover)
            if tracing is not None:
                v, a, b = traced(mover, value, alpha, beta)
                tracing.leaf(node, parent, state, ply, role_of(mover), action, v, terminal,
                             *((a, b) if prune else (None, None)))
            return value, None
        if tracing is not None:
            _, a, b = traced(mover, None, alpha, beta)
            tracing.enter(node, parent, state, ply, role_of(mover), action,
                          *((a, b) if prune else (None, None)))
        acts = actions(state)
        if order is not None:
            acts = ordered(order, game, state, acts)
        value, move = -math.inf, None
        for a in acts:
            child_state = result(state, a)
            child_mover = to_move(child_state)
            child = nodes
            if child_mover == mover:
                v, _ = search(child_state, mover, ply + 1, alpha, beta, node, a)
            else:
                v, _ = search(child_state, child_mover, ply + 1, -beta, -alpha, node, a)
                v = -v
            if v > value:
                value, move = v, a
                if value > alpha:
                    alpha = value
                if tracing is not None:
                    tv, ta, tb = traced(mover, value, alpha, beta)
                    tracing.update(node, tv, child, *((ta, tb) if prune else (None, None)))
            if prune and value >= beta:
                cutoffs += 1
                if tracing is not None:
                    skipped = list(acts)[list(acts).index(a) + 1:]
                    states = [result(state, s) for s in skipped]
                    roles = [role_of(to_move(s)) for s in states]
                    tv, ta, tb = traced(mover, value, alpha, beta)
                    tracing.cutoff(node, tv, skipped, states, roles, ta, tb)
                break
        if move is None and not acts:
            raise no_actions(state)
        if tracing is not None:
            tv, ta, tb = traced(mover, value, alpha, beta)
            tracing.exit(node, tv, *((ta, tb) if prune else (None, None)))
        return value, move

    value, move = search(state, root_player, 0, -math.inf, math.inf, None, None)
    return SearchResult(value, move, SearchStats(nodes, leaves, cutoffs, deepest))
