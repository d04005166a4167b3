"""The look of a traced tree: one shape per role, one style per status.

A node's shape says whose turn it is: MAX an upward triangle, MIN a downward
one, a chance node a circle. Its colours say where the search is: the active
node (the one the current step is about) is filled orange inside a thick red
outline, the other nodes on the recursion stack are shaded inside a double
outline, finished nodes are drawn plainly, nodes not yet visited have a thin
dashed outline, and pruned nodes are grey, dotted and crossed out. Edges
follow the same scheme; the edge from a node to the child its value came from
is a thick double line (two blue lines with white between), the path a solid
orange line, an edge not yet taken a thin dashed one.

Nothing is told by colour alone: every two statuses differ in their outline
(its dashes, its width, a second ring) or a cross, and every two edge kinds
in their dashes, width or double line, so that the picture reads the same in
greyscale and to a reader without red or green cones. Every colour stands
against white (or the node's fill) at WCAG 2.1 AA's ratios: 4.5 : 1 for text,
3 : 1 for outlines, edges and marks; ``aisearch.viz.colour_pairs`` lists the
pairs and the tests measure them.

In a game of more than two players (a max^n trace) every node is a circle
filled with the colour of the player to move there (``PLAYER_COLORS``), its
name inside and its value vector beside it; the status still shows in the
outline, and the active node keeps its player's fill inside a thick red ring.

Everything an instructor may want to restyle for a lecture is in this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from matplotlib.font_manager import FontProperties
from matplotlib.textpath import TextToPath

from ..description import pruned_count
from ..trace import (
    DONE,
    PRUNED,
    STACK,
    UNSEEN,
    format_probability,
    format_value,
)

if TYPE_CHECKING:
    from matplotlib.typing import LineStyleType

ACTIVE = "active"
"""Not a status of the trace: the node the current step is about."""

MARKERS = {"max": "^", "min": "v", "chance": "o"}
"""Matplotlib marker per role; any other role (a player's name, in a game of
more than two players) is drawn as a circle."""
OTHER_MARKER = "o"

TERMINAL_MARKER = "s"
"""A terminal state is drawn as a square, as the textbook draws utilities."""

ROLE_NAMES = {"max": "MAX", "min": "MIN", "chance": "chance"}

# A triangle's widest part is its base, so a value sits a little towards it.
VALUE_SHIFT = {"^": -0.14, "v": 0.14}
"""Vertical shift of the value inside a marker, as a fraction of its size."""


DOUBLE = "double"
"""A node's mark: a second outline around the first (on the recursion stack)."""
CROSS = "cross"
"""A node's mark: a cross over it (pruned)."""


class NodeLook(NamedTuple):
    face: str
    edge: str
    width: float
    line: LineStyleType
    text: str
    """Colour of the node's name."""
    mark: str = ""
    """``DOUBLE``, ``CROSS`` or ``""``: what tells the status without colour."""


class EdgeLook(NamedTuple):
    color: str
    width: float
    line: LineStyleType
    core: float = 0.0
    """Width of a white line down the middle (a double line); 0 for a plain line."""


RING_GAP = 3.5
"""Points between a node's outline and its second outline (``DOUBLE``)."""
CROSS_SHARE = 0.62
"""How much of a node's size its cross (``CROSS``) spans."""
CROSS_WIDTH = 1.6
"""Points: the width of a cross's strokes."""

NODE_LOOKS = {
    ACTIVE: NodeLook("#f9b233", "#c0392b", 2.8, "solid", "#000000"),
    STACK: NodeLook("#fdf0c2", "#b06500", 1.5, "solid", "#222222", DOUBLE),
    DONE: NodeLook("#ffffff", "#2b2b2b", 1.3, "solid", "#222222"),
    UNSEEN: NodeLook("#ffffff", "#8a8a8a", 1.0, (0, (3.0, 2.0)), "#5c5c5c"),
    PRUNED: NodeLook("#ededed", "#616161", 1.1, "dotted", "#5c5c5c", CROSS),
}

