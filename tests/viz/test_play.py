"""Games played with buttons, in the kernel: Dice Nim, tic-tac-toe and Isolation."""

import pytest

from aisearch import RandomOpponent, expectimax
from aisearch.evaluation import aggressive_mobility
from aisearch.games import DiceNim, GameTree, TicTacToe
from aisearch.games.isolation import Isolation
from aisearch.players import depth_player, random_player
from aisearch.viz import DiceNimTable
from aisearch.viz.play import GameBoard


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
    return [
        (r, c) for r, row in enumerate(board.cells) for c, b in enumerate(row) if not b.disabled
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
    assert board.cells[0][0].description == "X" and board.cells[0][0].disabled
    assert len(enabled(board)) == 7
    assert "searched to depth 2" in board.thinking.value
    assert f"played {reply}" in board.thinking.value.replace("&#x27;", "'")


def test_the_computer_moves_first_when_you_are_second_and_games_end_disabled():
    board = GameBoard(TicTacToe(), depth_player(9), you="O")
    assert len(board.moves) == 1 and len(enabled(board)) == 8
    while not board.over:
        r, c = enabled(board)[0]
        board.cells[r][c].click()
    assert enabled(board) == [] and "Game over" in board.status.value
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
    assert board.decision_text().endswith(f"{board.moves[-1]} (line cut short by the clock)")


def test_a_search_that_sees_the_end_calls_its_value_a_win():
    game = Isolation(4, 4)  # the second player wins (full alpha-beta: -160 for X)
    board = GameBoard(game, depth_player(16))
    board.cells[0][0].click()
    assert f"value +{game.win} for it (a win)" in board.thinking.value
