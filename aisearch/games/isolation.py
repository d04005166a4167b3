"""Isolation: move your piece, burn the cell behind you, leave the other stuck.

Two players, X and O, share a board of ``width`` by ``height`` cells. A
player's first move places its piece on any open cell; every later move takes
the piece along its pattern: ``"knight"`` jumps as a chess knight, ``"queen"``
slides any distance along a row, column or diagonal, stopped by used cells and
by the other piece. Every cell a piece has stood on stays blocked for the rest
of the game. A player who cannot move loses.

A state is an ``IsolationState``: a bitmask of the blocked cells (bit
``row * width + col``; the cells under the two pieces are blocked too), the
two pieces' cells as ``(row, col)`` or ``None`` before they are placed, and
the number of moves made (X moves when it is even). States are immutable,
hashable and cheap to hash; the moves from every cell are tabulated when the
game is made, so a search pays a table look-up and a few bit tests per node.

Reflection: on a board with a centre point, the second player can answer each
move with its mirror image through the centre. With knight moves on a board
whose sides are even, the mirrored move is always legal (the board stays
symmetric, and a knight's target is never its own mirror), so O always has a
move when X had one, and O wins. It fails on odd boards, where X can take the
centre cell (which has no mirror), and with queen moves, where X can slide
across the centre and block the mirrored slide. ``reflection_player`` plays it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import NamedTuple, Protocol, cast

from ..game import Game, Picture

Cell = tuple[int, int]

KNIGHT_STEPS = ((-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1))
QUEEN_DIRECTIONS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))
PATTERNS = ("knight", "queen")


class IsolationState(NamedTuple):
    """Blocked cells (a bitmask), where X and O stand (``None`` before placing), moves made."""

    blocked: int
    x: Cell | None
    o: Cell | None
    ply: int


class Isolation(Game[IsolationState, Cell, str]):
    """Isolation on a ``width`` x ``height`` board, pieces moving as ``moves`` says.

    Players are ``"X"`` (moves first) and ``"O"``. An action is the ``(row,
    col)`` the piece goes to, 0-based; ``actions`` lists them in row-major
    order. The utility is ``+win`` for the winner and ``-win`` for the loser,
    with ``win = 10 * width * height``: ten times the number of cells, more
    than any evaluation in ``aisearch.evaluation`` can give (they count cells,
    at most twice), so a search prefers a sure win to any estimate.

    Raises:
        ValueError: a side shorter than 3 cells, or an unknown ``moves``.

    >>> game = Isolation(4, 4)
    >>> s = game.result(game.initial_state(), (0, 0))
    >>> s = game.result(s, (3, 3))
    >>> game.to_move(s), game.actions(s)
    ('X', ((1, 2), (2, 1)))
    >>> print(game.render(game.result(s, (1, 2))))
    # . . .
    . . X .
    . . . .
    . . . O
    """

    players = ("X", "O")
    zero_sum = True
    """One player's win is the other's loss (``utility`` is negated for the
    other player), as negamax, tables and MCTS assume."""

    def __init__(self, width: int = 7, height: int = 7, moves: str = "knight") -> None:
        for name, size in (("width", width), ("height", height)):
            if isinstance(size, bool) or not isinstance(size, int) or size < 3:
                raise ValueError(f"Isolation needs a {name} of at least 3 cells, got {size!r}")
        if moves not in PATTERNS:
            raise ValueError(f"unknown move pattern {moves!r}: use 'knight' or 'queen'")
        self.width, self.height, self.moves = width, height, moves
        self.cells = tuple((r, c) for r in range(height) for c in range(width))
        self.win = 10 * width * height
        self.max_plies = width * height
        """No game lasts longer: every move blocks a cell."""
        self._bit = {cell: 1 << i for i, cell in enumerate(self.cells)}
        if moves == "knight":
            self._jumps = {
                cell: tuple((t, self._bit[t]) for t in self._targets(cell, KNIGHT_STEPS))
                for cell in self.cells
            }
        else:
            self._rays = {
                cell: tuple(
                    tuple((t, self._bit[t]) for t in self._ray(cell, d)) for d in QUEEN_DIRECTIONS
                )
                for cell in self.cells
            }
        # Why a cache: a search asks is_terminal and then actions of the same state.
        self._remembered_actions = lru_cache(maxsize=1 << 16)(self._actions)

    def is_state(self, state: object) -> bool:
        """Whether ``state`` is an ``IsolationState`` (the searches refuse anything else)."""
        return isinstance(state, IsolationState)

    def __repr__(self) -> str:
        return f"Isolation(width={self.width}, height={self.height}, moves={self.moves!r})"

    def _inside(self, r: int, c: int) -> bool:
        return 0 <= r < self.height and 0 <= c < self.width

    def _targets(self, cell: Cell, steps: Iterable[tuple[int, int]]) -> list[Cell]:
        r, c = cell
        return sorted((r + dr, c + dc) for dr, dc in steps if self._inside(r + dr, c + dc))

    def _ray(self, cell: Cell, direction: tuple[int, int]) -> list[Cell]:
        (r, c), (dr, dc) = cell, direction
        ray = []
        while self._inside(r + dr, c + dc):
            r, c = r + dr, c + dc
            ray.append((r, c))
        return ray

    # The six parts of a game ------------------------------------------------------

    def initial_state(self) -> IsolationState:
        return IsolationState(0, None, None, 0)

    def to_move(self, state: IsolationState) -> str:
        """``"X"`` after an even number of moves, else ``"O"``."""
        return "X" if state.ply % 2 == 0 else "O"

    def moves_from(self, state: IsolationState, player: str) -> tuple[Cell, ...]:
        """The cells ``player``'s piece could go to now, row-major, whoever is to move.

        Before the piece is placed: every open cell.
        """
        cell = state.x if player == "X" else state.o
        blocked = state.blocked
        if cell is None:
            return tuple(t for t in self.cells if not blocked & self._bit[t])
        if self.moves == "knight":
            return tuple(t for t, bit in self._jumps[cell] if not blocked & bit)
        targets = []
        for ray in self._rays[cell]:
            for t, bit in ray:
                if blocked & bit:
                    break
                targets.append(t)
        targets.sort()
        return tuple(targets)

    def _actions(self, state: IsolationState) -> tuple[Cell, ...]:
        return self.moves_from(state, self.to_move(state))

    def actions(self, state: IsolationState) -> tuple[Cell, ...]:
        """Where the piece of the player to move can go, row-major; none at the end."""
        return self._remembered_actions(state)

    def is_terminal(self, state: IsolationState) -> bool:
        """True when the player to move has no move."""
        return not self.actions(state)

    def result(self, state: IsolationState, action: Cell) -> IsolationState:
        """The state after the player to move takes its piece to the cell ``action``.

        Raises:
            ValueError: naming the move and the state, if the move is illegal.
        """
        if action not in self.actions(state):
            raise ValueError(
                f"illegal move {action!r} for {self.to_move(state)} in {state!r}: "
                f"legal moves are {list(self.actions(state))}"
            )
        blocked = state.blocked | self._bit[action]
        if state.ply % 2 == 0:
            return IsolationState(blocked, action, state.o, state.ply + 1)
        return IsolationState(blocked, state.x, action, state.ply + 1)

    def utility(self, state: IsolationState, player: str) -> int:
        """``+win`` if ``player`` won, ``-win`` if it lost, 0 while the game goes on."""
        if player not in self.players:
            raise ValueError(f"player must be 'X' or 'O', got {player!r}")
        if not self.is_terminal(state):
            return 0
        return -self.win if self.to_move(state) == player else self.win

    def evaluate(self, state: IsolationState, player: str) -> int:
        """The default evaluation: ``player``'s moves minus the opponent's.

        Strictly inside ``(-win, win)``; ``aisearch.evaluation`` has others.
        """
        other = "O" if player == "X" else "X"
        return len(self.moves_from(state, player)) - len(self.moves_from(state, other))

    # Symmetry, reading and drawing ------------------------------------------------

    def mirror(self, cell: Cell) -> Cell:
        """The cell opposite ``cell`` through the centre of the board."""
        return (self.height - 1 - cell[0], self.width - 1 - cell[1])

    def is_blocked(self, state: IsolationState, cell: Cell) -> bool:
        return bool(state.blocked & self._bit[cell])

    def _rows(self, state: IsolationState) -> list[str]:
        """One string a row: ``X`` and ``O`` the pieces, ``#`` used cells, ``.`` open ones."""
        if not isinstance(state, IsolationState):
            raise ValueError(f"{state!r} is not an IsolationState: use game.initial_state()")
        rows = []
        for r in range(self.height):
            row = []
            for c in range(self.width):
                cell = (r, c)
                row.append(
                    "X"
                    if cell == state.x
                    else "O"
                    if cell == state.o
                    else "#"
                    if self.is_blocked(state, cell)
                    else "."
                )
            rows.append("".join(row))
        return rows

    def move_name(self, action: Cell) -> str:
        """The cell ``(row, col)`` the piece moves to, as the board names it, counted from 1.

        >>> Isolation().move_name((0, 2))
        'row 1, column 3'
        """
        return f"row {action[0] + 1}, column {action[1] + 1}"

    def render(self, state: IsolationState) -> str:
        """The board as text: ``X`` and ``O`` the pieces, ``#`` used cells, ``.`` open ones."""
        return "\n".join(" ".join(row) for row in self._rows(state))

    def picture(self, state: IsolationState, action: object = None) -> Picture:
        """The board as ``aisearch.viz.glyphs`` draws it: rows of ``X`` and ``O``
        (the pieces), ``#`` (used cells) and ``.``, and whose piece moves next.
        ``action`` is accepted for the protocol's sake: the piece that moved
        stands on its cell already, so nothing more is marked.

        >>> game = Isolation(3, 3)
        >>> game.picture(game.from_rows("X..", "...", ".#O"))
        Picture(rows=('X..', '...', '.#O'), kind='grid', last=None, to_move='X', pile=None, start=None, roll=None, die=None)
        """
        return Picture(tuple(self._rows(state)), "grid", to_move=self.to_move(state))

    def from_rows(self, *rows: str, to_move: str = "X") -> IsolationState:
        """A state from row strings of ``X``, ``O``, ``#`` and ``.`` (spaces ignored).

        ``to_move`` says whose turn it is; both pieces must be on the board.

        >>> game = Isolation(3, 3)
        >>> game.actions(game.from_rows("X..", "...", ".#O"))
        ((1, 2),)
        """
        text = [r.replace(" ", "") for r in rows]
        if len(text) != self.height or any(len(r) != self.width for r in text):
            raise ValueError(f"expected {self.height} rows of {self.width} cells, got {rows!r}")
        if to_move not in self.players:
            raise ValueError(f"to_move must be 'X' or 'O', got {to_move!r}")
        blocked, pieces = 0, {}
        for r, row in enumerate(text):
            for c, mark in enumerate(row):
                if mark not in "XO#.":
                    raise ValueError(f"unknown mark {mark!r} at {(r, c)}: use X, O, # or .")
                if mark != ".":
                    blocked |= self._bit[(r, c)]
                if mark in "XO":
                    if mark in pieces:
                        raise ValueError(f"two pieces {mark} in {rows!r}")
                    pieces[mark] = (r, c)
        if set(pieces) != {"X", "O"}:
            raise ValueError(f"both pieces must be on the board, got {sorted(pieces)} in {rows!r}")
        used = bin(blocked).count("1")
        ply = used if (used % 2 == 0) == (to_move == "X") else used + 1
        return IsolationState(blocked, pieces["X"], pieces["O"], ply)


