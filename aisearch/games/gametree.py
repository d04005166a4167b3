"""Explicit game trees, for textbook figures and exercises.

A ``GameTree`` is a game whose states are the names of its nodes, so a trace
of a search on it reads like the figure in the book: "enter B", "leaf E is
worth 3". Build one from a nested list, the one-line notation of the figures,

>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> tree.children("A")
('B', 'C', 'D')
>>> tree.actions("B"), tree.result("B", "b1"), tree.utility("E", "MAX")
(('b1', 'b2', 'b3'), 'E', 3)

or from a list of edges, which can describe any tree:

>>> tree = GameTree.from_edges(
...     [("root", "left", "L"), ("root", "right", "R")],
...     values={"L": 1, "R": 5}, roles={"root": "max"})
>>> tree.actions("root"), tree.to_move("root")
(('left', 'right'), 'MAX')

The two players are ``"MAX"`` and ``"MIN"``. Values are from MAX's point of
view: ``utility(node, "MIN")`` is the negation. A value given to an interior
node is its heuristic evaluation (``evaluate``), used only by a depth-limited
search; a node without children is terminal and its value is its utility.

A tree can also have more than two players, each maximising its own share
(the max^n setting of ``aisearch.maxn``). Name them with ``players`` (or give
``layers`` that name them): every leaf is then a vector of values, one per
player in ``players`` order, and each node's role is the name of the player
to move there.

>>> three = GameTree.from_nested([[(3, 3, 3), (1, 4, 4)], [(6, 2, 2), (0, 5, 5)]],
...                              players=("P1", "P2", "P3"))
>>> three.to_move("A"), three.to_move("B"), three.value("D")
('P1', 'P2', (3, 3, 3))
>>> three.utility("E", "P3")
4

Reading and checking the notations (nested lists, edges, random trees) is
``aisearch.games.gametree_build``; this module is the game itself.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..game import ChanceGame
from .gametree_build import (
    CHANCE,
    MAX,
    MIN,
    ROLES,
    Children,
    Node,
    edge_tree,
    nested_tree,
    random_nested,
)

__all__ = ["CHANCE", "MAX", "MIN", "ROLES", "GameTree"]


class GameTree(ChanceGame[Node, str, str]):
    """A game given by its whole tree: nodes, roles, edges and values.

    Its states are its nodes' names, its actions the names of its edges
    (``"a1"``, ``"a2"``, ... in a tree read from nested lists).
    """

    players: tuple[str, ...] = (MAX, MIN)
    """The players; with more than two, in the order of the value vectors."""
    max_player: str | None = MAX
    """Traces of searches on a tree speak from MAX's view, whatever the root
    (``None`` in a tree of more than two players, which has no MAX)."""

    @property
    def zero_sum(self) -> bool:
        """A tree of MAX and MIN is zero-sum (MIN's utility is MAX's negated); one of
        more players, with a value vector at each leaf, is not declared so."""
        return self.max_player is not None

    def __init__(
        self,
        root: Node,
        children: Children,
        roles: Mapping[Node, str],
        values: Mapping[Node, Any],
        probabilities: Mapping[Node, Sequence[float]] | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        """Use ``from_nested`` or ``from_edges``; this constructor trusts its input.

        ``children`` maps each interior node to a sequence of ``(action,
        child)`` pairs, ``roles`` every node to ``"max"``, ``"min"`` or
        ``"chance"``, ``values`` nodes to numbers, and ``probabilities`` each
        chance node to its children's probabilities, in order. With
        ``players`` (more than two of them) every role is the name of the
        player to move and every value a vector, one entry per player.
        """
        self.root = root
        self._children = {n: tuple(c for _, c in pairs) for n, pairs in children.items()}
        self._actions = {n: tuple(a for a, _ in pairs) for n, pairs in children.items()}
        self._next = {n: dict(pairs) for n, pairs in children.items()}
        if players is None:
            self._player = {n: ROLES[r] for n, r in roles.items()}
        else:
            self.players = tuple(players)
            self.max_player = None
            self._index = {p: i for i, p in enumerate(self.players)}
            self._player = dict(roles)
        self._values = dict(values)
        self._parent = {c: n for n, pairs in children.items() for _, c in pairs}
        self._outcomes = {
            n: tuple(zip(self._actions[n], ps, strict=True))
            for n, ps in (probabilities or {}).items()
        }
        self.nodes = self._breadth_first()

    # The six parts of a game ------------------------------------------------

    def initial_state(self) -> Node:
        return self.root

    def to_move(self, state: Node) -> str:
        """``"MAX"``, ``"MIN"``, or ``"chance"`` at a chance node (with more
        than two players, the name of the player to move)."""
        try:
            return self._player[state]
        except (KeyError, TypeError):
            raise self._unknown(state) from None

    def actions(self, state: Node) -> tuple[str, ...]:
        """The node's actions in the order its edges were given (none at a leaf)."""
        try:
            return self._actions[state]
        except KeyError:
            if state in self._player:
                return ()
            raise self._unknown(state) from None
        except TypeError:
            raise self._unknown(state) from None

    def result(self, state: Node, action: str) -> Node:
        try:
            return self._next[state][action]
        except (KeyError, TypeError):
            if state not in self._player:
                raise self._unknown(state) from None
            raise ValueError(
                f"node {state!r} has no action {action!r}; its actions are "
                f"{list(self.actions(state))!r}"
            ) from None

    @property
    def has_chance_nodes(self) -> bool:
        """Whether any node is a chance node (then only expectimax searches it)."""
        return bool(self._outcomes)

    def chance_outcomes(self, state: Node) -> tuple[tuple[str, float], ...]:
        """A chance node's ``(action, probability)`` pairs, in order."""
        try:
            return self._outcomes[state]
        except (KeyError, TypeError):
            self.to_move(state)
            raise ValueError(f"node {state!r} is not a chance node") from None

    def probability(self, parent: Node, child: Node) -> float:
        """The probability of ``child`` under the chance node ``parent``."""
        for (_, p), c in zip(self.chance_outcomes(parent), self.children(parent), strict=True):
            if c == child:
                return p
        raise ValueError(f"{child!r} is not a child of {parent!r}")

    def is_terminal(self, state: Node) -> bool:
        if state in self._next:
            return False
        if state in self._player:
            return True
        raise self._unknown(state)

    def utility(self, state: Node, player: str) -> float:
        """The leaf's value for ``player`` (MAX's value, negated for MIN; with
        more than two players, ``player``'s entry of the leaf's vector)."""
        if not self.is_terminal(state):
            raise ValueError(f"node {state!r} is not a leaf: it has no utility")
        return self._for(player, self._values[state])

    def evaluate(self, state: Node, player: str) -> float:
        """The value written at a node (a heuristic estimate if interior)."""
        if state not in self._values:
            raise ValueError(
                f"node {state!r} has no value: a depth-limited search needs an "
                "evaluation there, so give it one in `values` (or pass evaluate=...)"
            )
        return self._for(player, self._values[state])

    # Looking at the tree ------------------------------------------------------

    def children(self, node: Node) -> tuple[Node, ...]:
        """The node's children, in order."""
        self.to_move(node)
        return self._children.get(node, ())

    def parent(self, node: Node) -> Node | None:
        """The node's parent, ``None`` at the root."""
        self.to_move(node)
        return self._parent.get(node)

    def role(self, node: Node) -> str:
        """``"max"``, ``"min"`` or ``"chance"`` (the player's name with more than two)."""
        if self.is_multiplayer:
            return self.to_move(node)
        return self.to_move(node).lower()

    @property
    def is_multiplayer(self) -> bool:
        """Whether the tree has more than the two players MAX and MIN (vector values)."""
        return self.max_player is None

    def value(self, node: Node) -> Any:
        """The number written at the node (from MAX's view), the vector with
        more than two players, or ``None``."""
        self.to_move(node)
        return self._values.get(node)

    def leaves(self) -> list[Node]:
        """The leaves, left to right."""
        out: list[Node] = []
        stack = [self.root]
        while stack:
            node = stack.pop()
            kids = self._children.get(node, ())
            if kids:
                stack.extend(reversed(kids))
            else:
                out.append(node)
        return out

    def height(self, node: Node | None = None) -> int:
        """The number of plies from ``node`` (the root by default) to its deepest leaf."""
        node = self.root if node is None else node
        self.to_move(node)
        best, stack = 0, [(node, 0)]
        while stack:
            node, d = stack.pop()
            best = max(best, d)
            stack.extend((c, d + 1) for c in self._children.get(node, ()))
        return best

    def edges(self) -> list[tuple[Node, str, Node]]:
        """``(parent, action, child)`` for every edge, in breadth-first order."""
        return [(n, a, self._next[n][a]) for n in self.nodes for a in self._actions.get(n, ())]

    def to_nested(self, node: Node | None = None) -> Any:
        """The subtree under ``node`` as nested lists of leaf values."""
        node = self.root if node is None else node
        kids = self.children(node)
        if not kids:
            return self._values[node]
        return [self.to_nested(c) for c in kids]

    def with_values(self, values: Mapping[Node, Any]) -> GameTree:
        """The same tree with the values of some nodes replaced (``values``: node -> value).

        To ask what a search would say had some leaves held other values, say the
        leaves alpha-beta never read; the tree itself is not changed.

        >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
        >>> tree.with_values({"I": -50, "J": 99}).to_nested()
        [[3, 12, 8], [2, -50, 99], [14, 5, 2]]

        Raises:
            ValueError: naming a node that is not in the tree.
        """
        for node in values:
            self.to_move(node)
        changed = copy.copy(self)
        changed._values = {**self._values, **values}
        return changed

    def __len__(self) -> int:
        return len(self.nodes)

    def is_state(self, state: object) -> bool:
        """Whether ``state`` is one of the tree's nodes."""
        try:
            return state in self._player
        except TypeError:  # unhashable
            return False

    def __repr__(self) -> str:
        leaves = len(self.leaves())
        return f"<GameTree rooted at {self.root!r}: {len(self)} nodes, {leaves} leaves>"

    def _for(self, player: str, value: Any) -> float:
        """``player``'s share of a node's ``value``: MAX's number, negated for
        MIN; with more than two players, ``player``'s entry of the vector."""
        share: float
        if self.is_multiplayer:
            try:
                share = value[self._index[player]]
            except (KeyError, TypeError):
                raise ValueError(
                    f"player must be one of {self.players!r}, got {player!r}"
                ) from None
        elif player == MAX:
            share = value
        elif player == MIN:
            share = -value
        else:
            raise ValueError(f"player must be {MAX!r} or {MIN!r}, got {player!r}")
        return share

    def _unknown(self, state: object) -> ValueError:
        return ValueError(f"{state!r} is not a node of this tree")

    def _breadth_first(self) -> list[Node]:
        order, queue = [self.root], 0
        while queue < len(order):
            order.extend(self._children.get(order[queue], ()))
            queue += 1
        return order

    # Building trees -----------------------------------------------------------

    @classmethod
    def from_nested(
        cls,
        spec: object,
        names: Iterable[str] | None = None,
        root_role: str = "max",
        layers: Sequence[str] | None = None,
        players: Sequence[str] | None = None,
    ) -> GameTree:
        """A tree from nested lists with numbers at the leaves.

        The root is MAX (or ``root_role``) and the layers alternate MAX and MIN,
        unless ``layers`` gives the roles of the layers from the root down,
        repeated as needed: ``layers=("max", "chance", "min", "chance")`` puts a
        chance layer after every move, ``("max", "chance")`` replaces MIN by
        chance. A chance node's children are equally likely, or written as
        ``(probability, child)`` pairs: ``[(0.9, 3), (0.1, [12, 1])]``.

        Nodes are named A, B, C, ... in breadth-first order unless ``names``
        gives the names in that order; the actions out of a node are its name in
        lower case followed by 1, 2, 3, ... (``a1``, ``a2``, ``a3`` out of A), as
        in the textbook's figure.

        >>> GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]).leaves()
        ['E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M']
        >>> GameTree.from_nested([1, [2, 3]], names=["root", "x", "y", "y1", "y2"]).nodes
        ['root', 'x', 'y', 'y1', 'y2']
        >>> dice = GameTree.from_nested([[(0.9, 2), (0.1, 40)], [1, 3]], layers=("max", "chance"))
        >>> dice.chance_outcomes("B"), dice.chance_outcomes("C")
        ((('b1', 0.9), ('b2', 0.1)), (('c1', 0.5), ('c2', 0.5)))

        With more than two players, ``players`` names them (in the order of the
        value vectors) and the leaves are tuples, one entry per player; the
        players move in turn from the root down unless ``layers`` gives the
        player of each layer. ``layers`` alone that names only players (none of
        ``"max"``, ``"min"``, ``"chance"``) also makes such a tree, its players
        in the order they first appear.

        >>> tree = GameTree.from_nested([[(3, 3, 3), (1, 4, 4)]], layers=("P1", "P2", "P3"))
        >>> tree.players, [tree.to_move(n) for n in tree.nodes]
        (('P1', 'P2', 'P3'), ['P1', 'P2', 'P3', 'P3'])

        Raises:
            ValueError: naming the node, for an empty list, a leaf that is not
                a number (a vector of one number per player with more than two
                players), a vector of the wrong length, a number among vectors,
                a vector without players, or an unknown role.
        """
        return cls(*nested_tree(spec, names, root_role, layers, players))

    @classmethod
    def from_edges(
        cls,
        edges: Iterable[Sequence[str]],
        values: Mapping[Node, Any],
        roles: Mapping[Node, str] | Callable[[Node], str | None],
        root: Node | None = None,
        probabilities: Mapping[tuple[Node, str], float] | None = None,
        players: Sequence[str] | None = None,
    ) -> GameTree:
        """A tree from ``(parent, action, child)`` edges.

        Args:
            edges: in the order each node's children are explored.
            values: node -> number. Required at every leaf (its utility); at an
                interior node it is the heuristic evaluation used when a depth
                limit cuts the search there.
            roles: node -> ``"max"``, ``"min"`` or ``"chance"``, a mapping or a
                callable. Required for interior nodes; a leaf without one takes
                the opposite of its parent's role (it only matters for drawing).
            root: the root; by default the one node that has no parent.
            probabilities: ``(parent, child)`` or ``(parent, action)`` ->
                probability, for the children of chance nodes; a chance node
                with none given has equally likely children.
            players: more than two players, in the order of the value vectors:
                then every value is such a vector, every role names the player
                to move, and a leaf without a role takes the player after its
                parent's.

        >>> tree = GameTree.from_edges([("r", "x", "a"), ("r", "y", "b")],
        ...     values={"a": (1, 2, 0), "b": (0, 0, 3)}, roles={"r": "P1"},
        ...     players=("P1", "P2", "P3"))
        >>> tree.to_move("a"), tree.utility("a", "P2")
        ('P2', 2)

        Raises:
            ValueError: naming the node, for a leaf without a value, a node
                with two parents, a repeated action, a cycle, an unknown role,
                a value for a node not in the tree, no edges at all, or
                probabilities that are given for some of a chance node's
                children only, for a node that is not a chance node, or that
                are not positive or do not sum to 1.
        """
        return cls(*edge_tree(edges, values, roles, root, probabilities, players))

    @classmethod
    def random(
        cls,
        depth: int,
        branching: int | tuple[int, int] = 2,
        *,
        values: tuple[int, int] = (-9, 9),
        seed: int | None = None,
        root_role: str = "max",
        layers: Sequence[str] | None = None,
        players: Sequence[str] | None = None,
        total: int | None = None,
    ) -> GameTree:
        """A random tree with integer leaves, for experiments and property tests.

        ``branching`` is a fixed number of children or a ``(low, high)`` range
        drawn per node; every leaf is at ``depth``; ``layers`` as in
        ``from_nested`` (chance nodes get equally likely children). Seeded, so
        reproducible.

        >>> GameTree.random(2, 3, seed=1).to_nested()
        [[-1, -6, 6], [6, 3, -3], [6, -9, 3]]

        With ``players`` (more than two) the leaves are vectors, each entry
        drawn from ``values``; with ``total`` as well they are constant-sum
        instead: non-negative whole numbers adding up to ``total`` (every split
        equally likely), the setting of Korf's shallow pruning.

        >>> GameTree.random(1, 2, players=("P1", "P2", "P3"), total=10, seed=4).to_nested()
        [(1, 2, 7), (6, 4, 0)]
        """
        spec, layers, players = random_nested(
            depth, branching, values=values, seed=seed, layers=layers, players=players, total=total
        )
        if players is not None:
            return cls.from_nested(spec, layers=layers, players=players)
        return cls.from_nested(spec, root_role=root_role, layers=layers)
