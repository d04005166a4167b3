"""Where a tree's texts go, so that every one can be read.

A node's value is written inside it in the largest type (not under
``MIN_VALUE_FONT``) in which the widest value it ever shows fits its glyph; a
wider one goes under a leaf, or beside any other node. Texts beside nodes are
placed one after another, each clear of the edges, the nodes and the texts
placed before it: every box taken so far is kept, in points from the axes'
origin, in ``_occupied``. A chance edge's probability stands beside its edge,
in rows that keep the labels of one level clear of each other and of the
other edges. A text with no clear place is left out rather than drawn over
another (``aisearch.viz.labels`` checks the result with matplotlib's own
text extents).

``TreeTexts`` is the part of ``aisearch.viz.tree.TreeDrawing`` that makes
these texts; the functions below it are the plane geometry it needs.
"""

from __future__ import annotations

from typing import Any, cast

from matplotlib.markers import MarkerStyle
from matplotlib.text import Text
from matplotlib.transforms import Affine2D, offset_copy

import aisearch.viz.style as style

from .layout import Position

# The smallest type, in points, a value is written in inside its node. A
# value that would need smaller type to fit is written beside the node.
MIN_VALUE_FONT = 6.5
# Room kept between a value's ink and its node's outline, in points: clear of
# the inner half of the thickest outline (the active node's).
GLYPH_MARGIN = max(look.width for look in style.NODE_LOOKS.values()) / 2
# Height of the band of a value that must lie inside its node, in units of its
# font size: the middle of its digits, where a reader looks for the edges.
INK_HEIGHT = 0.5

# Places for a text beside a node, as (x side, y side), in order of preference.
NAME_PLACES = ((-1, 0), (-1, 1), (-1, -1), (0, 1))
VALUE_PLACES = ((1, 1), (-1, 1), (1, -1), (-1, -1))
WINDOW_PLACES = ((1, 0), (1, 1), (1, -1), (0, 1))

# White margin around a probability on its edge, in units of its font size.
PROBABILITY_PAD = 0.15
# Where a probability sits on its edge, as a fraction from the parent (at most).
PROBABILITY_AT = 0.7
# Points between a probability's label and its edge.
PROBABILITY_GAP = 4


