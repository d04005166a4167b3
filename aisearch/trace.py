"""Tracing a search, and replaying the trace step by step.

A search takes an optional ``tracer``: any callable that receives one
``Event`` per step. ``Trace`` is such a callable; it keeps the events and
answers questions about them, and it can replay them: for any step it tells
the status of every node (unseen, on the stack, done, pruned), its value so
far and its alpha-beta window. The viewer in ``aisearch.viz`` only reads this
replay; it never runs a search itself.

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
    a transposition table (``aisearch.caching``) answers a node without a
    search: ``event.bound`` says whether the stored value is ``"exact"``, a
    ``"lower"`` or an ``"upper"`` bound (a bound answers only when it causes
    a cut). Right after a node's ``enter``, it is instead a bound that only
    narrowed the node's window: the node is then searched with the new
    ``event.alpha``, ``event.beta``;
``symmetry_hit``
    the same, found under a rotated or mirrored copy of the position.

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
``if tracer is not None``.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any, NamedTuple

ENTER, LEAF, UPDATE, CUTOFF, EXIT = "enter", "leaf", "update", "cutoff", "exit"
CHANCE_STEP = "chance"
CACHE_HIT, SYMMETRY_HIT = "cache_hit", "symmetry_hit"
TABLE_KINDS = (CACHE_HIT, SYMMETRY_HIT)

UNSEEN, STACK, DONE, PRUNED = "unseen", "stack", "done", "pruned"
"""The four statuses a node has in a replayed frame."""


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
    value: float | None
    alpha: float | None
    beta: float | None
    child: int | None = None
    """For ``update``: the child whose value caused it."""
    skipped: tuple = ()
    """For ``cutoff``: the actions never tried, in order."""
    skipped_states: tuple = ()
    """For ``cutoff``: the states those actions lead to."""
    skipped_roles: tuple = ()
    """For ``cutoff``: ``"max"`` or ``"min"`` for each skipped state."""
    terminal: bool | None = None
    """For ``leaf``: ``True`` for a utility, ``False`` for an evaluation."""
    probability: float | None = None
    """For ``chance``: the probability of the child ``event.child``."""
    total: float | None = None
    """For ``chance``: the weighted sum so far, this child included."""
    players: tuple = ()
    """For searches of more than two players (``aisearch.maxn``): the players,
    in the order of the value vectors; empty otherwise."""
    bound: str | None = None
    """For ``cache_hit`` and ``symmetry_hit``: ``"exact"``, ``"lower"`` or
    ``"upper"``, what the table's value is (from MAX's point of view)."""
    horizon: int | None = None
    """For quiescence search: its depth limit (the horizon). A node whose
    ``depth`` is greater lies past the horizon, where only noisy moves are
    searched; ``None`` for other searches."""
    noisy: bool | None = None
    """For quiescence search, at a node at or past the horizon: whether its
    position is noisy (``None`` above the horizon and at terminal states)."""


class Tracing:
    """The searches' side of tracing: numbers steps and fills in node facts.

    Created by a search only when a tracer is given. It remembers each node's
    parent, state, depth, role and action, so later events of the same node
    repeat them without the search having to. A search reports values from
    the root player's point of view; when MAX is the other player (a tree
    searched from one of its MIN nodes), ``flip`` turns them round.
    """

    __slots__ = ("tracer", "step", "info", "flip")

    def __init__(self, tracer: Callable[[Event], Any], flip: bool = False):
        if not callable(tracer):
            raise ValueError(f"tracer must be a callable taking an Event, got {tracer!r}")
        self.tracer = tracer
        self.step = 0
        self.info: dict[int, tuple] = {}
        self.flip = flip

    def _emit(self, kind: str, node: int, value, alpha, beta, **extra) -> None:
        parent, state, depth, role, action = self.info[node]
        if self.flip:
            value = None if value is None else -value
            if extra.get("total") is not None:
                extra["total"] = -extra["total"]
            if alpha is not None:
                alpha, beta = -beta, -alpha
            if "skipped_roles" in extra:
                extra["skipped_roles"] = tuple(_OTHER[r] for r in extra["skipped_roles"])
            if "bound" in extra:
                extra["bound"] = _FLIPPED_BOUND.get(extra["bound"], extra["bound"])
        self.tracer(
            Event(self.step, kind, node, parent, state, depth, role, action,
                  value, alpha, beta, **extra)
        )
        self.step += 1

    def enter(self, node, parent, state, depth, role, action, alpha=None, beta=None,
              horizon=None, noisy=None):
        """``horizon`` and ``noisy``: see ``Event`` (quiescence search only)."""
        self.info[node] = (parent, state, depth, _OTHER[role] if self.flip else role, action)
        self._emit(ENTER, node, None, alpha, beta, horizon=horizon, noisy=noisy)

    def leaf(self, node, parent, state, depth, role, action, value, terminal,
             alpha=None, beta=None, horizon=None, noisy=None):
        self.info[node] = (parent, state, depth, _OTHER[role] if self.flip else role, action)
        self._emit(LEAF, node, value, alpha, beta, terminal=terminal, horizon=horizon,
                   noisy=noisy)

    def update(self, node, value, child, alpha=None, beta=None):
        self._emit(UPDATE, node, value, alpha, beta, child=child)

    def cutoff(self, node, value, skipped, skipped_states, skipped_roles,
               alpha=None, beta=None):
        self._emit(CUTOFF, node, value, alpha, beta, skipped=tuple(skipped),
                   skipped_states=tuple(skipped_states),
                   skipped_roles=tuple(skipped_roles))

    def chance(self, node, child, probability, value, total, alpha=None, beta=None):
        """``value`` is the child's; ``total`` the node's weighted sum so far."""
        self._emit(CHANCE_STEP, node, value, alpha, beta, child=child,
                   probability=probability, total=total)

    def exit(self, node, value, alpha=None, beta=None):
        self._emit(EXIT, node, value, alpha, beta)

    def cache_hit(self, node, parent, state, depth, role, action, value, bound,
                  symmetric=False, alpha=None, beta=None):
        """A node answered from a table; or, for a node already entered, a
        stored bound that narrowed its window to ``alpha``, ``beta``."""
        if node not in self.info:
            self.info[node] = (parent, state, depth, _OTHER[role] if self.flip else role, action)
        self._emit(SYMMETRY_HIT if symmetric else CACHE_HIT, node, value, alpha, beta,
                   bound=bound)


_OTHER = {"max": "min", "min": "max", "chance": "chance"}
_FLIPPED_BOUND = {"lower": "upper", "upper": "lower"}


EXACT, LOWER, UPPER = "exact", "lower", "upper"
"""What a finished node's value is: exact, or a bound on its true value."""


