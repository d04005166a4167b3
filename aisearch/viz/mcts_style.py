"""How an MCTS tree is coloured and written, in the whole tree and in focus alike.

A node's colour says its mean value for MAX (``face_for``: blue good for MAX,
red bad, white about even, on the ``RdBu`` colour map scaled to the largest
playout result), and the text beside it reads ``visits / mean``
(``node_text``). A node added but not yet visited (its playout is still to
come) is drawn hollow, with a dashed outline and a dashed edge, so that it is
not mistaken for a node whose mean is 0. The path of the current iteration is
drawn in orange and the node the step is about is outlined in red
(``outline``). ``legend_handles`` says all of this in the legend.
``aisearch.viz.mcts_drawing`` and ``aisearch.viz.mcts_focus`` draw with them.
"""

from __future__ import annotations

from matplotlib import colormaps
from matplotlib.colors import Normalize, to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.typing import LineStyleType

import aisearch.viz.style as style

from ..mcts_trace import MCTSTrace
from ..trace import format_value
from .legend import _marker

RGBA = tuple[float, float, float, float]

COLORMAP = "RdBu"
"""Mean values from MAX's view: red for MAX's losses, blue for its wins."""
PATH_COLOR = style.EDGE_LOOKS[style.PATH].color
ACTIVE_EDGE = "#c0392b"
NODE_EDGE = "#2b2b2b"
EDGE_COLOR = "#7a7a7a"
UNVISITED_FACE = "#ffffff"
NAME_COLOR = "#444444"
"""A node's name, beside it."""
SCORE_COLOR = "#4a235a"
"""The UCT scores written over the children a select step compares."""

UNVISITED_LINESTYLE: LineStyleType = (0, (1.4, 1.0))
"""The dashes of a node's outline while it has no visits (scaled by the line width)."""
UNVISITED_EDGE_STYLE: LineStyleType = (0, (4.0, 2.5))
"""The dashes of the edge above a node with no visits (a thin line, so longer dashes)."""


def value_scale(trace: MCTSTrace) -> float:
    """The largest absolute playout result in the trace (1 if none), for the colour scale."""
    results = [abs(e.value) for e in trace if e.kind == "simulate" and e.value is not None]
    return max([r for r in results if r > 0], default=1.0)


def counters_text(frame, steps: int) -> str:
    """The counters line under an MCTS frame."""
    c = frame.counts
    return (
        f"step {frame.step} of {steps - 1}   ·   iterations done {c['iterations']}   ·   "
        f"nodes {c['nodes']}   ·   playout moves {c['playout_moves']}"
    )


def node_text(frame, node: int) -> str:
    """``visits / mean`` as written under a node (``0 / –`` before its first visit)."""
    visits = frame.visits[node]
    mean = frame.mean[node]
    if mean is None:
        return f"{visits} / –"
    shown = format_value(round(mean, 2) if isinstance(mean, float) else mean)
    return f"{visits} / {shown}"


def face_for(mean: float | None, norm: Normalize) -> RGBA:
    """A node's fill for its mean for MAX (``norm`` maps the playouts' range
    to 0..1): blue good for MAX, red bad; white before its first visit."""
    if mean is None:
        return to_rgba(UNVISITED_FACE)
    red, green, blue, alpha = colormaps[COLORMAP](norm(mean))
    return float(red), float(green), float(blue), float(alpha)


def outline(node: int, active: int, path: set) -> tuple[str, float]:
    """The colour and width of a node's outline: red for the node of the step,
    orange on the iteration's path, dark otherwise."""
    if node == active:
        return ACTIVE_EDGE, 2.8
    if node in path:
        return PATH_COLOR, 2.0
    return NODE_EDGE, 1.0


def legend_handles(trace: MCTSTrace, numbers: str = "n / m by a node") -> list:
    """Legend entries: the shapes present, a node with no visit, the active node,
    the path, and what the ``numbers`` written at a node are."""
    handles: list = []
    rows = trace.nodes().values()
    roles = {row.role for row in rows if not row.terminal}
    for role in ("max", "min", "chance"):
        if role in roles:
            handles.append(_marker(style.marker_for(role), style.ROLE_NAMES[role], size=8))
    if any(row.terminal for row in rows):
        handles.append(_marker(style.TERMINAL_MARKER, "terminal", size=7))
    handles.append(
        Patch(
            facecolor="white",
            edgecolor=NODE_EDGE,
            linestyle=UNVISITED_LINESTYLE,
            label="no visit yet",
        )
    )
    handles.append(
        Line2D(
            [],
            [],
            marker="o",
            linestyle="none",
            markersize=8,
            markerfacecolor="white",
            markeredgecolor=ACTIVE_EDGE,
            markeredgewidth=2.4,
            label="active",
        )
    )
    handles.append(Line2D([], [], color=PATH_COLOR, linewidth=2.4, label="this iteration"))
    # The text under every node, said once: its number of visits, then its mean.
    handles.append(Line2D([], [], linestyle="none", label=f"{numbers}: visits / mean for MAX"))
    return handles
