"""Playing against the computer, with buttons.

``GameBoard`` is a board of buttons for any game whose actions are cells
``(row, col)`` (tic-tac-toe, Isolation): click a cell to move there (the
legal ones show a dot), and the computer, any player function, replies; its
last move is ringed. The board is played from the keyboard as well (Tab to
it, arrow keys, Enter), and a screen reader hears each cell's name ("row 1,
column 2, empty") and each move in the board's status region (``buttons``). A click the rules refuse (a taken cell, a square out of
reach, the computer's turn, a game over) says why on the board and changes
nothing else. The cells keep their size at any page width (``board_style``).
Beside the board it shows what the computer was thinking (the depth its
search reached, the value, the principal line), and "show me its search"
opens the very search that chose its last move in the tree viewer: the board
asks a ``depth_player`` or ``timed_player`` to record its searches, and for a
timed player every depth it completed can be opened, the deepest first. A
search is never run again to be shown: a different search could have chosen
a different move.

``DiceNimTable`` is Dice Nim as a widget: the student is A and clicks how
many stones to take after the die has fallen; the search it is handed
(expectiminimax by default) plays B. The die is the table's own seeded generator, so a game can
be replayed, and clicking a button in code (``button.click()``) plays exactly
as a click in the browser does.
"""

from __future__ import annotations

import html
import random

import ipywidgets as widgets

from ..decision import Decision, SearchPlayer, board_default
from ..game import check_game
from ..games.connect4 import ConnectFour
from ..games.dicenim import DiceNim, DiceNimState, Roll
from ..trace import Trace
from ..validation import require_seed
from .arguments import require_function, require_instance
from .board_style import (
    BOARD,
    BUSY,
    CELL,
    CELL_PX,
    LAST,
    LEGAL,
    MARK_CLASSES,
    board_css,
    message_html,
)
from .buttons import ButtonGrid, ButtonLook, GridButton, ToggleGroup