def _exit_kind(e: Event, children: list, window: tuple | None, cutoff: Event | None) -> str:
    """Exact, lower or upper: the value ``e.value`` a node returns (see
    ``Trace.value_kinds``), from its finished ``children``' ``(value, kind)``,
    the ``window`` it was searched with and its ``cutoff``, if any."""
    v = e.value
    if window is not None and window[0] < v < window[1]:
        return EXACT
    kinds = {kind for _, kind in children}
    if e.role == "chance":
        # A cut chance node adds the most (upper) or least (lower) the outcomes
        # it skipped could bring.
        side = None
        if cutoff is not None:
            fell = cutoff.alpha is not None and cutoff.value is not None and cutoff.value <= cutoff.alpha
            side = UPPER if fell else LOWER
        at_least = UPPER not in kinds and side != UPPER
        at_most = LOWER not in kinds and side != LOWER
    else:
        # A MAX node is worth at least the value of a child it took, unless
        # that child was only an upper bound; a value no child gave is a
        # stand-pat evaluation (quiescence), an option the mover really has.
        # It is worth at most its value when every child was searched and
        # none is only a lower bound. MIN the other way round.
        givers = [kind for value, kind in children if value == v]
        if e.role == "max":
            at_least = not givers or any(kind != UPPER for kind in givers)
            at_most = cutoff is None and LOWER not in kinds
        else:
            at_most = not givers or any(kind != LOWER for kind in givers)
            at_least = cutoff is None and UPPER not in kinds
    if at_least and at_most:
        return EXACT
    if at_least or at_most:
        return LOWER if at_least else UPPER
    # Neither side follows from the children alone: alpha-beta's own guarantee.
    return LOWER if window is not None and v >= window[1] else UPPER


def start_tracing(tracer, game, root_player) -> Tracing | None:
    """A ``Tracing`` for a search from a state where ``root_player`` moves, or ``None``.

    MAX is the game's ``max_player`` if it names one (a ``GameTree``'s
    ``"MAX"``), otherwise the player to move at the root.
    """
    if tracer is None:
        return None
    max_player = getattr(game, "max_player", None)
    return Tracing(tracer, flip=max_player is not None and root_player != max_player)


