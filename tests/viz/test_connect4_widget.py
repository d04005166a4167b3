"""Connect Four against the solver, played with buttons in the kernel."""

import re

import pytest

from aisearch.connect4_solver import score_columns, solve
from aisearch.games.connect4 import ConnectFour
from aisearch.viz.connect4 import ConnectFourBoard


def test_a_click_drops_a_stone_and_the_computer_replies_with_the_solvers_column():
    board = ConnectFourBoard(ConnectFour(4, 4), show_scores=False)
    assert [b.description for b in board.buttons] == ["▼ 1", "▼ 2", "▼ 3", "▼ 4"]
    board.buttons[0].click()
    game = board.game
    reply = solve(game, game.from_moves("1")).action
    assert board.turns == [f"you 1, computer {reply + 1}"]
    assert board.state == game.from_moves(f"1{reply + 1}")
    assert "turn 1: you 1, computer" in board.history.value and board.state.moves == 2


def test_the_scores_under_the_board_are_the_solvers_and_a_full_column_is_disabled():
    game = ConnectFour()
    board = ConnectFourBoard(game, start="4455443", weak=False)
    # 7 stones played: O moves, so you are O.
    assert board.you == "O" and board.column_scores == {
        c: -solve(game, game.play(board.state, c)).value
        if c not in game.winning_moves(board.state)
        else (game.cells + 1 - 7) // 2
        for c in game.actions(board.state)
    }
    assert max(board.column_scores.values()) == solve(game, board.state).value
    # The row under the board shows score_columns' scores, column by column.
    solved = score_columns(game, board.state)
    shown = re.findall(r"<td [^>]*>([^<]*)</td>", board.scores.value)
    assert shown == [f"{solved[c]:+d}" if solved[c] else "0" for c in range(game.width)]
    assert shown == ["-17"] * 7  # O has lost already: every column loses, as late as possible
    full = ConnectFourBoard(ConnectFour(4, 4), start="1111", show_scores=False)
    assert full.buttons[0].disabled and not full.buttons[1].disabled


def test_the_computer_can_move_first_and_games_end_with_the_buttons_disabled():
    board = ConnectFourBoard(ConnectFour(4, 4), first="computer", show_scores=False)
    assert board.turns == ["computer 3"] and board.you == "O"  # the solver's centre column
    while not board.game.is_terminal(board.state):
        next(b for b in board.buttons if not b.disabled).click()
    assert all(b.disabled for b in board.buttons)
    assert board.status in ("A draw.", "The computer wins.")  # it never loses
    board.first_toggle.value = "you"  # a new game starts
    assert board.turns == [] and board.state.moves == 0 and board.you == "X"
    board.new_game_button.click()
    assert board.turns == [] and not board.buttons[0].disabled


def test_bad_options_are_named():
    with pytest.raises(ValueError, match="first must be 'you' or 'computer'"):
        ConnectFourBoard(first="me")
    with pytest.raises(ValueError, match="the game is already over"):
        ConnectFourBoard(ConnectFour(4, 4), start="1212121")


def test_draw_connect4_draws_every_cell_and_the_highlight():
    import matplotlib

    matplotlib.use("Agg")
    from aisearch.viz.connect4 import draw_connect4

    game = ConnectFour()
    state = game.from_moves("1122334")
    ax = draw_connect4(game, state, highlight=state.position ^ state.mask, title="X wins")
    assert len(ax.texts) == 7 * 7  # a bit number per cell, the spare row included
    rings = [p for p in ax.patches if getattr(p, "fill", True) is False]
    assert len(rings) == 4 and ax.get_title(loc="left") == "X wins"


def test_the_highlight_ring_is_the_colour_the_docstring_and_lecture_06_name():
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.colors import to_hex

    from aisearch.viz.connect4 import draw_connect4

    game = ConnectFour()
    state = game.from_moves("1122334")
    ax = draw_connect4(game, state, highlight=state.position)
    rings = [p for p in ax.patches if getattr(p, "fill", True) is False]
    assert {to_hex(p.get_edgecolor()) for p in rings} == {"#ffffff"}
    assert "thick white ring" in (draw_connect4.__doc__ or "")


