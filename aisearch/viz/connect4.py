"""Playing Connect Four against the computer, with a button per column.

``ConnectFourBoard`` draws the board as an HTML grid under a row of column
buttons. Click a column to drop your stone; the computer replies within its
``budget`` of seconds (1 by default). The board never searches: it is handed
its computer, a player, and by default (``aisearch.connect4_player``) that
plays the solver's best column when the solver proves the result inside a
share of the budget, and otherwise the move of an iterative-deepening
alpha-beta search, which always has a move ready when the clock runs out; the
board says which ("solved: ..." or "searched 9 moves deep: ..."). Under the
board each column's score is shown, from the scores it is handed
(``column_scores`` by default): the solver's (Pons' convention: positive
wins, the larger the sooner; 0 draws; negative loses) when it is proved
within the budget, else an estimate by a shallow search, marked with "≈".
Small boards are solved at every move; the real 7 x 6 board from the empty
position mostly searches. The budget is wall clock: the searches are handed
deadlines and stop in time on a busy machine too. "show me its search" opens
the search that chose the computer's last move in the step-through viewer:
the solver's searches of the root (one per null window it probed) or each
depth of iterative deepening, whichever decided; the default player records
nothing while it plays, and repeats that search, recording it, when asked
(``Decision.retrace``). Clicking a button in code (``button.click()``)
plays exactly as a click in the browser.

For a projector, every disc has a black outline (red, yellow and the white
holes all stand at least 3 : 1 against it, and red against yellow too), and
the computer's last disc has a white ring. A full column's button says
"full"; a click the rules refuse says why above the moves.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..decision import Decision, SearchPlayer, board_default
from ..games.connect4 import ConnectFour
from ..narration import format_value
from ..trace import Trace
from ..validation import require_bool
from .alt_text import set_description
from .arguments import require_axes, require_function, require_instance
from .board_style import CONNECT4_BLUE, DISC_COLOURS, DISC_NAMES, message_html
from .board_style import DISC_OUTLINE as OUTLINE
from .buttons import ButtonGrid, ButtonLook, ToggleGroup

COLOURS, COLOUR_NAMES = DISC_COLOURS, DISC_NAMES  # board_style's: the small boards' too
DISC_OUTLINE, LAST_DISC_RING, BOARD_BLUE = OUTLINE, "#ffffff", CONNECT4_BLUE
SCORE_COLOURS = {"win": "#1b7a2a", "loss": "#b02a1c", "draw": "#555555", "none": "#5c5c5c"}
"""A column's score under the board: green wins, red losses (each above 4.5 : 1 on white;
the sign says it too)."""
HIGHLIGHT_RING, NUMBER_COLOURS = "#ffffff", {"spare": "#5c5c5c", "X": "#ffffff", "other": "#222222"}
"""``draw_connect4``: the ring around a highlighted cell (white on the blue board), and a
cell's bit number on a spare cell (on white), on X's red disc, and elsewhere."""
CELL = 46  # pixels: a cell of the grid, and a column button
REPLY_SHARE, SCORES_SHARE = 0.65, 0.15
"""The parts of the budget for the computer's move and for proving the column
scores shown after it (the rest is slack for drawing the board, on a busy
machine too); the scores get less if the move took more than its part."""
SCORE_FONT = 12
"""Pixels of a column's score: an estimate such as ``≈+0.3`` fits its column."""
ESTIMATE_DEPTH = 3
"""The depth of the search that estimates a column's score when the solver
cannot prove it within the budget."""


