import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, minimax
from aisearch.games import GameTree
from aisearch.paranoid import paranoid

from trees import paranoid_by_definition, textbook


def test_textbook_tree_value_action_and_visit_order():
    #            A (max) = 3
    #     a1 /   a2 |   \ a3
    #    B = 3    C = 2    D = 2    (min)
    #   3 12 8   2  4  6  14  5  2
    trace = Trace()
    result = minimax(textbook(), tracer=trace)
    assert (result.value, result.action) == (3, "a1")
    assert (result.stats.nodes, result.stats.leaves, result.stats.max_depth) == (13, 9, 2)
    # Postorder, depth first: every node, left to right.
    assert trace.visited() == list("ABEFGCHIJDKLM")
    exits = [(e.state, e.value) for e in trace if e.kind == "exit"]
    assert exits == [("B", 3), ("C", 2), ("D", 2), ("A", 3)]
    assert all(e.alpha is None and e.beta is None for e in trace)


def test_value_is_for_the_player_to_move_at_the_searched_state():
    tree = textbook()
    assert minimax(tree, "C").value == -2  # MIN's view of C, worth 2 to MAX
    assert minimax(tree, "C").action == "c1"
    assert minimax(tree, "K").value == 14 and minimax(tree, "K").action is None


def test_retreat_is_the_best_move():
    # Pacman can eat a dot next to the ghost (+10 now, then caught, -500) or
    # step back and eat it later (+8 after the ghost passes).
    edges = [
        ("start", "eat", "eaten"),
        ("start", "retreat", "back"),
        ("eaten", "ghost catches", "caught"),
        ("eaten", "ghost waits", "lucky"),
        ("back", "ghost follows", "safe"),
        ("back", "ghost leaves", "later"),
    ]
    values = {"caught": -490, "lucky": 10, "safe": 8, "later": 9}
    tree = GameTree.from_edges(edges, values, {"start": "max", "eaten": "min", "back": "min"})
    result = minimax(tree)
    assert (result.value, result.action) == (8, "retreat")


def test_depth_limit_uses_the_evaluation_at_the_cut():
    #        A (max)
    #      /    \
    #  B=5 (min)  C=1 (min)      evaluations of B and C
    #   |  \        |
    #   0   9       7            utilities
    edges = [
        ("A", "a1", "B"),
        ("A", "a2", "C"),
        ("B", "b1", "D"),
        ("B", "b2", "E"),
        ("C", "c1", "F"),
    ]
    tree = GameTree.from_edges(
        edges, {"B": 5, "C": 1, "D": 0, "E": 9, "F": 7}, {"A": "max", "B": "min", "C": "min"}
    )
    shallow = minimax(tree, depth=1)
    deep = minimax(tree, depth=2)
    assert (shallow.value, shallow.action, shallow.stats.leaves) == (5, "a1", 2)
    assert (deep.value, deep.action, deep.stats.leaves) == (7, "a2", 3)
    custom = minimax(tree, depth=1, evaluate=lambda g, s, p: {"B": -1, "C": 4}[s])
    assert (custom.value, custom.action) == (4, "a2")


def test_depth_zero_at_a_node_without_evaluation_names_it():
    tree = textbook()
    with pytest.raises(ValueError, match="'A' has no value"):
        minimax(tree, depth=0)


def test_depth_limit_without_any_evaluation_names_the_state():
    class Bare:
        """The textbook tree with no evaluate method at all."""

        def __init__(self):
            self.tree = textbook()
            for name in ("initial_state", "to_move", "actions", "result", "is_terminal", "utility"):
                setattr(self, name, getattr(self.tree, name))

    with pytest.raises(ValueError, match="non-terminal state 'B'.*no evaluation"):
        minimax(Bare(), depth=1)
    assert minimax(Bare(), depth=2).value == 3  # deep enough: no evaluation needed


@pytest.mark.parametrize("depth", [-1, 1.5, "2", True])
def test_bad_depths_are_rejected(depth):
    with pytest.raises(ValueError, match="depth must be"):
        minimax(textbook(), depth=depth)


def test_a_non_terminal_state_without_actions_is_an_error():
    class Stuck:
        def initial_state(self):
            return "s"

        def to_move(self, s):
            return "MAX"

        def actions(self, s):
            return ()

        def result(self, s, a):
            raise AssertionError

        def is_terminal(self, s):
            return False

        def utility(self, s, p):
            return 0

    with pytest.raises(ValueError, match="'s' is not terminal but has no actions"):
        minimax(Stuck())


def test_terminal_root_returns_its_utility_and_no_action():
    result = minimax(textbook(), "E")
    assert result == (3, None, result.stats) and result.stats.nodes == 1
    assert result.value != -math.inf


THREE = ("P1", "P2", "P3")


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    depth=st.integers(0, 4),
    layers=st.lists(st.sampled_from(THREE), min_size=1, max_size=4),
)
def test_on_three_players_minimax_is_the_root_players_paranoid_value(seed, depth, layers):
    # The root's player against all the others, whoever moves in which layer.
    tree = GameTree.random(
        depth, (1, 3), players=THREE, values=(0, 9), seed=seed, layers=tuple(layers)
    )
    root_player = tree.to_move(tree.root)
    result = minimax(tree)
    assert result.value == paranoid_by_definition(tree, tree.root, root_player)
    expected = paranoid(tree)
    assert (result.value, result.action) == (expected.value, expected.action)
