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
allow it (``TranspositionTable.use``). ``alphabeta(..., table=...)`` and
``negamax(..., table=...)`` search with such a table through
``table_search`` here.

``alphabeta_with_naive_cache`` is the tempting mistake, kept so that it can be
watched failing: it stores whatever alpha-beta returned as if it were exact,
keyed on the position alone.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

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
from .symmetry import action_from_canonical, canonical, require_symmetry
from .trace import EXACT, LOWER, UPPER, start_tracing

# What a stored value is, EXACT, LOWER or UPPER, is what a traced node's value
# is (``Trace.value_kinds``): the value itself, or a bound on it.

TABLE_SEARCH = "a table search (alphabeta or negamax with a table)"
"""How refusals name ``table_search``, which users reach through ``table=``."""

TO_THE_END = math.inf
"""The depth of an entry whose search went to the end of the game."""


class Entry(NamedTuple):
    """One remembered search of a position.

    ``value`` is for the player to move at the position; ``bound`` says whether
    it is ``EXACT``, a ``LOWER`` bound (the true value is at least this) or an
    ``UPPER`` bound (at most this); ``depth`` is the number of plies searched
    below it (``TO_THE_END`` without a depth limit); ``action`` the best
    action found (in the frame of ``key``); ``state`` the position stored.
    """

    key: Hashable
    value: float
    bound: str
    depth: float
    action: Any
    state: Hashable


def stable_index(key: Hashable) -> int:
    """A number for ``key`` that is the same in every Python run.

    Python's ``hash`` of a string changes from run to run, which would make
    which entries replace which (and so the node counts of a small table)
    change too. An ``int`` key (a Zobrist key) is its own index.
    """
    if isinstance(key, int):
        return key
    text = key if isinstance(key, str) else repr(key)
    return zlib.crc32(text.encode())


