"""Monte Carlo tree search with UCT: a search tree grown by random playouts.

Alpha-beta needs an evaluation function wherever it stops; Monte Carlo tree
search needs none. It grows a tree from the root, one node per iteration,
and values each node by the mean result of the random playouts that went
through it. Every iteration has four steps (Browne et al., "A survey of
Monte Carlo tree search methods", IEEE Trans. Comput. Intell. AI Games 4(1),
2012, Figure 2):

1. **select**: from the root, while the node is fully expanded and not
   terminal, go to the child with the best UCT score;
2. **expand**: add one child of that node to the tree (the first action, in
   the game's order, that has no node yet);
3. **simulate**: play the new node out to the end with random moves;
4. **backpropagate**: add the playout's result to the visits and the value
   of every node on the path back to the root.

The UCT score of a child (Kocsis and Szepesvári, "Bandit based Monte-Carlo
planning", ECML 2006) adds to the child's mean value, for the player who
chooses it, an exploration bonus that grows when the parent is visited and
the child is not::

    mean + exploration * sqrt(ln(parent visits) / child visits)

``exploration = sqrt(2)`` is the constant of the UCB1 rule (Auer,
Cesa-Bianchi and Fischer 2002) for results in [0, 1]; the results here span
[-1, 1], twice as wide, so the matching constant would be ``2 * sqrt(2)``.
The convergence proof only needs the constant large enough: as the
iterations grow, the choice at the root converges to the minimax move. The
default ``sqrt(2)`` works well on the small games of the course; in practice
the constant is tuned per game. ``exploration = 0`` is greedy: it may never
look again at a move whose first playouts went badly.

Values are kept from MAX's point of view, as in every trace of this package
(MAX is the game's ``max_player`` if it names one, else the player to move
at the root): the mean of a node is the average utility for MAX of the
playouts through it. A node where MIN chooses scores its children by their
negated mean, which is the negamax form of the same backup: the games are
two-player and zero-sum. At a chance state no one chooses: selection draws
an outcome by its probability, so a chance node's mean is a weighted average.

This module is the search. Its trace is in ``aisearch.mcts_trace``: ``mcts``
gives a tracer one ``MCTSEvent`` per step, and an ``MCTSTrace`` keeps them
and replays the growing tree (both are also importable from here).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .game import (
    CHANCE,
    Game,
    check_game,
    draw_outcome,
    new_mover,
    no_actions,
    optional,
    real_value,
    require_callable,
    sequence_of_actions,
)
from .mcts_trace import (
    BACKPROPAGATE,
    EXPAND,
    SELECT,
    SIMULATE,
    MCTSEvent,
    MCTSFrame,
    MCTSTrace,
    MCTSTraceNode,
    Score,
)
from .montecarlo import PlayoutPolicy, playout
from .trace import Trace
from .validation import finite_value, require_hooks, require_seed

__all__ = [
    # The search.
    "ChildStats",
    "MCTSResult",
    "MCTSStats",
    "Node",
    "mcts",
    "mcts_player",
    "uct_score",
    # Its trace and replay, from aisearch.mcts_trace, re-exported where they were first.
    "BACKPROPAGATE",
    "EXPAND",
    "SELECT",
    "SIMULATE",
    "MCTSEvent",
    "MCTSFrame",
    "MCTSTrace",
    "MCTSTraceNode",
    "Score",
]


def uct_score(
    mean: float, visits: int, parent_visits: int, exploration: float = math.sqrt(2)
) -> float:
    """The UCT score of a child: its mean plus the exploration bonus::

        mean + exploration * sqrt(ln(parent_visits) / visits)

    ``mean`` is the child's mean value for the player choosing at the
    parent, ``visits`` the child's visits (at least 1), ``parent_visits`` the
    parent's.

    >>> round(uct_score(0.5, 2, 10), 4)  # 0.5 + sqrt(2) * sqrt(ln 10 / 2)
    2.0174
    >>> uct_score(0.5, 2, 10, exploration=0)
    0.5
    """
    return mean + exploration * math.sqrt(math.log(parent_visits) / visits)


class Node:
    """A node of the search tree: a state, its statistics and its children.

    ``visits`` counts the iterations that passed through the node, ``total``
    adds their results from MAX's point of view, so ``mean`` is
    ``total / visits``. ``children`` maps actions (or chance outcomes) to
    nodes in the order they were expanded; ``untried`` lists the actions not
    yet expanded, in the game's order (empty at chance nodes, which expand
    the outcome they draw).
    """

    __slots__ = (
        "id",
        "state",
        "parent",
        "action",
        "depth",
        "mover",
        "children",
        "untried",
        "visits",
        "total",
        "terminal",
    )

    def __init__(
        self,
        id: int,
        state,
        parent: Node | None,
        action,
        depth: int,
        mover,
        untried: list,
        terminal: bool,
    ):
        self.id = id
        self.state = state
        self.parent = parent
        self.action = action
        self.depth = depth
        self.mover = mover
        self.children: dict = {}
        self.untried = untried
        self.visits = 0
        self.total = 0.0
        self.terminal = terminal

    @property
    def mean(self) -> float:
        """The mean playout result from MAX's point of view (0 before any visit)."""
        return self.total / self.visits if self.visits else 0.0

    def walk(self):
        """This node and all below it, in preorder (children in expansion order)."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(list(node.children.values())))

    def __repr__(self) -> str:
        return f"<Node {self.id} {self.state!r}: {self.visits} visits, mean {self.mean:.3g}>"


class ChildStats(NamedTuple):
    """A root child's ``visits`` and ``mean`` value for the player to move at the root."""

    visits: int
    mean: float


