"""Monte Carlo tree search drawn step by step: the tree growing as it is visited.

The picture of an ``MCTSTrace`` at a step shows the nodes in the tree by
then, placed where they stand in the final tree (so nothing moves while the
tree grows). A node's size and the width of the edge above it grow with its
visits, its colour says its mean value for MAX (blue good for MAX, red bad,
white about even), and the text under it reads ``visits / mean``. A node
added but not yet visited (its playout is still to come) is drawn hollow,
with a dashed outline and a dashed edge, so that it is not mistaken for a
node whose mean is 0. The
path of the current iteration is drawn in orange and the node the step is
about is outlined in red. The shapes are those of the other trees: MAX an
upward triangle, MIN a downward one, chance a circle, terminal a square.
At a **select** step each child compared is marked with its UCT score
(``UCT 1.18``) just above it, the chosen one in bold red: the picture shows
the numbers the sentence gives.

``MCTSFigure`` is the counterpart of ``TreeFigure`` for MCTS traces;
``figure_for(trace)`` picks the right one, which is how ``step_through``,
``animate``, ``frame_strip`` and ``save_frames`` accept both kinds of trace.

A few hundred iterations grow a tree too wide to read whole. Such a trace
(more than ``WHOLE_TREE_LIMIT`` nodes) is drawn in focus and context, as a
large search's trace is (``aisearch.viz.focus``): ``MCTSFocusFigure`` draws
the path of the step in full and, in a row under each node on it, that
node's children in the tree by then, each with its ``visits / mean`` and,
under a child that holds a subtree, the number of nodes in it (``▸n``).
"""

from __future__ import annotations

import io
import math
import textwrap
from typing import cast

import numpy as np
from matplotlib import colormaps
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.colors import Normalize, to_hex, to_rgba
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from matplotlib.transforms import offset_copy
from matplotlib.typing import LineStyleType

import aisearch.viz.style as style

from ..description import describe_frame
from ..focus import FocusView, MCTSOverview
from ..mcts_trace import SELECT, MCTSFrame, MCTSTrace
from ..trace import format_value
from .alt_text import DescribedSteps, set_description
from .focus import WHOLE_TREE_OPTIONS, FocusDrawing, FocusFigure, is_large, summary_handles
from .framing import add_caption, add_counters, framed_figure, top_band, width_and_wrap
from .layout import Position, tidy_layout, tree_layout
from .placement import _crosses, _meet, _text_box

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

COUNTERS_BAND = 0.26
LEGEND_BAND = 0.4
BELOW_DEEPEST = 0.42
EDGE_ROOM = 2.5 + 3.5
"""Points kept between a node's numbers and its edges: a margin, and half the
thickest edge (0.8 + 6 points, the root's)."""
NUMBER_SAMPLE = "99 / −0.99"
"""As wide as a node's ``visits / mean`` usually is, to find a place for it."""
"""Room under the deepest level, in levels, for the ``visits / mean`` text."""
UNVISITED_LINESTYLE: LineStyleType = (0, (1.4, 1.0))
"""The dashes of a node's outline while it has no visits (scaled by the line width)."""
UNVISITED_EDGE_STYLE: LineStyleType = (0, (4.0, 2.5))
"""The dashes of the edge above a node with no visits (a thin line, so longer dashes)."""


def is_mcts_trace(trace) -> bool:
    """Whether ``trace`` is an ``MCTSTrace`` (else an ``aisearch.Trace`` is assumed)."""
    return isinstance(trace, MCTSTrace)


def mcts_layout(trace: MCTSTrace) -> dict[int, Position]:
    """The tidy layout of the final tree of an MCTS trace: node id -> ``(x, y)``."""
    nodes = trace.nodes()
    if not nodes:
        raise ValueError("the trace is empty: run mcts with tracer=trace first")
    return tidy_layout({n: row.children for n, row in nodes.items()}, 0)


