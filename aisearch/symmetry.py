"""Symmetry: positions that are the same game seen from another side.

Turn a tic-tac-toe board a quarter round, or look at it in a mirror, and
nothing about the game changes: the value is the same, and the best move is
the old best move turned the same way. A square board has 8 such symmetries
(the identity, three rotations, four reflections); a Connect Four board,
where gravity fixes which way is down, has 2 (the identity and the mirror).

A search can use this by filing every position under one *canonical* member
of its family: ``canonical(game, state)`` transforms the state every way the
game allows and keeps the smallest result, so all 8 turned and mirrored
copies of a board share one key. A best action stored under the key is
mapped back to the real board with the inverse transform.

A game offers symmetry through four optional members (the protocol that
``canonical``, the counting functions and the searches' ``symmetry=True``
use):

``game.symmetries``
    a tuple of transform names, the first being ``"identity"``;
``game.transform(state, name)``
    the state with its board transformed by ``name``;
``game.transform_action(action, name)``
    where ``action`` goes when the board is transformed by ``name``;
``game.inverse(name)``
    the transform that undoes ``name``.

For square boards this module provides the transforms themselves, as index
permutations of the n x n cells (read row by row): ``perm[i]`` is the cell
that the contents of cell ``i`` move to.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .game import require_symmetry  # noqa: F401  (re-exported: its first home)

Permutation = tuple[int, ...]
"""``perm[i]``: the cell the contents of cell ``i`` move to (cells row by row)."""

SQUARE_SYMMETRIES = (
    "identity",
    "rotate90",
    "rotate180",
    "rotate270",
    "flip_rows",
    "flip_columns",
    "transpose",
    "antitranspose",
)
"""The 8 symmetries of a square board. ``rotate90`` turns it a quarter
clockwise; ``flip_rows`` swaps top and bottom (a mirror along the middle
row), ``flip_columns`` swaps left and right; ``transpose`` mirrors along the
main diagonal (top-left to bottom-right), ``antitranspose`` along the other."""

_CELL_MAPS = {
    # (row, col) -> (row, col) on an n x n board, with m = n - 1.
    "identity": lambda r, c, m: (r, c),
    "rotate90": lambda r, c, m: (c, m - r),
    "rotate180": lambda r, c, m: (m - r, m - c),
    "rotate270": lambda r, c, m: (m - c, r),
    "flip_rows": lambda r, c, m: (m - r, c),
    "flip_columns": lambda r, c, m: (r, m - c),
    "transpose": lambda r, c, m: (c, r),
    "antitranspose": lambda r, c, m: (m - c, m - r),
}


def square_permutation(name: str, n: int) -> Permutation:
    """The permutation of an ``n`` x ``n`` board's cells that ``name`` makes.

    >>> square_permutation("rotate90", 3)  # the top-left corner goes top-right
    (2, 5, 8, 1, 4, 7, 0, 3, 6)
    """
    if name not in _CELL_MAPS:
        raise ValueError(f"unknown symmetry {name!r}: choose one of {SQUARE_SYMMETRIES}")
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise ValueError(f"board side must be a whole number >= 1, got {n!r}")
    cell_map = _CELL_MAPS[name]
    m = n - 1
    out = []
    for i in range(n * n):
        r, c = cell_map(i // n, i % n, m)
        out.append(r * n + c)
    return tuple(out)


def square_symmetries(n: int) -> dict[str, Permutation]:
    """All 8 symmetries of an ``n`` x ``n`` board, name -> permutation, identity first."""
    return {name: square_permutation(name, n) for name in SQUARE_SYMMETRIES}


def compose(first: Permutation, then: Permutation) -> Permutation:
    """The permutation that applies ``first`` and then ``then``.

    >>> r90 = square_permutation("rotate90", 3)
    >>> compose(r90, r90) == square_permutation("rotate180", 3)
    True
    """
    if len(first) != len(then):
        raise ValueError(f"cannot compose permutations of {len(first)} and {len(then)} cells")
    return tuple(then[j] for j in first)


def invert(perm: Permutation) -> Permutation:
    """The permutation that undoes ``perm``.

    >>> invert(square_permutation("rotate90", 3)) == square_permutation("rotate270", 3)
    True
    """
    out = [0] * len(perm)
    for i, j in enumerate(perm):
        out[j] = i
    return tuple(out)


def name_of(perm: Permutation, n: int) -> str:
    """The name of a square board's symmetry, given as a permutation."""
    for name, p in square_symmetries(n).items():
        if p == perm:
            return name
    raise ValueError(f"{perm!r} is not one of the 8 symmetries of a {n}x{n} board")


def permute(cells: Sequence, perm: Permutation) -> list:
    """The board ``cells`` (one entry per cell) after moving cell ``i`` to ``perm[i]``.

    >>> "".join(permute("X........", square_permutation("rotate90", 3)))
    '..X......'
    """
    if len(cells) != len(perm):
        raise ValueError(f"a board of {len(cells)} cells cannot take a permutation of {len(perm)}")
    out: list[Any] = [None] * len(perm)
    for i, j in enumerate(perm):
        out[j] = cells[i]
    return out


def canonical(game, state) -> tuple[Any, str]:
    """``(key, transform)``: the smallest of the state's symmetric copies, and how to get it.

    ``key == game.transform(state, transform)``; every symmetric copy of
    ``state`` has the same key. Ties go to the first transform in
    ``game.symmetries``. States must be comparable with ``<`` (strings,
    numbers, tuples of them).

    Raises:
        ValueError: if the game offers no symmetries.

    >>> from aisearch.games import TicTacToe
    >>> canonical(TicTacToe(), "..X......")  # X in the top-right corner
    ('........X', 'rotate90')
    """
    names = require_symmetry(game)
    transform = game.transform
    key, best = state, names[0]
    for name in names[1:]:
        other = transform(state, name)
        if other < key:
            key, best = other, name
    return key, best


def action_to_canonical(game, action, transform: str):
    """The action in the canonical board's frame, for storing under the key."""
    return game.transform_action(action, transform)


def action_from_canonical(game, action, transform: str):
    """An action stored under a canonical key, mapped back to the real board.

    ``transform`` is the one ``canonical`` returned for the real state; the
    stored action is moved by its inverse.

    >>> from aisearch.games import TicTacToe
    >>> game = TicTacToe()
    >>> key, t = canonical(game, "..X......")
    >>> stored = action_to_canonical(game, (1, 1), t)
    >>> action_from_canonical(game, stored, t)
    (1, 1)
    """
    return game.transform_action(action, game.inverse(transform))