class TranspositionTable:
    """A bounded table of search results, with the rule for using them.

    The table has ``capacity`` entries in ``capacity // 2`` buckets of two:
    a key's bucket is its ``index(key)`` modulo the number of buckets.

    Replacement rule (two tiers): a new entry for a key already stored
    overwrites it; otherwise it goes into the bucket's *deep* slot if that is
    empty or holds an entry searched no deeper (the old deep entry then moves
    to the *recent* slot), and into the *recent* slot, whatever is there,
    otherwise. Deep results, which cost the most, survive; the newest result
    is always kept somewhere.

    Use rule (``use``): an entry answers a search that needs ``depth`` more
    plies only if it was searched at least that deep. Then an ``EXACT`` value
    answers; a ``LOWER`` bound answers if it is ``>= beta`` (a cut), else it
    may raise ``alpha``; an ``UPPER`` bound answers if it is ``<= alpha``,
    else it may lower ``beta``. A shallower entry gives only its best action,
    to try first.

    Statistics, over the table's life, one count per probe of a searched
    node (the root is never probed): ``hits``, the nodes answered from the
    table without a search, of which ``bound_hits`` were answered by a bound
    (a cut) and the rest, ``hits - bound_hits``, by an exact value;
    ``narrowed``, the nodes whose window a bound narrowed but that were
    still searched (not hits); ``misses``, the probes that found no usable
    entry; ``symmetry_hits``, the hits found under a symmetric copy of the
    position; ``stores``; and ``replacements``, the stores that evicted
    another key's entry. So ``hits + narrowed + misses`` is the number of
    probes.

    Args:
        capacity: the number of entries kept, at least 2.
        index: ``key -> int``, where a key's bucket is; ``stable_index`` by
            default (a Zobrist key would do).

    >>> table = TranspositionTable(capacity=4)
    >>> table.store(Entry("s", 3, LOWER, 2, None, "s"))
    >>> table.use(table.probe("s"), 2, -math.inf, 1)  # 3 >= beta = 1: a cut
    (True, 3, -inf, 1)
    >>> table.use(table.probe("s"), 2, -math.inf, 5)  # only raises alpha to 3
    (False, 3, 3, 5)
    >>> table.use(table.probe("s"), 4, -math.inf, 1)  # searched too shallow
    (False, None, -inf, 1)
    """

    def __init__(self, capacity: int = 1 << 16, *,
                 index: Callable[[Hashable], int] = stable_index) -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 2:
            raise ValueError(f"capacity must be a whole number >= 2, got {capacity!r}")
        if not callable(index):
            raise ValueError(f"index must be a function key -> int, got {index!r}")
        self.capacity = capacity
        self.index = index
        self._buckets = capacity // 2
        self._deep: list[Entry | None] = [None] * self._buckets
        self._recent: list[Entry | None] = [None] * self._buckets
        self.hits = self.bound_hits = self.symmetry_hits = self.narrowed = 0
        self.misses = self.stores = self.replacements = 0

    def __repr__(self) -> str:
        return (f"<TranspositionTable {len(self)} of {self.capacity} entries: hits {self.hits} "
                f"({self.bound_hits} by a bound), narrowed {self.narrowed}, "
                f"misses {self.misses}, stores {self.stores}, "
                f"replacements {self.replacements}>")

    def __len__(self) -> int:
        return sum(e is not None for e in self._deep) + sum(e is not None for e in self._recent)

    def clear(self) -> None:
        """Forget every entry (the statistics stay)."""
        self._deep = [None] * self._buckets
        self._recent = [None] * self._buckets

    def probe(self, key: Hashable) -> Entry | None:
        """The entry stored for ``key``, or ``None``."""
        i = self.index(key) % self._buckets
        entry = self._deep[i]
        if entry is not None and entry.key == key:
            return entry
        entry = self._recent[i]
        if entry is not None and entry.key == key:
            return entry
        return None

    def store(self, entry: Entry) -> None:
        """Keep ``entry``, by the replacement rule."""
        self.stores += 1
        i = self.index(entry.key) % self._buckets
        deep, recent = self._deep[i], self._recent[i]
        if deep is not None and deep.key == entry.key:
            self._deep[i] = entry
        elif recent is not None and recent.key == entry.key:
            if deep is None or entry.depth >= deep.depth:
                self._deep[i], self._recent[i] = entry, deep
            else:
                self._recent[i] = entry
        elif deep is None or entry.depth >= deep.depth:
            if deep is not None and recent is not None:
                self.replacements += 1
            self._deep[i], self._recent[i] = entry, deep if deep is not None else recent
        else:
            if recent is not None:
                self.replacements += 1
            self._recent[i] = entry

    @staticmethod
    def use(entry: Entry | None, depth: float, alpha: float, beta: float) -> tuple:
        """``(answers, value, alpha, beta)``: what ``entry`` allows a search needing ``depth`` plies.

        ``answers`` is true when the node needs no search and is worth
        ``value``; otherwise ``alpha`` and ``beta`` are the window to search
        with, narrowed by a bound if it could be, and ``value`` is the bound
        that narrowed it (``None`` if none did).
        """
        if entry is None or entry.depth < depth:
            return False, None, alpha, beta
        value, bound = entry.value, entry.bound
        if bound == EXACT or (bound == LOWER and value >= beta) or (bound == UPPER and value <= alpha):
            return True, value, alpha, beta
        if bound == LOWER and value > alpha:
            return False, value, value, beta
        if bound == UPPER and value < beta:
            return False, value, alpha, value
        return False, None, alpha, beta


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
    if state is None:
        state = game.initial_state()
    refuse_chance(game, "memo_minimax")
    key_of = _keyer(game, symmetry)
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    player = to_move(state)
    tracing = start_tracing(tracer, game, player)
    memo: dict = {}  # key -> (value for MAX = the root's player, the state stored)
    stats = SearchStats()

    def value_of(s, ply, parent, action):
        """The minimax value of ``s`` for the root's player (MAX)."""
        node = stats.nodes
        stats.nodes += 1
        stats.max_depth = max(stats.max_depth, ply)
        role = "max" if to_move(s) == player else "min"
        if is_terminal(s):
            stats.leaves += 1
            v = utility(s, player)
            if tracing is not None:
                tracing.leaf(node, parent, s, ply, role, action, v, True)
            return v, None
        key = key_of(s)[0]
        if key in memo:
            v, stored = memo[key]
            stats.hits += 1
            symmetric = stored != s
            stats.symmetry_hits += symmetric
            if tracing is not None:
                tracing.cache_hit(node, parent, s, ply, role, action, v, EXACT, symmetric)
            return v, None
        if tracing is not None:
            tracing.enter(node, parent, s, ply, role, action)
        better = (lambda a, b: a > b) if role == "max" else (lambda a, b: a < b)
        value, move = None, None
        for a in actions(s):
            child = stats.nodes
            v, _ = value_of(result(s, a), ply + 1, node, a)
            if value is None or better(v, value):
                value, move = v, a
                if tracing is not None:
                    tracing.update(node, value, child)
        if move is None:
            raise no_actions(s)
        memo[key] = (value, s)
        stats.stores += 1
        if tracing is not None:
            tracing.exit(node, value)
        return value, move

    value, move = value_of(state, 0, None, None)
    return SearchResult(value, move, stats)


