"""Tic-tac-toe: the smallest game worth searching completely.

A state is a string of nine characters, the board read row by row, with
``"X"``, ``"O"`` and ``"."`` for an empty cell: ``"X...O...."`` has X in the
top-left corner and O in the centre. Strings are immutable and hashable,
print as the board, and make traces readable. X moves first; whose turn it is
follows from the counts.

Speed comes from the game's small size: it has only 5,478 positions, so on
first use the game tabulates, for each of them, who moves, the legal actions,
the result of each action and the utilities. Each method then answers with
one dictionary look-up instead of scanning the eight lines; a position
outside the table (built by hand) is checked and worked out directly, by the
functions the table was built with.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ..game import Game, Picture
from ..symmetry import SQUARE_SYMMETRIES, invert, square_symmetries

LINES = (
    (0, 1, 2),
    (3, 4, 5),
    (6, 7, 8),  # rows
    (0, 3, 6),
    (1, 4, 7),
    (2, 5, 8),  # columns
    (0, 4, 8),
    (2, 4, 6),  # diagonals
)
Cell = tuple[int, int]
"""An action: the ``(row, col)`` of the cell to mark, 0-based."""
CELLS: tuple[Cell, ...] = tuple((r, c) for r in range(3) for c in range(3))
EMPTY = "." * 9

_PERMUTATIONS = square_symmetries(3)
# For a state string: new[i] = old[_SOURCES[name][i]], the cell that moves to i.
_SOURCES = {name: invert(perm) for name, perm in _PERMUTATIONS.items()}
_INVERSES = {
    name: next(m for m, q in _PERMUTATIONS.items() if q == invert(p))
    for name, p in _PERMUTATIONS.items()
}


def winner(state: str) -> str | None:
    """``"X"`` or ``"O"`` if that player has three in a row, else ``None``."""
    for a, b, c in LINES:
        if state[a] != "." and state[a] == state[b] == state[c]:
            return state[a]
    return None


def check_state(state: object) -> str:
    """Return ``state`` if it is a legal board, else raise ``ValueError`` naming it."""
    if not isinstance(state, str) or len(state) != 9 or set(state) - set("XO."):
        raise ValueError(
            f"{state!r} is not a tic-tac-toe state: expected 9 characters of "
            "'X', 'O' and '.', row by row"
        )
    x, o = state.count("X"), state.count("O")
    if x - o not in (0, 1):
        raise ValueError(f"state {state!r} has {x} X and {o} O: X moves first, so X = O or O + 1")
    wins = {state[a] for a, b, c in LINES if state[a] != "." and state[a] == state[b] == state[c]}
    if len(wins) > 1:
        raise ValueError(f"state {state!r} has three in a row for both players")
    if wins == {"X"} and x == o or wins == {"O"} and x != o:
        raise ValueError(f"state {state!r}: play went on after {wins.pop()} had won")
    return state


_Tables = tuple[
    dict[str, str],
    dict[str, tuple[Cell, ...]],
    dict[str, dict[Cell, str]],
    dict[str, dict[str, int]],
]


@cache
def _tables() -> _Tables:
    """Every reachable position's mover, actions, successors and utilities."""
    to_move: dict[str, str] = {}
    actions: dict[str, tuple[Cell, ...]] = {}
    successors: dict[str, dict[Cell, str]] = {}
    utilities: dict[str, dict[str, int]] = {}
    stack = [EMPTY]
    while stack:
        state = stack.pop()
        if state in to_move:
            continue
        to_move[state] = _mover(state)
        utilities[state] = _utilities(state)
        actions[state] = _actions(state)
        successors[state] = {a: _result(state, a) for a in actions[state]}
        stack.extend(successors[state].values())
    # Intern the successor strings so each state is one object, hashed once.
    canonical = {s: s for s in to_move}
    for nexts in successors.values():
        for a, s in nexts.items():
            nexts[a] = canonical[s]
    return to_move, actions, successors, utilities


def _mover(state: str) -> str:
    return "X" if state.count("X") == state.count("O") else "O"


def _utilities(state: str) -> dict[str, int]:
    won = winner(state)
    if won is None:
        return {"X": 0, "O": 0}
    return {won: 1, ("O" if won == "X" else "X"): -1}


def _is_over(state: str) -> bool:
    return winner(state) is not None or "." not in state


def _actions(state: str) -> tuple[Cell, ...]:
    if _is_over(state):
        return ()
    return tuple(CELLS[i] for i in range(9) if state[i] == ".")


