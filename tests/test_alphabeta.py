import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, alphabeta, minimax, negamax
from aisearch.games import GameTree, TicTacToe
from aisearch.paranoid import paranoid

from trees import (
    nested_trees,
    paranoid_by_definition,
    roots,
    textbook,
    zero_sum_evaluation,
)


def test_textbook_tree_cut_by_cut():
    #            A (max) = 3
    #     a1 /   a2 |   \ a3
    #    B = 3    C <= 2   D = 2    (min)
    #   3 12 8   2  x  x  14  5  2       x: pruned (the 4 and the 6)
    trace = Trace()
    result = alphabeta(textbook(), tracer=trace)
    assert (result.value, result.action) == (3, "a1")
    assert (result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (11, 7, 1)
    assert trace.visited() == list("ABEFGCHDKLM")
    assert trace.pruned() == ["I", "J"]
    [cut] = trace.of_kind("cutoff")
    assert (cut.state, cut.value, cut.alpha, cut.beta, cut.skipped) == ("C", 2, 3, 2, ("c2", "c3"))
    # The window each node was entered with.
    windows = {e.state: (e.alpha, e.beta) for e in trace.of_kind("enter")}
    assert windows == {
        "A": (-float("inf"), float("inf")),
        "B": (-float("inf"), float("inf")),
        "C": (3, float("inf")),
        "D": (3, float("inf")),
    }


def test_ties_prune_on_equal_or_not():
    #          A (max) = 3
    #        /      \
    #    B = 3      C = 3 or 1   (min)
    #    3   5      3   1   9
    tree = GameTree.from_nested([[3, 5], [3, 1, 9]])
    equal, strict = Trace(), Trace()
    on_equal = alphabeta(tree, tracer=equal)
    not_on_equal = alphabeta(tree, prune_on_equal=False, tracer=strict)
    assert on_equal.value == not_on_equal.value == minimax(tree).value == 3
    assert equal.visited() == list("ABDECF") and equal.pruned() == ["G", "H"]
    assert strict.visited() == list("ABDECFG") and strict.pruned() == ["H"]


def test_prune_on_equal_false_holds_at_the_searching_players_own_nodes_too():
    #        A (max) = 3
    #        |
    #        B (min) = 3
    #      /    \
    #   C (max)  D (max) >= 5, worth 3 to B either way
    #    |      /  |  \
    #    E 3   F 3 G 5 H 1
    #
    # D is entered with beta = 3 (B already has C = 3). F = 3 equals beta:
    # with prune_on_equal=False that is no cut, so G is looked at; G = 5 > 3
    # cuts, and only H is skipped. Cutting on the tie would skip G as well.
    tree = GameTree.from_nested([[[3], [3, 5, 1]]])
    strict, equal = Trace(), Trace()
    result = alphabeta(tree, prune_on_equal=False, tracer=strict)
    assert (result.value, result.action) == (minimax(tree).value, minimax(tree).action) == (3, "a1")
    assert strict.visited() == list("ABCEDFG") and strict.pruned() == ["H"]
    alphabeta(tree, tracer=equal)
    assert equal.visited() == list("ABCEDF") and equal.pruned() == ["G", "H"]


def test_order_hook_reorders_and_is_checked():
    tree = textbook()
    reverse = lambda game, state, actions: list(reversed(actions))  # noqa: E731
    trace = Trace()
    result = alphabeta(tree, order=reverse, tracer=trace)
    assert result.value == 3 and result.action == "a1"
    assert trace.visited() == list("ADMLKCJIHBGFE")  # worst order: nothing pruned
    with pytest.raises(ValueError, match="order hook must return a reordering"):
        alphabeta(tree, order=lambda g, s, a: a[:1])


def perfectly_ordered(tree):
    """An order hook putting each node's best child first (distinct values)."""
    value = {n: minimax(tree, n).value for n in tree.nodes}  # for the mover there

    def order(game, state, actions):
        # A child's value for the parent's mover: same mover keeps it, other negates.
        def worth(a):
            child = game.result(state, a)
            same = game.to_move(child) == game.to_move(state)
            return value[child] if same else -value[child]

        return sorted(actions, key=worth, reverse=True)

    return order


@pytest.mark.parametrize(
    "b, d", [(2, 1), (2, 2), (2, 3), (2, 4), (2, 5), (3, 2), (3, 3), (3, 4), (4, 3), (5, 2)]
)
def test_knuth_moore_minimal_tree_with_perfect_ordering(b, d):
    rng = random.Random(b * 100 + d)
    leaves = rng.sample(range(10 * b**d), b**d)  # distinct values, no ties

    def build(level):
        if level == 0:
            return leaves.pop()
        return [build(level - 1) for _ in range(b)]

    tree = GameTree.from_nested(build(d))
    best = alphabeta(tree, order=perfectly_ordered(tree))
    expected = b ** ((d + 1) // 2) + b ** (d // 2) - 1
    assert best.stats.leaves == expected
    worst = alphabeta(tree, order=lambda g, s, a: list(reversed(perfectly_ordered(tree)(g, s, a))))
    # Knuth and Moore: no order evaluates fewer leaves than the minimal tree.
    assert expected <= worst.stats.leaves <= b**d
    assert best.value == worst.value == minimax(tree).value


@given(nested_trees, roots)
def test_alphabeta_and_negamax_equal_minimax_on_random_trees(spec, root):
    tree = GameTree.from_nested(spec, root_role=root)
    plain = minimax(tree)
    for result in (
        alphabeta(tree),
        alphabeta(tree, prune_on_equal=False),
        negamax(tree),
        negamax(tree, prune=False),
    ):
        assert (result.value, result.action) == (plain.value, plain.action)
        assert result.stats.nodes <= plain.stats.nodes
    assert negamax(tree, prune=False).stats == plain.stats


@given(nested_trees, roots, st.randoms(use_true_random=False))
def test_ordering_never_changes_the_value(spec, root, rng):
    tree = GameTree.from_nested(spec, root_role=root)
    shuffle = lambda game, state, actions: rng.sample(actions, len(actions))  # noqa: E731
    value = minimax(tree).value
    assert alphabeta(tree, order=shuffle).value == value
    assert negamax(tree, order=shuffle).value == value


@given(nested_trees, roots, st.integers(0, 4))
def test_depth_limited_variants_agree(spec, root, depth):
    tree = GameTree.from_nested(spec, root_role=root)
    plain = minimax(tree, depth=depth, evaluate=zero_sum_evaluation)
    for search in (alphabeta, negamax):
        result = search(tree, depth=depth, evaluate=zero_sum_evaluation)
        assert (result.value, result.action) == (plain.value, plain.action)


@given(nested_trees, roots)
def test_negamax_visits_what_alphabeta_visits(spec, root):
    tree = GameTree.from_nested(spec, root_role=root)
    a, n = Trace(), Trace()
    alphabeta(tree, tracer=a)
    negamax(tree, tracer=n)
    assert n.events == a.events
    m, p = Trace(), Trace()
    minimax(tree, tracer=m)
    negamax(tree, prune=False, tracer=p)
    assert p.events == m.events


def all_positions(game):
    seen, stack = {game.initial_state()}, [game.initial_state()]
    while stack:
        state = stack.pop()
        for a in game.actions(state):
            child = game.result(state, a)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return sorted(seen)


@pytest.mark.slow
def test_every_tictactoe_position_agrees_with_minimax():
    game = TicTacToe()
    positions = all_positions(game)
    assert len(positions) == 5478
    reverse = lambda g, s, actions: list(reversed(actions))  # noqa: E731
    for state in positions:
        plain = minimax(game, state)
        expected = (plain.value, plain.action)
        assert (alphabeta(game, state).value, alphabeta(game, state).action) == expected, state
        assert alphabeta(game, state, prune_on_equal=False)[:2] == expected, state
        assert negamax(game, state)[:2] == expected, state
        assert negamax(game, state, prune=False)[:2] == expected, state
        assert alphabeta(game, state, order=reverse).value == plain.value, state
        assert negamax(game, state, order=reverse).value == plain.value, state


def test_tictactoe_from_the_empty_board():
    game = TicTacToe()
    plain = minimax(game)
    pruned = alphabeta(game)
    assert (plain.value, plain.action) == (0, (0, 0))
    assert (plain.stats.nodes, plain.stats.leaves) == (549946, 255168)
    assert (pruned.value, pruned.action) == (0, (0, 0))
    assert pruned.stats == negamax(game).stats
    assert pruned.stats.nodes < plain.stats.nodes / 20


THREE = ("P1", "P2", "P3")


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    depth=st.integers(0, 4),
    layers=st.lists(st.sampled_from(THREE), min_size=1, max_size=4),
    prune_on_equal=st.booleans(),
)
def test_on_three_players_alphabeta_is_the_root_players_paranoid_value(
    seed, depth, layers, prune_on_equal
):
    tree = GameTree.random(
        depth, (1, 3), players=THREE, values=(0, 9), seed=seed, layers=tuple(layers)
    )
    root_player = tree.to_move(tree.root)
    result = alphabeta(tree, prune_on_equal=prune_on_equal)
    assert result.value == paranoid_by_definition(tree, tree.root, root_player)
    expected = paranoid(tree)
    assert (result.value, result.action) == (expected.value, expected.action)
    # The first best action is minimax's: a pruned child never looks better.
    assert result.action == minimax(tree).action
