"""2048 on a tiny board: one player against the random placement of tiles.

2048 (Gabriele Cirulli, 2014) is played on a grid of numbered tiles. The
player slides all the tiles up, down, left or right; two equal tiles that
meet merge into one tile of their sum, and a tile that is the product of a
merge does not merge again in the same slide. A slide is legal only if it
changes the board. After every slide a new tile appears in an empty cell,
chosen uniformly at random: a 2 with probability 0.9, a 4 with probability
0.1. The game starts with two such tiles on an empty board. These are the
rules of the original game (its ``game_manager.js``: ``startTiles = 2``,
``Math.random() < 0.9 ? 2 : 4`` in a random available cell).

Here the board is ``size`` by ``size`` and the game is won when a tile
reaches ``target``; that makes it a one-player game with chance, the
smallest setting for expectimax: the player's nodes maximise, the chance
nodes average, and there is no opponent. The one player is ``"player"``.

Utilities: +1 when the target tile appears, -1 when no slide is possible
(the original's "Game over!"), 0 when the game is stopped by ``max_moves``
(slides made) before either. So a search's value is the probability of
reaching the target minus that of getting stuck; with no move limit every
game ends one way or the other, and a value ``v`` means a chance of
``(1 + v) / 2`` of reaching the target. Every turn adds 2 or 4 to the sum of
the tiles, so the game has no cycles and always ends.

A state is a ``Mini2048State(board, to_place, moves)``: the board as a tuple
of rows, each a tuple of tiles, 0 for an empty cell; how many tiles are
still to be placed before the player slides (2 at the start, 1 after a
slide, 0 on the player's turn); and the number of slides made. A state with
``to_place > 0`` is a chance state (``to_move`` answers
``aisearch.game.CHANCE``), whose outcomes are ``((row, col), tile)``: cells
in row-major order, and for each the 2 before the 4. The player's actions
are the legal slides among ``"up", "down", "left", "right"``, in that order.

Sizes, from ``aisearch.count_positions`` and ``count_tree_nodes``: on the 2x2
board there are 369 positions for the target 8 and 1,393 for 16, but the
tree for 16 has 12,011,577 nodes, because the same positions recur under
many orders of tiles. So a search to the end needs a table of positions
(the values: 1 for the target 8, always reached; 0.925 for 16, a 96% chance;
-0.834 for 32, an 8% chance). On 3x3 a depth-limited expectimax 5 levels
deep visits about 8,000 nodes.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from ..game import CHANCE, ChanceGame

PLAYER = "player"
SLIDES = ("up", "down", "left", "right")
NEW_TILES = ((2, 0.9), (4, 0.1))
"""The tiles a chance node places, with their probabilities (as in the original)."""

Row = tuple[int, ...]
Board = tuple[Row, ...]  # a tuple of rows, each a tuple of ints, 0 for an empty cell
Cell = tuple[int, int]
Placement = tuple[Cell, int]
"""A chance outcome: the ``(row, col)`` where a new tile goes, and the tile."""
Mini2048Action = str | Placement
"""An action: a slide or, at a chance state, a placement."""


class Mini2048State(NamedTuple):
    """The board (rows of tiles, 0 empty), tiles still to place, slides made."""

    board: Board
    to_place: int = 0
    moves: int = 0


def slide_row(row: Row) -> Row:
    """Slide one row to the left, merging equal neighbours once each.

    >>> slide_row((2, 2, 2, 0)), slide_row((4, 4, 8, 8)), slide_row((0, 2, 0, 2))
    ((4, 2, 0, 0), (8, 16, 0, 0), (4, 0, 0, 0))
    """
    tiles = [t for t in row if t]
    merged = []
    i = 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
            merged.append(2 * tiles[i])
            i += 2
        else:
            merged.append(tiles[i])
            i += 1
    return tuple(merged) + (0,) * (len(row) - len(merged))


def _transpose(board: Board) -> Board:
    return tuple(zip(*board, strict=True))


def slide(board: Board, direction: str) -> Board:
    """The board after sliding every tile towards ``direction``.

    >>> slide(((2, 0), (2, 4)), "up")
    ((4, 4), (0, 0))
    """
    if direction == "left":
        return tuple(slide_row(row) for row in board)
    if direction == "right":
        return tuple(slide_row(row[::-1])[::-1] for row in board)
    if direction == "up":
        return _transpose(slide(_transpose(board), "left"))
    if direction == "down":
        return _transpose(slide(_transpose(board), "right"))
    raise ValueError(f"{direction!r} is not a slide: use one of {', '.join(SLIDES)}")


@lru_cache(maxsize=1 << 16)
def legal_slides(board: Board) -> dict[str, Board]:
    """``{direction: board after}`` for the slides that change ``board``, in order.

    Remembered (for the last 65,536 boards): a search asks ``is_terminal``,
    ``actions`` and ``result`` of the same board, and each needs the slides.
    Treat the dictionary as read-only.

    >>> legal_slides(((2, 0), (2, 4)))
    {'up': ((4, 4), (0, 0)), 'down': ((0, 0), (4, 4)), 'right': ((0, 2), (2, 4))}
    """
    legal = {}
    for direction in SLIDES:
        after = slide(board, direction)
        if after != board:
            legal[direction] = after
    return legal


def _is_whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


class Mini2048(ChanceGame[Mini2048State, Mini2048Action, str]):
    """2048 on a ``size`` x ``size`` board, won by making a ``target`` tile.

    >>> game = Mini2048(size=2, target=16)
    >>> s = game.from_rows("2 .", "2 4")
    >>> game.to_move(s), game.actions(s)
    ('player', ('up', 'down', 'right'))
    >>> s = game.result(s, "up")
    >>> s
    Mini2048State(board=((4, 4), (0, 0)), to_place=1, moves=1)
    >>> game.to_move(s), game.chance_outcomes(s)[:2]
    ('chance', ((((1, 0), 2), 0.45), (((1, 0), 4), 0.05)))
    >>> print(game.render(game.result(s, ((1, 1), 2))))
    4 4
    . 2
    """

    players = (PLAYER,)

    def __init__(self, size: int = 2, target: int = 16, max_moves: int | None = None) -> None:
        if not _is_whole(size) or size < 2:
            raise ValueError(f"size must be a whole number >= 2, got {size!r}")
        if not _is_whole(target) or target < 8 or target & (target - 1):
            raise ValueError(f"target must be a power of two >= 8, got {target!r}")
        if max_moves is not None and (not _is_whole(max_moves) or max_moves < 1):
            raise ValueError(f"max_moves must be None or a whole number >= 1, got {max_moves!r}")
        self.size = size
        self.target = target
        self.max_moves = max_moves

    def is_state(self, state: object) -> bool:
        """Whether ``state`` is a ``Mini2048State`` (the searches refuse anything else)."""
        return isinstance(state, Mini2048State)

    def __repr__(self) -> str:
        return f"Mini2048(size={self.size}, target={self.target}, max_moves={self.max_moves})"

    # The six parts of a game, and the chance outcomes -------------------------

    def initial_state(self) -> Mini2048State:
        """An empty board on which two tiles are about to be placed."""
        empty = ((0,) * self.size,) * self.size
        return Mini2048State(empty, 2, 0)

    def to_move(self, state: Mini2048State) -> str:
        """``CHANCE`` while tiles are to be placed, else ``"player"``."""
        return CHANCE if state.to_place else PLAYER

    def actions(self, state: Mini2048State) -> tuple[Mini2048Action, ...]:
        """The outcomes at a chance state; else the slides that change the board."""
        if self.is_terminal(state):
            return ()
        if state.to_place:
            return tuple(outcome for outcome, _ in self.chance_outcomes(state))
        return tuple(self._legal_slides(state.board))

    def chance_outcomes(self, state: Mini2048State) -> tuple[tuple[Placement, float], ...]:
        """``(((row, col), tile), probability)`` for every empty cell and tile 2, 4.

        A cell is chosen uniformly among the empty ones, then the tile is a 2
        with probability 0.9 or a 4 with 0.1.

        Raises:
            ValueError: ``state`` is not a chance state.
        """
        if not state.to_place or self._is_over(state):
            raise ValueError(f"{state!r} is not a chance state: no tile is to be placed")
        empty = self._empty_cells(state.board)
        return tuple(((cell, tile), p / len(empty)) for cell in empty for tile, p in NEW_TILES)

    def result(self, state: Mini2048State, action: Mini2048Action) -> Mini2048State:
        """The state after placing a tile (at a chance state) or sliding.

        Raises:
            ValueError: naming the action and the state, for a slide while a
                tile is to be placed, a placement on the player's turn, an
                occupied or unknown cell, a tile other than 2 or 4, or a slide
                that does not change the board.
        """
        board, to_place, moves = state
        if self._is_over(state):
            raise ValueError(f"no move {action!r} in {state!r}: the game is over")
        if to_place:
            return self._place(state, action)
        if action in SLIDES:
            after = self._legal_slides(board).get(action)
            if after is None:
                raise ValueError(
                    f"illegal slide {action!r} in {state!r}: it does not change the board"
                )
            placing = 0 if self._wins(after) or moves + 1 == self.max_moves else 1
            return Mini2048State(after, placing, moves + 1)
        if isinstance(action, tuple) and len(action) == 2:
            raise ValueError(
                f"{action!r} places a tile, but it is the player's turn in {state!r}: "
                f"slide one of {', '.join(SLIDES)}"
            )
        raise ValueError(f"{action!r} is not a slide: use one of {', '.join(SLIDES)}")

    def is_terminal(self, state: Mini2048State) -> bool:
        """True when the target is reached, the move limit is hit, or no slide is legal."""
        return self._is_over(state) or (not state.to_place and not self._legal_slides(state.board))

    def utility(self, state: Mini2048State, player: str = PLAYER) -> int:
        """+1 with the target on the board, -1 stuck, 0 otherwise (limit hit, or not over).

        Raises:
            ValueError: ``player`` is not ``"player"`` (a one-player game).
        """
        self._check_player(player)
        if self._wins(state.board):
            return 1
        if not state.to_place and not self._legal_slides(state.board):
            return -1
        return 0

    def evaluate(self, state: Mini2048State, player: str = PLAYER) -> float:
        """A heuristic value, strictly between -1 and +1: progress and room.

        The average of two shares, each between 0 and 1, mapped to -0.9 ..
        0.9: how far the largest tile is towards the target, counted in
        doublings (a 4 is halfway to 16), and the fraction of empty cells.

        >>> game = Mini2048(size=2, target=16)
        >>> game.evaluate(game.from_rows("4 .", ". ."), "player")  # 0.9 * (2/4 + 3/4 - 1)
        0.225
        """
        self._check_player(player)
        cells = [t for row in state.board for t in row]
        doublings = max(cells).bit_length() - 1  # log2 of the largest tile; -1 if none
        progress = min(max(doublings, 0) / (self.target.bit_length() - 1), 1.0)
        room = cells.count(0) / len(cells)
        # 0.9 * (2 * mean - 1) for the mean of the two shares. It never reaches
        # -0.9: progress is 0 only on an empty board, where room is 1.
        return 0.9 * (progress + room - 1)

    # Helpers ------------------------------------------------------------------

    def _check_player(self, player: object) -> None:
        if player != PLAYER:
            raise ValueError(
                f"Mini2048 is a one-player game: the only player is {PLAYER!r}, got {player!r}"
            )

    def _wins(self, board: Board) -> bool:
        return any(t >= self.target for row in board for t in row)

    def _is_over(self, state: Mini2048State) -> bool:
        """Over whatever the next move: the target is reached or the slides are used up."""
        return self._wins(state.board) or state.moves == self.max_moves

    def _legal_slides(self, board: Board) -> dict[str, Board]:
        return legal_slides(board)

    def _empty_cells(self, board: Board) -> list[Cell]:
        return [(r, c) for r, row in enumerate(board) for c, t in enumerate(row) if not t]

    def _place(self, state: Mini2048State, action: Any) -> Mini2048State:
        board, to_place, moves = state
        try:
            (r, c), tile = action
        except (TypeError, ValueError):
            raise ValueError(
                f"{action!r} is not a placement: {state!r} is a chance state, a tile is "
                "placed next, so the action is ((row, col), tile)"
            ) from None
        if tile not in (2, 4):
            raise ValueError(f"cannot place tile {tile!r} in {state!r}: new tiles are 2 or 4")
        if not (_is_whole(r) and _is_whole(c) and 0 <= r < self.size and 0 <= c < self.size):
            raise ValueError(
                f"{(r, c)!r} is not a cell of the {self.size}x{self.size} board: "
                f"use (row, col) with row, col in 0..{self.size - 1}"
            )
        if board[r][c]:
            raise ValueError(
                f"cannot place tile {tile} at {(r, c)!r} in {state!r}: the cell holds {board[r][c]}"
            )
        row = board[r][:c] + (tile,) + board[r][c + 1 :]
        return Mini2048State(board[:r] + (row,) + board[r + 1 :], to_place - 1, moves)

    # Reading and writing boards -------------------------------------------------

    def render(self, state: Mini2048State) -> str:
        """The board as lines of right-aligned tiles, ``.`` for empty; a note at a chance state."""
        width = max(len(str(t)) for row in state.board for t in row)
        lines = [" ".join((str(t) if t else ".").rjust(width) for t in row) for row in state.board]
        if state.to_place and not self._is_over(state):
            lines.append(f"({state.to_place} new tile{'s' if state.to_place > 1 else ''} to place)")
        return "\n".join(lines)

    def from_rows(self, *rows: str, moves: int = 0) -> Mini2048State:
        """The player's turn on a board given row by row, e.g. ``from_rows("2 .", "4 2")``.

        Tiles are separated by spaces; ``.`` or ``0`` marks an empty cell.

        Raises:
            ValueError: the wrong number of rows or cells, or a tile that is
                not a power of two >= 2.
        """
        if len(rows) != self.size:
            raise ValueError(
                f"give {self.size} rows for a {self.size}x{self.size} board, got {len(rows)}"
            )
        board: list[Row] = []
        for text in rows:
            cells = text.split()
            if len(cells) != self.size:
                raise ValueError(f"row {text!r} has {len(cells)} cells, not {self.size}")
            row = []
            for cell in cells:
                tile = 0 if cell == "." else int(cell) if cell.isdigit() else -1
                if tile and (tile < 2 or tile & (tile - 1)):
                    raise ValueError(
                        f"{cell!r} in row {text!r} is not a tile: use a power of two >= 2, or ."
                    )
                row.append(tile)
            board.append(tuple(row))
        return Mini2048State(tuple(board), 0, moves)
