"""A trace of a search, replayed step by step.

``Trace`` is a tracer (``aisearch.tracing`` says what a search reports and
which events it emits): it keeps the events and answers questions about them,
and it can replay them: for any step it tells the status of every node
(unseen, on the stack, done, pruned), its value so far, whether that value is
exact or a bound, and its alpha-beta window. The viewer in ``aisearch.viz``
only reads this replay; it never runs a search itself. The sentence that
explains each step comes from ``aisearch.narration``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, NamedTuple, cast

from .game import optional
from .narration import BOUND_SIGNS, move_text, sentence  # noqa: F401  (BOUND_SIGNS: re-exported)

# `name as name`: re-exported, for the viewer and the exercises import them from here.
from .narration import bound_text as bound_text
from .narration import format_probability as format_probability
from .narration import format_value as format_value
from .tracing import (  # noqa: F401  (re-exported for the searches' and tests' old imports)
    CACHE_HIT,
    CHANCE_STEP,
    EXACT,
    LOWER,
    NARROWED,
    SYMMETRY_HIT,
    SYMMETRY_NARROWED,
    TABLE_ANSWERS,
    TABLE_KINDS,
    TABLE_NARROWINGS,
    UPDATE,
    UPPER,
    Bound,
    EventKind,
    Tracing,
    start_tracing,
)
from .tracing import CUTOFF as CUTOFF
from .tracing import ENTER as ENTER
from .tracing import EXIT as EXIT
from .tracing import LEAF as LEAF
from .tracing import Event as Event
from .validation import step_index as step_index  # re-exported: its first home

UNSEEN, STACK, DONE, PRUNED = "unseen", "stack", "done", "pruned"
"""The four statuses a node has in a replayed frame."""

Changes = dict[int, tuple[list[int], list[Any]]]
"""node -> the steps at which its entry changed, and the entries (``Replay``)."""


def _exit_kind(
    e: Event, children: list[tuple[Any, str]], window: tuple[Any, Any] | None, cutoff: Event | None
) -> str:
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
            fell = (
                cutoff.alpha is not None
                and cutoff.value is not None
                and cutoff.value <= cutoff.alpha
            )
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


class TraceNode(NamedTuple):
    """A node of the traced tree: visited, or pruned (``entered`` is ``None``)."""

    id: int
    parent: int | None
    action: Any
    state: Any
    depth: int
    role: str
    children: tuple[int, ...]
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
    status: Mapping[int, str]
    value: Mapping[int, Any]
    window: Mapping[int, tuple[Any, Any]]
    best: Mapping[int, int]
    stack: list[int]
    counts: dict[str, int]
    sentence: str
    bound: Mapping[int, str]


class EventLog:
    """What the tracers that keep their events share: the events (a tracer is
    called with each), the game they came from, and short names for states.
    ``Trace`` (minimax and its family) and ``aisearch.mcts.MCTSTrace`` build
    their replays on it; a subclass gives ``nodes()``.

    **One search per trace.** A search numbers its steps and nodes from 0, so
    the events of a second search would restart both, and the replay would
    mix two trees into one. A trace that already holds a search refuses the
    first event of another (a step 0) with a ``ValueError`` that says to make
    a new trace, and keeps the search it holds. This is what a notebook cell
    run twice meets when its trace was made in an earlier cell; the course's
    cells make the trace in the cell that searches (``trace = Trace(tree)``,
    then the search), so running such a cell again just works. A tracer that
    is meant to collect several searches is any other callable (a list's
    ``append``): only the traces that replay refuse.
    """

    def __init__(self, game: Any = None) -> None:
        self.events: list[Any] = []
        self.game = game
        self._nodes: dict[int, Any] | None = None
        self._kinds: dict[int, str] | None = None
        self._replay: Replay | None = None

    def __call__(self, event: Any) -> None:
        if event.step == 0 and self.events:
            raise self._second_search()
        self.events.append(event)
        self._nodes = None
        self._kinds = None
        self._replay = None

    def _second_search(self) -> ValueError:
        name = type(self).__name__
        return ValueError(
            f"this {name} already holds a search ({len(self.events)} steps) and a second "
            f"search began into it: one {name} holds one search, whose steps and nodes "
            f"are numbered from 0, so make a new {name}() for each search, in the cell "
            "that runs it"
        )

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.events)

    def __getitem__(self, step: int) -> Any:
        return self.events[step]

    def of_kind(self, kind: str) -> list[Any]:
        """The events of one kind, in order."""
        return [e for e in self.events if e.kind == kind]

    def nodes(self) -> dict[int, Any]:
        """Every node of the traced tree by id (given by each kind of trace)."""
        raise NotImplementedError

    def label(self, node: int) -> str:
        """A short name for a node: the game's ``label(state)`` if the trace's game
        has one (``Trace(game)``), else its state if that is a short string;
        where that would be longer than 16 characters, the moves that lead to
        the node from the root, ``[2,3 1,0]``, named as the game names them
        (``narration.move_text``: Connect Four's columns from 1) (the last
        three after ``…`` on a long path), and ``root`` for the root.
        """
        text = self._state_text(self.nodes()[node].state)
        return text if len(text) <= 16 else self._path(node)

    def _path(self, node: int | None, *more: Any) -> str:
        """``[2,3 1,0]``: the moves from the root to ``node``, then ``more``."""
        nodes, moves = self.nodes(), [move_text(self.game, a, short=True) for a in reversed(more)]
        while node is not None and nodes[node].parent is not None:
            moves.append(move_text(self.game, nodes[node].action, short=True))
            node = nodes[node].parent
        if not moves:
            return "root"
        moves.reverse()
        shown = moves if len(moves) <= 4 else ["…", *moves[-3:]]
        return "[" + " ".join(shown) + "]"

    def _state_text(self, state: Any) -> str:
        name = optional(self.game, "label")
        if callable(name):
            return str(name(state))
        return state if isinstance(state, str) else repr(state)

    def label_state(self, state: Any, parent: int | None = None, action: Any = None) -> str:
        """A state's name (as ``label`` gives it), cut to 16 characters; a
        child of node ``parent`` by ``action`` (a skipped one, which is no
        node) whose name would be cut is named by its path, as ``label`` names
        a node.
        """
        text = self._state_text(state)
        if len(text) <= 16:
            return text
        if parent is not None:
            return self._path(parent, action)
        return text[:15] + "…"


def require_trace(
    trace: object, function: str, kind: type = EventLog, instead: str | None = None
) -> None:
    """Refuse, naming ``function``, anything but a trace (of ``kind``: any
    trace, or ``Trace`` or ``MCTSTrace`` alone) to draw or replay.

    A viewer is handed what a search filled; ``None`` (a search's result
    kept instead of its trace), a ``SearchResult`` or a list of events is
    named here, before it fails deep inside the drawing. ``instead`` names
    what draws the other kind of trace. An object that is not a trace but
    reads as one (``nodes`` and ``frame``) is taken as one.

    >>> require_trace(None, "step_through")
    Traceback (most recent call last):
    ...
    ValueError: step_through needs a trace, got None: make one with trace = Trace(), run a search with tracer=trace, then call step_through(trace)
    """
    name = "trace" if kind is EventLog else kind.__name__
    if isinstance(trace, EventLog):
        if not isinstance(trace, kind):
            other = f": use {instead}" if instead else ""
            raise ValueError(f"{function} draws a {name}, not an {type(trace).__name__}{other}")
        return
    if callable(getattr(trace, "nodes", None)) and callable(getattr(trace, "frame", None)):
        return  # a stand-in that reads as a trace (a comparison's canvas)
    made = "MCTSTrace" if name == "MCTSTrace" else "Trace"
    search = "mcts" if made == "MCTSTrace" else "a search"
    raise ValueError(
        f"{function} needs a {name}, got {trace!r}: make one with trace = {made}(), "
        f"run {search} with tracer=trace, then call {function}(trace)"
    )


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

    def counts(self) -> Counter[str]:
        """How many events of each kind."""
        return Counter(e.kind for e in self.events)

    def visited(self) -> list[Any]:
        """States of the visited nodes, in the order they were visited."""
        return [e.state for e in self.events if e.kind in (ENTER, LEAF) or e.kind in TABLE_ANSWERS]

    def leaves(self) -> list[tuple[Any, Any]]:
        """``(state, value)`` of every evaluated leaf, in order."""
        return [(e.state, e.value) for e in self.events if e.kind == LEAF]

    def answered_from_table(self) -> set[int]:
        """Ids of the nodes a table answered (``cache_hit``/``symmetry_hit``), unsearched."""
        return {e.node for e in self.events if e.kind in TABLE_ANSWERS}

    def pruned(self) -> list[Any]:
        """States of the children that cutoffs skipped (not their descendants)."""
        return [s for e in self.events if e.kind == CUTOFF for s in e.skipped_states]

    def root_value(self) -> float | None:
        """The value the root returned, ``None`` if the search did not finish."""
        for e in reversed(self.events):
            if e.node == 0 and e.kind in (EXIT, LEAF):
                return cast("float | None", e.value)  # a vector in a max^n trace
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

        A search may also say what a value is (an ``exit`` or ``leaf`` event
        with a ``bound``: the Connect Four solver, whose returns are
        fail-hard, does): then that is the kind.

        Searches without a window (minimax, expectimax) and of more than two
        players (max^n) have every value exact.
        """
        if self._kinds is None:
            self._kinds = self._find_value_kinds()
        return self._kinds

    def _find_value_kinds(self) -> dict[int, str]:
        kinds: dict[int, str] = {}
        children: dict[int, list[tuple[Any, str]]] = {}  # node -> its finished (value, kind)s
        window: dict[int, tuple[Any, Any]] = {}  # node -> the window it is searched with
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
                done(e, e.bound or EXACT)
            elif e.kind in TABLE_NARROWINGS:
                if e.alpha is not None:
                    window[e.node] = (e.alpha, e.beta)
            elif e.kind in TABLE_ANSWERS:
                done(e, e.bound or EXACT)
            elif e.kind == CUTOFF:
                cut[e.node] = e
            elif e.kind == EXIT:
                on_stack.discard(e.node)
                kind = (
                    EXACT
                    if e.players
                    else _exit_kind(
                        e, children.pop(e.node, []), window.pop(e.node, None), cut.pop(e.node, None)
                    )
                )
                done(e, e.bound or kind)  # a search that says what its value is knows best
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
        rows: dict[int, dict[str, Any]] = {}
        order: dict[int, list[int]] = {}

        def add(
            node: int,
            parent: int | None,
            action: Any,
            state: Any,
            depth: int,
            role: str,
            entered: int | None,
            pruned: int | None,
            terminal: bool | None = None,
        ) -> None:
            rows[node] = dict(
                id=node,
                parent=parent,
                action=action,
                state=state,
                depth=depth,
                role=role,
                entered=entered,
                pruned=pruned,
                terminal=terminal,
                probability=None,
            )
            order[node] = []
            if parent is not None:
                order[parent].append(node)

        next_id = 1 + max((e.node for e in self.events), default=-1)
        pruned_roots = []
        for e in self.events:
            if (e.kind in (ENTER, LEAF) or e.kind in TABLE_ANSWERS) and e.node not in rows:
                terminal = e.terminal if e.kind == LEAF else None
                add(e.node, e.parent, e.action, e.state, e.depth, e.role, e.step, None, terminal)
            elif e.kind == CHANCE_STEP and e.child in rows:
                rows[e.child]["probability"] = e.probability
            elif e.kind == CUTOFF:
                for action, state, role in zip(
                    e.skipped, e.skipped_states, e.skipped_roles, strict=True
                ):
                    add(next_id, e.node, action, state, e.depth + 1, role, None, e.step)
                    pruned_roots.append(next_id)
                    next_id += 1
        if self.game is not None and pruned_roots:
            next_id = self._expand_pruned(rows, pruned_roots, add, next_id, limit)
        return {n: TraceNode(children=tuple(order[n]), **row) for n, row in rows.items()}

    def _expand_pruned(
        self,
        rows: dict[int, dict[str, Any]],
        pruned_roots: list[int],
        add: Callable[..., None],
        next_id: int,
        limit: int,
    ) -> int:
        game = self.game
        root_player = optional(game, "max_player")
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
                    role = (
                        "chance" if mover == "chance" else "max" if mover == root_player else "min"
                    )
                add(next_id, node, action, child, row["depth"] + 1, role, None, row["pruned"])
                queue.append(next_id)
                next_id += 1
        return next_id

    # Replay -------------------------------------------------------------------

    def frame(self, step: int) -> Frame:
        """The picture after ``step`` (0-based; negative counts from the end).

        Read from the trace's replay index (``Replay``), built once: a frame
        costs the same at the last step of a 100,000-event trace as at the
        first step of a small one, since its dictionaries are views that look a
        node up only when asked (``frame.status[n]``).
        """
        step = step_index(self.events, step, "a search")
        replay = self.replay()
        event = self.events[step]
        return Frame(
            step,
            event,
            replay.status_at(step),
            replay.value_at(step),
            replay.window_at(step),
            replay.best_at(step),
            replay.active_path(step),
            replay.counts(step),
            self.sentence(step),
            replay.bound_at(step),
        )

    def replay(self) -> Replay:
        """The replay index of the trace (made on first use, kept until a new event)."""
        if self._replay is None or self._replay.length != len(self.events):
            self._replay = Replay(self)
        return self._replay

    # Words ----------------------------------------------------------------------

    def sentence(self, step: int) -> str:
        """One sentence that explains what happened at ``step`` (``aisearch.narration``)."""
        return sentence(self, step_index(self.events, step, "a search"))