class TraceNode(NamedTuple):
    """A node of the traced tree: visited, or pruned (``entered`` is ``None``)."""

    id: int
    parent: int | None
    action: Any
    state: Any
    depth: int
    role: str
    children: tuple
    entered: int | None
    """Step at which the node was first visited, ``None`` if never."""
    pruned: int | None
    """Step of the cutoff that pruned it, ``None`` if not pruned."""
    terminal: bool | None = None
    probability: float | None = None
    """The chance of reaching it from its parent, if that is a chance node."""


class Frame(NamedTuple):
    """Everything the viewer shows after one step of a trace.

    ``status[n]`` is one of ``"unseen"``, ``"stack"``, ``"done"``, ``"pruned"``;
    ``value[n]`` the node's value so far (absent if none yet);
    ``window[n]`` its ``(alpha, beta)`` while on the stack (alpha-beta only);
    ``best[n]`` the child that gave a node its current value; ``stack`` the
    path from the root to the active node; ``counts`` running totals of
    ``visited``, ``leaves``, ``cutoffs`` and ``pruned`` nodes.

    ``bound[n]`` says when a finished node's value is only a bound:
    ``"upper"`` when its true value is at most this, ``"lower"`` when at
    least this. Nodes whose value the search proved exact are absent (see
    ``Trace.value_kinds`` for the rule); so is everything in a search without
    a window.
    """

    step: int
    event: Event
    status: dict
    value: dict
    window: dict
    best: dict
    stack: list
    counts: dict
    sentence: str
    bound: dict


class EventLog:
    """What the tracers that keep their events share: the events (a tracer is
    called with each), the game they came from, and short names for states.
    ``Trace`` (minimax and its family) and ``aisearch.mcts.MCTSTrace`` build
    their replays on it; a subclass gives ``nodes()``.
    """

    def __init__(self, game: Any = None) -> None:
        self.events: list = []
        self.game = game
        self._nodes: dict | None = None
        self._kinds: dict | None = None

    def __call__(self, event) -> None:
        self.events.append(event)
        self._nodes = None
        self._kinds = None

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator:
        return iter(self.events)

    def __getitem__(self, step: int):
        return self.events[step]

    def of_kind(self, kind: str) -> list:
        """The events of one kind, in order."""
        return [e for e in self.events if e.kind == kind]

    def nodes(self) -> dict:
        """Every node of the traced tree by id (given by each kind of trace)."""
        raise NotImplementedError

    def label(self, node: int) -> str:
        """A short name for a node: the game's ``label(state)`` if the trace's game
        has one (``Trace(game)``), else its state if that is a short string;
        ``#id`` if the name would be longer than 16 characters."""
        text = self._state_text(self.nodes()[node].state)
        return text if len(text) <= 16 else f"#{node}"

    def _state_text(self, state) -> str:
        name = getattr(self.game, "label", None)
        if callable(name):
            return str(name(state))
        return state if isinstance(state, str) else repr(state)

    def label_state(self, state) -> str:
        """A state's name (as ``label`` gives it), cut to 16 characters."""
        text = self._state_text(state)
        return text if len(text) <= 16 else text[:15] + "…"


