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

    players: tuple = (MAX, MIN)
    """The players; with more than two, in the order of the value vectors."""
    max_player: str | None = MAX
    """Traces of searches on a tree speak from MAX's view, whatever the root
    (``None`` in a tree of more than two players, which has no MAX)."""

    @property
    def zero_sum(self) -> bool:
        """A tree of MAX and MIN is zero-sum (MIN's utility is MAX's negated); one of
        more players, with a value vector at each leaf, is not declared so."""
        return self.max_player is not None

    def __init__(self, root, children: Mapping, roles: Mapping, values: Mapping,
                 probabilities: Mapping | None = None, players: Sequence | None = None):
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

    def initial_state(self):
        return self.root

    def to_move(self, state) -> str:
        """``"MAX"``, ``"MIN"``, or ``"chance"`` at a chance node (with more
        than two players, the name of the player to move)."""
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
        """The leaf's value for ``player`` (MAX's value, negated for MIN; with
        more than two players, ``player``'s entry of the leaf's vector)."""
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
        """``"max"``, ``"min"`` or ``"chance"`` (the player's name with more than two)."""
        if self.is_multiplayer:
            return self.to_move(node)
        return self.to_move(node).lower()

    @property
    def is_multiplayer(self) -> bool:
        """Whether the tree has more than the two players MAX and MIN (vector values)."""
        return self.max_player is None

    def value(self, node):
        """The number written at the node (from MAX's view), the vector with
        more than two players, or ``None``."""
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
        if self.is_multiplayer:
            try:
                return value[self._index[player]]
            except (KeyError, TypeError):
                raise ValueError(f"player must be one of {self.players!r}, got {player!r}") from None
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
                    root_role: str = "max", layers: Sequence[str] | None = None,
                    players: Sequence[Hashable] | None = None) -> GameTree:
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
        layers, players = _multiplayer_layers(layers, players)
        if players is not None:
            return cls._from_nested_vectors(spec, names, layers, players)
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
        values: dict = {}
        probabilities: dict = {}

        def expand(name, path, role, item):
            if _is_number(item):
                values[name] = item
                return None
            if not isinstance(item, list):
                raise ValueError(
                    f"node {name!r} (at {_where(path)}) is {item!r}: expected a "
                    "number (a leaf) or a list (an interior node)"
                )
            if not item:
                raise ValueError(
                    f"node {name!r} (at {_where(path)}) is an empty list: a leaf "
                    "needs a number, an interior node children"
                )
            if role == CHANCE:
                item, probabilities[name] = _split_probabilities(name, path, item)
            elif any(isinstance(c, tuple) for c in item):
                raise ValueError(
                    f"node {name!r} (at {_where(path)}) is a {role.upper()} node, "
                    "but (probability, child) pairs belong under chance nodes; "
                    "a vector leaf needs players=(...) naming more than two players"
                )
            return item

        root, children, roles = _walk_nested(spec, names, layers, expand)
        return cls(root, children, roles, values, probabilities)

    @classmethod
    def _from_nested_vectors(cls, spec, names, layers, players: tuple) -> GameTree:
        """``from_nested`` for more than two players: vector leaves, player roles."""
        if isinstance(spec, list) and not spec:
            raise ValueError("the tree spec is empty: give at least one leaf vector")
        values: dict = {}

        def expand(name, path, role, item):
            if not isinstance(item, list):
                values[name] = check_vector(f"node {name!r} (at {_where(path)})", item, players)
                return None
            if not item:
                raise ValueError(
                    f"node {name!r} (at {_where(path)}) is an empty list: a leaf "
                    "needs a vector, an interior node children"
                )
            return item

        root, children, roles = _walk_nested(spec, names, layers, expand)
        return cls(root, children, roles, values, players=players)

    @classmethod
    def from_edges(cls, edges: Iterable[Sequence], values: Mapping,
                   roles: Mapping | Callable, root=None,
                   probabilities: Mapping | None = None,
                   players: Sequence[Hashable] | None = None) -> GameTree:
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
        if players is not None:
            _, players = _multiplayer_layers(None, players)
            if players is None:
                raise ValueError("players must name more than two players")
        for node in values:
            if node not in seen:
                raise ValueError(f"a value is given for {node!r}, which is not a node of the tree")
            if players is not None:
                values = {**values, node: check_vector(f"node {node!r}", values[node], players)}
            elif not _is_number(values[node]):
                raise ValueError(f"node {node!r} has value {values[node]!r}: expected a number")
        role_of = roles if callable(roles) else None
        role_map: Mapping = {} if callable(roles) else roles
        resolved: dict = {}
        for node in _breadth_first(root, children):
            given = role_of(node) if role_of else role_map.get(node)
            if players is not None:
                resolved[node] = _player_role(node, given, players, resolved.get(parent_of.get(node)))
                if node not in children and node not in values:
                    raise ValueError(f"leaf {node!r} has no value: give it a vector in `values`")
                continue
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
        if players is not None:
            if probabilities:
                raise ValueError("a tree of more than two players has no chance nodes: drop probabilities")
            return cls(root, children, resolved, values, players=players)
        chances = _edge_probabilities(children, resolved, probabilities or {})
        return cls(root, children, resolved, values, chances)

    @classmethod
    def random(cls, depth: int, branching: int | tuple[int, int] = 2, *,
               values: tuple[int, int] = (-9, 9), seed=None,
               root_role: str = "max", layers: Sequence[str] | None = None,
               players: Sequence[Hashable] | None = None, total: int | None = None) -> GameTree:
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
        if depth < 0:
            raise ValueError(f"depth must be >= 0, got {depth}")
        low_b, high_b = (branching, branching) if isinstance(branching, int) else branching
        if low_b < 1 or high_b < low_b:
            raise ValueError(f"branching must be >= 1 (or a range low <= high), got {branching!r}")
        rng = _random.Random(seed)
        layers, players = _multiplayer_layers(layers, players)
        if total is not None and players is None:
            raise ValueError("total applies to vector leaves: pass players=(...) as well")
        if total is not None and (isinstance(total, bool) or not isinstance(total, int) or total < 0):
            raise ValueError(f"total must be a whole number >= 0, got {total!r}")

        def leaf():
            if players is None:
                return rng.randint(*values)
            if total is None:
                return tuple(rng.randint(*values) for _ in players)
            # A uniformly random split: bars drawn among total + n - 1 slots.
            bars = sorted(rng.sample(range(total + len(players) - 1), len(players) - 1))
            edges = [-1, *bars, total + len(players) - 1]
            return tuple(edges[i + 1] - edges[i] - 1 for i in range(len(players)))

        def grow(d):
            if d == 0:
                return leaf()
            return [grow(d - 1) for _ in range(rng.randint(low_b, high_b))]

        if players is not None:
            return cls.from_nested(grow(depth), layers=layers, players=players)
        return cls.from_nested(grow(depth), root_role=root_role, layers=layers)