def value_scale(trace: MCTSTrace) -> float:
    """The largest absolute playout result in the trace (1 if none), for the colour scale."""
    results = [abs(e.value) for e in trace if e.kind == "simulate" and e.value is not None]
    return max([r for r in results if r > 0], default=1.0)


def counters_text(frame, steps: int) -> str:
    """The counters line under an MCTS frame."""
    c = frame.counts
    return (
        f"step {frame.step} of {steps - 1}   ·   iterations {c['iterations']}   ·   "
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


class MCTSDrawing:
    """The artists of one MCTS tree in one ``Axes``, restyled per step.

    Args:
        ax: the axes to draw in.
        trace: an ``aisearch.mcts.MCTSTrace``.
        layout: node id -> ``(x, y)``; by default ``mcts_layout(trace)``.
        show_labels: write each node's name beside it; ``None`` if they fit.
        node_size: the largest marker size in points (the root's, which has
            the most visits); by default what fits the axes.
    """

    def __init__(
        self,
        ax,
        trace: MCTSTrace,
        *,
        layout: dict[int, Position] | None = None,
        show_labels: bool | None = None,
        node_size: float | None = None,
    ):
        self.ax = ax
        self.trace = trace
        self.nodes = trace.nodes()
        self.layout = mcts_layout(trace) if layout is None else layout
        self.order = list(self.layout)
        self.frame: MCTSFrame | None = None
        self.scale = value_scale(trace)
        self.norm = Normalize(-self.scale, self.scale)
        self.colormap = colormaps[COLORMAP]
        xs = [x for x, _ in self.layout.values()]
        ys = [y for _, y in self.layout.values()]
        ax.set_xlim(min(xs) - 0.7, max(xs) + 0.7)
        ax.set_ylim(min(ys) - BELOW_DEEPEST, max(ys) + 0.3)
        ax.set_axis_off()
        box = ax.get_position()
        per_unit = box.width * ax.figure.get_figwidth() * 72 / (max(xs) - min(xs) + 1.4)
        per_level = (
            box.height * ax.figure.get_figheight() * 72 / (max(ys) - min(ys) + BELOW_DEEPEST + 0.3)
        )
        fitted = max(8.0, min(30.0, 0.7 * per_unit, 0.45 * per_level))
        self.node_size = fitted if node_size is None else node_size
        self.font = max(5.5, min(9.5, 0.33 * self.node_size + 1))
        names = {n: trace.label(n) for n in self.order}
        if show_labels is None:
            show_labels = 0.6 * self.font * max(len(t) for t in names.values()) <= 0.5 * per_unit
        parents = {n: p for n in self.order if (p := self.nodes[n].parent) is not None}
        self.children_with_edges = list(parents)
        self.edges = LineCollection(
            [(self.layout[p], self.layout[n]) for n, p in parents.items()],
            zorder=1,
            capstyle="round",
        )
        ax.add_collection(self.edges)
        self.markers = {}
        self.slot = {}
        groups: dict[str, list[int]] = {}
        for n in self.order:
            groups.setdefault(_marker(self.nodes[n]), []).append(n)
        for marker, members in groups.items():
            self.markers[marker] = (
                members,
                ax.scatter(
                    [self.layout[n][0] for n in members],
                    [self.layout[n][1] for n in members],
                    s=1,
                    marker=marker,
                    zorder=3,
                ),
            )
            for i, n in enumerate(members):
                self.slot[n] = (marker, i)
        self.value_texts = {}
        self.label_texts = {}
        self.score_texts = {}
        self.score_room = per_unit
        children: dict[int, list[int]] = {}
        for n, p in parents.items():
            children.setdefault(p, []).append(n)
        self._taken = self._fixed_boxes(
            children, per_unit, per_level, names if show_labels else None
        )
        for n in self.order:
            x, y = self.layout[n]
            # Visits / mean on a white ground, where none of the node's edges goes.
            self.value_texts[n] = ax.text(
                x,
                y,
                "",
                zorder=4,
                fontsize=self.font,
                bbox=dict(boxstyle="square,pad=0.08", facecolor="white", edgecolor="none"),
                **self._number_place(
                    n, children.get(n, []), per_unit, per_level, names[n] if show_labels else None
                ),
            )
            if self.nodes[n].parent is not None:
                self.score_texts[n] = self._score_text(x, y)
            if show_labels:
                beside = offset_copy(
                    ax.transData, fig=ax.figure, x=-0.6 * self.node_size - 2, y=0, units="points"
                )
                self.label_texts[n] = ax.text(
                    x,
                    y,
                    names[n],
                    transform=beside,
                    ha="right",
                    va="center",
                    fontsize=self.font * 0.95,
                    color=NAME_COLOR,
                    zorder=4,
                )

    def _fixed_boxes(self, children, per_unit: float, per_level: float, names) -> list[tuple]:
        """The boxes, in points, of what has a fixed place: the nodes, their
        names (if ``names``), and the numbers under the nodes with no children."""
        boxes = []
        half = self.node_size / 2
        for n in self.order:
            px, py = self.layout[n][0] * per_unit, self.layout[n][1] * per_level
            boxes.append((px - half, py - half, px + half, py + half))
            if names is not None:
                right = px - 0.6 * self.node_size - 2
                width = 0.6 * 0.95 * self.font * len(names[n])
                boxes.append((right - width, py - 0.6 * self.font, right, py + 0.6 * self.font))
            if not children.get(n):
                top = py - 0.55 * self.node_size - 2
                width = 0.6 * self.font * len(NUMBER_SAMPLE)
                boxes.append((px - width / 2, top - 1.2 * self.font, px + width / 2, top))
        return boxes

    def _number_place(
        self, node: int, children: list[int], per_unit: float, per_level: float, name: str | None
    ) -> dict:
        """Where a node's ``visits / mean`` goes: under a node with no children
        (no edge goes there); else in the first place beside it that none of
        its edges (drawn up to ``EDGE_ROOM`` points thick) crosses, inside
        the axes: right; left
        (left of its ``name``, if it is written); for the root, which has no
        UCT score above it, above right and left; below right and left; under
        it if none is clear. A place must also be clear of the nodes, names
        and numbers placed so far (``_taken``)."""
        x, y = self.layout[node]
        if children:
            parent = self.nodes[node].parent
            ends = [
                ((self.layout[e][0] - x) * per_unit, (self.layout[e][1] - y) * per_level)
                for e in children + ([parent] if parent is not None else [])
            ]
            gap, rise = 0.55 * self.node_size + 3, 0.5 * self.node_size
            x_limits = self.ax.get_xlim()
            name_width = 0.6 * 0.95 * self.font * len(name) + 5 if name else 0.0
            width, height = 0.6 * self.font * len(NUMBER_SAMPLE), 1.2 * self.font
            places = [(1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1)]
            for sx, sy in places:
                if sy > 0 and parent is not None:
                    continue
                away = gap + (name_width if (sx, sy) == (-1, 0) else 0.0)
                near = away if sy == 0 else 0.75 * away  # as _text_box puts it
                box = _text_box((sx, sy), away, rise, width, height, margin=EDGE_ROOM)
                left, right = (x - x_limits[0]) * per_unit, (x_limits[1] - x) * per_unit
                inside = -left <= box[0] and box[2] <= right
                ink = _text_box((sx, sy), away, rise, width, height, margin=1.5)
                ink = (x * per_unit + ink[0], y * per_level + ink[1])
                ink += (ink[0] + width + 3, ink[1] + height + 3)
                free = not any(_meet(ink, other) for other in self._taken)
                if inside and free and not any(_crosses(box, end) for end in ends):
                    self._taken.append(ink)
                    return {
                        "transform": offset_copy(
                            self.ax.transData,
                            fig=self.ax.figure,
                            x=sx * near,
                            y=sy * rise,
                            units="points",
                        ),
                        "ha": "left" if sx > 0 else "right",
                        "va": {-1: "top", 0: "center", 1: "bottom"}[sy],
                    }
        below = offset_copy(
            self.ax.transData, fig=self.ax.figure, x=0, y=-0.55 * self.node_size - 2, units="points"
        )
        return {"transform": below, "ha": "center", "va": "top"}

    def _score_text(self, x: float, y: float):
        """The (empty) text for a child's UCT score: just above its marker, over its edge."""
        above = offset_copy(
            self.ax.transData, fig=self.ax.figure, x=0, y=0.5 * self.node_size + 1.5, units="points"
        )
        return self.ax.text(
            x,
            y,
            "",
            transform=above,
            ha="center",
            va="bottom",
            fontsize=self.font * 0.92,
            color=SCORE_COLOR,
            zorder=5,
            bbox=dict(boxstyle="square,pad=0.1", facecolor="white", edgecolor="none", alpha=0.9),
        )

    def score_label(self, score: float) -> str:
        """``UCT 1.18``, or ``1.18`` alone where siblings stand too close for the word."""
        number = format_value(score)
        fits = 0.6 * self.font * 0.92 * len(f"UCT {number}") <= 0.9 * self.score_room - 4
        return f"UCT {number}" if fits else number

    def size_of(self, frame, node: int) -> float:
        """A present node's marker size in points: it grows with the square root of its visits."""
        root = max(frame.visits.get(0, 0), 1)
        share = math.sqrt(frame.visits[node] / root)
        return self.node_size * (0.45 + 0.55 * share)

    def face_of(self, frame, node: int) -> RGBA:
        return face_for(frame.mean.get(node), self.norm)

    def update(self, frame) -> None:
        """Restyle every artist to show ``frame`` (an ``MCTSTrace.frame``)."""
        self.frame = frame
        present = set(frame.present)
        path = set(frame.path)
        active = frame.event.node
        for members, collection in self.markers.values():
            sizes: list[float] = []
            faces: list[RGBA] = []
            edges: list[RGBA] = []
            widths: list[float] = []
            dashes: list[LineStyleType] = []
            for n in members:
                dashes.append(
                    UNVISITED_LINESTYLE if n in present and frame.visits[n] == 0 else "solid"
                )
                if n not in present:
                    sizes.append(0.0)
                    faces.append((0, 0, 0, 0))
                    edges.append((0, 0, 0, 0))
                    widths.append(0.0)
                    continue
                sizes.append(self.size_of(frame, n) ** 2)
                faces.append(self.face_of(frame, n))
                color, width = outline(n, active, path)
                edges.append(to_rgba(color))
                widths.append(width)
            collection.set_sizes(sizes)
            collection.set_facecolors(faces)
            collection.set_edgecolors(edges)
            collection.set_linewidths(widths)
            collection.set_linestyles(dashes)
        root = max(frame.visits.get(0, 0), 1)
        colors: list[RGBA] = []
        widths, dashes = [], []
        for n in self.children_with_edges:
            dashes.append(
                UNVISITED_EDGE_STYLE if n in present and frame.visits[n] == 0 else "solid"
            )
            if n not in present:
                colors.append((0, 0, 0, 0))
                widths.append(0.0)
                continue
            on_path = n in path and self.nodes[n].parent in path
            colors.append(to_rgba(PATH_COLOR if on_path else EDGE_COLOR))
            widths.append(0.8 + 6.0 * math.sqrt(frame.visits[n] / root))
        self.edges.set_colors(colors)
        self.edges.set_linewidth(widths)
        self.edges.set_linestyle(dashes)
        for n in self.order:
            self.value_texts[n].set_text(node_text(frame, n) if n in present else "")
            if n in self.label_texts:
                self.label_texts[n].set_visible(n in present)
        self._show_scores(frame)

    def _show_scores(self, frame) -> None:
        """At a select step, each compared child's UCT score; the chosen one bold, in red."""
        event = frame.event
        scores = {s.node: s.score for s in event.scores} if event.kind == SELECT else {}
        for n, text in self.score_texts.items():
            chosen = n == event.node
            text.set_text(self.score_label(scores[n]) if n in scores else "")
            text.set_color(ACTIVE_EDGE if chosen else SCORE_COLOR)
            text.set_fontweight("bold" if chosen else "normal")

    def node_style(self, node: int) -> dict:
        """How one node is drawn now: size, colours, line width, ``dashed`` and its text."""
        marker, i = self.slot[node]
        collection = self.markers[marker][1]
        _, dashes = collection.get_linestyles()[i]
        return {
            "dashed": dashes is not None,
            "marker": marker,
            "size": float(math.sqrt(collection.get_sizes()[i])),
            "facecolor": tuple(float(c) for c in collection.get_facecolors()[i]),
            "edgecolor": tuple(float(c) for c in collection.get_edgecolors()[i]),
            "linewidth": float(collection.get_linewidths()[i]),
            "text": self.value_texts[node].get_text(),
            "score": self.score_texts[node].get_text() if node in self.score_texts else "",
            "shown": node in set(self._shown().present),
        }

    def edge_width(self, child: int) -> float:
        """The width of the edge from ``child``'s parent to it (0 while it is not in the tree)."""
        widths = np.asarray(self.edges.get_linewidth())
        return float(widths[self.children_with_edges.index(child)])

    def _shown(self) -> MCTSFrame:
        """The frame shown now."""
        if self.frame is None:
            raise ValueError("no step is shown yet: call update(frame) first")
        return self.frame

    def highlighted(self) -> list[int]:
        """The nodes outlined as the active node (one, the node of the step shown)."""
        active = to_rgba(ACTIVE_EDGE)
        found = []
        for members, collection in self.markers.values():
            outlines = collection.get_edgecolors()
            found += [n for i, n in enumerate(members) if tuple(outlines[i]) == active]
        return sorted(found)


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


def _marker(row) -> str:
    if row.terminal:
        return style.TERMINAL_MARKER
    return style.marker_for(row.role)


def default_size(layout: dict[int, Position]) -> tuple[float, float]:
    """``(width, height of the tree alone)`` in inches for an MCTS tree."""
    xs = [x for x, _ in layout.values()]
    levels = 1 - min(y for _, y in layout.values())
    width = min(15.0, max(6.4, 0.7 * (max(xs) - min(xs) + 1) + 1.4))
    return width, min(7.0, max(2.4, 1.15 * levels))


class MCTSFigure(DescribedSteps):
    """One matplotlib ``Figure`` showing an MCTS trace, one step at a time.

    The counterpart of ``TreeFigure``: ``update(step)`` restyles the
    artists, ``png()`` renders them; the figure is never known to pyplot.

    Args:
        trace: an ``aisearch.mcts.MCTSTrace``.
        step: the step shown first (negative counts from the end).
        figsize: ``(width, height)`` in inches; by default sized to the tree.
        dpi: pixels per inch of ``png``.
        caption: write the step's sentence on top and the counters below.
        legend: draw the shapes and the colour scale at the bottom.
        layout, show_labels, node_size: as for ``MCTSDrawing``.

    Raises:
        ValueError: if the trace is empty or ``step`` is outside it.

    >>> from aisearch.games import GameTree
    >>> from aisearch.mcts import MCTSTrace, mcts
    >>> tree = GameTree.from_nested([[1, 1, -1], [0, 0]])
    >>> trace = MCTSTrace(tree)
    >>> _ = mcts(tree, iterations=8, seed=0, tracer=trace)
    >>> figure = MCTSFigure(trace, step=-1)
    >>> figure.node_style(0)["text"]
    '8 / 0.12'
    """

    def __init__(
        self,
        trace: MCTSTrace,
        *,
        step: int = 0,
        figsize: tuple[float, float] | None = None,
        dpi: float = 100,
        caption: bool = True,
        legend: bool = True,
        layout: dict[int, Position] | None = None,
        show_labels: bool | None = None,
        node_size: float | None = None,
    ):
        if not len(trace):
            raise ValueError("the trace is empty: run mcts with tracer=trace first")
        self.trace = trace
        self.layout = mcts_layout(trace) if layout is None else layout
        width, tree_height, self.wrap = width_and_wrap(default_size(self.layout), figsize)
        top = top_band(trace, self.wrap, caption)
        bottom = 0.04 + (COUNTERS_BAND if caption else 0) + (LEGEND_BAND if legend else 0)
        height = figsize[1] if figsize is not None else tree_height + top + bottom
        self.figure, ax = framed_figure(width, height, top=top, bottom=bottom, dpi=dpi)
        self.drawing = MCTSDrawing(
            ax, trace, layout=self.layout, show_labels=show_labels, node_size=node_size
        )
        self.caption = self.counters = None
        if caption:
            self.caption = add_caption(self.figure, height)
            self.counters = add_counters(self.figure, bottom - COUNTERS_BAND + 0.06, height)
        if legend:
            self._legend(width, height)
        self.step: int | None = None
        self.frame: MCTSFrame | None = None
        self.update(step)
        set_description(self.figure, lambda: self.description)

    def heading(self) -> str:
        return (
            f"Monte Carlo search tree, {len(self.layout)} nodes when done; a node's colour "
            "is its mean for MAX, written under it as visits / mean."
        )

    def _legend(self, width: float, height: float) -> None:
        handles = legend_handles(self.trace)
        bar_left = 0.78
        for rows in (1, 2):  # two rows when one would run into the colour bar
            legend = self.figure.legend(
                handles=handles,
                loc="lower left",
                ncol=math.ceil(len(handles) / rows),
                bbox_to_anchor=(0.005, 0.02 / height),
                frameon=False,
                fontsize=8,
                handlelength=1.2,
                columnspacing=0.8,
                handletextpad=0.35,
            )
            box = legend.get_window_extent(cast(FigureCanvasAgg, self.figure.canvas).get_renderer())
            if box.x1 / (self.figure.dpi * width) < bar_left - 0.01:
                break
            if rows == 1:
                legend.remove()
        bar = self.figure.add_axes((bar_left, 0.16 / height, 0.2, 0.1 / height))
        scale = self.drawing.scale
        steps = 64
        bar.imshow(
            [[i / (steps - 1) * 2 - 1 for i in range(steps)]],
            cmap=COLORMAP,
            vmin=-1,
            vmax=1,
            aspect="auto",
            extent=(-scale, scale, 0, 1),
        )
        bar.set_yticks([])
        bar.set_xticks([-scale, 0, scale])
        bar.set_xticklabels([format_value(-scale), "0", format_value(scale)], fontsize=7.5)
        bar.tick_params(length=2, pad=1)
        bar.set_title("mean for MAX", fontsize=8, pad=2)

    def update(self, step: int):
        """Show ``step`` (negative counts from the end); returns its ``MCTSFrame``."""
        frame = self.trace.frame(step)
        self.step, self.frame = frame.step, frame
        self.drawing.update(frame)
        if self.caption is not None:
            self.caption.set_text("\n".join(textwrap.wrap(frame.sentence, self.wrap)[:4]))
        if self.counters is not None:
            self.counters.set_text(counters_text(frame, len(self.trace)))
        return frame

    def png(self, step: int | None = None, *, dpi: float | None = None) -> bytes:
        """The PNG bytes of ``step`` (by default the step shown now)."""
        if step is not None:
            self.update(step)
        buffer = io.BytesIO()
        self.figure.savefig(
            buffer, format="png", dpi=dpi or self.figure.dpi, metadata={"Software": None}
        )
        return buffer.getvalue()

    def highlighted(self) -> list[int]:
        """The nodes drawn as active (exactly one, the node of the step shown)."""
        return self.drawing.highlighted()

    def node_style(self, node: int) -> dict:
        """See ``MCTSDrawing.node_style``."""
        return self.drawing.node_style(node)

    def counters_text(self, frame) -> str:
        """The counters line for ``frame``, as the step viewer shows it."""
        return counters_text(frame, len(self.trace))

    def _repr_png_(self) -> bytes:
        return self.png()

    def __repr__(self) -> str:
        return (
            f"<MCTSFigure of {len(self.layout)} nodes at step {self.step} of {len(self.trace) - 1}>"
        )


def legend_handles(trace: MCTSTrace, numbers: str = "n / m by a node") -> list:
    """Legend entries: the shapes present, a node with no visit, the active node,
    the path, and what the ``numbers`` written at a node are."""
    handles: list = []
    rows = trace.nodes().values()
    roles = {row.role for row in rows if not row.terminal}
    for role in ("max", "min", "chance"):
        if role in roles:
            handles.append(
                Line2D(
                    [],
                    [],
                    marker=style.marker_for(role),
                    linestyle="none",
                    markersize=8,
                    markerfacecolor="white",
                    markeredgecolor=NODE_EDGE,
                    label=style.ROLE_NAMES[role],
                )
            )
    if any(row.terminal for row in rows):
        handles.append(
            Line2D(
                [],
                [],
                marker=style.TERMINAL_MARKER,
                linestyle="none",
                markersize=7,
                markerfacecolor="white",
                markeredgecolor=NODE_EDGE,
                label="terminal",
            )
        )
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
        ]