def _result(state: str, action: Cell) -> str:
    if _is_over(state):
        raise ValueError(f"no move {action!r} in {state!r}: the game is over")
    if action not in CELLS:
        raise ValueError(f"{action!r} is not a cell: use (row, col) with row, col in 0..2")
    i = 3 * action[0] + action[1]
    if state[i] != ".":
        raise ValueError(f"illegal move {action!r} in {state!r}: the cell holds {state[i]}")
    return state[:i] + _mover(state) + state[i + 1 :]


_PREFERENCE = {
    cell: (0 if cell == (1, 1) else 1 if cell[0] != 1 and cell[1] != 1 else 2, cell)
    for cell in CELLS
}


def centre_first(game: object, state: str, actions: Iterable[Cell]) -> list[Cell]:
    """An ``order`` hook: the centre first, then the corners, then the edges.

    Cells that lie on more lines come first; they are more often the best.

    >>> centre_first(TicTacToe(), ".........", TicTacToe().actions("........."))[:5]
    [(1, 1), (0, 0), (0, 2), (2, 0), (2, 2)]
    """
    try:
        return sorted(actions, key=_PREFERENCE.__getitem__)
    except (KeyError, TypeError):
        raise ValueError(
            f"centre_first orders the cells of a tic-tac-toe board, (row, column) pairs "
            f"from (0, 0) to (2, 2), and was given the actions {actions!r} at {state!r}"
        ) from None


