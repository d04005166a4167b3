import pytest

from aisearch import minimax
from aisearch.games import GameTree

from trees import TEXTBOOK, textbook


def test_from_nested_names_nodes_breadth_first_and_actions_like_the_book():
    #            A (max)
    #     a1 /   a2 |   \ a3
    #      B        C        D      (min)
    #    / | \    / | \    / | \
    #   E  F  G  H  I  J  K  L  M
    #   3 12  8  2  4  6 14  5  2
    tree = textbook()
    assert tree.nodes == list("ABCDEFGHIJKLM")
    assert tree.actions("A") == ("a1", "a2", "a3")
    assert tree.result("C", "c3") == "J"
    assert tree.children("D") == ("K", "L", "M")
    assert [tree.role(n) for n in "ABE"] == ["max", "min", "max"]
    assert [tree.value(n) for n in tree.leaves()] == [3, 12, 8, 2, 4, 6, 14, 5, 2]
    assert tree.to_nested() == TEXTBOOK
    assert tree.height() == 2 and tree.height("B") == 1 and tree.height("E") == 0


def test_players_and_utilities_are_from_max_point_of_view():
    tree = textbook()
    assert tree.to_move("A") == "MAX" and tree.to_move("B") == "MIN"
    assert tree.utility("F", "MAX") == 12
    assert tree.utility("F", "MIN") == -12
    assert tree.is_terminal("F") and not tree.is_terminal("B")
    assert tree.actions("F") == ()


def test_given_names_are_used_in_breadth_first_order():
    tree = GameTree.from_nested([1, [2, 3]], names=["root", "x", "y", "y1", "y2"])
    assert tree.children("root") == ("x", "y")
    assert tree.actions("root") == ("root1", "root2")
    assert tree.children("y") == ("y1", "y2")


def test_more_than_26_nodes_get_two_letter_names():
    tree = GameTree.from_nested([[1] * 5] * 5)
    assert tree.nodes[25:28] == ["Z", "AA", "AB"]
    assert len(tree) == 31


def test_from_edges_keeps_edge_order_and_accepts_a_role_function():
    edges = [("s", "right", "r"), ("s", "left", "l"), ("r", "x", "r1"), ("l", "y", "l1")]
    tree = GameTree.from_edges(
        edges, values={"r1": 4, "l1": 7}, roles=lambda n: "max" if n == "s" else "min"
    )
    assert tree.root == "s"
    assert tree.actions("s") == ("right", "left")
    assert tree.role("r") == "min"
    assert minimax(tree).action == "left"


def test_consecutive_min_layers_are_allowed():
    # MAX at s; two opponents (both MIN) move in turn before the leaves.
    edges = [
        ("s", "a", "m1"),
        ("s", "b", "m2"),
        ("m1", "c", "n1"),
        ("m1", "d", "n2"),
        ("n1", "e", "l1"),
        ("n1", "f", "l2"),
        ("n2", "g", "l3"),
        ("m2", "h", "l4"),
    ]
    roles = {"s": "max", "m1": "min", "m2": "min", "n1": "min", "n2": "min"}
    values = {"l1": 5, "l2": 9, "l3": 7, "l4": 4}
    tree = GameTree.from_edges(edges, values, roles)
    assert tree.to_move("n1") == "MIN"
    # m1 = min(min(5, 9), 7) = 5 beats m2 = 4.
    result = minimax(tree)
    assert (result.value, result.action) == (5, "a")


def test_interior_values_are_evaluations():
    tree = GameTree.from_edges(
        [("A", "a1", "B"), ("B", "b1", "C")],
        values={"B": 2.5, "C": -1},
        roles={"A": "max", "B": "min"},
    )
    assert tree.evaluate("B", "MAX") == 2.5
    assert tree.evaluate("B", "MIN") == -2.5
    with pytest.raises(ValueError, match="'A' has no value"):
        tree.evaluate("A", "MAX")


@pytest.mark.parametrize(
    "spec, message",
    [
        ([], "empty"),
        ([[3, 4], []], "'C'.*empty list"),
        ([[3, "x"]], "'D' \\(at spec\\[0\\]\\[1\\]\\).*'x'"),
        ([[3, None]], "'D'.*None"),
        ([[True, 1]], "'C'.*True"),
    ],
)
def test_bad_nested_specs_name_the_node(spec, message):
    with pytest.raises(ValueError, match=message):
        GameTree.from_nested(spec)


