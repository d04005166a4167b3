"""Figures that belong to no pyplot, and still show themselves in Jupyter.

A ``matplotlib.figure.Figure`` with an Agg canvas is never registered with
pyplot, so stepping a viewer or drawing a hundred frames piles nothing up and
opens no window. But Jupyter shows a bare ``Figure`` as text unless pyplot's
inline backend happens to be loaded; ``ShownFigure`` adds the ``_repr_png_``
that makes a cell ending in a figure show the picture anyway, and the HTML
``<img>`` whose ``alt`` says what it shows (``aisearch.viz.alt_text``).
"""

from __future__ import annotations

import io
from typing import cast

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .alt_text import describe_figure, mimebundle, set_description


class ShownFigure(Figure):
    """A ``Figure`` that Jupyter displays as a PNG with a text alternative, with
    or without pyplot.

    ``description`` is what a screen reader says for it: set it (a text, or
    a function that writes it when asked), or it is read from the figure's
    axes (``aisearch.viz.alt_text.describe_figure``).
    """

    @property
    def description(self) -> str:
        """The figure's text alternative."""
        return describe_figure(self)

    @description.setter
    def description(self, text) -> None:
        set_description(self, text)

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        return mimebundle(self._repr_png_(), self.description)


def new_figure(figsize: tuple[float, float], dpi: float = 100) -> ShownFigure:
    """A new figure with an Agg canvas, unknown to pyplot."""
    figure = ShownFigure(figsize=figsize, dpi=dpi)
    FigureCanvasAgg(figure)
    return figure


class Blitter:
    """PNGs of a figure whose few changing artists are drawn over a cached picture.

    Rendering is the slow part (text above all), so the artists that never
    change (a legend, the action labels) are drawn once into a background;
    ``png(changing)`` pastes it and draws only the ``changing`` artists over
    it: the usual matplotlib "blitting". The result is the picture
    ``figure.savefig`` makes. The background is made again when the figure's
    size or dpi changed, or after ``forget()``.
    """

    def __init__(self, figure: Figure) -> None:
        self.figure = figure
        self._background: tuple | None = None

    def forget(self) -> None:
        """Make the background again at the next ``png`` (after changing the figure by hand)."""
        self._background = None

    def png(self, changing: list) -> bytes:
        from PIL import Image

        canvas = cast(FigureCanvasAgg, self.figure.canvas)
        key = (tuple(self.figure.bbox.bounds), self.figure.dpi)
        if self._background is None or self._background[0] != key:
            for artist in changing:
                artist.set_animated(True)
            try:
                canvas.draw()
            finally:
                for artist in changing:
                    artist.set_animated(False)
            self._background = (key, canvas.copy_from_bbox(self.figure.bbox))
        renderer = canvas.get_renderer()
        renderer.restore_region(self._background[1])
        for artist in changing:
            artist.draw(renderer)
        width, height = canvas.get_width_height()
        image = Image.frombuffer("RGBA", (width, height), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
        buffer = io.BytesIO()
        # Low compression: a viewer encodes a frame per step, and speed wins.
        image.save(buffer, format="png", compress_level=1)
        return buffer.getvalue()
