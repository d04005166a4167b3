"""A large trace drawn in focus and context: the path in full, the rest summarised.

``FocusFigure`` is the counterpart of ``TreeFigure`` for a trace of more than
``WHOLE_TREE_LIMIT`` nodes: the step's sentence on top, the counters below,
the legend and the active node's board in a column at the right, and in the
middle the focused view of the step, drawn by ``FocusDrawing``
(``aisearch.viz.focus_drawing``, whose names are still importable from here):
the path from the root in full, each subtree beside it summarised.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Callable

from matplotlib.figure import Figure
from matplotlib.lines import Line2D

import aisearch.viz.style as style

from ..focus import Overview
from .alt_text import DescribedSteps, set_description
from .arguments import require_dpi
from .board_style import DISC_OUTLINE
from .canvas import Blitter, new_figure
from .focus_drawing import (  # noqa: F401  (all re-exported: the tests and colour_pairs.py read them here)
    ACTION_BELOW,
    BARE,
    BOARD_SHARE,
    CUT_MARK,
    FONT,
    FONTS,
    FULL,
    NAME_LIMIT,
    NO_ACTION,
    OPEN_MARK,
    ROW_HIGH,
    ROW_LOW,
    SUMMARY_COLOR,
    VALUE_BELOW,
    FocusDrawing,
)
from .framing import CAPTION_LINE, CAPTION_LINES, add_caption, add_counters
from .glyphs import add_glyph, can_draw, disc_key, state_image
from .legend import legend_handles

WHOLE_TREE_LIMIT = 120
"""Traces of at most this many nodes are drawn whole (``TreeFigure``); larger
ones in focus and context."""

WHOLE_TREE_OPTIONS = frozenset({"layout", "show_labels", "show_actions", "node_size"})
"""Options that only a whole-tree drawing takes: given any, a large trace is drawn whole too."""

WIDTH = 9.2
"""Inches: 920 pixels at 100 dpi, within a notebook's output area on a
1366-pixel laptop screen with JupyterLab's file browser open."""

TREE_HEIGHT = 4.0
"""Inches the rows share at most (each row gets between ``ROW_LOW`` and
``ROW_HIGH``): with the viewer's controls, sentence and counters, the whole
viewer fits a 1280 x 720 projector showing JupyterLab."""

BIG_BOARD = 1.45
"""Inches of the active node's large board, at the top of the legend's column."""

LEGEND_WIDTH = 1.9
"""Inches of the legend's column, at the right of the tree."""
LEGEND_CHARACTERS = 26
"""The longest legend entry on one line in that column."""


def is_large(trace) -> bool:
    """Whether ``trace`` is drawn in focus and context rather than whole."""
    return len(trace.nodes()) > WHOLE_TREE_LIMIT


