"""Tracing Monte Carlo tree search: its events, and the growing tree replayed.

``mcts`` (in ``aisearch.mcts``) gives a tracer one ``MCTSEvent`` per step of
every iteration: a ``select`` for each move down the tree (with every
child's UCT score, or the outcome chance drew), the ``expand`` that adds a
node, the ``simulate`` that plays it out, and the ``backpropagate`` that adds
the playout's result along the path. The root's own ``expand`` comes first.

``MCTSTrace`` keeps those events and replays them without the search: the
tree as it stood after any step (``frame``), with each node's visits and
mean, and a sentence that says what the step did. Reading events is all it
needs, so this module does not import the search; ``aisearch.viz`` draws
its frames.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .trace import EventLog, TraceNode, format_value, step_index

SELECT, EXPAND, SIMULATE, BACKPROPAGATE = "select", "expand", "simulate", "backpropagate"
"""The four kinds of events MCTS gives a tracer, one per step of an iteration."""


class Score(NamedTuple):
    """One child's UCT score in a selection: ``mean`` is for the chooser."""

    action: Any
    node: int
    visits: int
    mean: float
    bonus: float
    score: float


class MCTSEvent(NamedTuple):
    """One step of MCTS, given to a tracer.

    ``kind`` is ``"select"``, ``"expand"``, ``"simulate"`` or
    ``"backpropagate"``; ``iteration`` counts from 1 (0 for the root's
    ``expand``, the first event). ``node`` is the node the step is about:
    the child selected, the node added, the node played out from, the node
    the result was added to first. ``value`` is the playout's result from
    MAX's point of view (``simulate``, ``backpropagate``); for ``select``
    ``scores`` holds every child's ``Score`` and ``chance`` is true when the
    child was drawn by chance instead. ``path`` lists the node ids from the
    root to ``node``; ``moves`` and ``final_state`` describe a playout.
    ``role`` is ``"max"``, ``"min"`` or ``"chance"`` by who moves at the
    node, or ``"terminal"``.
    """

    step: int
    kind: str
    iteration: int
    node: int
    parent: int | None
    state: Any
    action: Any
    depth: int
    role: str
    value: float | None = None
    path: tuple = ()
    scores: tuple = ()
    chance: bool = False
    terminal: bool = False
    moves: int = 0
    final_state: Any = None
    exploration: float | None = None


class MCTSTraceNode(TraceNode):
    """A node of a traced MCTS tree, as it is at the end of the search.

    A ``TraceNode`` like those of every other trace: MCTS never prunes
    (``pruned`` is ``None``), and a node is entered when it is added, so
    ``entered`` is also its ``created`` step.
    """

    __slots__ = ()

    @property
    def created(self) -> int:
        """The step of the ``expand`` event that added it."""
        assert self.entered is not None  # every node of an MCTS tree was added by an expand
        return self.entered


class MCTSFrame(NamedTuple):
    """The tree after one step of an MCTS trace.

    ``present`` lists the node ids in the tree at this step, in the order
    they were added; ``visits[n]`` and ``mean[n]`` are a present node's
    visit count and mean value from MAX's point of view (0 and ``None``
    before its first visit); ``path`` runs from the root to the node the
    step is about (``event.node``); ``counts`` holds ``iterations`` finished,
    ``nodes`` in the tree and ``playout_moves`` made so far.
    """

    step: int
    event: MCTSEvent
    present: list
    visits: dict
    mean: dict
    path: list
    counts: dict
    sentence: str


