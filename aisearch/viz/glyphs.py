"""Game states drawn as small boards: the glyphs a tree shows at its nodes.

A state such as ``OX..X....`` says little in a tree; a 48-pixel board says it
at a glance. A game that offers ``picture(state, action=None)`` (an optional
member, see ``aisearch.game.OPTIONAL_MEMBERS``) can be drawn: ``state_image``
turns its ``Picture`` into an RGBA array, and ``add_glyph`` places one on a
matplotlib axes, centred on a point.

What the marks look like is chosen to read at 40 to 64 pixels a board, and
not by colour alone: X is a dark cross and O a ring; Connect Four's discs
are drawn as on its board (``board_style.DISC_COLOURS``: X red, O yellow, each
outlined in black, in white holes of a blue board), told apart by lightness
as well as hue, and a figure that draws them says which is which
(``disc_key``); in Isolation the used cells are dark and
the piece that moves next stands on a light yellow square; Dice Nim is a row
of stones (those taken faint) and the die's face, blank before the roll. The
last mark placed, when the picture knows it, carries a dot (a disc: white on
red, black on yellow) or a tint (a cell). Every colour pair a reader must tell apart meets WCAG's contrast
ratios: 4.5:1 for marks on their cells, 3:1 for the grid and the frame
(``contrast_ratio``).

Images are built with numpy alone, from cell tiles drawn once per size with
4 x 4 supersampling (so edges are smooth), and kept in a cache keyed by the
game's type and parameters, the state, the size and the action: the same
position in a tree costs one look-up.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import lru_cache
from typing import Any

import numpy as np

from ..game import PICTURE_KINDS, PICTURE_MARKS, Picture, optional
from .board_style import CONNECT4_BLUE, DISC_COLOURS, DISC_NAMES, DISC_OUTLINE
from .contrast import contrast_ratio, relative_luminance  # noqa: F401  (the tests read them here)


def _rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as ``(r, g, b)``, 0-255."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


# Colours (RGB, 0-255). Marks are dark on light cells, the grid mid-grey.
PAPER = (255, 255, 255)
"""An open cell of a grid, and the background of a pile."""
GRID = (110, 110, 110)
"""The lines between the cells of a grid."""
X_COLOUR = (27, 27, 27)
"""X's cross."""
O_COLOUR = (179, 0, 27)
"""O's ring."""
BLOCKED = (74, 74, 74)
"""A used cell in Isolation."""
TO_MOVE = (255, 224, 102)
"""The square under the piece that moves next (Isolation)."""
LAST = (255, 240, 170)
"""The tint of the cell of the last mark placed (tic-tac-toe)."""
FRAME = _rgb(CONNECT4_BLUE)
"""Connect Four's upright board, around its holes: the board's blue."""
HOLE = _rgb(DISC_COLOURS["."])
"""An empty hole of Connect Four's board."""
DISCS = {"X": _rgb(DISC_COLOURS["X"]), "O": _rgb(DISC_COLOURS["O"])}
"""Connect Four's discs, as on its board: X red, O yellow."""
DISC_EDGE = _rgb(DISC_OUTLINE)
"""Every disc's outline, as on the board: black."""
LAST_DOTS = {"X": HOLE, "O": DISC_EDGE}
"""The dot on the last disc placed: white on red, black on yellow."""
STONE = (58, 58, 58)
"""A stone of Dice Nim's pile."""
TAKEN = (200, 200, 200)
"""The outline where a taken stone lay (decoration: the count is in the stones left)."""
DIE_BLANK = (214, 214, 214)
"""The face of a die not rolled yet."""

SUPERSAMPLE = 4
CACHE_SIZE = 4096
"""How many images the cache keeps (the least recently used go first)."""

_cache: OrderedDict = OrderedDict()


def can_draw(game) -> bool:
    """Whether ``game`` can draw itself: it offers ``picture(state, action=None)``.

    >>> from aisearch.games import TicTacToe, GameTree
    >>> can_draw(TicTacToe()), can_draw(GameTree.from_nested([1, 2]))
    (True, False)
    """
    return not isinstance(game, type) and callable(optional(game, "picture"))


