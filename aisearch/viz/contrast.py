"""Colour facts: WCAG's contrast ratio, and how a colour looks without some cones.

WCAG 2.1 asks text to stand 4.5 : 1 against its background (success
criterion 1.4.3) and a graphic that carries meaning, an outline, an edge, a
marker, 3 : 1 against what is next to it (1.4.11). The ratio is
``(L1 + 0.05) / (L2 + 0.05)`` of the two colours' relative luminances, the
lighter first; ``contrast_ratio`` computes it, the one implementation the
figures, the small boards (``glyphs``) and the boards to play
(``board_style``) share.

Colour must never be the only thing that tells two kinds apart (1.4.1). To
check what a reader with a red-green deficiency sees, ``simulate`` applies the
matrices of Machado, Oliveira and Fernandes, "A Physiologically-based Model
for Simulation of Color Vision Deficiency", IEEE Transactions on
Visualization and Computer Graphics 15(6), 2009, at severity 1.0 (full
protanopia or deuteranopia), to the colour's linear RGB; ``greyscale`` gives
the grey of the same luminance, as a black-and-white printout shows it.

A colour is written ``"#rrggbb"`` or given as ``(red, green, blue)`` with
channels from 0 to 255.

>>> round(contrast_ratio("#767676", "#ffffff"), 2)
4.54
>>> simulate("#ff0000", "deuteranopia") != simulate("#ff0000", "protanopia")
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from numbers import Integral

Colour = str | Sequence[int]
"""``"#rrggbb"``, or ``(red, green, blue)`` with channels 0..255."""

TEXT = "text"
GRAPHIC = "graphic"
MINIMUM = {TEXT: 4.5, GRAPHIC: 3.0}
"""WCAG 2.1 AA's least contrast ratio: text (1.4.3), graphics that carry meaning (1.4.11)."""

# Machado, Oliveira and Fernandes (2009), severity 1.0, on linear RGB (rows: R, G, B out).
DEFICIENCIES = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}
"""Colour vision deficiencies ``simulate`` knows, by name."""


def rgb(colour: Colour) -> tuple[int, int, int]:
    """``colour`` as ``(red, green, blue)``, 0..255 each.

    Raises ``ValueError`` naming a colour that is neither ``"#rrggbb"`` nor
    three whole channels from 0 to 255 (a fourth, alpha, is ignored).

    >>> rgb("#1f4e9c"), rgb((31, 78, 156, 255))
    ((31, 78, 156), (31, 78, 156))
    """
    if isinstance(colour, str):
        text = colour.removeprefix("#")
        if colour.startswith("#") and len(text) == 6:
            try:
                red, green, blue = (int(text[i : i + 2], 16) for i in (0, 2, 4))
            except ValueError:
                pass
            else:
                return red, green, blue
    elif isinstance(colour, Iterable):  # a tuple, or a pixel of a numpy image
        channels = tuple(colour)
        if len(channels) in (3, 4) and all(
            isinstance(c, Integral) and not isinstance(c, bool) and 0 <= c <= 255 for c in channels
        ):
            red, green, blue = (int(c) for c in channels[:3])
            return red, green, blue
    raise ValueError(
        f"a colour must be written '#rrggbb' or given as (red, green, blue) 0..255, got {colour!r}"
    )


def hex_colour(colour: Colour) -> str:
    """``colour`` written ``"#rrggbb"``.

    >>> hex_colour((255, 0, 16))
    '#ff0010'
    """
    return "#" + "".join(f"{c:02x}" for c in rgb(colour))


def _linear(channel: float) -> float:
    """An sRGB channel (0..1) as linear light."""
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def _encoded(channel: float) -> float:
    """Linear light (0..1) as an sRGB channel, the inverse of ``_linear``."""
    channel = min(1.0, max(0.0, channel))
    return 12.92 * channel if channel <= 0.0031308 else 1.055 * channel ** (1 / 2.4) - 0.055


def relative_luminance(colour: Colour) -> float:
    """WCAG 2's relative luminance of ``colour``: 0 for black, 1 for white."""
    red, green, blue = (_linear(c / 255) for c in rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast_ratio(first: Colour, second: Colour) -> float:
    """WCAG 2's contrast ratio of two colours, from 1 (the same) to 21; the order does not matter.

    >>> round(contrast_ratio("#000000", (255, 255, 255)), 1)
    21.0
    """
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def passes(foreground: Colour, background: Colour, kind: str) -> bool:
    """Whether the pair meets WCAG 2.1 AA for ``kind`` (``TEXT`` or ``GRAPHIC``).

    >>> passes("#b4b4b4", "#ffffff", TEXT), passes("#767676", "#ffffff", TEXT)
    (False, True)
    """
    if kind not in MINIMUM:
        raise ValueError(f"kind must be one of {sorted(MINIMUM)}, got {kind!r}")
    return contrast_ratio(foreground, background) >= MINIMUM[kind]


def greyscale(colour: Colour) -> str:
    """The grey of the same relative luminance, ``"#rrggbb"``.

    >>> greyscale("#ffffff"), greyscale("#000000")
    ('#ffffff', '#000000')
    """
    grey = round(255 * _encoded(relative_luminance(colour)))
    return hex_colour((grey, grey, grey))


def simulate(colour: Colour, deficiency: str) -> str:
    """``colour`` as a reader with ``deficiency`` (a key of ``DEFICIENCIES``) sees it.

    >>> simulate("#ffffff", "protanopia")
    '#ffffff'
    """
    matrix = DEFICIENCIES.get(deficiency)
    if matrix is None:
        raise ValueError(f"deficiency must be one of {sorted(DEFICIENCIES)}, got {deficiency!r}")
    linear = [_linear(c / 255) for c in rgb(colour)]
    seen = [sum(m * c for m, c in zip(row, linear, strict=True)) for row in matrix]
    return hex_colour(tuple(round(255 * _encoded(c)) for c in seen))


VISIONS = ("normal", "greyscale", *DEFICIENCIES)
"""The ways of seeing ``seen_as`` knows."""


def seen_as(colour: Colour, vision: str) -> str:
    """``colour`` under ``vision``: ``"normal"``, ``"greyscale"``, or a deficiency."""
    if vision == "normal":
        return hex_colour(colour)
    if vision == "greyscale":
        return greyscale(colour)
    return simulate(colour, vision)