class TicTacToe(Game[str, Cell, str]):
    """Tic-tac-toe on a 3x3 board; X moves first.

    Actions are ``(row, col)`` pairs, 0-based, in row-major order. The utility
    is +1 for a win, -1 for a loss and 0 for a draw.

    >>> game = TicTacToe()
    >>> s = game.result(game.initial_state(), (1, 1))
    >>> s, game.to_move(s), game.actions(s)[:3]
    ('....X....', 'O', ((0, 0), (0, 1), (0, 2)))
    >>> print(game.render(s))
    . . .
    . X .
    . . .
    """

    players = ("X", "O")
    zero_sum = True
    """One player's win is the other's loss (``utility`` is negated for the
    other player), as negamax, tables and MCTS assume."""
    symmetries = SQUARE_SYMMETRIES
    """The 8 symmetries of the square board (see ``aisearch.symmetry``)."""

    def __init__(self) -> None:
        self._to_move, self._actions, self._next, self._utilities = _tables()

    def is_state(self, state: object) -> bool:
        """Whether ``state`` is a board: 9 characters of 'X', 'O' and '.'."""
        return isinstance(state, str) and len(state) == 9 and not set(state) - set("XO.")

    def __repr__(self) -> str:
        return "TicTacToe()"

    # The six parts of a game. Each is one look-up in the table of reachable
    # positions; a KeyError means a board built by hand, checked and worked out.

    def initial_state(self) -> str:
        return EMPTY

    def to_move(self, state: str) -> str:
        """``"X"`` or ``"O"``: X when both have as many marks."""
        try:
            return self._to_move[state]
        except KeyError:
            return _mover(check_state(state))

    def actions(self, state: str) -> tuple[Cell, ...]:
        """The empty cells as ``(row, col)``, row-major; none once the game is over."""
        try:
            return self._actions[state]
        except KeyError:
            return _actions(check_state(state))

    def is_terminal(self, state: str) -> bool:
        """True when a player has three in a row or the board is full: no actions left."""
        try:
            return not self._actions[state]
        except KeyError:
            return _is_over(check_state(state))

    def result(self, state: str, action: Cell) -> str:
        """The board after the player to move marks the cell ``action``."""
        try:
            return self._next[state][action]
        except (KeyError, TypeError):
            return _result(check_state(state), action)

    def utility(self, state: str, player: str) -> int:
        """+1 if ``player`` has won, -1 if they lost, 0 otherwise."""
        try:
            return self._utilities[state][player]
        except KeyError:  # a board built by hand, or not a player
            if state not in self._utilities:
                check_state(state)
            if player not in self.players:
                raise ValueError(f"player must be 'X' or 'O', got {player!r}") from None
            return _utilities(state)[player]

    def evaluate(self, state: str, player: str) -> float:
        """Open lines for ``player`` minus open lines for the opponent, over 9.

        A line is open for a player when the opponent has no mark on it. The
        result lies strictly between -1 and +1, inside the utilities' range.
        """
        if player not in self.players:
            raise ValueError(f"player must be 'X' or 'O', got {player!r}")
        other = "O" if player == "X" else "X"
        mine = sum(1 for line in LINES if all(state[i] != other for i in line))
        theirs = sum(1 for line in LINES if all(state[i] != player for i in line))
        return (mine - theirs) / 9

    def threat_moves(self, state: str) -> list[Cell]:
        """The moves that win at once, or block the opponent's immediate win.

        A cell is a threat when it is the one empty cell of a line whose other
        two cells hold the same mark: the mover's (a win) or the opponent's (a
        block). Row-major, as ``actions``; none once the game is over. These
        are the noisy moves of ``aisearch.quiescence.threat_moves``.

        >>> game = TicTacToe()
        >>> game.threat_moves(game.from_rows("X..", "XO.", ".O."))  # X blocks O, or wins
        [(0, 1), (2, 0)]
        """
        if self.is_terminal(state):
            return []
        threats = set()
        for line in LINES:
            marks = [state[i] for i in line]
            if marks.count(".") == 1 and len(set(marks)) == 2:  # two alike and a gap
                threats.add(line[marks.index(".")])
        return [a for a in self.actions(state) if 3 * a[0] + a[1] in threats]

    # Symmetry: the board turned and mirrored (see aisearch.symmetry) -----------

    def transform(self, state: str, name: str) -> str:
        """The board turned or mirrored by the symmetry ``name``.

        >>> TicTacToe().transform("X.O......", "rotate90")
        '..X.....O'
        """
        try:
            source = _SOURCES[name]
        except KeyError:
            raise ValueError(
                f"unknown symmetry {name!r}: choose one of {self.symmetries}"
            ) from None
        if state not in self._to_move:
            check_state(state)
        return "".join([state[j] for j in source])

    def transform_action(self, action: Cell, name: str) -> Cell:
        """Where the cell ``action`` goes when the board is transformed by ``name``."""
        if name not in _PERMUTATIONS:
            raise ValueError(f"unknown symmetry {name!r}: choose one of {self.symmetries}")
        if action not in CELLS:
            raise ValueError(f"{action!r} is not a cell: use (row, col) with row, col in 0..2")
        i = _PERMUTATIONS[name][3 * action[0] + action[1]]
        return CELLS[i]

    def inverse(self, name: str) -> str:
        """The symmetry that undoes ``name`` (a rotation's opposite; a mirror itself)."""
        try:
            return _INVERSES[name]
        except KeyError:
            raise ValueError(
                f"unknown symmetry {name!r}: choose one of {self.symmetries}"
            ) from None

    # Reading and writing boards -------------------------------------------------

    def winner(self, state: str) -> str | None:
        """``"X"``, ``"O"`` or ``None``."""
        return winner(check_state(state))

    def move_name(self, action: Cell) -> str:
        """The cell ``(row, col)`` as the board names it, counted from 1.

        >>> TicTacToe().move_name((2, 1))
        'row 3, column 2'
        """
        return f"row {action[0] + 1}, column {action[1] + 1}"

    def render(self, state: str) -> str:
        """The board as three lines of text."""
        check_state(state)
        return "\n".join(" ".join(state[r * 3 : r * 3 + 3]) for r in range(3))

    def picture(self, state: str, action: Cell | None = None) -> Picture:
        """The board as ``aisearch.viz.glyphs`` draws it: three rows of ``X``,
        ``O`` and ``.``; ``action``, the move that led to ``state``, is the last mark.

        >>> TicTacToe().picture("X...O....", action=(1, 1))
        Picture(rows=('X..', '.O.', '...'), kind='grid', last=(1, 1), to_move=None, pile=None, start=None, roll=None, die=None)
        """
        if state not in self._to_move:
            check_state(state)
        if action is not None:
            if action not in CELLS:
                raise ValueError(f"{action!r} is not a cell: use (row, col) with row, col in 0..2")
            if state[3 * action[0] + action[1]] == ".":
                raise ValueError(
                    f"action {action!r} cannot have led to {state!r}: its cell is empty"
                )
            action = (action[0], action[1])  # a plain tuple, whatever the pair was
        return Picture((state[0:3], state[3:6], state[6:9]), "grid", last=action)

    def from_rows(self, *rows: str) -> str:
        """A state from three row strings, e.g. ``from_rows("X.O", ".X.", "..O")``.

        Spaces and ``|`` are ignored; ``-`` and ``_`` mark empty cells as well
        as ``.``.
        """
        text = "".join(r.replace("|", "").replace(" ", "") for r in rows)
        text = text.replace("-", ".").replace("_", ".")
        return check_state(text)
