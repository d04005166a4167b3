"""A trace as a networkx graph, for students who want to draw or query it themselves.

Each node of ``trace.nodes()`` becomes a graph node with its ``state``,
``role``, ``label``, ``depth`` and tidy-layout position ``pos`` (so
``networkx.draw(graph, pos=nx.get_node_attributes(graph, "pos"))`` draws the
same tree the viewer does). Given a ``step``, nodes also carry what the
replay knows then: ``status``, ``value`` and ``window`` (``None`` where there
is none yet). Edges go from parent to child and carry the ``action``.
"""

from __future__ import annotations

from ..trace import Trace, require_trace
from .layout import tree_layout


def to_networkx(trace, step: int | None = None):
    """The traced tree as a ``networkx.DiGraph``, with the frame of ``step`` if given.

    >>> from aisearch import alphabeta, Trace
    >>> from aisearch.games import GameTree
    >>> trace = Trace()
    >>> _ = alphabeta(GameTree.from_nested([[3, 12], [2, 4]]), tracer=trace)
    >>> graph = to_networkx(trace, step=-1)
    >>> graph.nodes[0]["label"], graph.nodes[0]["value"], graph.edges[0, 1]["action"]
    ('A', 3, 'a1')
    """
    import networkx as nx

    require_trace(trace, "to_networkx", Trace)
    nodes = trace.nodes()
    layout = tree_layout(trace)
    frame = trace.frame(step) if step is not None else None
    graph = nx.DiGraph()
    for n in layout:
        row = nodes[n]
        attributes = dict(
            state=row.state, role=row.role, label=trace.label(n), depth=row.depth, pos=layout[n]
        )
        if frame is not None:
            attributes.update(
                status=frame.status[n], value=frame.value.get(n), window=frame.window.get(n)
            )
        graph.add_node(n, **attributes)
    for n in layout:
        row = nodes[n]
        if row.parent is not None:
            graph.add_edge(row.parent, n, action=row.action)
    return graph