class Trace(EventLog):
    """A tracer that keeps every event and can replay them.

    >>> from aisearch import alphabeta
    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> trace = Trace()
    >>> alphabeta(tree, tracer=trace).value
    3
    >>> trace.visited()
    ['A', 'B', 'E', 'F', 'G', 'C', 'H', 'D', 'K', 'L', 'M']
    >>> trace.pruned()
    ['I', 'J']
    >>> trace.frame(3).sentence
    'B takes 3 from E as its best so far; β = 3.'
    """

    def __repr__(self) -> str:
        counts = ", ".join(f"{k} {v}" for k, v in self.counts().items())
        return f"<Trace of {len(self.events)} events: {counts}>"

    # Questions about the trace ---------------------------------------------

    def counts(self) -> Counter:
        """How many events of each kind."""
        return Counter(e.kind for e in self.events)

    def visited(self) -> list:
        """States of the visited nodes, in the order they were visited."""
        return [e.state for e in self.events
                if e.kind in (ENTER, LEAF) or e.kind in TABLE_KINDS and self._is_answer(e)]

    def _is_answer(self, e: Event) -> bool:
        """Whether a table event answers its node (else it narrowed an entered node)."""
        before = self.events[e.step - 1] if e.step > 0 else None
        return not (before is not None and before.kind == ENTER and before.node == e.node)

    def leaves(self) -> list[tuple]:
        """``(state, value)`` of every evaluated leaf, in order."""
        return [(e.state, e.value) for e in self.events if e.kind == LEAF]

    def answered_from_table(self) -> set[int]:
        """Ids of the nodes a table answered (``cache_hit``/``symmetry_hit``), unsearched."""
        return {e.node for e in self.events if e.kind in TABLE_KINDS and self._is_answer(e)}

    def pruned(self) -> list:
        """States of the children that cutoffs skipped (not their descendants)."""
        return [s for e in self.events if e.kind == CUTOFF for s in e.skipped_states]

    def root_value(self) -> float | None:
        """The value the root returned, ``None`` if the search did not finish."""
        for e in reversed(self.events):
            if e.node == 0 and e.kind in (EXIT, LEAF):
                return e.value
        return None

    # Exact values and bounds -------------------------------------------------

    def value_kinds(self) -> dict[int, str]:
        """What each finished node's value is: ``"exact"``, or only an
        ``"upper"`` or ``"lower"`` bound on the node's true value.

        A leaf's value is exact; a table's answer is what the table says. An
        interior node's value is exact when the search proved it, in one of
        two ways:

        - it lies strictly inside the window ``(alpha, beta)`` the node was
          searched with (alpha-beta's guarantee); or
        - its children pin it down from both sides. For a MAX node: a child
          that gave this value is exact or a lower bound (so the node is worth
          at least this), and every child was searched and is exact or an
          upper bound (so it is worth at most this). MIN the other way round;
          a chance node when no outcome was cut off and every outcome is exact.

        Otherwise it is the bound that holds: a MAX node cut off at ``v >= beta``
        is worth at least ``v``; one whose every child failed low is worth at
        most ``v``. So D of the textbook tree, whose leaves 14, 5, 2 were all
        read, is exact at 2, though 2 is at or below alpha = 3 (AIMA 4e,
        Figure 5.5(f)); C, cut after its first leaf 2, is worth at most 2.

        >>> from aisearch import alphabeta
        >>> from aisearch.games import GameTree
        >>> trace = Trace()
        >>> _ = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
        >>> [trace.value_kinds()[trace.frame(-1).stack[0]], trace.label(7)]
        ['exact', 'D']
        >>> {trace.label(n): k for n, k in trace.value_kinds().items() if k != "exact"}
        {'C': 'upper'}

        Searches without a window (minimax, expectimax) and of more than two
        players (max^n) have every value exact.
        """
        if self._kinds is None:
            self._kinds = self._find_value_kinds()
        return self._kinds

    def _find_value_kinds(self) -> dict[int, str]:
        kinds: dict[int, str] = {}
        children: dict[int, list] = {}  # node -> [(value, kind)] of its finished children
        window: dict[int, tuple] = {}  # node -> the window it is searched with
        cut: dict[int, Event] = {}  # node -> its cutoff event
        on_stack: set[int] = set()

        def done(e: Event, kind: str) -> None:
            kinds[e.node] = kind
            if e.parent is not None:
                children.setdefault(e.parent, []).append((e.value, kind))

        for e in self.events:
            if e.kind == ENTER:
                on_stack.add(e.node)
                if e.alpha is not None:
                    window[e.node] = (e.alpha, e.beta)
            elif e.kind == LEAF:
                done(e, EXACT)
            elif e.kind in TABLE_KINDS:
                if e.node in on_stack:  # a stored bound narrowed the window
                    if e.alpha is not None:
                        window[e.node] = (e.alpha, e.beta)
                else:
                    done(e, e.bound or EXACT)
            elif e.kind == CUTOFF:
                cut[e.node] = e
            elif e.kind == EXIT:
                on_stack.discard(e.node)
                kind = EXACT if e.players else _exit_kind(
                    e, children.pop(e.node, []), window.pop(e.node, None), cut.pop(e.node, None))
                done(e, kind)
        return kinds

    # The traced tree --------------------------------------------------------

    def nodes(self, limit: int = 400) -> dict[int, TraceNode]:
        """The traced tree: every visited node and every pruned child.

        If the trace was made with ``Trace(game)`` the subtrees under pruned
        children are expanded from the game as well (at most ``limit`` nodes in
        all), so that a figure shows everything a cutoff saved.
        """
        if self._nodes is None:
            self._nodes = self._build_nodes(limit)
        return self._nodes

    def _build_nodes(self, limit: int) -> dict[int, TraceNode]:
        rows: dict[int, dict] = {}
        order: dict[int, list] = {}

        def add(node, parent, action, state, depth, role, entered, pruned, terminal=None):
            rows[node] = dict(id=node, parent=parent, action=action, state=state,
                              depth=depth, role=role, entered=entered,
                              pruned=pruned, terminal=terminal, probability=None)
            order[node] = []
            if parent is not None:
                order[parent].append(node)

        next_id = 1 + max((e.node for e in self.events), default=-1)
        pruned_roots = []
        for e in self.events:
            if (e.kind in (ENTER, LEAF) or e.kind in TABLE_KINDS) and e.node not in rows:
                add(e.node, e.parent, e.action, e.state, e.depth, e.role, e.step,
                    None, e.terminal if e.kind == LEAF else None)
            elif e.kind == CHANCE_STEP and e.child in rows:
                rows[e.child]["probability"] = e.probability
            elif e.kind == CUTOFF:
                for action, state, role in zip(e.skipped, e.skipped_states, e.skipped_roles, strict=True):
                    add(next_id, e.node, action, state, e.depth + 1, role, None, e.step)
                    pruned_roots.append(next_id)
                    next_id += 1
        if self.game is not None and pruned_roots:
            next_id = self._expand_pruned(rows, pruned_roots, add, next_id, limit)
        return {
            n: TraceNode(children=tuple(order[n]), **row) for n, row in rows.items()
        }

    def _expand_pruned(self, rows, pruned_roots, add, next_id, limit):
        game = self.game
        root_player = getattr(game, "max_player", None)
        if root_player is None:
            root_player = game.to_move(self.events[0].state)
        queue = list(pruned_roots)
        while queue and len(rows) < limit:
            node = queue.pop(0)
            row = rows[node]
            state = row["state"]
            if game.is_terminal(state):
                row["terminal"] = True
                continue
            for action in game.actions(state):
                if len(rows) >= limit:
                    break
                child = game.result(state, action)
                mover = game.to_move(child)
                if self.events[0].players:
                    role = str(mover)  # more than two players: the role is the player
                else:
                    role = "chance" if mover == "chance" else "max" if mover == root_player else "min"
                add(next_id, node, action, child, row["depth"] + 1, role, None, row["pruned"])
                queue.append(next_id)
                next_id += 1
        return next_id

    # Replay -------------------------------------------------------------------

    def frame(self, step: int) -> Frame:
        """The picture after ``step`` (0-based; negative counts from the end)."""
        step = step_index(self.events, step, "a search")
        nodes = self.nodes()
        status = {i: UNSEEN for i in nodes}
        value: dict = {}
        window: dict = {}
        best: dict = {}
        stack: list = []
        bound: dict = {}
        kinds = self.value_kinds()
        counts = {"visited": 0, "leaves": 0, "cutoffs": 0, "pruned": 0}
        for e in self.events[: step + 1]:
            kind, node = e.kind, e.node
            if kind == ENTER:
                status[node] = STACK
                stack.append(node)
                counts["visited"] += 1
                if e.alpha is not None:
                    window[node] = (e.alpha, e.beta)
            elif kind == LEAF:
                status[node] = DONE
                value[node] = e.value
                counts["visited"] += 1
                counts["leaves"] += 1
            elif kind == UPDATE:
                value[node] = e.value
                if e.child is not None:
                    best[node] = e.child
                if e.alpha is not None:
                    window[node] = (e.alpha, e.beta)
            elif kind == CHANCE_STEP:
                value[node] = e.total
            elif kind in TABLE_KINDS:
                if status[node] == STACK:  # a stored bound narrowed its window
                    if e.alpha is not None:
                        window[node] = (e.alpha, e.beta)
                else:  # answered from the table, as a leaf is
                    status[node] = DONE
                    value[node] = e.value
                    counts["visited"] += 1
                    counts["hits"] = counts.get("hits", 0) + 1
                    if kinds.get(node, EXACT) != EXACT:
                        bound[node] = kinds[node]
            elif kind == CUTOFF:
                counts["cutoffs"] += 1
                if e.role == "chance" and e.value is not None:
                    # A chance node cuts on its sum plus the most (or least) the
                    # skipped outcomes could add: that bound is now its value.
                    value[node] = e.value
                    if kinds.get(node, EXACT) != EXACT:
                        bound[node] = kinds[node]
                for i, row in nodes.items():
                    if row.pruned == e.step:
                        status[i] = PRUNED
                        if row.parent == node:
                            counts["pruned"] += 1
            elif kind == EXIT:
                status[node] = DONE
                value[node] = e.value
                window.pop(node, None)
                if kinds.get(node, EXACT) != EXACT:
                    bound[node] = kinds[node]
                if stack and stack[-1] == node:
                    stack.pop()
        event = self.events[step]
        active_path = list(stack)
        if event.kind == LEAF or (event.kind == EXIT and (not stack or stack[-1] != event.node)):
            active_path.append(event.node)
        return Frame(step, event, status, value, window, best, active_path, counts,
                     self.sentence(step), bound)

    # Words ----------------------------------------------------------------------

    def sentence(self, step: int) -> str:
        """One sentence that explains what happened at ``step``."""
        e = self.events[step]
        name = self.label(e.node)
        if e.players:
            return self._vector_sentence(e, name)
        who = e.role.upper()
        win = _window_text(e.alpha, e.beta)
        if e.kind == ENTER:
            if e.parent is None and e.role == "chance":
                return (f"Start at {name}, a chance node: find what MAX can expect on "
                        f"average{'; ' + win if win else ''}.")
            if e.parent is None:
                goal = "the most" if e.role == "max" else "the least"
                hope = "expect" if self._has_chance() else "be sure of"
                return (f"Start at {name}, a {who} node: find {goal} MAX can {hope}"
                        f"{'; ' + win if win else ''}.")
            return (f"Enter {name} ({who}) by action {_action_text(e.action)} from "
                    f"{self.label(e.parent)}{', with ' + win if win else ''}."
                    f"{_noisy_text(e)}")
        if e.kind == LEAF:
            return f"{name} {_leaf_text(e)} {format_value(e.value)}."
        if e.kind == UPDATE:
            bound = ""
            if e.alpha is not None:
                bound = f"; α = {format_value(e.alpha)}" if e.role == "max" else f"; β = {format_value(e.beta)}"
            source = f" from {self.label(e.child)}" if e.child is not None else ""
            kind = self.value_kinds().get(e.child, EXACT) if e.child is not None else EXACT
            return (f"{name} takes {bound_text(e.value, kind)}{source} as its best so far"
                    f"{bound}.")
        if e.kind in TABLE_KINDS:
            return self._table_sentence(e, name)
        if e.kind == CHANCE_STEP:
            child = self.label(e.child) if e.child is not None else "?"
            kind = self.value_kinds().get(e.child, EXACT)
            return (f"{name} weighs {child}'s {bound_text(e.value, kind)} by its probability "
                    f"{format_probability(e.probability)}: the sum so far is {format_value(e.total)}.")
        if e.kind == CUTOFF:
            skipped = ", ".join(self.label_state(s) for s in e.skipped_states) or "nothing"
            if e.role == "chance":
                if e.alpha is not None and e.value is not None and e.value <= e.alpha:
                    why = (f"whatever the other outcomes bring, its average is at most "
                           f"{format_value(e.value)} ≤ α = {format_value(e.alpha)}")
                else:
                    why = (f"whatever the other outcomes bring, its average is at least "
                           f"{format_value(e.value)} ≥ β = {format_value(e.beta)}")
                return f"Cutoff at {name}: {why}. Skip {skipped}."
            if e.role == "max":
                why = (f"its value {format_value(e.value)} ≥ β = {format_value(e.beta)}: MIN above "
                       "already has a better choice and will never let play reach it")
            else:
                why = (f"its value {format_value(e.value)} ≤ α = {format_value(e.alpha)}: MAX above "
                       "already has a better choice and will never let play reach it")
            return f"Cutoff at {name}: {why}. Skip {skipped}."
        if e.kind == EXIT:
            return self._exit_sentence(e, name)
        return f"{e.kind} at {name}."

    def _exit_sentence(self, e: Event, name: str) -> str:
        """What a node returns, and whether it is its exact value or a bound."""
        kind = self.value_kinds().get(e.node, EXACT)
        value = bound_text(e.value, kind)
        if e.parent is None:
            done = f"Done: {name} is worth {value} to MAX"
        else:
            done = f"{name} is done and returns {value} to {self.label(e.parent)}"
        if kind == UPPER:
            return f"{done}: it is worth at most {format_value(e.value)}, a bound."
        if kind == LOWER:
            return f"{done}: it is worth at least {format_value(e.value)}, a bound."
        step = self.nodes()[e.node].entered
        entered = self.events[step] if step is not None else e
        alpha, beta, v = entered.alpha, entered.beta, e.value
        if alpha is not None and beta is not None and v is not None and not alpha < v < beta:
            # Outside its window, yet proved: say why, lest it be read as a bound.
            return f"{done}, its exact value: {self._why_exact(e, step)}."
        return f"{done}."

    def _why_exact(self, e: Event, entered: int | None) -> str:
        """Why a node that returned a value outside its window is exact (see
        ``value_kinds``)."""
        narrowed = [t for t in self.events[entered or 0:e.step]
                    if t.node == e.node and t.kind in TABLE_KINDS]
        if narrowed and narrowed[-1].alpha < e.value < narrowed[-1].beta:
            return (f"it lies inside the window {_window_text(narrowed[-1].alpha, narrowed[-1].beta)} "
                    "that the table's bound narrowed its search to")
        if e.role == "chance":
            return "every outcome was searched, and each came back exact"
        start = self.events[entered] if entered is not None else e
        if start.horizon is not None and start.depth >= start.horizon:
            return ("it searched every one of its noisy moves (the only ones it searches), "
                    "and none of them can change it")
        return "every child was searched, the best of them is exact, and no other can beat it"

    def _vector_sentence(self, e: Event, name: str) -> str:
        """A sentence for a step of a search of more than two players (max^n)."""
        who = e.role
        if e.kind == ENTER:
            if e.parent is None:
                return (f"Start at {name}, where {who} moves: every player picks the child "
                        f"best for itself; find the value vector {_players_text(e.players)}.")
            return f"Enter {name} ({who} to move) by action {_action_text(e.action)} from {self.label(e.parent)}."
        if e.kind == LEAF:
            what = "is terminal: utilities" if e.terminal else "is at the depth limit: evaluations"
            return f"{name} {what} {format_value(e.value)}."
        if e.kind == UPDATE:
            mine = _entry(e.value, e.players, who)
            source = f" from {self.label(e.child)}" if e.child is not None else ""
            return (f"{name} takes {format_value(e.value)}{source} as its best so far: "
                    f"{who} gets {format_value(mine)}.")
        if e.kind == CUTOFF:
            skipped = ", ".join(self.label_state(s) for s in e.skipped_states) or "nothing"
            mine = _entry(e.value, e.players, who)
            if e.alpha is None:
                why = (f"{who} already has {format_value(mine)} = max_sum, the most anyone "
                       "can get (immediate pruning)")
            else:
                # A shallow cut always has a parent: the bound (alpha) comes from it.
                parent = e.parent if e.parent is not None else e.node
                why = (f"{who} is sure of {format_value(mine)} here, so "
                       f"{self.nodes()[parent].role} at {self.label(parent)} "
                       f"gets at most {format_value(e.beta)} − {format_value(mine)} = "
                       f"{format_value(e.beta - mine)} from it, no more than the "
                       f"{format_value(e.alpha)} it already has (shallow pruning)")
            return f"Cutoff at {name}: {why}. Skip {skipped}."
        if e.kind == EXIT:
            if e.parent is None:
                return f"Done: {name} is worth {format_value(e.value)} {_players_text(e.players)}."
            return f"{name} is done and returns {format_value(e.value)} to {self.label(e.parent)}."
        return f"{e.kind} at {name}."

    def _table_sentence(self, e: Event, name: str) -> str:
        """A sentence for a ``cache_hit`` or ``symmetry_hit`` step."""
        where = ("the table, under a rotated or mirrored copy," if e.kind == SYMMETRY_HIT
                 else "the table")
        v = format_value(e.value)
        if not self._is_answer(e):
            if e.bound == "lower":
                return (f"{name} is in {where} worth at least {v}: "
                        f"α rises to {format_value(e.alpha)} before its children are searched.")
            return (f"{name} is in {where} worth at most {v}: "
                    f"β falls to {format_value(e.beta)} before its children are searched.")
        if e.bound == "lower":
            return (f"{name} is in {where} worth at least {v} ≥ β = {format_value(e.beta)}: "
                    "MIN above will avoid it, so it is cut without a search.")
        if e.bound == "upper":
            return (f"{name} is in {where} worth at most {v} ≤ α = {format_value(e.alpha)}: "
                    "MAX above will avoid it, so it is cut without a search.")
        return f"{name} is in {where} with the exact value {v}: it is not searched again."

    def _has_chance(self) -> bool:
        """Whether the trace holds chance nodes (then values are expectations)."""
        return any(e.role == "chance" or e.kind == CHANCE_STEP for e in self.events)


