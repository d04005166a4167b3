"""Evaluation functions: the built-ins' ranges lie inside the utilities; linear combinations."""

import random

import pytest

from aisearch import alphabeta
from aisearch.evaluation import (
    BUILT_INS,
    LinearEvaluation,
    distance_to_centre,
    evaluation_range,
    linear_evaluation,
    max_mobility,
    mobility_difference,
    opponent_moves,
    own_moves,
)
from aisearch.games.isolation import Isolation

BOARDS = [
    Isolation(3, 3),
    Isolation(3, 3, "queen"),
    Isolation(5, 4, "queen"),
    Isolation(7, 7),
    Isolation(6, 6, "queen"),
]


def positions(game, count=150, seed=0):
    """Random positions from random play, terminal ones included."""
    rng = random.Random(seed)
    for _ in range(count):
        state = game.initial_state()
        for _ in range(rng.randrange(game.width * game.height + 1)):
            if game.is_terminal(state):
                break
            actions = game.actions(state)
            state = game.result(state, actions[rng.randrange(len(actions))])
        yield state


@pytest.mark.parametrize("name", sorted(BUILT_INS))
@pytest.mark.parametrize("game", BOARDS, ids=repr)
def test_every_built_in_stays_in_its_range_strictly_inside_the_utilities(name, game):
    low, high = evaluation_range(game, name)
    assert -game.win < low <= high < game.win
    seen = set()
    for state in positions(game):
        for player in game.players:
            value = BUILT_INS[name](game, state, player)
            assert low <= value <= high, (name, state, player, value)
            seen.add(value)
    assert len(seen) > 1  # the feature does vary


def test_max_mobility_is_reached_from_the_best_cell():
    assert max_mobility(Isolation(7, 7)) == 8
    assert max_mobility(Isolation(3, 3)) == 2
    assert max_mobility(Isolation(3, 3, "queen")) == 8
    assert max_mobility(Isolation(7, 7, "queen")) == 24


def test_built_ins_count_what_they_say():
    game = Isolation(5, 5)
    state = game.from_rows("X....", ".#...", "..O..", ".....", ".....", to_move="X")
    assert own_moves(game, state, "X") == 2 and opponent_moves(game, state, "X") == 8
    assert mobility_difference(game, state, "X") == -6 == -mobility_difference(game, state, "O")
    assert distance_to_centre(game, state, "O") == 0
    assert distance_to_centre(game, state, "X") == pytest.approx(-(8**0.5))
    assert game.evaluate(state, "X") == mobility_difference(game, state, "X")


def test_linear_evaluation_is_the_weighted_sum_and_shows_its_weights():
    game = Isolation(5, 5)
    evaluate = linear_evaluation({"own_moves": 1.0, "opponent_moves": -2.0})
    assert repr(evaluate) == "linear_evaluation({'own_moves': 1.0, 'opponent_moves': -2.0})"
    for state in positions(game, 50):
        for p in game.players:
            assert evaluate(game, state, p) == pytest.approx(
                own_moves(game, state, p) - 2 * opponent_moves(game, state, p)
            )
    assert isinstance(evaluate, LinearEvaluation)
    assert evaluate.terms(game, game.initial_state(), "X") == {
        "own_moves": 25,
        "opponent_moves": 25,
    }


def test_linear_evaluation_with_own_features_plays_in_a_search():
    material = {"pieces": lambda game, state, player: state.count(player)}
    evaluate = linear_evaluation({"pieces": 0.5}, material)
    from aisearch.games import TicTacToe

    assert evaluate(TicTacToe(), "XX.O.....", "X") == 1.0
    assert alphabeta(
        Isolation(5, 5), depth=1, evaluate=linear_evaluation({"mobility_difference": 1})
    ).action == (2, 2)  # the cell with the most knight moves


@pytest.mark.parametrize(
    "weights, message",
    [
        ({}, "non-empty mapping"),
        ({"speed": 1}, "no feature named 'speed'"),
        ({"own_moves": "1"}, "weight of 'own_moves' must be a finite number, got '1'"),
        ({"own_moves": float("nan")}, "finite number"),
        ({"own_moves": True}, "finite number"),
    ],
)
def test_bad_weights_are_named(weights, message):
    with pytest.raises(ValueError, match=message):
        linear_evaluation(weights)


def test_a_feature_that_is_not_a_function_is_named():
    with pytest.raises(ValueError, match="feature 'pieces' must be a function"):
        linear_evaluation({"pieces": 1.0}, {"pieces": 3})


def test_unknown_range_is_named():
    with pytest.raises(ValueError, match="no built-in evaluation 'luck'"):
        evaluation_range(Isolation(), "luck")


def test_the_exercise_check_passes_mobility_and_fails_the_baseline_and_bad_values():
    from aisearch.exercises import check_isolation_evaluation, isolation_baseline

    def mobility(game, state, player):
        other = "O" if player == "X" else "X"
        return len(game.moves_from(state, player)) - len(game.moves_from(state, other))

    assert check_isolation_evaluation(mobility).passed
    handed = check_isolation_evaluation(mobility_difference)
    assert not handed.passed and "`aisearch.evaluation.mobility_difference`" in handed.message
    failed = check_isolation_evaluation(isolation_baseline)
    assert not failed.passed and "58% is needed" in failed.message
    assert "you lose when you run out of moves" in failed.message  # the general hint
    assert "ignores `player`" not in failed.message
    huge = check_isolation_evaluation(lambda game, state, player: 10_000)
    assert not huge.passed and "outside the utilities' range (-490, 490)" in huge.message
    assert not check_isolation_evaluation(lambda game, state, player: 0).passed