class ConnectFourBoard(widgets.VBox):
    """Connect Four against the computer, played with column buttons.

    Args:
        game: the board size; ``ConnectFour(5, 4)`` by default.
        start: moves already played when a game begins (1-based, e.g. ``"3"``).
        first: ``"you"`` or ``"computer"``: who plays the first move after
            ``start``; the ``first`` toggle changes it for the next game.
        weak: show (and play by) win/draw/loss only: cheaper on big boards.
        show_scores: show each column's score under the board.
        budget: seconds (wall clock) the computer may take for a reply, its
            column scores included: the move gets 65 % of it (the default
            player: the solver first, then, if it cannot prove the result,
            iterative deepening), the column scores 15 % (else they are
            estimates), or what is left of the 80 % if the move took longer.
        player: the computer, a player function ``(game, state) -> column``;
            a ``SearchPlayer`` whose decision has a ``summary`` says how it
            chose, and one that records its searches can show them (the
            board asks it to, as ``GameBoard`` does). Default:
            ``connect4_player`` (``aisearch.connect4_player``) with 65 % of
            ``budget``, and ``weak``.
        scorer: the column scores, ``(game, state, *, time_limit, weak,
            depth) -> ({column: score}, solved)``; default
            ``aisearch.connect4_player.column_scores``.

    Attributes:
        decision: how the computer chose its last move, in words ("solved:
            ..." or "searched 9 moves deep: looks even").
        buttons: one per column, ``▼ 1``, ``▼ 2``, ...: ``GridButton``\\ s of
            ``column_grid``, a ``ButtonGrid`` named "column 1", "column 2",
            ... (arrow keys move between them; its status region announces
            each move, ``announcement``). Available on your turn for the
            columns that are not full (a full one says ``full``); the
            others are ``disabled`` (``aria-disabled``: still focusable, and
            a click says why it is refused).
        new_game_button, first_toggle: start again; who moves first (a
            ``ToggleGroup``, whose buttons say which is pressed).
        board, scores, history: the ``HTML`` widgets with the grid, the column
            scores and the moves so far (``turn 1: you 3, computer 2``), and
            how the computer chose its last move, with the nodes it searched.
        search_button: "show me its search": the search that chose the
            computer's last move in the step-through viewer (``viewer``, in
            ``viewer_area``, with ``search_menu`` to open another of the
            decision's searches: the solver's other searches of the root, or
            iterative deepening's shallower depths); see ``show_search``.
        message: an ``HTML`` widget that says why a click was refused (a
            full column, the game over); a move clears it.
        last_reply: the computer's last column (0-based), ``None`` before it
            moves; its disc is ringed.

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
        budget: float = 1.0,
        player: Callable | None = None,
        scorer: Callable | None = None,
    ):
        if game is not None:
            require_instance(game, ConnectFour, "game", "ConnectFourBoard", "ConnectFour(5, 4)")
        if not isinstance(start, str):
            raise ValueError(
                f"ConnectFourBoard was given start={start!r}: start must be a str of column "
                "numbers, such as '44' ('' for the empty board)"
            )
        for name, flag in (("weak", weak), ("show_scores", show_scores)):
            require_bool(flag, name)
        require_function(player, "player", "(game, state) -> column", "ConnectFourBoard")
        require_function(
            scorer, "scorer", "(game, state, ...) -> (scores, solved)", "ConnectFourBoard"
        )
        self.game = game or ConnectFour(5, 4)
        if first not in ("you", "computer"):
            raise ValueError(f"first must be 'you' or 'computer', got {first!r}")
        if isinstance(budget, bool) or not isinstance(budget, (int, float)) or not budget > 0:
            raise ValueError(f"budget must be a positive number of seconds, got {budget!r}")
        self.budget = budget
        if player is None:
            player = board_default("connect4_player")(budget * REPLY_SHARE, weak=weak)
        if isinstance(player, SearchPlayer):
            player.trace = True  # so that "show me its search" shows the search itself
        self.player = player
        self._recorded: tuple[Decision, Decision] | None = None  # (played, with its traces)
        self._scores_deadline: float | None = None  # the reply's, for the scores after it
        self.scorer = board_default("connect4_scores") if scorer is None else scorer
        self.decision = ""  # how the computer chose its last move, in words
        self._said: list[str] = []  # the last moves, as the status region says them
        self.last_reply: int | None = None
        # The column scores of one position, kept until the position changes.
        self._scores_for: tuple | None = None
        self._scores: tuple[dict, bool] = ({}, True)
        self.start = self.game.from_moves(start)
        if self.game.is_terminal(self.start):
            raise ValueError(f"the game is already over after start={start!r}")
        self.weak, self.show_scores = weak, show_scores
        self._focus = 0  # the column button that holds the keyboard's tab stop
        self.column_grid = ButtonGrid(
            [ButtonLook(f"▼ {c + 1}") for c in range(self.game.width)],
            columns=self.game.width,
            on_click=self._click,
            label="columns",
            hint="Arrow keys move between the columns; Enter or Space drops your stone.",
            gap=0,
            button_width=CELL,
            layout=widgets.Layout(flex="0 0 auto"),
        )
        self.buttons = [self.column_grid.button(c) for c in range(self.game.width)]
        self.first_toggle = ToggleGroup(["you", "computer"], first, description="first move:")
        self.first_toggle.observe(lambda _: self.new_game(), names="value")
        self.new_game_button = widgets.Button(description="new game")
        self.new_game_button.on_click(lambda _: self.new_game())
        self.search_button = widgets.Button(description="show me its search")
        self.search_button.on_click(lambda _: self.show_search())
        self.viewer_area = widgets.VBox()
        self.viewer: Any = None  # a StepViewer, once a search is shown
        self.search_menu: ToggleGroup | None = None
        self.board, self.scores, self.history = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.message = widgets.HTML()
        board = widgets.VBox(
            [self.column_grid, self.board, self.scores],
            # As wide as the grid (the scores' words wrap under it), never squeezed.
            layout=widgets.Layout(flex="0 0 auto"),
        )
        panel = widgets.VBox(
            [
                self.message,
                self.history,
                widgets.HBox(
                    [self.first_toggle, self.new_game_button, self.search_button],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
            ],
            # Beside the board while there is room for 260 pixels of text, else below it.
            layout=widgets.Layout(flex="1 1 320px", min_width="260px", margin="0 0 8px 16px"),
        )
        super().__init__(
            [
                widgets.Box(
                    [board, panel],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"),
                ),
                self.viewer_area,
            ]
        )
        self.new_game()

    # The game -------------------------------------------------------------------------

    def new_game(self) -> None:
        """Back to the start position; the computer moves first if asked to."""
        self.state, self.turns, self.decision, self.last_reply = self.start, [], "", None
        self._close_viewer()
        self._focus = self.game.actions(self.start)[0]
        self._said = ["New game."]
        mover = self.game.to_move(self.start)
        computer_first = self.first_toggle.value == "computer"
        self.you = mover if not computer_first else ("O" if mover == "X" else "X")
        if computer_first:
            self.show(thinking=True)
            self._start_clock()
            column = self.reply()
            self.turns.append(f"computer {column + 1}")
            self._said.append(f"The computer dropped a stone in column {column + 1}.")
        self.show()
        self._scores_deadline = None

    def reply(self) -> int:
        """The computer plays (``player``); returns its column (0-based)."""
        column = self.player(self.game, self.state)
        last = self.player.last if isinstance(self.player, SearchPlayer) else None
        self.decision = last.summary if last is not None else ""
        self.state = self.game.result(self.state, column)
        self.last_reply = column
        return column

    def _start_clock(self) -> None:
        """A reply starts: the scores shown after it must be done by the end of
        its share of the budget (the move's and the scores')."""
        self._scores_deadline = time.perf_counter() + self.budget * (REPLY_SHARE + SCORES_SHARE)

    def _click(self, column: int) -> None:
        """A click on a column's button: drop a stone, or say on the board why not."""
        if self.game.is_terminal(self.state):
            refusal = "The game is over: click new game to play again."
        elif column not in self.game.actions(self.state):
            refusal = f"Column {column + 1} is full: pick another column."
        else:
            self.drop(column)
            return
        self.message.value = message_html(refusal)

    def drop(self, column: int) -> None:
        """You drop a stone in ``column`` (0-based); the computer replies.

        Raises:
            ValueError: from the game, for a full column or a game over.
        """
        self.state = self.game.result(self.state, column)
        self._focus = column  # the keys go on from the column you played
        self._close_viewer()  # it showed the decision before this move, no longer the last
        turn = f"you {column + 1}"
        self._said = [f"You dropped a stone in column {column + 1}."]
        if not self.game.is_terminal(self.state):
            self.show(thinking=True)  # your stone, and a note, while the solver works
            self._start_clock()
            reply = self.reply() + 1
            turn += f", computer {reply}"
            self._said.append(f"The computer dropped a stone in column {reply}.")
        self.turns.append(turn)
        self.show()
        self._scores_deadline = None

    @property
    def column_scores(self) -> dict:
        """Each playable column's score for the player to move, and whether all
        are exact: ``{column: score}``; see ``scores_solved``."""
        return self._column_scores()[0]

    @property
    def scores_solved(self) -> bool:
        """Whether the column scores are the solver's (else estimates)."""
        return self._column_scores()[1]

    def _column_scores(self) -> tuple[dict, bool]:
        """The scores ``scorer`` gives within the scores' share of the budget
        (``SCORES_SHARE``; after a reply, no later than its share ends),
        estimates ``ESTIMATE_DEPTH`` plies deep if it cannot prove them. Kept
        until the position changes."""
        key = (self.state, self.weak, self.budget)
        if self._scores_for != key:
            time_limit = self.budget * SCORES_SHARE
            if self._scores_deadline is not None:
                left = self._scores_deadline - time.perf_counter()
                time_limit = max(min(time_limit, left), 0.01 * self.budget)
                self._scores_deadline = None
            self._scores = self.scorer(
                self.game, self.state, time_limit=time_limit, weak=self.weak, depth=ESTIMATE_DEPTH
            )
            self._scores_for = key
        return self._scores

    def announcement(self, thinking: bool = False) -> str:
        """What the status region over the columns says: your last move, the
        computer's reply, and what comes next.

        >>> board = ConnectFourBoard(ConnectFour(4, 4), show_scores=False)
        >>> board.buttons[1].click()
        >>> board.announcement()
        'You dropped a stone in column 2. The computer dropped a stone in column 3. Your move.'
        """
        if thinking:
            tail = "The computer is thinking."
        elif self.game.is_terminal(self.state):
            tail = f"Game over: {self.status}"
        else:
            tail = "Your move."
        return " ".join([*self._said, tail])

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

    # The search behind the last reply --------------------------------------------------

    def decision_line(self) -> str:
        """How the computer chose its last move, with the nodes it searched:
        "searched 8 moves deep: looks even (21,972 nodes; 31,050 over depths 1
        to 8)", "solved: ... (1,234 nodes)"; empty before its first move."""
        last = self.player.last if isinstance(self.player, SearchPlayer) else None
        if self.last_reply is None or last is None:
            return self.decision
        nodes = _nodes(last.nodes)
        if self.decision.startswith("solved"):  # the solver searches the root several times
            nodes = f"{nodes} over all its searches of the root"
        elif last.last_nodes is not None and last.last_nodes != last.nodes:
            nodes = f"{_nodes(last.last_nodes)}; {last.nodes:,} over depths 1 to {last.depth}"
        return f"{self.decision or f'column {last.action + 1}'} ({nodes})"

    def decision_record(self) -> Decision:
        """The computer's last decision, with the traces of its search: those it
        recorded, or, from a player that records nothing while it plays (the
        default), the same search run again with a recorder (``retrace``; once
        per decision).

        Raises:
            ValueError: the computer has not moved yet; its player keeps no
                decision (not a ``SearchPlayer``) or records none; or no search
                finished within its time (it played the first open column).
        """
        if self.last_reply is None:
            raise ValueError("the computer has not moved yet: there is no search to show")
        name = getattr(self.player, "__name__", repr(self.player))
        last = self.player.last if isinstance(self.player, SearchPlayer) else None
        if not isinstance(last, Decision):
            raise ValueError(
                f"the computer's player ({name}) does not record its searches: hand the board "
                "a connect4_player, a depth_player or a timed_player to see how it chose"
            )
        if not last.traces and last.retrace is not None:
            if self._recorded is None or self._recorded[0] is not last:
                self._recorded = (last, last.retrace())
            last = self._recorded[1]
        if not last.traces:
            raise ValueError(
                f"{name} completed no search within its time: it played the first open "
                "column, without searching"
            )
        return last

    def search_trace(self, number: int | None = None) -> Trace:
        """The trace of the search that chose the computer's last move.

        ``number`` picks another of the decision's searches, 1 the first: the
        solver's searches of the root (one per null window it probed), or
        iterative deepening's depths (``number`` is the depth). By default
        the one that chose the move: the solver's search that proved its
        score, or the deepest depth.

        Raises:
            ValueError: as ``decision_record``; or no search ``number``.
        """
        last = self.decision_record()
        if number is None:
            return last.trace
        count = len(last.traces)
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise ValueError(f"number must be one of the searches, 1..{count}, got {number!r}")
        return last.traces[number - 1]

    def show_search(self, number: int | None = None) -> None:
        """Open the search that chose the computer's last move (or search
        ``number``, as ``search_trace``) in the step-through viewer below the
        board, at its last step, with a line that says what it asked and found;
        the decision's other searches are in ``search_menu``.

        Before the computer's first move, or for a player that records no
        search, a short note says so instead.
        """
        from .widget import step_through

        try:
            last = self.decision_record()
            trace = self.search_trace(number)
        except ValueError as error:
            self._close_viewer()
            hint = (
                " Drop a stone, then click <b>show me its search</b> to see how it chose its reply."
                if self.last_reply is None
                else ""
            )
            self.viewer_area.children = (
                widgets.HTML(f"<i>{html.escape(str(error)).capitalize()}.{hint}</i>"),
            )
            return
        self._close_viewer()
        self.viewer = step_through(trace, step=-1)
        shown = last.traces.index(trace) + 1
        children: list = [widgets.HTML(f"<b>{html.escape(self._search_note(last, shown))}</b>")]
        if len(last.traces) > 1:
            probes = _is_probe(last.traces[0])
            played = last.traces.index(last.trace) + 1
            tooltips = [
                _question(t) if probes else f"the depth-{k} search"
                for k, t in enumerate(last.traces, 1)
            ]
            tooltips[played - 1] += " (chose the move)"
            self.search_menu = ToggleGroup(
                [(str(k), k) for k in range(1, len(last.traces) + 1)],
                shown,
                description="search of the root" if probes else "depth",
                tooltips=tooltips,
            )
            self.search_menu.observe(lambda change: self.show_search(change["new"]), "value")
            children.append(self.search_menu)
        self.viewer_area.children = (*children, self.viewer)

    def _search_note(self, last: Decision, number: int) -> str:
        """The line over the viewer: which search this is, and what it found."""
        trace = last.traces[number - 1]
        nodes = trace.frame(-1).counts["visited"]
        column, played = last.action + 1, trace is last.trace
        chose = _root_choice(trace)
        if not _is_probe(trace):
            depth = number + last.depth - len(last.traces)
            if played:
                return f"The search that chose column {column}: depth {depth}, {_nodes(nodes)}."
            if chose == last.action:
                return (
                    f"The depth-{depth} search ({_nodes(nodes)}) chose column {column} too; "
                    f"the move was played on the deeper search at depth {last.depth}."
                )
            return (
                f"The depth-{depth} search ({_nodes(nodes)}) preferred column {chose + 1}; the "
                f"deeper search at depth {last.depth} chose the move played, column {column}."
            )
        count = len(last.traces)
        said = (
            f"The solver searched the root {count} times, each time with a null window that "
            f"narrows the range of the score; search {number} asked: {_question(trace)} "
            f"{_answer(trace)} ({_nodes(nodes)})."
            if count > 1
            else f"The solver's search of the root: {_answer(trace)} ({_nodes(nodes)})."
        )
        if not played:
            return said
        if chose == last.action or trace.events[0].kind != "enter":
            return (
                f"{said} Column {column}, the column played, is the move that reached this "
                "bound; the other searches of the root narrowed the range of the score to it."
            )
        return (
            f"{said} The column played, {column}, is the first in the solver's order found "
            "to reach the score, by searches made afterwards (not recorded)."
        )

    def _close_viewer(self) -> None:
        """Drop the viewer shown, and its figure, so that repeated clicks leave none behind."""
        if self.viewer is not None:
            import matplotlib.pyplot as plt

            plt.close(self.viewer.figure)
            self.viewer = None
        self.search_menu = None
        self.viewer_area.children = ()

    # Drawing -------------------------------------------------------------------------

    def show(self, thinking: bool = False) -> None:
        """Draw the position. ``thinking``: the computer is about to move, so the
        buttons stay disabled, no scores are shown and the status says so."""
        over = self.game.is_terminal(self.state)
        playable = set(self.game.actions(self.state))
        looks = []
        for column in range(self.game.width):
            full = column not in playable and not over
            looks.append(
                ButtonLook(
                    "full" if full else f"▼ {column + 1}",
                    name=f"column {column + 1}" + (", full" if full else ""),
                    disabled=thinking or over or column not in playable,
                    classes=("jupyter-button", "widget-button"),
                    title=f"column {column + 1} is full"
                    if full
                    else f"drop a stone in column {column + 1}",
                )
            )
        self.column_grid.show(
            looks, announcement=self.announcement(thinking), focus=self._focus, busy=thinking
        )
        self.message.value = ""
        self.board.value = self._grid_html()
        shown = self.show_scores and not over and not thinking
        self.scores.value = self._scores_html() if shown else ""
        log = [f"turn {i}: {turn}" for i, turn in enumerate(self.turns, start=1)]
        status = "The computer is thinking..." if thinking else self.status
        if over:
            status += " Click new game to play again."
        how = "" if thinking or not self.decision else f"Its last move: {self.decision_line()}."
        if not thinking and self.last_reply is not None:
            how = f"The computer played column {self.last_reply + 1} (ringed in white). " + how
        self.history.value = (
            f"<pre style='margin:4px 0'>{html.escape(chr(10).join(log))}</pre>"
            f"<b>{html.escape(status)}</b>" + (f"<br>{html.escape(how)}" if how else "")
        )

    def _grid_html(self) -> str:
        grid = self.game.grid(self.state)
        last = None  # (row, column) of the computer's last disc: the top one of its column
        if self.last_reply is not None:
            column = self.last_reply
            last = (next(r for r, row in enumerate(grid) if row[column] != "."), column)
        rows = "".join(
            "<tr>" + "".join(_disc(who, (r, c) == last) for c, who in enumerate(row)) + "</tr>"
            for r, row in enumerate(grid)
        )
        return (
            f"<div role='img' aria-label='{html.escape(self.board_description(), quote=True)}'>"
            f"<table class='aisearch-grid-board' style='border-collapse:collapse;"
            f"background:{BOARD_BLUE};border-radius:6px'>{rows}</table></div>"
        )

    def board_description(self) -> str:
        """The grid in words, for a screen reader: each column's stones from the bottom up.

        >>> board = ConnectFourBoard(ConnectFour(4, 4), start="22", show_scores=False)
        >>> board.board_description()[:71]
        'The board, each column from the bottom up: column 1 empty; column 2 red'
        """
        grid = self.game.grid(self.state)
        columns = []
        for column in range(self.game.width):
            stones = [COLOUR_NAMES[row[column]] for row in reversed(grid) if row[column] != "."]
            columns.append(f"column {column + 1} {', '.join(stones) or 'empty'}")
        said = f"The board, each column from the bottom up: {'; '.join(columns)}."
        if self.last_reply is not None:
            said += f" The computer's last stone is on top of column {self.last_reply + 1}."
        return said

    def _scores_html(self) -> str:
        scores, solved = self._column_scores()
        cells = []
        for column in range(self.game.width):
            score = scores.get(column)
            if score is None:
                shown, colour = "", SCORE_COLOURS["none"]
            elif solved:
                shown = f"{score:+d}" if score else "0"
                colour = _score_colour(score)
            else:  # one decimal: an estimate says no more, and it fits its column
                rounded = round(score, 1) + 0.0  # + 0.0: never -0.0
                shown = f"≈{rounded:+.1f}" if rounded else "≈0.0"
                colour = _score_colour(rounded)
            cells.append(
                f"<td style='width:{CELL}px;padding:0;text-align:center;color:{colour};"
                f"font-weight:bold;font-size:{SCORE_FONT}px;white-space:nowrap'>{shown}</td>"
            )
        kind = (
            f"estimate (≈, a {ESTIMATE_DEPTH}-move search: the solver could not prove it "
            "within its time; ±1 is a win or loss it saw)"
            if not solved
            else "win (+1) / draw (0) / loss (−1)"
            if self.weak
            else "score: + wins (sooner is larger), 0 draws, − loses"
        )
        # Exactly as wide as the grid, a score under each column; the words wrap under it.
        width = CELL * self.game.width
        return (
            f"<table class='aisearch-scores' style='border-collapse:collapse;"
            f"table-layout:fixed;width:{width}px'><tr>{''.join(cells)}</tr></table>"
            f"<div class='aisearch-scores-caption' style='font-size:smaller;line-height:1.3;"
            f"white-space:normal;max-width:{max(width, 280)}px'>"
            f"each column's {kind}, for the player to move</div>"
        )


