"""A frame described in words: what its picture shows, held against the trace."""

import pytest

import aisearch.trace as trace_module
from aisearch import MCTSTrace, Trace, alphabeta, mcts, minimax
from aisearch.description import describe_frame, names_capped
from aisearch.games import GameTree, TicTacToe

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@pytest.fixture
def textbook():
    trace = Trace()
    alphabeta(GameTree.from_nested(TEXTBOOK), tracer=trace)
    return trace


def test_every_step_names_its_stack_windows_and_counters(textbook):
    for step in range(len(textbook)):
        frame = textbook.frame(step)
        text = describe_frame(textbook, frame)
        head, stack, *rest = text.split("\n")
        assert head == f"Step {step} of {len(textbook) - 1}. {frame.sentence}"
        named = [
            part.split(" (")[0]
            for part in stack.removeprefix("The stack, from the root: ").split("), ")
        ]
        assert named == [textbook.label(n) for n in frame.stack]
        for n in frame.stack:
            window = frame.window.get(n)
            if window is not None:
                alpha = trace_module.format_value(window[0])
                assert f"{textbook.label(n)} (" in stack and f"α = {alpha}" in stack
        assert rest[-1].startswith(f"Visited {frame.counts['visited']} node")
        assert f"{frame.counts['cutoffs']} cutoff" in rest[-1]


def test_the_pruned_nodes_appear_from_the_cutoff_that_skips_them(textbook):
    cut = textbook.of_kind("cutoff")[0].step
    assert "Pruned" not in describe_frame(textbook, cut - 1)
    assert "Pruned so far: I, J." in describe_frame(textbook, cut)
    last = describe_frame(textbook, -1)
    pruned = [line for line in last.split("\n") if line.startswith("Pruned")][0]
    assert pruned.removeprefix("Pruned so far: ").rstrip(".").split(", ") == textbook.pruned()
    assert f"{len(textbook.pruned())} pruned" in last


def test_values_bounds_and_best_children_are_those_of_the_frame(textbook):
    text = describe_frame(textbook, 11)  # the cutoff at C
    assert "A (MAX, value 3, α = 3, β = +∞, best child so far B)" in text
    assert "C (MIN, value 2, α = 3, β = 2, best child so far H)" in text
    final = describe_frame(textbook, -1)
    assert "A (MAX, value 3" in final


def test_a_minimax_stack_has_no_window():
    trace = Trace()
    minimax(GameTree.from_nested([[1, 2], [3, 4]]), tracer=trace)
    text = describe_frame(trace, 3)
    assert "α" not in text.split("\n")[1]
    assert "Pruned" not in text


def test_many_pruned_nodes_are_counted_not_all_named(monkeypatch):
    trace = Trace(TicTacToe())
    alphabeta(trace.game, "XO..X..O.", tracer=trace)
    text = describe_frame(trace, -1)
    pruned = len(trace.pruned())
    assert pruned > 8
    assert f"and {pruned - 8} more." in text

    # Frames are read node by node, never scanned whole: the cost does not grow with the tree.
    def refuse(self):
        raise AssertionError("a frame's dictionary was scanned")

    monkeypatch.setattr(trace_module._AtStep, "__iter__", refuse)
    monkeypatch.setattr(trace_module._AtStep, "__len__", refuse)
    assert describe_frame(trace, len(trace) // 2).startswith(f"Step {len(trace) // 2} ")


def test_an_mcts_frame_gives_its_path_with_visits_and_means():
    tree = GameTree.from_nested([[1, 1, -1], [0, 0]])
    trace = MCTSTrace(tree)
    mcts(tree, iterations=6, seed=0, tracer=trace)
    frame = trace.frame(-1)
    text = describe_frame(trace, frame)
    assert "The path, from the root: A (6 visits, mean 0.33), C (2 visits" in text
    assert text.endswith("6 iterations done, 7 nodes in the tree, 2 playout moves.")


def test_a_frame_of_another_trace_is_refused(textbook):
    other = Trace()
    alphabeta(GameTree.from_nested([[1, 2], [3, 4]]), tracer=other)
    with pytest.raises(ValueError, match="frame must be a frame of this trace"):
        describe_frame(textbook, other.frame(2))
    with pytest.raises(ValueError, match="outside"):
        describe_frame(textbook, 99)
    with pytest.raises(ValueError, match="frame must be"):
        describe_frame(textbook, "3")


def test_names_capped():
    assert names_capped([]) == ""
    assert names_capped(list("ABC"), most=3) == "A, B, C"
    assert names_capped(list("ABCD"), most=3) == "A, B, C and 1 more"


def test_a_leaf_is_called_a_leaf_not_max_or_min(textbook):
    """The textbook tree's leaves sit under MIN nodes, one ply below: the trace
    gives them the role MAX, but nobody moves at a leaf."""
    leaves = textbook.of_kind("leaf")
    assert leaves
    for event in leaves:
        stack = describe_frame(textbook, event.step).split("\n")[1]
        name = textbook.label(event.node)
        assert stack.endswith(f"{name} (leaf, value {trace_module.format_value(event.value)}).")
        assert f"{name} (MAX" not in stack and f"{name} (MIN" not in stack
    assert "H (leaf, value 2)" in describe_frame(textbook, 9)


def test_a_depth_limited_leaf_is_a_leaf_too():
    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, depth=1, evaluate=lambda game, state, player: 0, tracer=trace)
    leaf = trace.of_kind("leaf")[0]
    assert describe_frame(trace, leaf.step).split("\n")[1].endswith("(leaf, value 0).")


def test_the_nodes_under_pruned_ones_are_named_only_when_asked():
    """Notebook 02's deeper tree: the cutoff at C skips G, and a Trace(game)
    holds N and O under it. A picture that crosses them out asks for their names."""
    tree = GameTree.random(3, 2, seed=41)
    trace = Trace(tree)
    alphabeta(tree, tracer=trace)
    step = trace.of_kind("cutoff")[1].step
    plain = describe_frame(trace, step)
    assert "Pruned so far: K, G.\n" in plain and "2 cutoffs, 2 pruned." in plain
    whole = describe_frame(trace, step, under_pruned=True)
    assert "Pruned so far: K, G, and under them N, O.\n" in whole
    assert "2 cutoffs, 2 pruned (4 nodes with those under them)." in whole
