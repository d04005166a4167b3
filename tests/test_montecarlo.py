"""Monte Carlo estimates: π by random points, positions by random playouts."""

import math

import pytest

from aisearch import expectimax
from aisearch.games import DiceNim, GameTree, TicTacToe
from aisearch.montecarlo import (
    PI_SAMPLE_SD,
    estimate_pi,
    pi_error_curve,
    playout,
    playout_value,
    random_points,
)


def test_pi_lies_within_a_few_standard_errors():
    # 200 seeded estimates of 5,000 points each: about 95 % of them should lie
    # within 2 standard errors of π, and all within 4 (a miss there has odds
    # of about 1 in 16,000 per estimate). Seeded, so the test cannot flicker.
    n = 5_000
    sigma = PI_SAMPLE_SD / math.sqrt(n)
    results = [estimate_pi(n, seed=seed) for seed in range(200)]
    within_two = sum(abs(r.error) <= 2 * sigma for r in results)
    assert 180 <= within_two <= 200
    assert all(abs(r.error) <= 4 * sigma for r in results)
    for r in results:
        assert r.estimate == pytest.approx(4 * r.inside / n)
        assert r.error == pytest.approx(r.estimate - math.pi)
        assert r.standard_error == pytest.approx(sigma, rel=0.05)


def test_an_estimate_counts_the_points_it_was_given():
    x, y = random_points(1000, seed=5)
    inside = sum(1 for a, b in zip(x, y, strict=True) if a * a + b * b <= 1)
    result = estimate_pi(1000, seed=5)
    assert result.inside == inside and result.n == 1000
    p = inside / 1000
    assert result.standard_error == pytest.approx(4 * math.sqrt(p * (1 - p) / 1000))
    assert estimate_pi(1000, seed=5) == result  # seeded: the same points again


def test_the_error_shrinks_as_one_over_root_n():
    ns = [100, 1_000, 10_000, 100_000]
    curve = pi_error_curve(ns, repeats=30, seed=0)
    errors = [e for _, e in curve]
    assert [n for n, _ in curve] == ns
    assert errors == sorted(errors, reverse=True)
    # Each factor 10 in n divides the mean absolute error by about √10 ≈ 3.16;
    # it stays within a factor 1.6 of the theory, √(2/π)·σ/√n.
    for n, error in curve:
        theory = math.sqrt(2 / math.pi) * PI_SAMPLE_SD / math.sqrt(n)
        assert theory / 1.6 < error < theory * 1.6, (n, error, theory)


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_bad_numbers_of_points_are_errors(bad):
    with pytest.raises(ValueError, match="n must be a whole number >= 1"):
        estimate_pi(bad)
    with pytest.raises(ValueError, match="playouts must be a whole number >= 1"):
        playout_value(TicTacToe(), playouts=bad)


def test_pi_error_curve_checks_its_arguments():
    with pytest.raises(ValueError, match="repeats"):
        pi_error_curve([10], repeats=0)
    with pytest.raises(ValueError, match="ns is empty"):
        pi_error_curve([])
    with pytest.raises(ValueError, match="seed must be a whole number >= 0"):
        pi_error_curve([10], seed=None)


def test_playout_value_agrees_with_the_exact_random_play_value():
    # Every layer a fair die: the exact value of random play is expectimax's.
    for seed in range(3):
        spec = GameTree.random(3, (2, 3), values=(-5, 5), seed=seed).to_nested()
        tree = GameTree.from_nested(spec)
        exact = expectimax(GameTree.from_nested(spec, layers=("chance",))).value
        estimate = playout_value(tree, player="MAX", playouts=4000, seed=seed)
        assert abs(estimate.value - exact) < 4 * estimate.standard_error, (seed, estimate, exact)
        assert estimate.moves == 3 * 4000
        assert estimate.wins + estimate.draws + estimate.losses == 4000


def test_tic_tac_toe_playouts_favour_the_first_player():
    # Random play from the empty board: X wins about 58.5 % and O about 28.8 %
    # of games, so X's mean is about 0.30; computed exactly here from the rules.
    game = TicTacToe()
    estimate = playout_value(game, playouts=3000, seed=2)
    exact = _random_play_value(game, game.initial_state())
    assert abs(estimate.value - exact) < 4 * estimate.standard_error
    assert 0.25 < exact < 0.35


def _random_play_value(game, state):
    """X's expected utility when both players pick uniformly random moves, by memoised recursion."""
    from functools import cache

    @cache
    def value(state):
        if game.is_terminal(state):
            return game.utility(state, "X")
        actions = game.actions(state)
        return sum(value(game.result(state, a)) for a in actions) / len(actions)

    return value(state)


def test_playouts_are_seeded_and_draw_chance_outcomes():
    game = DiceNim(stones=5)
    first = playout_value(game, player="A", playouts=300, seed=4)
    assert playout_value(game, player="A", playouts=300, seed=4) == first
    assert first.draws == 0 and first.wins + first.losses == 300
    with pytest.raises(ValueError, match="is a chance state: name the player"):
        playout_value(game, playouts=3)


class LoadedDiceNim(DiceNim):
    """Dice Nim with a loaded die: 1 half the time, 2 and 3 less often."""

    LOADING = {1: 0.5, 2: 0.3, 3: 0.2}

    def chance_outcomes(self, state):
        return tuple((roll, self.LOADING[roll.face]) for roll, _ in super().chance_outcomes(state))


def test_playouts_draw_chance_outcomes_by_their_probabilities():
    import random

    game = LoadedDiceNim(stones=7)
    rolls = []

    def noting_policy(game, state, rng):  # sees each state just after the die is rolled
        rolls.append(state.roll)
        return rng.choice(game.actions(state))

    rng = random.Random(11)
    for _ in range(1500):
        playout(game, game.initial_state(), rng, noting_policy)
    n = len(rolls)
    assert n > 3000
    for face, p in LoadedDiceNim.LOADING.items():
        standard_error = math.sqrt(p * (1 - p) / n)
        assert abs(rolls.count(face) / n - p) < 4 * standard_error, face


def test_a_playout_ends_at_a_terminal_state_and_counts_its_moves():
    import random

    game = TicTacToe()
    end, moves = playout(game, game.initial_state(), random.Random(1))
    assert game.is_terminal(end)
    assert moves == 9 - end.count(".")
    first = lambda game, state, rng: game.actions(state)[0]  # noqa: E731
    end, moves = playout(game, game.initial_state(), random.Random(1), first)
    assert end == "XOXOXOX.." and moves == 7
