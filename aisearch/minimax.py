"""Minimax: the value of a state when both players play perfectly.

MAX picks the child with the highest value, MIN the child with the lowest;
a terminal state is worth its utility. The search is a depth-first, postorder
walk of the game tree: a node's value is known only when all its children's
values are. ``max_value`` and ``min_value`` below follow the textbook's
pseudocode (Russell and Norvig, *Artificial Intelligence: A Modern Approach*,
4th ed., Figure 5.3) line by line; the only additions are the optional depth
limit, the statistics and the tracing hooks.

A node is a MAX node when the player to move there is the player to move at
the root, and a MIN node otherwise, so several MIN layers in a row (several
opponents moving in turn) need nothing special. Every state is valued by the
root player's utility. With more than two players this is the *paranoid*
value (``aisearch.paranoid``): the most the root's player can be sure of if
all the others join to minimise its share; it is not what max^n
(``aisearch.maxn``) predicts when each plays for itself.

The search itself is ``expectiminimax``: the same two functions and, for
games of chance, a third, ``chance_value``, that averages its outcomes.
``minimax`` refuses a game with chance states, then runs it;
``aisearch.expectimax`` runs it on games with chance states too.
"""

from __future__ import annotations

import math
from typing import cast

from .game import (
    CHANCE,
    Action,
    ChanceGame,
    Evaluation,
    Game,
    Player,
    State,
    check_depth,
    check_game,
    check_outcomes,
    leaf_evaluation,
    new_mover,
    no_actions,
    real_value,
    sequence_of_actions,
    undefined_average,
    within_recursion,
)
from .result import SearchResult, SearchStats
from .tracing import Tracer, start_tracing
from .validation import require_hooks


def minimax(
    game: Game[State, Action, Player],
    state: State | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    tracer: Tracer | None = None,
) -> SearchResult:
    """Search the whole game tree (or ``depth`` plies of it) by minimax.

    Args:
        game: any object with the six methods of ``aisearch.Game``.
        state: where to search from; ``None`` means the initial state.
        depth: the number of plies to look ahead; ``None`` searches to the end.
        evaluate: ``(game, state, player) -> float`` for states at the depth
            limit; defaults to the game's own ``evaluate`` method if it has one.
        tracer: any callable that receives an ``aisearch.Event`` per step.

    Returns:
        ``SearchResult(value, action, stats)``: the value for the player to move
        at ``state``, the first best action in ``game.actions`` order (``None``
        if ``state`` is terminal) and the work done. With more than two
        players, the value is that player's paranoid value (everyone else
        minimising its utility), as ``aisearch.paranoid`` finds it.

    Raises:
        ValueError: a bad depth, or a depth limit reached at a non-terminal
            state with no evaluation function.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> minimax(tree)
    SearchResult(value=3, action='a1', stats=SearchStats(nodes=13, leaves=9, cutoffs=0, max_depth=2))
    """
    require_hooks("minimax", evaluate=evaluate, tracer=tracer)
    check_game(game, "minimax", state)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    return expectiminimax(
        game,
        state,
        game.to_move(state),
        depth=depth,
        evaluate=evaluate,
        tracer=tracer,
        chance=False,
    )