@dataclass
class MCTSStats:
    """Work done by one search.

    ``iterations`` run, ``nodes`` in the tree at the end (the root
    included), ``playout_moves`` made in all simulations, ``max_depth`` the
    deepest ply of the tree (the root is ply 0), ``seconds`` the time taken
    (a measurement, different on every run).
    """

    iterations: int = 0
    nodes: int = 0
    playout_moves: int = 0
    max_depth: int = 0
    seconds: float = 0.0


class MCTSResult(NamedTuple):
    """What ``mcts`` returns.

    ``value`` is the root's mean playout result for the player to move at
    the root; ``action`` the most visited root child (ties go to the first
    in the game's order; ``None`` at a terminal state); ``stats`` the work
    done; ``children`` maps each expanded root action to its
    ``ChildStats(visits, mean)`` for the player to move at the root; ``tree``
    is the root ``Node`` of the search tree, for those who want to look in.
    """

    value: float
    action: Any
    stats: MCTSStats
    children: dict
    tree: Node


def _check_budget(iterations, time_limit, exploration) -> None:
    if iterations is None and time_limit is None:
        raise ValueError("give mcts a budget: iterations=..., time_limit=... (seconds), or both")
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ValueError(f"iterations must be a whole number >= 1, got {iterations!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not time_limit > 0
        or math.isinf(time_limit)
    ):
        raise ValueError(
            f"time_limit must be a positive, finite number of seconds, got {time_limit!r}"
        )
    if (
        isinstance(exploration, bool)
        or not isinstance(exploration, (int, float))
        or not exploration >= 0
        or math.isinf(exploration)
    ):
        raise ValueError(f"exploration must be a finite number >= 0, got {exploration!r}")


def _role(mover, max_player) -> str:
    if mover == CHANCE:
        return "chance"
    return "max" if mover == max_player else "min"


