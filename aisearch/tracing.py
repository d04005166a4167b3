"""The searches' side of tracing: events, and the recorder that emits them.

A search takes an optional ``tracer``: any callable that receives one
``Event`` per step (``aisearch.trace.Trace`` keeps them and replays them).
The search itself only says what happened, through a ``Tracing`` made by
``start_tracing``: "entered this state by this action", "this leaf is worth
2", "the best so far is 3". The ``Tracing`` keeps everything else: it numbers
the nodes in the order they are first visited, keeps the path from the root
(so it knows each node's parent and ply, and which child last returned), names
each node's role, and turns every value to MAX's point of view. So a search
threads none of this through its recursion by hand.

Event kinds, in the order a search emits them:

``enter``
    an interior node is entered (pushed on the recursion stack);
``leaf``
    a terminal state or a depth-limit cut-off is evaluated (a leaf is entered,
    valued and left in this one step);
``update``
    an interior node's best value so far, or its alpha or beta, changed
    because of the child ``event.child``;
``cutoff``
    alpha-beta stops at a node; ``event.skipped`` names the actions it never
    tries;
``chance``
    a chance node adds the child ``event.child``'s value, weighted by its
    ``event.probability``, to its running sum ``event.total`` (expectimax);
``exit``
    an interior node returns ``event.value`` to its parent;
``cache_hit``
    a transposition table (``aisearch.table``) answers a node without a
    search: ``event.bound`` says whether the stored value is ``"exact"``, a
    ``"lower"`` or an ``"upper"`` bound (a bound answers only when it causes
    a cut);
``narrowed``
    a stored bound did not answer the node just entered, but narrowed its
    window: it is searched with the new ``event.alpha``, ``event.beta``;
``symmetry_hit``, ``symmetry_narrowed``
    the same two, found under a rotated or mirrored copy of the position.

Values, alpha and beta in events are from MAX's point of view, whatever
the algorithm, so that every trace reads like the textbook figure. MAX is
the game's ``max_player`` if it names one (``GameTree`` does: ``"MAX"``, even
when a search starts at a MIN node), otherwise the player to move at the
root. Minimax has no window: its events carry ``None``.

A search of more than two players (``aisearch.maxn``) traces the same
kinds of events, but its values are vectors (one entry per player, in the
order of ``event.players``), its roles are the players' names, and it has no
window; its ``cutoff`` events carry ``beta`` = the ``max_sum`` of Korf's
pruning and ``alpha`` = what the parent's player already had (``None`` for
an immediate cut).

Tracing costs nothing when it is off: a search builds events only under
``if tracing is not None``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, NamedTuple

from .game import CHANCE as CHANCE_MOVER  # what to_move answers at a chance state
from .game import Game, optional

Tracer = Callable[["Event"], object]
"""What a search is given as ``tracer``: called with each ``Event``."""
Limit = float | None
"""An end of a search's window, alpha or beta (``None`` where there is none)."""


class _Word(str, Enum):
    """An enumeration whose members are the strings they stand for: equal to
    them, hashed like them, and printed like them, so that ``e.kind ==
    "enter"`` and an event's repr read as they always have."""

    def __str__(self) -> str:
        return str(self.value)

    def __repr__(self) -> str:
        return repr(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)


class EventKind(_Word):
    """What happened at a step (see the module's docstring)."""

    ENTER = "enter"
    LEAF = "leaf"
    UPDATE = "update"
    CUTOFF = "cutoff"
    CHANCE = "chance"
    EXIT = "exit"
    CACHE_HIT = "cache_hit"
    SYMMETRY_HIT = "symmetry_hit"
    NARROWED = "narrowed"
    SYMMETRY_NARROWED = "symmetry_narrowed"


ENTER, LEAF, UPDATE, CUTOFF, EXIT = (
    EventKind.ENTER,
    EventKind.LEAF,
    EventKind.UPDATE,
    EventKind.CUTOFF,
    EventKind.EXIT,
)
CHANCE_STEP = EventKind.CHANCE
CACHE_HIT, SYMMETRY_HIT = EventKind.CACHE_HIT, EventKind.SYMMETRY_HIT
NARROWED, SYMMETRY_NARROWED = EventKind.NARROWED, EventKind.SYMMETRY_NARROWED
TABLE_ANSWERS = (CACHE_HIT, SYMMETRY_HIT)
"""A table answered the node: it is not searched."""
TABLE_NARROWINGS = (NARROWED, SYMMETRY_NARROWED)
"""A stored bound narrowed the window of a node that is then searched."""
TABLE_KINDS = TABLE_ANSWERS + TABLE_NARROWINGS


