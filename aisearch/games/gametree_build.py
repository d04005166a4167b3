"""Building a ``GameTree``: the notations a tree is written in, read and checked.

A tree is written as nested lists (the one-line notation of the textbook's
figures), as ``(parent, action, child)`` edges, or drawn at random. Each
reader here checks what it is given, naming the node at fault in its
``ValueError``, and returns the parts of the tree (``TreeParts``), from which
``aisearch.games.GameTree`` builds the game: its classmethods ``from_nested``,
``from_edges`` and ``random`` are the public doors, with the full contracts.
"""

from __future__ import annotations

import random as _random
from collections.abc import Callable, Iterable, Mapping, Sequence
from numbers import Real
from typing import Any, NamedTuple

from ..game import check_outcomes

MAX, MIN = "MAX", "MIN"
CHANCE = "chance"
ROLES = {"max": MAX, "min": MIN, "chance": CHANCE}

Node = str
"""A node of a tree, and a state of its game: its name (``"A"``, ``"B"``, ...
unless the tree names its own)."""
Children = Mapping[Node, Sequence[tuple[str, Node]]]
"""Each interior node's ``(action, child)`` pairs, in order."""
Expand = Callable[[Node, tuple[int, ...], str, object], list[Any] | None]
"""How ``_walk_nested`` reads a node: records a leaf (``None``) or returns its children."""


def _is_number(x: object) -> bool:
    """A real number a leaf can hold: not a bool, and not NaN (which compares
    false with everything, so a search would take it for a win or a loss)."""
    return isinstance(x, Real) and not isinstance(x, bool) and x == x


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


class TreeParts(NamedTuple):
    """The arguments of ``GameTree(...)``, in its order: what a reader found."""

    root: Node
    children: Children
    roles: Mapping[Node, str]
    values: Mapping[Node, Any]
    """A number at each leaf (and at an interior node, its evaluation), or a
    vector of numbers, one per player, with more than two players."""
    probabilities: Mapping[Node, Sequence[float]] | None = None
    players: tuple[str, ...] | None = None


def nested_tree(
    spec: object,
    names: Iterable[str] | None = None,
    root_role: str = "max",
    layers: Sequence[str] | None = None,
    players: Sequence[str] | None = None,
) -> TreeParts:
    """The parts of a tree written as nested lists (``GameTree.from_nested``)."""
    layers, players = _multiplayer_layers(layers, players)
    if players is not None:
        assert layers is not None  # _multiplayer_layers gives every layer a player
        return _nested_vectors(spec, names, layers, players)
    if layers is None:
        if not isinstance(root_role, str) or root_role not in ROLES or root_role == CHANCE:
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
    values: dict[Node, Any] = {}
    probabilities: dict[Node, tuple[float, ...]] = {}

    def expand(name: Node, path: tuple[int, ...], role: str, item: object) -> list[Any] | None:
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
    return TreeParts(root, children, roles, values, probabilities)


def _nested_vectors(
    spec: object,
    names: Iterable[str] | None,
    layers: Sequence[str],
    players: tuple[str, ...],
) -> TreeParts:
    """``from_nested`` for more than two players: vector leaves, player roles."""
    if isinstance(spec, list) and not spec:
        raise ValueError("the tree spec is empty: give at least one leaf vector")
    values: dict[Node, Any] = {}

    def expand(name: Node, path: tuple[int, ...], role: str, item: object) -> list[Any] | None:
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
    return TreeParts(root, children, roles, values, players=players)


def edge_tree(
    edges: Iterable[Sequence[str]],
    values: Mapping[Node, Any],
    roles: Mapping[Node, str] | Callable[[Node], str | None],
    root: Node | None = None,
    probabilities: Mapping[tuple[Node, str], float] | None = None,
    players: Sequence[str] | None = None,
) -> TreeParts:
    """The parts of a tree given by ``(parent, action, child)`` edges
    (``GameTree.from_edges``)."""
    triples, children, parent_of = _read_edges(edges)
    root, seen = _hang_from_root(root, triples, children, parent_of)
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
    resolved = _edge_roles(root, roles, children, parent_of, values, players)
    if not callable(roles):
        for node in roles:
            if node not in seen:
                raise ValueError(f"a role is given for {node!r}, which is not a node of the tree")
    if players is not None:
        if probabilities:
            raise ValueError(
                "a tree of more than two players has no chance nodes: drop probabilities"
            )
        return TreeParts(root, children, resolved, values, players=players)
    chances = _edge_probabilities(children, resolved, probabilities or {})
    return TreeParts(root, children, resolved, values, chances)


