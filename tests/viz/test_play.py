"""Games played with buttons, in the kernel: Dice Nim, tic-tac-toe and Isolation."""

import html

import pytest

from aisearch import RandomOpponent, expectimax
from aisearch.evaluation import aggressive_mobility
from aisearch.games import DiceNim, GameTree, TicTacToe
from aisearch.games.isolation import Isolation
from aisearch.players import depth_player, random_player
from aisearch.viz import DiceNimTable
from aisearch.viz.board_style import BOARD, BUSY, CELL_PX, LAST, board_css
from aisearch.viz.play import GameBoard, cell_words


def play_to_the_end(table):
    clicks = 0
    while not table.game.is_terminal(table.state):
        enabled = [b for b in table.buttons if not b.disabled]
        enabled[-1].click()
        clicks += 1
    return clicks


def test_a_click_plays_a_move_and_the_computer_replies():
    table = DiceNimTable(seed=4)
    roll = table.state.roll
    assert [b.disabled for b in table.buttons] == [k > roll for k in (1, 2, 3)]
    table.buttons[0].click()
    assert table.moves[0].startswith("you took 1, B rolled ")
    assert table.state.stones <= 5 and "turn 1: you took 1" in table.board.value
    assert table.state.player == "A" and table.state.roll is not None


def test_games_end_with_every_button_disabled_and_are_seeded():
    one, two = DiceNimTable(seed=9), DiceNimTable(seed=9)
    assert play_to_the_end(one) == play_to_the_end(two) and one.moves == two.moves
    assert all(b.disabled for b in one.buttons)
    assert "Your chance" not in one.board.value
    one.new_game_button.click()
    assert one.moves == [] and one.state.stones == 7


def test_a_small_pile_with_a_two_faced_die():
    table = DiceNimTable(DiceNim(stones=3, die=2), seed=0)
    assert len(table.buttons) == 2
    play_to_the_end(table)
    assert table.game.is_terminal(table.state)


def test_random_opponent_turns_the_opponent_into_chance():
    tree = GameTree.from_nested([[0, 0, 3], [-3, 3, 6]])
    optimist = RandomOpponent(tree, "MIN")
    assert optimist.to_move("B") == "chance" and optimist.to_move("A") == "MAX"
    assert optimist.chance_outcomes("C") == (("c1", 1 / 3), ("c2", 1 / 3), ("c3", 1 / 3))
    result = expectimax(optimist)
    assert (result.value, result.action) == (2, "a2")


# Board games with buttons: tic-tac-toe and Isolation --------------------------


def enabled(board):
    """The cells drawn as legal (a dot, class aisearch-legal), row by row."""
    return [
        (r, c)
        for r, row in enumerate(board.cells)
        for c, b in enumerate(row)
        if "aisearch-legal" in b.classes
    ]


def test_tic_tac_toe_board_a_click_and_the_reply():
    board = GameBoard(TicTacToe(), depth_player(2))
    assert len(enabled(board)) == 9 and board.thinking.value == "<span></span>"
    board.search_button.click()  # nothing to show yet: a note says so
    assert board.viewer is None and "has not moved yet" in board.viewer_area.children[0].value
    board.cells[0][0].click()
    assert board.moves[0] == (0, 0) and len(board.moves) == 2
    reply = board.moves[1]
    assert board.cells[reply[0]][reply[1]].description == "O"
    assert board.cells[0][0].description == "X" and (0, 0) not in enabled(board)
    assert len(enabled(board)) == 7 and enabled(board) == board.legal_cells
    assert "searched to depth 2" in board.thinking.value
    assert f"played {cell_words(reply)}" in board.thinking.value.replace("&#x27;", "'")


def test_the_computer_moves_first_when_you_are_second_and_games_end_with_no_legal_cell():
    board = GameBoard(TicTacToe(), depth_player(9), you="O")
    assert len(board.moves) == 1 and len(enabled(board)) == 8
    while not board.over:
        r, c = enabled(board)[0]
        board.cells[r][c].click()
    assert enabled(board) == board.legal_cells == [] and "Game over" in board.status.value
    assert "You lost." in board.status.value or "A draw." in board.status.value
    board.new_game_button.click()
    assert len(board.moves) == 1 and not board.over


