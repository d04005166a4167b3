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
from typing import Generic, cast

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
    new_mover,
    no_actions,
    optional,
    ordered,
    real_value,
    sequence_of_actions,
    within_recursion,
)
from .result import SearchResult, SearchStats
from .symmetry import action_from_canonical, canonical
from .table import TO_THE_END, Entry, TranspositionTable
from .tracing import EXACT, LOWER, UPPER, Limit, Tracer, Tracing, start_tracing
from .validation import require_bool, require_hooks

Noisy = Callable[[Game[State, Action, Player], State], Sequence[Action]]
"""``noisy(game, state) -> actions``: the moves quiescence searches past the depth limit."""

Place = tuple[Hashable, str]
"""``(key, transform)``: where a state lives in the table, and how it was turned to get there."""

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
    require_bool(symmetry, "symmetry")
    require_bool(prune, "prune")
    require_hooks(name, evaluate=evaluate, order=order, tracer=tracer)
    check_game(game, name, state, zero_sum=True, symmetry=symmetry)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    if table is None and symmetry:
        table = TranspositionTable()
    if table is not None and not isinstance(table, TranspositionTable):
        raise ValueError(f"table must be an aisearch.caching.TranspositionTable, got {table!r}")
    if noisy is not None and table is not None:
        raise ValueError(f"{name} cannot store the values of noisy moves only: pass no table")
    engine = _Negamax(game, depth, leaf_evaluation(game, evaluate), order, prune, table, symmetry)
    engine.name = name
    if noisy is not None:
        engine.quiescence(noisy, max_extension, stand_pat)
    root_player = game.to_move(state)
    engine.tracing = start_tracing(tracer, game, root_player)
    with within_recursion(name, game):
        value = engine.root(state, root_player)
    return SearchResult(value, engine.best, engine.stats())


