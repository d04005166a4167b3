"""Playing Connect Four against the solver, with a button per column.

``ConnectFourBoard`` draws the board as an HTML grid under a row of column
buttons. Click a column to drop your stone; the computer, which plays the
solver's best column, replies at once. Under the board the solver's score of
every column is shown (Pons' convention: positive wins, the larger the sooner;
0 draws; negative loses), so a mistake shows as soon as it is made. Clicking
a button in code (``button.click()``) plays exactly as a click in the browser.

The solver is exact, so keep the board small (the default is 5 x 4) or start
from a late position (``start="4455..."``): every click solves each column.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..connect4_solver import score_columns, solve
from ..games.connect4 import ConnectFour

COLOURS = {"X": "#d62728", "O": "#f2c12e", ".": "#ffffff"}
CELL = 46  # pixels: a cell of the grid, and a column button


class ConnectFourBoard(widgets.VBox):
    """Connect Four against the solver, played with column buttons.

    Args:
        game: the board size; ``ConnectFour(5, 4)`` by default.
        start: moves already played when a game begins (1-based, e.g. ``"3"``).
        first: ``"you"`` or ``"computer"``: who plays the first move after
            ``start``; the ``first`` toggle changes it for the next game.
        weak: show (and play by) win/draw/loss only: cheaper on big boards.
        show_scores: show the solver's score of each column under the board.

    Attributes:
        buttons: one per column, ``▼ 1``, ``▼ 2``, ...; enabled on your turn
            for the columns that are not full.
        new_game_button, first_toggle: start again; who moves first.
        board, scores, history: the ``HTML`` widgets with the grid, the column
            scores and the moves so far (``turn 1: you 3, computer 2``).

    >>> board = ConnectFourBoard(ConnectFour(4, 4), show_scores=False)
    >>> board.buttons[1].click()
    >>> board.turns[0].startswith("you 2, computer ")
    True
    """

    def __init__(
        self,
        game: ConnectFour | None = None,
        *,
        start: str = "",
        first: str = "you",
        weak: bool = False,
        show_scores: bool = True,
    ):
        self.game = game or ConnectFour(5, 4)
        if first not in ("you", "computer"):
            raise ValueError(f"first must be 'you' or 'computer', got {first!r}")
        self.start = self.game.from_moves(start)
        if self.game.is_terminal(self.start):
            raise ValueError(f"the game is already over after start={start!r}")
        self.weak, self.show_scores = weak, show_scores
        width = widgets.Layout(width=f"{CELL}px", padding="0", margin="0")
        self.buttons = [
            widgets.Button(
                description=f"▼ {c + 1}", layout=width, tooltip=f"drop a stone in column {c + 1}"
            )
            for c in range(self.game.width)
        ]
        for column, button in enumerate(self.buttons):
            button.on_click(lambda _, column=column: self.drop(column))
        self.first_toggle = widgets.ToggleButtons(
            options=["you", "computer"], value=first, description="first move:"
        )
        self.first_toggle.observe(lambda _: self.new_game(), names="value")
        self.new_game_button = widgets.Button(description="new game", button_style="info")
        self.new_game_button.on_click(lambda _: self.new_game())
        self.board, self.scores, self.history = widgets.HTML(), widgets.HTML(), widgets.HTML()
        super().__init__(
            [
                widgets.HBox(self.buttons),
                self.board,
                self.scores,
                self.history,
                widgets.HBox([self.first_toggle, self.new_game_button]),
            ]
        )
        self.new_game()

    # The game -------------------------------------------------------------------------

    def new_game(self) -> None:
        """Back to the start position; the computer moves first if asked to."""
        self.state, self.turns = self.start, []
        mover = self.game.to_move(self.start)
        computer_first = self.first_toggle.value == "computer"
        self.you = mover if not computer_first else ("O" if mover == "X" else "X")
        if computer_first:
            self.show(thinking=True)
            column = self.reply()
            self.turns.append(f"computer {column + 1}")
        self.show()

    def reply(self) -> int:
        """The computer plays the solver's best column; returns it."""
        column = solve(self.game, self.state, weak=self.weak).action
        self.state = self.game.result(self.state, column)
        return column

    def drop(self, column: int) -> None:
        """You drop a stone in ``column`` (0-based); the computer replies."""
        self.state = self.game.result(self.state, column)
        turn = f"you {column + 1}"
        if not self.game.is_terminal(self.state):
            self.show(thinking=True)  # your stone, and a note, while the solver works
            turn += f", computer {self.reply() + 1}"
        self.turns.append(turn)
        self.show()

    @property
    def column_scores(self) -> dict:
        """The solver's score of each playable column for the player to move."""
        if self.game.is_terminal(self.state):
            return {}
        return score_columns(self.game, self.state, weak=self.weak)

    @property
    def status(self) -> str:
        if self.game.is_terminal(self.state):
            winner = self.game.winner(self.state)
            return (
                "A draw."
                if winner is None
                else "You win!"
                if winner == self.you
                else "The computer wins."
            )
        return f"Your move: you are {self.you} ({'red' if self.you == 'X' else 'yellow'})."

    @property
    def text(self) -> str:
        """The log and the board as text: what the page shows, without colours."""
        lines = [f"turn {i}: {turn}" for i, turn in enumerate(self.turns, start=1)]
        return "\n".join([*lines, self.game.render(self.state), self.status])

    # Drawing -------------------------------------------------------------------------

    def show(self, thinking: bool = False) -> None:
        """Draw the position. ``thinking``: the computer is about to move, so the
        buttons stay disabled, no scores are shown and the status says so."""
        over = self.game.is_terminal(self.state)
        playable = set(self.game.actions(self.state))
        for column, button in enumerate(self.buttons):
            button.disabled = thinking or over or column not in playable
        self.board.value = self._grid_html()
        shown = self.show_scores and not over and not thinking
        self.scores.value = self._scores_html() if shown else ""
        log = [f"turn {i}: {turn}" for i, turn in enumerate(self.turns, start=1)]
        status = "The computer is thinking..." if thinking else self.status
        self.history.value = (
            f"<pre style='margin:4px 0'>{html.escape(chr(10).join(log))}</pre>"
            f"<b>{html.escape(status)}</b>"
        )

    def _grid_html(self) -> str:
        cells = []
        for row in self.game.grid(self.state):
            discs = "".join(
                f"<td style='width:{CELL}px;height:{CELL}px;padding:0;text-align:center'>"
                f"<div title='{who}' style='margin:auto;width:{CELL - 10}px;height:{CELL - 10}px;"
                f"border-radius:50%;background:{COLOURS[who]};border:1px solid #1f3b73'></div></td>"
                for who in row
            )
            cells.append(f"<tr>{discs}</tr>")
        return (
            "<table style='border-collapse:collapse;background:#2f5fb3;"
            f"border-radius:6px'>{''.join(cells)}</table>"
        )

    def _scores_html(self) -> str:
        scores = self.column_scores
        cells = []
        for column in range(self.game.width):
            score = scores.get(column)
            if score is None:
                shown, colour = "", "#888"
            else:
                shown = f"{score:+d}" if score else "0"
                colour = "#2ca02c" if score > 0 else "#d62728" if score < 0 else "#555"
            cells.append(
                f"<td style='width:{CELL}px;text-align:center;color:{colour};"
                f"font-weight:bold'>{shown}</td>"
            )
        kind = (
            "win (+1) / draw (0) / loss (−1)"
            if self.weak
            else "score: + wins (sooner is larger), 0 draws, − loses"
        )
        return (
            f"<table style='border-collapse:collapse'><tr>{''.join(cells)}</tr></table>"
            f"<small>each column's {kind}, for the player to move</small>"
        )