BEST = "best"
PATH = "path"
VISITED = "visited"
TABLE = "table"
"""An edge into a node answered from a transposition table (or a memo)."""

EDGE_LOOKS = {
    PATH: EdgeLook("#b06500", 2.4, "solid"),
    BEST: EdgeLook("#1f4e9c", 4.6, "solid", 1.4),
    VISITED: EdgeLook("#555555", 1.2, "solid"),
    UNSEEN: EdgeLook("#8a8a8a", 1.0, (0, (3.0, 3.0))),
    PRUNED: EdgeLook("#767676", 1.1, "dotted"),
    TABLE: EdgeLook("#0f766e", 2.4, "dashed"),
}

CORE_COLOR = "#ffffff"
"""The line down the middle of a double edge: the background's white."""


def core_color(look: EdgeLook) -> tuple[float, float, float, float]:
    """The RGBA of the line down the middle of an edge drawn with ``look``:
    ``CORE_COLOR`` for a double line, transparent for a plain one."""
    if not look.core:
        return (0.0, 0.0, 0.0, 0.0)
    red, green, blue = (int(CORE_COLOR[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return (red, green, blue, 1.0)


TABLE_BADGE = "TT"
"""Written beside a node the table answered, once the search has reached it."""
TABLE_COLOR = "#0f766e"

LEGEND_NAMES = {
    ACTIVE: "active node",
    STACK: "on the stack",
    DONE: "done",
    UNSEEN: "not yet visited",
    PRUNED: "pruned",
    BEST: "best child",
    TABLE: "answered from the table (TT)",
}

HORIZON = "horizon"
HORIZON_LOOK = EdgeLook("#8e44ad", 1.4, (0, (4, 1.5, 1, 1.5)))
"""The dash-dotted line a quiescence tree draws under its depth limit: the
nodes below it lie past the horizon, reached by noisy moves only."""
LEGEND_NAMES[HORIZON] = "horizon: below it, noisy moves only"

VALUE_COLOR = "#111111"
WINDOW_COLOR = "#6a1b9a"
ACTION_COLOR = "#555555"
PROBABILITY_COLOR = "#505050"
CAPTION_COLOR = "#111111"
COUNTERS_COLOR = "#333333"


def edge_kind(child: int, frame, nodes: dict, path: set, from_table: set) -> str:
    """How the edge into ``child`` is drawn at ``frame``: pruned, on the path,
    to the parent's best child, not yet visited, answered from the table, or
    plainly visited; the first that holds. ``nodes`` is the trace's tree,
    ``path`` the frame's stack as a set, ``from_table`` the nodes a table answered."""
    status = frame.status[child]
    parent = nodes[child].parent
    if status == PRUNED:
        return PRUNED
    if child in path and parent in path:
        return PATH
    if frame.best.get(parent) == child:
        return BEST
    if status == UNSEEN:
        return UNSEEN
    if child in from_table:
        return TABLE
    return VISITED


def marker_for(role: str) -> str:
    """The marker that draws a node of this role."""
    return MARKERS.get(role, OTHER_MARKER)


def marker_of(row) -> str:
    """The marker of a traced node: a square if terminal, else by its role."""
    return TERMINAL_MARKER if row.terminal else marker_for(row.role)


number_text = format_value
"""A value as the trace's sentences write it (``aisearch.trace.format_value``)."""


probability_text = format_probability
"""A probability as its chance edge writes it, and the trace's sentences too
(``aisearch.trace.format_probability``): ``1/3``, ``0.35``."""


def window_text(alpha, beta) -> str:
    """``α=3 β=+∞``: a node's window, as written beside it."""
    return f"α={number_text(alpha)} β={number_text(beta)}"


def counters_text(frame, steps: int, crossed: int = 0) -> str:
    """The counters line under a frame: step, visited, leaves, cutoffs, pruned
    (and, if the picture crosses out more nodes than the pruned children,
    ``crossed``, their number: ``pruned 2 (4 nodes)``)."""
    c = frame.counts
    hits = f"   ·   table hits {c['hits']}" if c.get("hits") else ""
    return (
        f"step {frame.step} of {steps - 1}   ·   visited {c['visited']}   ·   "
        f"leaves {c['leaves']}   ·   cutoffs {c['cutoffs']}   ·   "
        f"pruned {pruned_count(c['pruned'], crossed)}{hits}"
    )


# More than two players --------------------------------------------------------

PLAYER_COLORS = ("#9ecae1", "#fc9272", "#a1d99b", "#bcbddc", "#fdd0a2", "#99d8c9")
"""Fill colour per player, in the order of ``game.players`` (then repeated)."""

UNSEEN_TINT = 0.35
"""How much of its player's colour a node not yet visited keeps (the rest white)."""

VECTOR_SCALE = 0.78
"""Type size of a value vector, relative to a node's value."""


def players_of(trace) -> tuple:
    """The players of a trace of more than two players (``event.players``), else ``()``.

    >>> from aisearch import Trace
    >>> players_of(Trace())
    ()
    """
    return next((e.players for e in trace if getattr(e, "players", ())), ())


def horizon_of(trace) -> int | None:
    """The depth limit of a quiescence search's trace (``event.horizon``), else ``None``.

    >>> from aisearch import Trace
    >>> horizon_of(Trace()) is None
    True
    """
    return next((e.horizon for e in trace if getattr(e, "horizon", None) is not None), None)


def player_color(players: tuple, role: str) -> str:
    """The fill colour of the player ``role`` (a name in ``players``)."""
    i = players.index(role) if role in players else len(players)
    return PLAYER_COLORS[i % len(PLAYER_COLORS)]


def player_look(look: NodeLook, status: str, players: tuple, role: str) -> NodeLook:
    """``look`` (a status's) filled with the player's colour; pruned nodes stay grey."""
    if status == PRUNED:
        return look
    face = player_color(players, role)
    if status == UNSEEN:
        face = _tint(face, UNSEEN_TINT)
    return look._replace(face=face)


ACTIVE_RING_WIDTH = 3.4
"""Outline width of the active node in a game of more than two players."""


def active_player_look(look: NodeLook) -> NodeLook:
    """``look`` (a player's node) marked active by a thick red outline only.

    Its fill still tells whose node it is; two-player drawings fill the active
    node instead (``NODE_LOOKS[ACTIVE]``).
    """
    ring = NODE_LOOKS[ACTIVE]
    return look._replace(edge=ring.edge, width=ACTIVE_RING_WIDTH, line="solid", text=ring.text)


def _tint(color: str, amount: float) -> str:
    """``color`` mixed with white, keeping ``amount`` of it."""
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(255 - amount * (255 - c)):02x}" for c in rgb)


_TEXT_SIZES = TextToPath()


def text_width(text: str, fontsize: float, bold: bool = False) -> float:
    """How wide ``text`` is written in ``fontsize``, in points, measured
    without drawing it (so a layout can be planned before anything is drawn)."""
    properties = FontProperties(size=fontsize, weight="bold" if bold else "normal")
    return _TEXT_SIZES.get_text_width_height_descent(text, properties, ismath=False)[0]


def largest_font(
    fits: Callable[[float], bool], largest: float, smallest: float, step: float = 0.25
) -> float | None:
    """The largest font size, from ``largest`` down to ``smallest`` in ``step``s,
    for which ``fits(fontsize)``; ``None`` if none does.

    >>> largest_font(lambda size: size <= 7.6, 9, 6)
    7.5
    >>> largest_font(lambda size: False, 9, 6) is None
    True
    """
    fontsize = largest
    while fontsize >= smallest:
        if fits(fontsize):
            return fontsize
        fontsize -= step
    return None
