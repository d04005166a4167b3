"""A traced search tree drawn with matplotlib, one step at a time.

The artists are made once, when the figure is built: one marker collection
per role, one line collection for the edges, and one text per value, name,
alpha-beta window and action, and per chance edge one for its probability
(written on the edge, near the child, as a fraction such as 1/3 where it is
one). Showing another step only changes their colours, widths, line styles
and texts. Where each text goes, so that every label can be read, is
``aisearch.viz.placement``; the legend is ``aisearch.viz.legend``.

Rendering is the slow part (text above all), so ``TreeFigure.png`` draws the
artists that never change (legend, action labels) once into a background
picture, and per step pastes that picture and draws only the changing
artists over it (with the probabilities, which lie over the changing
edges): ``aisearch.viz.canvas.Blitter``. The result is the same picture
``figure.savefig`` makes.

``TreeDrawing`` is the tree in one ``Axes``; ``TreeFigure`` owns a whole
``matplotlib.figure.Figure`` (never a pyplot one, so nothing piles up or
shows itself) with a tree, a caption that explains the step, a counters line
and a legend, so that one frame explains itself on a slide.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable

from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.transforms import offset_copy

import aisearch.viz.style as style

from ..description import describe_frame, pruned_count
from ..narration import move_text
from ..trace import PRUNED, UNSEEN, Trace, bound_text
from ..validation import require_bool
from .alt_text import DescribedSteps, set_description
from .arguments import (
    require_axes,
    require_dpi,
    require_font,
    require_function,
    require_layout,
    require_positive,
    require_size,
    require_trace,
)
from .canvas import Blitter
from .framing import (
    CAPTION_FONT,
    CAPTION_LINES,
    add_caption,
    add_counters,
    framed_figure,
    top_band,
    width_and_wrap,
)
from .layout import Position, tree_layout
from .legend import legend_handles
from .placement import TreeTexts

__all__ = [
    "WHOLE_TREE_MOST",
    "TreeDrawing",
    "TreeFigure",
    "caption_axes",
    "default_size",
    "draw_step",
    "legend_handles",
]

WHOLE_TREE_MOST = 1000
"""The most nodes ``TreeFigure`` draws whole when asked to (a whole-tree
option): at about 5 ms a node, more would take seconds to draw nodes too
close to tell apart."""

# Heights in inches of the bands under the tree in a TreeFigure.
COUNTERS_BAND = 0.34
LEGEND_ROW = 0.25


class TreeDrawing(TreeTexts):
    """The artists of one traced tree in one ``Axes``, restyled per step.

    Args:
        ax: the axes to draw in; its limits are set to fit the tree and its
            axis lines are turned off.
        trace: an ``aisearch.Trace`` of a finished (or partial) search.
        layout: node id -> ``(x, y)``; by default ``tree_layout(trace)``.
        label: node id -> the name written beside it; by default
            ``trace.label``.
        show_labels: write each node's name beside it; ``None`` (the
            default) writes them if the longest fits between neighbours.
        show_actions: write each edge's action beside it (on a chance edge,
            in front of its probability: ``roll 2 (1/3)``); ``None`` if they
            fit. A chance edge's probability is always written, if there is room.
        node_size: marker size in points; by default what fits the axes.
        min_font: the smallest type, in points, of any text of the drawing
            (0: as small as the room asks). For a picture shown smaller than
            it is drawn, a projected slide say (``aisearch.figures``); a text
            that does not fit in that type moves beside its node or is left
            out, as it would be in a smaller drawing.
    """

    def __init__(
        self,
        ax,
        trace,
        *,
        layout: dict[int, Position] | None = None,
        label: Callable[[int], str] | None = None,
        show_labels: bool | None = None,
        show_actions: bool | None = None,
        node_size: float | None = None,
        min_font: float = 0.0,
    ):
        check_drawing_options(
            "TreeDrawing",
            trace,
            layout=layout,
            label=label,
            node_size=node_size,
            min_font=min_font,
            show_labels=show_labels,
            show_actions=show_actions,
        )
        require_axes(ax, "TreeDrawing")
        self.ax = ax
        self.trace = trace
        self.min_font = min_font
        self.nodes = trace.nodes()
        # More than two players: colours by player, vectors beside the nodes.
        self.players = style.players_of(trace)
        self.layout = tree_layout(trace) if layout is None else layout
        self.order = list(self.layout)
        self.frame = None
        self.crossed = 0
        """How many nodes are crossed out at the step shown (pruned)."""
        label = trace.label if label is None else label
        self._set_limits()
        fitted = self._fit_node_size()
        self.node_size = size = fitted if node_size is None else node_size
        self.font = font = self._type(min(10.5, 0.38 * size), 6.0)
        names = {n: label(n) for n in self.order}
        actions = {n: move_text(trace.game, self.nodes[n].action, short=True) for n in self.order}
        if show_labels is None:
            # Beside or under a node: one unit of x, less the node, is the room.
            show_labels = self._fits(names.values(), 0.9 * font, self.per_unit - 0.3 * size)
        # A chance node's edges always carry their probabilities, with the
        # action (if shown) in the same label: "roll 2 (1/3)".
        self.probabilities = {n: p for n in self.order if (p := self._probability(n)) is not None}
        chance = {n: style.probability_text(p) for n, p in self.probabilities.items()}
        if show_actions is None:
            # Under the tree's fan-outs edge midpoints are half a unit apart.
            full = [f"{a} ({chance[n]})" if n in chance else a for n, a in actions.items()]
            show_actions = self._fits(full, self._type(0.72 * font, 5.5), 0.5 * self.per_unit - 6)
        self._make_edges(
            {n: a for n, a in actions.items() if n not in chance} if show_actions else None, font
        )
        self._make_probabilities(self._type(0.8 * font, 6.0), actions if show_actions else None)
        self._make_markers(size)
        self._make_texts(size, font, names if show_labels else None)
        self._make_table_badges(size, font)
        self._make_horizon(size, font)
        # Points the texts under the leaves reach below the axes (for what goes underneath).
        bottom = self.ax.get_ylim()[0] * self.per_level
        self.below = max([0.0] + [bottom - box[1] for box in self._occupied])

    # Building the artists, once -------------------------------------------

    def _probability(self, node: int):
        """The probability on the edge into ``node``; ``None`` if its parent is
        not a chance node.

        A pruned outcome was never searched, so no chance step of the trace
        gives its probability: it is read from the game's outcomes, if the
        trace has the game (``Trace(game)``).
        """
        row = self.nodes[node]
        if row.probability is not None or row.parent is None:
            return row.probability
        parent = self.nodes[row.parent]
        game = self.trace.game
        if parent.role != "chance" or game is None:
            return None
        return dict(game.chance_outcomes(parent.state)).get(row.action)

    def _set_limits(self) -> None:
        xs = [x for x, _ in self.layout.values()]
        ys = [y for _, y in self.layout.values()]
        self.ax.set_xlim(min(xs) - 0.6, max(xs) + 0.75)
        self.ax.set_ylim(min(ys) - 0.42, max(ys) + 0.3)
        self.ax.set_axis_off()

    def _fit_node_size(self) -> float:
        """The marker size in points that leaves room between neighbours."""
        fig = self.ax.figure
        box = self.ax.get_position()
        x0, x1 = self.ax.get_xlim()
        y0, y1 = self.ax.get_ylim()
        # Points per unit of x and per level of depth, kept to place texts.
        self.per_unit = box.width * fig.get_figwidth() * 72 / (x1 - x0)
        self.per_level = box.height * fig.get_figheight() * 72 / (y1 - y0)
        return max(9.0, min(27.0, 0.68 * self.per_unit, 0.42 * self.per_level))

    @staticmethod
    def _fits(texts, fontsize: float, room: float) -> bool:
        """Whether the longest of ``texts`` is at most ``room`` points wide (estimated)."""
        return 0.6 * fontsize * max((len(t) for t in texts), default=0) <= room

    def _make_edges(self, actions: dict | None, font: float) -> None:
        self.edge_children = [n for n in self.order if self.nodes[n].parent is not None]
        segments = [(self.layout[self.nodes[n].parent], self.layout[n]) for n in self.edge_children]
        self.edges = LineCollection(segments, zorder=1, capstyle="round")
        self.ax.add_collection(self.edges)
        # The white line down the middle of a double edge (the best child's).
        self.edge_cores = LineCollection(segments, zorder=1.05, capstyle="round")
        self.ax.add_collection(self.edge_cores)
        self.action_texts = {}
        if actions is None:
            return
        for n in self.edge_children:
            if n not in actions:  # a chance edge: its action goes with its probability
                continue
            (px, py), (x, y) = self.layout[self.nodes[n].parent], self.layout[n]
            # Beside the edge's midpoint, on the side it leans to.
            side = -1 if x < px - 1e-9 else 1
            # Clear of the thickest edge style.
            place = offset_copy(
                self.ax.transData, fig=self.ax.figure, x=5.5 * side, y=0, units="points"
            )
            # Under the edges (zorder), and never restyled: drawn once per figure.
            self.action_texts[n] = self.ax.text(
                (px + x) / 2,
                (py + y) / 2,
                actions[n],
                transform=place,
                ha="right" if side < 0 else "left",
                va="center",
                fontsize=self._type(font * 0.72, 5.5),
                color=style.ACTION_COLOR,
                zorder=0.5,
            )

    def _make_markers(self, size: float) -> None:
        """One scatter collection per marker shape, and where each node is in it;
        per shape a collection of second outlines (shown on the stack's nodes),
        and one of crosses (shown on pruned nodes)."""
        groups: dict[str, list[int]] = {}
        for n in self.order:
            groups.setdefault(style.marker_of(self.nodes[n]), []).append(n)
        self.markers = {}
        self.rings = {}
        self.slot = {}
        for marker, members in groups.items():
            xs = [self.layout[n][0] for n in members]
            ys = [self.layout[n][1] for n in members]
            self.markers[marker] = (
                members,
                self.ax.scatter(xs, ys, s=size**2, marker=marker, zorder=3),
            )
            self.rings[marker] = self.ax.scatter(
                xs, ys, s=0, marker=marker, facecolors="none", zorder=2.9
            )
            for i, n in enumerate(members):
                self.slot[n] = (marker, i)
        cross = style.NODE_LOOKS[style.PRUNED]
        self.crosses = self.ax.scatter(
            [self.layout[n][0] for n in self.order],
            [self.layout[n][1] for n in self.order],
            s=0,
            marker="x",
            color=cross.edge,
            linewidths=style.CROSS_WIDTH,
            zorder=3.2,
        )

    def _make_table_badges(self, size: float, font: float) -> None:
        """A "TT" badge at the upper right of each node a table answered (shown once reached)."""
        self.from_table = self.trace.answered_from_table() & set(self.order)
        self.badge_texts = {
            n: self.ax.text(
                *self.layout[n],
                "",
                transform=self._offset(0.45 * size, 0.45 * size),
                ha="left",
                va="bottom",
                fontsize=self._type(0.75 * font, 6.0),
                fontweight="bold",
                color=style.TABLE_COLOR,
                zorder=4,
            )
            for n in self.from_table
        }

    def _make_horizon(self, size: float, font: float) -> None:
        """Quiescence search: a dash-dotted line across the tree under the depth
        limit, so that the nodes past the horizon are marked by where they
        stand, not by colour alone. Below the names under the horizon's
        leaves, and above the next level's nodes."""
        self.horizon = horizon = style.horizon_of(self.trace)
        self.past_horizon = {
            n for n in self.order if horizon is not None and self.nodes[n].depth > horizon
        }
        self.horizon_line = None
        if horizon is None or not self.past_horizon:
            return
        below_names = (0.5 * size + 6 + 1.2 * 0.9 * font) / self.per_level
        above_next = 1 - (0.5 * size + 4) / self.per_level
        drop = min(max(0.5, below_names), above_next)
        look = style.HORIZON_LOOK
        self.horizon_line = self.ax.axhline(
            -(horizon + drop),
            color=look.color,
            linewidth=look.width,
            linestyle=look.line,
            zorder=0.4,
            label=style.LEGEND_NAMES[style.HORIZON],
        )

    # Showing a step ------------------------------------------------------------

    def update(self, frame) -> None:
        """Restyle every artist to show ``frame`` (a ``Trace.frame``)."""
        self.frame = frame
        looks = {n: self._node_look(n, frame) for n in self.order}
        ring = (self.node_size + 2 * style.RING_GAP) ** 2
        for marker, (members, collection) in self.markers.items():
            chosen = [looks[n] for n in members]
            collection.set_facecolors([k.face for k in chosen])
            collection.set_edgecolors([k.edge for k in chosen])
            collection.set_linewidths([k.width for k in chosen])
            collection.set_linestyles([k.line for k in chosen])
            rings = self.rings[marker]
            rings.set_sizes([ring if k.mark == style.DOUBLE else 0 for k in chosen])
            rings.set_edgecolors([k.edge for k in chosen])
            rings.set_linewidths([k.width for k in chosen])
        cross = (style.CROSS_SHARE * self.node_size) ** 2
        crossed = [looks[n].mark == style.CROSS for n in self.order]
        self.crossed = sum(crossed)
        self.crosses.set_sizes([cross if c else 0 for c in crossed])
        path = set(frame.stack)
        edge_looks = [style.EDGE_LOOKS[self._edge_kind(n, frame, path)] for n in self.edge_children]
        self.edges.set_colors([k.color for k in edge_looks])
        self.edges.set_linewidth([k.width for k in edge_looks])
        self.edges.set_linestyle([k.line for k in edge_looks])
        self.edge_cores.set_colors([style.core_color(k) for k in edge_looks])
        self.edge_cores.set_linewidth([k.core for k in edge_looks])
        for n in self.order:
            value = bound_text(frame.value.get(n), frame.bound.get(n, "exact"))
            self.value_texts[n].set_text(value)
        for n, text in self.label_texts.items():
            text.set_color(looks[n].text)
        for n, text in self.badge_texts.items():
            text.set_text(style.TABLE_BADGE if frame.status[n] != UNSEEN else "")
        for n, text in self.window_texts.items():
            window = frame.window.get(n)
            text.set_text(style.window_text(*window) if window else "")

    def _node_look(self, node: int, frame) -> style.NodeLook:
        active = node == frame.event.node
        if active and not self.players:
            return style.NODE_LOOKS[style.ACTIVE]
        status = frame.status[node]
        look = style.NODE_LOOKS[status]
        if self.players and not self.nodes[node].terminal:
            # Nobody moves at a terminal state: it keeps the plain look.
            look = style.player_look(look, status, self.players, self.nodes[node].role)
        if active:
            # More than two players: the fill tells whose node it is, so the
            # active node keeps it and is marked by its outline alone.
            return style.active_player_look(look)
        return look

    def _edge_kind(self, child: int, frame, path: set) -> str:
        return style.edge_kind(child, frame, self.nodes, path, self.from_table)

    def changing_artists(self) -> list:
        """The artists ``update`` restyles, in the order a full draw paints them."""
        fixed = set(map(id, self.action_texts.values()))
        children = [a for a in self.ax.get_children() if a.get_visible() and id(a) not in fixed]
        # The probabilities never change, but lie over the edges, which do.
        ours = {
            id(a)
            for a in (
                self.edges,
                self.edge_cores,
                self.crosses,
                *self.rings.values(),
                *self.probability_texts.values(),
                *self.value_texts.values(),
                *self.label_texts.values(),
                *self.window_texts.values(),
                *self.badge_texts.values(),
            )
        }
        ours |= {id(c) for _, c in self.markers.values()}
        return sorted((a for a in children if id(a) in ours), key=lambda a: a.get_zorder())

    # Reading the artists back (for tests and curious students) ----------------

    def node_style(self, node: int) -> dict:
        """How one node is drawn now: face and edge colour (RGBA), width, texts."""
        marker, i = self.slot[node]
        collection = self.markers[marker][1]
        return {
            "marker": marker,
            "facecolor": tuple(float(c) for c in collection.get_facecolors()[i]),
            "edgecolor": tuple(float(c) for c in collection.get_edgecolors()[i]),
            "linewidth": float(collection.get_linewidths()[i]),
            "double_outline": bool(self.rings[marker].get_sizes()[i] > 0),
            "crossed": bool(self.crosses.get_sizes()[self.order.index(node)] > 0),
            "value": self.value_texts[node].get_text(),
            "label": self.label_texts[node].get_text() if node in self.label_texts else "",
            "window": self.window_texts[node].get_text() if node in self.window_texts else "",
            "badge": self.badge_texts[node].get_text() if node in self.badge_texts else "",
            "past_horizon": node in self.past_horizon,
        }

    def highlighted(self) -> list[int]:
        """The nodes drawn as active: filled with the active node's colour (or, with
        more than two players, ringed in the active outline)."""
        look = style.NODE_LOOKS[style.ACTIVE]
        found = []
        for members, collection in self.markers.values():
            if self.players:
                colors, mark = collection.get_edgecolors(), to_rgba(look.edge)
                widths = collection.get_linewidths()
                found += [
                    n
                    for i, n in enumerate(members)
                    if tuple(colors[i]) == mark
                    and widths[i] == style.active_player_look(look).width
                ]
            else:
                faces, mark = collection.get_facecolors(), to_rgba(look.face)
                found += [n for i, n in enumerate(members) if tuple(faces[i]) == mark]
        return sorted(found)


class TreeFigure(DescribedSteps):
    """One matplotlib ``Figure`` showing a trace, one step at a time.

    The figure, its axes and all artists are made here, once; ``update(step)``
    only restyles them and ``png(step)`` renders the PNG bytes. The figure has
    an Agg canvas and is not known to pyplot, so making many of them, or
    stepping one many times, never piles up figures or displays anything by
    itself. In Jupyter a ``TreeFigure`` shows as its current PNG.

    A trace of more than ``WHOLE_TREE_LIMIT`` nodes (``aisearch.viz.focus``)
    does not fit one picture: ``TreeFigure(trace)`` then gives the focused
    view that ``step_through`` draws (a ``FocusFigure``: the path in full,
    the rest summarised; the same ``update``, ``png`` and ``figure``), unless
    a whole-tree option (``layout``, ``show_labels``, ``show_actions``,
    ``node_size``) asks for the whole tree. Drawn whole, a tree of more than
    ``WHOLE_TREE_MOST`` nodes is refused: it would take many seconds to draw
    a grey mat.

    Args:
        trace: an ``aisearch.Trace``; ``Trace(game)`` also draws the subtrees
            the cutoffs pruned.
        step: the step to show first (negative counts from the end).
        figsize: ``(width, height)`` in inches; by default sized to the tree.
        dpi: pixels per inch of ``png``.
        caption: write the step's sentence on top and the counters below.
        legend: draw the legend at the bottom.
        layout, label, show_labels, show_actions, node_size, min_font: as
            for ``TreeDrawing``; ``min_font`` also sets the least type of the
            caption, counters and legend.

    Raises:
        ValueError: if the trace is empty or ``step`` is outside it, or a
            whole drawing is asked of more than ``WHOLE_TREE_MOST`` nodes.
    """

    whole = True

    def __new__(cls, trace, **options):
        # The one place a class gives another: TreeFigure(trace) is what the
        # README and the notebooks write, whatever the trace's size.
        if cls is TreeFigure and _in_focus(trace, options):
            from .focus import FocusFigure

            return FocusFigure(trace, **options)
        return super().__new__(cls)

    def __init__(
        self,
        trace,
        *,
        step: int = 0,
        figsize: tuple[float, float] | None = None,
        dpi: float = 100,
        caption: bool = True,
        legend: bool = True,
        layout: dict[int, Position] | None = None,
        label: Callable[[int], str] | None = None,
        show_labels: bool | None = None,
        show_actions: bool | None = None,
        node_size: float | None = None,
        min_font: float = 0.0,
    ):
        check_drawing_options(
            "TreeFigure",
            trace,
            layout=layout,
            label=label,
            node_size=node_size,
            min_font=min_font,
            show_labels=show_labels,
            show_actions=show_actions,
        )
        require_bool(caption, "caption")
        require_bool(legend, "legend")
        require_size(figsize, "figsize", "TreeFigure")
        require_dpi(dpi, "TreeFigure", optional=False)
        if not len(trace):
            raise ValueError("the trace is empty: run a search with tracer=trace first")
        self.trace = trace
        self.layout = tree_layout(trace) if layout is None else layout
        if len(self.layout) > WHOLE_TREE_MOST:
            raise ValueError(
                f"{len(self.layout):,} nodes are too many to draw whole (at most "
                f"{WHOLE_TREE_MOST:,}): their markers would cover each other and take many "
                "seconds to draw. Leave out layout=, show_labels=, show_actions= and "
                "node_size= to draw the trace in focus (the path in full, the rest "
                "summarised)"
            )
        width, tree_height, self.wrap = width_and_wrap(
            default_size(self.layout), figsize, max(CAPTION_FONT, min_font)
        )
        scale = max(1.0, min_font / 8.5)  # the counters and legend bands, for larger type
        handles = legend_handles(trace) if legend else []
        columns = len(handles) if width >= 10.5 else (len(handles) + 1) // 2
        legend_rows = -(-len(handles) // columns) if handles else 0
        caption_font = max(CAPTION_FONT, min_font)
        top = top_band(trace, self.wrap, caption, caption_font)
        bottom = 0.08 + scale * ((COUNTERS_BAND if caption else 0) + LEGEND_ROW * legend_rows)
        height = figsize[1] if figsize is not None else tree_height + top + bottom
        self.figure, ax = framed_figure(width, height, top=top, bottom=bottom, dpi=dpi)
        self.drawing = TreeDrawing(
            ax,
            trace,
            layout=self.layout,
            label=label,
            show_labels=show_labels,
            show_actions=show_actions,
            node_size=node_size,
            min_font=min_font,
        )
        self.caption = self.counters = self.legend = None
        if caption:
            self.caption = add_caption(self.figure, height, caption_font)
            self.counters = add_counters(
                self.figure, bottom - scale * COUNTERS_BAND + 0.1, height, max(9.0, min_font)
            )
        if handles:
            self.legend = self.figure.legend(
                handles=handles,
                loc="lower center",
                ncol=columns,
                bbox_to_anchor=(0.5, 0.04 / height),
                frameon=False,
                fontsize=max(8.5, min_font),
                handlelength=1.6,
                columnspacing=1.4,
                handletextpad=0.5,
            )
        self._blitter = Blitter(self.figure)
        self.step = None
        self.frame = None
        self.update(step)
        set_description(self.figure, lambda: self.description)

    def heading(self) -> str:
        return f"Search tree of {len(self.layout)} nodes, drawn whole."

    def _wrapped(self, step: int) -> list[str]:
        return textwrap.wrap(self.trace.sentence(step), self.wrap)

    def update(self, step: int):
        """Show ``step`` (negative counts from the end); returns its ``Frame``."""
        frame = self.trace.frame(step)
        self.step, self.frame = frame.step, frame
        self.drawing.update(frame)
        if self.caption is not None:
            self.caption.set_text("\n".join(self._wrapped(frame.step)[:CAPTION_LINES]))
        if self.counters is not None:
            self.counters.set_text(self.counters_text(frame))
        return frame

    def counters_text(self, frame) -> str:
        """The counters line for ``frame``, as the figure and the step viewer show it:
        its pruned nodes counted as the picture crosses them out."""
        crossed = sum(frame.status[n] == PRUNED for n in self.drawing.order)
        return style.counters_text(frame, len(self.trace), crossed)

    def png(self, step: int | None = None, *, dpi: float | None = None) -> bytes:
        """The PNG bytes of ``step`` (by default the step shown now).

        At the figure's own dpi only the changing artists are drawn, over a
        cached picture of the fixed ones; another ``dpi`` draws everything.
        """
        require_dpi(dpi, "TreeFigure.png", optional=True)
        if step is not None:
            self.update(step)
        if dpi is not None and dpi != self.figure.dpi:
            buffer = io.BytesIO()
            self.figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
            return buffer.getvalue()
        return self._blitter.png(self._changing_artists())

    def _changing_artists(self) -> list:
        figure_texts = [t for t in (self.caption, self.counters) if t is not None]
        return self.drawing.changing_artists() + figure_texts

    def forget_background(self) -> None:
        """Call after changing the figure by hand, so that ``png`` redraws it all."""
        self._blitter.forget()

    def highlighted(self) -> list[int]:
        """The nodes drawn as active (exactly one, the node of the step shown)."""
        return self.drawing.highlighted()

    def node_style(self, node: int) -> dict:
        """See ``TreeDrawing.node_style``."""
        return self.drawing.node_style(node)

    def _repr_png_(self) -> bytes:
        return self.png()

    def __repr__(self) -> str:
        return (
            f"<TreeFigure of {len(self.layout)} nodes at step {self.step} of {len(self.trace) - 1}>"
        )


def check_drawing_options(
    function: str,
    trace: object,
    *,
    layout: object = None,
    label: object = None,
    node_size: object = None,
    min_font: object = 0.0,
    **flags: object,
) -> None:
    """The checks of a tree drawing's trace and options, shared by ``TreeDrawing``
    and ``TreeFigure`` (``function`` names the one the notebook called);
    ``flags`` are its options that are True, False or (where allowed) None."""
    require_trace(trace, function, Trace, instead="MCTSFigure")
    for name, flag in flags.items():
        if flag is not None:
            require_bool(flag, name)
    require_layout(layout, function)
    require_function(label, "label", "(node id) -> the name written beside it", function)
    require_positive(node_size, "node_size", function, optional=True)
    require_font(min_font, function)


def _in_focus(trace, options: dict) -> bool:
    """Whether ``TreeFigure(trace, **options)`` draws the focused view: a trace
    too large to draw whole, and no whole-tree option given."""
    from .focus import WHOLE_TREE_OPTIONS, is_large

    return bool(len(trace)) and is_large(trace) and not WHOLE_TREE_OPTIONS & set(options)


def default_size(layout: dict[int, Position]) -> tuple[float, float]:
    """``(width, height of the tree alone)`` in inches that fit a layout."""
    xs = [x for x, _ in layout.values()]
    levels = 1 - min(y for _, y in layout.values())
    width = min(15.0, max(6.4, 0.55 * (max(xs) - min(xs) + 1) + 1.2))
    return width, min(7.0, max(2.2, 1.05 * levels))


def draw_step(trace, step: int = -1, ax=None, **options) -> Figure:
    """Draw one step of a trace as a static picture; returns the ``Figure``.

    Without ``ax`` a new ``TreeFigure`` is made (with caption, counters and
    legend; ``options`` go to it; a ``FocusFigure`` for a large trace, see
    ``aisearch.viz.focus``) and its figure is returned, which Jupyter shows
    as the cell's output. With ``ax`` (say a pyplot subplot) the tree
    is drawn into it, titled with the step's sentence, and ``ax.figure`` is
    returned; ``options`` then go to ``TreeDrawing``.

    >>> from aisearch import alphabeta, Trace
    >>> from aisearch.games import GameTree
    >>> trace = Trace()
    >>> _ = alphabeta(GameTree.from_nested([[3, 12], [2, 4]]), tracer=trace)
    >>> figure = draw_step(trace, 2)
    >>> figure.texts[0].get_text()
    'D is terminal: utility 3.'
    """
    from .focus import WHOLE_TREE_OPTIONS, FocusDrawing, FocusFigure, is_large

    require_trace(trace, "draw_step", Trace, instead="draw_mcts_step")
    require_axes(ax, "draw_step")
    if ax is None:
        if is_large(trace) and not WHOLE_TREE_OPTIONS & set(options):
            return FocusFigure(trace, step=step, **options).figure
        return TreeFigure(trace, step=step, **options).figure
    drawing: TreeDrawing | FocusDrawing
    if is_large(trace) and not options:
        drawing = FocusDrawing(ax, trace)
    else:
        drawing = TreeDrawing(ax, trace, **options)
    frame = trace.frame(step)
    drawing.update(frame)
    whole = isinstance(drawing, TreeDrawing)
    crossed = drawing.crossed if isinstance(drawing, TreeDrawing) else 0
    caption_axes(ax, frame, below=getattr(drawing, "below", 0.0), crossed=crossed)
    set_description(ax, f"Search tree. {describe_frame(trace, frame, under_pruned=whole)}")
    return ax.figure


def caption_axes(ax, frame, *, fontsize: float = 9, below: float = 0.0, crossed: int = 0) -> None:
    """Title ``ax`` with the frame's step and sentence, counters underneath
    (``below`` points lower, under what the tree writes under its leaves;
    ``crossed``, the nodes the picture crosses out, see ``counters_line``)."""
    width = ax.get_position().width * ax.figure.get_figwidth()
    wrap = max(24, int(width * 72 / (0.55 * fontsize)))
    ax.set_title(
        textwrap.fill(f"{frame.step}. {frame.sentence}", wrap),
        fontsize=fontsize,
        loc="left",
        color=style.CAPTION_COLOR,
        linespacing=1.25,
    )
    ax.text(
        0.5,
        0.0,
        counters_line(frame, crossed),
        ha="center",
        transform=offset_copy(ax.transAxes, fig=ax.figure, y=-below, units="points"),
        va="top",
        fontsize=fontsize * 0.85,
        color=style.COUNTERS_COLOR,
    )


def counters_line(frame, crossed: int = 0) -> str:
    """The short counters under a panel: visited, leaves, cutoffs, pruned (with
    ``crossed``, the nodes the picture crosses out, where they are more)."""
    c = frame.counts
    return (
        f"visited {c['visited']} · leaves {c['leaves']} · cutoffs {c['cutoffs']} · "
        f"pruned {pruned_count(c['pruned'], crossed)}"
    )