def _read_edges(
    edges: Iterable[Sequence[str]],
) -> tuple[list[tuple[str, ...]], dict[Node, list[tuple[str, Node]]], dict[Node, Node]]:
    """The edges as triples, each node's ``(action, child)`` pairs, and each child's parent."""
    triples = [tuple(e) for e in edges]
    if not triples:
        raise ValueError("no edges: a tree needs at least one (parent, action, child)")
    children: dict[Node, list[tuple[str, Node]]] = {}
    parent_of: dict[Node, Node] = {}
    for edge in triples:
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
    return triples, children, parent_of


def _hang_from_root(
    root: Node | None,
    triples: Sequence[tuple[str, ...]],
    children: Children,
    parent_of: Mapping[Node, Node],
) -> tuple[Node, set[Node]]:
    """The root (``root``, or the one node without a parent) and the nodes
    under it, which must be all of them, without cycles."""
    nodes = set(children) | set(parent_of)
    roots = [n for n in children if n not in parent_of]
    if root is None:
        if not roots:
            raise ValueError(
                f"the edges form a cycle: every node has a parent (e.g. {triples[0][0]!r})"
            )
        if len(roots) > 1:
            raise ValueError(f"several nodes have no parent: {roots!r}; pass root=...")
        root = roots[0]
    elif root not in nodes:
        raise ValueError(f"root {root!r} is not a node of the edges")
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
    return root, seen


def _edge_roles(
    root: Node,
    roles: Mapping[Node, str] | Callable[[Node], str | None],
    children: Children,
    parent_of: Mapping[Node, Node],
    values: Mapping[Node, Any],
    players: tuple[str, ...] | None,
) -> dict[Node, str]:
    """Every node's role, from the root down: as ``roles`` gives it, or for a
    leaf without one, the role after its parent's."""
    role_of = roles if callable(roles) else None
    role_map: Mapping[Node, str] = {} if callable(roles) else roles
    resolved: dict[Node, str] = {}
    for node in _breadth_first(root, children):
        given = role_of(node) if role_of else role_map.get(node)
        if players is not None:
            parent_role = resolved.get(parent_of[node]) if node in parent_of else None
            resolved[node] = _player_role(node, given, players, parent_role)
            if node not in children and node not in values:
                raise ValueError(f"leaf {node!r} has no value: give it a vector in `values`")
            continue
        if given is None and node not in children:
            above = parent_of.get(node)
            given = (
                {"max": "min", "min": "max", "chance": "max"}[resolved[above]]
                if above is not None
                else "max"
            )
        if given is None:
            raise ValueError(
                f"node {node!r} has children but no role: give it 'max', 'min' or 'chance'"
            )
        if not isinstance(given, str) or given.lower() not in ROLES:
            raise ValueError(
                f"node {node!r} has unknown role {given!r}: use 'max', 'min' or 'chance'"
            )
        resolved[node] = given.lower()
        if node not in children and node not in values:
            raise ValueError(f"leaf {node!r} has no value: give it a utility in `values`")
    return resolved


def random_nested(
    depth: int,
    branching: int | tuple[int, int] = 2,
    *,
    values: tuple[int, int] = (-9, 9),
    seed: int | None = None,
    layers: Sequence[str] | None = None,
    players: Sequence[str] | None = None,
    total: int | None = None,
) -> tuple[Any, tuple[str, ...] | None, tuple[str, ...] | None]:
    """A random nested-list tree with every leaf at ``depth``, and its checked
    ``(layers, players)`` (``GameTree.random``)."""
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

    def leaf() -> int | tuple[int, ...]:
        if players is None:
            return rng.randint(*values)
        if total is None:
            return tuple(rng.randint(*values) for _ in players)
        # A uniformly random split: bars drawn among total + n - 1 slots.
        bars = sorted(rng.sample(range(total + len(players) - 1), len(players) - 1))
        edges = [-1, *bars, total + len(players) - 1]
        return tuple(edges[i + 1] - edges[i] - 1 for i in range(len(players)))

    def grow(d: int) -> Any:
        if d == 0:
            return leaf()
        return [grow(d - 1) for _ in range(rng.randint(low_b, high_b))]

    return grow(depth), layers, players