def mcts(
    game: Game,
    state=None,
    *,
    iterations: int | None = None,
    time_limit: float | None = None,
    exploration: float = math.sqrt(2),
    seed=None,
    tracer: Callable[[MCTSEvent], Any] | None = None,
    playout: PlayoutPolicy | None = None,
) -> MCTSResult:
    """Monte Carlo tree search with UCT from ``state``.

    The rule for the game: ``mcts`` keeps one number per node, MAX's mean,
    and a MIN node scores its children by that mean negated; so it searches
    two-player zero-sum games only (chance states allowed), and checks this
    first, as negamax does (``aisearch.game.refuse_unless_two_player_zero_sum``):
    the players are ``game.players`` if the game names them, else the players
    met along the line of first actions, and a third player is refused (search
    such a game with ``aisearch.maxn`` or ``aisearch.paranoid``). Utilities must
    be finite: a mean of infinities says nothing of how often a move wins
    (``aisearch.validation.finite_value``); write a win as 1, not ``math.inf``.

    Args:
        game: a two-player zero-sum game (chance states are allowed).
        state: where to search from; ``None`` means the initial state.
        iterations: stop after this many iterations.
        time_limit: stop after this many seconds (checked between
            iterations). With both budgets, the first one reached stops it.
        exploration: the constant of the UCT bonus; 0 is greedy.
        seed: seeds the one generator for playouts and chance draws.
        tracer: any callable receiving an ``MCTSEvent`` per step, such as an
            ``MCTSTrace``.
        playout: the simulation policy ``(game, state, rng) -> action``;
            uniformly random moves by default.

    Returns:
        ``MCTSResult(value, action, stats, children, tree)``: the most
        visited root action (ties to the first in the game's order), the
        root's mean result for the player to move there, and each root
        child's visits and mean for that player.

    Raises:
        ValueError: no budget, a budget that is not positive, a negative
            exploration constant, a chance state at the root, a game with
            more than two players or not zero-sum, an infinite utility, or a
            non-terminal state without actions.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[1, 1, -1], [0, 0]])
    >>> result = mcts(tree, iterations=300, seed=0)
    >>> result.action, result.children["a2"].visits > result.children["a1"].visits
    ('a2', True)
    """
    _check_budget(iterations, time_limit, exploration)
    # The mean for MIN is MAX's negated: the game must be two-player and zero-sum.
    check_game(game, "mcts", state, chance=True, zero_sum=True)
    require_seed(seed, "mcts")
    require_hooks("mcts", tracer=tracer)
    if isinstance(tracer, Trace):
        raise ValueError(
            "mcts was given tracer=Trace(), which records the searches of the minimax "
            "family: record MCTS with an aisearch.MCTSTrace(game)"
        )
    if playout is not None:
        require_callable(playout, "playout", "(game, state, rng) -> action")
    state = game.initial_state() if state is None else state
    root_mover = game.to_move(state)
    if root_mover == CHANCE and not game.is_terminal(state):
        raise ValueError(f"state {state!r} is a chance state: there is no move to choose there")
    max_player = optional(game, "max_player") or root_mover
    search = _Search(game, max_player, exploration, random.Random(seed), playout, tracer)
    return search.run(state, root_mover, iterations, time_limit)


