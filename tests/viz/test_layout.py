"""The tidy layout: leaves in order, parents centred, nothing shared, nothing moves."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aisearch import Trace, alphabeta
from aisearch.games import GameTree
from aisearch.viz import tidy_layout, tree_layout


def test_small_tree_golden():
    #       A
    #      / \
    #     B   C
    #        / \
    #       D   E
    layout = tidy_layout({"A": ["B", "C"], "C": ["D", "E"]}, "A")
    assert layout == {"B": (0, -1), "D": (1, -2), "E": (2, -2), "C": (1.5, -1), "A": (0.75, 0)}


def test_single_node_and_single_child_chain():
    assert tidy_layout({}, "root") == {"root": (0, 0)}
    assert tidy_layout({"a": ["b"], "b": ["c"]}, "a") == {"c": (0, -2), "b": (0, -1), "a": (0, 0)}


def test_a_node_reached_twice_is_an_error():
    with pytest.raises(ValueError, match="'b' is reached twice"):
        tidy_layout({"a": ["b", "c"], "c": ["b"]}, "a")
    with pytest.raises(ValueError, match="reached twice"):
        tidy_layout({"a": ["b"], "b": ["a"]}, "a")


def test_textbook_trace_layout(textbook):
    layout = tree_layout(textbook)
    nodes = textbook.nodes()
    by_state = {nodes[n].state: xy for n, xy in layout.items()}
    # Leaves E..M at x = 0..8, MIN nodes over their middle child, root over C.
    assert [by_state[s] for s in "EFGHIJKLM"] == [(x, -2) for x in range(9)]
    assert by_state["B"] == (1, -1) and by_state["C"] == (4, -1) and by_state["D"] == (7, -1)
    assert by_state["A"] == (4, 0)


def test_pruned_nodes_are_laid_out(textbook):
    layout = tree_layout(textbook)
    nodes = textbook.nodes()
    pruned = sorted(nodes[n].state for n in layout if nodes[n].pruned is not None)
    assert pruned == ["I", "J"]
    assert set(layout) == set(nodes)


def test_pruned_subtrees_of_trace_with_game_are_laid_out():
    # C is cut once its first child F is worth 2 <= alpha = 5, so G and its
    # leaves are pruned; Trace(tree) expands G's subtree from the game:
    #           A
    #        /     \
    #      B         C
    #     / \      /   \
    #    D   E    F     G
    #    5   6   / \   / \
    #           H   I J   K
    #           1   2 3   4
    tree = GameTree.from_nested([[5, 6], [[1, 2], [3, 4]]])
    trace = Trace(tree)
    alphabeta(tree, tracer=trace)
    layout = tree_layout(trace)
    assert len(layout) == len(trace.nodes()) == len(tree)
    nodes = trace.nodes()
    assert sorted(nodes[n].state for n in layout if nodes[n].entered is None) == ["G", "J", "K"]


def test_deterministic_and_independent_of_the_step(random40):
    first = tree_layout(random40)
    again = tree_layout(random40)
    assert first == again and list(first) == list(again)
    other = Trace(GameTree.random(3, 3, seed=1))
    alphabeta(GameTree.random(3, 3, seed=1), tracer=other)
    assert tree_layout(other) == first


def _check_tidy(children, root, layout):
    depth = {root: 0}
    order = [root]
    for node in order:
        for kid in children.get(node, ()):
            depth[kid] = depth[node] + 1
            order.append(kid)
    assert set(layout) == set(order)
    assert len(set(layout.values())) == len(layout), "two nodes share a position"
    for node, (x, y) in layout.items():
        assert y == -depth[node]
        kids = children.get(node, ())
        if kids:
            assert x == (layout[kids[0]][0] + layout[kids[-1]][0]) / 2
    leaves_in_order = []
    stack = [root]
    while stack:
        node = stack.pop()
        kids = children.get(node, ())
        if kids:
            stack.extend(reversed(kids))
        else:
            leaves_in_order.append(node)
    assert [layout[leaf][0] for leaf in leaves_in_order] == list(range(len(leaves_in_order)))


def test_random_trace_is_tidy(random40):
    nodes = random40.nodes()
    children = {n: row.children for n, row in nodes.items()}
    _check_tidy(children, 0, tree_layout(random40))


nested = st.recursive(
    st.integers(-5, 5), lambda kids: st.lists(kids, min_size=1, max_size=4), max_leaves=30
).filter(lambda spec: isinstance(spec, list))


@given(nested)
def test_any_tree_is_tidy(spec):
    tree = GameTree.from_nested(spec)
    children = {n: tree.children(n) for n in tree.nodes}
    layout = tidy_layout(children, tree.root)
    _check_tidy(children, tree.root, layout)
    assert [n for n in tree.leaves()] == sorted(tree.leaves(), key=lambda n: layout[n][0])


def test_same_depth_neighbours_are_at_least_one_apart(random40):
    layout = tree_layout(random40)
    rows = {}
    for x, y in layout.values():
        rows.setdefault(y, []).append(x)
    for xs in rows.values():
        xs.sort()
        assert all(b - a >= 1 for a, b in zip(xs, xs[1:], strict=False))