def draw_mcts_step(trace: MCTSTrace, step: int = -1, ax=None, **options):
    """Draw one step of an MCTS trace; returns the ``Figure``.

    Without ``ax`` a new figure (caption, counters, legend) is made by
    ``figure_for``; with ``ax`` the tree is drawn into it and titled with the
    step's sentence (``options`` then go to ``MCTSDrawing``). A large tree
    is drawn in focus and context (``MCTSFocusFigure``) unless a whole-tree
    option is given.
    """
    if ax is None:
        return figure_for(trace, step=step, **options).figure
    drawing: MCTSDrawing | MCTSFocusDrawing
    if is_large(trace) and not WHOLE_TREE_OPTIONS & set(options):
        drawing = MCTSFocusDrawing(ax, trace, **options)
    else:
        drawing = MCTSDrawing(ax, trace, **options)
    frame = trace.frame(step)
    drawing.update(frame)
    set_description(ax, f"Monte Carlo search tree. {describe_frame(trace, frame)}")
    width = ax.get_position().width * ax.figure.get_figwidth()
    ax.set_title(
        textwrap.fill(f"{frame.step}. {frame.sentence}", max(24, int(width * 72 / 5))),
        fontsize=9,
        loc="left",
        color=style.CAPTION_COLOR,
    )
    return ax.figure