class TreeTexts:
    """The values, names, windows and probabilities of a ``TreeDrawing``,
    each placed clear of the others.

    A mixin: ``TreeDrawing`` sets the attributes below before it calls the
    ``_make_*`` methods, which add the texts to ``ax``.
    """

    ax: Any
    trace: Any
    nodes: dict
    layout: dict[int, Position]
    order: list[int]
    players: tuple
    node_size: float
    font: float
    per_unit: float
    per_level: float
    min_font: float
    edge_children: list[int]
    probabilities: dict[int, Any]

    def _type(self, points: float, floor: float = 0.0) -> float:
        """``points``, or the drawing's smallest type (or ``floor``) if larger."""
        return max(points, floor, self.min_font)

    def _make_probabilities(self, fontsize: float, actions: dict[int, str] | None) -> None:
        """Each chance edge's probability (after its action, if ``actions``),
        beside its edge near the child, in a white box.

        A label stands on the outer side of its own edge (left of an edge
        going down to the left, right of one going right), so that it never
        covers a sibling's edge and reads as that edge's. All labels between
        two levels sit at the same fraction of their edges if they fit there
        clear of each other and of the other edges; else they alternate
        between two or three rows. If even three rows are too tight, the
        actions are left out, and then the probabilities too, rather than
        drawn over each other or over an edge.
        """
        self.probability_texts: dict[int, Text] = {}
        # Their boxes, in points from the axes' origin, for the texts placed later.
        self._probability_boxes: list[tuple] = []
        plain = {
            n: style.probability_text(self.probabilities[n])
            for n in self.edge_children
            if n in self.probabilities
        }
        by_level: dict[float, list[int]] = {}
        for n in self.edge_children:
            by_level.setdefault(self.layout[n][1], []).append(n)
        for level in by_level.values():
            level.sort(key=lambda n: self.layout[n][0])
            members = [n for n in level if n in plain]
            if not members:
                continue
            texts = plain
            rows: list[float] = []
            if actions is not None:
                texts = {n: f"{actions[n]} ({p})" if actions[n] else p for n, p in plain.items()}
                rows = self._probability_rows(members, level, texts, fontsize)
            if not rows:
                texts = plain
                rows = self._probability_rows(members, level, texts, fontsize)
            for i, n in enumerate(members if rows else ()):
                (px, py), (x, y) = self.layout[self.nodes[n].parent], self.layout[n]
                t = rows[i % len(rows)]
                side = _side(px, x)
                self.probability_texts[n] = self.ax.text(
                    px + t * (x - px),
                    py + t * (y - py),
                    texts[n],
                    transform=self._offset(side * PROBABILITY_GAP, 0),
                    ha={-1: "right", 0: "center", 1: "left"}[side],
                    va="center",
                    fontsize=fontsize,
                    color=style.PROBABILITY_COLOR,
                    zorder=2,
                    bbox={
                        "boxstyle": f"round,pad={PROBABILITY_PAD}",
                        "facecolor": "white",
                        "edgecolor": "none",
                    },
                )
                self._probability_boxes.append(
                    self._label_box(px + t * (x - px), py + t * (y - py), side, texts[n], fontsize)
                )

    def _label_box(self, x: float, y: float, side: int, text: str, fontsize: float) -> tuple:
        """The box, in points from the axes' origin, of a probability's label
        written ``PROBABILITY_GAP`` points to ``side`` of the point (x, y)."""
        half = ((1.2 + 2 * PROBABILITY_PAD) * fontsize + 1) / 2
        left, right = _label_span(x * self.per_unit, side, text, fontsize)
        return (left, y * self.per_level - half, right, y * self.per_level + half)

    def _probability_rows(
        self, members: list[int], level: list[int], texts: dict, fontsize: float
    ) -> list[float]:
        """Fractions of an edge, one per row, at which the labels of ``members``
        (chance edges into one level of the tree, left to right) stand clear of
        each other and of every edge into that ``level``; empty if they do not
        fit in three rows."""
        height = (1.2 + 2 * PROBABILITY_PAD) * fontsize + 1
        # Clear of the child's marker below and of the parent's above; no
        # lower than PROBABILITY_AT, where a label plainly belongs to its child.
        marker = 0.5 * self.node_size + 0.5 * height
        lowest = min(PROBABILITY_AT, 1 - (marker + 7) / self.per_level)
        highest = (marker + 1) / self.per_level

        def at(n: int, t: float) -> float:
            """Where the edge into ``n`` is at fraction ``t``, in points."""
            (px, _), (x, _) = self.layout[self.nodes[n].parent], self.layout[n]
            return (px + t * (x - px)) * self.per_unit

        def span(n: int, t: float) -> tuple[float, float]:
            side = _side(self.layout[self.nodes[n].parent][0], self.layout[n][0])
            return _label_span(at(n, t), side, texts[n], fontsize)

        for count in (1, 2, 3):
            rows = [lowest - k * height / self.per_level for k in range(count)]
            if rows[-1] < highest:
                break
            clear = True
            for r, t in enumerate(rows):
                row = [n for i, n in enumerate(members) if i % count == r]
                spans = [span(n, t) for n in row]
                clear = clear and all(a[1] <= b[0] for a, b in zip(spans, spans[1:], strict=False))
                # A label on a vertical edge sits on it; no label covers another's edge.
                clear = clear and not any(
                    lo < at(m, t) < hi
                    for n, (lo, hi) in zip(row, spans, strict=True)
                    for m in level
                    if m != n
                )
            if clear:
                return rows
        return []

    def _make_texts(self, size: float, font: float, names: dict | None) -> None:
        """The value, name and window texts of every node.

        First what has a fixed place: values that fit inside their nodes, and
        under each leaf its value (if too wide for it) and its name. Then,
        beside the other nodes, names, windows and the values too wide for
        their nodes, each in the first place clear of edges, nodes and every
        text placed so far (``_beside``). A window or value with no such
        place is left out rather than drawn over another label.
        """
        if self.players:
            self._make_vector_texts(size, font, names)
            return
        self.value_texts: dict[int, Text] = {}
        self.label_texts: dict[int, Text] = {}
        self.window_texts: dict[int, Text] = {}
        self._occupied = [
            self._box_at(n, (-size / 2, -size / 2, size / 2, size / 2)) for n in self.order
        ] + self._probability_boxes
        widest = self._widest_values()
        beside_font = self._type(0.8 * font, MIN_VALUE_FONT)
        wide = set()
        for n in self.order:
            marker = style.marker_of(self.nodes[n])
            shift = style.VALUE_SHIFT.get(marker, 0.0) * size
            inside = _inside_font(
                widest.get(n, ""), marker, size, shift, font, self._type(MIN_VALUE_FONT)
            )
            if inside is not None:
                self.value_texts[n] = self.ax.text(
                    *self.layout[n],
                    "",
                    transform=self._offset(0, shift),
                    ha="center",
                    va="center",
                    fontsize=inside,
                    fontweight="bold",
                    color=style.VALUE_COLOR,
                    zorder=4,
                )
            elif self.nodes[n].children:
                wide.add(n)
            else:
                self._under_leaf(n, widest.get(n, ""), beside_font, names)
            if names is not None and not self.nodes[n].children and n not in self.label_texts:
                self._under_leaf(n, None, beside_font, names)
        windows = self._nodes_with_windows(self._type(font * 0.78, 6.0), names)
        for n in self.order:
            if names is not None and self.nodes[n].children:
                self.label_texts[n] = self._beside(n, names[n], NAME_PLACES, self._type(font * 0.9))
        # Values before windows: a value is what the node is worth, a window
        # only how it was searched, so values get the first pick of the room.
        for n in self.order:
            if n in wide:
                self.value_texts[n] = self._beside_value(n, widest.get(n, ""), beside_font)
        for n in self.order:
            if n in windows:
                self.window_texts[n] = self._beside(
                    n,
                    "",
                    WINDOW_PLACES,
                    self._type(font * 0.78, 6.0),
                    color=style.WINDOW_COLOR,
                    sample=style.window_text(-float("inf"), float("inf")),
                    optional=True,
                )
        self.window_texts = {n: t for n, t in self.window_texts.items() if t.get_visible()}

    def _beside_value(self, node: int, widest: str, fontsize: float):
        """A value too wide for its node, beside it, in the first clear place;
        left out only where none is clear."""
        text = self._beside(
            node, "", VALUE_PLACES, fontsize, color=style.VALUE_COLOR, sample=widest, optional=True
        )
        text.set_fontweight("bold")
        # On a white ground, as a probability is: an edge may pass behind it.
        text.set_bbox({"boxstyle": "square,pad=0.1", "facecolor": "white", "edgecolor": "none"})
        return text

    def _under_leaf(
        self, node: int, value: str | None, fontsize: float, names: dict | None
    ) -> None:
        """Under a leaf, where no edge goes: its value (unless ``value`` is
        ``None``: it is inside the leaf) in type that leaves its neighbours'
        clear, and its name under that."""
        x, y = self.layout[node]
        top = -0.5 * self.node_size - 2
        if value is not None:
            fontsize = _font_within(value, self._width_at(node) - 3, fontsize, self._type(5.5))
            width = style.text_width(value, fontsize, bold=True)
            self.value_texts[node] = self.ax.text(
                x,
                y,
                "",
                transform=self._offset(0, top),
                ha="center",
                va="top",
                fontsize=fontsize,
                fontweight="bold",
                color=style.VALUE_COLOR,
                zorder=4,
            )
            self._occupied.append(
                self._box_at(node, (-width / 2, top - 1.2 * fontsize, width / 2, top))
            )
            top -= 1.2 * fontsize + 1
        if names is not None:
            name_font = self._type(0.9 * self.font)
            self.label_texts[node] = self.ax.text(
                x,
                y,
                names[node],
                transform=self._offset(0, top - 1),
                ha="center",
                va="top",
                fontsize=name_font,
                zorder=4,
            )
            width = 0.6 * name_font * len(names[node])
            self._occupied.append(
                self._box_at(node, (-width / 2, top - 1 - 1.2 * name_font, width / 2, top - 1))
            )

    def _box_at(self, node: int, box: tuple) -> tuple:
        """``box`` (points, relative to ``node``) in points relative to the axes' origin."""
        x, y = self.layout[node]
        px, py = x * self.per_unit, y * self.per_level
        return (px + box[0], py + box[1], px + box[2], py + box[3])

    def _make_vector_texts(self, size: float, font: float, names: dict | None) -> None:
        """Texts for a game of more than two players: the name inside the node,
        the value vector to its right (under a leaf, where no edge goes)."""
        ax = self.ax
        self.value_texts, self.label_texts, self.window_texts = {}, {}, {}
        self._occupied = []
        small = self._type(font * style.VECTOR_SCALE)
        for n in self.order:
            row = self.nodes[n]
            x, y = self.layout[n]
            if row.children:
                self.value_texts[n] = self._beside(
                    n, "", WINDOW_PLACES, small, color=style.VALUE_COLOR, sample="(0,0,0)"
                )
                self.value_texts[n].set_fontweight("bold")
            else:
                self.value_texts[n] = ax.text(
                    x,
                    y,
                    "",
                    transform=self._offset(0, -0.5 * size - 3),
                    ha="center",
                    va="top",
                    fontsize=small,
                    fontweight="bold",
                    color=style.VALUE_COLOR,
                    zorder=4,
                )
            if names is not None:
                self.label_texts[n] = ax.text(
                    x,
                    y,
                    names[n],
                    ha="center",
                    va="center",
                    fontsize=self._type(font * 0.85),
                    zorder=4,
                )

    def _width_at(self, node: int) -> float:
        """Points from ``node`` to the nearest node of its level (one unit if alone)."""
        x, y = self.layout[node]
        others = [
            abs(ox - x) for other, (ox, oy) in self.layout.items() if oy == y and other != node
        ]
        return min(others, default=1.0) * self.per_unit

    def _widest_values(self) -> dict[int, str]:
        """Per node, the widest text its value takes at any step, a bound sign
        in front if the node ends as a bound (``Trace.value_kinds``)."""
        kinds = self.trace.value_kinds() if hasattr(self.trace, "value_kinds") else {}
        widest: dict[int, str] = {}
        for e in self.trace:
            value = e.total if e.kind == "chance" else e.value
            if value is None or isinstance(value, tuple):
                continue
            sign = "≤" if kinds.get(e.node, "exact") != "exact" else ""
            text = sign + style.number_text(value)
            if len(text) > len(widest.get(e.node, "")):
                widest[e.node] = text
        return widest

    def _nodes_with_windows(self, font: float, names: dict | None) -> set:
        """The nodes that have an alpha-beta window at some step and room for it
        on their right, before the next node of their level and its name."""
        wanted = {e.node for e in self.trace if e.alpha is not None and self.nodes[e.node].children}
        width = 0.6 * font * len(style.window_text(-float("inf"), float("inf")))
        name_room = 0.6 * 0.9 * self.font * max(map(len, names.values()), default=0) if names else 0
        right_end = self.ax.get_xlim()[1]
        by_level: dict[float, list[float]] = {}
        for x, y in self.layout.values():
            by_level.setdefault(y, []).append(x)
        widest = self._widest_windows(font)
        roomy = set()
        for n in wanted:
            x, y = self.layout[n]
            after = [other for other in by_level[y] if other > x]
            if after:
                room = (min(after) - x) * self.per_unit - self.node_size - 4 - name_room
                needed = width
            else:
                # Up to the figure's edge: the widest window this node shows,
                # measured as drawn (the estimate above may fall short by a few
                # points, and then the text leaves the figure), after the gap
                # that _beside leaves between a node and its text.
                room = (right_end - x) * self.per_unit - (0.55 * self.node_size + 2)
                needed = max(width, widest.get(n, 0.0))
            if needed <= room:
                roomy.add(n)
        return roomy

    def _widest_windows(self, font: float) -> dict[int, float]:
        """Per node, in points, the widest alpha-beta window it shows at any step."""
        widest: dict[int, float] = {}
        for e in self.trace:
            if e.alpha is not None:
                width = style.text_width(style.window_text(e.alpha, e.beta), font)
                widest[e.node] = max(width, widest.get(e.node, 0.0))
        return widest

    def _offset(self, dx: float, dy: float):
        return offset_copy(self.ax.transData, fig=self.ax.figure, x=dx, y=dy, units="points")

    def _beside(
        self,
        node: int,
        text: str,
        places,
        fontsize: float,
        color=None,
        sample: str | None = None,
        optional: bool = False,
    ):
        """A text next to a node, in the first of ``places`` that no edge of the
        node crosses and that is clear of every node and text placed so far
        (else the first clear of them, else the first). If ``optional`` and no
        place is clear of them, the text is made invisible: left out."""
        gap = 0.55 * self.node_size + 2
        rise = 0.5 * self.node_size
        width = 0.6 * fontsize * len(sample or text)
        height = 1.2 * fontsize
        edges = self._edge_vectors(node)
        own = self._box_at(node, (-self.node_size / 2,) * 2 + (self.node_size / 2,) * 2)
        boxes = {place: _text_box(place, gap, rise, width, height) for place in places}
        free = [
            p
            for p in places
            if not any(
                _meet(self._box_at(node, boxes[p]), other)
                for other in self._occupied
                if other != own
            )
        ]
        clear = [p for p in free if not any(_crosses(boxes[p], end) for end in edges)]
        chosen = (clear or free or list(places))[0]
        sx, sy = chosen
        dx = sx * (gap if sy == 0 else 0.75 * gap)
        dy = sy * rise
        x, y = self.layout[node]
        made = self.ax.text(
            x,
            y,
            text,
            transform=self._offset(dx, dy),
            fontsize=fontsize,
            color=color,
            ha={-1: "right", 0: "center", 1: "left"}[sx],
            va={-1: "top", 0: "center", 1: "bottom"}[sy],
            zorder=4,
        )
        if optional and not free:
            made.set_visible(False)
        else:
            self._occupied.append(self._box_at(node, boxes[chosen]))
        return made

    def _edge_vectors(self, node: int) -> list[tuple[float, float]]:
        """The node's edges (to its parent and children) as vectors in points."""
        row = self.nodes[node]
        x, y = self.layout[node]
        ends = list(row.children) + ([row.parent] if row.parent is not None else [])
        return [
            ((self.layout[e][0] - x) * self.per_unit, (self.layout[e][1] - y) * self.per_level)
            for e in ends
        ]


