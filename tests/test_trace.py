import pytest

from aisearch import Trace, alphabeta, minimax, negamax
from aisearch.games import GameTree, TicTacToe

from trees import textbook


def ab_trace(tree=None, game=True):
    tree = tree or textbook()
    trace = Trace(tree if game else None)
    alphabeta(tree, tracer=trace)
    return trace


def test_event_fields_on_the_textbook_tree():
    trace = ab_trace()
    assert [e.step for e in trace] == list(range(len(trace)))
    kinds = trace.counts()
    assert (kinds["enter"], kinds["leaf"], kinds["cutoff"], kinds["exit"]) == (4, 7, 1, 4)
    leaf_e = next(e for e in trace if e.state == "E")
    assert leaf_e.kind == "leaf" and leaf_e.parent == 1 and leaf_e.action == "b1"
    assert (leaf_e.depth, leaf_e.role, leaf_e.value, leaf_e.terminal) == (2, "max", 3, True)
    update = next(e for e in trace if e.kind == "update" and e.state == "A")
    assert (update.value, update.alpha, update.child) == (3, 3, 1)
    assert trace.root_value() == 3


def test_replay_statuses_values_and_windows():
    trace = ab_trace()
    ids = {row.state: row.id for row in trace.nodes().values()}
    start = trace.frame(0)
    assert start.status[ids["A"]] == "stack"
    assert all(start.status[ids[n]] == "unseen" for n in "BCDEFGHIJKLM")
    cut = next(e.step for e in trace if e.kind == "cutoff")
    frame = trace.frame(cut)
    assert frame.status[ids["I"]] == frame.status[ids["J"]] == "pruned"
    assert frame.status[ids["B"]] == "done" and frame.value[ids["B"]] == 3
    assert frame.status[ids["C"]] == "stack" and frame.window[ids["C"]] == (3, 2)
    assert frame.stack == [ids["A"], ids["C"]]
    assert frame.counts == {"visited": 7, "leaves": 4, "cutoffs": 1, "pruned": 2}
    assert frame.best[ids["A"]] == ids["B"]
    before = trace.frame(cut - 1)
    assert before.status[ids["I"]] == "unseen"
    end = trace.frame(-1)
    assert end.value[ids["A"]] == 3 and end.status[ids["A"]] == "done"
    assert end.sentence == "Done: A is worth 3 to MAX."
    # C was cut: its 2 only says C is worth at most 2. B, D and A are exact
    # (D's 2 is at or below alpha = 3 too: a bound, though all its leaves were seen).
    assert end.bound == {ids["C"]: "upper", ids["D"]: "upper"}
    assert minimax_frame_has_no_bounds()


def minimax_frame_has_no_bounds():
    trace = Trace()
    minimax(textbook(), tracer=trace)
    return trace.frame(-1).bound == {}


def test_frames_can_go_backwards_and_forwards():
    trace = ab_trace()
    forward = [trace.frame(i) for i in range(len(trace))]
    backward = [trace.frame(i) for i in reversed(range(len(trace)))]
    assert forward == backward[::-1]


def test_sentences_explain_each_kind_of_step():
    trace = ab_trace()
    text = [trace.sentence(i) for i in range(len(trace))]
    assert text[0] == "Start at A, a MAX node: find the most MAX can be sure of; α = −∞, β = +∞."
    assert text[1] == "Enter B (MIN) by action a1 from A, with α = −∞, β = +∞."
    assert text[2] == "E is terminal: utility 3."
    assert "Cutoff at C: its value 2 ≤ α = 3" in text[11] and text[11].endswith("Skip I, J.")
    assert text[12] == "C is done and returns 2 to A."
    plain = Trace()
    minimax(textbook(), tracer=plain)
    assert plain.sentence(1) == "Enter B (MIN) by action a1 from A."


def test_pruned_subtrees_are_expanded_when_the_game_is_known():
    #              A
    #        B           C         C is cut after F, so G (and its leaves) are pruned
    #     D     E     F     G
    #    5 6   7 8   1 2   3 4
    tree = GameTree.from_nested([[[5, 6], [7, 8]], [[1, 2], [3, 4]]])
    with_game, without = ab_trace(tree), ab_trace(tree, game=False)
    pruned_with = [r.state for r in with_game.nodes().values() if r.pruned is not None]
    pruned_without = [r.state for r in without.nodes().values() if r.pruned is not None]
    assert set(pruned_without) < set(pruned_with)
    assert len(with_game.nodes()) == len(tree)  # the whole tree, ready to draw


def test_tictactoe_traces_work_with_long_states():
    game = TicTacToe()
    state = game.from_rows("XOX", "OX.", "...")
    trace = Trace(game)
    result = alphabeta(game, state, tracer=trace)
    # O to move faces two threats of X: lost whatever O does.
    assert game.to_move(state) == "O"
    assert (result.value, result.action) == (-1, (1, 2))
    assert trace.frame(-1).value[0] == -1  # MAX here is O, the player to move
    assert trace.label(0) == "XOXOX...."


def test_bad_steps_and_tracers_are_rejected():
    trace = ab_trace()
    with pytest.raises(ValueError, match="step 99 is outside"):
        trace.frame(99)
    with pytest.raises(ValueError, match="the trace is empty"):
        Trace().frame(0)
    with pytest.raises(ValueError, match="tracer must be a callable"):
        alphabeta(textbook(), tracer="yes")


def test_any_callable_is_a_tracer():
    seen = []
    minimax(textbook(), tracer=seen.append)
    # 9 leaves, 4 enters and 4 exits, and 6 updates (B 3; C 2; D 14, 5, 2; A 3).
    assert len(seen) == 9 + 4 + 4 + 6


def test_a_tree_searched_from_a_min_node_is_traced_from_max_view():
    #        A (min) = 12
    #      /    \
    #  B (max)  C (max): 14 >= beta = 12, so the 4 is skipped
    #   3  12    14  4
    tree = GameTree.from_nested([[3, 12], [14, 4]], root_role="min")
    trace = Trace(tree)
    result = alphabeta(tree, tracer=trace)
    assert result.value == -12  # for MIN, who moves at the root: MAX gets 12
    assert trace[0].role == "min" and trace.root_value() == 12
    assert trace.sentence(0) == "Start at A, a MIN node: find the least MAX can be sure of; α = −∞, β = +∞."
    [cut] = trace.of_kind("cutoff")
    assert (cut.state, cut.role, cut.value, cut.alpha, cut.beta) == ("C", "max", 14, 14, 12)
    assert cut.skipped_states == ("G",) and cut.skipped_roles == ("min",)
    assert trace.sentence(cut.step).startswith("Cutoff at C: its value 14 ≥ β = 12: MIN above")
    assert [e for e in trace if e.kind == "leaf"][0].role == "min"
    from_c = Trace(tree)
    negamax(tree, "B", tracer=from_c)
    assert from_c[0].role == "max" and from_c.root_value() == 12
