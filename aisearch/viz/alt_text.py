"""Figures shown with a text alternative: what a screen reader says for a picture.

JupyterLab shows a figure's PNG as an ``<img>`` with no ``alt``, so a student
who cannot see it hears nothing. Every figure this package shows itself
(``ShownFigure``, ``TreeFigure``, ...) is displayed as HTML, an ``<img>``
whose ``alt`` describes it, with the PNG beside it for front ends that show
no HTML. For a notebook's own pyplot figure, ``show(fig)`` (instead of
``plt.show()``) does the same.

The words come from the data: a tree's from its frame
(``aisearch.description.describe_frame``), a board's from its cells, a
chart's from what was plotted: its title, its axes and their scales, each
series' name and numbers (``describe_axes``). A drawing function that knows
better says so with ``set_description(ax_or_figure, text)``; ``show(fig,
alt="...")`` wins over everything.

>>> from matplotlib.figure import Figure
>>> figure = Figure()
>>> ax = figure.add_subplot()
>>> _ = ax.bar(["a", "b"], [3, 5], label="count")
>>> _ = ax.set_title("Two bars")
>>> print(describe_figure(figure))
Chart "Two bars": bars count: a 3, b 5.
"""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable
from typing import Any

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.container import BarContainer
from matplotlib.figure import Figure, SubFigure

ATTRIBUTE = "_aisearch_description"
"""Where a figure or axes keeps the description set for it."""

SHOWN_TIGHT = "_aisearch_shown_tight"
"""Set by ``show`` on a figure: whether it was shown cropped to what it draws."""

MOST_POINTS = 12
"""A series of at most this many points is read out in full; a longer one by its ends."""

Description = str | Callable[[], str]


def set_description(target: Figure | Axes, text: Description) -> None:
    """Give ``target`` (a figure or axes) its description: a text, or a function
    that writes it when asked (for a figure that changes, such as a step's).

    Raises ``ValueError`` for a target that is neither, or an empty text.
    """
    if not isinstance(target, Figure | SubFigure | Axes):
        raise ValueError(f"target must be a matplotlib Figure or Axes, got {target!r}")
    if not callable(text) and not (isinstance(text, str) and text.strip()):
        raise ValueError(f"a description must be a non-empty text or a function, got {text!r}")
    setattr(target, ATTRIBUTE, text)


def _own(target) -> str | None:
    text = getattr(target, ATTRIBUTE, None)
    return text() if callable(text) else text


def describe_figure(figure: Figure) -> str:
    """The text alternative of ``figure``: its own description if it has one, else
    its title and the description of each of its axes."""
    own = _own(figure)
    if own:
        return own
    parts = []
    title = figure.get_suptitle()
    if title:
        parts.append(f"{_sentence(title)}.")
    axes = [ax for ax in figure.axes if ax.get_visible() and not _is_colorbar(ax)]
    if len(axes) > 1:
        parts.append(f"{len(axes)} panels.")
    for i, ax in enumerate(axes, start=1):
        text = describe_axes(ax)
        parts.append(f"Panel {i}: {text}" if len(axes) > 1 else text)
    return " ".join(parts) or "An empty figure."


def describe_axes(ax: Axes) -> str:
    """One axes in words: its own description, else a chart read from its artists."""
    own = _own(ax)
    if own:
        return own
    title = " ".join(t for t in (ax.get_title(loc) for loc in ("left", "center", "right")) if t)
    words = [f'Chart "{_sentence(title)}"' if title else "Chart"]
    axis = [
        f"{name} axis{' ' + label if label else ''}{' (log scale)' if scale == 'log' else ''}"
        for name, label, scale in (
            ("x", ax.get_xlabel(), ax.get_xscale()),
            ("y", ax.get_ylabel(), ax.get_yscale()),
        )
        if label or scale == "log"
    ]
    series = _bars(ax) + _lines(ax) + _scatters(ax) + _images(ax) + _texts(ax)
    text = words[0]
    if axis:
        text += f", {'; '.join(_sentence(a) for a in axis)}"
    return f"{text}: {'; '.join(series) or 'nothing plotted'}."