class Bound(_Word):
    """What a value is: the node's ``EXACT`` value, or a ``LOWER`` bound (the
    true value is at least this) or an ``UPPER`` bound (at most this) on it.
    A traced node's value (``Trace.value_kinds``) and a table's entry say
    which."""

    EXACT = "exact"
    LOWER = "lower"
    UPPER = "upper"

    def flipped(self) -> Bound:
        """The same bound seen by the other player: a lower bound becomes an upper one."""
        return _FLIPPED_BOUND[self]


EXACT, LOWER, UPPER = Bound.EXACT, Bound.LOWER, Bound.UPPER
_FLIPPED_BOUND = {EXACT: EXACT, LOWER: UPPER, UPPER: LOWER}


class Event(NamedTuple):
    """One step of a search.

    ``node`` ids are given in the order nodes are first visited (the root is
    0); ``parent`` is ``None`` at the root. ``depth`` is the ply from the root,
    ``role`` is ``"max"`` or ``"min"`` (in a max^n trace, the name of the
    player to move), ``action`` is the move that led from the parent. ``value``, ``alpha`` and ``beta`` are those at this moment, from
    MAX's point of view (``None`` where they do not apply).
    """

    step: int
    kind: str
    node: int
    parent: int | None
    state: Any
    depth: int
    role: str
    action: Any
    value: Any
    alpha: float | None
    beta: float | None
    child: int | None = None
    """For ``update``: the child whose value caused it."""
    skipped: tuple[Any, ...] = ()
    """For ``cutoff``: the actions never tried, in order."""
    skipped_states: tuple[Any, ...] = ()
    """For ``cutoff``: the states those actions lead to."""
    skipped_roles: tuple[str, ...] = ()
    """For ``cutoff``: ``"max"`` or ``"min"`` for each skipped state."""
    terminal: bool | None = None
    """For ``leaf``: ``True`` for a utility, ``False`` for an evaluation."""
    probability: float | None = None
    """For ``chance``: the probability of the child ``event.child``."""
    total: float | None = None
    """For ``chance``: the weighted sum so far, this child included."""
    players: tuple[Any, ...] = ()
    """For searches of more than two players (``aisearch.maxn``): the players,
    in the order of the value vectors; empty otherwise."""
    bound: str | None = None
    """For the table's kinds: ``"exact"``, ``"lower"`` or ``"upper"``, what
    the table's value is (from MAX's point of view). For ``leaf`` and
    ``exit``, what the search says its value is, when it says so (a leaf
    valued by a bound; a fail-hard search's return); ``None`` otherwise."""
    horizon: int | None = None
    """For quiescence search: its depth limit (the horizon). A node whose
    ``depth`` is greater lies past the horizon, where only noisy moves are
    searched; ``None`` for other searches."""
    noisy: bool | None = None
    """For quiescence search, at a node at or past the horizon: whether its
    position is noisy (``None`` above the horizon and at terminal states)."""
    reason: str | None = None
    """For ``leaf``: why a state that is not terminal was valued without a
    search, when its value is neither a utility nor an evaluation at a depth
    limit but follows from a rule of the search (the Connect Four solver's "X
    wins with its next stone"); ``None`` otherwise."""


class _Node(NamedTuple):
    """What the recorder remembers of a node on the path."""

    id: int
    parent: int | None
    state: Any
    depth: int
    role: str
    action: Any


