"""The sentences notebook 07 prints about its max^n example come from the package.

``describe_maxn_backup`` tells each node's choice, children first;
``describe_refused_leaf`` the leaf the root's player would like and who refuses it.

The lecture's tree (leaves are (P1, P2, P3)'s points)::

                    A  P1
             a1 /        \\ a2
              B  P2         C  P2
            /   \\         /    \\
          D P3   E P3    F P3    G P3
         / \\    / \\     / \\     / \\
    (3,3,4)(1,4,5)(6,2,2)(2,6,2)(5,1,4)(7,2,1)(0,9,1)(4,3,3)
"""

import pytest

from aisearch import Trace, alphabeta, maxn
from aisearch.description import describe_maxn_backup, describe_refused_leaf
from aisearch.games import GameTree

PLAYERS = ("P1", "P2", "P3")
LECTURE = [
    [[(3, 3, 4), (1, 4, 5)], [(6, 2, 2), (2, 6, 2)]],
    [[(5, 1, 4), (7, 2, 1)], [(0, 9, 1), (4, 3, 3)]],
]


def traced(nested, players=PLAYERS):
    tree = GameTree.from_nested(nested, players=players)
    trace = Trace(tree)
    maxn(tree, tracer=trace)
    return trace


def test_the_lectures_tree_is_told_bottom_up():
    assert describe_maxn_backup(traced(LECTURE)).splitlines() == [
        "At D, P3 compares its own entries, 4 and 5, and takes (1,4,5).",
        "At E every child gives P3 2: a tie, so the first, (6,2,2), is kept.",
        "At B, P2 compares its entries of D and E, 4 against 2, and takes D, (1,4,5).",
        "At F, P3 compares its own entries, 4 and 1, and takes (5,1,4).",
        "At G, P3 compares its own entries, 1 and 3, and takes (4,3,3).",
        "At C, P2 compares its entries of F and G, 1 against 3, and takes G, (4,3,3).",
        "At A, P1 compares its entries of B and C, 1 against 4, and takes C, (4,3,3).",
    ]


def test_the_refused_leaf_and_who_refuses_it():
    assert describe_refused_leaf(traced(LECTURE)) == (
        "P1 plays a2 and expects 4, although the best leaf for it, (7,2,1), is under a2 "
        "too: P3 at F will never give it 7, because P3 prefers 4 to 1."
    )


def test_ties_keep_the_first_child():
    some = describe_maxn_backup(traced([(4, 5, 1), (4, 2, 4), (1, 6, 3)]))
    assert some == (
        "At A, P1 compares its own entries, 4 and 4 and 1, and takes, the first of the tied, "
        "(4,5,1)."
    )
    every = describe_maxn_backup(traced([(1, 5, 4), (1, 2, 3)]))
    assert every == "At A every child gives P1 1: a tie, so the first, (1,5,4), is kept."
    inner = describe_maxn_backup(traced([[(1, 5, 4), (2, 5, 3)], [(0, 4, 6), (3, 2, 5)]]))
    assert inner.splitlines()[-1] == (
        "At A, P1 compares its entries of B and C, 1 against 0, and takes B, (1,5,4)."
    )


def test_a_node_with_one_move():
    text = describe_maxn_backup(traced([[(1, 5, 4)], [(0, 4, 6), (3, 2, 5)]]))
    assert text.splitlines()[0] == "At B, P2 has one move, to D, (1,5,4)."


def test_the_root_player_may_get_its_best_leaf():
    trace = traced([(9, 0, 1), (2, 4, 4)])
    assert describe_refused_leaf(trace) == (
        "P1 plays a1 and gets the best leaf for it, (9,0,1): nobody on the way refuses it."
    )


def test_the_sentences_follow_another_tree():
    quarters = [
        [[(2.75, 2.5, 4.75), (1.25, 3.5, 5.25)], [(5.5, 2.25, 2.25), (1.5, 6.25, 2.25)]],
        [[(4.75, 1.5, 3.75), (7.5, 1.75, 0.75)], [(0.25, 8.5, 1.25), (3.5, 3.25, 3.25)]],
    ]
    trace = traced(quarters)
    assert describe_maxn_backup(trace).splitlines()[-1] == (
        "At A, P1 compares its entries of B and C, 1.25 against 3.5, and takes C, (3.5,3.25,3.25)."
    )
    assert "P3 prefers 3.75 to 0.75" in describe_refused_leaf(trace)


def test_a_trace_that_is_not_max_n_is_refused():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6]])
    trace = Trace(tree)
    alphabeta(tree, tracer=trace)
    with pytest.raises(ValueError, match="describe_maxn: trace must hold a finished max"):
        describe_maxn_backup(trace)
