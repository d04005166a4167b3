"""The engine: one negamax, with a window, move ordering, a table and symmetry.

The textbook searches (``minimax``, ``alphabeta``) are written to be read
beside the book. The fast searches all run this one function instead:
``negamax``, ``alphabeta(..., table=...)``, ``paranoid`` (two sides once the
others are one coalition) and the searches that build on them. Each idea it
adds is one block:

- **negamax**: the value is always for the player to move, and a child's
  value is negated when the other player moves there;
- **the window** ``(alpha, beta)``, turned round with the value, and the cut
  ``if value >= beta``: fail-soft alpha-beta (``prune=False`` searches the
  whole tree);
- **ordering**: an ``order`` hook, then the table's remembered best move
  first;
- **the table** (``aisearch.table``): a position met again is answered from
  it when the stored depth and bound allow, or its window narrowed; every
  searched position is stored with what its value is, exact or a bound;
- **symmetry**: the table is keyed by the position's canonical form, and a
  stored move is turned back into this position's frame;
- **quiescence** (``aisearch.quiescence``): past the depth limit only the
  ``noisy`` moves are searched, a position with none is a leaf, and with
  ``stand_pat`` a node's value starts at its evaluation.

It needs a two-player zero-sum game, and refuses any other up front. Given a
table that trusts every value it holds (``aisearch.caching.NaiveTable``), it
is also the naive cache that notebook 05 watches fail.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import cast

from .game import (
    Action,
    Evaluation,
    Game,
    Order,
    Player,
    State,
    check_depth,
    check_game,
    leaf_evaluation,
    no_actions,
    optional,
    ordered,
    real_value,
    within_recursion,
)
from .result import SearchResult, SearchStats
from .symmetry import action_from_canonical, canonical
from .table import TO_THE_END, Entry, TranspositionTable
from .tracing import EXACT, LOWER, UPPER, Limit, Tracer, start_tracing

Noisy = Callable[[Game[State, Action, Player], State], Sequence[Action]]
"""``noisy(game, state) -> actions``: the moves quiescence searches past the depth limit."""

TABLE_SEARCH = "a table search (alphabeta or negamax with a table)"
"""How refusals name a search with a table, which users reach through ``table=``."""


def negamax_engine(
    game: Game[State, Action, Player],
    state: State | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    order: Order | None = None,
    prune: bool = True,
    table: TranspositionTable | None = None,
    symmetry: bool = False,
    noisy: Noisy[State, Action, Player] | None = None,
    max_extension: int | None = None,
    stand_pat: bool = False,
    tracer: Tracer | None = None,
    name: str = "negamax",
) -> SearchResult:
    """Fail-soft alpha-beta in negamax form, with an optional table.

    Args:
        game: a two-player zero-sum game with the six methods of ``aisearch.Game``.
        state, depth, evaluate, order: as for ``aisearch.alphabeta``.
        prune: alpha-beta cuts (``True``) or the whole tree (``False``; a
            table then stores and uses exact values only).
        table: an ``aisearch.table.TranspositionTable`` to use and fill, or
            ``None`` for none (a new one if ``symmetry`` asks for it).
        symmetry: key the table by ``aisearch.symmetry.canonical``.
        noisy: ``(game, state) -> actions``: past ``depth``, search only these
            moves, and value a position with none as a leaf (quiescence; not
            with a table). ``None``: every position at ``depth`` is a leaf.
        max_extension: with ``noisy``, a leaf at this many plies past ``depth``.
        stand_pat: with ``noisy``, a node past ``depth`` starts at its
            evaluation (its player may decline every noisy move), which is
            a floor for its value but does not raise alpha.
        tracer: receives the events, turned to MAX's point of view; with a
            table also ``cache_hit``, ``narrowed`` and their symmetric kinds.
        name: what refusals call this search.

    Returns:
        ``SearchResult``: the value for the player to move at ``state``, its
        best action (the first best in the order searched) and ``stats``.
        The root is searched with the whole window, so its value is exact;
        inside, ``search`` states the three cases a node's value falls in.

    Raises:
        ValueError: a bad depth, an ``order`` hook that does more than
            reorder, a depth limit reached with no evaluation; a game with
            chance, or that is not two-player zero-sum; a ``table`` that is
            not a ``TranspositionTable``; ``symmetry=True`` for a game
            without symmetries; ``noisy`` with a table.
    """
    check_game(game, name, state, zero_sum=True, symmetry=symmetry)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    evaluate = leaf_evaluation(game, evaluate)
    if table is None and symmetry:
        table = TranspositionTable()
    if table is not None and not isinstance(table, TranspositionTable):
        raise ValueError(f"table must be an aisearch.caching.TranspositionTable, got {table!r}")
    if noisy is not None and table is not None:
        raise ValueError(f"{name} cannot store the values of noisy moves only: pass no table")
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    transform_action = optional(game, "transform_action")
    root_player = to_move(state)
    tracing = start_tracing(tracer, game, root_player)
    limit = TO_THE_END if depth is None else depth
    cap = TO_THE_END if noisy is None or max_extension is None else limit + max_extension
    nodes = leaves = cutoffs = deepest = 0
    hits = bound_hits = symmetry_hits = narrowed = stores = 0
    best_at_root: Action | None = None
    # For the type checker, once: quiesce runs only with noisy, consult only with a table.
    noisy_moves = cast("Noisy[State, Action, Player]", noisy)
    the_table = cast(TranspositionTable, table)

    def leaf(
        s: State,
        terminal: bool,
        mover: Player,
        ply: int,
        action: Action | None,
        alpha: float,
        beta: float,
    ) -> float:
        """The value for ``mover`` of a leaf: its utility if the game is over
        (``terminal``), else the evaluation (the depth limit is reached)."""
        nonlocal nodes, leaves, deepest
        nodes += 1
        leaves += 1
        if ply > deepest:
            deepest = ply
        if terminal:
            value = real_value(utility(s, mover), utility, s)
        else:
            value = real_value(evaluate(game, s, mover), evaluate, s)
        if tracing is not None:
            tracing.leaf(s, action, value, terminal, *window(alpha, beta), side=mover)
        return value

    def window(alpha: float, beta: float) -> tuple[Limit, Limit]:
        """The window a trace shows: none when nothing is pruned."""
        return (alpha, beta) if prune else (None, None)

    def key_of(s: State) -> tuple[Hashable, str]:
        """``(key, transform)``: the canonical form with symmetry, else the state."""
        return canonical(game, s) if symmetry else (s, "identity")

    def quiesce(
        s: State, mover: Player, ply: int, action: Action | None, alpha: float, beta: float
    ) -> float:
        """The value for ``mover`` of ``s``, at or past the depth limit, with
        ``noisy``: its noisy moves searched, or its evaluation if it has none
        (or lies ``max_extension`` plies past the limit)."""
        moves = noisy_moves(game, s) if ply < cap else ()
        if not moves:
            return leaf(s, False, mover, ply, action, alpha, beta)
        s_mover = to_move(s)
        floor = real_value(evaluate(game, s, s_mover), evaluate, s) if stand_pat else -math.inf
        if s_mover == mover:
            return search(s, mover, ply, alpha, beta, action, moves, floor)
        return -search(s, s_mover, ply, -beta, -alpha, action, moves, floor)

    def search(
        s: State,
        mover: Player,
        ply: int,
        alpha: float,
        beta: float,
        action: Action | None,
        moves: Sequence[Action] | None = None,
        floor: float = -math.inf,
    ) -> float:
        """The value of the interior node ``s`` for ``mover``, the player to move.

        Fail-soft, the three cases of alpha-beta: a value ``<= alpha`` is an
        upper bound on the true value, a value ``>= beta`` a lower bound, and
        anything between is exact. Past the depth limit, ``quiesce`` gives
        the ``moves`` to search and the ``floor`` the value starts at.
        """
        nonlocal nodes, leaves, deepest, cutoffs, stores, best_at_root
        nodes += 1
        alpha0, beta0 = alpha, beta  # the window the node was entered with
        entry = None
        if table is not None:
            key, transform = key_of(s)
            entry = table.probe(key)
            if ply > 0:
                answered, value, alpha, beta = consult(entry, s, mover, ply, alpha, beta, action)
                if answered:
                    return value  # type: ignore[return-value]  # answered: a float
        if moves is None:
            moves = actions(s)
        if order is not None:
            moves = ordered(order, game, s, moves)
        if entry is not None and entry.action is not None:
            moves = remembered_first(entry.action, transform, moves)
        if tracing is not None:
            tracing.enter(s, action, *window(alpha0, beta0), side=mover)
            if (alpha, beta) != (alpha0, beta0):  # only a table entry narrows the window
                hit = cast(Entry, entry)  # traced searches only: no cost to the others
                tracing.table_narrowed(
                    hit.value, hit.bound, symmetry and hit.state != s, alpha, beta, side=mover
                )
        if not moves:
            raise no_actions(s)
        value, best = floor, None
        ply1 = ply + 1
        for a in moves:
            child = result(s, a)
            if is_terminal(child):
                # Valued here, not in a call of ``leaf``: about half the nodes
                # of a game tree are terminal, and this saves a call for each.
                nodes += 1
                leaves += 1
                if ply1 > deepest:
                    deepest = ply1
                v = utility(child, mover)
                if type(v) is not int:  # an int needs no check; anything else may be NaN
                    v = real_value(v, utility, child)
                if tracing is not None:
                    tracing.leaf(child, a, v, True, *window(alpha, beta), side=mover)
            elif ply1 >= limit:
                if noisy is None:
                    v = leaf(child, False, mover, ply1, a, alpha, beta)
                else:
                    v = quiesce(child, mover, ply1, a, alpha, beta)
            else:
                child_mover = to_move(child)
                if child_mover == mover:  # the same player moves again
                    v = search(child, mover, ply1, alpha, beta, a)
                else:
                    v = -search(child, child_mover, ply1, -beta, -alpha, a)
            if v > value or best is None and value == -math.inf:  # a move even at -inf
                value, best = v, a
                if prune and value > alpha:
                    alpha = value
                if tracing is not None:
                    tracing.update(value, *window(alpha, beta), side=mover)
            if prune and value >= beta:
                if a != moves[-1]:
                    cutoffs += 1
                    if tracing is not None:
                        skipped = moves[moves.index(a) + 1 :]
                        tracing.cutoff(
                            value, skipped, [result(s, m) for m in skipped], alpha, beta, side=mover
                        )
                break
        if ply == 0:
            best_at_root = best
        if table is not None:
            bound = UPPER if value <= alpha0 else LOWER if value >= beta0 else EXACT
            stored_action = best if not symmetry else transform_action(best, transform)
            table.store(Entry(key, value, bound, limit - ply, stored_action, s))
            stores += 1
        if tracing is not None:
            tracing.exit(value, *window(alpha, beta), side=mover)
        return value

    def consult(
        entry: Entry | None,
        s: State,
        mover: Player,
        ply: int,
        alpha: float,
        beta: float,
        action: Action | None,
    ) -> tuple[bool, float | None, float, float]:
        """``(answered, value, alpha, beta)``: what the table says of ``s``.

        Counts the probe as a hit, a narrowing or a miss. Without pruning
        every value must be exact: a bound left in the table by an earlier
        pruned search is not used.
        """
        nonlocal hits, bound_hits, symmetry_hits, narrowed, deepest
        if entry is None or not (prune or entry.bound == EXACT):
            the_table.misses += 1
            return False, None, alpha, beta
        answered, value, alpha, beta = the_table.use(entry, limit - ply, alpha, beta)
        symmetric = symmetry and entry.state != s
        if answered:
            by_bound = entry.bound != EXACT
            # Counted twice: for this search's stats, and on the table, whose
            # counts add up over every search that shares it.
            hits += 1
            the_table.hits += 1
            bound_hits += by_bound
            the_table.bound_hits += by_bound
            symmetry_hits += symmetric
            the_table.symmetry_hits += symmetric
            if ply > deepest:
                deepest = ply
            if tracing is not None:
                tracing.table_answer(
                    s, action, value, entry.bound, symmetric, *window(alpha, beta), side=mover
                )
        elif value is not None:
            narrowed += 1
            the_table.narrowed += 1
        else:
            the_table.misses += 1
        return answered, value, alpha, beta

    def remembered_first(
        action: Action, transform: str, moves: Sequence[Action]
    ) -> Sequence[Action]:
        """``moves`` with the table's remembered best action first: it was
        best before, so it is likely to be best again and to cut earliest."""
        if symmetry:
            action = action_from_canonical(game, action, transform)
        if action in moves and action != moves[0]:
            return [action, *(m for m in moves if m != action)]
        return moves

    terminal = is_terminal(state)
    with within_recursion(name, game):
        if terminal or (depth == 0 and noisy is None):
            value = leaf(state, terminal, root_player, 0, None, -math.inf, math.inf)
        elif depth == 0:  # quiescence at the root: its noisy moves
            value = quiesce(state, root_player, 0, None, -math.inf, math.inf)
        else:
            value = search(state, root_player, 0, -math.inf, math.inf, None)
    stats = SearchStats(
        nodes, leaves, cutoffs, deepest, hits, stores, bound_hits, symmetry_hits, narrowed
    )
    return SearchResult(value, best_at_root, stats)


def table_search(
    game: Game[State, Action, Player],
    state: State | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    order: Order | None = None,
    table: TranspositionTable | None = None,
    symmetry: bool = False,
    prune: bool = True,
    tracer: Tracer | None = None,
) -> SearchResult:
    """Alpha-beta in negamax form with a transposition table: the engine with a table.

    ``alphabeta(..., table=...)`` and ``negamax(..., table=...)`` run the same
    engine, ``negamax_engine``, with the table they are given.
    At each interior node (the root excepted) the table is probed: an entry
    that ``TranspositionTable.use`` allows answers the node or narrows its
    window; any entry's best action is tried first. After the search the
    node's value is stored with its kind, decided by the window the node was
    entered with: a value at or below alpha is an ``UPPER`` bound, at or above
    beta a ``LOWER`` bound, otherwise ``EXACT``.

    Args:
        game: a two-player zero-sum game (values are stored for the player to
            move, so ``utility(s, p) == -utility(s, q)`` is needed).
        state, depth, evaluate, order: as for ``alphabeta``.
        table: the table to use and fill; a new one if ``None``. Passing the
            same table to several searches (iterative deepening) reuses it.
        symmetry: key the table by ``aisearch.symmetry.canonical`` and map a
            stored action back through the transform.
        prune: alpha-beta cuts (``True``), or the full tree (``False``), which
            stores and uses exact entries only.
        tracer: receives ``cache_hit``, ``narrowed`` and their symmetric
            kinds besides the usual events.

    Returns:
        ``SearchResult``: the minimax value for the player to move at
        ``state`` (exactly the plain search's value when every position is
        always met at the same depth, as in tic-tac-toe and Connect Four; with
        a depth limit in a game where it is not, a deeper entry may answer,
        which is better informed but can differ), a best action (the table's
        remembered one first, so possibly another of equal value than plain
        minimax's first), and ``stats`` with ``hits`` (nodes answered from
        the table), ``bound_hits`` (those of the hits answered by a bound),
        ``narrowed`` (nodes whose window a bound narrowed, then searched),
        ``symmetry_hits`` and ``stores`` (see ``SearchStats``).

    Raises:
        ValueError: as ``alphabeta``; a ``table`` that is not a
            ``TranspositionTable``; ``symmetry=True`` for a game without
            symmetries; a game that is not two-player zero-sum (see
            ``aisearch.game.refuse_unless_two_player_zero_sum``).

    >>> from aisearch.games import TicTacToe
    >>> result = table_search(TicTacToe(), symmetry=True)
    >>> result.value, result.stats.nodes < 2000, result.stats.symmetry_hits > 0
    (0, True, True)
    """
    if table is None:
        table = TranspositionTable()
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
        name=TABLE_SEARCH,
    )