def _inside_font(
    text: str,
    marker: str,
    size: float,
    shift: float,
    largest: float,
    smallest: float = MIN_VALUE_FONT,
) -> float | None:
    """The largest font size, at most ``largest``, that writes ``text`` (bold)
    inside a ``marker`` of ``size`` points, ``shift`` points above its centre;
    ``None`` if even ``smallest`` is too large.

    The box of the text's ink, grown by ``GLYPH_MARGIN``, must lie inside the
    marker's outline (a triangle narrows towards its tip, so a wide value
    sits towards its base and still may not fit).

    >>> _inside_font("3", "s", 27, 0, 10.5), _inside_font("-0.111", "^", 18, -2.5, 7.0)
    (10.5, None)
    """
    style_ = MarkerStyle(marker)
    glyph = cast(Affine2D, style_.get_transform().frozen())
    outline = style_.get_path().transformed(glyph.scale(size))

    def fits(fontsize: float) -> bool:
        half_width = style.text_width(text, fontsize, bold=True) / 2 + GLYPH_MARGIN
        half_height = INK_HEIGHT * fontsize / 2 + GLYPH_MARGIN
        corners = [(sx * half_width, shift + sy * half_height) for sx in (-1, 1) for sy in (-1, 1)]
        return bool(outline.contains_points(corners).all())

    return style.largest_font(fits, max(largest, smallest), smallest)


