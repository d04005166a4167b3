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
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from numbers import Real

from ..game import check_outcomes

MAX, MIN = "MAX", "MIN"
CHANCE = "chance"
ROLES = {"max": MAX, "min": MIN, "chance": CHANCE}


def _is_number(x) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


def letters(i: int) -> str:
    """The i-th name in A, B, ..., Z, AA, AB, ... (spreadsheet columns).

    >>> [letters(i) for i in (0, 1, 25, 26, 27)]
    ['A', 'B', 'Z', 'AA', 'AB']
    """
    name = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        name = chr(ord("A") + r) + name
    return name


class GameTree:
    """A game given by its whole tree: nodes, roles, edges and values."""

    players = (MAX, MIN)
    max_player = MAX
    """Traces of searches on a tree speak from MAX's view, whatever the root."""

    def __init__(self, root, children: Mapping, roles: Mapping, values: Mapping,
                 probabilities: Mapping | None = None):
        """Use ``from_nested`` or ``from_edges``; this constructor trusts its input.

        ``children`` maps each interior node to a sequence of ``(action,
        child)`` pairs, ``roles`` every node to ``"max"``, ``"min"`` or
        ``"chance"``, ``values`` nodes to numbers, and ``probabilities`` each
        chance node to its children's probabilities, in order.
        """
        self.root = root
        self._children = {n: tuple(c for _, c in pairs) for n, pairs in children.items()}
        self._actions = {n: tuple(a for a, _ in pairs) for n, pairs in children.items()}
        self._next = {n: dict(pairs) for n, pairs in children.items()}
        self._player = {n: ROLES[r] for n, r in roles.items()}
        self._values = dict(values)
        self._parent = {c: n for n, pairs in children.items() for _, c in pairs}
        self._outcomes = {
            n: tuple(zip(self._actions[n], ps, strict=True))
            for n, ps in (probabilities or {}).items()
        }
        self.nodes = self._breadth_first()

    # The six parts of a game ------------------------------------------------

    def initial_state(self):
        return self.root

    def to_move(self, state) -> str:
        """``"MAX"``, ``"MIN"``, or ``"chance"`` at a chance node."""
        try:
            return self._player[state]
        except (KeyError, TypeError):
            raise self._unknown(state) from None

    def actions(self, state) -> tuple:
        """The node's actions in the order its edges were given (none at a leaf)."""
        try:
            return self._actions[state]
        except KeyError:
            if state in self._player:
                return ()
            raise self._unknown(state) from None
        except TypeError:
            raise self._unknown(state) from None

    def result(self, state, action):
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

    def chance_outcomes(self, state) -> tuple:
        """A chance node's ``(action, probability)`` pairs, in order."""
        try:
            return self._outcomes[state]
        except (KeyError, TypeError):
            self.to_move(state)
            raise ValueError(f"node {state!r} is not a chance node") from None

    def probability(self, parent, child) -> float:
        """The probability of ``child`` under the chance node ``parent``."""
        for (_, p), c in zip(self.chance_outcomes(parent), self.children(parent), strict=True):
            if c == child:
                return p
        raise ValueError(f"{child!r} is not a child of {parent!r}")

    def is_terminal(self, state) -> bool:
        if state in self._next:
            return False
        if state in self._player:
            return True
        raise self._unknown(state)

    def utility(self, state, player) -> float:
        """The leaf's value for ``player`` (MAX's value, negated for MIN)."""
        if not self.is_terminal(state):
            raise ValueError(f"node {state!r} is not a leaf: it has no utility")
        return self._for(player, self._values[state])

    def evaluate(self, state, player) -> float:
        """The value written at a node (a heuristic estimate if interior)."""
        if state not in self._values:
            raise ValueError(
                f"node {state!r} has no value: a depth-limited search needs an "
                "evaluation there, so give it one in `values` (or pass evaluate=...)"
            )
        return self._for(player, self._values[state])

    # Looking at the tree ------------------------------------------------------

    def children(self, node) -> tuple:
        """The node's children, in order."""
        self.to_move(node)
        return self._children.get(node, ())

    def parent(self, node):
        """The node's parent, ``None`` at the root."""
        self.to_move(node)
        return self._parent.get(node)

    def role(self, node) -> str:
        """``"max"``, ``"min"`` or ``"chance"``."""
        return self.to_move(node).lower()

    def value(self, node):
        """The number written at the node (from MAX's view), or ``None``."""
        self.to_move(node)
        return self._values.get(node)

    def leaves(self) -> list:
        """The leaves, left to right."""
        out, stack = [], [self.root]
        while stack:
            node = stack.pop()
            kids = self._children.get(node, ())
            if kids:
                stack.extend(reversed(kids))
            else:
                out.append(node)
        return out

    def height(self, node=None) -> int:
        """The number of plies from ``node`` (the root by default) to its deepest leaf."""
        node = self.root if node is None else node
        self.to_move(node)
        best, stack = 0, [(node, 0)]
        while stack:
            node, d = stack.pop()
            best = max(best, d)
            stack.extend((c, d + 1) for c in self._children.get(node, ()))
        return best

    def edges(self) -> list[tuple]:
        """``(parent, action, child)`` for every edge, in breadth-first order."""
        return [(n, a, self._next[n][a]) for n in self.nodes for a in self._actions.get(n, ())]

    def to_nested(self, node=None):
        """The subtree under ``node`` as nested lists of leaf values."""
        node = self.root if node is None else node
        kids = self.children(node)
        if not kids:
            return self._values[node]
        return [self.to_nested(c) for c in kids]

    def __len__(self) -> int:
        return len(self.nodes)

    def __repr__(self) -> str:
        leaves = len(self.leaves())
        return f"<GameTree rooted at {self.root!r}: {len(self)} nodes, {leaves} leaves>"

    def _for(self, player, value):
        if player == MAX:
            return value
        if player == MIN:
            return -value
        raise ValueError(f"player must be {MAX!r} or {MIN!r}, got {player!r}")

    def _unknown(self, state) -> ValueError:
        return ValueError(f"{state!r} is not a node of this tree")

    def _breadth_first(self) -> list:
        order, queue = [self.root], 0
        while queue < len(order):
            order.extend(self._children.get(order[queue], ()))
            queue += 1
        return order

    # Building trees -----------------------------------------------------------

    @classmethod
    def from_nested(cls, spec, names: Iterable[Hashable] | None = None,
                    root_role: str = "max", layers: Sequence[str] | None = None) -> GameTree:
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
        """
        if layers is None:
            if root_role not in ROLES or root_role == CHANCE:
                raise ValueError(f"unknown role {root_role!r} for the root: use 'max' or 'min'")
            layers = (root_role, "min" if root_role == "max" else "max")
        layers = tuple(layers)
        for r in layers:
            if r not in ROLES:
                raise ValueError(f"unknown role {r!r} in layers: use 'max', 'min' or 'chance'")
        if not layers:
            raise ValueError("layers is empty: give the roles of the layers from the root down")
        if isinstance(spec, list) and not spec:
            raise ValueError("the tree spec is empty: give at least one leaf value")
        # Breadth-first walk over the spec, naming nodes as they are reached.
        given = None if names is None else iter(names)
        layer = [(spec, (), None)]
        children: dict = {}
        roles: dict = {}
        values: dict = {}
        probabilities: dict = {}
        count, depth, root = 0, 0, None
        while layer:
            next_layer: list = []
            role = layers[depth % len(layers)]
            for item, path, parent in layer:
                name = letters(count) if given is None else next(given, None)
                if name is None:
                    raise ValueError(f"names ran out: {count + 1} or more nodes need names")
                if name in roles:
                    raise ValueError(f"name {name!r} is given to two nodes")
                count += 1
                roles[name] = role
                if parent is None:
                    root = name
                else:
                    children[parent].append((f"{str(parent).lower()}{path[-1] + 1}", name))
                if _is_number(item):
                    values[name] = item
                elif isinstance(item, list):
                    if not item:
                        raise ValueError(
                            f"node {name!r} (at {_where(path)}) is an empty list: a leaf "
                            "needs a number, an interior node children"
                        )
                    children[name] = []
                    if role == CHANCE:
                        item, probabilities[name] = _split_probabilities(name, path, item)
                    elif any(isinstance(c, tuple) for c in item):
                        raise ValueError(
                            f"node {name!r} (at {_where(path)}) is a {role.upper()} node, "
                            "but (probability, child) pairs belong under chance nodes"
                        )
                    next_layer.extend((c, path + (i,), name) for i, c in enumerate(item))
                else:
                    raise ValueError(
                        f"node {name!r} (at {_where(path)}) is {item!r}: expected a "
                        "number (a leaf) or a list (an interior node)"
                    )
            layer = next_layer
            depth += 1
        return cls(root, children, roles, values, probabilities)

    @classmethod
    def from_edges(cls, edges: Iterable[Sequence], values: Mapping,
                   roles: Mapping | Callable, root=None,
                   probabilities: Mapping | None = None) -> GameTree:
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

        Raises:
            ValueError: naming the node, for a leaf without a value, a node
                with two parents, a repeated action, a cycle, an unknown role,
                a value for a node not in the tree, no edges at all, or
                probabilities that are given for some of a chance node's
                children only, for a node that is not a chance node, or that
                are not positive or do not sum to 1.
        """
        edges = [tuple(e) for e in edges]
        if not edges:
            raise ValueError("no edges: a tree needs at least one (parent, action, child)")
        children: dict = {}
        parent_of: dict = {}
        for edge in edges:
            if len(edge) != 3:
                raise ValueError(f"edge {edge!r} is not a (parent, action, child) triple")
            parent, action, child = edge
            if child in parent_of:
                raise ValueError(
                    f"node {child!r} has two parents, {parent_of[child]!r} and "
                    f"{parent!r}: a game tree gives each node one parent"
                )
            pairs = children.setdefault(parent, [])
            if any(a == action for a, _ in pairs):
                raise ValueError(f"node {parent!r} has the action {action!r} twice")
            pairs.append((action, child))
            parent_of[child] = parent
        nodes = set(children) | set(parent_of)
        roots = [n for n in children if n not in parent_of]
        if root is None:
            if not roots:
                raise ValueError(f"the edges form a cycle: every node has a parent (e.g. {edges[0][0]!r})")
            if len(roots) > 1:
                raise ValueError(f"several nodes have no parent: {roots!r}; pass root=...")
            root = roots[0]
        elif root not in nodes:
            raise ValueError(f"root {root!r} is not a node of the edges")
        # Everything must hang from the root, and without cycles.
        seen, stack = {root}, [root]
        while stack:
            node = stack.pop()
            for _, child in children.get(node, ()):
                if child in seen:
                    raise ValueError(f"the edges form a cycle through node {child!r}")
                seen.add(child)
                stack.append(child)
        stray = sorted((n for n in nodes if n not in seen), key=repr)
        if stray:
            raise ValueError(
                f"node {stray[0]!r} cannot be reached from the root {root!r}: the "
                "edges hold a cycle or a second tree"
            )
        for node in values:
            if node not in seen:
                raise ValueError(f"a value is given for {node!r}, which is not a node of the tree")
            if not _is_number(values[node]):
                raise ValueError(f"node {node!r} has value {values[node]!r}: expected a number")
        role_of = roles if callable(roles) else None
        role_map: Mapping = {} if callable(roles) else roles
        resolved: dict = {}
        for node in _breadth_first(root, children):
            given = role_of(node) if role_of else role_map.get(node)
            if given is None and node not in children:
                parent = parent_of.get(node)
                given = {"max": "min", "min": "max", "chance": "max"}[resolved[parent]] if parent is not None else "max"
            if given is None:
                raise ValueError(f"node {node!r} has children but no role: give it 'max', 'min' or 'chance'")
            if not isinstance(given, str) or given.lower() not in ROLES:
                raise ValueError(f"node {node!r} has unknown role {given!r}: use 'max', 'min' or 'chance'")
            resolved[node] = given.lower()
            if node not in children and node not in values:
                raise ValueError(f"leaf {node!r} has no value: give it a utility in `values`")
        if not callable(roles):
            for node in role_map:
                if node not in seen:
                    raise ValueError(f"a role is given for {node!r}, which is not a node of the tree")
        chances = _edge_probabilities(children, resolved, probabilities or {})
        return cls(root, children, resolved, values, chances)

    @classmethod
    def random(cls, depth: int, branching: int | tuple[int, int] = 2, *,
               values: tuple[int, int] = (-9, 9), seed=None,
               root_role: str = "max", layers: Sequence[str] | None = None) -> GameTree:
        """A random tree with integer leaves, for experiments and property tests.

        ``branching`` is a fixed number of children or a ``(low, high)`` range
        drawn per node; every leaf is at ``depth``; ``layers`` as in
        ``from_nested`` (chance nodes get equally likely children). Seeded, so
        reproducible.

        >>> GameTree.random(2, 3, seed=1).to_nested()
        [[-1, -6, 6], [6, 3, -3], [6, -9, 3]]
        """
        if depth < 0:
            raise ValueError(f"depth must be >= 0, got {depth}")
        low_b, high_b = (branching, branching) if isinstance(branching, int) else branching
        if low_b < 1 or high_b < low_b:
            raise ValueError(f"branching must be >= 1 (or a range low <= high), got {branching!r}")
        rng = _random.Random(seed)

        def grow(d):
            if d == 0:
                return rng.randint(*values)
            return [grow(d - 1) for _ in range(rng.randint(low_b, high_b))]

        return cls.from_nested(grow(depth), root_role=root_role, layers=layers)


