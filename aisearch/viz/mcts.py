"""Monte Carlo tree search drawn step by step: the tree growing as it is visited.

``MCTSFigure`` is the counterpart of ``TreeFigure`` for MCTS traces: the
step's sentence on top, the counters and the legend (shapes, and the colour
scale of a node's mean for MAX) below, and the tree drawn by ``MCTSDrawing``
(``aisearch.viz.mcts_drawing``) in its colours and words
(``aisearch.viz.mcts_style``). A trace of more than ``WHOLE_TREE_LIMIT``
nodes is drawn in focus and context instead (``MCTSFocusFigure``,
``aisearch.viz.mcts_focus``). ``figure_for(trace)`` picks the right figure
for any trace, which is how ``step_through``, ``animate``, ``frame_strip``
and ``save_frames`` accept both kinds. Every name this module held before
those three were split off from it is still importable from here.
"""

from __future__ import annotations

import io
import math
import textwrap
from typing import cast

from matplotlib.backends.backend_agg import FigureCanvasAgg

import aisearch.viz.style as style

from ..description import describe_frame
from ..mcts_trace import MCTSFrame, MCTSTrace
from ..trace import format_value
from ..validation import require_bool
from .alt_text import DescribedSteps, set_description
from .arguments import (
    require_axes,
    require_dpi,
    require_layout,
    require_positive,
    require_size,
    require_trace,
)
from .focus import WHOLE_TREE_OPTIONS, FocusFigure, is_large
from .framing import add_caption, add_counters, framed_figure, top_band, width_and_wrap
from .layout import Position, tree_layout
from .mcts_drawing import (  # noqa: F401  (all re-exported: their first home)
    BELOW_DEEPEST,
    EDGE_ROOM,
    NUMBER_SAMPLE,
    MCTSDrawing,
    default_size,
    mcts_layout,
)
from .mcts_focus import MCTSFocusDrawing, MCTSFocusFigure
from .mcts_style import (  # noqa: F401  (all re-exported: the tests and colour_pairs.py read them here)
    ACTIVE_EDGE,
    COLORMAP,
    EDGE_COLOR,
    NAME_COLOR,
    NODE_EDGE,
    PATH_COLOR,
    RGBA,
    SCORE_COLOR,
    UNVISITED_EDGE_STYLE,
    UNVISITED_FACE,
    UNVISITED_LINESTYLE,
    counters_text,
    face_for,
    legend_handles,
    node_text,
    outline,
    value_scale,
)

COUNTERS_BAND = 0.26
LEGEND_BAND = 0.4


def is_mcts_trace(trace) -> bool:
    """Whether ``trace`` is an ``MCTSTrace`` (else an ``aisearch.Trace`` is assumed)."""
    return isinstance(trace, MCTSTrace)


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

    A trace of more than ``WHOLE_TREE_LIMIT`` nodes gives the focused view
    instead (``MCTSFocusFigure``, as ``step_through`` draws it), unless
    ``layout``, ``show_labels`` or ``node_size`` asks for the whole tree.

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

    def __new__(cls, trace: MCTSTrace, **options):
        if cls is MCTSFigure and len(trace) and is_large(trace):
            if not WHOLE_TREE_OPTIONS & set(options):
                return MCTSFocusFigure(trace, **options)
        return super().__new__(cls)

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
        require_trace(trace, "MCTSFigure", MCTSTrace, instead="TreeFigure")
        require_bool(caption, "caption")
        require_bool(legend, "legend")
        if show_labels is not None:
            require_bool(show_labels, "show_labels")
        require_size(figsize, "figsize", "MCTSFigure")
        require_dpi(dpi, "MCTSFigure", optional=False)
        require_layout(layout, "MCTSFigure")
        require_positive(node_size, "node_size", "MCTSFigure", optional=True)
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
        require_dpi(dpi, "MCTSFigure.png", optional=True)
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


def draw_mcts_step(trace: MCTSTrace, step: int = -1, ax=None, **options):
    """Draw one step of an MCTS trace; returns the ``Figure``.

    Without ``ax`` a new figure (caption, counters, legend) is made by
    ``figure_for``; with ``ax`` the tree is drawn into it and titled with the
    step's sentence (``options`` then go to ``MCTSDrawing``). A large tree
    is drawn in focus and context (``MCTSFocusFigure``) unless a whole-tree
    option is given.
    """
    require_trace(trace, "draw_mcts_step", MCTSTrace, instead="draw_step")
    require_axes(ax, "draw_mcts_step")
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
    require_trace(trace, "figure_for")
    from .tree import TreeFigure
    from .tree import default_size as tree_size

    mcts = is_mcts_trace(trace)
    whole, focused = (MCTSFigure, MCTSFocusFigure) if mcts else (TreeFigure, FocusFigure)
    if WHOLE_TREE_OPTIONS & set(options):
        return whole(trace, **options)
    if is_large(trace):
        return focused(trace, **options)
    if fit is not None and "figsize" not in options:
        wide = default_size(mcts_layout(trace)) if mcts else tree_size(tree_layout(trace))
        if wide[0] > fit:
            return focused(trace, **options)
    return whole(trace, **options)
