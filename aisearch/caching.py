"""Caching: never search the same position twice.

A game tree repeats positions: X in a corner then O in the centre then X in
another corner is the same board as the corners taken in the other order.
Tic-tac-toe's tree has 549,946 nodes but only 5,478 positions. A search that
remembers each position's value searches each position once.

``memo_minimax`` is minimax with such a memory: exact values, keyed on the
position (or, with ``symmetry=True``, on its canonical form, so that a board
and its 7 turned and mirrored copies share one entry).

Alpha-beta is harder to cache, because the value it returns for a node is
often not the node's value: a value at or below alpha is only an *upper*
bound (the node was cut, or every child was), one at or above beta only a
*lower* bound. A ``TranspositionTable`` therefore records with each value
whether it is ``EXACT``, a ``LOWER`` or an ``UPPER`` bound, and how many plies
were searched below it; an entry is used only when its depth and its bound
allow it (``TranspositionTable.use``, in ``aisearch.table``).
``alphabeta(..., table=...)`` and ``negamax(..., table=...)`` search with
such a table: they run the engine, ``aisearch.engine``.

``alphabeta_with_naive_cache`` is the tempting mistake, kept so that it can be
watched failing: it stores whatever alpha-beta returned as if it were exact,
keyed on the position alone.
"""

from __future__ import annotations

import operator
from collections.abc import Hashable, MutableMapping
from typing import NamedTuple

from .engine import TABLE_SEARCH, negamax_engine, table_search  # noqa: F401  (its old home)
from .game import (
    Game,
    check_game,
    new_mover,
    no_actions,
    real_value,
    require_bool,
    sequence_of_actions,
    within_recursion,
)
from .result import SearchResult, SearchStats
from .symmetry import canonical
from .table import TO_THE_END, Entry, TranspositionTable, stable_index  # noqa: F401
from .tracing import EXACT, LOWER, UPPER, Bound, start_tracing  # noqa: F401


def memo_minimax(game: Game, state=None, *, tracer=None, symmetry: bool = False) -> SearchResult:
    """Minimax that remembers every position's value: each position is searched once.

    The value of a position does not depend on the moves that led to it, so
    it is computed the first time the position is met and looked up every
    other time (a *hit*). With ``symmetry=True`` the memory is keyed by the
    canonical form, so a rotated or mirrored copy of a known position is a
    hit too. The values are exact: minimax never cuts, so there is no bound.

    Args:
        game: any two-player game with the six methods of ``aisearch.Game``.
        state: where to search from; ``None`` means the initial state.
        tracer: receives ``cache_hit``/``symmetry_hit`` events for the hits.
        symmetry: key the memory by ``aisearch.symmetry.canonical``.

    Returns:
        ``SearchResult`` as ``minimax``: the same value and first best action;
        ``stats.nodes`` counts the nodes visited, hits included;
        ``stats.hits``, ``stats.stores`` and ``stats.symmetry_hits`` the memo's use.

    Raises:
        ValueError: ``symmetry=True`` for a game without symmetries, or a
            state that is not terminal but has no actions.

    >>> from aisearch.games import TicTacToe
    >>> result = memo_minimax(TicTacToe())
    >>> result.value, result.stats.nodes, result.stats.stores
    (0, 16168, 4520)
    """
    require_bool(symmetry, "symmetry")
    check_game(game, "memo_minimax", state, symmetry=symmetry)
    if state is None:
        state = game.initial_state()
    key_of = (lambda s: canonical(game, s)) if symmetry else (lambda s: (s, "identity"))
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    player = to_move(state)
    tracing = start_tracing(tracer, game, player)
    memo: dict = {}  # key -> (value for MAX = the root's player, the state stored)
    players = [player]  # the players met, for ``new_mover``
    nodes = leaves = deepest = hits = symmetry_hits = stores = 0

    def value_of(s, ply, action):
        """The minimax value of ``s`` for the root's player (MAX)."""
        nonlocal nodes, leaves, deepest, hits, symmetry_hits, stores
        nodes += 1
        deepest = max(deepest, ply)
        if is_terminal(s):
            leaves += 1
            v = real_value(utility(s, player), utility, s)
            if tracing is not None:
                tracing.leaf(s, action, v, True)
            return v, None
        key = key_of(s)[0]
        if key in memo:
            v, stored = memo[key]
            hits += 1
            symmetric = stored != s
            symmetry_hits += symmetric
            if tracing is not None:
                tracing.table_answer(s, action, v, EXACT, symmetric)
            return v, None
        if tracing is not None:
            tracing.enter(s, action)
        mover = to_move(s)
        if mover != player and mover not in players:  # first met: a player, not garbage
            new_mover(game, s, mover, players, "memo_minimax")
        better = operator.gt if mover == player else operator.lt
        value, move = None, None
        for a in actions(s):
            v, _ = value_of(result(s, a), ply + 1, a)
            if value is None or better(v, value):
                value, move = v, a
                if tracing is not None:
                    tracing.update(value)
        if move is None and not sequence_of_actions(game, s, actions(s)):
            raise no_actions(s)
        memo[key] = (value, s)
        stores += 1
        if tracing is not None:
            tracing.exit(value)
        return value, move

    with within_recursion("memo_minimax", game):
        value, move = value_of(state, 0, None)
    stats = SearchStats(nodes, leaves, 0, deepest, hits, stores, symmetry_hits=symmetry_hits)
    return SearchResult(value, move, stats)


