"""Connect Four on bitboards: the rules, and nothing of the solver.

**The board as two integers.** Number the cells column by column, from the
bottom, with one spare bit on top of every column (the layout of John Tromp's
and Pascal Pons' solvers)::

    .  .  .  .  .  .  .      <- spare row, always empty
    5 12 19 26 33 40 47
    4 11 18 25 32 39 46
    3 10 17 24 31 38 45
    2  9 16 23 30 37 44
    1  8 15 22 29 36 43
    0  7 14 21 28 35 42

A state holds ``mask``, the cells that hold a stone, and ``position``, the
stones of the player to move; the opponent's stones are ``position ^ mask``.
It also keeps the number of stones, ``moves``, and ``won``, whether the last
stone made four in a row: worked out once when the stone drops, so that
``is_terminal`` and ``utility`` are look-ups (a search asks them at every
node), and a move's legality is one bit test (is the column's top cell empty?).
Dropping a stone in a column is one addition: ``mask + bottom`` carries the
column's lowest empty bit into place. Four in a row is two shifts and two
ANDs per direction: ``m = bits & (bits >> s)`` keeps the stones whose
neighbour at distance ``s`` is also a stone, and ``m & (m >> 2 * s)`` the
stones that start four; ``s`` is 1 (vertical), ``height + 1`` (horizontal),
``height`` and ``height + 2`` (the two diagonals). The spare bit stops a line
from wrapping from the top of one column to the bottom of the next.

The solver (Pons' ladder of ideas, the score, ``solve``) is a search, and lives
with the searches in ``aisearch.connect4_solver``; this module only knows the
game.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import NamedTuple

from ..game import Game, Picture

Bitboard = int
"""An int whose bit ``column * (height + 1) + row`` stands for a cell."""

PLAYERS = ("X", "O")
MIN_SIZE = 4


class C4State(NamedTuple):
    """A Connect Four position: the mover's stones, all stones, how many, and
    whether the last stone made four in a row.

    ``won`` is worked out once, when the stone is dropped (``ConnectFour.play``),
    so that asking whether the game is over, which a search does several times
    a node, costs nothing.
    """

    position: Bitboard
    mask: Bitboard
    moves: int
    won: bool = False


_new_state = tuple.__new__


class ConnectFour(Game[C4State, int, str]):
    """Connect Four on a ``width`` x ``height`` board, on bitboards.

    Players are ``"X"`` (moves first) and ``"O"``. Actions are 0-based column
    indices, left to right; ``from_moves`` reads the usual 1-based notation.
    The utility is +1 for a win, -1 for a loss, 0 for a draw (and for a game
    not over). Both sides need at least 4 cells, or four in a row could only
    be made one way.

    >>> game = ConnectFour()
    >>> state = game.from_moves("4455")
    >>> game.to_move(state), game.actions(state)
    ('X', (0, 1, 2, 3, 4, 5, 6))
    >>> print(game.render(state))
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . . . . .
    . . . O O . .
    . . . X X . .
    1 2 3 4 5 6 7
    """

    players = PLAYERS
    zero_sum = True
    """One player's win is the other's loss: ``utility`` is +1 against -1, or 0."""
    symmetries = ("identity", "mirror")

    def __init__(self, width: int = 7, height: int = 6) -> None:
        for name, size in (("width", width), ("height", height)):
            if isinstance(size, bool) or not isinstance(size, int) or size < MIN_SIZE:
                raise ValueError(
                    f"{name} must be a whole number >= {MIN_SIZE} "
                    f"(a line of four must fit), got {size!r}"
                )
        self.width, self.height = width, height
        self.cells = width * height
        column = (1 << height) - 1
        self.bottom = sum(1 << (c * (height + 1)) for c in range(width))
        self.board_mask = self.bottom * column
        self.column_masks = tuple(column << (c * (height + 1)) for c in range(width))
        self.bottom_masks = tuple(1 << (c * (height + 1)) for c in range(width))
        self.top_masks = tuple(1 << (height - 1 + c * (height + 1)) for c in range(width))
        self.columns = tuple(range(width))
        # Which columns are open depends only on the top row: the tuple of open
        # columns for each of its 2 ** width fillings, looked up by its bits.
        self.top_row = sum(self.top_masks)
        self.open_columns = {
            sum(self.top_masks[c] for c in full): tuple(c for c in self.columns if c not in full)
            for n in range(width + 1)
            for full in itertools.combinations(self.columns, n)
        }
        self.shifts = (1, height + 1, height, height + 2)

    def is_state(self, state: object) -> bool:
        """Whether ``state`` is a position of this board (``check_state`` passes):
        every search checks its starting state so, once, and ``result`` then
        needs only the move's own test."""
        try:
            self.check_state(state)
        except ValueError:
            return False
        return True

    def __repr__(self) -> str:
        return f"ConnectFour(width={self.width}, height={self.height})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ConnectFour) and (other.width, other.height) == (
            self.width,
            self.height,
        )

    def __hash__(self) -> int:
        return hash((ConnectFour, self.width, self.height))

    # The six parts of a game ------------------------------------------------------

    def initial_state(self) -> C4State:
        return C4State(0, 0, 0)

    def to_move(self, state: C4State) -> str:
        """``"X"`` after an even number of stones, else ``"O"``."""
        return PLAYERS[state.moves & 1]

    def actions(self, state: C4State) -> tuple[int, ...]:
        """The columns that are not full, left to right; none once the game is over."""
        if state.won or state.moves == self.cells:
            return ()
        return self.open_columns[state.mask & self.top_row]

    def result(self, state: C4State, action: int) -> C4State:
        """The position after the player to move drops a stone in column ``action``.

        A move is legal when the game is not over and the column's top cell is
        empty: one bit test, once ``action`` is known to be a column.
        """
        legal = (
            isinstance(state, C4State)
            and type(action) is int
            and 0 <= action < self.width
            and not (state.won or state.mask & self.top_masks[action])
        )
        if not legal:
            self._check_move(state, action)  # raises, saying why
        return self.play(state, action)

    def is_terminal(self, state: C4State) -> bool:
        """True when the last stone made four in a row, or the board is full."""
        return state.won or state.moves == self.cells

    def utility(self, state: C4State, player: str) -> int:
        """+1 if ``player`` has four in a row, -1 if the opponent has, else 0."""
        if player not in PLAYERS:
            raise ValueError(f"player must be 'X' or 'O', got {player!r}")
        if not state.won:
            return 0
        last = PLAYERS[(state.moves - 1) & 1]
        return 1 if player == last else -1

    # Bitboard operations (no checks: the solver calls these) --------------------

    def play(self, state: C4State, column: int) -> C4State:
        """Drop a stone in ``column``, unchecked: the next player's view."""
        position, mask, moves, _ = state
        after = mask | (mask + self.bottom_masks[column])
        mover = position | (after ^ mask)  # the mover's stones, the new one included
        # tuple.__new__ builds the same C4State in half the time of C4State(...),
        # which goes through NamedTuple's argument handling: this runs once a node.
        return _new_state(C4State, (position ^ mask, after, moves + 1, self.has_four(mover)))

    def has_four(self, bits: Bitboard) -> bool:
        """Whether the stones ``bits`` hold four in a row, in any of the four directions."""
        for shift in self.shifts:
            pairs = bits & (bits >> shift)
            if pairs & (pairs >> (2 * shift)):
                return True
        return False

    def shifts_finding_four(self, bits: Bitboard) -> tuple[int, ...]:
        """The shifts of ``self.shifts`` at which the stones ``bits`` hold four in a row.

        The same two shifts and two ANDs as ``has_four``, kept apart from it
        because ``has_four`` runs at every node and stops at the first four;
        this one names every direction that holds one (notebook 06 prints it).

        >>> board = ConnectFour(7, 6)
        >>> board.shifts_finding_four(sum(board.cell(c, 0) for c in range(4)))
        (7,)
        """
        found = []
        for shift in self.shifts:
            pairs = bits & (bits >> shift)
            if pairs & (pairs >> (2 * shift)):
                found.append(shift)
        return tuple(found)

    def winning_spots(self, bits: Bitboard, mask: Bitboard) -> Bitboard:
        """The empty cells (playable or not) where a stone would give ``bits`` four.

        For each direction, three stones in a row with the cell after them, or
        before them, or a gap inside them, are found with shifts and ANDs.
        """
        # Vertical: only the cell on top of three stones.
        spots = (bits << 1) & (bits << 2) & (bits << 3)
        for s in self.shifts[1:]:
            pair = (bits << s) & (bits << (2 * s))
            spots |= pair & (bits << (3 * s))  # three to the left (or below)
            spots |= pair & (bits >> s)  # gap: two left, one right
            pair = (bits >> s) & (bits >> (2 * s))
            spots |= pair & (bits << s)  # gap: one left, two right
            spots |= pair & (bits >> (3 * s))  # three to the right
        return spots & (self.board_mask ^ mask)

    def playable(self, mask: Bitboard) -> Bitboard:
        """One bit per column that is not full: the cell a stone would land in."""
        return (mask + self.bottom) & self.board_mask

    # Reading, writing and drawing positions -----------------------------------------

    def from_moves(self, moves: str | Sequence[int]) -> C4State:
        """The position after ``moves``: a string of 1-based columns such as ``"4455"``.

        A list of 1-based column numbers works too (for boards wider than 9).

        Raises:
            ValueError: naming the move, for a character that is not a digit, a
                column out of range, a full column, or a move after the game ended.

        >>> ConnectFour().from_moves("4455").moves
        4
        >>> ConnectFour().from_moves("448")
        Traceback (most recent call last):
        ...
        ValueError: move 3 of '448': column 8 is out of range 1..7
        """
        state = self.initial_state()
        for i, move in enumerate(moves, start=1):
            if isinstance(move, str):
                if not (len(move) == 1 and move in "0123456789"):
                    raise ValueError(
                        f"move {i} of {moves!r}: {move!r} is not a digit; "
                        "write columns as 1-based digits, e.g. '4455'"
                    )
                move = int(move)
            if isinstance(move, bool) or not isinstance(move, int) or not 1 <= move <= self.width:
                raise ValueError(
                    f"move {i} of {moves!r}: column {move!r} is out of range 1..{self.width}"
                )
            try:
                self._check_move(state, move - 1)
            except ValueError as error:
                raise ValueError(f"move {i} of {moves!r}: {error}") from None
            state = self.play(state, move - 1)
        return state

    def check_state(self, state: object) -> C4State:
        """Return ``state`` if it is a ``C4State`` that fits this board, else raise."""
        if not isinstance(state, C4State):
            raise ValueError(
                f"{state!r} is not a Connect Four state (a C4State): "
                "use game.initial_state() or game.from_moves('4455')"
            )
        position, mask, moves, won = state
        # Stones inside the board, stacked from the bottom (adding one bit per
        # column then carries past every stone), as many as the moves, the
        # mover holding half of them (rounded down), and ``won`` true exactly
        # when the player who moved last has four in a row.
        if (
            mask & ~self.board_mask
            or position & ~mask
            or mask.bit_count() != moves
            or (mask + self.bottom) & mask
            or position.bit_count() != moves // 2
            or won != self.has_four(position ^ mask)
        ):
            raise ValueError(
                f"{state!r} is not a position of {self!r}: build positions with "
                "from_moves or result, which work out every field"
            )
        return state

    def _check_move(self, state: C4State, column: object) -> None:
        """Refuse an illegal move: a few bit tests, no more (a search checked its
        starting state whole, with ``is_state``, and ``result`` only makes good ones)."""
        if not isinstance(state, C4State):
            self.check_state(state)  # raises, naming what a state is
        if isinstance(column, bool) or not isinstance(column, int) or not 0 <= column < self.width:
            raise ValueError(
                f"column {column!r} is not a column of {self!r}: use 0..{self.width - 1}"
            )
        if self.is_terminal(state):
            raise ValueError(f"no move in column {column + 1} (1-based): the game is over")
        if state.mask & self.top_masks[column]:
            raise ValueError(f"column {column + 1} (1-based) is full")

    def stones(self, state: C4State) -> dict[str, Bitboard]:
        """``{"X": bits, "O": bits}``: each player's stones."""
        mover, other = state.position, state.position ^ state.mask
        if state.moves & 1:
            mover, other = other, mover
        return {"X": mover, "O": other}

    def cell(self, column: int, row: int) -> Bitboard:
        """The bit of the cell in ``column`` and ``row`` (both 0-based, row 0 at the bottom)."""
        return 1 << (column * (self.height + 1) + row)

    def grid(self, state: C4State) -> list[list[str]]:
        """Rows of ``"X"``, ``"O"`` and ``"."``, top row first."""
        stones = self.stones(self.check_state(state))
        rows = []
        for row in reversed(range(self.height)):
            line = []
            for column in range(self.width):
                bit = self.cell(column, row)
                line.append("X" if stones["X"] & bit else "O" if stones["O"] & bit else ".")
            rows.append(line)
        return rows

    def picture(self, state: C4State, action: int | None = None) -> Picture:
        """The board as ``aisearch.viz.glyphs`` draws it: rows of ``X``, ``O``
        and ``.``, top row first; ``action``, the column of the stone that led
        to ``state``, marks that stone (the top one of its column) as the last.

        >>> game = ConnectFour(4, 4)
        >>> game.picture(game.from_moves("121"), action=0)
        Picture(rows=('....', '....', 'X...', 'XO..'), kind='columns', last=(2, 0), to_move=None, pile=None, start=None, roll=None, die=None)
        """
        rows = tuple("".join(row) for row in self.grid(state))
        last = None
        if action is not None:
            if (
                isinstance(action, bool)
                or not isinstance(action, int)
                or not 0 <= action < self.width
            ):
                raise ValueError(
                    f"column {action!r} is not a column of {self!r}: use 0..{self.width - 1}"
                )
            stones = (state.mask & self.column_masks[action]).bit_count()
            if not stones:
                raise ValueError(
                    f"column {action + 1} (1-based) is empty: no stone of it led to this position"
                )
            last = (self.height - stones, action)
        return Picture(rows, "columns", last=last)

    def move_name(self, action: int) -> str:
        """A column as the board's buttons name it, counted from 1.

        >>> ConnectFour().move_name(0)
        'column 1'
        """
        return f"column {action + 1}"

    def render(self, state: C4State) -> str:
        """The board as text, top row first, with the 1-based column numbers below."""
        lines = [" ".join(row) for row in self.grid(state)]
        lines.append(" ".join(str((c + 1) % 10) for c in range(self.width)))
        return "\n".join(lines)

    def winner(self, state: C4State) -> str | None:
        """``"X"``, ``"O"`` or ``None``."""
        self.check_state(state)
        if state.won:
            return PLAYERS[(state.moves - 1) & 1]
        return None

    # Symmetry: the mirror image left to right ----------------------------------------

    def transform(self, state: C4State, name: str) -> C4State:
        """``state`` under the symmetry ``name``: ``"identity"`` or ``"mirror"``."""
        if name == "identity":
            return state
        if name != "mirror":
            raise ValueError(f"unknown symmetry {name!r}: use one of {self.symmetries}")
        return state._replace(position=self._mirror(state.position), mask=self._mirror(state.mask))

    def transform_action(self, action: int, name: str) -> int:
        """Where column ``action`` goes under the symmetry ``name``."""
        if name == "identity":
            return action
        if name != "mirror":
            raise ValueError(f"unknown symmetry {name!r}: use one of {self.symmetries}")
        return self.width - 1 - action

    def inverse(self, name: str) -> str:
        """The symmetry that undoes ``name`` (both are their own inverse)."""
        if name not in self.symmetries:
            raise ValueError(f"unknown symmetry {name!r}: use one of {self.symmetries}")
        return name

    def _mirror(self, bits: Bitboard) -> Bitboard:
        size, column = self.height + 1, (1 << (self.height + 1)) - 1
        mirrored = 0
        for c in range(self.width):
            mirrored |= ((bits >> (c * size)) & column) << ((self.width - 1 - c) * size)
        return mirrored

    # Play -----------------------------------------------------------------------------

    def random_positions(self, stones: int, count: int, seed: int | None = 0) -> list[C4State]:
        """``count`` different positions after ``stones`` random moves, from one seed.

        Each is played by uniformly random moves; a game that ends first, or a
        position where the player to move can win at once, is played again, so
        that every position is worth solving.

        >>> game = ConnectFour()
        >>> [s.moves for s in game.random_positions(20, 3, seed=1)]
        [20, 20, 20]
        """
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise ValueError(f"count must be a whole number >= 0, got {count!r}")
        rng = random.Random(seed)
        found: dict[C4State, None] = {}
        while len(found) < count:
            state = self.random_position(stones, rng)
            found.setdefault(state, None)
        return list(found)

    def random_position(
        self, stones: int, seed: int | random.Random | None = None, *, unfinished: bool = True
    ) -> C4State:
        """A position after ``stones`` uniformly random moves (``seed``: an int, or a
        ``random.Random`` to draw from).

        With ``unfinished`` (the default), games that end before, or positions in
        which the player to move can win at once, are replayed with the same
        generator until one is not, so the position is worth solving.
        """
        if isinstance(stones, bool) or not isinstance(stones, int) or not 0 <= stones < self.cells:
            raise ValueError(
                f"stones must be a whole number in 0..{self.cells - 1}, got {stones!r}"
            )
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        while True:
            state = self.initial_state()
            for _ in range(stones):
                if self.is_terminal(state):
                    break
                state = self.play(state, rng.choice(self.actions(state)))
            else:
                if not unfinished or (
                    not self.is_terminal(state) and not self.winning_moves(state)
                ):
                    return state

    def winning_moves(self, state: C4State) -> tuple[int, ...]:
        """The columns where the player to move makes four in a row at once."""
        spots = self.winning_spots(state.position, state.mask) & self.playable(state.mask)
        return tuple(c for c in range(self.width) if spots & self.column_masks[c])


