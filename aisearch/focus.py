"""Focus and context: a search of thousands of nodes seen from where it is.

A textbook tree of a dozen nodes can be drawn whole; alpha-beta on
tic-tac-toe visits 18,297. What a student needs at a step is where the
search is and what it knows there: the path from the root to the node it
works on, drawn in full; the children of every node on that path, so that
each choice made along the way is seen beside its rivals; and, for every
such child whose subtree lies off the path, one summary instead of the
subtree: how many nodes the search has visited in it so far, its value (or
bound), and whether a cutoff happened anywhere inside it.

``Overview(trace).at(step)`` gives that view as data (``FocusView``); the
viewer in ``aisearch.viz`` draws it. A subtree off the path is *opened* by
stepping into it: ``Overview.steps(node)`` are the steps at which the search
was inside it, and at those steps the path runs through it.

The counts are cheap because of how a trace numbers its nodes: ids are given
in the order nodes are first visited, depth first, so the nodes a search
visits under ``n`` have the consecutive ids ``n .. end[n] - 1``, visited in
that order; how many of them had been visited by a step is one binary search.

>>> from aisearch import Trace, alphabeta
>>> from aisearch.games import GameTree
>>> trace = Trace()
>>> _ = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
>>> view = Overview(trace).at(-1)
>>> [[trace.label(n) for n in row] for row in view.rows]
[['A'], ['B', 'C', 'D']]
>>> b = view.subtrees[1]
>>> b.visited, b.cut
(4, False)
>>> view.subtrees[5].visited, view.subtrees[5].cut  # C: cut after its first leaf
(2, True)
"""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from .trace import CUTOFF, Trace, step_index


class Subtree(NamedTuple):
    """What a node's subtree holds at one step: ``visited`` nodes of it (the
    node included) visited so far, whether a cutoff happened in it (at the
    node or below) by then (``cut``), and ``held``, the nodes the search
    visits in it by its end."""

    node: int
    visited: int
    cut: bool
    held: int


class FocusView(NamedTuple):
    """One step of a trace as the focused view draws it.

    ``path`` runs from the root to the node the step is about (the frame's
    stack); ``rows[0]`` is ``[root]`` and ``rows[d]`` the children of
    ``path[d - 1]``, in the game's order, pruned ones included; ``subtrees``
    summarises every node in ``rows``; ``open`` are the nodes whose
    subtree is drawn (the path), every other drawn node with a subtree is
    collapsed into its summary.
    """

    step: int
    path: list
    rows: list
    subtrees: dict
    open: frozenset

    def collapsed(self) -> list[int]:
        """The drawn nodes whose visited subtree (more than the node itself) is summarised."""
        return [
            n
            for row in self.rows
            for n in row
            if n not in self.open and self.subtrees[n].visited > 1
        ]


class Overview:
    """The index behind the focused view of one trace (see the module).

    Raises:
        ValueError: the trace is empty.
    """

    def __init__(self, trace: Trace) -> None:
        if not len(trace):
            raise ValueError("the trace is empty: run a search with tracer=trace first")
        self.trace = trace
        self.nodes = nodes = trace.nodes()
        replay = trace.replay()
        self.entered = replay.entered
        self.finished = replay.finished
        visited = sorted(replay.entered)
        # Ids in order of first visit: each visited subtree is a run of ids.
        self.first_steps = [replay.entered[n] for n in visited]
        if visited != list(range(len(visited))) or self.first_steps != sorted(self.first_steps):
            raise ValueError("the trace's node ids are not in the order the nodes were visited")
        self.end: dict[int, int] = {}
        self.first_cut: dict[int, float] = {}
        cuts: dict[int, int] = {}
        for e in trace.events:
            if e.kind == CUTOFF:
                cuts.setdefault(e.node, e.step)
        inf = float("inf")
        for n in reversed(visited):
            children = [c for c in nodes[n].children if c in replay.entered]
            self.end[n] = max([n + 1] + [self.end[c] for c in children])
            self.first_cut[n] = min([cuts.get(n, inf)] + [self.first_cut[c] for c in children])

    def subtree(self, node: int, step: int) -> Subtree:
        """What ``node``'s subtree holds after ``step``."""
        end = self.end.get(node)
        if end is None:  # never visited: pruned, or not reached
            return Subtree(node, 0, False, 0)
        seen = bisect_right(self.first_steps, step)
        visited = max(0, min(seen, end) - node)
        return Subtree(node, visited, self.first_cut[node] <= step, end - node)

    def steps(self, node: int) -> range:
        """The steps at which the search is inside ``node``'s subtree, from its
        visit to its return.

        Raises:
            ValueError: ``node`` is not a node of the trace, or was never visited.
        """
        if isinstance(node, bool) or not isinstance(node, int) or node not in self.nodes:
            raise ValueError(f"node {node!r} is not in this trace (ids 0..{len(self.nodes) - 1})")
        if node not in self.entered:
            raise ValueError(
                f"node {node!r} ({self.trace.label(node)}) was never visited: "
                "there are no steps to go through"
            )
        return range(self.entered[node], self.finished.get(node, len(self.trace) - 1) + 1)

    def at(self, step: int) -> FocusView:
        """The focused view after ``step`` (negative counts from the end)."""
        step = step_index(self.trace.events, step, "a search")
        path = self.trace.replay().active_path(step)
        rows = [[path[0]]] + [list(self.nodes[n].children) for n in path]
        rows = [row for row in rows if row]
        drawn = [n for row in rows for n in row]
        subtrees = {n: self.subtree(n, step) for n in drawn}
        return FocusView(step, path, rows, subtrees, frozenset(path))


