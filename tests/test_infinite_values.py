"""Infinite values are allowed, and every search still names a move.

The docs allow an evaluation or a utility of ``±inf`` (a proven win or loss).
When every move of a node is equally lost (``-inf`` for its player), the node
still has a best move: the first in the order searched, the rule for every
tie. These tests check it against a reference written here over the nested
lists themselves, on random trees holding infinities.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aisearch
from aisearch.games import GameTree, TicTacToe

values = st.one_of(st.integers(-6, 6), st.sampled_from([math.inf, -math.inf]))
trees_with_infinities = st.recursive(
    values, lambda children: st.lists(children, min_size=1, max_size=4), max_leaves=30
).filter(lambda spec: isinstance(spec, list))


def reference(spec, maximizing=True):
    """``(value, index of the first best child)`` of a nested list, MAX at the root."""
    if not isinstance(spec, list):
        return spec, None
    child_values = [reference(child, not maximizing)[0] for child in spec]
    best = max(child_values) if maximizing else min(child_values)
    return best, child_values.index(best)


SEARCHES = {
    "minimax": aisearch.minimax,
    "alphabeta": aisearch.alphabeta,
    "negamax": aisearch.negamax,
    "expectimax": aisearch.expectimax,
    "alphabeta with a table": lambda g: aisearch.alphabeta(g, table=aisearch.TranspositionTable()),
    "paranoid": aisearch.paranoid,
}


@pytest.mark.parametrize("name", SEARCHES)
@settings(max_examples=150, deadline=None)
@given(spec=trees_with_infinities)
def test_every_search_names_the_first_best_move_with_infinities(name, spec):
    tree = GameTree.from_nested(spec)
    value, index = reference(spec)
    result = SEARCHES[name](tree)
    assert result.value == value
    assert result.action == tree.actions(tree.initial_state())[index]


@pytest.mark.parametrize("name", ["minimax", "alphabeta", "negamax", "expectimax"])
def test_a_position_lost_whatever_is_played_still_gets_a_move(name):
    """The repro of issue 29: every reply valued -inf gave no move at all."""
    game = TicTacToe()
    lost = getattr(aisearch, name)(game, "XO..X....", depth=1, evaluate=lambda g, s, p: -math.inf)
    assert lost.value == -math.inf
    assert lost.action == game.actions("XO..X....")[0]
    player = aisearch.depth_player(1, evaluate=lambda g, s, p: -math.inf)
    assert player(game, "XO..X....") == lost.action


def test_a_chance_average_of_both_infinities_is_refused():
    tree = GameTree.from_nested([[math.inf, -math.inf]], layers=("max", "chance"))
    with pytest.raises(ValueError, match="no expected value"):
        aisearch.expectimax(tree)