def _walk_nested(
    spec: object, names: Iterable[str] | None, layers: Sequence[str], expand: Expand
) -> tuple[Node, dict[Node, list[tuple[str, Node]]], dict[Node, str]]:
    """Walk a nested-list tree breadth first, naming the nodes as they are reached.

    Nodes are named A, B, C, ... (or by ``names``, in breadth-first order) and
    the actions out of a node are its name in lower case and 1, 2, 3, ...
    ``expand(name, path, role, item)`` records a leaf and returns None, or
    returns an interior node's list of children. Returns ``(root, children,
    roles)``, children as ``(action, child)`` pairs.
    """
    if names is not None and (not isinstance(names, Iterable) or isinstance(names, bytes)):
        raise ValueError(f"names must be a list of node names (or a str of letters), got {names!r}")
    given = None if names is None else iter(names)
    layer: list[tuple[object, tuple[int, ...], Node | None]] = [(spec, (), None)]
    children: dict[Node, list[tuple[str, Node]]] = {}
    roles: dict[Node, str] = {}
    count, depth, root = 0, 0, None
    while layer:
        next_layer: list[tuple[object, tuple[int, ...], Node | None]] = []
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
    assert root is not None  # the first node read, with no parent
    return root, children, roles


def _edge_probabilities(
    children: Children, roles: Mapping[Node, str], given: Mapping[tuple[Node, str], float]
) -> dict[Node, tuple[float, ...]]:
    """Each chance node's children's probabilities, from ``(parent, child or action)`` keys."""
    used = set()
    out = {}
    for node, pairs in children.items():
        found: list[Any] = []  # a child's probability, or None if none is given
        for action, child in pairs:
            keys = [k for k in ((node, child), (node, action)) if k in given]
            used.update(keys)
            found.append(given[keys[0]] if keys else None)
        if roles[node] != CHANCE:
            if any(p is not None for p in found):
                raise ValueError(
                    f"probabilities are given under {node!r}, which is not a chance node"
                )
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


def _split_probabilities(
    name: Node, path: tuple[int, ...], items: list[Any]
) -> tuple[list[Any], tuple[float, ...]]:
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


def _where(path: tuple[int, ...]) -> str:
    return "the root" if not path else "spec" + "".join(f"[{i}]" for i in path)


def _breadth_first(root: Node, children: Children) -> list[Node]:
    order, i = [root], 0
    while i < len(order):
        order.extend(c for _, c in children.get(order[i], ()))
        i += 1
    return order


def _multiplayer_layers(
    layers: Sequence[str] | None, players: Sequence[str] | None
) -> tuple[tuple[str, ...] | None, tuple[str, ...] | None]:
    """``(layers, players)`` checked; ``players`` is ``None`` for a two-player tree.

    Players come from ``players`` or, failing that, from ``layers`` that name
    players rather than ``"max"``, ``"min"`` or ``"chance"``.
    """
    layers = _names_of(layers, "layers", "('max', 'min')")
    players = _names_of(players, "players", "('P1', 'P2', 'P3')")
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


def _names_of(names: object, argument: str, example: str) -> tuple[str, ...] | None:
    """``names`` (``layers`` or ``players``) as a tuple, if it is a list or a
    tuple of them; a single string, which would be read letter by letter,
    and anything else that is not a sequence are refused.

    >>> _names_of("max", "layers", "('max', 'min')")
    Traceback (most recent call last):
    ...
    ValueError: layers must be a list or a tuple of names, such as ('max', 'min'), got 'max'
    """
    if names is None:
        return None
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise ValueError(
            f"{argument} must be a list or a tuple of names, such as {example}, got {names!r}"
        )
    return tuple(names)


def check_vector(where: str, value: object, players: Sequence[object]) -> tuple[Any, ...]:
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


def _player_role(
    node: Node, given: str | None, players: Sequence[str], parent_role: str | None
) -> str:
    """The player to move at ``node``: given, or (a leaf) the one after its parent's."""
    if given is None:
        if parent_role is None:
            return players[0]
        return players[(list(players).index(parent_role) + 1) % len(players)]
    if given not in players:
        raise ValueError(
            f"node {node!r} has role {given!r}, which is not one of the players {players!r}"
        )
    return given
