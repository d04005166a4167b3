"""Max^n: search for more than two players, each maximising its own share.

With three or more players "my gain is your loss" no longer holds, so a
single number cannot value a state. Max^n (Luckhardt and Irani, 1986) values
it by a vector, one entry per player in ``game.players`` order: a leaf's
vector is every player's utility, and at an interior node the player to move
picks the child whose vector is best *in its own entry*, and that whole
vector is the node's value. With two zero-sum players this is exactly
minimax. When two children tie in the mover's entry the first one (in the
game's order of actions) is kept, so the search is deterministic; other tie
rules can give other vectors, which is one of max^n's known weaknesses.

Pruning is weaker than alpha-beta's, because a player's gain no longer
equals a single opponent's loss. Korf (1991) showed what remains when every
entry is non-negative and the entries of any vector add up to at most a known
``max_sum`` (a constant-sum game, say). Suppose a node's player ``i`` is
already sure of ``x`` in its own entry.

* **Immediate pruning**: if ``x == max_sum`` nobody can offer ``i`` more, and
  ties keep the first child, so the other children need not be searched.
* **Shallow pruning**: the parent's player ``j`` already has ``y`` from an
  earlier child. Whatever this node ends up with, ``j`` gets at most
  ``max_sum - x`` from it; if that is ``<= y``, ``j`` will never choose this
  node (ties keep the earlier child), so its other children can be skipped.

Deep pruning, which would compare the same bound with the best of the
*grandparent's* (or any higher) player, is not allowed: the skipped children
could change which child the parent prefers, and through the parent's choice
the vector the grandparent sees, even though the grandparent's player never
picks this node. ``deep_pruning_counterexample`` builds a tree where it
gives the wrong answer.

References: C. A. Luckhardt and K. B. Irani, "An algorithmic solution of
N-person games", AAAI-86 (max^n); Richard E. Korf, "Multi-player alpha-beta
pruning", *Artificial Intelligence* 48 (1991), 99-111 (the pruning).
"""

from __future__ import annotations

from numbers import Real

from .game import (
    Evaluation,
    Game,
    check_depth,
    check_game,
    missing_evaluation,
    named_after,
    no_actions,
    optional,
    resolve_evaluate,
    value_vector,
    within_recursion,
)
from .result import SearchResult, SearchStats
from .tracing import Tracing

Vector = tuple
"""A value per player, in ``game.players`` order."""


