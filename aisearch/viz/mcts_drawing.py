"""Monte Carlo tree search's whole tree in one ``Axes``, restyled step by step.

The picture of an ``MCTSTrace`` at a step (``MCTSDrawing``) shows the nodes
in the tree by then, placed where they stand in the final tree
(``mcts_layout``), so nothing moves while the tree grows. A node's size and
the width of the edge above it grow with its visits; its fill, outline and
the ``visits / mean`` written beside it are those of
``aisearch.viz.mcts_style``. The shapes are those of the other trees: MAX an
upward triangle, MIN a downward one, chance a circle, terminal a square.
At a **select** step each child compared is marked with its UCT score
(``UCT 1.18``) just above it, the chosen one in bold red: the picture shows
the numbers the sentence gives.
"""

from __future__ import annotations

import math

import numpy as np
from matplotlib import colormaps
from matplotlib.collections import LineCollection
from matplotlib.colors import Normalize, to_rgba
from matplotlib.transforms import offset_copy
from matplotlib.typing import LineStyleType

import aisearch.viz.style as style

from ..mcts_trace import SELECT, MCTSFrame, MCTSTrace
from ..narration import move_text
from ..trace import format_value
from ..validation import require_bool
from .arguments import require_axes, require_layout, require_positive, require_trace
from .layout import Position, tidy_layout
from .mcts_style import (
    ACTIVE_EDGE,
    COLORMAP,
    EDGE_COLOR,
    NAME_COLOR,
    PATH_COLOR,
    RGBA,
    SCORE_COLOR,
    UNVISITED_EDGE_STYLE,
    UNVISITED_LINESTYLE,
    face_for,
    node_text,
    outline,
    value_scale,
)
from .placement import _crosses, _meet, _text_box

BELOW_DEEPEST = 0.42
"""Room under the deepest level, in levels, for the ``visits / mean`` text."""
EDGE_ROOM = 2.5 + 3.5
"""Points kept between a node's numbers and its edges: a margin, and half the
thickest edge (0.8 + 6 points, the root's)."""
NUMBER_SAMPLE = "99 / −0.99"
"""As wide as a node's ``visits / mean`` usually is, to find a place for it."""


def mcts_layout(trace: MCTSTrace) -> dict[int, Position]:
    """The tidy layout of the final tree of an MCTS trace: node id -> ``(x, y)``."""
    nodes = trace.nodes()
    if not nodes:
        raise ValueError("the trace is empty: run mcts with tracer=trace first")
    return tidy_layout({n: row.children for n, row in nodes.items()}, 0)


