"""Boards drawn with matplotlib: a tic-tac-toe position as the students know it.

A state is the board read row by row (``"X.O.X...."``), so drawing it is a
grid, crosses and noughts, and optionally a stroke through the winning line.
Row 0 is at the top, as in the state string and in actions ``(row, col)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from matplotlib.patches import Circle, Rectangle

from ..validation import require_bool
from .alt_text import set_description
from .arguments import require_axes, require_positive
from .canvas import new_figure

X_COLOR = "#1f4e9c"
O_COLOR = "#c0392b"
GRID_COLOR = "#333333"
HIGHLIGHT_COLOR = "#f9b233"
"""The pale fill of a marked cell."""
HIGHLIGHT_EDGE = "#b06500"
"""The outline of a marked cell and the stroke through a winning line (4.5 : 1 on white)."""
COORDINATE_COLOR = "#5c5c5c"
"""The ``(row, col)`` written in an empty cell (6.7 : 1 on white)."""


def draw_board(
    game,
    state: str,
    ax=None,
    *,
    highlight: bool | Iterable = True,
    coordinates: bool = False,
    title: str | None = None,
    size: float = 2.4,
):
    """Draw a square board of ``"X"``, ``"O"`` and ``"."``; returns the ``Axes``.

    Args:
        game: the game the state belongs to (``TicTacToe``); used to check the
            state and to find the winner.
        state: the board read row by row.
        ax: where to draw; by default a new ``size``-inch figure's axes (a
            ``matplotlib.figure.Figure`` with an Agg canvas, unknown to pyplot;
            ``ax.figure`` shows it in Jupyter).
        highlight: ``True`` strikes through the winning line if there is one;
            a sequence of cells (``(row, col)`` pairs or indices 0..8) marks
            those cells instead; ``False`` marks nothing.
        coordinates: write ``(row, col)`` in the empty cells, the actions left.
        title: written above the board.

    Raises:
        ValueError: if the state is not a square board of X, O and ``.``.

    >>> from aisearch.games import TicTacToe
    >>> ax = draw_board(TicTacToe(), "XXXOO....")
    >>> len(ax.lines)  # 4 grid lines, 2 strokes per X, 1 through the top row
    11
    """
    require_axes(ax, "draw_board")
    require_positive(size, "size", "draw_board", optional=False)
    require_bool(coordinates, "coordinates")
    n = _side(state)
    if hasattr(game, "render"):
        game.render(state)  # raises ValueError naming an impossible board
    if ax is None:
        figure = new_figure((size, size if title is None else size + 0.3))
        top = 0.04 if title is None else 0.3 / figure.get_figheight() + 0.02
        ax = figure.add_axes((0.04, 0.04, 0.92, 1 - 0.04 - top))
    ax.set_xlim(-0.05, n + 0.05)
    ax.set_ylim(n + 0.05, -0.05)
    ax.set_aspect("equal")
    ax.set_axis_off()
    for k in range(1, n):
        ax.plot([k, k], [0.06, n - 0.06], color=GRID_COLOR, linewidth=2.5, solid_capstyle="round")
        ax.plot([0.06, n - 0.06], [k, k], color=GRID_COLOR, linewidth=2.5, solid_capstyle="round")
    cells = _highlighted_cells(state, n, highlight)
    if highlight is True and cells:
        _strike(ax, cells, n)
    elif cells:
        for index in cells:
            row, col = divmod(index, n)
            ax.add_patch(_cell_patch(row, col))
    for index, mark in enumerate(state):
        row, col = divmod(index, n)
        if mark == "X":
            _cross(ax, row, col)
        elif mark == "O":
            ax.add_patch(
                Circle(
                    (col + 0.5, row + 0.5),
                    0.3,
                    fill=False,
                    edgecolor=O_COLOR,
                    linewidth=3.5,
                    zorder=3,
                )
            )
        elif coordinates:
            ax.text(
                col + 0.5,
                row + 0.5,
                f"({row}, {col})",
                ha="center",
                va="center",
                fontsize=7,
                color=COORDINATE_COLOR,
            )
    if title is not None:
        ax.set_title(title, fontsize=10)
    struck = highlight is True and bool(cells)
    set_description(ax, board_description(state, title, cells, struck=struck))
    return ax


def board_description(
    state: str, title: str | None = None, marked: Iterable[int] = (), *, struck: bool = False
) -> str:
    """A square board in words, row by row, with its marked cells (indices into
    ``state``) or, if ``struck``, the winning line through them.

    Rows and columns are counted from 1, as the boards the student plays on
    and ``move_name`` count them.

    >>> board_description("XXXOO....", "won", [0, 1, 2], struck=True)
    'Tic-tac-toe board "won", rows from the top: row 1: X, X, X; row 2: O, O, empty; row 3: empty, empty, empty. X wins along row 1, column 1; row 1, column 2; row 1, column 3.'
    """
    n = _side(state)
    names = {"X": "X", "O": "O", ".": "empty"}
    rows = "; ".join(
        f"row {r + 1}: " + ", ".join(names[state[r * n + c]] for c in range(n)) for r in range(n)
    )
    kind = "Tic-tac-toe board" if n == 3 else f"{n} by {n} board"
    named = f' "{title}"' if title else ""
    text = f"{kind}{named}, rows from the top: {rows}."
    cells = [divmod(i, n) for i in marked]
    if cells:
        where = "; ".join(f"row {r + 1}, column {c + 1}" for r, c in cells)
        text += (
            f" {state[cells[0][0] * n + cells[0][1]]} wins along {where}."
            if struck
            else (f" Marked: {where}.")
        )
    return text


def _side(state) -> int:
    n = math.isqrt(len(state)) if isinstance(state, str) else 0
    if n < 1 or n * n != len(state) or set(state) - set("XO."):
        raise ValueError(
            f"{state!r} is not a board: expected a string of n*n characters of 'X', 'O' "
            "and '.', row by row"
        )
    return n


def _highlighted_cells(state: str, n: int, highlight) -> list[int]:
    if highlight is False or highlight is None:
        return []
    if highlight is True:
        return _winning_line(state, n)
    if isinstance(highlight, str) or not isinstance(highlight, Iterable):
        raise ValueError(
            f"draw_board was given highlight={highlight!r}: highlight must be True, False or "
            "a list of cells, (row, col) pairs or indices"
        )
    cells = []
    for cell in highlight:
        tuple_cell = isinstance(cell, tuple) and len(cell) == 2
        if not tuple_cell and (isinstance(cell, bool) or not isinstance(cell, int)):
            raise ValueError(f"cell {cell!r} is not on a {n}x{n} board")
        index = cell[0] * n + cell[1] if tuple_cell else cell
        if not 0 <= index < n * n:
            raise ValueError(f"cell {cell!r} is not on a {n}x{n} board")
        cells.append(index)
    return cells


def _winning_line(state: str, n: int) -> list[int]:
    """The cells of a full row, column or diagonal of one player, else ``[]``."""
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    lines += [[i * n + i for i in range(n)], [i * n + (n - 1 - i) for i in range(n)]]
    for line in lines:
        marks = {state[i] for i in line}
        if len(marks) == 1 and marks != {"."}:
            return line
    return []


def _strike(ax, cells: list[int], n: int) -> None:
    (r0, c0), (r1, c1) = divmod(cells[0], n), divmod(cells[-1], n)
    ax.plot(
        [c0 + 0.5, c1 + 0.5],
        [r0 + 0.5, r1 + 0.5],
        color=HIGHLIGHT_EDGE,
        linewidth=6,
        solid_capstyle="round",
        zorder=4,
    )


def _cell_patch(row: int, col: int):
    return Rectangle(
        (col + 0.08, row + 0.08),
        0.84,
        0.84,
        facecolor=HIGHLIGHT_COLOR + "73",
        edgecolor=HIGHLIGHT_EDGE,
        linewidth=2.5,
        zorder=0,
    )


def _cross(ax, row: int, col: int) -> None:
    pad = 0.22
    for (x0, y0), (x1, y1) in (((pad, pad), (1 - pad, 1 - pad)), ((pad, 1 - pad), (1 - pad, pad))):
        ax.plot(
            [col + x0, col + x1],
            [row + y0, row + y1],
            color=X_COLOR,
            linewidth=3.5,
            solid_capstyle="round",
            zorder=3,
        )