def alphabeta_with_naive_cache(game: Game, state=None, *, cache: dict | None = None,
                               tracer=None) -> SearchResult:
    """THE WRONG WAY: alpha-beta that caches every returned value as if it were exact.

    Kept to be watched failing. It is the textbook alpha-beta (``max_value``,
    ``min_value``) with a dictionary keyed on the position alone: a position
    met again gets the value stored the first time. But alpha-beta's value
    for a cut node is only a bound (at most, or at least, that much), valid
    for the window it was searched with. Met again with another window, the
    bound is used as the value, and the root's value can come out wrong.
    ``TranspositionTable`` records the kind of each value to avoid this.

    Args:
        game, state: as for ``alphabeta``.
        cache: the dictionary to fill (a new one if ``None``), so that a
            caller can look at what was stored.
        tracer: receives a ``cache_hit`` event, marked ``"exact"`` (what the
            naive cache believes), for each value taken from the cache.

    Returns:
        ``SearchResult``, whose value may be wrong; ``stats.hits`` counts the
        values taken from the cache.
    """
    if state is None:
        state = game.initial_state()
    refuse_chance(game, "alphabeta_with_naive_cache")
    if cache is None:
        cache = {}
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    player = to_move(state)
    tracing = start_tracing(tracer, game, player)
    stats = SearchStats()

    def node_value(s, ply, parent, action, alpha, beta):
        node = stats.nodes
        stats.nodes += 1
        stats.max_depth = max(stats.max_depth, ply)
        role = "max" if to_move(s) == player else "min"
        if is_terminal(s):
            stats.leaves += 1
            v = utility(s, player)
            if tracing is not None:
                tracing.leaf(node, parent, s, ply, role, action, v, True, alpha, beta)
            return v, None
        if s in cache:  # the mistake: a bound comes back as if it were the value
            stats.hits += 1
            if tracing is not None:
                tracing.cache_hit(node, parent, s, ply, role, action, cache[s], EXACT, False,
                                  alpha, beta)
            return cache[s], None
        if tracing is not None:
            tracing.enter(node, parent, s, ply, role, action, alpha, beta)
        value, move = (-math.inf if role == "max" else math.inf), None
        acts = actions(s)
        for a in acts:
            child = stats.nodes
            v, _ = node_value(result(s, a), ply + 1, node, a, alpha, beta)
            if (v > value) if role == "max" else (v < value):
                value, move = v, a
                if role == "max":
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if tracing is not None:
                    tracing.update(node, value, child, alpha, beta)
            if ((value >= beta) if role == "max" else (value <= alpha)) and a != acts[-1]:
                stats.cutoffs += 1
                if tracing is not None:
                    skipped = list(acts)[list(acts).index(a) + 1:]
                    states = [result(s, x) for x in skipped]
                    roles = ["max" if to_move(c) == player else "min" for c in states]
                    tracing.cutoff(node, value, skipped, states, roles, alpha, beta)
                break
        if move is None:
            raise no_actions(s)
        cache[s] = value
        stats.stores += 1
        if tracing is not None:
            tracing.exit(node, value, alpha, beta)
        return value, move

    value, move = node_value(state, 0, None, None, -math.inf, math.inf)
    return SearchResult(value, move, stats)


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


