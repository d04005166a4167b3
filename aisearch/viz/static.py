"""Traces for places with no kernel: HTML exports, slides, printed notes.

A widget needs a running kernel. These need none:

- ``animate`` gives HTML with the frames embedded and a JavaScript player
  (matplotlib's ``FuncAnimation.to_jshtml``), driving one ``TreeFigure``;
- ``frame_strip`` draws chosen steps side by side as small multiples;
- ``save_frames`` writes one picture per step, ``step_000.png``, ... for
  slides.

Each takes an ``aisearch.Trace`` or an ``aisearch.mcts.MCTSTrace``.
"""

from __future__ import annotations

import math
import pathlib
import textwrap
from collections.abc import Iterable, Sequence

import matplotlib
from matplotlib.figure import Figure
from matplotlib.transforms import offset_copy

import aisearch.viz.mcts as mcts_drawing

from ..description import describe_frame
from ..focus import MCTSOverview, Overview
from ..trace import step_index
from ..validation import require_bool, require_count
from .alt_text import set_description
from .arguments import require_dpi, require_font, require_positive, require_size, require_trace
from .canvas import new_figure
from .focus import FocusDrawing, is_large
from .layout import tree_layout
from .legend import legend_handles
from .mcts import figure_for, is_mcts_trace
from .tree import TreeDrawing, counters_line, default_size

# Heading type size in points, and its line height in inches, in a frame strip.
STRIP_FONT = 8.5
STRIP_LINE = 0.16


STRIP_ALL = 24
"""A trace of at most this many steps gives ``frame_strip`` all of them by default."""
STRIP_SPREAD = 8
"""The panels of a longer trace's default strip: steps spread evenly, first to last."""


def _steps(
    trace, steps: Sequence[int] | None, function: str, spread: int | None = None
) -> list[int]:
    """The steps asked for, as non-negative numbers; by default all of them,
    or if ``spread`` is given, that many spread evenly from first to last.
    ``function`` (the notebook's call) is named if ``trace`` is not a trace or
    ``steps`` not a list of step numbers."""
    require_trace(trace, function)
    if steps is not None and (isinstance(steps, str) or not isinstance(steps, Iterable)):
        raise ValueError(
            f"{function} was given steps={steps!r}: steps must be a list of step numbers, "
            "such as [0, 5, -1], or None for every step"
        )
    n = len(trace)
    if n == 0:
        raise ValueError("the trace is empty: run a search with tracer=trace first")
    if steps is None:
        if spread is not None:
            return sorted({round(i * (n - 1) / (spread - 1)) for i in range(spread)})
        return list(range(n))
    chosen = []
    for step in steps:
        chosen.append(step_index(trace.events, step, "a search"))
    if not chosen:
        raise ValueError("no steps to draw: give at least one step")
    return chosen


def animate(
    trace,
    *,
    interval: int = 800,
    steps: Sequence[int] | None = None,
    dpi: float = 72,
    **figure_options,
) -> str:
    """HTML with a JavaScript player of the trace's steps (no kernel needed).

    Args:
        trace: an ``aisearch.Trace`` or ``aisearch.mcts.MCTSTrace``.
        interval: milliseconds per step.
        steps: the steps to show, all by default.
        dpi: pixels per inch of the embedded frames (they add up: one PNG
            per step is embedded).
        figure_options: passed to ``TreeFigure`` (``MCTSFigure``).

    Returns:
        An HTML fragment; in Jupyter wrap it in ``IPython.display.HTML``.
        Every frame is a full ``savefig`` (about 0.15 s for a 40-node tree),
        and the 70 steps of such a tree embed about 6 MB: pass ``steps`` to
        keep long traces short.
    """
    from matplotlib.animation import FuncAnimation

    chosen = _steps(trace, steps, "animate")
    require_positive(interval, "interval", "animate", optional=False)
    require_dpi(dpi, "animate", optional=False)
    tree_figure = figure_for(trace, step=chosen[0], dpi=dpi, **figure_options)

    def show(step):
        tree_figure.update(step)
        return []

    animation = FuncAnimation(
        tree_figure.figure,
        show,
        frames=chosen,
        interval=interval,
        blit=False,
        repeat=False,
        cache_frame_data=False,
    )
    return animation.to_jshtml(default_mode="once")