def figure_for(trace, *, fit: float | None = None, **options):
    """The figure that draws ``trace``: for a small trace, or when given one of
    a whole-tree drawing's own options (``layout``, ``show_labels``, ...), the
    whole tree (``TreeFigure``, or ``MCTSFigure`` for an MCTS trace); else the
    path in full and the rest summarised (``FocusFigure``, or
    ``MCTSFocusFigure``: ``aisearch.viz.focus``).

    ``fit``, if given, is the most inches the picture may be wide (the step
    viewer gives the notebook's width): a small tree whose whole drawing would
    be wider, and would be shrunk until its text cannot be read, is drawn in
    focus too, unless ``figsize`` or a whole-tree option says otherwise.
    """
    whole_asked = bool(WHOLE_TREE_OPTIONS & set(options)) or "figsize" in options
    if is_mcts_trace(trace):
        whole = not is_large(trace) or WHOLE_TREE_OPTIONS & set(options)
        return (MCTSFigure if whole else MCTSFocusFigure)(trace, **options)
    from .tree import TreeFigure, default_size

    if WHOLE_TREE_OPTIONS & set(options):
        return TreeFigure(trace, **options)
    if is_large(trace):
        return FocusFigure(trace, **options)
    if fit is not None and not whole_asked and default_size(tree_layout(trace))[0] > fit:
        return FocusFigure(trace, **options)
    return TreeFigure(trace, **options)
