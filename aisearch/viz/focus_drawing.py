"""The focused view's drawing: ``FocusDrawing`` draws a ``FocusView`` in one ``Axes``.

``aisearch.focus`` says what is drawn at a step (``FocusView``): the path from
the root to the node the step is about, the children of every node on that
path, and for each child off the path one summary of its subtree. This module
draws it: row ``d`` holds the children of the path's node at depth ``d - 1``,
spread across the width; the node on the path is drawn large (as a small board
where the game can draw its states, ``aisearch.viz.glyphs``), its rivals as
the usual markers with their value (or bound) beside them and, under each
collapsed subtree, the nodes searched in it (``▸ 137``) and a ``✂`` if a
cutoff happened inside it. Shapes, fills and edges mean what they mean in the
whole-tree drawing (``aisearch.viz.style``). The figure around it, with its
caption, counters and legend, is ``aisearch.viz.focus``.

Since what is drawn changes with every step, the axes are redrawn at each
step; a frame holds a few dozen markers and texts, whatever the size of the
trace, so a step costs the same on a trace of 100,000 events as on a small one.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from matplotlib.collections import LineCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Rectangle

import aisearch.viz.style as style

from ..focus import FocusView, MCTSOverview, Overview
from ..narration import move_text
from ..trace import bound_text
from .glyphs import add_glyph, can_draw, state_image
from .labels import GAP

ROW_LOW, ROW_HIGH = 0.38, 0.62
"""Inches of a row, at the least and at the most."""

BOARD_SHARE = 0.88
"""How much of its row's height a node's board takes, its outlines included:
centred 0.45 of a row under the row's top, the root's board stays inside the
axes (which clip its frame) and each board clear of the next row's."""

BOARD_OUTLINE = max(
    (style.RING_GAP if look.mark == style.DOUBLE else 0.0) + look.width / 2
    for look in style.NODE_LOOKS.values()
)
"""Points a board's outlines reach beyond its picture: the second outline of
a node on the stack, ``RING_GAP`` out, or the active node's thick frame."""

FONT = 7.6
"""Points of the smallest texts: 10.6 pixels at 100 dpi, and 14 pixels when a
figure of 9.2 x 5.4 inches is projected at 1280 x 720."""

FONTS = {
    "value": FONT + 1,
    "action": FONT,
    "window": FONT,
    "summary": FONT,
    "name": FONT,
}
"""Points of each kind of text."""

FULL, ACTION_BELOW, NO_ACTION, VALUE_BELOW, BARE = 4, 3, 2, 1, 0
"""How much a crowded row writes at each node off the path: everything; the
same with the action under the node, before its summary (``(0, 1) ▸137``,
from the marker's left edge), not left of it; all but the action; only the
value, under the node (and the action above it, where the rows are at least
``ROW_ABOVE`` tall); nothing. A row takes the richest that fits its width.
The path's node always writes everything."""

ROW_ABOVE = 0.55
"""Inches a row must have for a crowded row to write each node's action above it."""

NAME_LIMIT = 6
"""A node on the path is named (where no board is drawn) if its name is this
short, as a ``GameTree``'s letters are; a long state string tells nothing."""

SUMMARY_COLOR = "#3d3d3d"
"""The summary written under a collapsed subtree."""
CUT_MARK = "✂"
"""Written after a collapsed subtree's count when a cutoff happened inside it."""
OPEN_MARK = "▸"
"""Written before the count of the nodes searched in a collapsed subtree."""