_MISSING: Any = object()


class _AtStep(Mapping[int, Any]):
    """A read-only dictionary of a frame whose entries are looked up when asked.

    ``lookup(node)`` gives the entry or ``_MISSING``; ``candidates()`` the
    nodes that may have one, in id order. A frame of a 25,000-node tree thus
    costs nothing until the viewer asks for the few nodes it draws.
    """

    __slots__ = ("_lookup", "_candidates")

    def __init__(self, lookup: Callable[[Any], Any], candidates: Callable[[], Iterable[int]]):
        self._lookup = lookup
        self._candidates = candidates

    def __getitem__(self, node: int) -> Any:
        found = self._lookup(node)
        if found is _MISSING:
            raise KeyError(node)
        return found

    def get(self, node: int, default: Any = None) -> Any:
        found = self._lookup(node)
        return default if found is _MISSING else found

    def __contains__(self, node: object) -> bool:
        return self._lookup(node) is not _MISSING

    def __iter__(self) -> Iterator[int]:
        return (n for n in self._candidates() if self._lookup(n) is not _MISSING)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return repr(dict(self))


class Replay:
    """Where every node of a trace stands at every step, indexed once.

    For each node: the step it was first visited, finished (a leaf, a table's
    answer, or its ``exit``) and pruned, and the steps at which its value,
    window and best child changed; for the whole trace, running totals of the
    counters. ``Trace.frame`` reads a step from these with a binary search per
    node asked, instead of replaying every event before it.
    """

    def __init__(self, trace: Trace) -> None:
        events = trace.events
        self.length = len(events)
        self.events = events
        self.nodes = nodes = trace.nodes()
        kinds = trace.value_kinds()
        self.kinds = kinds
        self.entered: dict[int, int] = {}
        self.finished: dict[int, int] = {}
        self.pruned = {n: row.pruned for n, row in nodes.items() if row.pruned is not None}
        self.values: Changes = {}
        self.windows: Changes = {}
        self.bests: Changes = {}
        self.bound_from: dict[int, int] = {}
        self._index(events)

    def _index(self, events: list[Event]) -> None:
        """Note, event by event, when each node changes, and the running totals."""
        # The children a cutoff skipped (not the subtrees expanded under them).
        pruned_children = Counter(
            row.pruned
            for row in self.nodes.values()
            if row.pruned is not None and row.parent == events[row.pruned].node
        )
        totals = {"visited": 0, "leaves": 0, "cutoffs": 0, "pruned": 0, "hits": 0}
        self.totals: dict[str, list[int]] = {k: [] for k in totals}
        for e in events:
            kind, node, step = e.kind, e.node, e.step
            if kind == ENTER:
                self.entered.setdefault(node, step)
                totals["visited"] += 1
                if e.alpha is not None:
                    _note(self.windows, node, step, (e.alpha, e.beta))
            elif kind == LEAF:
                self.entered.setdefault(node, step)
                self.finished[node] = step
                _note(self.values, node, step, e.value)
                totals["visited"] += 1
                totals["leaves"] += 1
                self._bound(node, step)  # a leaf the search says is only a bound
            elif kind == UPDATE:
                _note(self.values, node, step, e.value)
                if e.child is not None:
                    _note(self.bests, node, step, e.child)
                if e.alpha is not None:
                    _note(self.windows, node, step, (e.alpha, e.beta))
            elif kind == CHANCE_STEP:
                _note(self.values, node, step, e.total)
            elif kind in TABLE_NARROWINGS:
                if e.alpha is not None:
                    _note(self.windows, node, step, (e.alpha, e.beta))
            elif kind in TABLE_ANSWERS:
                self.entered.setdefault(node, step)
                self.finished[node] = step
                _note(self.values, node, step, e.value)
                totals["visited"] += 1
                totals["hits"] += 1
                self._bound(node, step)
            elif kind == CUTOFF:
                totals["cutoffs"] += 1
                totals["pruned"] += pruned_children.get(step, 0)
                if e.role == "chance" and e.value is not None:
                    _note(self.values, node, step, e.value)
                    self._bound(node, step)
            elif kind == EXIT:
                self.finished[node] = step
                _note(self.values, node, step, e.value)
                self._bound(node, step)
            for name, total in totals.items():
                self.totals[name].append(total)

    def _bound(self, node: int, step: int) -> None:
        if self.kinds.get(node, EXACT) != EXACT:
            self.bound_from.setdefault(node, step)

    # One step's view ------------------------------------------------------------

    def status(self, node: int, step: int) -> str:
        """``"unseen"``, ``"stack"``, ``"done"`` or ``"pruned"``: ``node`` after ``step``."""
        if node not in self.nodes:
            return cast(str, _MISSING)  # no such node: absent from a frame's statuses
        pruned = self.pruned.get(node)
        if pruned is not None and pruned <= step:
            return PRUNED
        entered = self.entered.get(node)
        if entered is None or entered > step:
            return UNSEEN
        finished = self.finished.get(node)
        return DONE if finished is not None and finished <= step else STACK

    def status_at(self, step: int) -> Mapping[int, str]:
        return _AtStep(lambda n: self.status(n, step), lambda: self.nodes)

    def value_at(self, step: int) -> Mapping[int, Any]:
        return _AtStep(lambda n: _latest(self.values, n, step), lambda: sorted(self.values))

    def window_at(self, step: int) -> Mapping[int, tuple[Any, Any]]:
        def window(node: int) -> Any:
            finished = self.finished.get(node)
            if finished is not None and finished <= step:
                return _MISSING
            return _latest(self.windows, node, step)

        return _AtStep(window, lambda: sorted(self.windows))

    def best_at(self, step: int) -> Mapping[int, int]:
        return _AtStep(lambda n: _latest(self.bests, n, step), lambda: sorted(self.bests))

    def bound_at(self, step: int) -> Mapping[int, str]:
        def bound(node: int) -> Any:
            since = self.bound_from.get(node)
            return self.kinds[node] if since is not None and since <= step else _MISSING

        return _AtStep(bound, lambda: sorted(self.bound_from))

    def counts(self, step: int) -> dict[str, int]:
        counts = {k: self.totals[k][step] for k in ("visited", "leaves", "cutoffs", "pruned")}
        if self.totals["hits"][step]:
            counts["hits"] = self.totals["hits"][step]
        return counts

    def active_path(self, step: int) -> list[int]:
        """The recursion stack after ``step``, root first, and the node of the
        step on top when it is a leaf or a node that just returned."""
        event = self.events[step]
        node = event.node
        top = node if self.status(node, step) == STACK else self.nodes[node].parent
        path = []
        while top is not None:
            path.append(top)
            top = self.nodes[top].parent
        path.reverse()
        if event.kind == LEAF or (event.kind == EXIT and (not path or path[-1] != node)):
            path.append(node)
        return path


def _note(changes: Changes, node: int, step: int, value: Any) -> None:
    steps, values = changes.setdefault(node, ([], []))
    steps.append(step)
    values.append(value)


def _latest(changes: Changes, node: int, step: int) -> Any:
    """The last value noted for ``node`` at or before ``step``, else ``_MISSING``."""
    found = changes.get(node)
    if found is None:
        return _MISSING
    i = bisect_right(found[0], step) - 1
    return found[1][i] if i >= 0 else _MISSING
