"""Zobrist keys: a position's number, updated with two XORs per move.

A table of positions needs a number for each position, and recomputing it
from the whole board at every node would cost as much as the board is big.
Zobrist's trick (A. L. Zobrist, "A new hashing method with application for
game playing", Technical Report 88, University of Wisconsin, 1970): draw one
random number for every (cell, piece) pair and one for "the second player is
to move". A position's key is the XOR of the numbers of the pieces on the
board, and of the side number when the second player moves.

XOR is its own inverse and does not care about order, so a move changes the
key with two XORs: the new piece's number goes in, and the side number flips.
Undoing the move is the same two XORs again. Two boards reached by different
move orders get the same key, as a transposition table needs.

Different positions can get the same key (a collision) when the keys are
short: with ``n`` positions and ``2**bits`` possible keys, about
``n**2 / 2**(bits + 1)`` pairs collide (the birthday problem). A table that
trusts the key alone then confuses two positions; ``collision_rate`` measures
how often that happens at a given width.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Sequence
from typing import NamedTuple

from .game import optional
from .validation import require_seed

Key = int


class Zobrist:
    """A seeded table of random keys per (cell, piece) and for the side to move.

    Args:
        cells: the number of cells on the board.
        pieces: the pieces that can stand on a cell (e.g. ``("X", "O")``).
        bits: the width of the keys; each key is a random ``bits``-bit number.
        seed: the same seed draws the same table.
        empty: what an empty cell holds in a board given to ``key``.

    The side to move is keyed as "the second of ``pieces`` is to move":
    ``key(board, second_to_move=True)``.

    >>> z = Zobrist(9, ("X", "O"), bits=16, seed=1)
    >>> start = z.key(".........")
    >>> after = z.move(start, 4, "X")  # X in the centre: two XORs
    >>> after == z.key("....X....", second_to_move=True)
    True
    >>> z.move(after, 4, "X") == start  # the same two XORs undo it
    True
    """

    def __init__(
        self,
        cells: int,
        pieces: Sequence[Hashable],
        *,
        bits: int = 64,
        seed: int | None = 0,
        empty: Hashable = ".",
    ) -> None:
        if isinstance(cells, bool) or not isinstance(cells, int) or cells < 1:
            raise ValueError(f"cells must be a whole number >= 1, got {cells!r}")
        if isinstance(bits, bool) or not isinstance(bits, int) or not 1 <= bits <= 256:
            raise ValueError(f"bits must be a whole number from 1 to 256, got {bits!r}")
        given = pieces
        pieces = tuple(pieces) if isinstance(pieces, Iterable) else ()
        if not pieces or not all(isinstance(p, Hashable) for p in pieces):
            raise ValueError(
                f"pieces must be a sequence of hashable pieces, such as ('X', 'O'), got {given!r}"
            )
        require_seed(seed, "Zobrist")
        if not pieces or len(set(pieces)) != len(pieces) or empty in pieces:
            raise ValueError(
                f"pieces must be distinct and differ from empty={empty!r}, got {pieces!r}"
            )
        rng = random.Random(seed)
        self.cells, self.pieces, self.bits, self.empty = cells, pieces, bits, empty
        self.table: dict[tuple[int, Hashable], Key] = {
            (cell, piece): rng.getrandbits(bits) for cell in range(cells) for piece in pieces
        }
        self.side: Key = rng.getrandbits(bits)

    def __repr__(self) -> str:
        return f"Zobrist({self.cells}, {self.pieces!r}, bits={self.bits})"

    def piece_key(self, cell: int, piece: Hashable) -> Key:
        """The random number of ``piece`` on ``cell``."""
        try:
            return self.table[cell, piece]
        except KeyError:
            raise ValueError(
                f"no key for piece {piece!r} on cell {cell!r}: cells are 0..{self.cells - 1}, "
                f"pieces {self.pieces!r}"
            ) from None

    def key(self, board: Sequence, second_to_move: bool = False) -> Key:
        """The full computation: XOR of every piece's number, and the side's.

        ``board`` holds one entry per cell, ``empty`` for an empty cell.
        """
        if len(board) != self.cells:
            raise ValueError(f"board {board!r} has {len(board)} cells, not {self.cells}")
        key = self.side if second_to_move else 0
        for cell, piece in enumerate(board):
            if piece != self.empty:
                key ^= self.piece_key(cell, piece)
        return key

    def independent(self) -> bool:
        """Whether no XOR of some of the table's numbers gives 0 (linear independence).

        Then two different sets of pieces (with the side) never share a key:
        such a table has no collisions at all, whatever the positions.
        Impossible once there are more numbers than ``bits``.
        """
        basis: dict[int, int] = {}  # highest bit -> a reduced number with that top bit
        for number in (*self.table.values(), self.side):
            while number:
                top = number.bit_length() - 1
                if top not in basis:
                    basis[top] = number
                    break
                number ^= basis[top]
            else:
                return False
        return True

    def move(self, key: Key, cell: int, piece: Hashable) -> Key:
        """The key after ``piece`` is put on (or taken off) ``cell``: two XORs.

        The piece's number goes in (or out), and the side to move flips.
        """
        return key ^ self.piece_key(cell, piece) ^ self.side


def for_game(game, *, bits: int = 64, seed: int | None = 0) -> Zobrist:
    """A Zobrist table for a board game whose states are sequences of cells.

    The pieces are the game's ``players`` (the second is keyed as "to move"
    by the side number); the number of cells is that of the initial state.
    Tic-tac-toe fits: its state is a 9-character string of ``X``, ``O``, ``.``.
    """
    players = optional(game, "players")
    if not players or len(players) != 2:
        raise ValueError(f"{game!r} must name its two players in `players` for Zobrist keys")
    start = game.initial_state()
    if not isinstance(start, Sequence):
        raise ValueError(
            f"{game!r}: a state must be a sequence of cells for Zobrist keys, got {start!r}"
        )
    return Zobrist(len(start), players, bits=bits, seed=seed)


def state_key(zobrist: Zobrist, game, state) -> Key:
    """The full key of ``state``: its cells, and the side bit if the second player moves."""
    return zobrist.key(state, game.to_move(state) == zobrist.pieces[1])


class Collisions(NamedTuple):
    """How many of a set of positions share their key with another."""

    bits: int
    positions: int
    keys: int
    """Distinct keys among the positions."""
    collisions: int
    """``positions - keys``: positions that found their key already taken."""
    rate: float
    """``collisions / positions``."""
    expected: float
    """Collisions expected of random keys: ``n - m (1 - (1 - 1/m)**n)``, ``m = 2**bits``."""


def collision_rate(game, positions: Iterable, bits: int, *, seed: int | None = 0) -> Collisions:
    """Key every position with a seeded ``bits``-wide Zobrist table; count collisions.

    Args:
        game: a board game as ``for_game`` needs (tic-tac-toe).
        positions: distinct positions of the game.
        bits: the key width to try.
        seed: the table's seed.

    Raises:
        ValueError: if a position repeats, or the game does not fit ``for_game``.

    >>> from aisearch.games import TicTacToe
    >>> from aisearch.counting import reachable_positions
    >>> game = TicTacToe()
    >>> all_positions = reachable_positions(game)
    >>> collision_rate(game, all_positions, 64).collisions
    0
    >>> collision_rate(game, all_positions, 8).keys  # only 256 keys for 5,478 positions
    256
    """
    if isinstance(positions, str) or not isinstance(positions, Iterable):
        raise ValueError(
            f"collision_rate was given positions={positions!r}: positions must be a list of "
            f"states of {game!r}"
        )
    positions = list(positions)
    if len(set(positions)) != len(positions):
        raise ValueError("positions must be distinct: a repeated position is not a collision")
    table = for_game(game, bits=bits, seed=seed)
    keys = {state_key(table, game, p) for p in positions}
    n, m = len(positions), 2**bits
    # For wide keys (1 - 1/m)**n rounds to 1: use the pair count n(n-1)/2m instead.
    expected = n - m * (1 - (1 - 1 / m) ** n) if bits <= 40 else n * (n - 1) / (2 * m)
    collisions = n - len(keys)
    return Collisions(bits, n, len(keys), collisions, collisions / n if n else 0.0, expected)