def test_the_board_says_the_computer_is_thinking_while_it_solves():
    board = ConnectFourBoard(ConnectFour(4, 4), show_scores=False)
    seen = []  # what the page showed, in order, with the buttons' state
    board.history.observe(
        lambda change: seen.append((change["new"], [b.disabled for b in board.buttons])),
        names="value",
    )
    board.buttons[1].click()
    thinking = [(text, disabled) for text, disabled in seen if "thinking" in text]
    assert len(thinking) == 1 and all(thinking[0][1]), "one note, and no clicks meanwhile"
    assert "thinking" not in seen[-1][0] and "Your move" in seen[-1][0]
    board.first_toggle.value = "computer"  # a new game: the computer thinks first
    assert "thinking" in seen[-2][0] and seen[-1][0].count("turn 1: computer") == 1


def test_the_real_board_replies_by_search_when_the_solver_cannot_prove_in_time():
    """7 x 6 from the empty board: the solver cannot prove the first moves within
    its node limit, so the move comes from iterative deepening, and the board says
    so; the column scores are estimates, marked. The board's own budget (1 s):
    a smaller one left no time for even depth 1 on a loaded 2-core machine."""
    board = ConnectFourBoard(ConnectFour(), budget=1.0)
    assert not board.scores_solved and "≈" in board.scores.value
    board.buttons[3].click()
    assert re.fullmatch(r"searched \d+ moves deep: .+", board.decision), board.decision
    assert board.state.moves == 2 and "Its last move: searched" in board.history.value
    assert set(board.column_scores) == set(board.game.actions(board.state))
    assert all(-1 <= v <= 1 for v in board.column_scores.values())


def test_late_in_the_game_the_real_board_plays_the_solvers_column_and_says_solved():
    game = ConnectFour()
    board = ConnectFourBoard(game, start="4455443", weak=False)  # X wins at once
    assert board.scores_solved and "≈" not in board.scores.value
    board.first_toggle.value = "computer"  # the computer is O, and has lost already
    assert board.decision == "solved: you win with your next move"
    win = game.winning_moves(board.state)[0]
    board.buttons[win].click()
    assert board.status == "You win!"
    small = ConnectFourBoard(ConnectFour(4, 4), start="112233", first="computer")
    assert small.decision == "solved: the computer wins with this move"
    assert small.status == "The computer wins."


def test_a_budget_must_be_a_positive_number_of_seconds():
    for bad in (0, -1, "1", True):
        with pytest.raises(ValueError, match="budget must be a positive number of seconds"):
            ConnectFourBoard(ConnectFour(4, 4), budget=bad)


def test_a_full_column_says_full_and_a_click_on_it_says_why_and_changes_nothing():
    board = ConnectFourBoard(ConnectFour(4, 4), start="1111", show_scores=False)
    assert board.buttons[0].description == "full" and board.buttons[1].description == "▼ 2"
    assert board.buttons[0].tooltip == "column 1 is full"
    before = (board.state, list(board.turns), board.board.value, board.history.value)
    board.buttons[0].click()  # disabled in the browser; click() in code still runs it
    assert "Column 1 is full: pick another column." in board.message.value
    assert (board.state, board.turns, board.board.value, board.history.value) == before
    with pytest.raises(ValueError):
        board.drop(0)  # from code: the game's error, as before
    board.buttons[1].click()
    assert board.message.value == "" and board.state.moves == 6


def test_a_click_after_the_end_says_the_game_is_over():
    board = ConnectFourBoard(ConnectFour(4, 4), start="112233", first="computer")
    assert board.status == "The computer wins."
    board.buttons[3].click()
    assert "The game is over: click new game" in board.message.value


def test_the_computers_last_disc_is_ringed_and_named():
    game = ConnectFour(4, 4)
    board = ConnectFourBoard(game, show_scores=False)
    assert "aisearch-last-disc" not in board.board.value and board.last_reply is None
    board.buttons[0].click()
    column = board.last_reply
    assert board.turns == [f"you 1, computer {column + 1}"]
    assert board.board.value.count("aisearch-last-disc") == 1
    # The ringed disc is the computer's, in its column, on top.
    grid = game.grid(board.state)
    cells = re.findall(r"<div title='(.)'( class='aisearch-last-disc')?", board.board.value)
    ringed = [i for i, (_, ring) in enumerate(cells) if ring]
    row, col = divmod(ringed[0], game.width)
    assert col == column and grid[row][col] != board.you
    assert all(grid[r][col] == "." for r in range(row))
    assert f"The computer played column {column + 1} (ringed in white)." in board.history.value
    board.new_game_button.click()
    assert "aisearch-last-disc" not in board.board.value


