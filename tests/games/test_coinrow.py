import pytest

from aisearch import count_games, count_tree_nodes
from aisearch.games.coinrow import CoinRow, CoinRowState
from aisearch.maxn import maxn

from trees import maxn_by_definition


def terminal_states(game, state=None):
    """Every complete game's end, by walking the whole tree through the interface."""
    state = game.initial_state() if state is None else state
    if game.is_terminal(state):
        return [state]
    return [
        end for a in game.actions(state) for end in terminal_states(game, game.result(state, a))
    ]


def test_rules_take_from_either_end_in_turn():
    game = CoinRow((1, 5, 2, 6))
    s = game.initial_state()
    assert s == CoinRowState(0, 4, (0, 0, 0), 0) and game.to_move(s) == "P1"
    s = game.result(s, "right")  # P1 takes 6
    s = game.result(s, "left")  # P2 takes 1
    s = game.result(s, "right")  # P3 takes 2
    assert game.actions(s) == ("left",) and game.to_move(s) == "P1"
    s = game.result(s, "left")  # P1 takes 5
    assert game.is_terminal(s) and game.actions(s) == ()
    assert [game.utility(s, p) for p in game.players] == [11, 1, 2]
    assert game.describe(s) == "row empty | P1 11, P2 1, P3 2 | game over"


@pytest.mark.parametrize("n", range(1, 10))
def test_perft_two_to_the_n_minus_one_games(n):
    game = CoinRow(range(n))
    assert count_games(game) == 2 ** (n - 1)
    # 2^k nodes after k moves for k < n, and the 2^(n-1) ends after the last.
    assert count_tree_nodes(game) == (2**n - 1) + 2 ** (n - 1)


def test_constant_sum_every_game_ends_with_the_whole_row_shared():
    game = CoinRow((3, 9, 1, 2, 7, 4, 8))
    ends = terminal_states(game)
    assert len(ends) == 64
    assert all(sum(game.utility(s, p) for p in game.players) == game.total for s in ends)
    assert all(min(s.scores) >= 0 for s in ends)


def test_more_players_and_the_evaluation():
    game = CoinRow((4, 4, 4, 4), players=("a", "b"))
    s = game.result(game.initial_state(), "left")
    assert game.to_move(s) == "b"
    assert game.evaluate(s, "a") == 4 + 12 / 2
    four = CoinRow((1, 2, 3, 4, 5), players=("N", "E", "S", "W"))
    assert maxn(four).value == maxn_by_definition(four, four.initial_state())


def test_errors_name_the_culprit():
    with pytest.raises(ValueError, match="coins is empty"):
        CoinRow(())
    with pytest.raises(ValueError, match="coin 1 is -2"):
        CoinRow((1, -2))
    with pytest.raises(ValueError, match="coin 0 is 1.5"):
        CoinRow((1.5,))
    with pytest.raises(ValueError, match="at least two different names"):
        CoinRow((1, 2), players=("P1", "P1"))
    with pytest.raises(ValueError, match=r"at least two different names, got \('P1',\)"):
        CoinRow((1, 2), players=("P1",))
    game = CoinRow((1, 2))
    with pytest.raises(ValueError, match="'middle' is not a legal action"):
        game.result(game.initial_state(), "middle")
    with pytest.raises(ValueError, match="not terminal"):
        game.utility(game.initial_state(), "P1")
    with pytest.raises(ValueError, match="player must be one of"):
        game.evaluate(game.initial_state(), "P9")
    with pytest.raises(ValueError, match="is not a state of"):
        game.actions((0, 5, (0, 0, 0), 0))
    with pytest.raises(ValueError, match="n must be"):
        CoinRow.random(0)


def test_random_rows_are_seeded():
    assert CoinRow.random(8, seed=3).coins == CoinRow.random(8, seed=3).coins
    assert CoinRow.random(8, seed=3).coins != CoinRow.random(8, seed=4).coins
    assert all(0 <= c <= 5 for c in CoinRow.random(30, high=5, seed=1).coins)