def _keyer(game, symmetry: bool):
    """``state -> (key, transform)``: the canonical form with symmetry, else the state."""
    if not symmetry:
        return lambda state: (state, "identity")
    require_symmetry(game)
    return lambda state: canonical(game, state)


def table_search(
    game: Game,
    state=None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    order=None,
    table: TranspositionTable | None = None,
    symmetry: bool = False,
    prune: bool = True,
    tracer=None,
) -> SearchResult:
    """Alpha-beta in negamax form with a transposition table.

    ``alphabeta(..., table=...)`` and ``negamax(..., table=...)`` run this.
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
        tracer: receives ``cache_hit`` and ``symmetry_hit`` events besides
            the usual ones.

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
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    refuse_chance(game, "a table search")
    refuse_unless_two_player_zero_sum(game, state, TABLE_SEARCH)
    evaluate = resolve_evaluate(game, evaluate)
    if table is None:
        table = TranspositionTable()
    elif not isinstance(table, TranspositionTable):
        raise ValueError(f"table must be an aisearch.caching.TranspositionTable, got {table!r}")
    key_of = _keyer(game, symmetry)
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal, utility = game.is_terminal, game.utility
    transform_action = getattr(game, "transform_action", None)
    root_player = to_move(state)
    tracing = start_tracing(tracer, game, root_player)
    limit = TO_THE_END if depth is None else depth
    count = dict(nodes=0, leaves=0, cutoffs=0, deepest=0, hits=0, stores=0, bound_hits=0,
                 symmetry_hits=0, narrowed=0)
    best_at_root = [None]

    def view(mover, value, alpha, beta, bound=None):
        """Value, window and bound turned to the root player's (MAX's) view, for the trace."""
        if mover == root_player:
            return value, alpha, beta, bound
        flipped = {LOWER: UPPER, UPPER: LOWER}.get(bound, bound)
        return (None if value is None else -value), -beta, -alpha, flipped

    def role_of(mover):
        return "max" if mover == root_player else "min"

    def leaf(s, mover, ply, parent, action, alpha, beta):
        node = count["nodes"]
        count["nodes"] += 1
        count["leaves"] += 1
        count["deepest"] = max(count["deepest"], ply)
        terminal = is_terminal(s)
        if terminal:
            value = utility(s, mover)
        elif evaluate is None:
            raise missing_evaluation(s)
        else:
            value = evaluate(game, s, mover)
        if tracing is not None:
            v, a, b, _ = view(mover, value, alpha, beta)
            tracing.leaf(node, parent, s, ply, role_of(to_move(s)), action, v, terminal,
                         a if prune else None, b if prune else None)
        return value

    def visit(s, mover, ply, alpha, beta, parent, action):
        """The value of ``s`` for ``mover``, the player to move there (fail-soft)."""
        if ply == limit or is_terminal(s):
            return leaf(s, mover, ply, parent, action, alpha, beta)
        node = count["nodes"]
        count["nodes"] += 1
        count["deepest"] = max(count["deepest"], ply)
        remaining = limit - ply
        key, transform = key_of(s)
        entry = table.probe(key)
        moves = actions(s)
        if order is not None:
            moves = ordered(order, game, s, moves)
        alpha0, beta0 = alpha, beta  # the window the node was entered with
        narrowing = None
        # Without pruning every value must be exact: a bound left by an earlier
        # pruned search in the same table is not used.
        if entry is not None and ply > 0 and (prune or entry.bound == EXACT):
            answers, value, alpha, beta = table.use(entry, remaining, alpha, beta)
            symmetric = symmetry and entry.state != s
            if answers:
                by_bound = entry.bound != EXACT
                count["hits"] += 1
                table.hits += 1
                count["bound_hits"] += by_bound
                table.bound_hits += by_bound
                count["symmetry_hits"] += symmetric
                table.symmetry_hits += symmetric
                if tracing is not None:
                    v, a, b, bound = view(mover, value, alpha, beta, entry.bound)
                    tracing.cache_hit(node, parent, s, ply, role_of(mover), action, v, bound,
                                      symmetric, a if prune else None, b if prune else None)
                return value
            if value is not None:
                narrowing = (value, entry.bound, symmetric)
                count["narrowed"] += 1
                table.narrowed += 1
            else:
                table.misses += 1
        elif ply > 0:
            table.misses += 1
        if entry is not None and entry.action is not None:
            # The remembered best action first: it was best before, so it is
            # likely to be best again and to cause the earliest cut.
            first = entry.action
            if symmetry:
                first = action_from_canonical(game, first, transform)
            if first in moves and first != moves[0]:
                moves = [first, *(m for m in moves if m != first)]
        if tracing is not None:
            _, a, b, _ = view(mover, None, alpha0, beta0)
            tracing.enter(node, parent, s, ply, role_of(mover), action,
                          a if prune else None, b if prune else None)
            if narrowing is not None:
                v, a, b, bound = view(mover, narrowing[0], alpha, beta, narrowing[1])
                tracing.cache_hit(node, parent, s, ply, role_of(mover), action, v, bound,
                                  narrowing[2], a, b)
        value, best = -math.inf, None
        last = moves[-1] if moves else None
        for a in moves:
            child_state = result(s, a)
            child_id = count["nodes"]
            if is_terminal(child_state):
                v = leaf(child_state, mover, ply + 1, node, a, alpha, beta)
            else:
                child_mover = to_move(child_state)
                if child_mover == mover:
                    v = visit(child_state, mover, ply + 1, alpha, beta, node, a)
                else:
                    v = -visit(child_state, child_mover, ply + 1, -beta, -alpha, node, a)
            if v > value:
                value, best = v, a
                if prune and value > alpha:
                    alpha = value
                if tracing is not None:
                    tv, ta, tb, _ = view(mover, value, alpha, beta)
                    tracing.update(node, tv, child_id, ta if prune else None, tb if prune else None)
            if prune and value >= beta:
                if a != last:
                    count["cutoffs"] += 1
                    if tracing is not None:
                        trace_cutoff(node, s, moves, a, mover, value, alpha, beta)
                break
        if best is None:
            raise no_actions(s)
        if ply == 0:
            best_at_root[0] = best
        bound = UPPER if value <= alpha0 else LOWER if value >= beta0 else EXACT
        stored = best if not symmetry else transform_action(best, transform)
        table.store(Entry(key, value, bound, remaining, stored, s))
        count["stores"] += 1
        if tracing is not None:
            tv, ta, tb, _ = view(mover, value, alpha, beta)
            tracing.exit(node, tv, ta if prune else None, tb if prune else None)
        return value

    def trace_cutoff(node, s, moves, a, mover, value, alpha, beta):
        skipped = list(moves)[list(moves).index(a) + 1:]
        states = [result(s, m) for m in skipped]
        roles = [role_of(to_move(c)) for c in states]
        tv, ta, tb, _ = view(mover, value, alpha, beta)
        tracing.cutoff(node, tv, skipped, states, roles, ta, tb)

    window = (-math.inf, math.inf)
    value = visit(state, root_player, 0, *window, None, None)
    stats = SearchStats(count["nodes"], count["leaves"], count["cutoffs"], count["deepest"],
                        count["hits"], count["stores"], count["bound_hits"],
                        count["symmetry_hits"], count["narrowed"])
    return SearchResult(value, best_at_root[0], stats)
