"""Alpha-beta pruning: minimax without looking at what cannot matter.

Along the path from the root to the current node, ``alpha`` is the best value
MAX is already sure of and ``beta`` the best (lowest) value MIN is already
sure of. A MAX node whose value reaches ``beta`` can stop: MIN, higher up,
will never let play get here. A MIN node whose value falls to ``alpha`` stops
for the same reason. The root's value is the minimax value; only the work
changes. The pair ``max_value``/``min_value`` follows the textbook (Russell
and Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed., Figure 5.7).
It is written once, in ``alphabeta_pair``: Star1 (``aisearch.expectimax``)
searches its MAX and MIN nodes with the same pair, and adds only chance nodes.

Like ``minimax``, every state is valued by the root player's utility, so with
more than two players the value is the root player's *paranoid* value (all
the others against it, ``aisearch.paranoid``). With a ``table`` the search
runs in negamax form, which needs two players and a zero-sum game, and
refuses any other up front.

The textbook cuts on equality (a MAX node stops when its value is ``>= beta``).
``prune_on_equal=False`` cuts only on strict inequality, as some courses'
autograders expect: the root value is the same, the visited nodes can differ.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .engine import TABLE_SEARCH, negamax_engine
from .game import (
    CHANCE,
    Action,
    Evaluation,
    Game,
    Order,
    Player,
    State,
    check_depth,
    check_game,
    leaf_evaluation,
    new_mover,
    no_actions,
    ordered,
    real_value,
    require_bool,
    sequence_of_actions,
    within_recursion,
)
from .result import SearchResult, SearchStats
from .table import TranspositionTable
from .tracing import Tracer, Tracing, start_tracing
from .validation import require_hooks

ValueOf = Callable[[State, int, Action | None, float, float], tuple[float, Action | None]]
"""``value_of(state, ply, action, alpha, beta) -> (value, move)``: a node searched."""


def alphabeta(
    game: Game[State, Action, Player],
    state: State | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    order: Order | None = None,
    prune_on_equal: bool = True,
    table: TranspositionTable | None = None,
    symmetry: bool = False,
    tracer: Tracer | None = None,
) -> SearchResult:
    """Minimax value and first best action, pruned by alpha-beta.

    Args:
        game: any object with the six methods of ``aisearch.Game``.
        state: where to search from; ``None`` means the initial state.
        depth: plies to look ahead; ``None`` searches to the end.
        evaluate: ``(game, state, player) -> float`` for states at the depth
            limit; defaults to the game's own ``evaluate`` method if it has one.
        order: ``(game, state, actions) -> actions``, a hook that reorders a
            node's actions before they are tried (for example best first).
        prune_on_equal: cut when a value reaches the bound (``True``, the
            textbook rule) or only when it passes it (``False``).
        table: an ``aisearch.table.TranspositionTable`` to use and fill.
            With a table the search runs the engine
            (``aisearch.engine.negamax_engine``: alpha-beta in negamax form,
            for two-player zero-sum games), not the textbook pair below: a
            position met again is answered from the table when the stored
            value's depth and kind (exact, lower or upper bound) allow it.
        symmetry: key the table by the position's canonical form (a new
            table is made if none is given), for games that offer symmetries.
        tracer: any callable that receives an ``aisearch.Event`` per step.

    Returns:
        ``SearchResult(value, action, stats)``: the minimax value for the player
        to move at ``state`` (with more than two players its paranoid value,
        everyone else minimising it, as ``aisearch.paranoid`` finds it), the
        first best action in the order searched, and
        the work done (``stats.cutoffs`` counts the cuts; with a table,
        ``stats.hits`` and the others count its use, and the action is a best
        action, the table's remembered one tried first). The root is searched with the whole window, so its value is exact. Inside, every
        node's value follows alpha-beta's three cases: at or below the alpha it was
        searched with, an upper bound on its true value; at or above its beta, a lower
        bound; between them, exact (``Trace.value_kinds`` tells which).

    Raises:
        ValueError: a bad depth, an ``order`` hook that does more than reorder,
            or a depth limit reached at a non-terminal state with no evaluation;
            a table with ``prune_on_equal=False`` (its bounds assume the
            textbook cut), ``symmetry=True`` for a game without symmetries, or
            a table or symmetry on a game that is not two-player zero-sum.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> alphabeta(tree)
    SearchResult(value=3, action='a1', stats=SearchStats(nodes=11, leaves=7, cutoffs=1, max_depth=2))
    """
    require_bool(prune_on_equal, "prune_on_equal")
    require_bool(symmetry, "symmetry")
    require_hooks("alphabeta", evaluate=evaluate, order=order, tracer=tracer)
    if table is not None or symmetry:
        if not prune_on_equal:
            raise ValueError(
                "a table needs prune_on_equal=True: its bounds assume the textbook cut"
            )
        return negamax_engine(
            game,
            state,
            depth=depth,
            evaluate=evaluate,
            order=order,
            table=table,
            symmetry=symmetry,
            tracer=tracer,
            name=TABLE_SEARCH,
        )
    check_game(game, "alphabeta", state)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    evaluate = leaf_evaluation(game, evaluate)
    player = game.to_move(state)
    stats = SearchStats()
    tracing = start_tracing(tracer, game, player)
    value_of, _, _ = alphabeta_pair(
        game, player, stats, depth, evaluate, tracing, order=order, prune_on_equal=prune_on_equal
    )
    with within_recursion("alphabeta", game):
        value, move = value_of(state, 0, None, -math.inf, math.inf)
    return SearchResult(value, move, stats)


def alphabeta_pair(
    game: Game[State, Action, Player],
    player: Player,
    stats: SearchStats,
    depth: int | None,
    evaluate: Evaluation,
    tracing: Tracing | None,
    *,
    order: Order | None = None,
    prune_on_equal: bool = True,
    check_leaf: Callable[[float, State, bool], float] | None = None,
    chance_value: ValueOf[State, Action] | None = None,
) -> tuple[ValueOf[State, Action], Callable[..., float], Callable[..., float]]:
    """The book's MAX-VALUE and MIN-VALUE (AIMA 4e, Figure 5.7), searching for ``player``.

    Returns ``value_of(state, ply, action, alpha, beta) -> (value, move)``,
    which calls MAX-VALUE where ``player`` moves and MIN-VALUE elsewhere, and
    the two steps they share: ``leaf`` (a state valued without a search) and
    ``cut``. They count their work in ``stats`` and report it to ``tracing``.

    Two hooks let ``aisearch.expectimax.star1`` run this pair rather than a
    copy of it: ``chance_value``, called as ``value_of`` is, values a state
    where chance moves; ``check_leaf(value, state, terminal)`` is given every
    leaf's value and returns the value to search on (the trace shows the value
    given). ``alphabeta`` uses neither.
    """
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility

    def leaf(
        state: State, terminal: bool, ply: int, action: Action | None, alpha: float, beta: float
    ) -> float:
        """Value a terminal state by its utility, a cut-off one by evaluation."""
        stats.leaves += 1
        if ply > stats.max_depth:
            stats.max_depth = ply
        if terminal:
            value = utility(state, player)
            if type(value) is not int:  # an int needs no check: most games' utilities
                value = real_value(value, utility, state)
        else:
            value = real_value(evaluate(game, state, player), evaluate, state)
        used = value if check_leaf is None else check_leaf(value, state, terminal)
        if tracing is not None:
            tracing.leaf(state, action, value, terminal, alpha, beta)  # as it was given
        return used

    players: list[Player] = [player]  # the players met, for ``new_mover``
    opponent: object = players  # the first player met besides MAX (none yet)

    def value_of(
        state: State, ply: int, action: Action | None, alpha: float, beta: float
    ) -> tuple[float, Action | None]:
        """MAX-VALUE or MIN-VALUE by who moves at ``state`` (two MIN layers may
        follow each other); ``chance_value`` where chance moves, if given."""
        nonlocal opponent
        mover = to_move(state)
        if chance_value is not None and mover == CHANCE:
            return chance_value(state, ply, action, alpha, beta)
        if mover == player:
            return max_value(state, ply, action, alpha, beta)
        if mover == opponent:
            return min_value(state, ply, action, alpha, beta)
        if mover not in players:  # first met: a player, not None or garbage read as MIN
            new_mover(game, state, mover, players, "alphabeta" if chance_value is None else "star1")
            opponent = players[1] if len(players) > 1 else opponent
        return min_value(state, ply, action, alpha, beta)

    def max_value(
        state: State, ply: int, action: Action | None, alpha: float, beta: float
    ) -> tuple[float, Action | None]:
        """MAX's best value and move, searched with the window ``(alpha, beta)``.

        Fail-soft, three cases: a value ``<= alpha`` is an upper bound on the
        true value, a value ``>= beta`` a lower bound, anything between exact.
        """
        stats.nodes += 1
        terminal = is_terminal(state)
        if terminal or ply == depth:
            return leaf(state, terminal, ply, action, alpha, beta), None
        if tracing is not None:
            tracing.enter(state, action, alpha, beta)
        v, move = -math.inf, None
        moves = actions(state)
        if order is not None:
            moves = ordered(order, game, state, moves)
        for a in moves:
            v2, _ = value_of(result(state, a), ply + 1, a, alpha, beta)
            if v2 > v or move is None:  # the first move, even if every value is -inf
                v, move = v2, a
                alpha = max(alpha, v)
                if tracing is not None:
                    tracing.update(v, alpha, beta)
            if v >= beta and (prune_on_equal or v > beta):
                return cut(state, moves, a, v, alpha, beta), move
        if move is None and not sequence_of_actions(game, state, moves):
            raise no_actions(state)
        if tracing is not None:
            tracing.exit(v, alpha, beta)
        return v, move

    def min_value(
        state: State, ply: int, action: Action | None, alpha: float, beta: float
    ) -> tuple[float, Action | None]:
        """MIN's best (lowest) value and move; the three cases as for MAX."""
        stats.nodes += 1
        terminal = is_terminal(state)
        if terminal or ply == depth:
            return leaf(state, terminal, ply, action, alpha, beta), None
        if tracing is not None:
            tracing.enter(state, action, alpha, beta)
        v, move = math.inf, None
        moves = actions(state)
        if order is not None:
            moves = ordered(order, game, state, moves)
        for a in moves:
            v2, _ = value_of(result(state, a), ply + 1, a, alpha, beta)
            if v2 < v or move is None:  # the first move, even if every value is +inf
                v, move = v2, a
                beta = min(beta, v)
                if tracing is not None:
                    tracing.update(v, alpha, beta)
            if v <= alpha and (prune_on_equal or v < alpha):
                return cut(state, moves, a, v, alpha, beta), move
        if move is None and not sequence_of_actions(game, state, moves):
            raise no_actions(state)
        if tracing is not None:
            tracing.exit(v, alpha, beta)
        return v, move

    def cut(
        state: State, moves: Sequence[Action], a: Action, v: float, alpha: float, beta: float
    ) -> float:
        """Stop at ``a``, the book's ``return v, move``; a cutoff if an action is left untried."""
        if a != moves[-1]:
            stats.cutoffs += 1
            if tracing is not None:
                skipped = moves[list(moves).index(a) + 1 :]
                tracing.cutoff(v, skipped, [result(state, s) for s in skipped], alpha, beta)
        if tracing is not None:
            tracing.exit(v, alpha, beta)
        return v

    return value_of, leaf, cut