def _edge_probabilities(children: Mapping, roles: Mapping, given: Mapping) -> dict:
    """Each chance node's children's probabilities, from ``(parent, child or action)`` keys."""
    used = set()
    out = {}
    for node, pairs in children.items():
        found = []
        for action, child in pairs:
            keys = [k for k in ((node, child), (node, action)) if k in given]
            used.update(keys)
            found.append(given[keys[0]] if keys else None)
        if roles[node] != CHANCE:
            if any(p is not None for p in found):
                raise ValueError(f"probabilities are given under {node!r}, which is not a chance node")
            continue
        if all(p is None for p in found):
            found = [1 / len(pairs)] * len(pairs)
        elif any(p is None for p in found):
            missing = [c for (_, c), p in zip(pairs, found, strict=True) if p is None]
            raise ValueError(
                f"chance node {node!r} gives probabilities to some children but not to {missing!r}"
            )
        check_outcomes(node, [(a, p) for (a, _), p in zip(pairs, found, strict=True)])
        out[node] = tuple(found)
    for key in given:
        if key not in used:
            raise ValueError(f"probability given for {key!r}, which is not an edge of the tree")
    return out


def _split_probabilities(name, path, items: list) -> tuple[list, tuple]:
    """A chance node's children and their probabilities (uniform if none are given)."""
    pairs = [isinstance(c, tuple) for c in items]
    if not any(pairs):
        return items, tuple(1 / len(items) for _ in items)
    if not all(pairs):
        raise ValueError(
            f"chance node {name!r} (at {_where(path)}) gives probabilities to some "
            "children but not all: write every child as (probability, child)"
        )
    for pair in items:
        if len(pair) != 2:
            raise ValueError(
                f"chance node {name!r} (at {_where(path)}): {pair!r} is not a "
                "(probability, child) pair"
            )
    check_outcomes(name, [(i, p) for i, (p, _) in enumerate(items)])
    return [c for _, c in items], tuple(p for p, _ in items)


def _where(path) -> str:
    return "the root" if not path else "spec" + "".join(f"[{i}]" for i in path)


def _breadth_first(root, children) -> list:
    order, i = [root], 0
    while i < len(order):
        order.extend(c for _, c in children.get(order[i], ()))
        i += 1
    return order