class DiceNimTable(widgets.VBox):
    """Dice Nim with buttons: you are A, ``search`` plays B, a seeded die rolls.

    ``search`` is any function ``(game, state) -> result`` with the result's
    ``action`` and ``value`` (B's chance, shown to you, is read from its
    value); by default ``expectimax``, the search the package hands it.

    Attributes:
        buttons: ``take 1``, ``take 2``, ...: ``GridButton``\\ s of ``takes``,
            a ``ButtonGrid`` (arrow keys, a status region that announces each
            turn); those the roll does not allow, all once the game is over,
            are ``disabled`` (``aria-disabled``: still focusable, and a click
            says why it is refused).
        new_game_button: starts again with the same die.
        board: an ``HTML`` widget with the moves so far and the pile.
        message: an ``HTML`` widget that says why a click was refused (a
            disabled button clicked from code); empty after a move.
        state: the game's state (always a player's turn, or the end).

    >>> table = DiceNimTable(seed=1)
    >>> table.buttons[0].click()
    >>> table.moves[0].startswith("you took 1")
    True
    """

    state: DiceNimState
    moves: list[str]

    def __init__(self, game: DiceNim | None = None, seed=None, search=None):
        if game is not None:
            require_instance(game, DiceNim, "game", "DiceNimTable", "DiceNim(stones=7, die=3)")
        require_seed(seed, "DiceNimTable")
        require_function(search, "search", "(game, state) -> SearchResult", "DiceNimTable")
        self.game = game or DiceNim(stones=7, die=3)
        self.search = board_default("dicenim_search") if search is None else search
        self.dice = random.Random(seed)
        self._focus = 0  # the take button that holds the keyboard's tab stop
        self.takes = ButtonGrid(
            [ButtonLook(f"take {k}") for k in range(1, self.game.die + 1)],
            columns=self.game.die,
            on_click=lambda index: self._click(index + 1),
            label="stones to take",
            hint="Arrow keys move between the take buttons; Enter or Space takes.",
            gap=4,
            layout=widgets.Layout(flex="0 0 auto"),  # never squeezed by a narrow page
        )
        self.buttons = [self.takes.button(k) for k in range(self.game.die)]
        self.new_game_button = widgets.Button(
            description="new game", layout=widgets.Layout(flex="0 0 auto")
        )
        self.new_game_button.on_click(lambda _: self.new_game())
        self.board = widgets.HTML()
        self.message = widgets.HTML()
        row = widgets.HBox(
            [self.takes, self.new_game_button],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
        )
        super().__init__([self.board, self.message, row])
        self.new_game()

    def _click(self, k: int) -> None:
        """A click on ``take k``: take them, or say on the table why not."""
        refusal = self._refusal(k)
        if refusal:
            self.message.value = message_html(refusal)
        else:
            self.take(k)

    def _refusal(self, k: int) -> str:
        """Why you may not take ``k`` stones now, or ``""`` if you may."""
        roll, stones = self.state.roll, self.state.stones
        if self.game.is_terminal(self.state) or roll is None:
            return "The game is over: click new game to play again."
        top = min(roll, stones)
        if 1 <= k <= top:
            return ""
        left = f" and {stones} stones are left" if stones < roll else ""
        return f"You cannot take {k}: the die shows {roll}{left}, so take 1 to {top}."

    def roll(self) -> int:
        """The die falls for the player to move; returns the face."""
        face = self.dice.randint(1, self.game.die)
        self.state = self.game.result(self.state, Roll(face))
        return face

    def new_game(self) -> None:
        self.state, self.moves, self._focus = self.game.initial_state(), [], 0
        self.roll()
        self.show()

    def take(self, k: int) -> None:
        """You take ``k`` stones; then B rolls and replies, and the die rolls for you."""
        self.state = self.game.result(self.state, k)
        self._focus = k - 1  # the keys go on from the button you pressed
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
        # The die has fallen on every turn: no roll only once the game is over.
        roll = self.state.roll
        top = 0  # the most stones you may take now
        if roll is not None and not self.game.is_terminal(self.state):
            top = min(roll, self.state.stones)
        looks = [
            ButtonLook(f"take {k}", classes=("jupyter-button", "widget-button"), disabled=k > top)
            for k in range(1, self.game.die + 1)
        ]
        self.takes.show(looks, announcement=self.announcement(), focus=self._focus)
        self.board.value = f"<pre>{_pile_for_reading(self.text)}</pre>"
        self.message.value = ""

    def announcement(self) -> str:
        """What the table's status region says: the last turn, the pile, your die.

        >>> table = DiceNimTable(seed=1)
        >>> table.buttons[0].click()
        >>> table.announcement()
        'Turn 1: you took 1, B rolled 3 and took 2. 4 stones left. Your die shows 1: take 1.'
        """
        said = [f"Turn {len(self.moves)}: {self.moves[-1]}." if self.moves else "New game."]
        stones, roll = self.state.stones, self.state.roll
        if self.game.is_terminal(self.state) or roll is None:
            won = self.game.utility(self.state, "A") > 0
            said.append(
                "Game over: you took the last stone and won."
                if won
                else "Game over: B took the last stone; you lost."
            )
        else:
            top = min(roll, stones)
            said.append(f"{stones} stone{'s' if stones != 1 else ''} left.")
            said.append(f"Your die shows {roll}: take 1{f' to {top}' if top > 1 else ''}.")
        return " ".join(said)


def _pile_for_reading(text: str) -> str:
    """``text`` as HTML, its pile of ``●`` hidden from screen readers (they say
    "(7 left)" instead of "black circle" seven times)."""
    lines = []
    for line in text.splitlines():
        pile, gap, rest = line.partition("  (")
        if gap and pile and set(pile) <= {"●", " "}:
            lines.append(f"<span aria-hidden='true'>{pile}</span>{gap}{html.escape(rest)}")
        else:
            lines.append(html.escape(line))
    return "\n".join(lines)


def _board_marks(game, state) -> list[list[str]]:
    """The marks of the cells, row by row, read from ``game.render(state)``."""
    return [line.split() for line in game.render(state).splitlines()]


def _show_value(value) -> str:
    return "-" if value is None else f"{value:+.3g}"


MARK_WORDS = {".": "empty", "#": "blocked"}
"""How a cell's mark is spoken; the players' marks (X, O) are said as they are."""


