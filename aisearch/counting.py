"""Counting a game tree, and estimating the size of one too big to count.

The game tree repeats positions: the same board is reached by different move
orders. So there are three different numbers to count: complete games (the
leaves of the tree, one per path from the start to an end), nodes of the tree
(every prefix of every game, the start included) and distinct positions.
For tic-tac-toe they are 255,168 games, 549,946 nodes and 5,478 positions
(all three computed here; published, for example, by S. Schaefer,
"Tic-Tac-Toe (Naughts and Crosses, Cross and Naughts...)", MathRec, January
2002, http://www.mathrec.org/old/2002jan/solutions.html, now offline and read
through the Wayback Machine). Up to rotation and reflection there are 765
positions, listed by number of marks as OEIS A008907 (1, 3, 12, 38, 108,
174, 204, 153, 57, 15). The functions below compute them from the game's six
parts.

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

from .game import (
    Game,
    check_game,
    checked_result,
    endless,
    is_immutable,
    no_actions,
    ply_limit,
    real_value,
    require_bool,
    require_count,
    sequence_of_actions,
)
from .symmetry import canonical, require_symmetry
from .validation import require_seed


def _reachable(game: Game, state):
    """Every position reachable from ``state``, each once, children listed first.

    A depth-first walk that lists a position once all its successors are
    listed. It refuses, with a ``ValueError``, what cannot be counted: a
    position that is not terminal but has no actions, a position that recurs on
    its own line of play (a cycle: infinitely many games), and a line longer
    than the game's ply limit (``aisearch.game.ply_limit``: a game that never
    ends would otherwise be walked forever), and a ``result`` that changes the
    state it is given (``aisearch.game.checked_result``, at every call unless
    the states are made of immutable parts, as the built-in games' are).
    """
    limit = ply_limit(game)
    result = game.result
    if not is_immutable(state):
        # A result() that changed such a state in place would look like a cycle,
        # or count another line's positions: every call is checked instead.
        def result(s, a):
            return checked_result(game, s, a)

    order: list = []
    done: set = set()
    on_line: set = set()  # the positions whose successors are being listed
    stack = [(state, 0, False)]
    while stack:
        s, ply, expanded = stack.pop()
        if expanded:
            on_line.discard(s)
            done.add(s)
            order.append(s)
            continue
        if s in done:
            continue  # reached again by another move order
        if s in on_line:
            raise ValueError(
                f"position {s!r} of {game!r} recurs on a line of play from itself: "
                "a game with cycles has infinitely many games, which cannot be counted"
            )
        if ply > limit:
            raise endless(game, s, ply, "counting")
        on_line.add(s)
        stack.append((s, ply, True))
        if game.is_terminal(s):
            continue
        # Checked at every state here, once: the passes below ask again, and a
        # set, a generator or None would count wrong or fail without a name.
        actions = sequence_of_actions(game, s, game.actions(s))
        if not actions:
            raise no_actions(s)
        for a in actions:
            child = result(s, a)
            if child not in done:
                stack.append((child, ply + 1, False))
    return order


def reachable_positions(game: Game, state=None) -> list:
    """Every position reachable from ``state`` (itself included), each once.

    Positions come in a fixed order, every position after all its successors.

    >>> from aisearch.games import TicTacToe
    >>> len(reachable_positions(TicTacToe()))
    5478
    """
    check_game(game, "reachable_positions", state, chance=True)
    state = game.initial_state() if state is None else state
    return _reachable(game, state)


def count_games(game: Game, state=None, *, symmetric: bool = False) -> int:
    """The number of complete games (paths to a terminal state) from ``state``.

    With ``symmetric=True`` symmetric moves count as one: at every position,
    successors that are rotations or reflections of each other (the same
    canonical key, see ``aisearch.symmetry``) are merged into one, and the
    games are counted through the merged successors. This is the usual
    definition of "games up to symmetry" for tic-tac-toe, 26,830 (H. Bottomley,
    "How many Tic-Tac-Toe (noughts and crosses) games are possible?",
    http://www.se16.info/hgb/tictactoe.htm; Schaefer, cited above: games "the
    same when players faced the same choices at each move"). It is not the
    number of classes of whole games under one symmetry of the board applied
    to every move, which Schaefer gives as 31,896: no symmetry but the
    identity leaves a whole tic-tac-toe game unchanged (it would have to fix
    every cell played, and each fixes at most 3 cells, fewer than the 5 moves
    of the shortest game), so the classes are 255,168 / 8.

    Raises:
        ValueError: with ``symmetric=True``, if the game offers no symmetries.

    >>> from aisearch.games import TicTacToe
    >>> count_games(TicTacToe()), count_games(TicTacToe(), symmetric=True)
    (255168, 26830)
    """
    check_game(game, "count_games", state, chance=True)
    require_bool(symmetric, "symmetric")
    state = game.initial_state() if state is None else state
    key = _keyer(game, symmetric)
    games: dict = {}
    for s in _reachable(game, state):
        if game.is_terminal(s):
            games[s] = 1
        elif symmetric:
            # One successor per canonical key: symmetric moves are one move.
            distinct = {key(c): c for c in (game.result(s, a) for a in game.actions(s))}
            games[s] = sum(games[c] for c in distinct.values())
        else:
            games[s] = sum(games[game.result(s, a)] for a in game.actions(s))
    return games[state]


def count_tree_nodes(game: Game, state=None) -> int:
    """The number of nodes of the full game tree below ``state``, itself included.

    >>> from aisearch.games import TicTacToe
    >>> count_tree_nodes(TicTacToe())
    549946
    """
    check_game(game, "count_tree_nodes", state, chance=True)
    state = game.initial_state() if state is None else state
    nodes: dict = {}
    for s in _reachable(game, state):
        if game.is_terminal(s):
            nodes[s] = 1
        else:
            nodes[s] = 1 + sum(nodes[game.result(s, a)] for a in game.actions(s))
    return nodes[state]


def count_by_ply(game: Game, state=None) -> tuple[list[int], list[int]]:
    """How many tree nodes, and how many distinct positions, lie at each ply below ``state``.

    Entry ``k`` of each list is for the nodes ``k`` moves from ``state``
    (``state`` itself is ply 0): the first list counts tree nodes (every
    move order separately), the second the distinct positions among them.
    Their ratio is how many times plain minimax would search a position at
    that ply; the tree's nodes add up to ``count_tree_nodes``. A layer is
    built from the one above, each position's number of move orders passed
    on to its successors, so each position is expanded once per ply.

    >>> from aisearch.games import TicTacToe
    >>> nodes, positions = count_by_ply(TicTacToe())
    >>> nodes[:4], positions[:4]
    ([1, 9, 72, 504], [1, 9, 72, 252])
    >>> sum(nodes), positions[9]
    (549946, 78)
    """
    check_game(game, "count_by_ply", state, chance=True)
    state = game.initial_state() if state is None else state
    layer = {state: 1}  # position -> the move orders reaching it at this ply
    nodes: list[int] = []
    positions: list[int] = []
    while layer:
        nodes.append(sum(layer.values()))
        positions.append(len(layer))
        below: dict = {}
        for s, paths in layer.items():
            if game.is_terminal(s):
                continue
            for a in game.actions(s):
                child = checked_result(game, s, a)
                below[child] = below.get(child, 0) + paths
        if below and len(nodes) > ply_limit(game):
            raise endless(game, next(iter(below)), len(nodes), "count_by_ply")
        layer = below
    return nodes, positions


def count_positions(game: Game, state=None, *, symmetric: bool = False) -> int:
    """The number of distinct positions reachable from ``state``, itself included.

    With ``symmetric=True`` positions that are rotations or reflections of
    each other count once (one per canonical key, see ``aisearch.symmetry``):
    765 for tic-tac-toe (Schaefer, cited above; OEIS A008907 by number of
    marks).

    Raises:
        ValueError: with ``symmetric=True``, if the game offers no symmetries.

    >>> from aisearch.games import TicTacToe
    >>> count_positions(TicTacToe()), count_positions(TicTacToe(), symmetric=True)
    (5478, 765)
    """
    check_game(game, "count_positions", state, chance=True)
    require_bool(symmetric, "symmetric")
    state = game.initial_state() if state is None else state
    reachable = _reachable(game, state)
    if not symmetric:
        return len(reachable)
    key = _keyer(game, symmetric)
    return len({key(s) for s in reachable})


def _keyer(game: Game, symmetric: bool):
    """State -> its key: the canonical form with ``symmetric``, else the state."""
    if not symmetric:
        return lambda s: s
    require_symmetry(game)
    return lambda s: canonical(game, s)[0]


def count_outcomes(game: Game, state=None) -> Counter:
    """How many complete games end with each utility for the player to move at ``state``.

    >>> from aisearch.games import TicTacToe
    >>> sorted(count_outcomes(TicTacToe()).items())
    [(-1, 77904), (0, 46080), (1, 131184)]
    """
    check_game(game, "count_outcomes", state, chance=True)
    state = game.initial_state() if state is None else state
    player = game.to_move(state)
    outcomes: dict = {}
    for s in _reachable(game, state):
        if game.is_terminal(s):
            outcomes[s] = Counter({real_value(game.utility(s, player), game.utility, s): 1})
        else:
            total: Counter = Counter()
            for a in game.actions(s):
                total.update(outcomes[game.result(s, a)])
            outcomes[s] = total
    return outcomes[state]


def count_games_by_length(game: Game, state=None, *, symmetric: bool = False) -> Counter:
    """How many complete games from ``state`` end after each number of moves, with each utility.

    The keys are ``(moves, utility)``: the number of moves played from
    ``state`` to the end, and the utility for the player to move at
    ``state``; the counts add up to ``count_games(game, state,
    symmetric=symmetric)``, with the same meaning of ``symmetric`` (symmetric
    moves merged at every position).

    Raises:
        ValueError: with ``symmetric=True``, if the game offers no symmetries.

    >>> from aisearch.games import TicTacToe
    >>> lengths = count_games_by_length(TicTacToe())
    >>> lengths[5, 1], lengths[9, 0]  # X wins with its 3rd mark; draws fill the board
    (1440, 46080)
    """
    check_game(game, "count_games_by_length", state, chance=True)
    require_bool(symmetric, "symmetric")
    state = game.initial_state() if state is None else state
    player = game.to_move(state)
    key = _keyer(game, symmetric)
    below: dict = {}  # position -> Counter of (moves from it, utility)
    for s in _reachable(game, state):
        if game.is_terminal(s):
            below[s] = Counter({(0, real_value(game.utility(s, player), game.utility, s)): 1})
            continue
        children = [game.result(s, a) for a in game.actions(s)]
        if symmetric:
            children = list({key(c): c for c in children}.values())
        total: Counter = Counter()
        for c in children:
            for (moves, value), n in below[c].items():
                total[moves + 1, value] += n
        below[s] = total
    return below[state]


class BranchingEstimate(NamedTuple):
    """What random playouts tell about a game tree's shape."""

    branching: float
    """Mean number of legal actions over all non-terminal states met."""
    length: float
    """Mean number of moves in a game."""
    tree_size: float
    """Knuth's estimate of the number of nodes in the full tree."""
    playouts: int


def estimate_branching_factor(
    game: Game, state=None, *, playouts: int = 1000, seed=0
) -> BranchingEstimate:
    """Estimate the branching factor, game length and tree size by random playouts.

    Each playout picks uniformly random actions until the game ends. Seeded:
    the same seed gives the same estimate.

    >>> from aisearch.games import TicTacToe
    >>> est = estimate_branching_factor(TicTacToe(), playouts=2000, seed=1)
    >>> round(est.length, 1), 500_000 < est.tree_size < 600_000
    (7.6, True)
    """
    check_game(game, "estimate_branching_factor", state, chance=True)
    require_count(playouts, "playouts", 1)
    require_seed(seed, "estimate_branching_factor")
    rng = random.Random(seed)
    state = game.initial_state() if state is None else state
    limit = ply_limit(game)
    choices = moves = 0
    size_total = 0.0
    for _ in range(playouts):
        s, product, size, plies = state, 1, 1, 0
        while not game.is_terminal(s):
            if plies >= limit:
                raise endless(game, s, plies, "estimate_branching_factor")
            plies += 1
            acts = sequence_of_actions(game, s, game.actions(s))
            if not acts:
                raise no_actions(s)
            choices += len(acts)
            moves += 1
            product *= len(acts)
            size += product
            s = game.result(s, acts[rng.randrange(len(acts))])
        size_total += size
    branching = choices / moves if moves else 0.0
    return BranchingEstimate(branching, moves / playouts, size_total / playouts, playouts)
