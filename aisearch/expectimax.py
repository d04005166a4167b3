"""Expectimax: searching games with chance, and pruning them (Star1).

Where dice decide, nobody chooses: a chance node is worth the average of its
children, each weighted by its probability. With MAX and MIN nodes as well,
this is expectiminimax (Russell and Norvig, *Artificial Intelligence: A Modern
Approach*, 4th ed., section 5.5); against an opponent modelled as a chance
node (a random player), it is expectimax. ``expectimax`` runs
``aisearch.minimax.expectiminimax``, whose ``max_value``, ``min_value`` and
``chance_value`` are the three cases, in the book's style.

Alpha-beta cannot cut a chance node in general: one unexplored outcome could
be worth anything. If every value is known to lie in ``[low, high]``, it can:
after some outcomes the average is already sure to be below alpha (or above
beta) whatever the rest bring. ``star1`` is that idea (B. W. Ballard, "The
*-minimax search procedure for trees containing chance nodes", Artificial
Intelligence 21, 1983), written here for outcomes of any probabilities.
"""

from __future__ import annotations

import functools
import math
import numbers
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, cast

from .alphabeta import alphabeta_pair
from .game import (
    CHANCE,
    Action,
    ChanceGame,
    Evaluation,
    Game,
    Player,
    State,
    check_depth,
    check_game,
    check_outcomes,
    leaf_evaluation,
    optional,
    within_recursion,
)
from .minimax import expectiminimax
from .result import SearchResult, SearchStats
from .tracing import Tracer, Tracing, start_tracing
from .validation import require_hooks


def viewpoint(game: Game[State, Action, Player], state: State) -> Player:
    """The player whose values a search from ``state`` reports.

    The player to move; at a chance state the game's ``max_player`` if it names
    one, else whoever moves once the dice have fallen (the first outcome
    decides, and further chance states are looked through).
    """
    mover = game.to_move(state)
    if mover != CHANCE:
        return mover
    chance_game = cast("ChanceGame[State, Action, Player]", game)  # where the dice roll
    chosen: Player | None = optional(game, "max_player")
    after = state
    while chosen is None and not game.is_terminal(after):
        outcomes = chance_game.chance_outcomes(after) if game.to_move(after) == CHANCE else None
        if not outcomes:
            chosen = game.to_move(after)
            break
        after = game.result(after, outcomes[0][0])
    if chosen is None:
        chosen = next(iter(optional(game, "players", ())), None)
    if chosen is None:
        raise ValueError(
            f"the search starts at chance state {state!r}, and the game names no "
            "players (give it max_player or players) to value it for"
        )
    return chosen


def expectimax(
    game: Game[State, Action, Player],
    state: State | None = None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    tracer: Tracer | None = None,
) -> SearchResult:
    """Expectiminimax value and first best action: MAX, MIN and chance nodes.

    Args:
        game: the six methods of ``aisearch.Game``, and ``chance_outcomes(state)``
            -> ``[(outcome, probability), ...]`` where ``to_move`` answers
            ``"chance"``.
        state: where to search from; ``None`` means the initial state.
        depth: levels to look ahead, a chance level counting as one;
            ``None`` searches to the end.
        evaluate: ``(game, state, player) -> float`` at the depth limit;
            defaults to the game's own ``evaluate`` method if it has one.
        tracer: any callable that receives an ``aisearch.Event`` per step; a
            chance node adds a ``chance`` event per child (its probability and
            the running sum).

    Returns:
        ``SearchResult(value, action, stats)``: the expected value for the
        player to move at ``state`` (see ``viewpoint`` for a chance state), the
        first best action (``None`` at a chance or terminal state), the work.

    Raises:
        ValueError: a bad depth, a depth limit with no evaluation, or a chance
            state whose probabilities are not positive or do not sum to 1.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[(0.9, 2), (0.1, 40)], [3, 4]], layers=("max", "chance"))
    >>> expectimax(tree)
    SearchResult(value=5.8, action='a1', stats=SearchStats(nodes=7, leaves=4, cutoffs=0, max_depth=2))
    """
    require_hooks("expectimax", evaluate=evaluate, tracer=tracer)
    check_game(game, "expectimax", state, chance=True)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    return expectiminimax(
        game, state, viewpoint(game, state), depth=depth, evaluate=evaluate, tracer=tracer
    )


