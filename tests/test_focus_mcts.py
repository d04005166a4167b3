"""The focused view of an MCTS trace: what it draws is the tree MCTS had grown.

Each summary is held against a count made by walking the traced tree and
keeping the nodes the frame says are in the tree at that step.
"""

import random

import pytest
from hypothesis import given, settings

from aisearch.focus import MCTSOverview
from aisearch.games import DiceNim, GameTree, TicTacToe
from aisearch.mcts import MCTSTrace, mcts
from tests.trees import nested_trees


def traced(game, state=None, iterations=500, seed=0) -> MCTSTrace:
    trace = MCTSTrace(game)
    mcts(game, state, iterations=iterations, seed=seed, tracer=trace)
    return trace


def below(trace, node):
    """``node`` and every node under it in the final tree."""
    nodes, out, todo = trace.nodes(), [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(nodes[n].children)
    return out


def check_view(trace, overview, step):
    view = overview.at(step)
    frame = trace.frame(step)
    nodes = trace.nodes()
    present = set(frame.present)
    assert view.path == frame.path and view.rows[0] == [0]
    for d, parent in enumerate(view.path):
        added = [c for c in nodes[parent].children if c in present]
        assert view.rows[d + 1 :][:1] == ([added] if added else [])
    assert len(view.rows) <= len(view.path) + 1
    for n, summary in view.subtrees.items():
        assert n in present
        under = below(trace, n)
        assert summary.visited == len(present.intersection(under)), (step, n)
        assert summary.held == len(under) and not summary.cut
    for n in view.collapsed():
        assert n not in view.path and view.subtrees[n].visited > 1


@pytest.fixture(scope="module")
def tictactoe():
    return traced(TicTacToe())


def test_tictactoe_500_iterations_at_sampled_steps(tictactoe):
    overview = MCTSOverview(tictactoe)
    rng = random.Random(2)
    for step in [0, 1, 2, len(tictactoe) - 1, *rng.sample(range(len(tictactoe)), 25)]:
        check_view(tictactoe, overview, step)
    # Late in the search most of the root's children hold subtrees: a real summary.
    assert len(overview.at(-1).collapsed()) >= 5


def test_the_first_step_is_the_root_alone(tictactoe):
    view = MCTSOverview(tictactoe).at(0)
    assert view.path == [0] and view.rows == [[0]] and view.collapsed() == []
    assert view.subtrees[0].visited == 1 and view.subtrees[0].held == len(tictactoe.nodes())


def test_chance_nodes_show_only_the_outcomes_drawn_so_far():
    game = DiceNim(stones=5)
    rolled = game.result(game.initial_state(), game.actions(game.initial_state())[2])
    trace = traced(game, rolled, iterations=120)
    overview = MCTSOverview(trace)
    for step in range(0, len(trace), 7):
        check_view(trace, overview, step)


@settings(max_examples=30, deadline=None)
@given(nested_trees)
def test_random_trees_at_every_step(spec):
    trace = traced(GameTree.from_nested(spec), iterations=25)
    overview = MCTSOverview(trace)
    for step in range(len(trace)):
        check_view(trace, overview, step)


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="the trace is empty: run mcts"):
        MCTSOverview(MCTSTrace())
    trace = traced(GameTree.from_nested([[1, -1], [0, 0]]), iterations=4)
    with pytest.raises(ValueError, match="node 99 is not in this trace"):
        MCTSOverview(trace).subtree(99, 0)
    with pytest.raises(ValueError, match="outside this trace's steps"):
        MCTSOverview(trace).at(len(trace))