def cell_words(cell) -> str:
    """A cell ``(row, col)`` as people count: ``cell_words((0, 1)) == "row 1, column 2"``."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def _cell_numbers(cell) -> str:
    """A cell as a list of moves writes it, counted from 1: ``(0, 1)`` is ``1,2``."""
    return f"{cell[0] + 1},{cell[1] + 1}"


def cell_name(cell, mark: str, *, last: bool = False) -> str:
    """A cell's spoken name: where it is, what is on it, and whether the computer
    just played there.

    >>> cell_name((0, 1), ".")
    'row 1, column 2, empty'
    >>> cell_name((2, 2), "O", last=True)
    "row 3, column 3, O, the computer's last move"
    """
    name = f"{cell_words(cell)}, {MARK_WORDS.get(mark, mark)}"
    return name + (", the computer's last move" if last else "")


def _refuse_unless_cells(game, rows: int, columns: int) -> None:
    """Refuse, up front, a game whose moves are not cells ``(row, col)`` of its board."""
    moves = list(game.actions(game.initial_state()))
    if all(
        isinstance(m, tuple)
        and len(m) == 2
        and all(isinstance(i, int) and not isinstance(i, bool) for i in m)
        and 0 <= m[0] < rows
        and 0 <= m[1] < columns
        for m in moves
    ):
        return
    shown = ", ".join(repr(m) for m in moves[:4]) + (", ..." if len(moves) > 4 else "")
    hint = (
        ": its moves are columns, so play it on aisearch.viz.ConnectFourBoard(game, "
        "player=...), whose buttons drop a stone in a column"
        if isinstance(game, ConnectFour)
        else ""
    )
    raise ValueError(
        f"GameBoard plays games whose moves are cells (row, column) of the board it draws, "
        f"but {game!r} moves {shown}{hint}"
    )


class GameBoard(widgets.VBox):
    """Play a board game against ``opponent`` by clicking cells.

    Args:
        game: a two-player game whose actions are cells ``(row, col)`` and
            whose ``render`` writes one mark per cell (``TicTacToe``,
            ``Isolation``); any other is refused (Connect Four's moves are
            columns: its board is ``ConnectFourBoard``).
        opponent: the computer, any player function ``(game, state) ->
            action``; a ``depth_player`` or ``timed_player`` also shows its
            thinking.
        you: the player you are (default: the first to move).
        evaluate: kept for old notebooks; the search shown is the
            opponent's own, with its own evaluation.

    Attributes:
        cells: the cells, row by row (``cells[r][c]``, a ``GridButton``:
            ``click()``, ``description`` (the mark, ``""`` when empty),
            ``name`` ("row 1, column 2, empty"), ``disabled``). They are the
            buttons of ``grid``, a ``ButtonGrid``: arrow keys move between
            them and the focus stays on the board while the computer replies.
            The legal targets show a dot (class ``aisearch-legal``); the
            others are ``aria-disabled`` (never faded, still focusable) and a
            click on one is refused with a message; ``legal_cells`` lists
            the targets. The grid's status region announces each move
            (``announcement``).
        status, thinking: ``HTML`` widgets: whose turn, the computer's last
            move (also ringed on the board) and the moves so far; the
            computer's last decision.
        message: an ``HTML`` widget that says why a click was refused
            ("Row 1, column 2 is taken: ..."); a move clears it.
        new_game_button, search_button: start again; show the search that
            chose the computer's last move in the tree viewer (``viewer``,
            shown in ``viewer_area``, with ``depth_menu`` to open an earlier
            depth of a timed player's iterative deepening).
        state, moves: the game's state and the moves played.

    >>> from aisearch.games import TicTacToe
    >>> from aisearch.players import depth_player
    >>> board = GameBoard(TicTacToe(), depth_player(2))
    >>> board.cells[1][1].click()
    >>> board.moves
    [(1, 1), (0, 0)]
    >>> board.cells[1][1].click()  # taken: refused, on the board
    >>> board.moves, board.legal_cells[0]
    ([(1, 1), (0, 0)], (0, 1))
    >>> board.message.value
    "<div class='aisearch-message' role='alert'>Row 2, column 2 is taken: pick an empty cell marked •.</div>"
    """

    moves: list
    cells: list[list[GridButton]]
    depth_menu: ToggleGroup | None

    def __init__(self, game, opponent, *, you=None, evaluate=None):
        check_game(game, "GameBoard")
        require_function(
            opponent, "opponent", "(game, state) -> action", "GameBoard", optional=False
        )
        require_function(evaluate, "evaluate", "(game, state, player) -> float", "GameBoard")
        self.game, self.opponent, self.evaluate = game, opponent, evaluate
        if isinstance(opponent, SearchPlayer):
            opponent.trace = True  # so that "show me its search" can show the search itself
        self.you = game.players[0] if you is None else you
        if self.you not in game.players:
            raise ValueError(f"you must be one of {game.players}, got {you!r}")
        marks = _board_marks(game, game.initial_state())
        self.rows, self.columns = len(marks), len(marks[0])
        _refuse_unless_cells(game, self.rows, self.columns)
        self._focus = 0  # the cell that holds the keyboard's tab stop
        self.grid = ButtonGrid(
            [ButtonLook("") for _ in range(self.rows * self.columns)],
            columns=self.columns,
            on_click=lambda index: self._click(divmod(index, self.columns)),
            label=f"board, {self.rows} rows by {self.columns} columns",
            hint="Arrow keys move between cells; Enter or Space plays the cell.",
            button_width=CELL_PX,
            layout=widgets.Layout(flex="0 0 auto"),
        )
        self.cells = [
            [self.grid.button(r * self.columns + c) for c in range(self.columns)]
            for r in range(self.rows)
        ]
        self.status = widgets.HTML()
        self.message = widgets.HTML()
        self.thinking = widgets.HTML()
        self.new_game_button = widgets.Button(description="new game")
        self.new_game_button.on_click(lambda _: self.new_game())
        self.search_button = widgets.Button(description="show me its search")
        self.search_button.on_click(lambda _: self.show_search())
        self.viewer_area = widgets.VBox()
        self.viewer = None
        self.depth_menu = None
        panel = widgets.VBox(
            [
                self.message,
                self.status,
                self.thinking,
                widgets.HBox(
                    [self.new_game_button, self.search_button],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
            ],
            # Beside the board while there is room for 240 pixels of text, else below it.
            layout=widgets.Layout(flex="1 1 320px", min_width="240px", margin="0 0 8px 16px"),
        )
        row = widgets.Box(
            [self.grid, panel],
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
        )
        # The style sheet applies from a hidden widget: a <style> needs no room.
        style = widgets.HTML(board_css(), layout=widgets.Layout(display="none"))
        super().__init__([style, row, self.viewer_area])
        self.add_class(BOARD)
        self.new_game()

    @property
    def over(self) -> bool:
        return self.game.is_terminal(self.state)

    def new_game(self) -> None:
        self.state, self.moves, self.decided_at = self.game.initial_state(), [], None
        self._close_viewer()
        self._reply()
        first = self.legal_cells[0] if self.legal_cells else (0, 0)
        self._focus = first[0] * self.columns + first[1]
        self.show()

    @property
    def legal_cells(self) -> list:
        """The cells you may click now, in the game's order; none on the computer's
        turn or once the game is over."""
        if self.over or self.game.to_move(self.state) != self.you:
            return []
        return list(self.game.actions(self.state))

    def play(self, cell) -> None:
        """You move to ``cell``; then the computer replies (until it is your turn or the end).

        Raises:
            ValueError: saying why, for a cell you may not play now (taken,
                out of reach, off the board, the computer's turn, the game over).
        """
        refusal = self._refusal(cell)
        if refusal:
            raise ValueError(refusal)
        self.state = self.game.result(self.state, cell)
        self.moves.append(cell)
        self._focus = cell[0] * self.columns + cell[1]  # the keys go on from your move
        self._close_viewer()  # it showed the decision before this move, no longer the last
        if not self.over and self.game.to_move(self.state) != self.you:
            self.show(thinking=True)  # your mark at once, and no clicks while it searches
        self._reply()
        self.show()

    def _click(self, cell) -> None:
        """A click on ``cell``: play it, or say on the board why not (and change nothing)."""
        refusal = self._refusal(cell)
        if refusal:
            self.message.value = message_html(refusal)
        else:
            self.play(cell)

    def _refusal(self, cell) -> str:
        """Why you may not play ``cell`` now, in words for the board; ``""`` if you may."""
        if self.over:
            return "The game is over: click new game to play again."
        if self.game.to_move(self.state) != self.you:
            return "Wait: it is the computer's turn."
        legal = self.game.actions(self.state)
        if cell in legal:
            return ""
        marks = _board_marks(self.game, self.state)
        inside = (
            isinstance(cell, tuple)
            and len(cell) == 2
            and all(isinstance(i, int) for i in cell)
            and 0 <= cell[0] < len(marks)
            and 0 <= cell[1] < len(marks[0])
        )
        if not inside:
            return f"{cell!r} is not a legal move here: the legal moves are {list(legal)}."
        if marks[cell[0]][cell[1]] != ".":
            return f"{cell_words(cell).capitalize()} is taken: pick an empty cell marked •."
        return f"{cell_words(cell).capitalize()} is out of your reach: pick a cell marked •."

    def _computer_last_move(self):
        """The cell of the computer's latest move (``None`` before it has moved),
        found by replaying the moves from the start."""
        state, last = self.game.initial_state(), None
        for move in self.moves:
            if self.game.to_move(state) != self.you:
                last = move
            state = self.game.result(state, move)
        return last

    def _reply(self) -> None:
        while not self.over and self.game.to_move(self.state) != self.you:
            self.decided_at = self.state
            action = self.opponent(self.game, self.state)
            self.state = self.game.result(self.state, action)
            self.moves.append(action)

    def decision_text(self) -> str:
        """The computer's last decision in words (empty before its first move)."""
        last = getattr(self.opponent, "last", None)
        if self.decided_at is None:
            return ""
        if last is None:
            return f"The computer played {cell_words(self.moves[-1]) if self.moves else '-'}."
        end = last.state
        for action in last.line:
            end = self.game.result(end, action)
        seen_to_the_end = self.game.is_terminal(end)
        win = getattr(self.game, "win", None)
        if last.value is None:
            meaning = ""
        elif seen_to_the_end or win is not None and abs(last.value) >= win:
            meaning = (
                " (a win)" if last.value > 0 else " (a loss)" if last.value < 0 else " (a draw)"
            )
        else:
            meaning = " (an estimate by its evaluation" + (
                f"; a win would be +{win:g})" if win is not None else ")"
            )
        line = " ".join(_cell_numbers(a) for a in last.line)
        if not seen_to_the_end and len(last.line) < last.depth:
            line += " (line cut short by the clock)"
        nodes = f"{last.nodes:,} nodes"
        if last.last_nodes is not None and last.last_nodes != last.nodes:
            nodes = f"{last.last_nodes:,} nodes; {last.nodes:,} over depths 1 to {last.depth}"
        return (
            f"The computer searched to depth {last.depth} ({nodes}) and "
            f"played {cell_words(last.action)}, value {_show_value(last.value)} for it{meaning}; "
            f"the line it expects (row,column): {line}"
        )

    def show(self, thinking: bool = False) -> None:
        """Draw the position, and clear the message. ``thinking``: the computer
        is about to search, so no cell is legal and clicks are ignored meanwhile."""
        legal = set() if thinking else set(self.legal_cells)
        last = self._computer_last_move()
        looks = []
        for r, row in enumerate(_board_marks(self.game, self.state)):
            for c, mark in enumerate(row):
                cell = (r, c)
                classes = [CELL, MARK_CLASSES.get(mark), LEGAL if cell in legal else None]
                classes.append(LAST if cell == last else None)
                looks.append(
                    ButtonLook(
                        text="" if mark == "." else mark,
                        name=cell_name(cell, mark, last=cell == last),
                        disabled=cell not in legal,
                        classes=tuple(c for c in classes if c),
                    )
                )
        self.grid.show(
            looks, announcement=self.announcement(thinking), focus=self._focus, busy=thinking
        )
        if thinking:
            self.add_class(BUSY)
        else:
            self.remove_class(BUSY)
        played = (
            f"The computer played {cell_words(last)}, ringed in orange. "
            if last is not None
            else ""
        )
        if self.over:
            result = self.game.utility(self.state, self.you)
            verdict = "You won!" if result > 0 else "You lost." if result < 0 else "A draw."
            turn = f"Game over: {verdict} Click new game to play again."
        elif legal:
            turn = "Your move: click an empty cell marked •."
        else:
            turn = "The computer is thinking..."
        moves = " ".join(_cell_numbers(m) for m in self.moves) or "none yet"
        self.status.value = (
            f"<b>You are {html.escape(str(self.you))}.</b> {html.escape(played + turn)}"
            f"<br>moves (row,column): {html.escape(moves)}"
        )
        self.message.value = ""
        self.thinking.value = f"<span>{html.escape(self.decision_text())}</span>"

    def announcement(self, thinking: bool = False) -> str:
        """What the board's status region says: your last move, the computer's
        replies since, and what comes next.

        >>> from aisearch.games import TicTacToe
        >>> from aisearch.players import depth_player
        >>> board = GameBoard(TicTacToe(), depth_player(2))
        >>> board.cells[1][1].click()
        >>> board.announcement()
        'You played row 2, column 2. The computer played row 1, column 1. Your move.'
        """
        state, yours = self.game.initial_state(), None
        replies: list = []  # the computer's moves since yours
        for move in self.moves:
            if self.game.to_move(state) == self.you:
                yours, replies = move, []
            else:
                replies.append(move)
            state = self.game.result(state, move)
        said = ["New game." if yours is None else f"You played {cell_words(yours)}."]
        said += [f"The computer played {cell_words(move)}." for move in replies]
        if self.over:
            result = self.game.utility(self.state, self.you)
            said.append(
                "Game over: you won."
                if result > 0
                else "Game over: you lost."
                if result < 0
                else "Game over: a draw."
            )
        else:
            said.append("The computer is thinking." if thinking else "Your move.")
        return " ".join(said)

    def decision(self) -> Decision:
        """The computer's last decision, with the traces of its search.

        Raises:
            ValueError: the computer has not moved yet, or its player does not
                record its searches (only ``depth_player`` and ``timed_player``
                do), or its clock ran out before any depth was complete.
        """
        if self.decided_at is None:
            raise ValueError("the computer has not moved yet: there is no search to show")
        last = getattr(self.opponent, "last", None)
        name = getattr(self.opponent, "__name__", repr(self.opponent))
        if not isinstance(last, Decision):
            raise ValueError(
                f"the computer's player ({name}) does not record its searches: play against "
                "a depth_player or a timed_player to see how it chose"
            )
        if not last.traces:
            raise ValueError(
                f"{name} completed no search within its time limit: it played the first "
                "legal move, without searching"
            )
        return last

    def search_trace(self, depth: int | None = None) -> Trace:
        """The trace of the search that chose the computer's last move.

        ``depth`` picks one of a timed player's completed iterations (1 is
        the first); by default the deepest, the one whose move was played.

        Raises:
            ValueError: as ``decision``; or no iteration of that ``depth``.
        """
        last = self.decision()
        if depth is None:
            return last.trace
        start = last.depth - len(last.traces) + 1
        if (
            isinstance(depth, bool)
            or not isinstance(depth, int)
            or not start <= depth <= last.depth
        ):
            raise ValueError(
                f"depth must be one of the depths searched, {start}..{last.depth}, got {depth!r}"
            )
        return last.traces[depth - start]

    def show_search(self, depth: int | None = None) -> None:
        """Open the search that chose the computer's last move in the step-through
        viewer, below the board, at its last step; a timed player's earlier
        depths are in ``depth_menu``.

        Before the computer's first move there is none, and a player that
        does not record its searches has none to show: a short note says so.
        """
        from .widget import step_through

        try:
            last = self.decision()
            trace = self.search_trace(depth)
        except ValueError as error:
            self._close_viewer()
            hint = (
                " Make your move, then click <b>show me its search</b> to see how it "
                "chose its reply."
                if self.decided_at is None
                else ""
            )
            self.viewer_area.children = (
                widgets.HTML(f"<i>{html.escape(str(error)).capitalize()}.{hint}</i>"),
            )
            return
        self._close_viewer()
        self.viewer = step_through(trace, step=-1)
        shown = depth if depth is not None else last.depth
        note = widgets.HTML(self._search_note(last, trace, shown))
        children: list = [note]
        if len(last.traces) > 1:
            first = last.depth - len(last.traces) + 1
            self.depth_menu = ToggleGroup(
                [(str(d), d) for d in range(first, last.depth + 1)],
                shown,
                description="depth",
                tooltips=[
                    f"the depth-{d} search" + (" (played)" if d == last.depth else "")
                    for d in range(first, last.depth + 1)
                ],
            )
            self.depth_menu.observe(lambda change: self.show_search(change["new"]), "value")
            children.append(self.depth_menu)
        self.viewer_area.children = (*children, self.viewer)

    def _search_note(self, last: Decision, trace: Trace, depth: int) -> str:
        """A line over the viewer: which search this is, and what it chose."""
        frame = trace.frame(-1)
        visited = frame.counts["visited"]
        best = frame.best.get(frame.stack[0])
        chosen = trace.nodes()[best].action if best is not None else None
        played = depth == last.depth
        if played:
            what = f"The search that chose {last.action}: depth {depth}, {visited:,} nodes."
        elif chosen == last.action:
            what = (
                f"The depth-{depth} search ({visited:,} nodes) chose {chosen} too; the move "
                f"was played on the deeper search at depth {last.depth}."
            )
        else:
            what = (
                f"The depth-{depth} search ({visited:,} nodes) preferred {chosen}; the "
                f"deeper search at depth {last.depth} chose the move played, {last.action}."
            )
        return f"<b>{html.escape(what)}</b>"

    def _close_viewer(self) -> None:
        """Drop the viewer shown, and its figure, so that repeated clicks leave none behind."""
        if self.viewer is not None:
            import matplotlib.pyplot as plt

            plt.close(self.viewer.figure)
            self.viewer = None
        self.depth_menu = None
        self.viewer_area.children = ()