def state_image(game, state, *, pixels: int, action: Any = None) -> np.ndarray:
    """The position ``state`` of ``game`` as a small RGBA picture.

    Args:
        game: a game that can draw itself (``can_draw``).
        state: one of its states.
        pixels: the longer side of the picture at most (cells are whole
            pixels, so it may come out a few pixels shorter), at least 12
            (boards read well from 40 to 64).
        action: the move that led to ``state``, if known: its mark is
            shown as the last one.

    Returns:
        A read-only ``uint8`` array of shape ``(height, width, 4)``, opaque;
        the same array for the same game parameters, state, size and action.

    Raises:
        ValueError: a game that cannot draw itself, a ``pixels`` that is not a
            whole number of at least 12, or a picture that is not well formed.

    >>> from aisearch.games import TicTacToe
    >>> state_image(TicTacToe(), "X...O....", pixels=48).shape  # 3 cells of 14, 4 lines
    (46, 46, 4)
    """
    if not can_draw(game):
        raise ValueError(f"{game!r} cannot draw itself: it has no picture(state) method")
    if isinstance(pixels, bool) or not isinstance(pixels, int) or pixels < 12:
        raise ValueError(f"pixels must be a whole number of at least 12, got {pixels!r}")
    key = (type(game), repr(game), state, pixels, action)
    try:
        image = _cache[key]
    except KeyError:
        pass
    except TypeError:  # an unhashable state or action: draw it, do not keep it
        return _draw(game, game.picture(state, action), pixels)
    else:
        _cache.move_to_end(key)
        return image
    image = _draw(game, game.picture(state, action), pixels)
    _cache[key] = image
    if len(_cache) > CACHE_SIZE:
        _cache.popitem(last=False)
    return image


def add_glyph(ax, image: np.ndarray, xy, *, zoom: float = 1.0, zorder: float = 3):
    """Place ``image`` on ``ax``, centred at the data coordinates ``xy``.

    Its size is fixed on the screen (one image pixel a point, times ``zoom``),
    whatever the axes' limits. Returns the matplotlib ``AnnotationBbox``;
    ``artist.remove()`` takes it away.
    """
    from matplotlib.offsetbox import AnnotationBbox, OffsetImage

    if not zoom > 0:
        raise ValueError(f"zoom must be a positive number, got {zoom!r}")
    box = OffsetImage(image, zoom=zoom, interpolation="antialiased")
    artist = AnnotationBbox(
        box, xy, xycoords="data", frameon=False, pad=0, box_alignment=(0.5, 0.5), zorder=zorder
    )
    ax.add_artist(artist)
    return artist


# Checking and drawing a picture ---------------------------------------------------


def _draw(game, picture, pixels: int) -> np.ndarray:
    _check(game, picture)
    if picture.kind == "pile":
        rgb = _pile(picture, pixels)
    elif picture.kind == "columns":
        rgb = _columns(picture, pixels)
    else:
        rgb = _grid(picture, pixels)
    image = np.empty(rgb.shape[:2] + (4,), dtype=np.uint8)
    image[..., :3] = np.clip(np.rint(rgb), 0, 255)
    image[..., 3] = 255
    image.flags.writeable = False
    return image


def _check(game, picture) -> None:
    """Refuse a picture ``game.picture`` got wrong, naming the game."""
    if not isinstance(picture, Picture):
        raise ValueError(f"{game!r}.picture returned {picture!r}: expected an aisearch.Picture")
    if picture.kind not in PICTURE_KINDS:
        raise ValueError(
            f"{game!r}.picture gave the kind {picture.kind!r}: use one of {PICTURE_KINDS}"
        )
    if picture.kind == "pile":
        if not isinstance(picture.pile, int) or picture.pile < 0:
            raise ValueError(f"{game!r}.picture gave a pile of {picture.pile!r} stones")
        return
    rows = picture.rows
    if not rows or not rows[0] or len({len(row) for row in rows}) != 1:
        raise ValueError(f"{game!r}.picture gave rows {rows!r}: expected rows of equal length")
    if set("".join(rows)) - set(PICTURE_MARKS):
        raise ValueError(
            f"{game!r}.picture gave rows {rows!r}: use only the characters {PICTURE_MARKS!r}"
        )


def _blend(background, colour, coverage: np.ndarray) -> np.ndarray:
    """``colour`` laid over ``background`` (a colour or an image) as ``coverage`` says."""
    cover = coverage[..., None]
    return np.asarray(background, float) * (1 - cover) + np.asarray(colour, float) * cover