def star1(
    game: Game[State, Action, Player],
    state: State | None = None,
    *,
    bounds: tuple[float, float],
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    tracer: Tracer | None = None,
) -> SearchResult:
    """Expectiminimax with alpha-beta at MAX and MIN nodes and Star1 at chance nodes.

    Every utility and evaluation must lie in ``bounds = (low, high)``. At a
    chance node, after the outcomes searched so far (sum ``S`` of probability
    times value) and with probability ``R`` still to come after outcome ``i``,
    the node's average can no longer reach above alpha once outcome ``i``'s
    value is at most ``(alpha - S - high * R) / p_i``, nor fall below beta
    once it is at least ``(beta - S - low * R) / p_i``; so each outcome is
    searched with that window, and the node stops early when it fails. With
    infinite bounds nothing is cut at a chance node, but its last outcome
    (``R = 0``) still gets a finite window, so nodes below it can be; narrower
    bounds cut more. Every cut is decided in exact arithmetic, as Ballard's
    inequalities state it: a float probability counts as the fraction it
    stands for (``1 / 3`` as 1/3, see ``as_fraction``) and a float value as
    itself, so three outcomes of 1/3 leave exactly nothing to come and a tie
    is a tie. Values and traces are written as the game gives them (floats
    stay floats, ``Fraction`` probabilities give exact values).

    MAX and MIN nodes are alpha-beta's, searched by its own pair
    (``aisearch.alphabeta.alphabeta_pair``); the chance nodes are Star1's.
    The value and action are those of ``expectimax``; ``stats.cutoffs``
    counts cuts at every kind of node. As in ``alphabeta``, a value at or
    below a node's alpha is an upper bound, at or above its beta a lower
    bound, and exact between.

    Raises:
        ValueError: as ``expectimax``; bounds that are not two numbers
            ``low < high``; a utility or evaluation outside them (naming the
            state).

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[(0.9, 2), (0.1, 40)], [3, 4]], layers=("max", "chance"))
    >>> star1(tree, bounds=(0, 40)).value == expectimax(tree).value
    True
    """
    low, high = _check_bounds(bounds)
    check_game(game, "star1", state, chance=True)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    evaluate = leaf_evaluation(game, evaluate)
    chance_game = cast("ChanceGame[State, Action, Player]", game)  # where the dice roll
    player = viewpoint(game, state)
    stats = SearchStats()
    given = _AsGiven(start_tracing(tracer, game, player, chance=True), low, high)
    tracing: Any = given if given.tracing is not None else None  # a Tracing, values as given

    def chance_value(
        state: State, ply: int, action: Action | None, alpha: float, beta: float
    ) -> tuple[Any, None]:
        """Star1's CHANCE-VALUE: each outcome searched with the window that decides
        the average, and a cut as soon as an outcome's value falls outside it."""
        stats.nodes += 1
        terminal = game.is_terminal(state)
        if terminal or ply == depth:
            return leaf(state, terminal, ply, action, alpha, beta), None
        if tracing is not None:
            tracing.enter(state, action, alpha, beta)
        checked = check_outcomes(state, chance_game.chance_outcomes(state))
        given.floats = given.floats or any(isinstance(p, float) for _, p in checked)
        outcomes = [(o, as_fraction(p)) for o, p in checked]
        acts = [o for o, _ in outcomes]
        total: Any = 0  # not 0.0: with fractions every sum stays exact
        for (outcome, p), rest in zip(outcomes, still_to_come(outcomes), strict=True):
            # The most and the least the outcomes still to come can add.
            most, least = weighted_bound(rest, high), weighted_bound(rest, low)
            child_alpha = (alpha - total - most) / p
            child_beta = (beta - total - least) / p
            window = max(child_alpha, low), min(child_beta, high)
            v, _ = value_of(game.result(state, outcome), ply + 1, outcome, *window)
            total += p * v
            if tracing is not None:
                tracing.chance(p, v, total, alpha, beta)
            # After the last outcome (nothing to come, most = least = 0) ``cut``
            # skips nothing: it only returns the node's value.
            if v <= child_alpha:  # an upper bound, at or below alpha
                return cut(state, acts, outcome, total + most, alpha, beta), None
            if v >= child_beta:  # a lower bound, at or above beta
                return cut(state, acts, outcome, total + least, alpha, beta), None
        if tracing is not None:
            tracing.exit(total, alpha, beta)
        return total, None

    # MAX and MIN nodes are alpha-beta's own (AIMA 4e, Figure 5.7), called with
    # the two hooks: chance nodes, and leaves checked against the bounds.
    value_of, leaf, cut = alphabeta_pair(
        game,
        player,
        stats,
        depth,
        evaluate,
        tracing,
        check_leaf=given.promised,
        # Without chance_outcomes, 'chance' from to_move is refused by name (``new_mover``).
        chance_value=chance_value if callable(getattr(game, "chance_outcomes", None)) else None,
    )
    with within_recursion("star1", game):
        value, move = value_of(state, 0, None, -math.inf, math.inf)
    return SearchResult(given.shown(value), move, stats)