class FocusDrawing:
    """The focused view of a trace in one ``Axes``, redrawn at each step.

    Args:
        ax: the axes to draw in (its contents are replaced at every step).
        trace: an ``aisearch.Trace``.
        overview: the trace's ``aisearch.focus.Overview`` (made if not given).
        label: node -> the name written beside a node on the path when its
            state is not drawn as a board (by default ``trace.label``).
    """

    def __init__(self, ax, trace, *, overview: Overview | MCTSOverview | None = None, label=None):
        self.ax = ax
        self.trace = trace
        self.overview = overview or Overview(trace)
        self.nodes = trace.nodes()
        self.label: Callable[[int], str] = trace.label if label is None else label
        self.glyphs = _glyph_painter(trace)
        self.dpi = ax.figure.dpi
        self.horizon = style.horizon_of(trace)
        self._artists: list = []
        self.ax.set_axis_off()
        self.view: FocusView = self.overview.at(0)
        self.row = ROW_HIGH
        self.inches_per_unit = 1.0
        self.places: dict[int, tuple[float, float]] = {}
        self.looks: dict[int, style.NodeLook] = {}

    @functools.cached_property
    def from_table(self) -> set[int]:
        """The nodes a table answered (read once, when the first edge asks)."""
        return self.trace.answered_from_table()

    def _inches(self) -> tuple[float, float]:
        box = self.ax.get_position()
        figure = self.ax.figure
        return box.width * figure.get_figwidth(), box.height * figure.get_figheight()

    def update(self, frame) -> FocusView:
        """Draw ``frame`` (a ``Trace.frame``); returns the ``FocusView`` drawn."""
        ax = self.ax
        for artist in self._artists:
            artist.remove()
        self._artists = []
        width, height = self._inches()
        view = self.overview.at(frame.step)
        self.view = view
        shown, self.elided = self._rows_shown(view, height)
        rows = len(shown)
        self.row = row = min(ROW_HIGH, max(ROW_LOW, height / rows))
        # Data units are inches: a size in points is inches * 72 (upright,
        # less where the rows, at their lowest, are more than the height).
        ax.set_xlim(0, width)
        ax.set_ylim(-max(height, row * rows), 0)
        self.inches_per_unit = min(1.0, height / (row * rows))
        self.places = {}
        self.modes = {}
        self.words = {n: self._words(n, view, frame) for row_ in shown for n in row_}
        # Always written in full: the path, and the child each of its nodes takes now.
        self.key = set(view.path) | {
            b
            for p in view.path
            if (b := getattr(frame, "best", {}).get(p)) is not None and b in self.words
        }
        for d, members in enumerate(shown):
            mode, xs = self._plan_row(members, width)
            if d == 1 and self.elided:
                xs = [0.7 * width]  # the joining node, clear of the line naming the moves
            for n, x in zip(members, xs, strict=True):
                self.places[n] = (x, -(d + 0.45) * row)
                self.modes[n] = mode if n not in self.key else FULL
        self.looks = {n: self._look(n, frame) for n in self.places}
        self._draw_horizon(rows)
        self._draw_elision(frame)
        self._draw_edges(frame)
        self._draw_markers(view)
        for n in self.places:
            self._write_texts(n)
        return view

    def _rows_shown(self, view: FocusView, height: float) -> tuple[list, list]:
        """The rows that fit ``height``, and the path's nodes left out between them.

        A path too deep for its rows to fit keeps the root's row and the
        deepest rows; the path's node just above them stands alone in a row
        of its own, under a line that names the moves left out.
        """
        fits = max(4, int(height / ROW_LOW))
        if len(view.rows) <= fits:
            return view.rows, []
        keep = fits - 2  # the root's row and the joining row take two
        first = len(view.rows) - keep  # the first full row kept: children of path[first - 1]
        joint = view.path[first - 1]
        elided = view.path[1 : first - 1]
        return [view.rows[0], [joint], *view.rows[first:]], elided

    def _draw_elision(self, frame) -> None:
        """Where rows were left out: a dotted line from the root to the path's
        node below them, and the moves left out written beside it."""
        if not self.elided:
            return
        root, joint = self.view.path[0], self.view.path[len(self.elided) + 1]
        (rx, ry), (jx, jy) = self.places[root], self.places[joint]
        look = style.EDGE_LOOKS[style.PATH]
        self._add(
            self.ax.add_line(
                Line2D(
                    [rx, jx],
                    [ry - 0.22 * self.row, jy + 0.2 * self.row],
                    color=look.color,
                    linewidth=look.width,
                    linestyle="dotted",
                    zorder=1,
                )
            )
        )
        moves = " ".join(
            move_text(self.trace.game, self.nodes[n].action, short=True)
            for n in [*self.elided, joint]
        )
        self._text(
            0.02,
            jy,
            f"⋮ {len(self.elided)} levels not drawn; the path's moves: {moves}",
            ha="left",
            va="center",
            fontsize=FONT,
            color=SUMMARY_COLOR,
        )

    # Where the nodes go: as many words as the row has room for ----------------

    def _words(self, n: int, view: FocusView, frame) -> dict:
        """The texts that may be written at ``n``, by place."""
        on_path = n in view.open
        words = self._numbers(n, frame, on_path)
        action = self.nodes[n].action
        if action is not None:
            words["action"] = move_text(self.trace.game, action, short=True)
        summary = view.subtrees[n]
        if not on_path and summary.visited > 1:
            cut = f" {CUT_MARK}" if summary.cut else ""
            words["summary"] = f"{OPEN_MARK}{summary.visited:,}{cut}"
        if on_path and self.glyphs is None:
            name = self.label(n)
            if len(name) <= NAME_LIMIT and not name.startswith("#"):
                words["name"] = name
        return words

    def _numbers(self, n: int, frame, on_path: bool) -> dict:
        """The numbers written right of ``n``: its ``value`` (or bound) and, on
        the path, its ``window``."""
        words = {}
        value = frame.value.get(n)
        if value is not None:
            words["value"] = bound_text(value, frame.bound.get(n, "exact"))
        window = frame.window.get(n)
        if on_path and window is not None:
            words["window"] = style.window_text(*window)
        return words

    def _extent(self, n: int, mode: int) -> tuple[float, float]:
        """Inches a node takes left and right of its centre, in ``mode``."""
        words = self.words[n]
        half = self._size(n, mode) / 144 + 0.03 + self._ring(n in self.view.open)
        left, right = half, half
        if self._has_board(n):
            width = self._board(n).shape[1] / self.dpi
            ring = self._ring(n in self.view.open)
            left, right = width / 2 + 0.04 + 2 * half, width / 2 + 0.03 + ring
        bold = n in self.view.open  # the path's values are written in bold
        widths = {k: _width(v, FONTS[k], bold and k == "value") for k, v in words.items()}
        if mode >= NO_ACTION:
            right += max(widths.get("value", 0), widths.get("window", 0))
        if mode == FULL:
            left += widths.get("action", 0)
        below = 0.0
        if mode == ACTION_BELOW:
            # From the marker's left edge, under the numbers beside it.
            marker = self._size(n, mode) / 144
            right = max(right, _width(self._below(n, mode), FONTS["summary"]) - marker)
        elif mode >= NO_ACTION:
            below = max(widths.get("summary", 0), widths.get("name", 0))
        elif mode == VALUE_BELOW:
            below = widths.get("value", 0)
            if self._action_above(n, mode):
                below = max(below, widths["action"])
        return max(left, below / 2), max(right, below / 2)

    def _plan_row(self, members: list, width: float) -> tuple[int, list[float]]:
        """The richest mode whose words fit the row, and each node's x.

        The key nodes (on the path, or the best child so far of a node on it)
        always write everything; in a row too crowded even for bare markers,
        they keep their room and the others share what is left.
        """
        # Inches between nodes: the clear space two texts need (labels.GAP), and a
        # point more, as a drawn text reaches about a point past its measure.
        gap = 0.05 + (GAP + 1) / 72
        for mode in (FULL, ACTION_BELOW, NO_ACTION, VALUE_BELOW, BARE):
            extents = [self._extent(n, FULL if n in self.key else mode) for n in members]
            need = sum(left + right + gap for left, right in extents)
            if need <= width or mode == BARE:
                break
        if need > width:
            keys = [
                (left + right + gap)
                for n, (left, right) in zip(members, extents, strict=True)
                if n in self.key
            ]
            share = (width - sum(keys)) / max(1, len(members) - len(keys))
            if share < 0.1:  # no room even so: spread them evenly, each inside the axes
                return mode, [
                    min(max((i + 0.5) * width / len(members), left), width - right)
                    for i, (left, right) in enumerate(extents)
                ]
            extents = [
                (left, right) if n in self.key else (share / 2 - gap / 2, share / 2 - gap / 2)
                for n, (left, right) in zip(members, extents, strict=True)
            ]
            need = width
        spare = max(0.0, width - need) / len(members)
        xs, cursor = [], 0.0
        for left, right in extents:
            xs.append(cursor + spare / 2 + gap / 2 + left)
            cursor += left + right + gap + spare
        return mode, xs

    def _add(self, artist):
        self._artists.append(artist)
        return artist

    def _text(self, x, y, text, **options):
        return self._add(self.ax.text(x, y, text, zorder=4, **options))

    def _draw_horizon(self, rows: int) -> None:
        """Quiescence search: a dash-dotted line under the depth limit's row, as
        the whole-tree drawing has; the rows below it are reached by noisy moves."""
        if self.horizon is None or rows <= self.horizon + 1:
            return
        look = style.HORIZON_LOOK
        y = -(self.horizon + 1) * self.row + 0.02
        self._add(
            self.ax.axhline(
                y, color=look.color, linewidth=look.width, linestyle=look.line, zorder=0.4
            )
        )

    # Edges ---------------------------------------------------------------------

    def _draw_edges(self, frame) -> None:
        path = set(self.view.path)
        row = self.row
        segments, looks = [], []
        for n, (x, y) in self.places.items():
            parent = self.nodes[n].parent
            if parent is None or parent not in self.places:
                continue
            px, py = self.places[parent]
            segments.append([(px, py - 0.22 * row), (x, y + 0.2 * row)])
            looks.append(self._edge_look(n, frame, path))
        edges = LineCollection(
            segments,
            colors=[k.color for k in looks],
            linewidths=[k.width for k in looks],
            linestyles=[k.line for k in looks],
            capstyle="round",
            zorder=1,
        )
        self._add(self.ax.add_collection(edges, autolim=False))
        doubled = [(s, k) for s, k in zip(segments, looks, strict=True) if k.core]
        if doubled:  # the white line down the middle of a double edge
            cores = LineCollection(
                [s for s, _ in doubled],
                colors=[style.core_color(k) for _, k in doubled],
                linewidths=[k.core for _, k in doubled],
                capstyle="round",
                zorder=1.05,
            )
            self._add(self.ax.add_collection(cores, autolim=False))

    def _edge_look(self, child: int, frame, path: set) -> style.EdgeLook:
        return style.EDGE_LOOKS[self._edge_kind(child, frame, path)]

    def _edge_kind(self, child: int, frame, path: set) -> str:
        return style.edge_kind(child, frame, self.nodes, path, self.from_table)

    # Nodes ---------------------------------------------------------------------

    def _look(self, n: int, frame) -> style.NodeLook:
        if n == frame.event.node:
            return style.NODE_LOOKS[style.ACTIVE]
        return style.NODE_LOOKS[frame.status[n]]

    def _size(self, n: int, mode: int | None = None) -> float:
        """Points across a node's marker: larger on the path, smaller in a crowded row."""
        row_points = self.row * 72
        if n in self.view.open:
            return min(0.62 * row_points, 20.0) * (0.7 if self.glyphs is not None else 1)
        mode = self.modes[n] if mode is None else mode
        return min(0.5 * row_points, 15.0 if mode >= NO_ACTION else 11.0)

    @staticmethod
    def _ring(ringed: bool) -> float:
        """Inches a second outline (``style.DOUBLE``) adds around a node, if ``ringed``."""
        return style.RING_GAP / 72 if ringed else 0.0

    def _marker_x(self, n: int) -> float:
        """Where the marker goes: left of the board when a board is drawn."""
        x = self.places[n][0]
        if not self._has_board(n):
            return x
        return x - self._board(n).shape[1] / self.dpi / 2 - 0.04 - self._size(n) / 144

    def _has_board(self, n: int) -> bool:
        return self.glyphs is not None and n in self.view.open

    def _board(self, n: int, pixels: int | None = None):
        """The picture of node ``n``'s position (``aisearch.viz.glyphs``), as
        tall as its row allows unless ``pixels`` says."""
        if pixels is None:
            inches = BOARD_SHARE * self.row * self.inches_per_unit - 2 * BOARD_OUTLINE / 72
            pixels = max(12, round(inches * self.dpi))
        row = self.nodes[n]
        return state_image(self.trace.game, row.state, pixels=pixels, action=row.action)

    def _draw_markers(self, view: FocusView) -> None:
        groups: dict[str, list[int]] = {}
        for n in self.places:
            groups.setdefault(style.marker_of(self.nodes[n]), []).append(n)
        for marker, members in groups.items():
            looks = [self.looks[n] for n in members]
            self._add(
                self.ax.scatter(
                    [self._marker_x(n) for n in members],
                    [self.places[n][1] for n in members],
                    s=[self._size(n) ** 2 for n in members],
                    marker=marker,
                    facecolors=[k.face for k in looks],
                    edgecolors=[k.edge for k in looks],
                    linewidths=[k.width for k in looks],
                    linestyles=[k.line for k in looks],
                    zorder=3,
                )
            )
            self._draw_marks(marker, members)
        if self.glyphs is not None:
            for n in view.path:
                if n in self.places:  # not a level left out of a deep path
                    self._draw_board(n, self._board(n), self.places[n])

    def _draw_marks(self, marker: str, members: list) -> None:
        """What tells a status without colour: a second outline around the
        stack's nodes (``style.DOUBLE``), a cross over pruned ones (``style.CROSS``)."""
        ringed = [n for n in members if self.looks[n].mark == style.DOUBLE]
        if ringed:
            self._add(
                self.ax.scatter(
                    [self._marker_x(n) for n in ringed],
                    [self.places[n][1] for n in ringed],
                    s=[(self._size(n) + 2 * style.RING_GAP) ** 2 for n in ringed],
                    marker=marker,
                    facecolors="none",
                    edgecolors=[self.looks[n].edge for n in ringed],
                    linewidths=[self.looks[n].width for n in ringed],
                    zorder=2.9,
                )
            )
        crossed = [n for n in members if self.looks[n].mark == style.CROSS]
        if crossed:
            self._add(
                self.ax.scatter(
                    [self._marker_x(n) for n in crossed],
                    [self.places[n][1] for n in crossed],
                    s=[(style.CROSS_SHARE * self._size(n)) ** 2 for n in crossed],
                    marker="x",
                    color=style.NODE_LOOKS[style.PRUNED].edge,
                    linewidths=style.CROSS_WIDTH,
                    zorder=3.2,
                )
            )

    def _draw_board(self, n: int, image, xy) -> None:
        """The picture of ``n``'s position at ``xy``, framed in its status's outline."""
        look = self.looks[n]
        self._add(add_glyph(self.ax, image, xy, zoom=72 / self.dpi, zorder=3))
        height, width = image.shape[0] / self.dpi, image.shape[1] / self.dpi
        frame = Rectangle(
            (xy[0] - width / 2, xy[1] - height / 2),
            width,
            height,
            fill=False,
            edgecolor=look.edge,
            linewidth=look.width,
            linestyle=look.line,
            zorder=3.5,
        )
        self._add(self.ax.add_patch(frame))
        if look.mark == style.DOUBLE:  # the stack's second outline, as on its marker
            gap = style.RING_GAP / 72
            ring = Rectangle(
                (xy[0] - width / 2 - gap, xy[1] - height / 2 - gap),
                width + 2 * gap,
                height + 2 * gap,
                fill=False,
                edgecolor=look.edge,
                linewidth=look.width,
                zorder=3.5,
            )
            self._add(self.ax.add_patch(ring))

    def _write_texts(self, n: int) -> None:
        x, y = self.places[n]
        words, mode, look = self.words[n], self.modes[n], self.looks[n]
        half = self._size(n) / 144 + self._ring(look.mark == style.DOUBLE)
        left = self._marker_x(n) - half - 0.03
        right = x + half + 0.03
        if self._has_board(n):
            right = x + self._board(n).shape[1] / self.dpi / 2 + 0.05 + half - self._size(n) / 144
        under = y - half - 0.01
        if "window" in words and self._below(n, mode):  # clear of the second line beside it
            under -= 0.05
        if mode == FULL and "action" in words:
            self._text(
                left,
                y,
                words["action"],
                ha="right",
                va="center",
                fontsize=FONTS["action"],
                color=style.ACTION_COLOR,
            )
        if "value" in words and mode >= NO_ACTION:
            bold = n in self.view.open
            lift = 0.08 if "window" in words else 0  # two lines, clear of each other
            self._text(
                right,
                y + lift,
                words["value"],
                ha="left",
                va="center",
                fontsize=FONTS["value"],
                fontweight="bold" if bold else "normal",
                color=style.VALUE_COLOR,
            )
            if "window" in words:
                self._text(
                    right,
                    y - lift,
                    words["window"],
                    ha="left",
                    va="center",
                    fontsize=FONTS["window"],
                    color=style.WINDOW_COLOR,
                )
        elif "value" in words and mode == VALUE_BELOW:
            self._text(
                x,
                under,
                words["value"],
                ha="center",
                va="top",
                fontsize=FONTS["value"],
                color=style.VALUE_COLOR,
            )
        if self._action_above(n, mode):
            self._text(
                x,
                y + half + 0.02,
                words["action"],
                ha="center",
                va="bottom",
                fontsize=FONTS["action"],
                color=style.ACTION_COLOR,
                # Over the edge coming down to the node, which it would strike through.
                bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.4},
            )
        if mode >= NO_ACTION:
            below = self._below(n, mode)
            if below:
                color = look.text if below == words.get("name") else SUMMARY_COLOR
                from_left = mode == ACTION_BELOW and "action" in words
                self._text(
                    x - self._size(n) / 144 if from_left else x,
                    under,
                    below,
                    ha="left" if from_left else "center",
                    va="top",
                    fontsize=FONTS["summary"],
                    color=color,
                    # On white, so that an edge passing behind never strikes it through.
                    bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.4},
                )

    def _action_above(self, n: int, mode: int) -> bool:
        """Whether ``n``'s action is written just above it: in a row too crowded
        to write it beside or under the node (``VALUE_BELOW``), when the rows
        are tall enough to hold it between the row above and the node."""
        tall = self.row * self.inches_per_unit >= ROW_ABOVE
        return tall and mode == VALUE_BELOW and "action" in self.words[n]

    def _below(self, n: int, mode: int) -> str:
        """What is written under ``n`` in ``mode``: its summary (or name), after
        its action in ``ACTION_BELOW``."""
        words = self.words[n]
        below = words.get("summary") or words.get("name") or ""
        if mode == ACTION_BELOW and "action" in words:
            return f"{words['action']} {below}".rstrip()
        return below

    def highlighted(self) -> list[int]:
        """The nodes drawn as active (the node of the step shown, if drawn)."""
        active = style.NODE_LOOKS[style.ACTIVE]
        return sorted(n for n, look in self.looks.items() if look == active)


def _glyph_painter(trace) -> bool | None:
    """True if the trace's game draws its states as small boards (``aisearch.viz.glyphs``)."""
    return True if trace.game is not None and can_draw(trace.game) else None


@functools.lru_cache(maxsize=4096)
def _width(text: str, fontsize: float, bold: bool = False) -> float:
    """Inches ``text`` takes written in ``fontsize`` points (remembered: a
    trace writes the same few values and counts again and again)."""
    return style.text_width(text, fontsize, bold) / 72
