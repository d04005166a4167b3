"""A large MCTS trace drawn in focus and context, as a large search's trace is.

A few hundred iterations grow a tree too wide to read whole. Such a trace
(more than ``WHOLE_TREE_LIMIT`` nodes) is drawn as ``aisearch.viz.focus``
draws a large search's trace: ``MCTSFocusFigure`` draws the path of the step
in full and, in a row under each node on it, that node's children in the
tree by then, each with its ``visits / mean`` and, under a child that holds
a subtree, the number of nodes in it (``▸n``). Colours and words are those of
the whole tree (``aisearch.viz.mcts_style``).
"""

from __future__ import annotations

import math

from matplotlib.colors import Normalize, to_hex
from matplotlib.patches import Patch
from matplotlib.typing import LineStyleType

import aisearch.viz.style as style

from ..focus import FocusView, MCTSOverview
from ..mcts_trace import SELECT, MCTSTrace
from ..trace import format_value
from .focus import FocusDrawing, FocusFigure, disc_handles, summary_handles
from .mcts_style import (
    ACTIVE_EDGE,
    EDGE_COLOR,
    NODE_EDGE,
    PATH_COLOR,
    UNVISITED_EDGE_STYLE,
    UNVISITED_LINESTYLE,
    counters_text,
    face_for,
    legend_handles,
    node_text,
    outline,
    value_scale,
)


class MCTSFocusDrawing(FocusDrawing):
    """A large MCTS tree in focus and context, in one ``Axes`` redrawn at each step.

    Laid out as ``FocusDrawing`` lays out a search's trace: the path of the
    step (root to ``frame.path[-1]``), the children of every node on it that
    are in the tree by then, and under each child off the path that holds a
    subtree the number of nodes in it (``▸n``). Each node is written and
    coloured as ``MCTSFigure`` does it: ``visits / mean`` beside it, its fill
    by its mean for MAX (white, with a dashed outline, before its first
    visit), the iteration's path in orange, the node of the step outlined in
    red; at a select step each child compared has its UCT score under its
    numbers. The width of an edge grows with the share of the parent's visits
    that went to the child, so the child the search prefers stands out in
    every row, however deep.

    Args:
        ax: the axes to draw in (its contents are replaced at every step).
        trace: an ``aisearch.mcts.MCTSTrace``.
        overview: the trace's ``aisearch.focus.MCTSOverview`` (made if not given).
        label: node -> the name written under a node on the path (by
            default ``trace.label``; only short names are written).
    """

    def __init__(self, ax, trace: MCTSTrace, *, overview: MCTSOverview | None = None, label=None):
        self.norm = Normalize(-value_scale(trace), value_scale(trace))
        self.scores: dict[int, float] = {}
        super().__init__(ax, trace, overview=overview or MCTSOverview(trace), label=label)

    def update(self, frame) -> FocusView:
        """Draw ``frame`` (an ``MCTSTrace.frame``); returns the ``FocusView`` drawn."""
        event = frame.event
        self.scores = {s.node: s.score for s in event.scores} if event.kind == SELECT else {}
        return super().update(frame)

    def _numbers(self, n: int, frame, on_path: bool) -> dict:
        words = {"value": node_text(frame, n)}
        if n in self.scores:
            words["window"] = f"UCT {format_value(self.scores[n])}"
        return words

    def _look(self, n: int, frame) -> style.NodeLook:
        edge, width = outline(n, frame.event.node, set(frame.path))
        line: LineStyleType = UNVISITED_LINESTYLE if frame.visits[n] == 0 else "solid"
        face = to_hex(face_for(frame.mean[n], self.norm))
        return style.NodeLook(face, edge, width, line, NODE_EDGE)

    def _edge_look(self, child: int, frame, path: set) -> style.EdgeLook:
        parent = self.nodes[child].parent
        visits = frame.visits[child]
        share = visits / max(frame.visits[parent], 1)
        on_path = child in path and parent in path
        line: LineStyleType = UNVISITED_EDGE_STYLE if visits == 0 else "solid"
        return style.EdgeLook(
            PATH_COLOR if on_path else EDGE_COLOR, 0.8 + 4.0 * math.sqrt(share), line
        )

    def highlighted(self) -> list[int]:
        """The nodes outlined as the active node (the node of the step, if drawn)."""
        return sorted(n for n, look in self.looks.items() if look.edge == ACTIVE_EDGE)


class MCTSFocusFigure(FocusFigure):
    """One figure showing a large MCTS trace in focus and context, a step at a time.

    ``FocusFigure``'s figure (caption, counters, legend; ``update``, ``png``,
    ``frame``, ``step``, ``highlighted``) drawn by ``MCTSFocusDrawing``, with
    ``MCTSFigure``'s counters. ``figure_for`` gives it for an MCTS trace of
    more than ``WHOLE_TREE_LIMIT`` nodes.

    Args:
        trace: an ``aisearch.mcts.MCTSTrace``.
        options: as for ``FocusFigure`` (``step``, ``figsize``, ``dpi``,
            ``caption``, ``legend``, ``label``).

    >>> from aisearch.games import TicTacToe
    >>> from aisearch.mcts import MCTSTrace, mcts
    >>> trace = MCTSTrace(TicTacToe())
    >>> _ = mcts(TicTacToe(), iterations=200, seed=0, tracer=trace)
    >>> figure = MCTSFocusFigure(trace, step=-1)
    >>> figure.view.path == figure.frame.path, len(figure.view.rows[1])
    (True, 9)
    """

    overview_class = MCTSOverview
    drawing_class = MCTSFocusDrawing

    def counters_text(self, frame) -> str:
        """The counters line for ``frame``: step, iterations, nodes, playout moves."""
        return counters_text(frame, len(self.trace))

    def _legend_handles(self) -> list:
        scale = value_scale(self.trace)
        norm = Normalize(-scale, scale)
        means = [
            Patch(facecolor=face_for(mean, norm), edgecolor=NODE_EDGE, label=f"mean {said}")
            for mean, said in ((scale, format_value(scale)), (-scale, format_value(-scale)))
        ]
        return [
            *legend_handles(self.trace, numbers="n / m"),
            *means,
            *summary_handles(self.trace, "nodes in the tree below"),
            *disc_handles(self.trace.game),
        ]
