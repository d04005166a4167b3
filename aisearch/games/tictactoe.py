"""Tic-tac-toe: the smallest game worth searching completely.

A state is a string of nine characters, the board read row by row, with
``"X"``, ``"O"`` and ``"."`` for an empty cell: ``"X...O...."`` has X in the
top-left corner and O in the centre. Strings are immutable and hashable,
print as the board, and make traces readable. X moves first; whose turn it is
follows from the counts.

Speed comes from the game's small size: it has only 5,478 positions, so on
first use the game tabulates, for each of them, who moves, the legal actions,
the result of each action and whether the game is over. A search then pays a
dictionary look-up per question instead of scanning the eight lines.
Positions outside the table (built by hand) are worked out directly.
"""

from __future__ import annotations

from functools import cache

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),  # diagonals
)
CELLS = tuple((r, c) for r in range(3) for c in range(3))
EMPTY = "." * 9


def winner(state: str) -> str | None:
    """``"X"`` or ``"O"`` if that player has three in a row, else ``None``."""
    for a, b, c in LINES:
        if state[a] != "." and state[a] == state[b] == state[c]:
            return state[a]
    return None


def check_state(state) -> str:
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


@cache
def _tables():
    """Every reachable position's mover, actions, successors and end, by search."""
    to_move, actions, successors, over = {}, {}, {}, {}
    stack = [EMPTY]
    while stack:
        state = stack.pop()
        if state in to_move:
            continue
        player = "X" if state.count("X") == state.count("O") else "O"
        won = winner(state)
        to_move[state] = player
        over[state] = (won, won is not None or "." not in state)
        moves = () if over[state][1] else tuple(CELLS[i] for i in range(9) if state[i] == ".")
        actions[state] = moves
        nexts = {}
        for r, c in moves:
            i = 3 * r + c
            nexts[(r, c)] = state[:i] + player + state[i + 1:]
        successors[state] = nexts
        stack.extend(nexts.values())
    # Intern the successor strings so every state is one object (hashed once).
    canonical = {s: s for s in to_move}
    for nexts in successors.values():
        for a, s in nexts.items():
            nexts[a] = canonical[s]
    return to_move, actions, successors, over


class TicTacToe:
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

    def __init__(self) -> None:
        self._to_move, self._actions, self._next, self._over = _tables()

    def __repr__(self) -> str:
        return "TicTacToe()"

    def initial_state(self) -> str:
        return EMPTY

    def to_move(self, state: str) -> str:
        """``"X"`` or ``"O"``."""
        try:
            return self._to_move[state]
        except (KeyError, TypeError):
            state = check_state(state)
            return "X" if state.count("X") == state.count("O") else "O"

    def actions(self, state: str) -> tuple:
        """The empty cells as ``(row, col)``, row-major; none once the game is over."""
        try:
            return self._actions[state]
        except (KeyError, TypeError):
            if self.is_terminal(state):
                return ()
            return tuple(CELLS[i] for i in range(9) if state[i] == ".")

    def result(self, state: str, action) -> str:
        """The board after the player to move marks the cell ``action``."""
        try:
            return self._next[state][action]
        except (KeyError, TypeError):
            pass
        check_state(state)
        if self.is_terminal(state):
            raise ValueError(f"no move {action!r} in {state!r}: the game is over")
        if action not in CELLS:
            raise ValueError(f"{action!r} is not a cell: use (row, col) with row, col in 0..2")
        i = 3 * action[0] + action[1]
        if state[i] != ".":
            raise ValueError(f"illegal move {action!r} in {state!r}: the cell holds {state[i]}")
        return state[:i] + self.to_move(state) + state[i + 1:]

    def is_terminal(self, state: str) -> bool:
        """True when a player has three in a row or the board is full."""
        try:
            return self._over[state][1]
        except (KeyError, TypeError):
            state = check_state(state)
            return winner(state) is not None or "." not in state

    def utility(self, state: str, player: str) -> int:
        """+1 if ``player`` has won, -1 if they lost, 0 otherwise."""
        try:
            won = self._over[state][0]
        except (KeyError, TypeError):
            won = winner(check_state(state))
        if player != "X" and player != "O":
            raise ValueError(f"player must be 'X' or 'O', got {player!r}")
        if won is None:
            return 0
        return 1 if won == player else -1

    def evaluate(self, state: str, player: str) -> float:
        """Open lines for ``player`` minus open lines for the opponent, over 9.

        A line is open for a player when the opponent has no mark on it. The
        result lies strictly between -1 and +1, inside the utilities' range.
        """
        other = "O" if player == "X" else "X"
        mine = sum(1 for line in LINES if all(state[i] != other for i in line))
        theirs = sum(1 for line in LINES if all(state[i] != player for i in line))
        return (mine - theirs) / 9

    # Reading and drawing boards -------------------------------------------------

    def winner(self, state: str) -> str | None:
        """``"X"``, ``"O"`` or ``None``."""
        return winner(check_state(state))

    def render(self, state: str) -> str:
        """The board as three lines of text."""
        check_state(state)
        return "\n".join(" ".join(state[r * 3: r * 3 + 3]) for r in range(3))

    def from_rows(self, *rows: str) -> str:
        """A state from three row strings, e.g. ``from_rows("X.O", ".X.", "..O")``.

        Spaces and ``|`` are ignored; ``-`` and ``_`` mark empty cells as well
        as ``.``.
        """
        text = "".join(r.replace("|", "").replace(" ", "") for r in rows)
        text = text.replace("-", ".").replace("_", ".")
        return check_state(text)

    def draw(self, state: str, ax=None, **options):
        """Draw the board with matplotlib; returns the axes. See ``aisearch.viz.draw_board``."""
        from ..viz.boards import draw_board

        return draw_board(self, state, ax=ax, **options)
