"""Whether a picture can be read: no text over another, none cut off.

A label that sits on another label, or hangs over the edge of the figure,
cannot be read. ``label_problems`` draws a figure and measures every text
it drew with matplotlib's own extents (``Text.get_window_extent``), so what
it reports is what a student sees: two texts whose boxes overlap, or a text
that leaves the figure (or the region it is clipped to). Only texts that
were actually drawn count: an invisible artist, an empty string, a tick
label outside the axes' limits and the texts of axes turned off are ignored.

Use it on any figure, say after restyling a tree for a lecture:

>>> from matplotlib.figure import Figure
>>> figure = Figure(figsize=(2, 1))
>>> _ = figure.text(0.1, 0.5, "left"), figure.text(0.15, 0.5, "over")
>>> label_problems(figure)
["'left' overlaps 'over'"]
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text
from matplotlib.transforms import Bbox, TransformedPath

TOLERANCE = 0.75
"""Pixels a box may pass the edge of the figure before it counts (rounding in
the text layout; far less than a stroke of a letter)."""

GAP = 1.5
"""Points of clear space two texts need between their boxes. Closer than that
they read as one: a "2" and a "1" side by side read "21"."""


@contextmanager
def _recording(drawn: list[Text]) -> Iterator[None]:
    """While inside, every ``Text`` that draws itself is appended to ``drawn``."""
    original = Text.draw

    def draw(self, renderer):
        if self.get_visible() and self.get_text().strip():
            drawn.append(self)
        return original(self, renderer)

    Text.draw = draw  # type: ignore[method-assign]
    try:
        yield
    finally:
        Text.draw = original  # type: ignore[method-assign]


def drawn_texts(figure) -> list[tuple[Text, Bbox]]:
    """The non-empty texts a full draw of ``figure`` paints, with their boxes in pixels."""
    if not isinstance(figure.canvas, FigureCanvasAgg):
        FigureCanvasAgg(figure)
    drawn: list[Text] = []
    with _recording(drawn):
        figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    unique = list({id(t): t for t in drawn}.values())
    return [(t, t.get_window_extent(renderer)) for t in unique]


def _visible_region(text: Text, figure, tight: bool) -> Bbox | None:
    """Where ``text`` can be seen: the figure (anywhere if ``tight``), or less
    if the text is clipped."""
    region = None if tight else figure.bbox
    if text.get_clip_on():
        clip = text.get_clip_box()
        path = text.get_clip_path()
        if isinstance(path, TransformedPath):  # a patch's outline, in display units
            clip = path.get_fully_transformed_path().get_extents()
        if clip is not None:
            if region is None:
                region = clip
            else:
                region = Bbox.intersection(region, clip) or Bbox.from_bounds(0, 0, 0, 0)
    return region


def _outside(box: Bbox, region: Bbox, tolerance: float) -> bool:
    return (
        box.x0 < region.x0 - tolerance
        or box.y0 < region.y0 - tolerance
        or box.x1 > region.x1 + tolerance
        or box.y1 > region.y1 + tolerance
    )


def _too_close(a: Bbox, b: Bbox, gap: float) -> bool:
    """Whether less than ``gap`` (pixels) separates the boxes both ways."""
    apart_x = max(a.x0, b.x0) - min(a.x1, b.x1)
    apart_y = max(a.y0, b.y0) - min(a.y1, b.y1)
    return apart_x < gap and apart_y < gap


def label_problems(
    figure, *, gap: float = GAP, tolerance: float = TOLERANCE, tight: bool = False
) -> list[str]:
    """What makes ``figure``'s texts hard to read, one sentence per problem.

    A problem is a pair of drawn texts with less than ``gap`` points between
    their boxes (overlapping or touching), or a drawn text that leaves the
    figure (or its clip region) by more than ``tolerance`` pixels. With
    ``tight`` the figure is shown cropped to what it draws (as Jupyter's
    inline backend shows pyplot figures, ``bbox_inches="tight"``), so only
    the clip region counts. An empty list means every label can be read. The
    figure is drawn (with an Agg canvas, attached if it has none).
    """
    texts = drawn_texts(figure)
    pixels = gap * figure.dpi / 72
    problems = []
    for text, box in texts:
        region = _visible_region(text, figure, tight)
        if region is not None and _outside(box, region, tolerance):
            problems.append(f"{text.get_text()!r} leaves the figure")
    for i, (first, a) in enumerate(texts):
        for second, b in texts[i + 1 :]:
            if _too_close(a, b, pixels):
                problems.append(f"{first.get_text()!r} overlaps {second.get_text()!r}")
    return problems
