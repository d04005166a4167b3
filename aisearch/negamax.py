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

from .engine import TABLE_SEARCH, negamax_engine
from .game import Action, Evaluation, Game, Order, Player, State
from .result import SearchResult
from .table import TranspositionTable
from .tracing import Tracer


def negamax(
    game: Game[State, Action, Player],
    state: State | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    order: Order | None = None,
    prune: bool = True,
    table: TranspositionTable | None = None,
    symmetry: bool = False,
    tracer: Tracer | None = None,
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
        table: an ``aisearch.table.TranspositionTable`` to use and fill
            (with ``prune=False`` every entry is exact).
        symmetry: key the table by the position's canonical form (a new
            table is made if none is given).
        tracer: any callable that receives an ``aisearch.Event`` per step.
            Event values are turned to MAX's point of view, like every trace.

    Returns:
        ``SearchResult(value, action, stats)``, with the same meaning as for
        ``alphabeta``: value for the player to move at ``state``. The root is searched with the whole window, so its value is exact. Inside, every
        node's value follows alpha-beta's three cases: at or below the alpha it was
        searched with, an upper bound on its true value; at or above its beta, a lower
        bound; between them, exact (``Trace.value_kinds`` tells which).

    Raises:
        ValueError: as ``alphabeta``; and for a game that is not two-player
            zero-sum (see ``aisearch.game.refuse_unless_two_player_zero_sum``),
            naming the game and the assumption.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> negamax(tree).stats.nodes, negamax(tree, prune=False).stats.nodes
    (11, 13)
    """
    return negamax_engine(
        game,
        state,
        depth=depth,
        evaluate=evaluate,
        order=order,
        prune=prune,
        table=table,
        symmetry=symmetry,
        tracer=tracer,
        name="negamax" if table is None and not symmetry else TABLE_SEARCH,
    )