class MCTSOverview:
    """The index behind the focused view of an MCTS trace (``aisearch.mcts_trace``).

    The same view as ``Overview`` gives a search's trace: at a step, the path
    from the root to the node the step is about, and the children of every
    node on it, but only those in the tree by then. A summary's ``visited``
    counts the nodes added to the tree in that subtree so far (the node
    included); ``held``, those in it at the end; MCTS never cuts, so ``cut``
    is false. MCTS grows its tree wherever the selection leads, so the nodes
    under a node are not a run of ids: each node keeps the steps at which
    the nodes under it were added, in order, and how many by a step is one
    binary search (a list entry per node and ancestor: the tree's size times
    its depth).

    Raises:
        ValueError: the trace is empty.

    >>> from aisearch.games import GameTree
    >>> from aisearch.mcts import MCTSTrace, mcts
    >>> tree = GameTree.from_nested([[1, 1, -1], [0, 0]])
    >>> trace = MCTSTrace(tree)
    >>> _ = mcts(tree, iterations=6, seed=0, tracer=trace)
    >>> view = MCTSOverview(trace).at(-1)
    >>> [trace.label(n) for n in view.path]  # the last iteration went down to G
    ['A', 'C', 'G']
    >>> [[trace.label(n) for n in row] for row in view.rows]  # C's other child: not added yet
    [['A'], ['B', 'C'], ['G']]
    >>> view.subtrees[0].visited, view.subtrees[1].visited, view.collapsed()
    (7, 4, [1])
    """

    def __init__(self, trace) -> None:
        if not len(trace):
            raise ValueError("the trace is empty: run mcts with tracer=trace first")
        self.trace = trace
        self.nodes = nodes = trace.nodes()
        self.added: dict[int, list[int]] = {n: [] for n in nodes}
        for n in sorted(nodes, key=lambda n: nodes[n].entered):
            ancestor = n
            while ancestor is not None:
                self.added[ancestor].append(nodes[n].entered)
                ancestor = nodes[ancestor].parent

    def subtree(self, node: int, step: int) -> Subtree:
        """What ``node``'s subtree holds after ``step``.

        Raises:
            ValueError: ``node`` is not a node of the trace.
        """
        added = self.added.get(node)
        if added is None:
            raise ValueError(f"node {node!r} is not in this trace (ids 0..{len(self.nodes) - 1})")
        return Subtree(node, bisect_right(added, step), False, len(added))

    def at(self, step: int) -> FocusView:
        """The focused view after ``step`` (negative counts from the end)."""
        step = step_index(self.trace.events, step, "mcts")
        path = list(self.trace.events[step].path)
        rows = [[path[0]]] + [
            [c for c in self.nodes[n].children if self.nodes[c].entered <= step] for n in path
        ]
        rows = [row for row in rows if row]
        subtrees = {n: self.subtree(n, step) for row in rows for n in row}
        return FocusView(step, path, rows, subtrees, frozenset(path))
