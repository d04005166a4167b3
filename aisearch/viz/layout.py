"""Where each node of a tree goes: a tidy layout, computed once per trace.

Leaves are placed at x = 0, 1, 2, ... in left-to-right order, a parent is
centred over its first and last child, and a node's y is minus its depth, so
the root sits on top at y = 0. Two nodes at the same depth have disjoint runs
of leaves under them, so they never share a position and stand at least one
unit apart.

The layout of a trace covers every node of ``trace.nodes()``: the visited
ones, the pruned ones and (for ``Trace(game)``) the subtrees under the pruned
ones. It does not depend on the step, so nodes never move while the viewer
steps through a search.

>>> tidy_layout({"A": ["B", "C"], "C": ["D", "E"]}, "A")
{'B': (0, -1), 'D': (1, -2), 'E': (2, -2), 'C': (1.5, -1), 'A': (0.75, 0)}
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from ..trace import require_trace

Position = tuple[float, float]


def tidy_layout(
    children: Mapping[Hashable, Sequence[Hashable]], root: Hashable
) -> dict[Any, Position]:
    """Positions ``node -> (x, y)`` for the tree under ``root``.

    ``children`` maps a node to its children in left-to-right order; a node
    that is missing or maps to an empty sequence is a leaf. Leaves get
    x = 0, 1, 2, ... from left to right, a parent the midpoint of its first
    and last child's x, and y = -depth. Nodes appear in the result in the
    order they are placed (children before their parent).

    Raises:
        ValueError: if a node is reached twice (the mapping is not a tree).
    """
    if not isinstance(children, Mapping):
        raise ValueError(
            f"tidy_layout was given children={children!r}: children must map each node to "
            "the list of its children, such as {'A': ['B', 'C']}"
        )
    if not isinstance(root, Hashable):
        raise ValueError(
            f"tidy_layout was given root={root!r}: the root is a node, a hashable name"
        )
    position: dict[Any, Position] = {}
    reached: set = set()
    next_leaf = 0

    def place(node, depth: int) -> float:
        nonlocal next_leaf
        if node in reached:
            raise ValueError(f"node {node!r} is reached twice: the children mapping is not a tree")
        reached.add(node)
        kids = children.get(node, ())
        if not kids:
            x: float = next_leaf
            next_leaf += 1
        else:
            xs = [place(kid, depth + 1) for kid in kids]
            x = (xs[0] + xs[-1]) / 2
        position[node] = (x, -depth)
        return x

    place(root, 0)
    return position


def tree_layout(trace) -> dict[int, Position]:
    """The tidy layout of a trace's tree: node id -> ``(x, y)``.

    Covers every node of ``trace.nodes()`` (visited, pruned, and the pruned
    subtrees of ``Trace(game)``), in the order the search met the children,
    so it is the same for every step of the trace.

    Raises:
        ValueError: if the trace is empty.
    """
    require_trace(trace, "tree_layout")
    nodes = trace.nodes()
    if not nodes:
        raise ValueError("the trace is empty: run a search with tracer=trace first")
    roots = [n for n, row in nodes.items() if row.parent is None]
    children = {n: row.children for n, row in nodes.items()}
    return tidy_layout(children, roots[0])