def test_isolation_board_enables_only_legal_targets():
    game = Isolation(5, 5)
    board = GameBoard(game, depth_player(2))
    board.cells[2][2].click()
    assert set(enabled(board)) == set(game.actions(board.state))
    first = enabled(board)[0]
    board.cells[first[0]][first[1]].click()
    assert board.moves[2] == first and len(board.moves) == 4
    assert set(enabled(board)) == set(game.actions(board.state))
    marks = {b.description for row in board.cells for b in row}
    assert {"X", "O", "#"} <= marks


def test_board_errors_are_named():
    with pytest.raises(ValueError, match="you must be one of"):
        GameBoard(TicTacToe(), random_player(0), you="Z")
    board = GameBoard(TicTacToe(), random_player(0))
    with pytest.raises(ValueError, match="not a legal move"):
        board.play((5, 5))
    with pytest.raises(ValueError, match="has not moved yet"):
        board.search_trace()


def test_the_thinking_says_what_the_value_means_and_when_the_clock_cut_the_line():
    game = TicTacToe()
    board = GameBoard(game, depth_player(9))
    board.cells[1][1].click()  # depth 9 sees the end: a draw
    assert "value +0 for it (a draw)" in board.thinking.value
    assert "cut short" not in board.thinking.value
    six = Isolation(6, 6)
    board = GameBoard(six, depth_player(2, aggressive_mobility))
    board.cells[0][0].click()
    assert f"(an estimate by its evaluation; a win would be +{six.win})" in board.thinking.value
    # The clock runs out while the line is worked out: one move, marked as cut short.
    board.opponent.last = board.opponent.last._replace(line=board.opponent.last.line[:1])
    row, column = board.moves[-1]
    assert board.decision_text().endswith(f" {row + 1},{column + 1} (line cut short by the clock)")


def test_a_search_that_sees_the_end_calls_its_value_a_win():
    game = Isolation(4, 4)  # the second player wins (full alpha-beta: -160 for X)
    board = GameBoard(game, depth_player(16))
    board.cells[0][0].click()
    assert f"value +{game.win} for it (a win)" in board.thinking.value


# Boards a class can see: sizes, marks, the last move, refused clicks ----------


def looks(board):
    """Everything a click must not change when it is refused."""
    return (
        board.state,
        list(board.moves),
        [[(b.description, b.name, b.disabled, b.classes) for b in row] for row in board.cells],
        board.status.value,
        board.thinking.value,
    )


def ringed(board):
    return [
        (r, c) for r, row in enumerate(board.cells) for c, b in enumerate(row) if LAST in b.classes
    ]


def test_cells_keep_their_size_and_the_text_wraps_below_on_a_narrow_page():
    board = GameBoard(TicTacToe(), random_player(0))
    style, row, _ = board.children
    assert style.value == board_css() and style.layout.display == "none"
    assert BOARD in board._dom_classes
    grid, panel = row.children
    assert row.layout.flex_flow == "row wrap"
    assert grid.layout.flex == "0 0 auto" and panel.layout.min_width == "240px"
    assert grid is board.grid and grid.button_width == CELL_PX
    assert f"width: {CELL_PX}px; height: {CELL_PX}px" in board_css()
    assert not any(cell.disabled for r in board.cells for cell in r)  # all legal at the start


def test_an_occupied_cell_says_so_on_the_board_and_changes_nothing():
    board = GameBoard(TicTacToe(), depth_player(2))
    board.cells[1][1].click()
    reply = board.moves[1]
    before = looks(board)
    board.cells[1][1].click()  # yours
    assert board.message.value == (
        "<div class='aisearch-message' role='alert'>"
        "Row 2, column 2 is taken: pick an empty cell marked •.</div>"
    )
    assert looks(board) == before
    board.cells[reply[0]][reply[1]].click()  # the computer's
    taken = f"{cell_words(reply).capitalize()} is taken"
    assert taken in board.message.value and looks(board) == before
    with pytest.raises(ValueError, match=r"Row 2, column 2 is taken"):
        board.play((1, 1))  # from code: an error, as before
    assert looks(board) == before
    r, c = board.legal_cells[0]
    board.cells[r][c].click()  # a legal move clears the message
    assert board.message.value == "" and len(board.moves) == 4


def test_legal_cells_show_a_dot_and_the_status_says_click_an_empty_cell():
    board = GameBoard(TicTacToe(), depth_player(2))
    assert enabled(board) == board.legal_cells == list(TicTacToe().actions(board.state))
    assert "Your move: click an empty cell marked •." in board.status.value
    assert "The computer played" not in board.status.value and ringed(board) == []


