"""The frame around a step's tree: its sentence on top, counters and legend below.

``TreeFigure`` and ``MCTSFigure`` frame their trees alike. The figure is as
wide as the tree wants (or as asked); the step's sentence is wrapped to that
width in a caption band on top, as tall as the longest sentence of the trace
needs (at most ``CAPTION_LINES`` lines), so that the tree never moves between
steps; the counters line and the legend go in bands at the bottom; the
tree's axes fill what the bands leave.

>>> figure, ax = framed_figure(6.4, 3.0, top=0.5, bottom=0.4)
>>> [round(float(v), 3) for v in ax.get_position().bounds]
[0.02, 0.133, 0.96, 0.7]
"""

from __future__ import annotations

import textwrap

from matplotlib.text import Text

from .canvas import ShownFigure, new_figure
from .style import CAPTION_COLOR, COUNTERS_COLOR

CAPTION_FONT = 10.5
"""Points of the caption's type."""
CAPTION_LINE = 0.21
"""Inches per caption line."""
CAPTION_LINES = 4
"""The most lines a caption takes; a longer sentence is cut."""


def width_and_wrap(
    tree_size: tuple[float, float],
    figsize: tuple[float, float] | None,
    fontsize: float = CAPTION_FONT,
) -> tuple[float, float, int]:
    """``(width, height of the tree alone, characters per caption line)``.

    ``tree_size`` is what the tree wants; the width of ``figsize``, if given,
    wins. A caption character (``fontsize`` points) is about 0.55 em wide.

    >>> width_and_wrap((6.4, 2.2), None), width_and_wrap((6.4, 2.2), (9.0, 5.0))
    ((6.4, 2.2, 79), (9.0, 2.2, 112))
    """
    width, tree_height = tree_size
    if figsize is not None:
        width = figsize[0]
    return width, tree_height, max(30, int(width * 72 / (0.55 * fontsize)))


def top_band(trace, wrap: int, caption: bool, fontsize: float = CAPTION_FONT) -> float:
    """Inches above the tree: a margin, and the caption's lines (of
    ``fontsize`` points) if ``caption``."""
    lines = 0
    if caption:
        lines = min(
            CAPTION_LINES,
            max(len(textwrap.wrap(trace.sentence(i), wrap)) for i in range(len(trace))),
        )
    return 0.12 + CAPTION_LINE * fontsize / CAPTION_FONT * lines


def framed_figure(
    width: float, height: float, *, top: float, bottom: float, dpi: float = 100
) -> tuple[ShownFigure, object]:
    """A new figure (unknown to pyplot) and the tree's axes in it, ``top``
    inches under its top edge and ``bottom`` inches over its bottom edge."""
    figure = new_figure((width, height), dpi)
    ax = figure.add_axes((0.02, bottom / height, 0.96, max(0.1, (height - top - bottom) / height)))
    return figure, ax


def add_caption(figure: ShownFigure, height: float, fontsize: float = CAPTION_FONT) -> Text:
    """The empty caption text at the top left of a figure ``height`` inches tall."""
    return figure.text(
        0.02,
        1 - 0.1 / height,
        "",
        ha="left",
        va="top",
        fontsize=fontsize,
        color=CAPTION_COLOR,
        linespacing=1.35,
    )


def add_counters(figure: ShownFigure, y: float, height: float, fontsize: float = 9) -> Text:
    """The empty counters line, centred, its bottom ``y`` inches over the
    bottom edge of a figure ``height`` inches tall."""
    return figure.text(
        0.5, y / height, "", ha="center", va="bottom", fontsize=fontsize, color=COUNTERS_COLOR
    )
