"""Evaluation functions: guessing the value of a position the search stops at.

A depth-limited search cannot look to the end of the game, so where it stops
it asks an evaluation function ``(game, state, player) -> float`` how good the
state looks for ``player``. Higher is better. The guess must rank positions
well and be cheap; and a sure result must beat any guess, so every terminal
utility lies outside the evaluation's range (a won game is worth more than any
position that merely looks good).

Most evaluation functions are a **weighted linear combination of features**,
``w1 * f1(s) + w2 * f2(s) + ...``: a feature counts something (material,
mobility, control of the centre) and a weight says how much it matters.
``linear_evaluation`` builds one from named weights and named features, and
shows its weights when printed, so two evaluations can be told apart in a
tournament table.

The built-ins for Isolation, with their ranges (``m = width * height``, the
number of cells: a piece not yet placed may go to any open cell, and a placed
one has fewer moves, ``max_mobility(game)`` at most):

==========================  ===========================================  ==============
``own_moves``               moves the player's piece has                 ``[0, m]``
``opponent_moves``          moves the other piece has                    ``[0, m]``
``mobility_difference``     own moves minus the opponent's               ``[-m, m]``
``aggressive_mobility``     own moves minus twice the opponent's         ``[-2m, m]``
``distance_to_centre``      minus the piece's distance from the centre   ``[-d, 0]``
==========================  ===========================================  ==============

``d`` is the distance from a corner to the centre. Isolation's utility is
``±win = ±10 * width * height``, beyond all of these; the test suite checks,
for each built-in, that its values stay strictly inside.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

Feature = Callable[[Any, Any, Any], float]


def _other(game, player):
    first, second = game.players
    return second if player == first else first


def own_moves(game, state, player) -> float:
    """The number of moves ``player``'s piece has (whoever is to move). Range ``[0, m]``."""
    return len(game.moves_from(state, player))


def opponent_moves(game, state, player) -> float:
    """The number of moves the other player's piece has. Range ``[0, m]``."""
    return len(game.moves_from(state, _other(game, player)))


def mobility_difference(game, state, player) -> float:
    """Own moves minus the opponent's moves. Range ``[-m, m]``.

    >>> from aisearch.games.isolation import Isolation
    >>> game = Isolation(5, 5)
    >>> s = game.result(game.result(game.initial_state(), (2, 2)), (0, 0))
    >>> mobility_difference(game, s, "X")  # 8 knight moves from the centre, 2 from a corner
    6
    """
    return len(game.moves_from(state, player)) - len(game.moves_from(state, _other(game, player)))


def aggressive_mobility(game, state, player) -> float:
    """Own moves minus twice the opponent's: chase the other piece. Range ``[-2m, m]``."""
    return len(game.moves_from(state, player)) - 2 * len(
        game.moves_from(state, _other(game, player))
    )


def distance_to_centre(game, state, player) -> float:
    """Minus the straight-line distance from ``player``'s piece to the centre. Range ``[-d, 0]``.

    Near the centre a piece has room to move later. 0 before the piece is placed.
    """
    cell = state.x if player == game.players[0] else state.o
    if cell is None:
        return 0.0
    return -math.hypot(cell[0] - (game.height - 1) / 2, cell[1] - (game.width - 1) / 2)


def max_mobility(game) -> int:
    """The most moves a placed piece can have on ``game``'s empty board (``m`` above)."""
    empty = game.initial_state()
    most = 0
    for cell in game.cells:
        placed = empty._replace(blocked=0, x=cell)
        most = max(most, len(game.moves_from(placed, "X")))
    return most


BUILT_INS: dict[str, Feature] = {
    "own_moves": own_moves,
    "opponent_moves": opponent_moves,
    "mobility_difference": mobility_difference,
    "aggressive_mobility": aggressive_mobility,
    "distance_to_centre": distance_to_centre,
}
"""The Isolation features by name; ``linear_evaluation`` finds them here by default."""


def evaluation_range(game, name: str) -> tuple[float, float]:
    """The documented ``(low, high)`` of a built-in Isolation evaluation on ``game``."""
    m = game.width * game.height
    d = math.hypot((game.height - 1) / 2, (game.width - 1) / 2)
    ranges = {
        "own_moves": (0, m),
        "opponent_moves": (0, m),
        "mobility_difference": (-m, m),
        "aggressive_mobility": (-2 * m, m),
        "distance_to_centre": (-d, 0),
    }
    if name not in ranges:
        raise ValueError(f"no built-in evaluation {name!r}: choose from {sorted(ranges)}")
    return ranges[name]


class LinearEvaluation:
    """``sum(weight * feature(game, state, player))`` over named features.

    Call it like any evaluation function. Its repr shows the weights, so it
    reads well in a tournament table.

    >>> from aisearch.games.isolation import Isolation
    >>> evaluate = linear_evaluation({"own_moves": 1.0, "opponent_moves": -2.0})
    >>> evaluate
    linear_evaluation({'own_moves': 1.0, 'opponent_moves': -2.0})
    >>> game = Isolation(5, 5)
    >>> s = game.result(game.result(game.initial_state(), (2, 2)), (0, 0))
    >>> evaluate(game, s, "X"), evaluate(game, s, "O")
    (4.0, -14.0)
    """

    def __init__(self, weights: Mapping[str, float], features: Mapping[str, Feature]):
        self.weights = dict(weights)
        self.features = {name: features[name] for name in self.weights}
        self._terms = tuple((w, self.features[name]) for name, w in self.weights.items())
        self.__name__ = repr(self)

    def __call__(self, game, state, player) -> float:
        return sum(w * feature(game, state, player) for w, feature in self._terms)

    def terms(self, game, state, player) -> dict:
        """Each feature's value (not weighted) at ``state`` for ``player``, by name."""
        return {name: f(game, state, player) for name, f in self.features.items()}

    def __repr__(self) -> str:
        return f"linear_evaluation({self.weights!r})"


def linear_evaluation(
    weights: Mapping[str, float], features: Mapping[str, Feature] | None = None
) -> LinearEvaluation:
    """A weighted sum of features, weights named by feature.

    Args:
        weights: ``{feature name: weight}``; the sum runs in this order.
        features: ``{name: feature(game, state, player) -> float}``; by default
            the Isolation built-ins (``BUILT_INS``).

    Raises:
        ValueError: a weight that is not a finite number, no weights, a name
            with no feature, or a feature that is not a function.
    """
    features = BUILT_INS if features is None else features
    if not isinstance(weights, Mapping) or not weights:
        raise ValueError(
            f"weights must be a non-empty mapping {{feature: weight}}, got {weights!r}"
        )
    for name, weight in weights.items():
        if name not in features:
            raise ValueError(f"no feature named {name!r}: features are {sorted(features)}")
        if not callable(features[name]):
            raise ValueError(f"feature {name!r} must be a function (game, state, player) -> float")
        if (
            isinstance(weight, bool)
            or not isinstance(weight, (int, float))
            or not math.isfinite(weight)
        ):
            raise ValueError(f"the weight of {name!r} must be a finite number, got {weight!r}")
    return LinearEvaluation(weights, features)