class MCTSTrace(EventLog):
    """A tracer for ``mcts`` that keeps every event and replays the growing tree.

    >>> from aisearch.games import GameTree
    >>> from aisearch.mcts import mcts
    >>> tree = GameTree.from_nested([[1, 1, -1], [0, 0]])
    >>> trace = MCTSTrace(tree)
    >>> result = mcts(tree, iterations=6, seed=0, tracer=trace)
    >>> trace.counts()["backpropagate"], trace.frame(-1).visits[0]
    (6, 6)
    >>> trace.sentence(1)
    'Iteration 1, expand: add B to the tree, by action a1 from A (the root has untried actions).'
    """

    def __repr__(self) -> str:
        iterations = sum(e.kind == BACKPROPAGATE for e in self.events)
        return f"<MCTSTrace of {len(self.events)} events: {iterations} iterations>"

    def counts(self) -> dict:
        """How many events of each kind."""
        found = {kind: 0 for kind in (SELECT, EXPAND, SIMULATE, BACKPROPAGATE)}
        for e in self.events:
            found[e.kind] += 1
        return found

    def nodes(self) -> dict[int, MCTSTraceNode]:
        """Every node the search added, with its children in the order they were added."""
        if self._nodes is None:
            rows: dict[int, dict] = {}
            children: dict[int, list] = {}
            for e in self.events:
                if e.kind == EXPAND:
                    rows[e.node] = dict(
                        id=e.node,
                        parent=e.parent,
                        action=e.action,
                        state=e.state,
                        depth=e.depth,
                        role=e.role,
                        entered=e.step,
                        pruned=None,
                        terminal=e.terminal,
                    )
                    children[e.node] = []
                    if e.parent is not None:
                        children[e.parent].append(e.node)
            self._nodes = {
                n: MCTSTraceNode(children=tuple(children[n]), **row) for n, row in rows.items()
            }
        return self._nodes

    def frame(self, step: int) -> MCTSFrame:
        """The tree after ``step`` (0-based; negative counts from the end)."""
        step = step_index(self.events, step, "mcts")
        present: list = []
        visits: dict = {}
        totals: dict = {}
        iterations = moves = 0
        for e in self.events[: step + 1]:
            if e.kind == EXPAND:
                present.append(e.node)
                visits[e.node] = 0
                totals[e.node] = 0.0
            elif e.kind == SIMULATE:
                moves += e.moves
            elif e.kind == BACKPROPAGATE:
                iterations += 1
                for node in e.path:
                    visits[node] += 1
                    totals[node] += e.value
        mean = {node: totals[node] / visits[node] if visits[node] else None for node in present}
        event = self.events[step]
        counts = {"iterations": iterations, "nodes": len(present), "playout_moves": moves}
        return MCTSFrame(
            step, event, present, visits, mean, list(event.path), counts, self.sentence(step)
        )

    # Words ------------------------------------------------------------------------

    def sentence(self, step: int) -> str:
        """One sentence that explains what happened at ``step``."""
        e = self.events[step]
        if e.kind == EXPAND and e.parent is None:
            who = "a terminal state" if e.terminal else f"{e.role.upper()} to move"
            return (
                f"The tree starts as the root {self.label(e.node)} alone ({who}), with no visits."
            )
        head = f"Iteration {e.iteration}, {e.kind}: "
        if e.kind == EXPAND:
            return head + self._expand_text(e)
        if e.kind == SELECT:
            return head + self._select_text(e)
        if e.kind == SIMULATE:
            name = self.label(e.node)
            if e.moves == 0:
                return (
                    head
                    + f"{name} is terminal, worth {_number(e.value)} to MAX: no playout needed."
                )
            plural = "s" if e.moves != 1 else ""
            return head + (
                f"a random playout from {name} ends after {e.moves} move{plural} in "
                f"{self.label_state(e.final_state)}, worth {_number(e.value)} to MAX."
            )
        if e.kind == BACKPROPAGATE:
            done = [x.value for x in self.events[: step + 1] if x.kind == BACKPROPAGATE]
            visits, mean = len(done), sum(v for v in done if v is not None) / len(done)
            path = " → ".join(self.label(n) for n in reversed(e.path))
            return head + (
                f"add {_number(e.value)} to every node on the path {path}; the root "
                f"now has {visits} visit{'s' if visits != 1 else ''} and mean "
                f"{_number(mean)}."
            )
        return f"{e.kind} at {self.label(e.node)}."

    def _expand_text(self, e: MCTSEvent) -> str:
        parent = e.parent
        assert parent is not None
        if self.nodes()[parent].role == "chance":
            why = "a chance draw gave an outcome not yet in the tree"
        else:
            where = "the root" if self.nodes()[parent].parent is None else self.label(parent)
            why = f"{where} has untried actions"
        return (
            f"add {self.label(e.node)} to the tree, by action {_text(e.action)} from "
            f"{self.label(parent)} ({why})."
        )

    def _select_text(self, e: MCTSEvent) -> str:
        parent = e.parent
        assert parent is not None
        name, above = self.label(e.node), self.label(parent)
        if e.chance:
            return f"at chance node {above} chance draws {_text(e.action)}: go to {name}."
        chooser = "MAX" if self.nodes()[parent].role == "max" else "MIN"
        chosen = next(s for s in e.scores if s.node == e.node)
        scores = ", ".join(f"{_text(s.action)} {_number(s.score)}" for s in e.scores)
        tied = [_text(s.action) for s in e.scores if s.score == chosen.score and s is not chosen]
        tie = (
            f"; a tie with {', '.join(tied)}, and the first in the order of actions is taken"
            if tied
            else ""
        )
        return (
            f"{above} is fully expanded; {chooser} takes the highest UCT score, "
            f"{_text(chosen.action)} to {name}: mean for {chooser} {_number(chosen.mean)} + "
            f"bonus {_number(chosen.bonus)} = {_number(chosen.score)} (scores: {scores}"
            f"{tie})."
        )


def _number(x) -> str:
    """A number as the sentences write it: a fraction to 3 decimals, then as ``format_value``."""
    if isinstance(x, float) and not x.is_integer():
        return format_value(round(x, 3))
    return format_value(x)


def _text(action) -> str:
    """An action as the sentences write it: a string as it is, anything else by its repr."""
    return action if isinstance(action, str) else repr(action)