def step_index(events, step: int, what: str) -> int:
    """``step`` as an index into ``events`` (negative counts from the end), checked.

    Raises:
        ValueError: the trace is empty (``what`` names the search to run), or
            ``step`` is outside it.
    """
    if not events:
        raise ValueError(f"the trace is empty: run {what} with tracer=trace first")
    n = len(events)
    if step < 0:
        step += n
    if not 0 <= step < n:
        raise ValueError(f"step {step} is outside this trace's steps 0..{n - 1}")
    return step


def format_value(x) -> str:
    """A value as sentences and figures write it: 3, 0.333, −2, +∞, −∞.

    A vector of values (a tuple, one entry per player) is written compactly,
    ``(3,3,3)``; anything else with ``str``.

    >>> [format_value(v) for v in (3, 2.0, 1 / 3, -2, float("inf"), -float("inf"), None)]
    ['3', '2', '0.333', '−2', '+∞', '−∞', '']
    >>> format_value((3, 0.5, -2))
    '(3,0.5,−2)'
    """
    if x is None:
        return ""
    if isinstance(x, tuple):
        return "(" + ",".join(format_value(v) for v in x) + ")"
    if isinstance(x, float):
        if math.isinf(x):
            return "+∞" if x > 0 else "−∞"
        text = str(int(x)) if x.is_integer() else f"{x:.3g}"
    elif isinstance(x, int):
        text = str(x)
    else:
        return str(x)
    return text.replace("-", "−")


