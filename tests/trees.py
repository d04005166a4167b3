"""Trees and strategies shared by the tests."""

from hypothesis import strategies as st

from aisearch.games import GameTree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""AIMA 4th ed., Figure 5.2: root value 3, best action a1."""


def textbook() -> GameTree:
    return GameTree.from_nested(TEXTBOOK)


# Nested lists of varied shape: 1 to 4 children a node, up to about 5 plies.
nested_trees = st.recursive(
    st.integers(-6, 6),
    lambda children: st.lists(children, min_size=1, max_size=4),
    max_leaves=40,
).filter(lambda spec: isinstance(spec, list))

roots = st.sampled_from(["max", "min"])


def zero_sum_evaluation(game, state, player):
    """A deterministic, made-up evaluation of any node, negated for MIN."""
    value = (sum(map(ord, str(state))) * 7) % 13 - 6
    return value if player == "MAX" else -value