class FocusFigure(DescribedSteps):
    """One figure showing a large trace in focus and context, a step at a time.

    The same interface as ``TreeFigure`` (``update``, ``png``, ``figure``,
    ``frame``, ``step``, ``highlighted``), for the viewer and the static views.

    Args:
        trace: an ``aisearch.Trace``.
        step: the step shown first (negative counts from the end).
        figsize: ``(width, height)`` in inches; by default 9.2 inches wide
            and as tall as the deepest path needs.
        dpi: pixels per inch of ``png``.
        caption: write the step's sentence on top and the counters below.
        legend: draw the legend at the bottom.
        label: node -> the name written beside a node on the path (see
            ``FocusDrawing``).
        min_font: the least type, in points, asked for (as ``TreeFigure``
            takes it): the focused view's smallest is ``FONT``, legible on a
            projector at 9.2 inches wide, so a larger one is refused.

    Raises:
        ValueError: the trace is empty, ``step`` is outside it, or
            ``min_font`` is larger than ``FONT``.
    """

    overview_class: Callable = Overview
    """Makes the index of what is drawn at a step (``aisearch.focus``)."""
    drawing_class: Callable = FocusDrawing
    """Draws it in the figure's axes."""

    def __init__(
        self,
        trace,
        *,
        step: int = 0,
        figsize: tuple[float, float] | None = None,
        dpi: float = 100,
        caption: bool = True,
        legend: bool = True,
        label=None,
        min_font: float = 0.0,
    ):
        if not len(trace):
            raise ValueError("the trace is empty: run a search with tracer=trace first")
        if min_font > FONT:
            raise ValueError(
                f"min_font={min_font:g}: the focused view of a large trace writes its "
                f"smallest text in {FONT:g} points; show it larger instead, or give "
                "a whole-tree option (layout=, show_labels=, ...) to draw the tree whole"
            )
        self.trace = trace
        self.overview = self.overview_class(trace)
        width = WIDTH if figsize is None else figsize[0]
        self.wrap = max(30, int(width * 72 / (0.55 * 10.5)))
        deepest = 1 + max(row.depth for row in self.overview.nodes.values())
        tree_height = min(TREE_HEIGHT, max(1.6, ROW_HIGH * (deepest + 1)))
        handles = self._legend_handles() if legend else []
        for handle in handles:  # the column is narrow: a long entry takes two lines
            handle.set_label(textwrap.fill(handle.get_label(), LEGEND_CHARACTERS))
        # The legend stands in a column at the right, so that the picture stays
        # low enough for a projector; its rows are as tall as 7.5-point text.
        legend_width = LEGEND_WIDTH if handles else 0.0
        drawn = can_draw(trace.game) if trace.game is not None else False
        # The active node's position, large, over the legend.
        big = BIG_BOARD if drawn else 0.0
        tree_height = max(tree_height, 0.2 * len(handles) + big)
        if drawn and not handles:
            legend_width = BIG_BOARD + 0.2
        # A fixed caption band: wrapping every sentence of a long trace to find
        # the longest would cost more than the search.
        top = 0.12 + CAPTION_LINE * CAPTION_LINES if caption else 0.05
        bottom = 0.42 if caption else 0.05
        height = figsize[1] if figsize is not None else tree_height + top + bottom
        self.figure = new_figure((width, height), dpi)
        self.ax = self.figure.add_axes(
            (
                0.08 / width,
                bottom / height,
                (width - legend_width - 0.12) / width,
                max(0.1, (height - top - bottom) / height),
            )
        )
        self.drawing = self.drawing_class(self.ax, trace, overview=self.overview, label=label)
        self.board_ax = None
        if drawn:
            inner = height - top - bottom
            self.board_ax = self.figure.add_axes(
                (
                    (width - legend_width + 0.05) / width,
                    (height - top - big + 0.05) / height,
                    (big - 0.1) / width,
                    (big - 0.1) / height,
                )
            )
            self.board_ax.set_axis_off()
            self.board_ax.set_xlim(0, big - 0.1)
            self.board_ax.set_ylim(0, big - 0.1)
            handles_middle = bottom + (inner - big) / 2
        else:
            handles_middle = bottom + (height - top - bottom) / 2
        self._board_artists: list = []
        self.caption = self.counters = self.legend = None
        if caption:
            self.caption = add_caption(self.figure, height)
            self.counters = add_counters(self.figure, 0.1, height)
        if handles:
            self.legend = self.figure.legend(
                handles=handles,
                loc="center left",
                ncol=1,
                bbox_to_anchor=((width - legend_width) / width, handles_middle / height),
                frameon=False,
                fontsize=FONT,
                handlelength=1.5,
                handletextpad=0.5,
                labelspacing=0.45,
                borderaxespad=0.0,
            )
        self._blitter = Blitter(self.figure)
        self.step = None
        self.frame = None
        self.update(step)
        set_description(self.figure, lambda: self.description)

    def heading(self) -> str:
        return (
            f"Search tree of {len(self.trace.nodes()):,} nodes, drawn in focus: the path "
            "from the root in full, each subtree beside it summarised."
        )

    def update(self, step: int):
        """Show ``step`` (negative counts from the end); returns its ``Frame``."""
        frame = self.trace.frame(step)
        self.step, self.frame = frame.step, frame
        self.view = self.drawing.update(frame)
        if self.board_ax is not None:
            self._show_active_board(frame)
        if self.caption is not None:
            lines = textwrap.wrap(frame.sentence, self.wrap)[:CAPTION_LINES]
            self.caption.set_text("\n".join(lines))
        if self.counters is not None:
            self.counters.set_text(self.counters_text(frame))
        return frame

    def counters_text(self, frame) -> str:
        """The counters line for ``frame``, as the figure and the step viewer show it."""
        return style.counters_text(frame, len(self.trace))

    def _legend_handles(self) -> list:
        return _handles(self.trace)

    def png(self, step: int | None = None, *, dpi: float | None = None) -> bytes:
        """The PNG bytes of ``step`` (by default the step shown now)."""
        require_dpi(dpi, "FocusFigure.png", optional=True)
        if step is not None:
            self.update(step)
        if dpi is not None and dpi != self.figure.dpi:
            buffer = io.BytesIO()
            self.figure.savefig(buffer, format="png", dpi=dpi, metadata={"Software": None})
            return buffer.getvalue()
        # The axes are redrawn whole at each step, over the legend drawn once.
        changing = [self.ax, *(a for a in (self.board_ax, self.caption, self.counters) if a)]
        return self._blitter.png(changing)

    def _show_active_board(self, frame) -> None:
        """The active node's position, large, at the top of the right column."""
        ax = self.board_ax
        assert ax is not None
        for artist in self._board_artists:
            artist.remove()
        node = frame.event.node
        row = self.trace.nodes()[node]
        side = BIG_BOARD - 0.1
        pixels = round((side - 0.22) * self.figure.dpi)
        image = state_image(self.trace.game, row.state, pixels=pixels, action=row.action)
        self._board_artists = [
            add_glyph(ax, image, (side / 2, (side - 0.22) / 2), zoom=72 / self.figure.dpi),
            ax.text(
                side / 2,
                side,
                f"active node (depth {row.depth})",
                ha="center",
                va="top",
                fontsize=FONT,
                color=style.CAPTION_COLOR,
            ),
        ]

    def highlighted(self) -> list[int]:
        return self.drawing.highlighted()

    def forget_background(self) -> None:
        """Call after changing the figure by hand, so that ``png`` redraws it all."""
        self._blitter.forget()

    def _repr_png_(self) -> bytes:
        return self.png()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {len(self.trace.nodes())} nodes at step {self.step} of {len(self.trace) - 1}>"


