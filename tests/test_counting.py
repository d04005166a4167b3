import pytest

from aisearch import (
    count_games,
    count_positions,
    count_tree_nodes,
    estimate_branching_factor,
)
from aisearch.games import GameTree, TicTacToe

from trees import textbook


def test_counts_on_a_small_tree_by_hand():
    tree = textbook()
    assert count_games(tree) == 9
    assert count_tree_nodes(tree) == 13
    assert count_positions(tree) == 13
    assert count_games(tree, "B") == 3 and count_tree_nodes(tree, "B") == 4


def test_counts_from_a_late_tictactoe_position_match_a_plain_walk():
    game = TicTacToe()
    state = game.from_rows("XO.", ".X.", "O..")

    def walk(s):
        if game.is_terminal(s):
            return 1, 1
        games = nodes = 0
        for a in game.actions(s):
            g, n = walk(game.result(s, a))
            games, nodes = games + g, nodes + n
        return games, nodes + 1

    assert (count_games(game, state), count_tree_nodes(game, state)) == walk(state)


def test_estimates_are_seeded_and_near_the_truth():
    game = TicTacToe()
    a = estimate_branching_factor(game, playouts=3000, seed=7)
    b = estimate_branching_factor(game, playouts=3000, seed=7)
    assert a == b
    assert 7 < a.length < 9 and 4.5 < a.branching < 6.5
    # Knuth's estimator is unbiased: within 10% of 549,946 with 3,000 playouts.
    assert abs(a.tree_size - count_tree_nodes(game)) < 0.1 * 549_946
    uniform = estimate_branching_factor(GameTree.random(4, 3, seed=1), playouts=10)
    assert uniform.branching == 3 and uniform.tree_size == 1 + 3 + 9 + 27 + 81


def test_bad_playouts():
    with pytest.raises(ValueError, match="playouts must be"):
        estimate_branching_factor(TicTacToe(), playouts=0)