def test_bad_root_role_and_running_out_of_names():
    with pytest.raises(ValueError, match="unknown role 'chance'"):
        GameTree.from_nested([1, 2], root_role="chance")
    with pytest.raises(ValueError, match="names ran out"):
        GameTree.from_nested([1, 2], names=["a", "b"])
    with pytest.raises(ValueError, match="'a' is given to two nodes"):
        GameTree.from_nested([1, 2], names=["a", "b", "a"])


EDGES = [("A", "a1", "B"), ("A", "a2", "C")]


@pytest.mark.parametrize(
    "edges, values, roles, message",
    [
        ([], {}, {}, "no edges"),
        (EDGES, {"B": 1}, {"A": "max"}, "leaf 'C' has no value"),
        (EDGES + [("B", "b1", "C")], {"C": 1}, {"A": "max", "B": "min"}, "'C' has two parents"),
        ([("A", "x", "B"), ("B", "y", "A")], {}, {"A": "max", "B": "min"}, "cycle"),
        (
            EDGES + [("X", "x", "Y"), ("Y", "y", "X")],
            {"B": 1, "C": 2},
            {"A": "max", "X": "max", "Y": "min"},
            "'X' cannot be reached",
        ),
        (EDGES, {"B": 1, "C": 2}, {"A": "maxi"}, "'A' has unknown role 'maxi'"),
        (EDGES, {"B": 1, "C": 2}, {}, "'A' has children but no role"),
        (EDGES, {"B": 1, "C": 2, "Z": 3}, {"A": "max"}, "value is given for 'Z'"),
        (EDGES, {"B": 1, "C": "two"}, {"A": "max"}, "'C' has value 'two'"),
        (EDGES, {"B": 1, "C": 2}, {"A": "max", "Q": "min"}, "role is given for 'Q'"),
        (
            [("A", "a1", "B"), ("A", "a1", "C")],
            {"B": 1, "C": 2},
            {"A": "max"},
            "'A' has the action 'a1' twice",
        ),
        ([("A", "B")], {}, {}, r"\('A', 'B'\) is not a \(parent, action, child\)"),
    ],
)
def test_bad_edge_lists_name_the_culprit(edges, values, roles, message):
    with pytest.raises(ValueError, match=message):
        GameTree.from_edges(edges, values, roles)


def test_several_roots_need_an_explicit_root():
    edges = [("A", "a", "B"), ("X", "x", "Y")]
    with pytest.raises(ValueError, match="several nodes have no parent"):
        GameTree.from_edges(edges, {"B": 1, "Y": 2}, {"A": "max", "X": "max"})


def test_unknown_nodes_and_actions_are_reported():
    tree = textbook()
    with pytest.raises(ValueError, match="'Z' is not a node"):
        tree.actions("Z")
    with pytest.raises(ValueError, match="node 'A' has no action 'b1'"):
        tree.result("A", "b1")
    with pytest.raises(ValueError, match="'B' is not a leaf"):
        tree.utility("B", "MAX")
    with pytest.raises(ValueError, match="player must be"):
        tree.utility("E", "X")


def test_with_values_replaces_some_values_and_leaves_the_tree_alone():
    tree = textbook()
    changed = tree.with_values({"I": -50, "J": 99})
    assert changed.to_nested() == [[3, 12, 8], [2, -50, 99], [14, 5, 2]]
    assert tree.to_nested() == TEXTBOOK
    assert changed.edges() == tree.edges() and changed.role("C") == "min"
    with pytest.raises(ValueError, match="'Z' is not a node"):
        tree.with_values({"Z": 1})


def test_random_trees_are_reproducible_and_uniform():
    a = GameTree.random(3, 2, seed=5)
    b = GameTree.random(3, 2, seed=5)
    assert a.to_nested() == b.to_nested()
    assert len(a.leaves()) == 8 and a.height() == 3
    varied = GameTree.random(4, (1, 3), seed=2)
    assert {len(varied.children(n)) for n in varied.nodes if varied.children(n)} <= {1, 2, 3}


# Chance nodes -------------------------------------------------------------------

DICE_EDGES = [
    ("A", "a1", "B"),
    ("A", "a2", "C"),
    ("B", "six", "D"),
    ("B", "other", "E"),
    ("C", "c1", "F"),
]
DICE_VALUES = {"D": 10, "E": 0, "F": 1}
DICE_ROLES = {"A": "max", "B": "chance", "C": "min"}


