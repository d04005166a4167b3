"""Playing a game of chance against the computer, with buttons.

``DiceNimTable`` is Dice Nim as a widget: the student is A and clicks how
many stones to take after the die has fallen; a search (expectiminimax by
default) plays B. The die is the table's own seeded generator, so a game can
be replayed, and clicking a button in code (``button.click()``) plays exactly
as a click in the browser does.
"""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from ..expectimax import expectimax
from ..games.dicenim import DiceNim, Roll


class DiceNimTable(widgets.VBox):
    """Dice Nim with buttons: you are A, ``search`` plays B, a seeded die rolls.

    Attributes:
        buttons: ``take 1``, ``take 2``, ...: only those the roll allows are
            enabled, none once the game is over.
        new_game_button: starts again with the same die.
        board: an ``HTML`` widget with the moves so far and the pile.
        state: the game's state (always a player's turn, or the end).

    >>> table = DiceNimTable(seed=1)
    >>> table.buttons[0].click()
    >>> table.moves[0].startswith("you took 1")
    True
    """

    def __init__(self, game: DiceNim | None = None, seed=None, search=expectimax):
        self.game = game or DiceNim(stones=7, die=3)
        self.search = search
        self.dice = random.Random(seed)
        self.buttons = [widgets.Button(description=f"take {k}")
                        for k in range(1, self.game.die + 1)]
        for k, button in enumerate(self.buttons, start=1):
            button.on_click(lambda _, k=k: self.take(k))
        self.new_game_button = widgets.Button(description="new game", button_style="info")
        self.new_game_button.on_click(lambda _: self.new_game())
        self.board = widgets.HTML()
        super().__init__([self.board, widgets.HBox([*self.buttons, self.new_game_button])])
        self.new_game()

    def roll(self) -> int:
        """The die falls for the player to move; returns the face."""
        face = self.dice.randint(1, self.game.die)
        self.state = self.game.result(self.state, Roll(face))
        return face

    def new_game(self) -> None:
        self.state, self.moves = self.game.initial_state(), []
        self.roll()
        self.show()

    def take(self, k: int) -> None:
        """You take ``k`` stones; then B rolls and replies, and the die rolls for you."""
        self.state = self.game.result(self.state, k)
        turn = f"you took {k}"
        if not self.game.is_terminal(self.state):
            face = self.roll()
            reply = self.search(self.game, self.state).action
            self.state = self.game.result(self.state, reply)
            turn += f", B rolled {face} and took {reply}"
        self.moves.append(turn)
        if not self.game.is_terminal(self.state):
            self.roll()
        self.show()

    @property
    def text(self) -> str:
        lines = ["You are A; B plays expectiminimax."]
        lines += [f"turn {i}: {turn}" for i, turn in enumerate(self.moves, start=1)]
        lines.append(self.game.render(self.state))
        if not self.game.is_terminal(self.state):
            chance = (1 + self.search(self.game, self.state).value) / 2
            lines.append(f"Your chance of winning with perfect play from here: {chance:.0%}")
        return "\n".join(lines)

    def show(self) -> None:
        over = self.game.is_terminal(self.state)
        for k, button in enumerate(self.buttons, start=1):
            button.disabled = over or k > min(self.state.roll, self.state.stones)
        self.board.value = f"<pre>{html.escape(self.text)}</pre>"