def test_the_computers_last_move_is_ringed_and_named():
    board = GameBoard(TicTacToe(), depth_player(2))
    board.cells[0][0].click()
    first = board.moves[-1]
    assert ringed(board) == [first]
    assert f"The computer played {cell_words(first)}, ringed in orange." in html.unescape(
        board.status.value
    )
    r, c = board.legal_cells[0]
    board.cells[r][c].click()
    assert ringed(board) == [board.moves[-1]] != [first]  # only the latest
    second = GameBoard(TicTacToe(), depth_player(2), you="O")  # it moved first
    assert ringed(second) == [second.moves[0]]


def test_a_click_after_the_end_or_on_the_computers_turn_gets_a_message():
    board = GameBoard(TicTacToe(), depth_player(9))
    while not board.over:
        r, c = board.legal_cells[0]
        board.cells[r][c].click()
    before = looks(board)
    board.cells[0][0].click()
    assert "The game is over: click new game" in board.message.value and looks(board) == before
    with pytest.raises(ValueError, match="The game is over"):
        board.play((0, 0))
    assert "Click new game to play again." in board.status.value

    seen = {}

    def impatient(game, state):
        """A computer that meets a click while it thinks, as a queued click would."""
        seen["classes"] = board._dom_classes
        seen["status"] = board.status.value
        board.cells[2][2].click()
        seen["message"] = board.message.value
        return game.actions(state)[0]

    board = GameBoard(TicTacToe(), impatient)
    board.cells[1][1].click()
    assert "Wait: it is the computer's turn." in html.unescape(seen["message"])
    assert BUSY in seen["classes"] and "The computer is thinking" in seen["status"]
    assert board.moves == [(1, 1), (0, 0)] and BUSY not in board._dom_classes


def test_isolation_says_which_squares_are_out_of_reach_and_rings_the_computers_square():
    game = Isolation(5, 5)
    board = GameBoard(game, depth_player(2))
    board.cells[2][2].click()
    assert ringed(board) == [board.state.o]
    far = next(
        (r, c)
        for r in range(5)
        for c in range(5)
        if (r, c) not in game.actions(board.state) and board.cells[r][c].description == ""
    )
    before = looks(board)
    board.cells[far[0]][far[1]].click()
    assert f"{cell_words(far).capitalize()} is out of your reach: pick a cell marked •." in (
        board.message.value
    )
    assert looks(board) == before
    board.cells[2][2].click()  # your own piece
    assert "Row 3, column 3 is taken" in board.message.value
    r, c = board.legal_cells[0]
    board.cells[r][c].click()
    assert ringed(board) == [board.state.o] and "aisearch-blocked" in board.cells[2][2].classes


def test_dice_nim_says_why_a_take_is_refused():
    table = DiceNimTable(DiceNim(stones=7, die=3), seed=4)
    top = min(table.state.roll, table.state.stones)
    if top < 3:
        before = (table.state, list(table.moves), table.board.value)
        table.buttons[2].click()  # disabled in the browser; click() in code still runs it
        assert f"You cannot take 3: the die shows {table.state.roll}" in table.message.value
        assert (table.state, table.moves, table.board.value) == before
    table.buttons[0].click()
    assert table.message.value == ""
    play_to_the_end(table)
    table.buttons[0].click()
    assert "The game is over" in table.message.value
    with pytest.raises(ValueError, match="the game is over"):
        table.take(1)
    assert table.takes.layout.flex == "0 0 auto"


def test_a_new_game_clears_every_mark():
    board = GameBoard(TicTacToe(), depth_player(2))
    assert {b.description for row in board.cells for b in row} == {""}
    board.cells[1][1].click()
    board.new_game_button.click()
    assert {b.description for row in board.cells for b in row} == {""}


# Boards for the keyboard and a screen reader -----------------------------------


def test_cells_are_named_as_people_count_and_unavailable_cells_stay_focusable():
    board = GameBoard(TicTacToe(), depth_player(2))
    assert board.cells[0][1].name == "row 1, column 2, empty"
    assert board.grid.label == "board, 3 rows by 3 columns" and "Arrow keys" in board.grid.hint
    board.cells[1][1].click()
    (r, c) = board.moves[1]
    assert board.cells[1][1].name == "row 2, column 2, X" and board.cells[1][1].disabled
    assert board.cells[r][c].name == f"row {r + 1}, column {c + 1}, O, the computer's last move"
    assert board.cells[r][c].disabled
    assert [
        (i, j) for i, row in enumerate(board.cells) for j, b in enumerate(row) if not b.disabled
    ] == board.legal_cells  # exactly the legal cells may be pressed, and the rest say so
    assert board.cells[1][1].description == "X"


