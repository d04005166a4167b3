"""Figures that belong to no pyplot, and still show themselves in Jupyter.

A ``matplotlib.figure.Figure`` with an Agg canvas is never registered with
pyplot, so stepping a viewer or drawing a hundred frames piles nothing up and
opens no window. But Jupyter shows a bare ``Figure`` as text unless pyplot's
inline backend happens to be loaded; ``ShownFigure`` adds the ``_repr_png_``
that makes a cell ending in a figure show the picture anyway.
"""

from __future__ import annotations

import io

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure


class ShownFigure(Figure):
    """A ``Figure`` that Jupyter displays as a PNG, with or without pyplot."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()


def new_figure(figsize: tuple[float, float], dpi: float = 100) -> ShownFigure:
    """A new figure with an Agg canvas, unknown to pyplot."""
    figure = ShownFigure(figsize=figsize, dpi=dpi)
    FigureCanvasAgg(figure)
    return figure