@lru_cache(maxsize=64)
def _distances(size: int) -> tuple:
    """``(x, y, r)`` on a supersampled square of side ``size`` pixels, x and y
    from -1 to 1 (centre 0), r the distance from the centre."""
    n = size * SUPERSAMPLE
    t = (np.arange(n) + 0.5) / n * 2 - 1
    y, x = np.meshgrid(t, t, indexing="ij")
    return x, y, np.hypot(x, y)


def _coverage(size: int, inside: np.ndarray) -> np.ndarray:
    """The share of each pixel that the supersampled mask ``inside`` covers."""
    s = SUPERSAMPLE
    return inside.reshape(size, s, size, s).mean(axis=(1, 3))


@lru_cache(maxsize=256)
def _shape(name: str, size: int) -> np.ndarray:
    """The coverage of one of the marks, on a square of ``size`` pixels."""
    x, y, r = _distances(size)
    # Strokes get thicker, relative to the cell, as cells get small: a stroke
    # under about 1.5 pixels blurs away.
    stroke = max(0.24, 2.4 / size)
    if name == "cross":
        arm = 0.66 if size >= 10 else 0.72
        band = stroke / 2 * math.sqrt(2)
        box = (abs(x) <= arm) & (abs(y) <= arm)
        inside = box & ((abs(x - y) <= band) | (abs(x + y) <= band))
    elif name == "ring":
        inside = (r <= 0.66) & (r >= 0.66 - stroke)
    elif name == "disc":
        inside = r <= 0.8
    elif name == "disc_fill":  # a disc within its outline
        inside = r <= 0.8 - max(0.16, 1.4 / size)
    elif name == "dot":
        inside = r <= max(0.24, 2.2 / size)
    elif name == "stone":
        inside = r <= 0.78
    elif name == "outline":
        inside = (r <= 0.78) & (r >= 0.78 - max(0.16, 2.0 / size))
    else:  # pragma: no cover - a programming error
        raise KeyError(name)
    return _coverage(size, inside)


@lru_cache(maxsize=512)
def _grid_tile(mark: str, size: int, last: bool, to_move: bool) -> np.ndarray:
    """One cell of a grid, ``size`` pixels square, holding ``mark``."""
    if mark == "#" and not to_move:
        return np.broadcast_to(np.asarray(BLOCKED, float), (size, size, 3))
    background = TO_MOVE if to_move else LAST if last else PAPER
    tile = np.broadcast_to(np.asarray(background, float), (size, size, 3))
    if mark == "X":
        tile = _blend(tile, X_COLOUR, _shape("cross", size))
    elif mark == "O":
        tile = _blend(tile, O_COLOUR, _shape("ring", size))
    return tile


@lru_cache(maxsize=512)
def _hole_tile(mark: str, size: int, last: bool) -> np.ndarray:
    """One hole of Connect Four's board, ``size`` pixels square: empty, or a
    disc in its colour within a black outline, as on the board."""
    tile = _blend(FRAME, HOLE, _shape("disc", size))
    if mark in DISCS:
        tile = _blend(tile, DISC_EDGE, _shape("disc", size))
        tile = _blend(tile, DISCS[mark], _shape("disc_fill", size))
        if last:
            tile = _blend(tile, LAST_DOTS[mark], _shape("dot", size))
    return tile


def disc_key(game) -> list[tuple[str, str, str]]:
    """What a figure's key says of ``game``'s discs, if its pictures are
    Connect Four's (kind ``"columns"``): ``[(player, colour, words)]``, the
    colour ``#rrggbb``; else ``[]`` (a cross and a ring say themselves).

    >>> from aisearch.games import ConnectFour, TicTacToe
    >>> disc_key(ConnectFour())[0]
    ('X', '#d62728', 'X: red disc (moves first)')
    >>> disc_key(TicTacToe())
    []
    """
    if not can_draw(game) or game.picture(game.initial_state()).kind != "columns":
        return []
    return [
        (player, DISC_COLOURS[player], f"{player}: {DISC_NAMES[player]} disc{first}")
        for player, first in (("X", " (moves first)"), ("O", ""))
    ]