def _font_within(text: str, width: float, largest: float, smallest: float = 5.5) -> float:
    """The largest font size, from ``largest`` down to ``smallest``, that writes
    ``text`` (bold) at most ``width`` points wide (``smallest`` if none does)."""
    fits = style.largest_font(
        lambda size: style.text_width(text, size, bold=True) <= width, largest, smallest
    )
    return smallest if fits is None else fits


def _text_box(
    place, gap: float, rise: float, width: float, height: float, margin: float = 2.5
) -> tuple:
    """``(x0, y0, x1, y1)`` in points around the node of a text put at ``place``.

    Grown by ``margin`` on every side, so that an edge passing just by the
    text counts as crossing it.
    """
    sx, sy = place
    if sx == 0:
        x0 = -width / 2
    else:
        near = gap if sy == 0 else 0.75 * gap
        x0 = near if sx > 0 else -near - width
    if sy == 0:
        y0 = -height / 2
    else:
        y0 = rise if sy > 0 else -rise - height
    return x0 - margin, y0 - margin, x0 + width + margin, y0 + height + margin


def _label_span(x: float, side: int, text: str, fontsize: float) -> tuple[float, float]:
    """Left and right, in points, of a probability's label box written
    ``PROBABILITY_GAP`` points to ``side`` of ``x`` (centred on it if 0)."""
    pad = PROBABILITY_PAD * fontsize + 1
    width = style.text_width(text, fontsize) + 2 * pad
    if side == 0:
        return x - width / 2, x + width / 2
    near = x + side * (PROBABILITY_GAP - pad)
    return (near, near + width) if side > 0 else (near - width, near)


def _side(parent_x: float, child_x: float) -> int:
    """Which side of an edge its label stands on: -1 left of an edge going
    down to the left, 1 right of one going right, 0 on a vertical edge."""
    return (child_x > parent_x) - (child_x < parent_x)


def _meet(box, other) -> bool:
    """Whether two boxes ``(x0, y0, x1, y1)`` overlap."""
    return box[0] < other[2] and other[0] < box[2] and box[1] < other[3] and other[1] < box[3]


def _crosses(box, end) -> bool:
    """Whether the segment from (0, 0) to ``end`` passes through ``box`` (Liang-Barsky)."""
    x0, y0, x1, y1 = box
    dx, dy = end
    low, high = 0.0, 1.0
    for p, q in ((-dx, -x0), (dx, x1), (-dy, -y0), (dy, y1)):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                low = max(low, t)
            else:
                high = min(high, t)
    return low <= high