def expectiminimax(
    game: Game[State, Action, Player],
    state: State,
    player: Player,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    tracer: Tracer | None = None,
    chance: bool = True,
) -> SearchResult:
    """Minimax with chance nodes, valued for ``player``: ``aisearch.expectimax``
    runs it, and ``minimax`` runs it with ``chance=False`` (it has refused a
    game with chance states; a leaf where the dice would roll next is just a
    leaf, a MIN one).

    ``max_value`` and ``min_value`` are the book's (AIMA 4e, Figure 5.3); a
    chance node is worth the average of its children, weighted by their
    probabilities (AIMA 4e, Section 5.5.1). With no chance node this is minimax.
    """
    evaluate = leaf_evaluation(game, evaluate)
    # Without chance_outcomes, an answer 'chance' of to_move is refused (``new_mover``).
    chance = chance and callable(getattr(game, "chance_outcomes", None))
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    chance_game = cast("ChanceGame[State, Action, Player]", game)  # where the dice roll
    tracing = start_tracing(tracer, game, player, chance=chance)
    nodes = leaves = deepest = 0

    def leaf(state: State, terminal: bool, ply: int, action: Action | None) -> float:
        """Value a terminal state by its utility, a cut-off one by evaluation."""
        nonlocal leaves, deepest
        leaves += 1
        if ply > deepest:
            deepest = ply
        if terminal:
            value = utility(state, player)
            if type(value) is not int:  # an int needs no check: most games' utilities
                value = real_value(value, utility, state)
        else:
            value = real_value(evaluate(game, state, player), evaluate, state)
        if tracing is not None:
            tracing.leaf(state, action, value, terminal)
        return value

    players: list[Player] = [player]  # the players met, for ``new_mover``
    opponent: object = players  # the first player met besides MAX (none yet)

    def value_of(state: State, ply: int, action: Action | None) -> tuple[float, Action | None]:
        """MAX-VALUE, MIN-VALUE or CHANCE-VALUE, by who moves in ``state``
        (so two MIN layers may follow each other)."""
        nonlocal opponent
        mover = to_move(state)
        if chance and mover == CHANCE:
            return chance_value(state, ply, action)
        if mover == player:
            return max_value(state, ply, action)
        if mover == opponent:
            return min_value(state, ply, action)
        if mover not in players:  # first met: a player, not None or garbage read as MIN
            new_mover(game, state, mover, players, "expectimax" if chance else "minimax")
            opponent = players[1] if len(players) > 1 else opponent
        return min_value(state, ply, action)

    def max_value(state: State, ply: int, action: Action | None) -> tuple[float, Action | None]:
        nonlocal nodes
        nodes += 1
        terminal = is_terminal(state)
        if terminal or ply == depth:
            return leaf(state, terminal, ply, action), None
        if tracing is not None:
            tracing.enter(state, action)
        v, move = -math.inf, None
        for a in actions(state):
            s = result(state, a)
            v2, _ = value_of(s, ply + 1, a)
            if v2 > v or move is None:  # the first move, even if every value is -inf
                v, move = v2, a
                if tracing is not None:
                    tracing.update(v)
        if move is None and not sequence_of_actions(game, state, actions(state)):
            raise no_actions(state)
        if tracing is not None:
            tracing.exit(v)
        return v, move

    def min_value(state: State, ply: int, action: Action | None) -> tuple[float, Action | None]:
        nonlocal nodes
        nodes += 1
        terminal = is_terminal(state)
        if terminal or ply == depth:
            return leaf(state, terminal, ply, action), None
        if tracing is not None:
            tracing.enter(state, action)
        v, move = math.inf, None
        for a in actions(state):
            s = result(state, a)
            v2, _ = value_of(s, ply + 1, a)
            if v2 < v or move is None:  # the first move, even if every value is +inf
                v, move = v2, a
                if tracing is not None:
                    tracing.update(v)
        if move is None and not sequence_of_actions(game, state, actions(state)):
            raise no_actions(state)
        if tracing is not None:
            tracing.exit(v)
        return v, move

    def chance_value(state: State, ply: int, action: Action | None) -> tuple[float, None]:
        nonlocal nodes
        nodes += 1
        terminal = is_terminal(state)
        if terminal or ply == depth:
            return leaf(state, terminal, ply, action), None
        if tracing is not None:
            tracing.enter(state, action)
        total: float = 0  # not 0.0: Fraction probabilities then keep the sum exact
        for outcome, p in check_outcomes(state, chance_game.chance_outcomes(state)):
            s = result(state, outcome)
            v, _ = value_of(s, ply + 1, outcome)
            total += p * v
            if tracing is not None:
                tracing.chance(p, v, total)
        if total != total:  # NaN: +inf and -inf averaged, or inf weighted by 0
            raise undefined_average(state)
        if tracing is not None:
            tracing.exit(total)
        return total, None

    with within_recursion("expectimax" if chance else "minimax", game):
        value, move = value_of(state, 0, None)
    return SearchResult(value, move, SearchStats(nodes, leaves, 0, deepest))