def frame_strip(
    trace,
    steps: Sequence[int] | None = None,
    columns: int = 4,
    *,
    panel_size: tuple[float, float] | None = None,
    legend: bool = True,
    min_font: float = 0.0,
) -> Figure:
    """Small multiples: the chosen steps side by side, in rows.

    By default every step of a trace of at most ``STRIP_ALL`` steps, and
    ``STRIP_SPREAD`` steps spread evenly from first to last of a longer one
    (a strip of 150,000 panels would take hours). A trace of more than
    ``WHOLE_TREE_LIMIT`` nodes is drawn in focus, panel by panel
    (``aisearch.viz.focus``).

    Each panel is headed by its step number and sentence and has the
    counters underneath; one legend serves them all. Returns a new
    ``matplotlib.figure.Figure`` (with an Agg canvas, unknown to pyplot).
    ``panel_size`` is ``(width, height of the tree)`` in inches;
    ``min_font`` the smallest type in points (see ``TreeDrawing``), for a
    strip shown on a projector.
    """
    require_trace(trace, "frame_strip")
    spread = STRIP_SPREAD if len(trace) > STRIP_ALL else None
    chosen = _steps(trace, steps, "frame_strip", spread)
    require_count(columns, "columns", 1)
    require_size(panel_size, "panel_size", "frame_strip")
    require_font(min_font, "frame_strip")
    require_bool(legend, "legend")
    mcts = is_mcts_trace(trace)
    large = is_large(trace)  # drawn in focus and context, panel by panel
    layout = None
    if not large:
        layout = mcts_drawing.mcts_layout(trace) if mcts else tree_layout(trace)
    overview: Overview | MCTSOverview | None = None
    if large:
        overview = MCTSOverview(trace) if mcts else Overview(trace)
    columns = min(columns, len(chosen))
    rows = math.ceil(len(chosen) / columns)
    if layout is None:
        width, tree_height = 2 * 4.6, 2 * 3.0 / 0.75
    else:
        width, tree_height = (mcts_drawing.default_size if mcts else default_size)(layout)
    if panel_size is None:
        panel_size = (max(3.6, min(5.0, 0.6 * width)), 0.75 * tree_height)
    panel_width, tree_height = panel_size
    # About 0.6 em a character on average, so headings stay inside their panel.
    heading_font = max(STRIP_FONT, min_font)
    counters_font = max(STRIP_FONT * 0.85, min_font)
    wrap = max(24, int(panel_width * 72 / (0.6 * heading_font)))
    headings = {s: textwrap.wrap(f"{s}. {trace.sentence(s)}", wrap) for s in chosen}
    line = STRIP_LINE * heading_font / STRIP_FONT
    heading_band = 0.12 + line * max(len(lines) for lines in headings.values())
    row_height = heading_band + tree_height + 0.3 * counters_font / (STRIP_FONT * 0.85)
    legend_band = 0.5 * max(1.0, min_font / 8.5) if legend else 0.1
    figure = new_figure((panel_width * columns, row_height * rows + legend_band))
    fig_width, fig_height = figure.get_size_inches()
    for i, step in enumerate(chosen):
        row, column = divmod(i, columns)
        left = column * panel_width
        top = fig_height - row * row_height
        figure.text(
            (left + 0.1) / fig_width,
            (top - 0.08) / fig_height,
            "\n".join(headings[step]),
            ha="left",
            va="top",
            fontsize=heading_font,
            linespacing=1.25,
        )
        ax = figure.add_axes(
            (
                (left + 0.05) / fig_width,
                (top - heading_band - tree_height) / fig_height,
                (panel_width - 0.1) / fig_width,
                tree_height / fig_height,
            )
        )
        frame = trace.frame(step)
        drawing: FocusDrawing | TreeDrawing | mcts_drawing.MCTSDrawing
        if isinstance(overview, MCTSOverview):
            drawing = mcts_drawing.MCTSFocusDrawing(ax, trace, overview=overview)
        elif overview is not None:
            drawing = FocusDrawing(ax, trace, overview=overview)
        elif mcts:
            drawing = mcts_drawing.MCTSDrawing(ax, trace, layout=layout)
        else:
            drawing = TreeDrawing(ax, trace, layout=layout, min_font=min_font)
        drawing.update(frame)
        c = frame.counts
        counts = (
            f"iterations {c['iterations']} · nodes {c['nodes']} · playout moves "
            f"{c['playout_moves']}"
            if mcts
            else counters_line(frame, getattr(drawing, "crossed", 0))
        )
        # Under whatever the tree writes under its leaves.
        under = offset_copy(
            ax.transAxes, fig=figure, y=-getattr(drawing, "below", 0.0), units="points"
        )
        ax.text(
            0.5,
            -0.02,
            counts,
            transform=under,
            ha="center",
            va="top",
            fontsize=counters_font,
            color="#333333",
        )
    kind = "Monte Carlo search tree" if mcts else "search tree"
    set_description(
        figure,
        f"{len(chosen)} steps of a {kind}, side by side.\n"
        + "\n".join(
            f"Panel {i}: {describe_frame(trace, s, under_pruned=not large)}"
            for i, s in enumerate(chosen, 1)
        ),
    )
    if legend:
        if mcts:  # a focused drawing writes the numbers beside a node, not under it
            handles = mcts_drawing.legend_handles(trace, "n / m" if large else "n / m by a node")
        else:
            handles = legend_handles(trace)
        figure.legend(
            handles=handles,
            loc="lower center",
            ncol=len(handles),
            bbox_to_anchor=(0.5, 0.08 / fig_height),
            frameon=False,
            fontsize=max(8.5, min_font),
            handlelength=1.6,
            columnspacing=1.4,
        )
    return figure


def save_frames(
    trace,
    folder,
    *,
    fmt: str = "png",
    steps: Sequence[int] | None = None,
    dpi: float = 150,
    **figure_options,
) -> list[pathlib.Path]:
    """Write one picture per step into ``folder`` (made if missing).

    Files are named ``step_000.png``, ``step_001.png``, ... (more digits for
    traces of 1000 steps or more, so they sort by name). ``fmt`` is any
    format matplotlib writes (``png``, ``svg``, ``pdf``). Returns the paths.
    """
    chosen = _steps(trace, steps, "save_frames")
    require_dpi(dpi, "save_frames", optional=False)
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    digits = max(3, len(str(len(trace) - 1)))
    tree_figure = figure_for(trace, step=chosen[0], **figure_options)
    paths = []
    # A fixed salt keeps SVG element ids, and so the files, the same per run.
    with matplotlib.rc_context({"svg.hashsalt": "aisearch"}):
        for step in chosen:
            tree_figure.update(step)
            path = folder / f"step_{step:0{digits}d}.{fmt}"
            tree_figure.figure.savefig(path, format=fmt, dpi=dpi, metadata=_no_date(fmt))
            paths.append(path)
    return paths


def _no_date(fmt: str) -> dict:
    """Metadata that keeps saved files the same from one run to the next."""
    if fmt == "png":
        return {"Software": None}
    if fmt in ("svg", "pdf"):
        return {"Date": None, "Creator": None}
    return {}