class Tracing:
    """The recorder a search reports to, made by ``start_tracing``.

    A search calls ``enter`` when it starts on an interior node and ``exit``
    when it returns from it, ``leaf`` for a node valued at once, and
    ``update``, ``cutoff`` and ``chance`` for the node it is working on; the
    table's ``table_answer`` and ``table_narrowed`` likewise. The recorder
    numbers the nodes (in the order first visited), keeps the path from the
    root, and gives each event its node, parent, ply, role and the child that
    last returned.

    Values are given from one player's side: the root player's unless a call
    names another ``side`` (negamax speaks for the player to move). The
    recorder turns them to MAX's side, in ``_to_max``, the one place that does.

    Args:
        tracer: called with each ``Event``.
        role_of: ``state -> role`` (``"max"``, ``"min"``, ``"chance"``, or a
            player's name).
        root: the player whose side values are given from by default.
        flip: whether MAX is not ``root`` (a tree searched from a MIN node).
        players: the players, for searches whose values are vectors.
    """

    __slots__ = ("tracer", "step", "path", "last", "count", "role_of", "root", "flip", "players")

    def __init__(
        self,
        tracer: Tracer,
        role_of: Callable[[Any], str],
        *,
        root: Any = None,
        flip: bool = False,
        players: Sequence[Any] = (),
    ) -> None:
        if not callable(tracer):
            raise ValueError(f"tracer must be a callable taking an Event, got {tracer!r}")
        self.tracer = tracer
        self.role_of = role_of
        self.root = root
        self.flip = flip
        self.players = tuple(players)
        self.step = 0
        self.count = 0
        self.path: list[_Node] = []
        self.last: int | None = None

    # The nodes ----------------------------------------------------------------

    def _new(self, state: Any, action: Any) -> _Node:
        """A node just visited: the next id, the node on top of the path as its parent."""
        parent = self.path[-1].id if self.path else None
        node = _Node(self.count, parent, state, len(self.path), self.role_of(state), action)
        self.count += 1
        return node

    def _to_max(
        self,
        side: Any,
        value: Any = None,
        alpha: Any = None,
        beta: Any = None,
        total: Any = None,
        bound: str | None = None,
    ) -> tuple[Any, Any, Any, Any, Any]:
        """``value``, ``alpha``, ``beta``, ``total`` and ``bound``, given for
        ``side`` (the root player if ``None``), as MAX sees them."""
        other = side is not None and side != self.root
        if other == self.flip:
            return value, alpha, beta, total, bound
        if value is not None:
            value = -value
        if total is not None:
            total = -total
        if alpha is not None:
            alpha, beta = -beta, -alpha
        if bound is not None:
            bound = Bound(bound).flipped()
        return value, alpha, beta, total, bound

    def _emit(
        self,
        kind: EventKind,
        node: _Node,
        value: Any = None,
        alpha: Limit = None,
        beta: Limit = None,
        **fields: Any,
    ) -> None:
        self.tracer(
            Event(
                self.step,
                kind,
                node.id,
                node.parent,
                node.state,
                node.depth,
                node.role,
                node.action,
                value,
                alpha,
                beta,
                players=self.players,
                **fields,
            )
        )
        self.step += 1

    # What a search reports ------------------------------------------------------

    def enter(
        self,
        state: Any,
        action: Any,
        alpha: Limit = None,
        beta: Limit = None,
        *,
        side: Any = None,
        **fields: Any,
    ) -> None:
        """An interior node is entered by ``action`` from the node on top of the path."""
        node = self._new(state, action)
        self.path.append(node)
        if side is not None or self.flip:  # else the values are MAX's already
            _, alpha, beta, _, _ = self._to_max(side, None, alpha, beta)
        self._emit(ENTER, node, None, alpha, beta, **fields)

    def leaf(
        self,
        state: Any,
        action: Any,
        value: Any,
        terminal: bool,
        alpha: Limit = None,
        beta: Limit = None,
        *,
        side: Any = None,
        bound: str | None = None,
        **fields: Any,
    ) -> None:
        """A leaf is visited and valued: a utility if ``terminal``, else an
        evaluation (or what ``reason`` says); ``bound``, if given, says that
        ``value`` is only a ``"lower"`` or ``"upper"`` bound."""
        node = self._new(state, action)
        if side is not None or self.flip:  # else the values are MAX's already
            value, alpha, beta, _, bound = self._to_max(side, value, alpha, beta, None, bound)
        self._emit(LEAF, node, value, alpha, beta, terminal=terminal, bound=bound, **fields)
        self.last = node.id

    def update(
        self, value: Any, alpha: Limit = None, beta: Limit = None, *, side: Any = None
    ) -> None:
        """The current node's best so far is now ``value``, from the child that last returned."""
        if side is not None or self.flip:  # else the values are MAX's already
            value, alpha, beta, _, _ = self._to_max(side, value, alpha, beta)
        self._emit(UPDATE, self.path[-1], value, alpha, beta, child=self.last)

    def cutoff(
        self,
        value: Any,
        skipped: Sequence[Any],
        skipped_states: Sequence[Any],
        alpha: Limit = None,
        beta: Limit = None,
        *,
        side: Any = None,
    ) -> None:
        """The current node stops: the actions ``skipped`` (leading to
        ``skipped_states``) are never tried."""
        if side is not None or self.flip:  # else the values are MAX's already
            value, alpha, beta, _, _ = self._to_max(side, value, alpha, beta)
        roles = tuple(self.role_of(s) for s in skipped_states)
        self._emit(
            CUTOFF,
            self.path[-1],
            value,
            alpha,
            beta,
            skipped=tuple(skipped),
            skipped_states=tuple(skipped_states),
            skipped_roles=roles,
        )

    def chance(
        self,
        probability: float,
        value: float,
        total: float,
        alpha: Limit = None,
        beta: Limit = None,
    ) -> None:
        """The current chance node adds the last child's ``value``, weighted by
        its ``probability``, to its sum, now ``total``."""
        value, alpha, beta, total, _ = self._to_max(None, value, alpha, beta, total)
        self._emit(
            CHANCE_STEP,
            self.path[-1],
            value,
            alpha,
            beta,
            child=self.last,
            probability=probability,
            total=total,
        )

    def exit(
        self,
        value: Any,
        alpha: Limit = None,
        beta: Limit = None,
        *,
        side: Any = None,
        bound: str | None = None,
    ) -> None:
        """The current node returns ``value`` to its parent; ``bound``, if
        given, says what it is (else ``Trace.value_kinds`` works it out)."""
        node = self.path.pop()
        if side is not None or self.flip:  # else the values are MAX's already
            value, alpha, beta, _, bound = self._to_max(side, value, alpha, beta, None, bound)
        self._emit(EXIT, node, value, alpha, beta, bound=bound)
        self.last = node.id

    def table_answer(
        self,
        state: Any,
        action: Any,
        value: Any,
        bound: str,
        symmetric: bool,
        alpha: Limit = None,
        beta: Limit = None,
        *,
        side: Any = None,
    ) -> None:
        """A node is answered from a table (found under a symmetric copy if
        ``symmetric``) without a search; ``bound`` says what ``value`` is."""
        node = self._new(state, action)
        value, alpha, beta, _, bound = self._to_max(side, value, alpha, beta, None, bound)
        self._emit(SYMMETRY_HIT if symmetric else CACHE_HIT, node, value, alpha, beta, bound=bound)
        self.last = node.id

    def table_narrowed(
        self,
        value: Any,
        bound: str,
        symmetric: bool,
        alpha: Limit,
        beta: Limit,
        *,
        side: Any = None,
    ) -> None:
        """The node just entered is in the table with the bound ``value``, which
        narrows its window to ``alpha``, ``beta`` before it is searched."""
        value, alpha, beta, _, bound = self._to_max(side, value, alpha, beta, None, bound)
        self._emit(
            SYMMETRY_NARROWED if symmetric else NARROWED,
            self.path[-1],
            value,
            alpha,
            beta,
            bound=bound,
        )


def start_tracing(
    tracer: Tracer | None, game: Game[Any, Any, Any], root_player: Any, *, chance: bool = False
) -> Tracing | None:
    """A ``Tracing`` for a search from a state where ``root_player`` moves, or
    ``None`` when there is no ``tracer``.

    A node is MAX's when its mover is MAX: the game's ``max_player`` if it
    names one (a ``GameTree``'s ``"MAX"``), otherwise ``root_player``; every
    other mover is MIN; in a search that weighs chance (``chance``), a chance
    state is ``"chance"``.
    """
    if tracer is None:
        return None
    max_player = optional(game, "max_player")
    flip = max_player is not None and root_player != max_player
    to_move = game.to_move

    def role_of(state: Any) -> str:
        mover = to_move(state)
        if chance and mover == CHANCE_MOVER:
            return "chance"
        return "max" if (mover == root_player) != flip else "min"

    return Tracing(tracer, role_of, root=root_player, flip=flip)
