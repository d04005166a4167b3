"""The look of a traced tree: one shape per role, one style per status.

A node's shape says whose turn it is: MAX an upward triangle, MIN a downward
one, a chance node a circle. Its colours say where the search is: the active
node (the one the current step is about) stands out, the other nodes on the
recursion stack are shaded, finished nodes are drawn plainly, nodes not yet
visited are faint, and pruned nodes are grey with a dotted outline. Edges
follow the same scheme, and the edge from a node to the child its value came
from is drawn thick.

Everything an instructor may want to restyle for a lecture is in this module.
"""

from __future__ import annotations

from typing import NamedTuple

from ..trace import DONE, PRUNED, STACK, UNSEEN, format_value

ACTIVE = "active"
"""Not a status of the trace: the node the current step is about."""

MARKERS = {"max": "^", "min": "v", "chance": "o"}
"""Matplotlib marker per role; any other role is drawn as a square."""
OTHER_MARKER = "s"

TERMINAL_MARKER = "s"
"""A terminal state is drawn as a square, as the textbook draws utilities."""

ROLE_NAMES = {"max": "MAX", "min": "MIN", "chance": "chance"}

# A triangle's widest part is its base, so a value sits a little towards it.
VALUE_SHIFT = {"^": -0.14, "v": 0.14}
"""Vertical shift of the value inside a marker, as a fraction of its size."""


class NodeLook(NamedTuple):
    face: str
    edge: str
    width: float
    line: str
    text: str
    """Colour of the node's name."""


class EdgeLook(NamedTuple):
    color: str
    width: float
    line: str


NODE_LOOKS = {
    ACTIVE: NodeLook("#f9b233", "#c0392b", 2.6, "solid", "#000000"),
    STACK: NodeLook("#fdf0c2", "#d68910", 1.8, "solid", "#222222"),
    DONE: NodeLook("#ffffff", "#2b2b2b", 1.3, "solid", "#222222"),
    UNSEEN: NodeLook("#ffffff", "#c8c8c8", 1.0, "solid", "#b4b4b4"),
    PRUNED: NodeLook("#ededed", "#9a9a9a", 1.1, "dotted", "#9a9a9a"),
}

BEST = "best"
PATH = "path"
VISITED = "visited"

EDGE_LOOKS = {
    PATH: EdgeLook("#d68910", 2.4, "solid"),
    BEST: EdgeLook("#1f4e9c", 3.4, "solid"),
    VISITED: EdgeLook("#555555", 1.2, "solid"),
    UNSEEN: EdgeLook("#d2d2d2", 1.0, "solid"),
    PRUNED: EdgeLook("#9a9a9a", 1.1, "dotted"),
}

LEGEND_NAMES = {
    ACTIVE: "active node",
    STACK: "on the stack",
    DONE: "done",
    UNSEEN: "not yet visited",
    PRUNED: "pruned",
    BEST: "best child",
}

VALUE_COLOR = "#111111"
WINDOW_COLOR = "#6a1b9a"
ACTION_COLOR = "#707070"
CAPTION_COLOR = "#111111"
COUNTERS_COLOR = "#333333"


def marker_for(role: str) -> str:
    """The marker that draws a node of this role."""
    return MARKERS.get(role, OTHER_MARKER)


def marker_of(row) -> str:
    """The marker of a traced node: a square if terminal, else by its role."""
    return TERMINAL_MARKER if row.terminal else marker_for(row.role)


BOUND_SIGNS = {"upper": "≤", "lower": "≥"}
"""How a value that is only a bound is written: ``≤2`` is at most 2."""


number_text = format_value
"""A value as the trace's sentences write it (``aisearch.trace.format_value``)."""


def window_text(alpha, beta) -> str:
    """``α=3 β=+∞``: a node's window, as written beside it."""
    return f"α={number_text(alpha)} β={number_text(beta)}"


def counters_text(frame, steps: int) -> str:
    """The counters line under a frame: step, visited, leaves, cutoffs, pruned."""
    c = frame.counts
    return (f"step {frame.step} of {steps - 1}   ·   visited {c['visited']}   ·   "
            f"leaves {c['leaves']}   ·   cutoffs {c['cutoffs']}   ·   pruned {c['pruned']}")