class _Negamax(Generic[State, Action, Player]):
    """One search of ``negamax_engine``: its settings, its counters and the recursion.

    The counters are attributes, added to once a node; a node's terminal
    children, about half of a game tree, are counted in local variables and
    added once, which keeps the loop as fast as a closure's.
    """

    __slots__ = (
        "game", "depth", "evaluate", "order", "prune", "table", "symmetry", "to_move",
        "actions", "result", "is_terminal", "utility", "transform_action", "limit", "noisy",
        "cap", "stand_pat", "tracing", "nodes", "leaves", "cutoffs", "deepest", "hits",
        "bound_hits", "symmetry_hits", "narrowed", "stores", "best", "name", "players",
    )  # fmt: skip

    def __init__(
        self,
        game: Game[State, Action, Player],
        depth: int | None,
        evaluate: Evaluation,
        order: Order | None,
        prune: bool,
        table: TranspositionTable | None,
        symmetry: bool,
    ) -> None:
        self.game, self.depth, self.evaluate, self.order = game, depth, evaluate, order
        self.prune, self.table, self.symmetry = prune, table, symmetry
        self.to_move, self.actions, self.result = game.to_move, game.actions, game.result
        self.is_terminal, self.utility = game.is_terminal, game.utility
        self.transform_action = optional(game, "transform_action")
        self.limit = TO_THE_END if depth is None else depth
        self.noisy: Noisy[State, Action, Player] | None = None
        self.cap, self.stand_pat = TO_THE_END, False
        self.tracing: Tracing | None = None
        self.nodes = self.leaves = self.cutoffs = self.deepest = 0
        self.hits = self.bound_hits = self.symmetry_hits = self.narrowed = self.stores = 0
        self.best: Action | None = None
        self.name = "negamax"  # the search, as its messages name it
        self.players: list[Player] = []  # the two players met, for ``new_mover``

    def quiescence(
        self, noisy: Noisy[State, Action, Player], max_extension: int | None, stand_pat: bool
    ) -> None:
        """Search ``noisy`` moves past the depth limit, up to ``max_extension`` plies."""
        self.noisy, self.stand_pat = noisy, stand_pat
        if max_extension is not None:
            self.cap = self.limit + max_extension

    def root(self, state: State, player: Player) -> float:
        """The value of ``state`` for ``player``, the player to move there."""
        self.players = [player]
        terminal = self.is_terminal(state)
        if terminal or (self.depth == 0 and self.noisy is None):
            return self.leaf(state, terminal, player, 0, None, -math.inf, math.inf)
        if self.depth == 0:  # quiescence at the root: its noisy moves
            return self.quiesce(state, player, 0, None, -math.inf, math.inf)
        return self.search(state, player, 0, -math.inf, math.inf, None)

    def stats(self) -> SearchStats:
        return SearchStats(
            self.nodes, self.leaves, self.cutoffs, self.deepest, self.hits, self.stores,
            self.bound_hits, self.symmetry_hits, self.narrowed,
        )  # fmt: skip

    def window(self, alpha: float, beta: float) -> tuple[Limit, Limit]:
        """The window a trace shows: none when nothing is pruned."""
        return (alpha, beta) if self.prune else (None, None)

    def leaf(
        self, s: State, terminal: bool, mover: Player, ply: int, action: Action | None,
        alpha: float, beta: float,
    ) -> float:  # fmt: skip
        """The value for ``mover`` of a leaf: its utility if the game is over
        (``terminal``), else the evaluation (the depth limit is reached)."""
        self.nodes += 1
        self.leaves += 1
        self.deepest = max(self.deepest, ply)
        if terminal:
            value = real_value(self.utility(s, mover), self.utility, s)
        else:
            value = real_value(self.evaluate(self.game, s, mover), self.evaluate, s)
        if self.tracing is not None:
            self.tracing.leaf(s, action, value, terminal, *self.window(alpha, beta), side=mover)
        return value

    def quiesce(
        self, s: State, mover: Player, ply: int, action: Action | None, alpha: float, beta: float
    ) -> float:
        """The value for ``mover`` of ``s``, at or past the depth limit, with
        ``noisy``: its noisy moves searched, or its evaluation if it has none
        (or lies ``max_extension`` plies past the limit)."""
        noisy = cast("Noisy[State, Action, Player]", self.noisy)
        moves = noisy(self.game, s) if ply < self.cap else ()
        if not moves:
            return self.leaf(s, False, mover, ply, action, alpha, beta)
        s_mover = self.to_move(s)
        floor = -math.inf
        if self.stand_pat:
            floor = real_value(self.evaluate(self.game, s, s_mover), self.evaluate, s)
        if s_mover == mover:
            return self.search(s, mover, ply, alpha, beta, action, moves, floor)
        if s_mover not in self.players:
            self.met(s, s_mover)
        return -self.search(s, s_mover, ply, -beta, -alpha, action, moves, floor)

    def search(
        self, s: State, mover: Player, ply: int, alpha: float, beta: float,
        action: Action | None, moves: Sequence[Action] | None = None, floor: float = -math.inf,
    ) -> float:  # fmt: skip
        """The value of the interior node ``s`` for ``mover``, the player to move.

        Fail-soft, the three cases of alpha-beta: a value ``<= alpha`` is an
        upper bound on the true value, a value ``>= beta`` a lower bound, and
        anything between is exact. Past the depth limit, ``quiesce`` gives
        the ``moves`` to search and the ``floor`` the value starts at.
        """
        window = alpha, beta  # as the node was entered: it decides the stored bound
        entry = place = None
        if self.table is not None:
            answered, value, alpha, beta, entry, place = self.probe(s, mover, ply, window, action)
            if answered:
                self.nodes += 1
                return value
        if moves is None:
            moves = self.actions(s)
        if self.order is not None:
            moves = ordered(self.order, self.game, s, moves)
        if entry is not None:
            moves = self.remembered_first(moves, entry, cast(Place, place))
        if not moves:
            sequence_of_actions(self.game, s, moves)  # None is refused by name
            raise no_actions(s)
        if self.tracing is not None:
            self.trace_entry(s, mover, action, window, entry, alpha, beta)
        result, is_terminal, utility = self.result, self.is_terminal, self.utility
        # Read once a node into locals, which are faster than attributes; the
        # recursion calls the plain function with ``self``, faster than a bound method.
        to_move, search, tracing, players = (
            self.to_move,
            _Negamax.search,
            self.tracing,
            self.players,
        )
        prune, limit = self.prune, self.limit
        value, best, terminals, ply1 = floor, None, 0, ply + 1
        for a in moves:
            child = result(s, a)
            if is_terminal(child):
                # Valued here, not in a call of ``leaf``: about half the nodes
                # of a game tree are terminal, and this saves a call for each.
                terminals += 1
                v = utility(child, mover)
                if type(v) is not int:  # an int needs no check; anything else may be NaN
                    v = real_value(v, utility, child)
                if tracing is not None:
                    tracing.leaf(child, a, v, True, *self.window(alpha, beta), side=mover)
            elif ply1 >= limit:
                if self.noisy is None:
                    v = self.leaf(child, False, mover, ply1, a, alpha, beta)
                else:
                    v = self.quiesce(child, mover, ply1, a, alpha, beta)
            else:
                child_mover = to_move(child)
                if child_mover == mover:  # the same player moves again
                    v = search(self, child, mover, ply1, alpha, beta, a)
                else:
                    if child_mover not in players:  # first met: the other player, or garbage
                        self.met(child, child_mover)
                    v = -search(self, child, child_mover, ply1, -beta, -alpha, a)
            if v > value or best is None and value == -math.inf:  # a move even at -inf
                value, best = v, a
                if prune and value > alpha:
                    alpha = value
                if tracing is not None:
                    tracing.update(value, *self.window(alpha, beta), side=mover)
            if prune and value >= beta:
                if a != moves[-1]:
                    self.cut(s, mover, moves, a, value, alpha, beta)
                break
        if best is None and value == -math.inf and not sequence_of_actions(self.game, s, moves):
            raise no_actions(s)  # a spent generator: no move was searched
        # Counted once, here: the node and its terminal children.
        self.nodes += 1 + terminals
        if terminals:
            self.leaves += terminals
            if ply1 > self.deepest:
                self.deepest = ply1
        if not ply:
            self.best = best  # the root's best move
        if place is not None:  # a table is used
            self.store(s, ply, value, best, window, place)
        if tracing is not None:
            tracing.exit(value, *self.window(alpha, beta), side=mover)
        return value

    def met(self, s: State, mover: Player) -> None:
        """Take ``mover``, a player not met before at ``s``, as the other
        player; refuse ``None``, garbage or a third player (``new_mover``)."""
        new_mover(self.game, s, mover, self.players, self.name, two_players=True)

    def remembered_first(
        self, moves: Sequence[Action], entry: Entry, place: Place
    ) -> Sequence[Action]:
        """``moves`` with the table's remembered best action first: it was
        best before, so it is likely to be best again and to cut earliest."""
        remembered = entry.action
        if remembered is None:
            return moves
        if self.symmetry:
            remembered = action_from_canonical(self.game, remembered, place[1])
        if remembered in moves and remembered != moves[0]:
            return [remembered, *(m for m in moves if m != remembered)]
        return moves

    def cut(
        self, s: State, mover: Player, moves: Sequence[Action], a: Action,
        value: float, alpha: float, beta: float,
    ) -> None:  # fmt: skip
        """Count a cutoff at ``a``, with actions left untried, and trace it."""
        self.cutoffs += 1
        if self.tracing is not None:
            skipped = moves[moves.index(a) + 1 :]
            states = [self.result(s, m) for m in skipped]
            self.tracing.cutoff(value, skipped, states, alpha, beta, side=mover)

    def store(
        self, s: State, ply: int, value: float, best: Action | None,
        window: tuple[float, float], place: Place,
    ) -> None:  # fmt: skip
        """Store the value of ``s`` at ``place``, as what the ``window`` it was
        entered with makes it: an upper bound, a lower bound or exact."""
        alpha, beta = window
        bound = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        key, transform = place
        if self.symmetry:
            best = self.transform_action(best, transform)
        cast(TranspositionTable, self.table).store(
            Entry(key, value, bound, self.limit - ply, best, s)
        )
        self.stores += 1

    def key_of(self, s: State) -> Place:
        """``(key, transform)``: the canonical form with symmetry, else the state."""
        return canonical(self.game, s) if self.symmetry else (s, "identity")

    def probe(
        self, s: State, mover: Player, ply: int, window: tuple[float, float], action: Action | None
    ) -> tuple[bool, float, float, float, Entry | None, Place]:
        """``(answered, value, alpha, beta, entry, place)``: what the table says of ``s``.

        The root is never answered. Counts the probe as a hit, a narrowing or
        a miss. Without pruning every value must be exact: a bound left in the
        table by an earlier pruned search is not used.
        """
        table = cast(TranspositionTable, self.table)
        place = self.key_of(s)
        entry = table.probe(place[0])
        alpha, beta = window
        if ply == 0:
            return False, math.nan, alpha, beta, entry, place
        if entry is None or not (self.prune or entry.bound == EXACT):
            table.misses += 1
            return False, math.nan, alpha, beta, entry, place
        answered, found, alpha, beta = table.use(entry, self.limit - ply, alpha, beta)
        if answered:
            by_bound = entry.bound != EXACT
            symmetric = self.symmetry and entry.state != s
            # Counted twice: for this search's stats, and on the table, whose
            # counts add up over every search that shares it.
            self.hits += 1
            table.hits += 1
            self.bound_hits += by_bound
            table.bound_hits += by_bound
            self.symmetry_hits += symmetric
            table.symmetry_hits += symmetric
            self.deepest = max(self.deepest, ply)
            if self.tracing is not None:
                self.tracing.table_answer(
                    s, action, found, entry.bound, symmetric, *self.window(alpha, beta), side=mover
                )
            return True, cast(float, found), alpha, beta, entry, place
        if found is not None:
            self.narrowed += 1
            table.narrowed += 1
        else:
            table.misses += 1
        return False, math.nan, alpha, beta, entry, place

    def trace_entry(
        self, s: State, mover: Player, action: Action | None, window: tuple[float, float],
        entry: Entry | None, alpha: float, beta: float,
    ) -> None:  # fmt: skip
        """Trace entering ``s`` with ``window``, and a table entry that narrowed it."""
        tracing = cast(Tracing, self.tracing)
        tracing.enter(s, action, *self.window(*window), side=mover)
        if (alpha, beta) != window:  # only a table entry narrows the window
            hit = cast(Entry, entry)
            symmetric = self.symmetry and hit.state != s
            tracing.table_narrowed(hit.value, hit.bound, symmetric, alpha, beta, side=mover)


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