class NaiveTable(TranspositionTable):
    """The naive cache's mistake, as a table: it trusts every value it holds.

    It files whatever a search returns, bound or not, and answers any position
    it holds with that value as if it were exact, whatever the window. The
    values live in ``cache``, keyed on the position alone, from ``player``'s
    side (the player to move at the search's root), so that a caller can read
    what was filed.
    """

    def __init__(self, game: Game, player, cache: dict) -> None:
        super().__init__(capacity=2)  # its own buckets are never used
        self.game, self.player, self.cache = game, player, cache

    def _side(self, state, value):
        """``value`` turned between ``player``'s side and the mover's at ``state``."""
        return value if self.game.to_move(state) == self.player else -value

    def probe(self, key):
        if key not in self.cache:
            return None
        return Entry(key, self._side(key, self.cache[key]), EXACT, TO_THE_END, None, key)

    def store(self, entry: Entry) -> None:
        self.stores += 1
        self.cache[entry.key] = self._side(entry.key, entry.value)  # the mistake: a bound too

    @staticmethod
    def use(entry, depth, alpha, beta) -> tuple:
        return True, entry.value, alpha, beta  # the mistake: any value answers


def alphabeta_with_naive_cache(
    game: Game, state=None, *, cache: dict | None = None, tracer=None
) -> SearchResult:
    """THE WRONG WAY: alpha-beta that caches every returned value as if it were exact.

    Kept to be watched failing. It is alpha-beta (the engine,
    ``aisearch.engine``) with a ``NaiveTable``: a dictionary keyed on the
    position alone, where a position met again gets the value stored the first
    time. But alpha-beta's value for a cut node is only a bound (at most, or at
    least, that much), valid for the window it was searched with. Met again
    with another window, the bound is used as the value, and the root's value
    can come out wrong. ``TranspositionTable`` records the kind of each value
    to avoid this.

    Args:
        game, state: as for ``alphabeta`` (a two-player zero-sum game).
        cache: the dictionary to fill (a new one if ``None``), so that a
            caller can look at what was stored: each position searched, with
            the value it returned for the player to move at ``state``.
        tracer: receives a ``cache_hit`` event, marked ``"exact"`` (what the
            naive cache believes), for each value taken from the cache.

    Returns:
        ``SearchResult``, whose value may be wrong; ``stats.hits`` counts the
        values taken from the cache, ``stats.stores`` the values filed.
    """
    check_game(game, "alphabeta_with_naive_cache", state)
    if state is None:
        state = game.initial_state()
    if cache is None:
        cache = {}
    elif not isinstance(cache, MutableMapping):
        raise ValueError(
            f"alphabeta_with_naive_cache was given cache={cache!r}: cache must be a dict "
            "(or None for a new one)"
        )
    table = NaiveTable(game, game.to_move(state), cache)
    return negamax_engine(
        game, state, table=table, tracer=tracer, name="alphabeta_with_naive_cache"
    )


class NaiveFailure(NamedTuple):
    """A position where ``alphabeta_with_naive_cache`` gets the value wrong."""

    state: Hashable
    naive_value: float
    true_value: float
    nodes: int
    """Nodes the naive search visited from ``state``."""
    misfiled: tuple
    """``(state, stored, true)`` for each position whose stored value was wrong
    (a bound filed as exact), values for the player to move at ``state``."""


def naive_cache_failures(game: Game, positions=None) -> list[NaiveFailure]:
    """Search positions for ones where the naive cache returns a wrong value.

    Every non-terminal position of ``positions`` (by default every position
    reachable from the start) is searched by ``alphabeta_with_naive_cache``
    and by plain ``minimax``; where they differ, the positions whose cached
    value was not their true value are listed too. Smallest searches first.
    """
    from .counting import reachable_positions
    from .minimax import minimax

    if positions is None:
        positions = reachable_positions(game)
    failures = []
    for state in positions:
        if game.is_terminal(state):
            continue
        cache: dict = {}
        naive = alphabeta_with_naive_cache(game, state, cache=cache)
        true = minimax(game, state).value
        if naive.value == true:
            continue
        player = game.to_move(state)
        misfiled = []
        for s, stored in cache.items():
            value = minimax(game, s).value
            if game.to_move(s) != player:
                value = -value
            if stored != value:
                misfiled.append((s, stored, value))
        failures.append(NaiveFailure(state, naive.value, true, naive.stats.nodes, tuple(misfiled)))
    failures.sort(key=lambda f: (f.nodes, str(f.state)))
    return failures