class ReflectionPlayer(Protocol):
    """A player, ``(game, state) -> action``, that counts its moves of each kind."""

    mirrored: int
    missed: int

    def __call__(self, game: Isolation, state: IsolationState) -> Cell: ...


def reflection_player(
    fallback: Callable[[Isolation, IsolationState], Cell] | None = None,
) -> ReflectionPlayer:
    """A player that answers every move with its mirror image through the centre.

    It moves its piece to the mirror of the opponent's cell when that move is
    legal; otherwise (it moves first, the opponent took the centre, or the
    mirrored slide is blocked) it plays ``fallback(game, state)``, by default
    the first legal move. ``player.mirrored`` and ``player.missed`` count the
    moves of each kind.

    >>> from aisearch.players import play_game, random_player
    >>> game = Isolation(4, 4)
    >>> play_game(game, {"X": random_player(seed=1), "O": reflection_player()}).outcome
    {'X': -160, 'O': 160}
    """

    def play(game: Isolation, state: IsolationState) -> Cell:
        mover = game.to_move(state)
        other = state.o if mover == "X" else state.x
        actions = game.actions(state)
        if other is not None and game.mirror(other) in actions:
            player.mirrored += 1
            return game.mirror(other)
        player.missed += 1
        return actions[0] if fallback is None else fallback(game, state)

    play.__name__ = "reflection_player"
    player = cast(ReflectionPlayer, play)  # the function itself, with its two counts
    player.mirrored = player.missed = 0
    return player