def test_chance_nodes_from_edges_by_child_or_by_action():
    tree = GameTree.from_edges(
        DICE_EDGES, DICE_VALUES, DICE_ROLES, probabilities={("B", "six"): 1 / 6, ("B", "E"): 5 / 6}
    )
    assert tree.to_move("B") == "chance" and tree.role("B") == "chance"
    assert tree.chance_outcomes("B") == (("six", 1 / 6), ("other", 5 / 6))
    assert tree.probability("B", "E") == 5 / 6
    assert tree.has_chance_nodes
    uniform = GameTree.from_edges(DICE_EDGES, DICE_VALUES, DICE_ROLES)
    assert uniform.chance_outcomes("B") == (("six", 0.5), ("other", 0.5))
    assert not textbook().has_chance_nodes
    with pytest.raises(ValueError, match="'C' is not a chance node"):
        tree.chance_outcomes("C")


@pytest.mark.parametrize(
    "probabilities, message",
    [
        ({("B", "six"): 0.5}, "'B' gives probabilities to some children but not to \\['E'\\]"),
        ({("B", "six"): 0.5, ("B", "E"): 0.6}, "chance state 'B' sum to 1.1"),
        ({("B", "six"): 1.5, ("B", "E"): -0.5}, "'B' gives outcome 'other' the probability -0.5"),
        ({("C", "F"): 1}, "under 'C', which is not a chance node"),
        ({("B", "Q"): 1}, r"\('B', 'Q'\), which is not an edge"),
    ],
)
def test_bad_probabilities_in_edges_name_the_node(probabilities, message):
    with pytest.raises(ValueError, match=message):
        GameTree.from_edges(DICE_EDGES, DICE_VALUES, DICE_ROLES, probabilities=probabilities)


def test_chance_layers_in_nested_specs():
    tree = GameTree.from_nested(
        [[(0.9, 2), (0.1, [3, 4])], [1, 5]], layers=("max", "chance", "min")
    )
    assert [tree.role(n) for n in "ABCDEFGHI"] == ["max"] + ["chance"] * 2 + ["min"] * 4 + [
        "max"
    ] * 2
    assert tree.chance_outcomes("B") == (("b1", 0.9), ("b2", 0.1))
    assert tree.chance_outcomes("C") == (("c1", 0.5), ("c2", 0.5))


@pytest.mark.parametrize(
    "spec, layers, message",
    [
        ([[(0.9, 2), (0.2, 3)]], ("max", "chance"), "'B' sum to 1.1"),
        ([[(0.9, 2), 3]], ("max", "chance"), "'B' .* some children but not all"),
        ([[(0.9, 2, 1), (0.1, 3)]], ("max", "chance"), "not a \\(probability, child\\) pair"),
        ([[(0.5, 1), (0.5, 2)]], None, "'B' .* is a MIN node, but \\(probability, child\\)"),
        ([[1, 2]], ("max", "dice"), "unknown role 'dice' in layers"),
        ([[1, 2]], (), "layers is empty"),
    ],
)
def test_bad_chance_specs_name_the_node(spec, layers, message):
    with pytest.raises(ValueError, match=message):
        GameTree.from_nested(spec, layers=layers)


# More than two players --------------------------------------------------------

THREE = ("P1", "P2", "P3")


def test_vector_leaves_and_players_in_turn():
    #              A (P1)
    #          /          \
    #       B (P2)        C (P2)
    #      /     \        /     \
    # (3,3,3) (1,4,4) (6,2,2) (0,5,5)      (leaves D E F G, P3 to move)
    tree = GameTree.from_nested([[(3, 3, 3), (1, 4, 4)], [(6, 2, 2), (0, 5, 5)]], players=THREE)
    assert tree.players == THREE and tree.is_multiplayer and tree.max_player is None
    assert [tree.to_move(n) for n in tree.nodes] == ["P1", "P2", "P2", "P3", "P3", "P3", "P3"]
    assert tree.role("B") == "P2"
    assert tree.value("E") == (1, 4, 4)
    assert [tree.utility("E", p) for p in THREE] == [1, 4, 4]
    assert tree.to_nested() == [[(3, 3, 3), (1, 4, 4)], [(6, 2, 2), (0, 5, 5)]]
    with pytest.raises(ValueError, match="player must be one of \\('P1', 'P2', 'P3'\\), got 'MAX'"):
        tree.utility("E", "MAX")


