"""The focused view of a large trace: what it draws is what the search did.

Each summary is held against a count made by walking the traced tree.
"""

import random

import pytest
from hypothesis import given, settings

from aisearch import Trace, alphabeta, minimax
from aisearch.focus import Overview
from aisearch.games import GameTree, Isolation, TicTacToe
from aisearch.trace import CUTOFF
from tests.trees import nested_trees, textbook


def traced(game, **options) -> Trace:
    trace = Trace(game)
    alphabeta(game, tracer=trace, **options)
    return trace


def below(trace, node):
    """``node`` and every node under it in the traced tree."""
    nodes, out, todo = trace.nodes(), [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(nodes[n].children)
    return out


def check_view(trace, step):
    view = Overview(trace).at(step)
    frame = trace.frame(step)
    nodes = trace.nodes()
    assert view.path == frame.stack and view.rows[0] == [0]
    for d, parent in enumerate(view.path):
        if nodes[parent].children:
            assert view.rows[d + 1] == list(nodes[parent].children)
    cuts = {e.node for e in trace.events[: frame.step + 1] if e.kind == CUTOFF}
    for n, summary in view.subtrees.items():
        under = below(trace, n)
        seen = [m for m in under if nodes[m].entered is not None and nodes[m].entered <= frame.step]
        assert summary.visited == len(seen), (step, n)
        assert summary.cut == bool(cuts & set(under)), (step, n)
        assert summary.held == sum(nodes[m].entered is not None for m in under)
    for n in view.collapsed():
        assert n not in view.path and view.subtrees[n].visited > 1


def test_the_textbook_tree():
    trace = Trace()
    alphabeta(textbook(), tracer=trace)
    view = Overview(trace).at(-1)
    assert [[trace.label(n) for n in row] for row in view.rows] == [["A"], ["B", "C", "D"]]
    b, c, d = view.rows[1]
    assert [view.subtrees[n].visited for n in (b, c, d)] == [4, 2, 4]
    assert [view.subtrees[n].cut for n in (b, c, d)] == [False, True, False]
    assert view.collapsed() == [b, c, d]


def test_tictactoe_from_the_empty_board_at_sampled_steps():
    trace = traced(TicTacToe())
    rng = random.Random(1)
    for step in [0, 1, len(trace) - 1, *rng.sample(range(len(trace)), 12)]:
        check_view(trace, step)


@settings(max_examples=40, deadline=None)
@given(nested_trees)
def test_random_trees_at_every_step(spec):
    trace = traced(GameTree.from_nested(spec))
    for step in range(len(trace)):
        check_view(trace, step)


def test_the_steps_of_a_subtree_are_those_spent_inside_it():
    trace = traced(Isolation(4, 4), depth=3)
    overview = Overview(trace)
    nodes = trace.nodes()
    for n in [m for m in nodes if nodes[m].entered is not None][:60]:
        steps = overview.steps(n)
        inside = set(below(trace, n))
        assert [e.step for e in trace.events if e.node in inside] == list(steps)
        assert trace.frame(steps[0]).event.node == n


def test_a_subtree_never_visited_has_no_steps():
    trace = Trace(textbook())
    alphabeta(textbook(), tracer=trace)
    pruned = next(n for n, row in trace.nodes().items() if row.pruned is not None)
    with pytest.raises(ValueError, match=f"node {pruned} .* was never visited"):
        Overview(trace).steps(pruned)
    with pytest.raises(ValueError, match="node 999 is not in this trace"):
        Overview(trace).steps(999)
    with pytest.raises(ValueError, match="the trace is empty"):
        Overview(Trace())


def test_minimax_has_no_cuts():
    trace = Trace(TicTacToe())
    minimax(TicTacToe(), "XO.XO....", tracer=trace)
    view = Overview(trace).at(-1)
    assert not any(s.cut for s in view.subtrees.values())