def _walk_nested(spec, names, layers, expand) -> tuple:
    """Walk a nested-list tree breadth first, naming the nodes as they are reached.

    Nodes are named A, B, C, ... (or by ``names``, in breadth-first order) and
    the actions out of a node are its name in lower case and 1, 2, 3, ...
    ``expand(name, path, role, item)`` records a leaf and returns None, or
    returns an interior node's list of children. Returns ``(root, children,
    roles)``, children as ``(action, child)`` pairs.
    """
    given = None if names is None else iter(names)
    layer = [(spec, (), None)]
    children: dict = {}
    roles: dict = {}
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
            kids = expand(name, path, role, item)
            if kids is not None:
                children[name] = []
                next_layer.extend((c, path + (i,), name) for i, c in enumerate(kids))
        layer = next_layer
        depth += 1
    return root, children, roles


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


def _multiplayer_layers(layers, players) -> tuple[tuple | None, tuple | None]:
    """``(layers, players)`` checked; ``players`` is ``None`` for a two-player tree.

    Players come from ``players`` or, failing that, from ``layers`` that name
    players rather than ``"max"``, ``"min"`` or ``"chance"``.
    """
    layers = None if layers is None else tuple(layers)
    if players is None:
        # A layer "max", "min" or "chance" among them means a two-player tree
        # (where any other name is an unknown role).
        if layers is None or not layers or any(r in ROLES for r in layers):
            return layers, None
        players = tuple(dict.fromkeys(layers))
    players = tuple(players)
    if len(players) < 2:
        raise ValueError(f"players must name at least two players, got {players!r}")
    if len(set(players)) != len(players):
        raise ValueError(f"players must be different, got {players!r}")
    if layers is None:
        layers = players
    if not layers:
        raise ValueError("layers is empty: give the player of each layer from the root down")
    for r in layers:
        if r not in players:
            raise ValueError(
                f"layer role {r!r} is not one of the players {players!r} "
                "(a tree of more than two players has no chance nodes)"
            )
    return layers, players


def check_vector(where: str, value, players: Sequence) -> tuple:
    """A leaf's value vector, checked to hold one number per player.

    >>> check_vector("node 'E'", (1, 2, 3), ("P1", "P2", "P3"))
    (1, 2, 3)
    >>> check_vector("node 'E'", 4, ("P1", "P2", "P3"))
    Traceback (most recent call last):
    ...
    ValueError: node 'E' has value 4: expected a vector of 3 numbers, one per player of ('P1', 'P2', 'P3')
    """
    if not isinstance(value, (tuple, list)) or not all(_is_number(x) for x in value):
        raise ValueError(
            f"{where} has value {value!r}: expected a vector of {len(players)} numbers, "
            f"one per player of {tuple(players)!r}"
        )
    if len(value) != len(players):
        raise ValueError(
            f"{where} has the vector {tuple(value)!r} of {len(value)} values, but there are "
            f"{len(players)} players {tuple(players)!r}"
        )
    return tuple(value)


def _player_role(node, given, players: Sequence, parent_role):
    """The player to move at ``node``: given, or (a leaf) the one after its parent's."""
    if given is None:
        if parent_role is None:
            return players[0]
        return players[(list(players).index(parent_role) + 1) % len(players)]
    if given not in players:
        raise ValueError(f"node {node!r} has role {given!r}, which is not one of the players {players!r}")
    return given