def test_layers_that_name_players_make_a_vector_tree():
    tree = GameTree.from_nested([[(1, 2, 3)], (4, 5, 6)], layers=("P1", "P3", "P2"))
    assert tree.players == ("P1", "P3", "P2")
    assert [tree.to_move(n) for n in tree.nodes] == ["P1", "P3", "P3", "P2"]
    given = GameTree.from_nested([[(1, 2, 3)]], layers=("P2", "P1"), players=THREE)
    assert given.players == THREE and given.to_move("A") == "P2" and given.to_move("C") == "P2"
    # Two-player trees are untouched by all this.
    assert not GameTree.from_nested([1, 2]).is_multiplayer


@pytest.mark.parametrize(
    "spec, options, message",
    [
        (
            [[(1, 2, 3), (1, 2)]],
            {"players": THREE},
            "node 'D' .* the vector \\(1, 2\\) of 2 values, but there are 3",
        ),
        (
            [[(1, 2, 3), 4]],
            {"players": THREE},
            "node 'D' .* has value 4: expected a vector of 3 numbers",
        ),
        ([[(1, 2, 3), ("x", 2, 3)]], {"players": THREE}, "node 'D' .* expected a vector of 3"),
        ([[(1, 2, 3), (4, 5, 6)]], {}, "a vector leaf needs players"),
        ([[(1, 2, 3)], []], {"players": THREE}, "node 'C' .* is an empty list"),
        ([[(1, 2, 3)]], {"players": ("P1",)}, "at least two players"),
        ([[(1, 2, 3)]], {"players": ("P1", "P1", "P2")}, "players must be different"),
        (
            [[(1, 2, 3)]],
            {"players": THREE, "layers": ("P1", "chance")},
            "'chance' is not one of the players",
        ),
    ],
)
def test_bad_vector_specs_name_the_node(spec, options, message):
    with pytest.raises(ValueError, match=message):
        GameTree.from_nested(spec, **options)


def test_from_edges_with_players():
    edges = [("r", "x", "a"), ("r", "y", "b"), ("a", "z", "c")]
    tree = GameTree.from_edges(
        edges, values={"b": (0, 0, 3), "c": (1, 2, 0)}, roles={"r": "P1", "a": "P3"}, players=THREE
    )
    assert [tree.to_move(n) for n in ("r", "a", "b", "c")] == ["P1", "P3", "P2", "P1"]
    with pytest.raises(ValueError, match="node 'b' has the vector \\(0, 0\\) of 2 values"):
        GameTree.from_edges(
            edges, values={"b": (0, 0), "c": (1, 2, 0)}, roles={"r": "P1", "a": "P3"}, players=THREE
        )
    with pytest.raises(
        ValueError, match="node 'a' has role 'max', which is not one of the players"
    ):
        GameTree.from_edges(
            edges,
            values={"b": (0, 0, 3), "c": (1, 2, 0)},
            roles={"r": "P1", "a": "max"},
            players=THREE,
        )
    with pytest.raises(ValueError, match="leaf 'c' has no value: give it a vector"):
        GameTree.from_edges(
            edges, values={"b": (0, 0, 3)}, roles={"r": "P1", "a": "P3"}, players=THREE
        )


def test_random_vector_trees_are_seeded_and_constant_sum():
    tree = GameTree.random(3, (1, 3), players=THREE, total=10, seed=5)
    again = GameTree.random(3, (1, 3), players=THREE, total=10, seed=5)
    assert tree.to_nested() == again.to_nested()
    leaves = [tree.value(n) for n in tree.leaves()]
    assert all(sum(v) == 10 and min(v) >= 0 and len(v) == 3 for v in leaves)
    free = GameTree.random(2, 2, players=THREE, values=(-3, 3), seed=1)
    assert all(-3 <= x <= 3 for n in free.leaves() for x in free.value(n))
    # Every split of a small total turns up: the splits are drawn uniformly.
    splits = {GameTree.random(0, players=THREE, total=2, seed=s).value("A") for s in range(200)}
    assert len(splits) == 6
    with pytest.raises(ValueError, match="total applies to vector leaves"):
        GameTree.random(2, total=10)
    with pytest.raises(ValueError, match="total must be a whole number"):
        GameTree.random(2, players=THREE, total=-1)
