"""Monte Carlo: answering a question by averaging random samples.

Throw points uniformly into the unit square: the fraction that lands inside
the quarter circle ``x² + y² ≤ 1`` estimates its area, π/4. Every estimate
of this kind is a mean of n independent samples, so its standard error is
σ/√n, where σ is the standard deviation of one sample: to halve the error,
take four times as many samples. ``estimate_pi`` gives the estimate with its
error and its standard error; ``pi_error_curve`` the mean error at a series
of n, to plot against 1/√n.

The same idea values a game position: play it out to the end many times
with random moves and average the utilities (``playout_value``). The mean
is an honest estimate of what the position is worth **if both players play
at random**, with a standard error that shrinks as 1/√playouts. It is not
the minimax value: a position can be lost against a good opponent and still
win most random playouts. Monte Carlo tree search (``aisearch.mcts``) builds
a tree on top of the playouts to close that gap.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .game import (
    CHANCE,
    Game,
    check_game,
    draw_outcome,
    endless,
    no_actions,
    optional,
    ply_limit,
    require_callable,
    require_count,
    sequence_of_actions,
)
from .validation import finite_value, require_seed

PlayoutPolicy = Callable[[Any, Any, random.Random], Any]
"""A playout policy ``(game, state, rng) -> action``: the move to make in a playout."""


class PiEstimate(NamedTuple):
    """An estimate of π from ``n`` random points, ``inside`` of them in the quarter circle.

    ``error`` is ``estimate - π`` (signed); ``standard_error`` is the
    estimated standard deviation of the estimate, 4·√(p(1 − p)/n) with
    p = inside/n.
    """

    n: int
    inside: int
    estimate: float
    error: float
    standard_error: float


def random_points(n: int, seed=None):
    """``n`` points uniform in the unit square, as two numpy arrays ``(x, y)``.

    The same ``seed`` gives the same points, the ones ``estimate_pi(n, seed)``
    counts.

    >>> x, y = random_points(3, seed=0)
    >>> len(x), bool(((0 <= x) & (x < 1)).all())
    (3, True)
    """
    import numpy as np  # numpy draws a million points in milliseconds

    require_count(n, "n", 1)
    try:
        rng = np.random.default_rng(seed)
    except (TypeError, ValueError):
        raise ValueError(
            f"random_points was given seed={seed!r}: a seed must be None, a whole number "
            ">= 0, or a tuple of them"
        ) from None
    points = rng.random((2, n))
    return points[0], points[1]


def estimate_pi(n: int, seed=None) -> PiEstimate:
    """π estimated as 4 × the fraction of ``n`` random points inside the quarter circle.

    Raises:
        ValueError: if ``n`` is not a whole number >= 1.

    >>> result = estimate_pi(100_000, seed=1)
    >>> result.inside, result.estimate, abs(result.error) < 3 * result.standard_error
    (78810, 3.1524, True)
    """
    x, y = random_points(n, seed)
    inside = int((x * x + y * y <= 1).sum())
    p = inside / n
    estimate = 4 * p
    return PiEstimate(n, inside, estimate, estimate - math.pi, 4 * math.sqrt(p * (1 - p) / n))


PI_SAMPLE_SD = 4 * math.sqrt(math.pi / 4 * (1 - math.pi / 4))
"""The standard deviation of one point's contribution, 4·√(p(1 − p)) with p = π/4 (≈ 1.642)."""


def pi_error_curve(ns: Iterable[int], *, repeats: int = 20, seed=0) -> list[tuple[int, float]]:
    """``(n, mean absolute error)`` for each ``n``, averaged over ``repeats`` seeded runs.

    Run ``r`` (from 0) uses the seed ``(seed, r)``, so each n is estimated
    from ``repeats`` independent sets of points. Theory: the mean absolute
    error of a mean of n samples is about √(2/π)·σ/√n
    (``PI_SAMPLE_SD`` is σ), a straight line of slope −1/2 on log-log axes.

    >>> curve = pi_error_curve([100, 10_000], repeats=10, seed=0)
    >>> curve[1][1] < curve[0][1]
    True
    """
    if isinstance(ns, (str, bytes)) or not isinstance(ns, Iterable):
        raise ValueError(
            f"pi_error_curve was given ns={ns!r}: ns must be a list of numbers of points, "
            "such as [100, 1000, 10000]"
        )
    ns = [require_count(n, "each n", 1) for n in ns]
    require_count(repeats, "repeats", 1)
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(
            f"seed must be a whole number >= 0 (run r uses (seed, r, n)), got {seed!r}"
        )
    if not ns:
        raise ValueError("ns is empty: give at least one number of points")
    return [
        (n, sum(abs(estimate_pi(n, seed=(seed, r, n)).error) for r in range(repeats)) / repeats)
        for n in ns
    ]