def _grid(picture: Picture, pixels: int) -> np.ndarray:
    """Marks on a grid: cells of one size, with lines between and around them."""
    rows, columns = len(picture.rows), len(picture.rows[0])
    line = max(1, round(pixels / 40))
    cell = max(3, (pixels - line) // max(rows, columns) - line)
    pitch = cell + line
    rgb = np.empty((rows * pitch + line, columns * pitch + line, 3))
    rgb[...] = GRID
    for r, row in enumerate(picture.rows):
        for c, mark in enumerate(row):
            mover = picture.to_move is not None and mark == picture.to_move
            tile = _grid_tile(mark, cell, picture.last == (r, c), mover)
            top, left = line + r * pitch, line + c * pitch
            rgb[top : top + cell, left : left + cell] = tile
    return rgb


def _columns(picture: Picture, pixels: int) -> np.ndarray:
    """Connect Four's upright board: a frame with a hole a cell."""
    rows, columns = len(picture.rows), len(picture.rows[0])
    cell = max(4, pixels // max(rows, columns))
    rgb = np.empty((rows * cell, columns * cell, 3))
    for r, row in enumerate(picture.rows):
        for c, mark in enumerate(row):
            tile = _hole_tile(mark, cell, picture.last == (r, c))
            rgb[r * cell : (r + 1) * cell, c * cell : (c + 1) * cell] = tile
    return rgb


def _pile(picture: Picture, pixels: int) -> np.ndarray:
    """Dice Nim: the stones (those taken faint) in a few rows, and the die."""
    height = max(8, pixels // 2)
    die = height
    gap = max(1, height // 8)
    pile = picture.pile or 0
    start = max(picture.start or 0, pile, 1)
    room = pixels - die - gap
    # As many rows of stones as make the stones largest.
    best = max(range(1, 4), key=lambda rows: min(height // rows, room // math.ceil(start / rows)))
    per_row = math.ceil(start / best)
    size = max(3, min(height // best, room // per_row))
    rgb = np.empty((height, pixels, 3))
    rgb[...] = PAPER
    top0 = (height - best * size) // 2
    for i in range(start):
        r, c = divmod(i, per_row)
        top, left = top0 + r * size, c * size
        if i < pile:
            tile = _blend(PAPER, STONE, _shape("stone", size))
        else:
            tile = _blend(PAPER, TAKEN, _shape("outline", size))
        rgb[top : top + size, left : left + size] = tile
    rgb[:, pixels - die :] = _die(picture.roll, die)
    return rgb


@lru_cache(maxsize=64)
def _die(face: int | None, size: int) -> np.ndarray:
    """A die, ``size`` pixels square: a dark outline, and ``face`` pips (blank if ``None``)."""
    x, y, _ = _distances(size)
    edge = max(0.12, 2.0 / size)
    square = (abs(x) <= 0.94) & (abs(y) <= 0.94)
    inner = (abs(x) <= 0.94 - edge) & (abs(y) <= 0.94 - edge)
    face_colour = DIE_BLANK if face is None else PAPER
    tile = _blend(PAPER, face_colour, _coverage(size, inner))
    tile = _blend(tile, X_COLOUR, _coverage(size, square & ~inner))
    if face:
        pips = np.zeros_like(x, dtype=bool)
        radius = max(0.13, 1.6 / size) if face <= 9 else 0.08
        for px, py in _pip_places(face):
            pips |= np.hypot(x - px, y - py) <= radius
        tile = _blend(tile, X_COLOUR, _coverage(size, pips))
    return tile


def _pip_places(face: int) -> list:
    """Where a die's pips go, as on a real die up to 6, then on a grid."""
    a = 0.5
    places: dict[int, list] = {
        1: [(0, 0)],
        2: [(-a, -a), (a, a)],
        3: [(-a, -a), (0, 0), (a, a)],
        4: [(-a, -a), (a, -a), (-a, a), (a, a)],
        5: [(-a, -a), (a, -a), (0, 0), (-a, a), (a, a)],
        6: [(-a, -a), (a, -a), (-a, 0), (a, 0), (-a, a), (a, a)],
    }
    if face in places:
        return places[face]
    side = math.ceil(math.sqrt(face))
    step = 1.3 / max(1, side - 1)
    return [(-0.65 + (i % side) * step, -0.65 + (i // side) * step) for i in range(face)]