def _is_probe(trace: Trace) -> bool:
    """Whether ``trace`` is one of the solver's searches of the root: a search
    with a finite window (Pons' scores), or a root valued at once."""
    root = trace.events[0]
    return root.kind != "enter" or (root.alpha is not None and -1e9 < root.alpha)


def _root_choice(trace: Trace):
    """The column the root of ``trace`` ended on as its best, ``None`` if none."""
    best = trace.frame(-1).best.get(0)
    return trace.nodes()[best].action if best is not None else None


def _question(trace: Trace) -> str:
    """What one of the solver's searches of the root asked, from its window."""
    root = trace.events[0]
    if root.kind != "enter":
        return "a win with the next stone needs no search."
    if root.beta == root.alpha + 1:
        return f"is the computer's score above {format_value(root.alpha)}?"
    return (
        f"what is the computer's score, between {format_value(root.alpha)} and "
        f"{format_value(root.beta)}?"
    )


def _answer(trace: Trace) -> str:
    """What one of the solver's searches of the root found: the score, or a
    bound on it; to a null window's question, yes or no first."""
    root = trace.events[0]
    value, kind = trace.root_value(), trace.value_kinds().get(0, "exact")
    said = {"upper": "at most", "lower": "at least"}.get(kind, "exactly")
    found = f"it is {said} {format_value(value)}"
    if root.kind == "enter" and root.beta == root.alpha + 1:
        return f"{'Yes' if value >= root.beta else 'No'}: {found}"
    return f"the computer's score is {said} {format_value(value)}"