def test_isolation_names_blocked_squares_and_marks_squares_out_of_reach_unavailable():
    game = Isolation(5, 5)
    board = GameBoard(game, depth_player(2))
    board.cells[2][2].click()
    r, c = board.legal_cells[0]
    board.cells[r][c].click()
    assert board.cells[2][2].name == "row 3, column 3, blocked"
    far = [
        b for row in board.cells for b in row if b.description == "" and b.disabled
    ]  # empty, but out of your piece's reach
    assert far and all(b.name.endswith(", empty") for b in far)


def test_the_status_region_announces_your_move_and_the_computers_reply():
    board = GameBoard(TicTacToe(), depth_player(2))
    assert board.grid.announcement == "New game. Your move."
    said = []
    board.grid.observe(lambda change: said.append(change["new"]), names="announcement")
    board.cells[1][1].click()
    assert said == [
        "You played row 2, column 2. The computer is thinking.",
        "You played row 2, column 2. The computer played row 1, column 1. Your move.",
    ]
    second = GameBoard(TicTacToe(), depth_player(2), you="O")
    r, c = second.moves[0]
    assert second.grid.announcement == (
        f"New game. The computer played row {r + 1}, column {c + 1}. Your move."
    )
    while not board.over:
        r, c = board.legal_cells[0]
        board.cells[r][c].click()
    assert board.grid.announcement.endswith(
        ("Game over: you won.", "Game over: you lost.", "Game over: a draw.")
    )


def test_the_focus_stays_on_the_cell_you_played_and_the_grid_is_busy_while_it_thinks():
    board = GameBoard(Isolation(5, 5), depth_player(2))
    first = board.legal_cells[0]
    assert board.grid.focus == first[0] * 5 + first[1]  # a new game: the first legal cell
    busy = []
    board.grid.observe(lambda change: busy.append(change["new"]), names="busy")
    board.cells[2][2].click()
    assert busy == [True, False] and board.grid.focus == 2 * 5 + 2
    board.cells[0][0].click()  # refused (out of reach): the focus does not move
    assert board.grid.focus == 12


def test_the_depth_menu_says_which_depth_is_shown():
    from aisearch.players import timed_player
    from aisearch.viz.buttons import ToggleGroup

    board = GameBoard(TicTacToe(), timed_player(5.0, max_depth=3))
    board.cells[1][1].click()
    board.search_button.click()
    menu = board.depth_menu
    assert isinstance(menu, ToggleGroup) and menu.description == "depth"
    assert (
        menu.pressed == [False, False, True] and menu.tooltips[-1] == "the depth-3 search (played)"
    )


def test_dice_nim_announces_each_turn_and_keeps_unavailable_takes_focusable():
    table = DiceNimTable(DiceNim(stones=7, die=3), seed=4)
    roll = table.state.roll
    assert [b.name for b in table.buttons] == ["take 1", "take 2", "take 3"]
    assert table.takes.announcement == f"New game. 7 stones left. Your die shows {roll}: " + (
        "take 1." if roll == 1 else f"take 1 to {roll}."
    )
    assert [b.disabled for b in table.buttons] == [k > roll for k in (1, 2, 3)]
    # The pile's dots are hidden from screen readers, which read "(N left)".
    assert "<span aria-hidden='true'>● ● ●" in table.board.value
    assert "</span>  (7 left)" in table.board.value
    table.buttons[0].click()
    assert table.takes.announcement.startswith(f"Turn 1: {table.moves[0]}. ")
    assert table.takes.focus == 0
    play_to_the_end(table)
    assert table.takes.announcement.endswith(
        ("you took the last stone and won.", "B took the last stone; you lost.")
    )
    assert all(b.disabled for b in table.buttons)  # unavailable, yet named and focusable


def test_the_dice_nim_table_is_handed_its_search():
    from aisearch.decision import BOARD_DEFAULTS

    assert DiceNimTable(seed=1).search is BOARD_DEFAULTS["dicenim_search"] is expectimax

    def take_one(game, state):
        return expectimax(game, state)._replace(action=1)

    table = DiceNimTable(seed=1, search=take_one)
    table.buttons[0].click()
    assert table.moves[0].endswith("and took 1") and table.search is take_one