THREAT_WEIGHT, CENTRE_WEIGHT = 0.04, 0.01
"""The evaluation's weights: a threat is worth four stones in the centre column."""


def threats_and_centre(game: ConnectFour, state: C4State, player: str) -> float:
    """An estimate of ``state`` for ``player``, strictly between -1 and 1 (a loss
    and a win), for a search cut off at a depth limit.

    Two things that Connect Four players and programs count (Allis, "A
    Knowledge-based Approach of Connect-Four", 1988, on threats): **threats**,
    the empty cells where one more stone of a player would make four (from
    ``winning_spots``), and **centre control**, stones in the middle column,
    which takes part in more lines of four than any other. The value is
    ``0.04 x (threats difference) + 0.01 x (centre stones difference)``,
    clipped to ``[-0.9, 0.9]`` so that a real win or loss always counts more.

    >>> game = ConnectFour()
    >>> state = game.from_moves("4455")
    >>> threats_and_centre(game, state, "X"), threats_and_centre(game, state, "O")
    (0.0, 0.0)
    >>> later = game.from_moves("44556")  # X: three in a row on the bottom, open at both ends
    >>> round(threats_and_centre(game, later, "X"), 2)
    0.08
    """
    stones = game.stones(state)
    other = "O" if player == "X" else "X"
    centre = game.column_masks[game.width // 2]
    threats = {p: game.winning_spots(stones[p], state.mask).bit_count() for p in PLAYERS}
    value = THREAT_WEIGHT * (threats[player] - threats[other]) + CENTRE_WEIGHT * (
        (stones[player] & centre).bit_count() - (stones[other] & centre).bit_count()
    )
    return max(-0.9, min(0.9, value))