class MCTSDrawing:
    """The artists of one MCTS tree in one ``Axes``, restyled per step.

    Args:
        ax: the axes to draw in.
        trace: an ``aisearch.mcts.MCTSTrace``.
        layout: node id -> ``(x, y)``; by default ``mcts_layout(trace)``.
        show_labels: write each node's name beside it; ``None`` if they fit.
            Where names are not written, each node's move is, left of it.
        node_size: the largest marker size in points (the root's, which has
            the most visits); by default what fits the axes.

    The texts are placed the most visited nodes first, each clear of the
    nodes and of the texts placed before it (a node's numbers also clear of
    its edges); a name, move or numbers with no clear place are left out
    rather than drawn over another's (``aisearch.viz.labels`` measures the
    result).
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
        require_trace(trace, "MCTSDrawing", MCTSTrace, instead="TreeDrawing")
        if show_labels is not None:
            require_bool(show_labels, "show_labels")
        require_axes(ax, "MCTSDrawing")
        require_layout(layout, "MCTSDrawing")
        require_positive(node_size, "node_size", "MCTSDrawing", optional=True)
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
        self.per_unit, self.per_level = per_unit, per_level
        children: dict[int, list[int]] = {}
        for n, p in parents.items():
            children.setdefault(p, []).append(n)
        # Left of each node: its name, or else the move that reached it.
        beside = (
            names
            if show_labels
            else {n: move_text(trace.game, self.nodes[n].action, short=True) for n in names}
        )
        self._taken = self._node_boxes()
        final = trace.frame(-1)
        self._widest = {n: _widest_numbers(final, n) for n in self.order}
        for n in sorted(self.order, key=lambda n: -final.visits.get(n, 0)):  # most visited first
            x, y = self.layout[n]
            left = self._place_beside(n, beside[n]) if beside[n] else None
            if left is not None:
                self.label_texts[n] = left
            place = self._number_place(
                n, children.get(n, []), per_unit, per_level, beside[n] if left else None
            )
            if place is not None:
                # Visits / mean on a white ground, where none of the node's edges goes.
                self.value_texts[n] = ax.text(
                    x,
                    y,
                    "",
                    zorder=4,
                    fontsize=self.font,
                    bbox=dict(boxstyle="square,pad=0.08", facecolor="white", edgecolor="none"),
                    **place,
                )
            if self.nodes[n].parent is not None:
                self.score_texts[n] = self._score_text(x, y)

    def _node_boxes(self) -> list[tuple]:
        """The boxes, in points, of the nodes, at their largest."""
        boxes = []
        half = self.node_size / 2
        for n in self.order:
            px, py = self.layout[n][0] * self.per_unit, self.layout[n][1] * self.per_level
            boxes.append((px - half, py - half, px + half, py + half))
        return boxes

    def _place_beside(self, node: int, text: str):
        """``text`` (a name or a move) left of ``node``, if it is clear of the
        boxes taken so far and inside the axes; its ``Text``, else ``None``."""
        x, y = self.layout[node]
        px, py = x * self.per_unit, y * self.per_level
        right = px - 0.6 * self.node_size - 2
        width = 0.6 * 0.95 * self.font * len(text)
        box = (right - width - 1.5, py - 0.6 * self.font, right + 1.5, py + 0.6 * self.font)
        inside = right - width >= self.ax.get_xlim()[0] * self.per_unit
        if not inside or any(_meet(box, other) for other in self._taken):
            return None
        self._taken.append(box)
        beside = offset_copy(
            self.ax.transData, fig=self.ax.figure, x=-0.6 * self.node_size - 2, y=0, units="points"
        )
        return self.ax.text(
            x,
            y,
            text,
            transform=beside,
            ha="right",
            va="center",
            fontsize=self.font * 0.95,
            color=NAME_COLOR,
            zorder=4,
        )

    def _number_place(
        self, node: int, children: list[int], per_unit: float, per_level: float, name: str | None
    ) -> dict | None:
        """Where a node's ``visits / mean`` goes: under a node with no children
        (no edge goes there); else in the first place beside it that none of
        its edges (drawn up to ``EDGE_ROOM`` points thick) crosses, inside
        the axes: right; left
        (left of its ``name``, if it is written); for the root, which has no
        UCT score above it, above right and left; below right and left; under
        it if none is clear. A place must also be clear of the nodes, names
        and numbers placed so far (``_taken``); ``None`` if none is."""
        x, y = self.layout[node]
        if not children:
            return self._under(node)
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
        return self._under(node)

    def _under(self, node: int) -> dict | None:
        """The place under ``node`` for its numbers, if it is clear of the boxes taken."""
        x, y = self.layout[node]
        px, py = x * self.per_unit, y * self.per_level
        top = py - 0.55 * self.node_size - 2
        width = style.text_width(self._widest[node], self.font)
        box = (px - width / 2 - 1, top - 1.2 * self.font - 1, px + width / 2 + 1, top)
        if any(_meet(box, other) for other in self._taken):
            return None
        self._taken.append(box)
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
        for n, text in self.value_texts.items():
            text.set_text(node_text(frame, n) if n in present else "")
        for n, text in self.label_texts.items():
            text.set_visible(n in present)
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
            "text": self.value_texts[node].get_text() if node in self.value_texts else "",
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


def _widest_numbers(final: MCTSFrame, node: int) -> str:
    """As wide as the widest ``visits / mean`` ``node`` shows: its last visits
    and the widest mean (a node visited once has its one playout's result)."""
    visits = final.visits.get(node, 0)
    if visits <= 1:
        return node_text(final, node) if node in final.visits else "0 / –"
    return f"{visits} / −0.99"


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