def _nodes(count: int) -> str:
    return f"{count:,} node{'s' if count != 1 else ''}"


def _score_colour(score: float) -> str:
    return SCORE_COLOURS["win" if score > 0 else "loss" if score < 0 else "draw"]


def _disc(who: str, last: bool) -> str:
    """One cell of the grid: a disc (or the white hole) with a black outline,
    and a white ring if it is the computer's last disc."""
    ring = f"box-shadow:0 0 0 3px {LAST_DISC_RING};" if last else ""
    marked = " class='aisearch-last-disc'" if last else ""
    return (
        f"<td style='width:{CELL}px;height:{CELL}px;padding:0;text-align:center'>"
        f"<div title='{who}'{marked} style='margin:auto;"
        f"width:{CELL - 12}px;height:{CELL - 12}px;border-radius:50%;background:{COLOURS[who]};"
        f"border:2px solid {DISC_OUTLINE};{ring}'></div></td>"
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
        highlight: a bitboard whose cells get a thick white ring (a four, a
            shifted copy, the playable cells...).
        title: written above the board.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Circle, Rectangle

    require_instance(game, ConnectFour, "game", "draw_connect4", "ConnectFour()")
    require_axes(ax, "draw_connect4")
    require_bool(numbers, "numbers")
    if isinstance(highlight, bool) or not isinstance(highlight, int):
        raise ValueError(
            f"draw_connect4 was given highlight={highlight!r}: highlight must be a bitboard "
            "(an int; 0 for none)"
        )
    state = game.initial_state() if state is None else game.check_state(state)
    if ax is None:
        _, ax = plt.subplots(figsize=(0.62 * game.width + 0.4, 0.62 * (game.height + 1) + 0.5))
    ax.add_patch(Rectangle((-0.5, -0.5), game.width, game.height, color=BOARD_BLUE, zorder=0))
    stones = game.stones(state)
    for column in range(game.width):
        for row in range(game.height + 1):
            bit = game.cell(column, row)
            spare = row == game.height
            who = "X" if stones["X"] & bit else "O" if stones["O"] & bit else "."
            if not spare:
                ax.add_patch(
                    Circle(
                        (column, row),
                        0.38,
                        facecolor=COLOURS[who],
                        edgecolor=DISC_OUTLINE,
                        zorder=1,
                    )
                )
            if highlight & bit:
                ax.add_patch(
                    Circle(
                        (column, row),
                        0.44,
                        fill=False,
                        edgecolor=HIGHLIGHT_RING,
                        linewidth=3,
                        zorder=2,
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
                    color=NUMBER_COLOURS["spare" if spare else "X" if who == "X" else "other"],
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
    set_description(ax, connect4_description(game, state, highlight, title))
    return ax


def connect4_description(
    game: ConnectFour, state, highlight: int = 0, title: str | None = None
) -> str:
    """A Connect Four position in words, column by column from the bottom, and
    its highlighted cells (``draw_connect4``'s picture).

    >>> game = ConnectFour(4, 4)
    >>> connect4_description(game, game.from_moves("12"), title="two moves")
    'Connect Four board "two moves", 4 columns by 4 rows; discs from the bottom: column 1: X; column 2: O; column 3: empty; column 4: empty.'
    """
    stones = game.stones(state)
    columns = []
    for column in range(game.width):
        discs = [
            "X" if stones["X"] & bit else "O"
            for row in range(game.height)
            if (bit := game.cell(column, row)) & (stones["X"] | stones["O"])
        ]
        columns.append(f"column {column + 1}: {', '.join(discs) or 'empty'}")
    named = f' "{title}"' if title else ""
    text = (
        f"Connect Four board{named}, {game.width} columns by {game.height} rows; "
        f"discs from the bottom: {'; '.join(columns)}."
    )
    ringed = [
        f"column {column + 1} row {row + 1}"
        for column in range(game.width)
        for row in range(game.height + 1)
        if highlight & game.cell(column, row)
    ]
    if ringed:
        text += f" Ringed in white: {', '.join(ringed)}."
    return text