def maxn(
    game: Game,
    state=None,
    *,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    tracer=None,
    max_sum: float | None = None,
) -> SearchResult:
    """The max^n value vector of ``state`` and the first best action for its mover.

    Args:
        game: a game with the six methods and a ``players`` sequence; its
            ``utility(state, player)`` (and ``evaluate``) return either the
            player's number or the whole vector (see ``aisearch.game``).
        state: where to search from; ``None`` means the initial state.
        depth: plies to look ahead; ``None`` searches to the end.
        evaluate: ``(game, state, player) -> number or vector`` for states at
            the depth limit; defaults to the game's own ``evaluate`` method.
        tracer: any callable that receives an ``aisearch.Event`` per step;
            values in the events are vectors, roles the players' names.
        max_sum: if given, every value must be non-negative with entries
            adding up to at most ``max_sum``, and the search prunes with
            Korf's immediate and shallow pruning (``stats.cutoffs`` counts
            them). The root's vector and action are the same as without.

    Returns:
        ``SearchResult(value, action, stats)``: ``value`` the vector (a tuple
        in ``game.players`` order), ``action`` the first action, in the game's
        order, whose child is best in the root mover's entry.

    Raises:
        ValueError: a bad depth or ``max_sum``, a game without ``players``, a
            vector of the wrong length, a depth limit reached with no
            evaluation, or (with ``max_sum``) a value that is negative or
            whose entries add up to more than ``max_sum``, naming the state.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[(5, 3, 2), (4, 2, 4)], [(1, 6, 3), (3, 3, 4)]],
    ...                             players=("P1", "P2", "P3"))
    >>> maxn(tree)
    SearchResult(value=(5, 3, 2), action='a1', stats=SearchStats(nodes=7, leaves=4, cutoffs=0, max_depth=2))

    With ``max_sum=10``, P2 at C is sure of 6 after F, which leaves P1 at most
    4 there, less than the 5 it has from B: G is never searched.

    >>> maxn(tree, max_sum=10)
    SearchResult(value=(5, 3, 2), action='a1', stats=SearchStats(nodes=6, leaves=3, cutoffs=1, max_depth=2))
    """
    check_game(game, "maxn", state)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    players = _players_of(game)
    if max_sum is not None and (
        isinstance(max_sum, bool) or not isinstance(max_sum, Real) or not max_sum >= 0
    ):
        raise ValueError(f"max_sum must be a non-negative number, got {max_sum!r}")
    evaluate = resolve_evaluate(game, evaluate)
    to_move, actions, result = game.to_move, game.actions, game.result
    is_terminal = game.is_terminal
    index = {p: i for i, p in enumerate(players)}
    # Values are vectors: every event names the players, each node's role is
    # the name of its mover, and nothing is turned to anyone's side.
    tracing = (
        None
        if tracer is None
        else Tracing(tracer, lambda s: str(to_move(s)), players=[str(p) for p in players])
    )
    nodes = leaves = cutoffs = deepest = 0

    @named_after(evaluate)
    def evaluation(state, player):
        """The evaluation, for ``value_vector``, named as the user named it."""
        return evaluate(game, state, player)

    def leaf(state, ply, action) -> Vector:
        nonlocal leaves, deepest
        leaves += 1
        deepest = max(deepest, ply)
        terminal = is_terminal(state)
        if terminal:
            vector = value_vector(game, state, game.utility, players)
        elif evaluate is None:
            raise missing_evaluation(state)
        else:
            vector = value_vector(game, state, evaluation, players)
        if max_sum is not None:
            check_pruning_conditions(state, vector, max_sum)
        if tracing is not None:
            tracing.leaf(state, action, vector, terminal)
        return vector

    def value(state, ply, action, above: tuple | None) -> tuple:
        """``(vector, action)``; ``above`` is ``(player, best so far)`` of the parent."""
        nonlocal nodes, cutoffs
        nodes += 1
        mover = to_move(state)
        if ply == depth or is_terminal(state):
            return leaf(state, ply, action), None
        if mover not in index:
            raise ValueError(
                f"{mover!r}, to move in {state!r}, is not one of game.players {players!r}"
            )
        if tracing is not None:
            tracing.enter(state, action)
        i = index[mover]
        acts = actions(state)
        if not acts:
            raise no_actions(state)
        best, move = None, None
        for k, a in enumerate(acts):
            vector, _ = value(result(state, a), ply + 1, a, (i, best[i]) if best else None)
            # Strictly better only: on a tie the first child stays.
            if best is None or vector[i] > best[i]:
                best, move = vector, a
                if tracing is not None:
                    tracing.update(best)
            if max_sum is not None and k + 1 < len(acts) and _can_prune(i, best, above, max_sum):
                cutoffs += 1
                if tracing is not None:
                    _trace_cutoff(state, acts[k + 1 :], best, above, i)
                break
        if tracing is not None:
            tracing.exit(best)
        return best, move

    def _trace_cutoff(state, skipped, best, above, i):
        states = [result(state, s) for s in skipped]
        # alpha: what the parent's player already has (None for an immediate
        # cut); beta: max_sum. Replays use them to explain the cut.
        bound = None if best[i] >= max_sum else above[1]
        tracing.cutoff(best, skipped, states, bound, max_sum)

    with within_recursion("maxn", game):
        vector, move = value(state, 0, None, None)
    return SearchResult(vector, move, SearchStats(nodes, leaves, cutoffs, deepest))


def _can_prune(i: int, best: tuple, above: tuple | None, max_sum) -> bool:
    """Korf's immediate or shallow pruning condition at a node of player ``i``."""
    if best[i] >= max_sum:
        return True  # immediate: nothing can beat the whole sum, and ties keep the first
    if above is None:
        return False
    j, parent_best = above
    # The parent's player gets at most max_sum - best[i] here; a tie keeps its
    # earlier child. (When the same player moves twice the bound says nothing.)
    return j != i and max_sum - best[i] <= parent_best


