"""Shared traces for the viz tests; matplotlib on Agg, so no window ever opens."""

import os

os.environ["MPLBACKEND"] = "Agg"

import pytest  # noqa: E402

from aisearch import Trace, alphabeta, minimax  # noqa: E402
from aisearch.games import GameTree  # noqa: E402

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def traced(search, tree):
    trace = Trace(tree)
    search(tree, tracer=trace)
    return trace


@pytest.fixture
def textbook():
    """Alpha-beta on the textbook tree, pruned subtrees included.

    ::

                     A (max)
           /         |         \\
        B (min)    C (min)     D (min)
        / | \\      / | \\      / | \\
       3 12  8    2  4  6    14  5  2
       E  F  G    H  I  J    K   L  M

    Step 11 is the cutoff at C, which prunes I and J.
    """
    return traced(alphabeta, GameTree.from_nested(TEXTBOOK))


@pytest.fixture
def textbook_minimax():
    return traced(minimax, GameTree.from_nested(TEXTBOOK))


@pytest.fixture
def random40():
    """Alpha-beta on a 40-node random tree: 70 steps."""
    return traced(alphabeta, GameTree.random(3, 3, seed=1))