class _Search:
    """One MCTS run: the tree, the generator, the counters and the tracer."""

    def __init__(self, game, max_player, exploration, rng, policy, tracer):
        self.game = game
        self.max_player = max_player
        self.exploration = exploration
        self.rng = rng
        self.policy = policy
        self.tracer = tracer
        self.step = 0
        self.nodes = 0
        self.deepest = 0
        self.playout_moves = 0
        self.players = [max_player]  # the players met, for ``new_mover``
        self.chance = callable(getattr(game, "chance_outcomes", None))  # else 'chance' is refused

    def run(self, state, root_mover, iterations, time_limit) -> MCTSResult:
        game = self.game
        start = time.perf_counter()
        root = self.new_node(state, None, None, 0)
        if self.tracer is not None:
            self.emit(EXPAND, 0, root)
        done = 0
        if not root.terminal:
            deadline = None if time_limit is None else start + time_limit
            while iterations is None or done < iterations:
                done += 1
                self.iterate(root, done)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        sign = 1 if root_mover == self.max_player else -1
        if root.terminal:
            value = real_value(game.utility(state, root_mover), game.utility, state)
            action = None
        else:
            value = sign * root.mean
            action = max(root.children, key=lambda a: root.children[a].visits)
        children = {a: ChildStats(c.visits, sign * c.mean) for a, c in root.children.items()}
        stats = MCTSStats(
            done, self.nodes, self.playout_moves, self.deepest, time.perf_counter() - start
        )
        return MCTSResult(value, action, stats, children, root)

    def new_node(self, state, parent, action, depth) -> Node:
        game = self.game
        terminal = game.is_terminal(state)
        mover = None if terminal else game.to_move(state)
        if not terminal and mover not in self.players and not (mover == CHANCE and self.chance):
            new_mover(game, state, mover, self.players, "mcts", two_players=True)
        if terminal or mover == CHANCE:
            untried = []
        else:
            untried = list(sequence_of_actions(game, state, game.actions(state)))
            if not untried:
                raise no_actions(state)
        node = Node(self.nodes, state, parent, action, depth, mover, untried, terminal)
        self.nodes += 1
        if depth > self.deepest:
            self.deepest = depth
        if parent is not None:
            parent.children[action] = node
        return node

    def iterate(self, root: Node, iteration: int) -> None:
        node = self.select_and_expand(root, iteration)
        result = self.simulate(node, iteration)
        self.backpropagate(node, result, iteration)

    def select_and_expand(self, node: Node, iteration: int) -> Node:
        """Go down by UCT (or by chance) until a node is added or a terminal is reached."""
        game, tracing = self.game, self.tracer is not None
        while not node.terminal:
            if node.mover == CHANCE:
                outcome = draw_outcome(game, node.state, self.rng)
                child = node.children.get(outcome)
                if child is None:
                    return self.expand(node, outcome, iteration)
                if tracing:
                    self.emit(SELECT, iteration, child, chance=True)
                node = child
            elif node.untried:
                return self.expand(node, node.untried.pop(0), iteration)
            else:
                child, scores = self.best_child(node)
                if tracing:
                    self.emit(SELECT, iteration, child, scores=scores)
                node = child
        return node

    def best_child(self, node: Node) -> tuple[Node, tuple]:
        """The child with the highest UCT score for the player choosing at ``node``."""
        flip = node.mover != self.max_player
        parent_visits, c = node.visits, self.exploration
        best: Node | None = None
        best_score = -math.inf
        for child in node.children.values():
            # total / visits is child.mean without the property's call (the hot loop):
            # every child has a visit, from the playout that followed its expansion.
            visits = child.visits
            mean = child.total / visits
            score = uct_score(-mean if flip else mean, visits, parent_visits, c)
            if score > best_score:
                best, best_score = child, score
        scores: tuple = ()
        if self.tracer is not None:
            scores = tuple(self.score(node, child) for child in node.children.values())
        assert best is not None  # a fully expanded node has children
        return best, scores

    def score(self, node: Node, child: Node) -> Score:
        """A child's ``Score`` for the trace: its mean for the chooser, the bonus, their sum."""
        mean = -child.mean if node.mover != self.max_player else child.mean
        bonus = uct_score(0.0, child.visits, node.visits, self.exploration)  # the bonus alone
        return Score(child.action, child.id, child.visits, mean, bonus, mean + bonus)

    def expand(self, node: Node, action, iteration: int) -> Node:
        child = self.new_node(self.game.result(node.state, action), node, action, node.depth + 1)
        if self.tracer is not None:
            self.emit(EXPAND, iteration, child)
        return child

    def simulate(self, node: Node, iteration: int) -> float:
        final, moves = playout(self.game, node.state, self.rng, self.policy)
        self.playout_moves += moves
        utility = self.game.utility
        result = finite_value(utility(final, self.max_player), utility, final, "mcts")
        if self.tracer is not None:
            self.emit(SIMULATE, iteration, node, value=result, moves=moves, final_state=final)
        return result

    def backpropagate(self, node: Node, result: float, iteration: int) -> None:
        walker: Node | None = node
        while walker is not None:
            walker.visits += 1
            walker.total += result
            walker = walker.parent
        if self.tracer is not None:
            self.emit(BACKPROPAGATE, iteration, node, value=result)

    def emit(self, kind: str, iteration: int, node: Node, **extra) -> None:
        path = []
        walker: Node | None = node
        while walker is not None:
            path.append(walker.id)
            walker = walker.parent
        parent = node.parent.id if node.parent is not None else None
        role = "terminal" if node.terminal else _role(node.mover, self.max_player)
        self.tracer(
            MCTSEvent(
                self.step,
                kind,
                iteration,
                node.id,
                parent,
                node.state,
                node.action,
                node.depth,
                role,
                path=tuple(reversed(path)),
                terminal=node.terminal,
                exploration=self.exploration,
                **extra,
            )
        )
        self.step += 1


def mcts_player(iterations: int = 1000, seed=None, **options) -> Callable[[Any, Any], Any]:
    """A player ``(game, state) -> action`` that plays the move ``mcts`` chooses.

    The player owns a generator seeded with ``seed`` and gives each search a
    seed drawn from it, so a game between seeded players is reproducible.
    ``options`` go to ``mcts`` (``time_limit``, ``exploration``, ``playout``).

    >>> from aisearch.games import TicTacToe
    >>> from aisearch.players import play_game, random_player
    >>> record = play_game(TicTacToe(), {"X": mcts_player(500, seed=1), "O": random_player(seed=1)})
    >>> record.outcome["X"]
    1
    """
    _check_budget(iterations, options.get("time_limit"), options.get("exploration", 1.0))
    rng = random.Random(seed)

    def play(game, state):
        return mcts(game, state, iterations=iterations, seed=rng.getrandbits(64), **options).action

    shown = ", ".join(f"{k}={v!r}" for k, v in options.items())
    play.__name__ = (
        f"mcts_player(iterations={iterations!r}, seed={seed!r}{', ' + shown if shown else ''})"
    )
    return play
