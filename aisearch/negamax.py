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

Negamax needs two players and a zero-sum game: ``utility(state, p) ==
-utility(state, q)``, and the same of the evaluation function. On three
players, negating "the other player's" value means nothing (where ``minimax``
gives the root's player its paranoid value, negamax would return a number
that is nobody's), so it refuses such a game up front, as OpenSpiel's
``alpha_beta_search`` does (``aisearch.game.refuse_unless_two_player_zero_sum``
says what is checked).
"""

from __future__ import annotations

import math

from .caching import table_search
from .game import (
    Evaluation,
    Game,
    check_depth,
    missing_evaluation,
    no_actions,
    ordered,
    refuse_chance,
    refuse_unless_two_player_zero_sum,
    resolve_evaluate,
)
from .result import SearchResult, SearchStats
from .trace import start_tracing


def negamax(
    game: Game,
    state=None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    order=None,
    prune: bool = True,
    table=None,
    symmetry: bool = False,
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
        table: an ``aisearch.caching.TranspositionTable`` to use and fill;
            the search then runs as ``aisearch.caching.table_search`` (with
            ``prune=False`` every entry is exact).
        symmetry: key the table by the position's canonical form (a new
            table is made if none is given).
        tracer: any callable that receives an ``aisearch.Event`` per step.
            Event values are turned to MAX's point of view, like every trace.

    Returns:
        ``SearchResult(value, action, stats)``, with the same meaning as for
        ``alphabeta``: value for the player to move at ``state``.

    Raises:
        ValueError: as ``alphabeta``; and for a game that is not two-player
            zero-sum (see ``aisearch.game.refuse_unless_two_player_zero_sum``),
            naming the game and the assumption.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> negamax(tree).stats.nodes, negamax(tree, prune=False).stats.nodes
    (11, 13)
    """
    if state is None:
        state = game.initial_state()
    if table is not None or symmetry:
        return table_search(game, state, depth=depth, evaluate=evaluate, order=order,
                            table=table, symmetry=symmetry, prune=prune, tracer=tracer)
    check_depth(depth)
    refuse_chance(game, "negamax")
    refuse_unless_two_player_zero_sum(game, state, "negamax")
    evaluate = resolve_evaluate(game, evaluate)
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    root_player = to_move(state)
    tracing = start_tracing(tracer, game, root_player)
    nodes = leaves = cutoffs = deepest = 0
    NO_VALUE = -math.inf

    def leaf_value(state, mover, ply):
        """A leaf's value for ``mover``: utility if terminal, else the evaluation."""
        nonlocal nodes, leaves, deepest
        nodes += 1
        leaves += 1
        if ply > deepest:
            deepest = ply
        if is_terminal(state):
            return utility(state, mover)
        if evaluate is None:
            raise missing_evaluation(state)
        return evaluate(game, state, mover)

    def search(state, mover, ply, alpha, beta, node):
        """Value of the interior node ``state`` for ``mover``, the player to move.

        With pruning, a value ``<= alpha`` is an upper bound on the true value,
        a value ``>= beta`` a lower bound, and anything between is exact.
        """
        nonlocal nodes, leaves, cutoffs, deepest
        acts = actions(state)
        if order is not None:
            acts = ordered(order, game, state, acts)
        value = NO_VALUE
        ply1 = ply + 1
        for a in acts:
            child_state = result(state, a)
            child = nodes
            # Why leaves are valued here and not in a call of their own: half
            # the nodes of a game tree are leaves, and this saves a function
            # call for each of them.
            if is_terminal(child_state):
                nodes += 1
                leaves += 1
                if ply1 > deepest:
                    deepest = ply1
                v = utility(child_state, mover)
                if tracing is not None:
                    trace_leaf(child, node, child_state, ply1, a, mover, v, alpha, beta)
            elif ply1 == depth:
                v = leaf_value(child_state, mover, ply1)
                if tracing is not None:
                    trace_leaf(child, node, child_state, ply1, a, mover, v, alpha, beta)
            else:
                child_mover = to_move(child_state)
                nodes += 1
                if child_mover == mover:
                    if tracing is not None:
                        trace_enter(child, node, child_state, ply1, a, mover, alpha, beta)
                    v = search(child_state, mover, ply1, alpha, beta, child)
                else:
                    if tracing is not None:
                        trace_enter(child, node, child_state, ply1, a, child_mover,
                                    -beta, -alpha)
                    v = -search(child_state, child_mover, ply1, -beta, -alpha, child)
            if v > value:
                value = v
                if value > alpha:
                    alpha = value
                if ply == 0:
                    best[0] = a
                if tracing is not None:
                    tv, ta, tb = as_max(mover, value, alpha, beta)
                    tracing.update(node, tv, child, ta, tb)
            if prune and value >= beta:
                if a != acts[-1]:
                    cutoffs += 1
                    if tracing is not None:
                        trace_cutoff(node, state, acts, a, mover, value, alpha, beta)
                    break
        if value is NO_VALUE and not acts:
            raise no_actions(state)
        if tracing is not None:
            tracing.exit(node, *as_max(mover, value, alpha, beta))
        return value

    # Tracing, only when a tracer is given: events speak from MAX's view. -----

    def as_max(mover, value, alpha, beta):
        """``value``, ``alpha``, ``beta`` for the trace, turned to MAX's view."""
        if not prune:
            alpha = beta = None
        elif mover != root_player:
            alpha, beta = -beta, -alpha
        if mover != root_player and value is not None:
            value = -value
        return value, alpha, beta

    def role_of(mover):
        return "max" if mover == root_player else "min"

    def trace_enter(node, parent, state, ply, action, mover, alpha, beta):
        _, alpha, beta = as_max(mover, None, alpha, beta)
        tracing.enter(node, parent, state, ply, role_of(mover), action, alpha, beta)

    def trace_leaf(node, parent, state, ply, action, mover, value, alpha, beta):
        value, alpha, beta = as_max(mover, value, alpha, beta)
        tracing.leaf(node, parent, state, ply, role_of(to_move(state)), action, value,
                     is_terminal(state), alpha, beta)

    def trace_cutoff(node, state, acts, a, mover, value, alpha, beta):
        skipped = list(acts)[list(acts).index(a) + 1:]
        states = [result(state, s) for s in skipped]
        roles = [role_of(to_move(s)) for s in states]
        value, alpha, beta = as_max(mover, value, alpha, beta)
        tracing.cutoff(node, value, skipped, states, roles, alpha, beta)

    best = [None]
    if depth == 0 or is_terminal(state):
        value = leaf_value(state, root_player, 0)
        if tracing is not None:
            trace_leaf(0, None, state, 0, None, root_player, value, -math.inf, math.inf)
        return SearchResult(value, None, SearchStats(nodes, leaves, cutoffs, deepest))
    nodes = 1
    if tracing is not None:
        trace_enter(0, None, state, 0, None, root_player, -math.inf, math.inf)
    value = search(state, root_player, 0, -math.inf, math.inf, 0)
    return SearchResult(value, best[0], SearchStats(nodes, leaves, cutoffs, deepest))
