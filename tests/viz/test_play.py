"""Dice Nim played with buttons, in the kernel."""

from aisearch import RandomOpponent, expectimax
from aisearch.games import DiceNim, GameTree
from aisearch.viz import DiceNimTable


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
