"""How the boards to play look: colours a projector keeps, cells that never shrink.

A board is read from the back of a lecture hall, on a projector that washes
colours out, so its marks are big, bold and dark on white: every colour pair
here is chosen by its contrast ratio (WCAG 2: at least 7 : 1 for the marks,
4.5 : 1 for other text, 3 : 1 for a ring or an outline), and
``contrast_ratio`` measures it. Nothing is said by colour alone: a cell you
may click shows a dot, the computer's last move a thick ring, and the status
line says both in words.

The board's cells are the ``<button>``\\ s of a ``buttons.ButtonGrid``. A cell
that may not be played is ``aria-disabled``, never disabled (a disabled
button is drawn half transparent, which would fade its mark, and drops the
keyboard focus), and it is styled here: ``board_css`` is a style sheet scoped
to the class ``BOARD`` (a board puts it in a ``widgets.HTML`` and adds the
class to itself with ``add_class``), and each cell gets the classes of what
it shows (``MARK_CLASSES``, ``LEGAL``, ``LAST``). Cells have a fixed size and
``flex: 0 0 auto``; the board and its text sit in a row that wraps, so on a
narrow page the text goes below the board instead of squeezing it.
"""

from __future__ import annotations

import html

from .contrast import contrast_ratio as _wcag_ratio

CELL_PX = 48
"""The side of a cell, in pixels: it never shrinks."""

CELL_BACKGROUND = "#ffffff"
MARK_COLOURS = {"X": "#0b3d91", "O": "#9b1111"}
"""Dark blue crosses and dark red noughts, each above 8 : 1 on a white cell."""
BLOCKED_BACKGROUND, BLOCKED_MARK = "#4a4a4a", "#ffffff"
"""Isolation's used squares: a white ``#`` on dark grey."""
LEGAL_BACKGROUND, LEGAL_DOT = "#e8f5e9", "#1b5e20"
"""A cell you may click: a dark green dot on a pale green cell."""
LAST_RING = "#c2410c"
"""The ring around the computer's last move (orange, 5 : 1 on white)."""
CELL_BORDER = "#5a5a5a"
FOCUS_RING = "#111111"
"""The keyboard's focus ring: 3 px, far above 3 : 1 on white and on the cells."""
MESSAGE_TEXT, MESSAGE_BACKGROUND = "#8a1010", "#fdecea"
"""A refused click's message: dark red on pale red."""

DISC_COLOURS = {"X": "#d62728", "O": "#ffd23f", ".": "#ffffff"}
"""Connect Four's discs, on its board and in the small boards of a search tree
(``glyphs``): X red, O yellow, an empty hole white. Red and yellow differ in
lightness too (about 3.5 : 1), not in hue alone."""
DISC_NAMES = {"X": "red", "O": "yellow"}
DISC_OUTLINE, CONNECT4_BLUE = "#000000", "#2f5fb3"
"""Every disc's black outline (red, yellow and the white holes all stand at
least 3 : 1 against it), on Connect Four's blue board."""

BOARD = "aisearch-board"
CELL = "aisearch-cell"
LEGAL = "aisearch-legal"
LAST = "aisearch-last"
BUSY = "aisearch-busy"
MARK_CLASSES = {"X": "aisearch-mark-x", "O": "aisearch-mark-o", "#": "aisearch-blocked"}
"""The class a cell gets for the mark it shows."""


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG 2's contrast ratio of two ``#rrggbb`` colours: from 1 (none) to 21
    (``aisearch.viz.contrast.contrast_ratio``, held to the way a style sheet
    writes a colour here).

    The order does not matter. Raises ``ValueError`` naming a colour that is
    not written ``#rrggbb``.

    >>> round(contrast_ratio("#000000", "#ffffff"), 1)
    21.0
    >>> round(contrast_ratio(MARK_COLOURS["X"], CELL_BACKGROUND), 1)
    10.0
    """
    for colour in (foreground, background):
        if not isinstance(colour, str):
            raise ValueError(f"a colour must be written '#rrggbb', got {colour!r}")
    return _wcag_ratio(foreground, background)


def board_css() -> str:
    """The boards' style sheet, as a ``<style>`` element for a ``widgets.HTML``.

    Every rule starts with ``.aisearch-board``, so it styles nothing else on
    the page; showing it twice (two boards) changes nothing.
    """
    board, cell = f".{BOARD}", f".{BOARD} button.{CELL}"
    rules = f"""
{cell} {{
  flex: 0 0 auto; width: {CELL_PX}px; height: {CELL_PX}px; min-width: {CELL_PX}px;
  padding: 0; margin: 0; font-family: inherit; font-size: 30px; font-weight: 800;
  line-height: 1; background: {CELL_BACKGROUND}; color: #111111; opacity: 1;
  border: 2px solid {CELL_BORDER}; border-radius: 4px; cursor: pointer;
}}
{cell}[aria-disabled="true"] {{ cursor: default; }}
{cell}:focus-visible {{
  outline: 3px solid {FOCUS_RING}; outline-offset: 2px; position: relative; z-index: 2;
}}
{board} button:focus-visible, {board} select:focus-visible, {board} input:focus-visible {{
  outline: 3px solid {FOCUS_RING} !important; outline-offset: 2px !important;
  position: relative; z-index: 2;
}}
{cell}.{MARK_CLASSES["X"]} {{ color: {MARK_COLOURS["X"]}; }}
{cell}.{MARK_CLASSES["O"]} {{ color: {MARK_COLOURS["O"]}; }}
{cell}.{MARK_CLASSES["#"]} {{ background: {BLOCKED_BACKGROUND}; color: {BLOCKED_MARK}; }}
{cell}.{LEGAL} {{ background: {LEGAL_BACKGROUND}; }}
{cell}.{LEGAL}::after {{ content: "•"; color: {LEGAL_DOT}; font-size: 26px; }}
{cell}.{LAST} {{ box-shadow: inset 0 0 0 5px {LAST_RING}; }}
{board}.{BUSY} .{CELL} {{ pointer-events: none; cursor: progress; }}
{board} .aisearch-message {{
  color: {MESSAGE_TEXT}; background: {MESSAGE_BACKGROUND}; font-weight: 700;
  border-left: 5px solid {MESSAGE_TEXT}; padding: 4px 8px; margin: 2px 0 6px 0;
}}
"""
    return f"<style>{rules}</style>"


def message_html(text: str) -> str:
    """A refused click's message, as HTML: ``""`` for no message.

    >>> message_html("")
    ''
    >>> message_html("(0, 1) is taken")
    "<div class='aisearch-message' role='alert'>(0, 1) is taken</div>"
    """
    if not text:
        return ""
    return f"<div class='aisearch-message' role='alert'>{html.escape(text)}</div>"