def _sentence(text: str) -> str:
    return " ".join(text.split())


def _number(x: Any) -> str:
    try:
        value = float(x)
    except (TypeError, ValueError):
        return str(x)
    if value.is_integer() and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:.3g}"


def _label(artist) -> str:
    label = artist.get_label()
    return "" if not label or label.startswith("_") else _sentence(label)


def _tick_names(axis) -> dict:
    """Tick position -> its label's text, where the axis has text labels."""
    names = {}
    for position, label in zip(axis.get_ticklocs(), axis.get_ticklabels(), strict=False):
        if label.get_text():
            names[round(float(position), 6)] = _sentence(label.get_text())
    return names


def _bars(ax: Axes) -> list[str]:
    found = []
    for container in ax.containers:
        if not isinstance(container, BarContainer) or not container.patches:
            continue
        horizontal = container.orientation == "horizontal"
        names = _tick_names(ax.yaxis if horizontal else ax.xaxis)
        items = []
        for patch in container.patches[: 2 * MOST_POINTS]:
            if horizontal:
                where, size = patch.get_y() + patch.get_height() / 2, patch.get_width()
            else:
                where, size = patch.get_x() + patch.get_width() / 2, patch.get_height()
            name = names.get(round(where, 6), _number(where))
            items.append(f"{name} {_number(size)}")
        label = _label(container)
        found.append(f"bars{' ' + label if label else ''}: {', '.join(items)}")
    return found


def _lines(ax: Axes) -> list[str]:
    found = []
    for line in ax.get_lines():
        xs, ys = (list(np.asarray(v)) for v in line.get_data())
        label = _label(line)
        if len(xs) < 2 and not label:
            continue
        if len({float(y) for y in ys}) == 1 and len(xs) == 2 and not label:
            continue  # a reference line with no name (ax.axhline): decoration
        points = list(zip(xs, ys, strict=False))
        if len(points) <= MOST_POINTS:
            read = ", ".join(f"({_number(x)}, {_number(y)})" for x, y in points)
        else:
            (x0, y0), (x1, y1) = points[0], points[-1]
            read = (
                f"{len(points)} points from ({_number(x0)}, {_number(y0)}) "
                f"to ({_number(x1)}, {_number(y1)})"
            )
        found.append(f"line{' ' + label if label else ''}: {read}")
    return found


def _scatters(ax: Axes) -> list[str]:
    found = []
    for collection in ax.collections:
        offsets = np.asarray(collection.get_offsets())
        if isinstance(collection, PathCollection) and len(offsets):
            label = _label(collection)
            found.append(f"{len(offsets)} points{' ' + label if label else ''}")
    return found


def _images(ax: Axes) -> list[str]:
    found = []
    for image in ax.get_images():
        rows, columns = np.asarray(image.get_array()).shape[:2]
        found.append(f"a colour map of {rows} by {columns} cells")
    return found


def _texts(ax: Axes) -> list[str]:
    """The words and numbers written on the axes (a heat map's cells, a board's
    tiles), in the order they were written; at most ``2 * MOST_POINTS``."""
    written = [_sentence(t.get_text()) for t in ax.texts if t.get_visible() and t.get_text()]
    if not written:
        return []
    shown = ", ".join(written[: 2 * MOST_POINTS])
    more = len(written) - 2 * MOST_POINTS
    return [f"written on it: {shown}{f' and {more} more' if more > 0 else ''}"]


def _is_colorbar(ax: Axes) -> bool:
    return hasattr(ax, "_colorbar")


# Showing a figure with its description ---------------------------------------------