BOUND_SIGNS = {UPPER: "≤", LOWER: "≥"}
"""How a value that is only a bound is written: ``≤2`` is at most 2."""


def bound_text(value, kind: str = EXACT) -> str:
    """A value as ``format_value`` writes it, with ``≤`` or ``≥`` if it is an
    upper or lower bound.

    >>> bound_text(2, "upper"), bound_text(-1.5, "lower"), bound_text(3)
    ('≤2', '≥−1.5', '3')
    """
    return BOUND_SIGNS.get(kind, "") + format_value(value)


def format_probability(p) -> str:
    """A probability as sentences and chance edges write it: a simple fraction
    if it is one (denominator at most 12, to within 1e-9), else as ``format_value``.

    A die's 1/3 is stored as 0.333...; written as a fraction it reads as the
    rules of the game say it.

    >>> [format_probability(p) for p in (1 / 3, 1 / 6, 2 / 3, 0.5, 1.0, 0.9, 0.35, 0.123456)]
    ['1/3', '1/6', '2/3', '1/2', '1', '9/10', '0.35', '0.123']
    >>> format_probability(Fraction(5, 12))
    '5/12'
    """
    fraction = Fraction(p).limit_denominator(12)
    if abs(fraction - p) <= 1e-9:
        return str(fraction)
    return format_value(float(p))