def draw_connect4(
    game: ConnectFour,
    state=None,
    *,
    ax=None,
    numbers: bool = True,
    highlight: int = 0,
    title: str | None = None,
):
    """Draw a Connect Four position with matplotlib; returns the axes.

    Args:
        game, state: the board and the position (``None``: the empty board).
        numbers: write each cell's bit number (``column * (height + 1) + row``),
            the spare bits on top of the columns included, in grey.
        highlight: a bitboard whose cells get a thick green ring (a four, a
            shifted copy, the playable cells...).
        title: written above the board.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    state = game.initial_state() if state is None else game.check_state(state)
    if ax is None:
        _, ax = plt.subplots(figsize=(0.62 * game.width + 0.4, 0.62 * (game.height + 1) + 0.5))
    ax.add_patch(Rectangle((-0.5, -0.5), game.width, game.height, color="#2f5fb3", zorder=0))
    stones = game.stones(state)
    for column in range(game.width):
        for row in range(game.height + 1):
            bit = game.cell(column, row)
            spare = row == game.height
            who = "X" if stones["X"] & bit else "O" if stones["O"] & bit else "."
            if not spare:
                ax.add_patch(
                    Circle(
                        (column, row), 0.38, facecolor=COLOURS[who], edgecolor="#1f3b73", zorder=1
                    )
                )
            if highlight & bit:
                ax.add_patch(
                    Circle(
                        (column, row), 0.44, fill=False, edgecolor="#2ca02c", linewidth=3, zorder=2
                    )
                )
            if numbers:
                ax.text(
                    column,
                    row,
                    str(column * (game.height + 1) + row),
                    ha="center",
                    va="center",
                    fontsize=8,
                    zorder=3,
                    color="#999999" if spare else "#333333" if who != "X" else "white",
                )
    ax.set_xlim(-0.55, game.width - 0.45)
    ax.set_ylim(-0.55, game.height + 0.5)
    ax.set_xticks(range(game.width), [str(c + 1) for c in range(game.width)])
    ax.set_yticks([])
    ax.set_aspect("equal")
    for side in ("top", "right", "left"):
        ax.spines[side].set_visible(False)
    if title:
        ax.set_title(title, fontsize=10, loc="left")
    return ax