def test_the_board_and_its_text_sit_in_a_wrapping_row():
    board = ConnectFourBoard(ConnectFour(4, 4), show_scores=False)
    row, viewer_area = board.children
    assert viewer_area is board.viewer_area  # the search shown goes below the board
    left, panel = row.children
    assert row.layout.flex_flow == "row wrap" and left.layout.flex == "0 0 auto"
    assert board.message in panel.children and board.history in panel.children
    assert board.column_grid in left.children and board.column_grid.layout.flex == "0 0 auto"


def test_columns_are_named_announced_and_stay_focusable_when_full():
    board = ConnectFourBoard(ConnectFour(4, 4), start="1111", show_scores=False)
    assert [b.name for b in board.buttons] == ["column 1, full", "column 2", "column 3", "column 4"]
    assert board.buttons[0].disabled and board.column_grid.label == "columns"
    assert board.column_grid.announcement == "New game. Your move."
    said = []
    board.column_grid.observe(lambda change: said.append(change["new"]), names="announcement")
    board.buttons[1].click()
    reply = board.last_reply + 1
    assert said == [
        "You dropped a stone in column 2. The computer is thinking.",
        f"You dropped a stone in column 2. The computer dropped a stone in column {reply}. "
        "Your move.",
    ]
    assert board.column_grid.focus == 1  # the column you played keeps the keys


def test_the_grid_has_a_text_alternative_and_the_first_move_toggle_says_which_is_pressed():
    board = ConnectFourBoard(ConnectFour(4, 4), start="22", show_scores=False)
    assert "role='img'" in board.board.value
    assert "column 2 red, yellow; column 3 empty" in board.board_description()
    assert html_attribute(board.board.value, "aria-label") == board.board_description()
    assert board.first_toggle.pressed == [True, False]
    board.first_toggle.index = 1  # a click on "computer" in the browser: a new game
    assert board.first_toggle.value == "computer" and board.turns == ["computer 3"]
    assert "The computer's last stone is on top of column 3." in board.board_description()


def html_attribute(text: str, name: str) -> str:
    import html

    return html.unescape(re.search(rf"{name}='([^']*)'", text).group(1))


def test_the_board_is_handed_its_player_and_its_scores():
    """The board never searches: it plays the player it is handed, and shows the
    scores it is handed; by default the package's connect4_player and column_scores."""
    from aisearch.decision import BOARD_DEFAULTS
    from aisearch.games.connect4 import threats_and_centre
    from aisearch.players import depth_player

    default = ConnectFourBoard(ConnectFour(4, 4), weak=True, budget=2.0)
    assert default.player.__name__ == "connect4_player(1.3 s, weak)"
    assert default.scorer is BOARD_DEFAULTS["connect4_scores"]
    asked = []

    def scorer(game, state, *, time_limit, weak, depth):
        asked.append((state, time_limit, weak, depth))
        return {c: 0.5 for c in game.actions(state)}, False

    game = ConnectFour(4, 4)
    player = depth_player(2, threats_and_centre)
    board = ConnectFourBoard(game, player=player, scorer=scorer)
    board.buttons[0].click()
    assert board.turns == [f"you 1, computer {player.last.action + 1}"]
    assert player.last.state == game.from_moves("1") and board.decision == ""
    assert board.column_scores == {c: 0.5 for c in range(4)} and not board.scores_solved
    assert asked[-1] == (board.state, 1.0 * 0.15, False, 3) and "≈+0.5" in board.scores.value


def test_a_board_with_no_default_to_take_says_so(monkeypatch):
    from aisearch.decision import BOARD_DEFAULTS

    monkeypatch.delitem(BOARD_DEFAULTS, "connect4_player")
    with pytest.raises(ValueError, match="no default 'connect4_player' for the board"):
        ConnectFourBoard(ConnectFour(4, 4))


# "show me its search" ----------------------------------------------------------------


def root_choice(trace):
    best = trace.frame(-1).best.get(0)
    return trace.nodes()[best].action if best is not None else None