# Playouts ----------------------------------------------------------------------


def random_move(game, state, rng: random.Random):
    """The default playout policy: a uniformly random legal action."""
    actions = game.actions(state)
    if type(actions) is not list:  # the common case in one test; else a sequence, checked
        actions = sequence_of_actions(game, state, actions)
    if not actions:
        raise no_actions(state)
    return actions[rng.randrange(len(actions))]


def playout(
    game: Game, state, rng: random.Random, policy: PlayoutPolicy | None = None
) -> tuple[Any, int]:
    """Play ``state`` out to the end: ``(terminal state, number of moves)``.

    The players' moves come from ``policy(game, state, rng)`` (uniformly
    random by default), chance outcomes are drawn by their probabilities.
    """
    policy = random_move if policy is None else policy
    moves, limit = 0, ply_limit(game)
    is_terminal, to_move, result = game.is_terminal, game.to_move, game.result
    while not is_terminal(state):
        if moves == limit:
            raise endless(game, state, moves, "a playout")
        if to_move(state) == CHANCE:
            action = draw_outcome(game, state, rng)
        else:
            action = policy(game, state, rng)
        state = result(state, action)
        moves += 1
    return state, moves


def require_player(game: Game, player: object, function: str) -> None:
    """Refuse a ``player`` that cannot be one of ``game``'s players: not among
    its ``players`` if it lists them, else not hashable (not a player at all)."""
    players = optional(game, "players")
    if players is not None:
        if player not in tuple(players):
            raise ValueError(
                f"{function} was given player={player!r}, which is not one of the players "
                f"{tuple(players)!r} of {game!r}"
            )
        return
    try:
        hash(player)
    except TypeError:
        raise ValueError(
            f"{function} was given player={player!r}: a player is a hashable name, as "
            f"{game!r}.to_move returns it"
        ) from None


class PlayoutEstimate(NamedTuple):
    """The mean utility of ``playouts`` random playouts, for one player.

    ``standard_error`` is the sample standard deviation over √playouts (0
    for a single playout); ``wins``, ``draws`` and ``losses`` count the
    playouts whose utility was positive, zero and negative; ``moves`` is the
    total number of moves played.
    """

    value: float
    standard_error: float
    playouts: int
    wins: int
    draws: int
    losses: int
    moves: int


def playout_value(
    game: Game,
    state=None,
    player=None,
    *,
    playouts: int = 1000,
    seed=None,
    policy: PlayoutPolicy | None = None,
) -> PlayoutEstimate:
    """Estimate what ``state`` is worth to ``player`` by playing it out at random.

    Args:
        game: any game (chance states are drawn by their probabilities).
        state: the position; ``None`` means the initial state.
        player: whose utility to average; by default the player to move.
        playouts: how many playouts, at least 1.
        seed: seeds the one generator that all playouts draw from.
        policy: ``(game, state, rng) -> action``; uniformly random by default.

    Returns:
        ``PlayoutEstimate(value, standard_error, playouts, wins, draws,
        losses, moves)``.

    Raises:
        ValueError: if ``playouts`` is not a whole number >= 1, no player
            is given at a chance state, or a utility is infinite (a mean of
            infinities says nothing: ``aisearch.validation.finite_value``).

    >>> from aisearch.games import TicTacToe
    >>> estimate = playout_value(TicTacToe(), playouts=2000, seed=1)
    >>> round(estimate.value, 2), round(estimate.standard_error, 3)
    (0.32, 0.02)
    """
    require_count(playouts, "playouts", 1)
    check_game(game, "playout_value", state, chance=True)
    if policy is not None:
        require_callable(policy, "policy", "(game, state, rng) -> action")
    require_seed(seed, "playout_value")
    state = game.initial_state() if state is None else state
    if player is None:
        player = game.to_move(state)
        if player == CHANCE:
            raise ValueError(f"state {state!r} is a chance state: name the player to value it for")
    else:
        require_player(game, player, "playout_value")
    rng = random.Random(seed)
    total = squares = 0.0
    wins = draws = losses = moves = 0
    for _ in range(playouts):
        end, length = playout(game, state, rng, policy)
        utility = finite_value(game.utility(end, player), game.utility, end, "playout_value")
        total += utility
        squares += utility * utility
        moves += length
        if utility > 0:
            wins += 1
        elif utility < 0:
            losses += 1
        else:
            draws += 1
    mean = total / playouts
    if playouts > 1:
        variance = max(0.0, (squares - playouts * mean * mean) / (playouts - 1))
        standard_error = math.sqrt(variance / playouts)
    else:
        standard_error = 0.0
    return PlayoutEstimate(mean, standard_error, playouts, wins, draws, losses, moves)
