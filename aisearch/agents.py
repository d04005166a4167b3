"""Agents: a whole player under a clock, and the reference agents it is measured against.

The course's project asks a student for an **agent**: one function
``agent(game, state, time_left) -> action``, where ``time_left`` is the number
of seconds it may still think about this move. Inside, it is everything the
lectures built: iterative deepening under the clock, alpha-beta, an evaluation
of its own, and, for more, a transposition table and move ordering.

The reference agents here are of graded strength, weakest first
(``REFERENCE_AGENTS``), so that a student sees where their agent stands:

=============  ===============================================================
``random``     a uniformly random legal move (seeded)
``greedy``     one ply: the move whose position evaluates best for the mover
``alphabeta``  alpha-beta to a fixed depth (3) with the mobility difference
``deepening``  iterative deepening with alpha-beta and a table, under the
               clock, with the aggressive mobility (own moves minus twice
               the opponent's)
=============  ===============================================================

The evaluations are Isolation's (``aisearch.evaluation``); for another game,
pass an ``evaluate`` of its own (Connect Four's ``threats_and_centre``).
``aisearch.matches`` plays agents against each other.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .alphabeta import alphabeta
from .deepening import iterative_deepening
from .evaluation import aggressive_mobility, mobility_difference
from .game import Evaluation, Game
from .table import TranspositionTable
from .validation import require_callable

Agent = Callable[[Any, Any, float], Any]
"""``agent(game, state, time_left) -> action``: a move within ``time_left`` seconds."""

SAFETY = 0.7
"""The share of ``time_left`` the deepening agent gives its search: the rest
covers the last depth's overrun and the time to return."""


def random_agent(seed: int | None = None) -> Agent:
    """A uniformly random legal move, from the agent's own seeded generator.

    >>> from aisearch.games import Isolation
    >>> agent = random_agent(seed=1)
    >>> game = Isolation()
    >>> agent(game, game.initial_state(), 1.0) in game.actions(game.initial_state())
    True
    """
    rng = random.Random(seed)

    def agent(game: Game, state: Any, time_left: float) -> Any:
        actions = game.actions(state)
        return actions[rng.randrange(len(actions))]

    agent.__name__ = "random"
    return agent


def greedy_agent(evaluate: Evaluation = mobility_difference) -> Agent:
    """One ply ahead: the move whose resulting position ``evaluate`` values
    best for the mover (a won position first, the first best on a tie)."""
    require_callable(evaluate, "evaluate", "(game, state, player) -> float")

    def agent(game: Game, state: Any, time_left: float) -> Any:
        return alphabeta(game, state, depth=1, evaluate=evaluate).action

    agent.__name__ = "greedy"
    return agent


def alphabeta_agent(depth: int = 3, evaluate: Evaluation = mobility_difference) -> Agent:
    """Alpha-beta to a fixed ``depth``, ``evaluate`` at the horizon; the clock is not read."""
    require_callable(evaluate, "evaluate", "(game, state, player) -> float")

    def agent(game: Game, state: Any, time_left: float) -> Any:
        return alphabeta(game, state, depth=depth, evaluate=evaluate).action

    agent.__name__ = f"alphabeta (depth {depth})"
    return agent


def deepening_agent(evaluate: Evaluation = aggressive_mobility) -> Agent:
    """Iterative deepening with alpha-beta and a transposition table, given
    ``SAFETY`` of the time left: the move of the deepest completed search."""
    require_callable(evaluate, "evaluate", "(game, state, player) -> float")

    def agent(game: Game, state: Any, time_left: float) -> Any:
        found = iterative_deepening(
            game,
            state,
            time_limit=SAFETY * time_left,
            evaluate=evaluate,
            table=TranspositionTable(),
        )
        return found.action

    agent.__name__ = "deepening"
    return agent


REFERENCE_AGENTS: dict[str, Callable[[], Agent]] = {
    "random": lambda: random_agent(seed=0),
    "greedy": greedy_agent,
    "alphabeta": alphabeta_agent,
    "deepening": deepening_agent,
}
"""Each reference agent by name, weakest first, as a function that makes a fresh one."""