def image_html(png: bytes, alt: str) -> str:
    """An ``<img>`` of the PNG bytes ``png`` with ``alt`` as its text alternative.

    >>> image_html(b"PNG", 'a "tree"')
    '<img alt="a &quot;tree&quot;" src="data:image/png;base64,UE5H">'
    """
    if not alt.strip():
        raise ValueError("alt must say what the picture shows, got an empty text")
    data = base64.b64encode(png).decode("ascii")
    return f'<img alt="{html.escape(alt, quote=True)}" src="data:image/png;base64,{data}">'


def mimebundle(png: bytes, alt: str) -> dict:
    """What Jupyter displays for a picture: the ``<img>`` with its ``alt`` as HTML
    (JupyterLab shows HTML first), the PNG for front ends that show no HTML."""
    return {"text/html": image_html(png, alt), "image/png": png}


def figure_png(figure: Figure, *, tight: bool = False) -> bytes:
    """The PNG bytes of ``figure`` (cropped to what it draws if ``tight``, as
    Jupyter's inline backend shows a pyplot figure)."""
    buffer = io.BytesIO()
    figure.savefig(
        buffer,
        format="png",
        metadata={"Software": None},
        bbox_inches="tight" if tight else None,
        facecolor=figure.get_facecolor(),
    )
    return buffer.getvalue()


def show(figure: Figure | Axes | None = None, *, alt: str | None = None) -> None:
    """Show ``figure`` (by default pyplot's current one) in Jupyter with a text alternative.

    ``alt`` says what the picture shows; by default it is the figure's
    description (``describe_figure``). A pyplot figure is closed once shown,
    as ``plt.show()`` would, so it is not shown twice.

    Raises ``ValueError`` if ``alt`` is given but empty.
    """
    if figure is None:
        import matplotlib.pyplot as plt

        figure = plt.gcf()
    if isinstance(figure, Axes):
        figure = figure.figure  # type: ignore[assignment]
    if not isinstance(figure, Figure):
        raise ValueError(f"figure must be a matplotlib Figure or Axes, got {figure!r}")
    if alt is not None and not isinstance(alt, str):
        raise ValueError(f"show was given alt={alt!r}: alt must be a str, what the figure shows")
    if alt is not None and not alt.strip():
        raise ValueError("alt must say what the figure shows, got an empty text")
    text = alt if alt is not None else describe_figure(figure)
    pyplot = figure.canvas.manager is not None
    from IPython.display import display

    bundle = mimebundle(figure_png(figure, tight=pyplot), text)
    # How it was shown, for a test that measures the picture after it is closed.
    setattr(figure, SHOWN_TIGHT, pyplot)
    bundle["text/plain"] = f"<figure: {text.splitlines()[0][:80]}>"
    display(bundle, raw=True)
    if pyplot:
        import matplotlib.pyplot as plt

        plt.close(figure)


class DescribedSteps:
    """What a figure of a trace's steps says of itself, for its text alternative.

    ``TreeFigure``, ``FocusFigure`` and ``MCTSFigure`` mix this in: each has a
    ``trace``, the ``frame`` shown and ``png()``, and says in ``heading()``
    what kind of picture it is; the rest is the frame in words
    (``aisearch.description.describe_frame``), which the step viewer uses as
    its picture's alt text.
    """

    trace: Any
    frame: Any
    whole = False
    """Whether the whole tree is drawn, the nodes under pruned ones crossed out
    too: the words then name and count them (``describe_frame``'s ``under_pruned``)."""

    def heading(self) -> str:
        """The first line: what kind of picture this is."""
        raise NotImplementedError

    def png(self) -> bytes:
        raise NotImplementedError

    @property
    def description(self) -> str:
        """What the figure shows now, in words: its text alternative."""
        return self.describe(self.frame)

    def describe(self, frame) -> str:
        """What the figure shows at ``frame`` (a frame of its trace), in words."""
        from ..description import describe_frame

        return f"{self.heading()}\n{describe_frame(self.trace, frame, under_pruned=self.whole)}"

    def _repr_mimebundle_(self, include=None, exclude=None) -> dict:
        return mimebundle(self.png(), self.description)