def test_show_me_its_search_opens_the_solvers_search_that_proved_the_move():
    board = ConnectFourBoard(ConnectFour(4, 4), show_scores=False, budget=30.0)
    board.show_search()
    assert "has not moved yet" in board.viewer_area.children[0].value and board.viewer is None
    board.buttons[0].click()
    last = board.player.last
    assert board.decision.startswith("solved") and last.trace is None  # nothing recorded in play
    assert re.search(
        r"Its last move: solved: .+ \([\d,]+ nodes over all its searches of the root\)\.",
        board.history.value,
    )
    board.search_button.click()
    trace = board.search_trace()
    assert board.viewer is not None and board.viewer.trace is trace
    assert root_choice(trace) == board.last_reply  # the search shown chose the column played
    record = board.decision_record()
    assert sum(t.frame(-1).counts["visited"] for t in record.traces) == last.nodes
    note = board.viewer_area.children[0].value
    assert "The solver searched the root" in note and "the column played" in note
    assert (
        f"Column {board.last_reply + 1}, the column played, is the move that reached this bound"
        in note
    )
    menu = board.search_menu
    assert menu.description == "search of the root" and menu.value == record.traces.index(trace) + 1
    menu.value = 1  # the first search of the root, from the menu
    assert board.viewer.trace is record.traces[0] is board.search_trace(1)
    assert (
        "search 1 asked: is the computer&#x27;s score above" in board.viewer_area.children[0].value
    )
    with pytest.raises(ValueError, match=r"number must be one of the searches, 1\.\."):
        board.search_trace(len(record.traces) + 1)
    assert board.decision_record() is record  # run again once per decision, not per click
    board.buttons[1].click()  # your next move: the viewer showed the decision before it
    assert board.viewer is None and board.viewer_area.children == ()


def test_show_me_its_search_opens_the_deepest_search_when_the_board_searched():
    board = ConnectFourBoard(ConnectFour(), show_scores=False, budget=0.5)
    board.buttons[3].click()
    last = board.player.last
    assert board.decision.startswith("searched")
    assert f"({last.last_nodes:,} nodes; {last.nodes:,} over depths 1 to {last.depth})" in (
        board.history.value
    )
    board.show_search()
    trace = board.search_trace()
    assert root_choice(trace) == board.last_reply
    assert trace.frame(-1).counts["visited"] == last.last_nodes
    assert board.search_menu.options == [str(d) for d in range(1, last.depth + 1)]
    assert f"The search that chose column {board.last_reply + 1}: depth {last.depth}" in (
        board.viewer_area.children[0].value
    )
    board.search_menu.value = 1
    assert "The depth-1 search" in board.viewer_area.children[0].value


def test_a_player_that_records_in_play_is_shown_too_and_one_that_keeps_nothing_says_so():
    from aisearch.games.connect4 import threats_and_centre
    from aisearch.players import timed_player

    game = ConnectFour(4, 4)
    player = timed_player(0.2, threats_and_centre, max_depth=4)
    board = ConnectFourBoard(game, player=player, show_scores=False)
    assert player.trace  # the board asks it to record, as GameBoard does
    board.buttons[0].click()
    assert board.search_trace() is player.last.trace
    assert root_choice(board.search_trace()) == board.last_reply

    plain = ConnectFourBoard(game, player=lambda g, s: g.actions(s)[0], show_scores=False)
    plain.buttons[0].click()
    plain.show_search()
    assert "does not record its searches" in plain.viewer_area.children[0].value


def test_the_scores_after_a_reply_keep_to_what_is_left_of_its_share():
    import time

    asked = []

    def scorer(game, state, *, time_limit, weak, depth):
        asked.append(time_limit)
        return {c: 0 for c in game.actions(state)}, True

    def slow(game, state):
        time.sleep(0.5)
        return game.actions(state)[0]

    board = ConnectFourBoard(ConnectFour(4, 4), player=slow, scorer=scorer, budget=1.0)
    board.buttons[1].click()
    assert asked[-1] < 0.8 - 0.5 + 0.01  # the reply took 0.5 of the 0.8 s for both
    board.buttons[1].click()
    assert len(asked) == 3 and asked[-1] <= 0.8 - 0.5 + 0.01


def test_a_game_board_refuses_connect_four_and_points_to_its_own_board():
    from aisearch.players import timed_player
    from aisearch.viz.play import GameBoard

    with pytest.raises(ValueError, match=r"moves are columns, so play it on .*ConnectFourBoard"):
        GameBoard(ConnectFour(), timed_player(1.0))