def _entry(vector, players: tuple, player: str):
    """``player``'s entry of a value vector."""
    return vector[players.index(player)]


def _players_text(players: tuple) -> str:
    """``for (P1, P2, P3)``: the order of a vector's entries, said once."""
    return "for (" + ", ".join(players) + ")"


def _where_text(e: Event) -> str:
    """Where a quiescence node lies: ``at the depth limit (ply 2)`` or
    ``past the horizon (ply 3, depth limit 2)``."""
    if e.horizon is not None and e.depth > e.horizon:
        return f"past the horizon (ply {e.depth}, depth limit {e.horizon})"
    return f"at the depth limit (ply {e.depth})"


def _noisy_text(e: Event) -> str:
    """What an entered node's noise means, in a quiescence search; else nothing."""
    if e.horizon is None or not e.noisy:
        return ""
    noise = "and still noisy" if e.depth > e.horizon else "but noisy"
    return f" It is {_where_text(e)} {noise}: only its noisy moves are searched."


def _leaf_text(e: Event) -> str:
    """Why a leaf is a leaf: ``is terminal: utility``, ``is at the depth limit:
    evaluation``; in a quiescence search also whether it is past the horizon,
    and quiet or (at the extension limit) still noisy."""
    if e.horizon is None:
        return "is terminal: utility" if e.terminal else "is at the depth limit: evaluation"
    if e.terminal:
        past = f", {_where_text(e)}" if e.depth > e.horizon else ""
        return f"is terminal{past}: utility"
    if e.noisy:
        return (f"is {_where_text(e)} and still noisy, but max_extension allows no more "
                "plies: evaluation")
    return f"is {_where_text(e)} and quiet: evaluation"


def _window_text(alpha, beta) -> str:
    if alpha is None:
        return ""
    return f"α = {format_value(alpha)}, β = {format_value(beta)}"


def _action_text(action) -> str:
    return action if isinstance(action, str) else repr(action)