def check_pruning_conditions(state, vector: tuple, max_sum) -> None:
    """Raise ``ValueError`` naming ``state`` unless ``vector`` fits Korf's conditions.

    Every entry must be non-negative and the entries must add up to at most
    ``max_sum`` (a tiny rounding slack is allowed for floats).

    >>> check_pruning_conditions("E", (3, 3, 4), 10)
    >>> check_pruning_conditions("E", (3, -1, 4), 10)
    Traceback (most recent call last):
    ...
    ValueError: state 'E' has the value (3, -1, 4) with a negative entry: shallow pruning (max_sum=10) needs non-negative values
    """
    if any(x < 0 for x in vector):
        raise ValueError(
            f"state {state!r} has the value {vector!r} with a negative entry: shallow "
            f"pruning (max_sum={max_sum!r}) needs non-negative values"
        )
    total = sum(vector)
    if total > max_sum + 1e-9 * max(1, abs(max_sum)):
        raise ValueError(
            f"state {state!r} has the value {vector!r}, whose entries add up to "
            f"{total!r} > max_sum={max_sum!r}: shallow pruning would be unsound"
        )


def _players_of(game) -> tuple:
    players = optional(game, "players")
    if players is None or len(tuple(players)) < 2:
        raise ValueError(
            f"{game!r} has no players sequence: max^n needs game.players, in vector order"
        )
    return tuple(players)


def deep_pruning_counterexample():
    """A three-player tree (``max_sum`` 10) where deep pruning gives a wrong answer.

    ::

                      A (P1)
               a1 /        \\ a2
          (5,5,0) B         C (P2)
                      c1 /      \\ c2
                 (6,2,2) D       E (P3)
                             e1 /   \\ e2
                          (0,3,7)   (1,1,8)

    True max^n: E is (1,1,8) (P3 takes 8), so P2 at C prefers D's 2 to E's 1,
    C is (6,2,2), and P1 takes it: A is (6,2,2) by ``a2``. Deep pruning would
    stop at E after ``e1``: P3 already has 7 there, so P1 two levels up can
    get at most 10 - 7 = 3 < 5 from E. True, but E's unsearched child changes
    what P2 picks at C: with E cut to (0,3,7), P2 takes E (3 > 2), C becomes
    (0,3,7) and P1 takes ``a1`` for (5,5,0). Shallow pruning, which compares
    with C's player only (10 - 7 = 3 > 2), rightly does not cut.

    >>> tree = deep_pruning_counterexample()
    >>> maxn(tree, max_sum=10).value
    (6, 2, 2)
    """
    from .games.gametree import GameTree

    return GameTree.from_nested(
        [(5, 5, 0), [(6, 2, 2), [(0, 3, 7), (1, 1, 8)]]],
        layers=("P1", "P2", "P3"),
    )


def deep_pruned(tree, node, keep: int = 1):
    """``tree`` with ``node``'s children after the first ``keep`` removed.

    What a search that (wrongly) deep-pruned at ``node`` would see: compare
    ``maxn`` on it with ``maxn`` on the whole tree.

    >>> tree = deep_pruning_counterexample()
    >>> maxn(deep_pruned(tree, "E")).value
    (5, 5, 0)
    """
    from .games.gametree import GameTree

    kids = tree.children(node)
    if not kids:
        raise ValueError(f"node {node!r} is a leaf: there is nothing to prune under it")
    if isinstance(keep, bool) or not isinstance(keep, int) or not 1 <= keep <= len(kids):
        raise ValueError(
            f"keep must be from 1 to {len(kids)} (the children of {node!r}), got {keep!r}"
        )
    dropped = set()
    stack = list(kids[keep:])
    while stack:
        n = stack.pop()
        dropped.add(n)
        stack.extend(tree.children(n))
    edges = [(p, a, c) for p, a, c in tree.edges() if c not in dropped]
    kept = [n for n in tree.nodes if n not in dropped]
    values = {n: tree.value(n) for n in kept if tree.value(n) is not None}
    roles = {n: tree.to_move(n) for n in kept}
    players = tree.players if tree.is_multiplayer else None
    if players is None:
        roles = {n: tree.role(n) for n in kept}
    return GameTree.from_edges(edges, values, roles, root=tree.root, players=players)
