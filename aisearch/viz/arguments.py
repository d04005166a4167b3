"""Checking what a notebook hands a picture or a board, once, where it enters.

A figure's options reach matplotlib deep inside the drawing, where a wrong
one fails with a message about matplotlib's insides ("'str' object has no
attribute 'set_xlim'"). Each public picture and board checks them first,
with these, and names the function, the argument and the value: the trace
(``aisearch.trace.require_trace``), the Axes to draw into, a figure's size
and resolution, a node's size and the least type, the game a board plays,
and the functions it is handed.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping

from matplotlib.axes import Axes

from ..trace import require_trace as require_trace  # one check of a trace, for every picture


def require_axes(ax: object, function: str) -> None:
    """Refuse an ``ax`` that is neither ``None`` (a new figure) nor a matplotlib ``Axes``.

    >>> require_axes("left", "draw_step")
    Traceback (most recent call last):
    ...
    ValueError: draw_step was given ax='left': ax must be a matplotlib Axes (as plt.subplots() returns), or None for a figure of its own
    """
    if ax is not None and not isinstance(ax, Axes):
        raise ValueError(
            f"{function} was given ax={ax!r}: ax must be a matplotlib Axes (as "
            "plt.subplots() returns), or None for a figure of its own"
        )


def _is_positive(value: object) -> bool:
    return (
        not isinstance(value, bool)
        and isinstance(value, numbers.Real)
        and math.isfinite(value)
        and float(value) > 0
    )


def require_positive(value: object, argument: str, function: str, *, optional: bool) -> None:
    """Refuse a ``value`` that is not a positive number (``None`` too, if ``optional``).

    >>> require_positive("big", "dpi", "TreeFigure", optional=False)
    Traceback (most recent call last):
    ...
    ValueError: TreeFigure was given dpi='big': dpi must be a positive number
    """
    if optional and value is None:
        return
    if not _is_positive(value):
        either = " (or None for the default)" if optional else ""
        raise ValueError(
            f"{function} was given {argument}={value!r}: {argument} must be a positive "
            f"number{either}"
        )


MIN_DPI = 10
"""The fewest pixels an inch a picture is drawn at: below it a letter is less
than a pixel high, and FreeType refuses to draw it (``invalid ppem value``)."""


def require_dpi(value: object, function: str, *, optional: bool) -> None:
    """Refuse a ``dpi`` that is not a number of at least ``MIN_DPI``.

    >>> require_dpi(1.5, "TreeFigure.png", optional=True)
    Traceback (most recent call last):
    ...
    ValueError: TreeFigure.png was given dpi=1.5: dpi must be a number of pixels an inch >= 10 (100 is the default)
    """
    require_positive(value, "dpi", function, optional=optional)
    if value is not None and float(value) < MIN_DPI:  # type: ignore[arg-type]
        raise ValueError(
            f"{function} was given dpi={value!r}: dpi must be a number of pixels an inch "
            f">= {MIN_DPI} (100 is the default)"
        )


def require_font(value: object, function: str) -> None:
    """Refuse a ``min_font`` that is not a number of points >= 0."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not float(value) >= 0:
        raise ValueError(
            f"{function} was given min_font={value!r}: min_font must be a number of points "
            ">= 0 (0 for the figure's own sizes)"
        )


def require_size(value: object, argument: str, function: str) -> None:
    """Refuse a ``figsize`` (or ``panel_size``) that is neither ``None`` nor a
    pair of positive numbers of inches.

    >>> require_size(8, "figsize", "TreeFigure")
    Traceback (most recent call last):
    ...
    ValueError: TreeFigure was given figsize=8: figsize must be (width, height) in inches, two positive numbers, or None to fit the tree
    """
    if value is None:
        return
    if not (isinstance(value, (tuple, list)) and len(value) == 2 and all(map(_is_positive, value))):
        raise ValueError(
            f"{function} was given {argument}={value!r}: {argument} must be (width, height) "
            "in inches, two positive numbers, or None to fit the tree"
        )


def require_layout(layout: object, function: str) -> None:
    """Refuse a ``layout`` that is neither ``None`` nor a non-empty mapping
    of node ids to positions (as ``tree_layout(trace)`` gives)."""
    if layout is not None and not (isinstance(layout, Mapping) and layout):
        raise ValueError(
            f"{function} was given layout={layout!r}: layout must map every node id to "
            "its (x, y), as tree_layout(trace) gives, or be None"
        )


def require_function(
    value: object, argument: str, shape: str, function: str, *, optional: bool = True
) -> None:
    """Refuse a ``value`` that is not a function (``None`` is allowed if ``optional``).

    >>> require_function("minimax", "opponent", "(game, state) -> action", "GameBoard",
    ...                  optional=False)
    Traceback (most recent call last):
    ...
    ValueError: GameBoard was given opponent='minimax', which is not a function: opponent must be a function (game, state) -> action
    """
    if (value is not None or not optional) and not callable(value):
        either = ", or None" if optional else ""
        raise ValueError(
            f"{function} was given {argument}={value!r}, which is not a function: "
            f"{argument} must be a function {shape}{either}"
        )


def require_instance(value: object, kind: type, argument: str, function: str, made: str) -> None:
    """Refuse a ``value`` that is not a ``kind`` (``made`` says how to make one).

    >>> from aisearch.games import ConnectFour
    >>> require_instance(None, ConnectFour, "game", "draw_connect4", "ConnectFour()")
    Traceback (most recent call last):
    ...
    ValueError: draw_connect4 was given game=None: it needs a ConnectFour, such as ConnectFour()
    """
    if not isinstance(value, kind):
        raise ValueError(
            f"{function} was given {argument}={value!r}: it needs a {kind.__name__}, such as {made}"
        )