class _AsGiven:
    """Star1's values as the game gave them, and its leaves checked against the
    bounds: star1 keeps every value exact (a
    float as the ``Fraction`` it is), and once the game has given a float
    (``floats``), shows them as floats, in its result and, as a recorder in
    front of ``tracing``, in its trace. A leaf's value goes to the trace as given.
    """

    def __init__(self, tracing: Tracing | None, low: float, high: float) -> None:
        # Its recorder methods are called only when there is a tracing.
        self.tracing, self.floats = cast(Tracing, tracing), False
        self.low, self.high = low, high

    def promised(self, value: float, state: object, terminal: bool) -> Any:
        """A leaf's value as an exact number (a float, or a ``Fraction``),
        refused if outside the bounds ``(low, high)`` star1 was promised."""
        if not self.low <= value <= self.high:
            what = "utility" if terminal else "evaluation"
            raise ValueError(
                f"the {what} of {state!r} is {value!r}, outside the bounds "
                f"[{self.low}, {self.high}] that star1 was promised"
            )
        self.floats = self.floats or isinstance(value, float)
        return exactly(value)

    def shown(self, x: Any) -> Any:
        """``x`` as the game would write it."""
        return float(x) if self.floats and isinstance(x, Fraction) else x

    def enter(self, state: Any, action: Any, alpha: Any, beta: Any) -> None:
        self.tracing.enter(state, action, self.shown(alpha), self.shown(beta))

    def leaf(
        self, state: Any, action: Any, value: Any, terminal: bool, alpha: Any, beta: Any
    ) -> None:
        self.tracing.leaf(state, action, value, terminal, self.shown(alpha), self.shown(beta))

    def update(self, value: Any, alpha: Any, beta: Any) -> None:
        self.tracing.update(*map(self.shown, (value, alpha, beta)))

    def cutoff(
        self, value: Any, skipped: Sequence[Any], states: Sequence[Any], alpha: Any, beta: Any
    ) -> None:
        shown = self.shown
        self.tracing.cutoff(shown(value), skipped, states, shown(alpha), shown(beta))

    def chance(self, probability: Any, value: Any, total: Any, alpha: Any, beta: Any) -> None:
        self.tracing.chance(*map(self.shown, (probability, value, total, alpha, beta)))

    def exit(self, value: Any, alpha: Any, beta: Any) -> None:
        self.tracing.exit(*map(self.shown, (value, alpha, beta)))


def as_fraction(p: float | Fraction) -> float | Fraction:
    """A probability as the fraction it stands for: a float within 1e-12 of a
    fraction with a denominator up to a million is taken as that fraction
    (``1 / 3`` as 1/3: the float is only the nearest binary number to it),
    any other float exactly as it is; ints and ``Fraction`` as they are.

    >>> as_fraction(1 / 3), as_fraction(0.35), as_fraction(Fraction(1, 6))
    (Fraction(1, 3), Fraction(7, 20), Fraction(1, 6))
    >>> sum(as_fraction(1 / 3) for _ in range(3)) == 1
    True
    """
    if not isinstance(p, float):
        return p
    return _float_as_fraction(p)


@functools.lru_cache(maxsize=1024)
def _float_as_fraction(p: float) -> Fraction:
    """``as_fraction`` of a float, remembered: a game repeats a few probabilities
    at every chance node, and finding the fraction is the slow part."""
    near = Fraction(p).limit_denominator(10**6)
    return near if abs(near - p) <= 1e-12 else Fraction(p)


def exactly(value: float) -> float | Fraction:
    """A finite float value as the exact number it is (a ``Fraction``), so that
    sums with fractions stay exact; a NumPy number as Python's own (a NumPy
    integer compared with a ``Fraction`` of a large denominator overflows);
    anything else as it is."""
    if isinstance(value, numbers.Integral):
        return int(value)
    if isinstance(value, float) or (
        isinstance(value, numbers.Real) and not isinstance(value, Fraction)
    ):
        return Fraction(float(value)) if math.isfinite(value) else float(value)
    return value


def still_to_come(outcomes: Sequence[tuple[Any, float | Fraction]]) -> list[float | Fraction]:
    """After each outcome, the probability of the outcomes after it: 0 after the last.

    Each is the sum of those outcomes' own probabilities, not 1 minus the
    probabilities so far: in floating point 1 − 1/3 − 1/3 − 1/3 is about
    1e-16, not 0, and Star1 would then never give the last outcome its finite
    window. Summed this way the last is exactly 0, and with exact
    probabilities (``Fraction``) every one is exact.

    >>> still_to_come([("a", 1 / 3), ("b", 1 / 3), ("c", 1 / 3)])
    [0.6666666666666666, 0.3333333333333333, 0]
    >>> 1 - 1 / 3 - 1 / 3 - 1 / 3
    1.1102230246251565e-16
    """
    after: list[float | Fraction] = []
    rest: float | Fraction = 0
    for _, p in reversed(outcomes):
        after.append(rest)
        rest += p
    return after[::-1]


def weighted_bound(probability: float | Fraction, bound: float) -> float | Fraction:
    """``probability × bound``: the most (or least) that outcomes of that total
    probability can add to an average when every value is at most (or at
    least) ``bound``. Exactly 0 when nothing is left, even for an infinite
    bound, where the product would be ``nan``.

    >>> weighted_bound(0.5, 10), weighted_bound(0, math.inf), weighted_bound(0.25, -math.inf)
    (5.0, 0, -inf)
    """
    return probability * bound if probability else 0


def _check_bounds(bounds: tuple[float, float]) -> tuple[float, float]:
    try:
        low, high = bounds
    except (TypeError, ValueError):
        raise ValueError(f"bounds must be a pair (low, high), got {bounds!r}") from None
    for x in (low, high):
        if isinstance(x, bool) or not isinstance(x, (int, float)) or math.isnan(x):
            raise ValueError(f"bounds must be numbers, got {bounds!r}")
    if not low < high:
        raise ValueError(f"bounds must have low < high, got {bounds!r}")
    return low, high
