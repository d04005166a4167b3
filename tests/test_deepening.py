"""Iterative deepening: a legal move always ready, the right move at every depth."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aisearch import alphabeta, minimax, negamax
from aisearch.deepening import (
    DeepeningResult,
    deepen,
    deepening_overhead,
    iterative_deepening,
    principal_line,
)
from aisearch.evaluation import mobility_difference
from aisearch.games import GameTree, TicTacToe
from aisearch.games.isolation import Isolation


def random_positions(game, count, seed, plies=None):
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = game.initial_state()
        for _ in range(rng.randrange(plies or 9)):
            if game.is_terminal(state):
                break
            actions = game.actions(state)
            state = game.result(state, actions[rng.randrange(len(actions))])
        if not game.is_terminal(state):
            found.append(state)
    return found


def value_of_move(game, state, action, depth, evaluate):
    """The depth-limited value, for the player at ``state``, of playing ``action`` there."""
    child = game.result(state, action)
    player = game.to_move(state)
    if game.is_terminal(child) or depth == 1:
        return (
            game.utility(child, player)
            if game.is_terminal(child)
            else (evaluate or (lambda g, s, p: g.evaluate(s, p)))(game, child, player)
        )
    value = minimax(game, child, depth=depth - 1, evaluate=evaluate).value
    return value if game.to_move(child) == player else -value


def assert_every_iteration_is_a_finished_depth(game, state, r, evaluate):
    """Each reported depth has depth-limited minimax's value, and a move that achieves it.

    Timing-independent: however far the clock let the search go, every
    iteration it reports must be a whole search of that depth.
    """
    for it in r.iterations:
        plain = minimax(game, state, depth=it.depth, evaluate=evaluate)
        assert it.value == pytest.approx(plain.value), (state, it.depth)
        assert value_of_move(game, state, it.action, it.depth, evaluate) == pytest.approx(
            plain.value
        ), (state, it.depth)
        assert it.nodes >= 1 and it.line[0] == it.action


GAMES = [
    (TicTacToe(), None, 9),
    (Isolation(5, 5), mobility_difference, 6),
    (Isolation(4, 4, "queen"), None, 8),
]


@pytest.mark.parametrize("game, evaluate, plies", GAMES, ids=lambda g: repr(g)[:20])
def test_each_completed_depth_plays_a_value_optimal_move(game, evaluate, plies):
    for state in random_positions(game, 12, seed=1, plies=plies):
        for it in deepen(game, state, max_depth=4, evaluate=evaluate):
            plain = minimax(game, state, depth=it.depth, evaluate=evaluate)
            assert it.value == pytest.approx(plain.value)
            assert it.action in game.actions(state)
            assert value_of_move(game, state, it.action, it.depth, evaluate) == pytest.approx(
                plain.value
            )
            assert it.line[0] == it.action


@pytest.mark.parametrize("time_limit", [1e-9, 1e-6, 1e-4, 1e-3, 1e-2])
def test_a_legal_move_is_always_ready_however_short_the_clock(time_limit):
    for game, evaluate, plies in GAMES:
        for state in random_positions(game, 15, seed=int(-math.log10(time_limit)), plies=plies):
            r = iterative_deepening(
                game,
                state,
                time_limit=time_limit,
                evaluate=evaluate,
                max_depth=None if hasattr(game, "max_plies") else 9,
            )
            assert isinstance(r, DeepeningResult)
            assert r.action is not None and r.action in game.actions(state)
            assert r.fallback == (r.depth == 0) == (not r.iterations)
            if r.fallback:
                assert r.action == game.actions(state)[0] and r.value is None
            else:
                assert r.action == r.iterations[-1].action
                assert [it.depth for it in r.iterations] == list(range(1, r.depth + 1))
            assert_every_iteration_is_a_finished_depth(game, state, r, evaluate)


def test_far_too_short_a_clock_falls_back_to_the_first_legal_move():
    game = Isolation(7, 7)
    r = iterative_deepening(game, time_limit=1e-9)
    assert r.fallback and r.depth == 0 and r.action == (0, 0) and r.iterations == ()


def off_by_a_half(game, state, player):
    """Mobility difference shifted by 1/2 towards the first player: still zero-sum,
    and never a whole number, so no depth-limited value is 0 and a made-up
    iteration cannot match minimax by luck."""
    shift = 0.5 if player == game.players[0] else -0.5
    return mobility_difference(game, state, player) + shift


def test_the_clock_stops_a_search_inside_a_depth():
    """The clock abandons a search mid-depth on 7x7 Isolation, and the move and
    value reported are those of the last depth that finished. (max_depth only
    bounds the cost of checking with plain minimax on a very fast machine.)"""
    game = Isolation(7, 7)
    for state in random_positions(game, 4, seed=5, plies=4):
        r = iterative_deepening(game, state, time_limit=0.02, max_depth=8, evaluate=off_by_a_half)
        assert not r.complete and r.depth <= 8
        # A loaded machine may not finish even depth 1: then the first legal move.
        assert r.fallback == (r.depth == 0)
        if not r.fallback:
            assert (r.action, r.value) == (r.iterations[-1].action, r.iterations[-1].value)
        assert_every_iteration_is_a_finished_depth(game, state, r, off_by_a_half)


def test_deepening_stops_when_the_whole_tree_was_seen():
    r = iterative_deepening(TicTacToe(), "XO.......", max_depth=9)
    assert r.complete and r.depth < 9
    assert r.value == minimax(TicTacToe(), "XO.......").value
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    r = iterative_deepening(tree, max_depth=5, evaluate=lambda g, s, p: 0)
    assert (r.depth, r.value, r.action, r.complete) == (2, 3, "a1", True)


def test_the_principal_line_orders_later_depths_and_saves_nodes():
    game = Isolation(5, 5)
    totals = {True: 0, False: 0}
    for state in random_positions(game, 8, seed=2, plies=5):
        for use_line in (True, False):
            r = iterative_deepening(game, state, max_depth=5, use_line=use_line)
            totals[use_line] += r.stats.nodes
    assert totals[True] < totals[False]


def test_a_table_and_other_options_are_passed_to_the_search():
    seen = []

    def search(game, state, **options):
        seen.append(sorted(options))
        options.pop("table")
        return negamax(game, state, **options)

    table = {}
    r = iterative_deepening(TicTacToe(), max_depth=2, search=search, table=table)
    assert seen and all("table" in keys for keys in seen)
    assert sum("order" in keys for keys in seen) == 2  # the two iterations; the rest find the line
    assert r.value == alphabeta(TicTacToe(), depth=2).value


@pytest.mark.parametrize(
    "limits, message",
    [
        ({"time_limit": 0}, "time_limit must be a positive number of seconds, got 0"),
        ({"time_limit": -1.0}, "got -1.0"),
        ({"time_limit": "1s"}, "got '1s'"),
        ({"time_limit": math.inf}, "got inf"),
        ({"time_limit": True}, "got True"),
        ({"max_depth": 0}, "max_depth must be a whole number of plies >= 1, got 0"),
        ({"max_depth": 2.5}, "got 2.5"),
        ({}, "give a time_limit or a max_depth: TicTacToe"),
    ],
)
def test_invalid_limits_are_named(limits, message):
    with pytest.raises(ValueError, match=message):
        iterative_deepening(TicTacToe(), **limits)


def test_no_move_at_a_terminal_state():
    with pytest.raises(ValueError, match="is terminal"):
        iterative_deepening(TicTacToe(), "XXXOO....", max_depth=2)


def test_overhead_counts_every_iteration_against_the_last_alone():
    game = Isolation(5, 5)
    state = random_positions(game, 1, seed=3, plies=4)[0]
    o = deepening_overhead(game, state, depth=4)
    assert o.nodes == tuple(alphabeta(game, state, depth=d).stats.nodes for d in range(1, 5))
    assert o.alone == o.nodes[-1] and o.total == sum(o.nodes)
    assert o.measured == pytest.approx(o.total / o.alone) and o.measured > 1
    assert o.estimate == pytest.approx(o.branching / (o.branching - 1))
    with pytest.raises(ValueError, match="depth must be a whole number >= 2"):
        deepening_overhead(game, state, depth=1)


@given(
    st.integers(0, 10_000), st.integers(1, 4), st.integers(1, 4), st.sampled_from(["max", "min"])
)
def test_on_random_trees_deepening_to_the_end_is_minimax(seed, depth, branching, root):
    tree = GameTree.random(depth, (1, branching), seed=seed, root_role=root)
    r = iterative_deepening(tree, max_depth=6, evaluate=lambda g, s, p: 0)
    assert r.complete and r.value == minimax(tree).value
    assert r.depth <= depth and value_of_move(tree, tree.root, r.action, depth, None) == r.value
    assert principal_line(tree, tree.initial_state(), r.action, 1, None) == (r.action,)


def test_with_a_transposition_table_every_depth_still_agrees():
    from aisearch.caching import TranspositionTable

    game = Isolation(5, 5)
    for state in random_positions(game, 6, seed=9, plies=4):
        cached = iterative_deepening(game, state, max_depth=6, table=TranspositionTable())
        for it in cached.iterations:
            assert it.value == minimax(game, state, depth=it.depth).value
            assert value_of_move(game, state, it.action, it.depth, None) == it.value
        quick = iterative_deepening(game, state, time_limit=1e-5, table=TranspositionTable())
        assert quick.action in game.actions(state)
