"""Counting a game tree, and estimating the size of one too big to count.

The game tree repeats positions: the same board is reached by different move
orders. So there are three different numbers to count: complete games (the
leaves of the tree, one per path from the start to an end), nodes of the tree
(every prefix of every game, the start included) and distinct positions.
For tic-tac-toe they are 255,168 games, 549,946 nodes and 5,478 positions
(all three computed here; published, for example, by Schaefer,
"Tic-Tac-Toe (Naughts and Crosses, Cross and Naughts...)", 2002, and as OEIS
A008907's total); the functions below compute them from the game's six parts.

Counting games and nodes does not need to walk all of the tree: the subtree
below a position depends only on that position, so its counts are computed
once per position and reused (a memo over positions). The numbers are those
of the full tree all the same.

Where even positions are too many, ``estimate_branching_factor`` estimates
the tree's size too (its ``tree_size``), by Knuth's
method (D. E. Knuth, "Estimating the efficiency of backtrack programs",
Mathematics of Computation 29, 1975): play random games and, along each,
multiply the branching factors seen; the average of ``1 + b1 + b1*b2 + ...``
is an unbiased estimate of the number of nodes.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from .game import Game


def _reachable(game: Game, state):
    """Every position reachable from ``state``, each once, children listed first."""
    order, seen, stack = [], {state}, [(state, False)]
    while stack:
        s, expanded = stack.pop()
        if expanded:
            order.append(s)
            continue
        stack.append((s, True))
        if game.is_terminal(s):
            continue
        for a in game.actions(s):
            child = game.result(s, a)
            if child not in seen:
                seen.add(child)
                stack.append((child, False))
    return order


def count_games(game: Game, state=None) -> int:
    """The number of complete games (paths to a terminal state) from ``state``.

    >>> from aisearch.games import TicTacToe
    >>> count_games(TicTacToe())
    255168
    """
    state = game.initial_state() if state is None else state
    games: dict = {}
    for s in _reachable(game, state):
        if game.is_terminal(s):
            games[s] = 1
        else:
            games[s] = sum(games[game.result(s, a)] for a in game.actions(s))
    return games[state]


def count_tree_nodes(game: Game, state=None) -> int:
    """The number of nodes of the full game tree below ``state``, itself included.

    >>> from aisearch.games import TicTacToe
    >>> count_tree_nodes(TicTacToe())
    549946
    """
    state = game.initial_state() if state is None else state
    nodes: dict = {}
    for s in _reachable(game, state):
        if game.is_terminal(s):
            nodes[s] = 1
        else:
            nodes[s] = 1 + sum(nodes[game.result(s, a)] for a in game.actions(s))
    return nodes[state]


def count_positions(game: Game, state=None) -> int:
    """The number of distinct positions reachable from ``state``, itself included.

    >>> from aisearch.games import TicTacToe
    >>> count_positions(TicTacToe())
    5478
    """
    state = game.initial_state() if state is None else state
    return len(_reachable(game, state))


def count_outcomes(game: Game, state=None) -> Counter:
    """How many complete games end with each utility for the player to move at ``state``.

    >>> from aisearch.games import TicTacToe
    >>> sorted(count_outcomes(TicTacToe()).items())
    [(-1, 77904), (0, 46080), (1, 131184)]
    """
    state = game.initial_state() if state is None else state
    player = game.to_move(state)
    outcomes: dict = {}
    for s in _reachable(game, state):
        if game.is_terminal(s):
            outcomes[s] = Counter({game.utility(s, player): 1})
        else:
            total: Counter = Counter()
            for a in game.actions(s):
                total.update(outcomes[game.result(s, a)])
            outcomes[s] = total
    return outcomes[state]


class BranchingEstimate(NamedTuple):
    """What random playouts tell about a game tree's shape."""

    branching: float
    """Mean number of legal actions over all non-terminal states met."""
    length: float
    """Mean number of moves in a game."""
    tree_size: float
    """Knuth's estimate of the number of nodes in the full tree."""
    playouts: int


def estimate_branching_factor(game: Game, state=None, *, playouts: int = 1000,
                              seed=0) -> BranchingEstimate:
    """Estimate the branching factor, game length and tree size by random playouts.

    Each playout picks uniformly random actions until the game ends. Seeded:
    the same seed gives the same estimate.

    >>> from aisearch.games import TicTacToe
    >>> est = estimate_branching_factor(TicTacToe(), playouts=2000, seed=1)
    >>> round(est.length, 1), 500_000 < est.tree_size < 600_000
    (7.6, True)
    """
    if not isinstance(playouts, int) or playouts < 1:
        raise ValueError(f"playouts must be a whole number >= 1, got {playouts!r}")
    rng = random.Random(seed)
    state = game.initial_state() if state is None else state
    choices = moves = 0
    size_total = 0.0
    for _ in range(playouts):
        s, product, size = state, 1, 1
        while not game.is_terminal(s):
            acts = game.actions(s)
            choices += len(acts)
            moves += 1
            product *= len(acts)
            size += product
            s = game.result(s, acts[rng.randrange(len(acts))])
        size_total += size
    branching = choices / moves if moves else 0.0
    return BranchingEstimate(branching, moves / playouts, size_total / playouts, playouts)