def _handles(trace) -> list:
    """The whole-tree legend, what a collapsed subtree's summary means, and
    which disc is whose in the small boards (``glyphs.disc_key``)."""
    return (
        legend_handles(trace)
        + summary_handles(trace, "nodes searched in it")
        + disc_handles(trace.game)
    )


def disc_handles(game) -> list:
    """Legend entries for Connect Four's discs in the small boards: each
    player's disc, drawn as on the board, and its name."""
    return [
        Line2D(
            [],
            [],
            linestyle="none",
            marker="o",
            markersize=8,
            markerfacecolor=colour,
            markeredgecolor=DISC_OUTLINE,
            markeredgewidth=1.2,
            label=words,
        )
        for _, colour, words in (disc_key(game) if game is not None else [])
    ]


def summary_handles(trace, counted: str) -> list:
    """Legend entries for what a collapsed subtree writes: ``▸n`` (``n`` is
    ``counted``), and ``✂`` if the trace has a cutoff."""
    handles = [
        Line2D(
            [],
            [],
            linestyle="none",
            marker="$▸$",
            color=SUMMARY_COLOR,
            markersize=7,
            label=f"▸n: {counted}",
        )
    ]
    if any(e.kind == "cutoff" for e in trace.events):
        handles.append(
            Line2D(
                [],
                [],
                linestyle="none",
                marker="$✂$",
                color=SUMMARY_COLOR,
                markersize=8,
                label="✂: a cutoff inside",
            )
        )
    return handles


def draw_focus(trace, step: int = -1, **options) -> Figure:
    """One step of a large trace in focus and context, as a static ``Figure``."""
    return FocusFigure(trace, step=step, **options).figure
