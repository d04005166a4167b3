import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, alphabeta, minimax, negamax, quiescence_search, star1
from aisearch.caching import TranspositionTable
from aisearch.games import GameTree, TicTacToe

from trees import dags, nested_trees, roots, textbook, zero_sum_evaluation


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
    # C was cut: its 2 only says C is worth at most 2. B, D and A are exact:
    # D's 2 is at or below alpha = 3, but all its leaves 14, 5, 2 were read,
    # so "D is worth exactly 2" (AIMA 4e, Figure 5.5(f)).
    assert end.bound == {ids["C"]: "upper"}
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
    assert text[12] == "C is done and returns ≤2 to A: it is worth at most 2, a bound."
    assert text[20] == (
        "D is done and returns 2 to A, its exact value: every child was "
        "searched, the best of them is exact, and no other can beat it."
    )
    assert text[6] == "B is done and returns 3 to A."
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
    with pytest.raises(ValueError, match="tracer must be a function"):
        alphabeta(textbook(), tracer="yes")


def test_any_callable_is_a_tracer():
    seen = []
    minimax(textbook(), tracer=seen.append)
    # 9 leaves, 4 enters and 4 exits, and 6 updates (B 3; C 2; D 14, 5, 2; A 3).
    assert len(seen) == 9 + 4 + 4 + 6


def test_a_trace_holds_one_search_and_refuses_a_second():
    """A notebook cell run twice into a trace made in an earlier cell: the second
    search is refused by name, and the trace keeps the first search whole."""
    trace = ab_trace()
    events = list(trace)
    with pytest.raises(ValueError, match=r"already holds a search \(22 steps\).*new Trace\(\)"):
        alphabeta(textbook(), tracer=trace)
    assert list(trace) == events
    assert trace.visited() == list("ABEFGCHDKLM") and trace.pruned() == ["I", "J"]
    assert trace.frame(-1).sentence == "Done: A is worth 3 to MAX."
    # Also into a trace a failed search left half full, and for any search of the family.
    with pytest.raises(ValueError, match="already holds a search"):
        minimax(textbook(), tracer=trace)


def test_a_cell_that_makes_its_trace_can_run_again():
    """The course's cells make the trace where they search: running one twice is
    two searches into two traces, the same both times."""
    runs = []
    for _ in range(2):
        trace = Trace(textbook())
        alphabeta(textbook(), tracer=trace)
        runs.append(list(trace))
    assert runs[0] == runs[1]


def test_an_mcts_trace_holds_one_search_too():
    from aisearch import MCTSTrace, mcts

    trace = MCTSTrace(textbook())
    mcts(textbook(), iterations=5, seed=0, tracer=trace)
    length = len(trace)
    with pytest.raises(ValueError, match="MCTSTrace already holds a search.*new MCTSTrace"):
        mcts(textbook(), iterations=5, seed=0, tracer=trace)
    assert len(trace) == length


def test_a_plain_tracer_may_collect_several_searches():
    """Only the traces that replay refuse: a list's append keeps every search."""
    seen = []
    minimax(textbook(), tracer=seen.append)
    minimax(textbook(), tracer=seen.append)
    assert len(seen) == 2 * 23 and [e.step for e in seen].count(0) == 2


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
    assert (
        trace.sentence(0)
        == "Start at A, a MIN node: find the least MAX can be sure of; α = −∞, β = +∞."
    )
    [cut] = trace.of_kind("cutoff")
    assert (cut.state, cut.role, cut.value, cut.alpha, cut.beta) == ("C", "max", 14, 14, 12)
    assert cut.skipped_states == ("G",) and cut.skipped_roles == ("min",)
    assert trace.sentence(cut.step).startswith("Cutoff at C: its value 14 ≥ β = 12: MIN above")
    assert [e for e in trace if e.kind == "leaf"][0].role == "min"
    from_c = Trace(tree)
    negamax(tree, "B", tracer=from_c)
    assert from_c[0].role == "max" and from_c.root_value() == 12


# A value is drawn as a bound only when it is one -----------------------------
#
# For every node a windowed search finished, the frame's claim is checked
# against the node's true value, computed from the definition below: an exact
# value must equal it, an upper bound be at or above it, a lower bound at or
# below it. And the rule is not vacuous: nodes whose every child was searched
# exactly are exact, whatever their window.


def true_value(game, state, depth=None, evaluate=None, noisy=None, stand_pat=True):
    """The value of ``state`` from MAX's view, from the definition: minimax,
    expectiminimax at chance nodes, an evaluation at ``depth`` plies, and past
    it (when ``noisy`` is given) only the noisy moves, with the stand-pat
    evaluation as one more option."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    moves = game.actions(state)
    if depth is not None and depth <= 0:
        moves = [] if noisy is None else noisy(game, state)
        if not moves:
            return evaluate(game, state, "MAX")
    deeper = None if depth is None else depth - 1
    values = [
        true_value(game, game.result(state, a), deeper, evaluate, noisy, stand_pat) for a in moves
    ]
    role = game.role(state)
    if role == "chance":
        return sum(
            game.probability(state, game.result(state, a)) * v
            for a, v in zip(moves, values, strict=True)
        )
    if depth is not None and depth <= 0 and stand_pat:
        values.append(evaluate(game, state, "MAX"))
    return max(values) if role == "max" else min(values)


def check_claims(trace, truth) -> dict:
    """Assert every finished node's value is as exact as the frame says; return
    the kinds seen, counted."""
    frame = trace.frame(-1)
    nodes = trace.nodes()
    seen = {"exact": 0, "upper": 0, "lower": 0}
    for node, status in frame.status.items():
        if status != "done":
            continue
        shown, kind = frame.value[node], frame.bound.get(node, "exact")
        assert trace.value_kinds()[node] == kind
        true = truth(nodes[node].state, nodes[node].depth)
        where = f"{trace.label(node)} shows {kind} {shown}, true value {true}"
        if kind == "exact":
            assert shown == pytest.approx(true), where
        elif kind == "upper":
            assert true <= shown + 1e-9, where
        else:
            assert true >= shown - 1e-9, where
        seen[kind] += 1
    return seen


def fully_searched_are_exact(trace) -> None:
    """A node none of whose descendants was cut or bounded is exact."""
    nodes, kinds = trace.nodes(), trace.value_kinds()

    def clean(n):
        row = nodes[n]
        return (
            row.pruned is None
            and all(clean(c) for c in row.children)
            and (not row.children or kinds.get(n) == "exact")
        )

    for n in kinds:
        if all(clean(c) for c in nodes[n].children):
            assert kinds[n] == "exact", trace.label(n)


@settings(max_examples=150, deadline=None)
@given(nested_trees, roots, st.booleans())
def test_alphabeta_shows_exact_values_and_true_bounds(spec, root, on_equal):
    tree = GameTree.from_nested(spec, root_role=root)
    trace = Trace(tree)
    alphabeta(tree, prune_on_equal=on_equal, tracer=trace)
    check_claims(trace, lambda state, ply: true_value(tree, state))
    fully_searched_are_exact(trace)


@settings(max_examples=100, deadline=None)
@given(nested_trees, roots, st.integers(1, 3))
def test_negamax_and_tables_show_exact_values_and_true_bounds(spec, root, depth):
    tree = GameTree.from_nested(spec, root_role=root)
    whole = lambda state, ply: true_value(tree, state)  # noqa: E731
    at_limit = lambda state, ply: true_value(tree, state, depth - ply, zero_sum_evaluation)  # noqa: E731
    searches = [
        (lambda t: negamax(tree, tracer=t), whole),
        (lambda t: alphabeta(tree, table=TranspositionTable(), tracer=t), whole),
        (lambda t: negamax(tree, depth=depth, evaluate=zero_sum_evaluation, tracer=t), at_limit),
    ]
    for search, truth in searches:
        trace = Trace(tree)
        search(trace)
        check_claims(trace, truth)


@settings(max_examples=60, deadline=None)
@given(dags)
def test_a_table_on_transpositions_shows_exact_values_and_true_bounds(dag):
    trace = Trace(dag)
    alphabeta(dag, table=TranspositionTable(), tracer=trace)

    def truth(state, ply):
        if dag.is_terminal(state):
            return dag.utility(state, "MAX")
        values = [truth(dag.result(state, a), ply + 1) for a in dag.actions(state)]
        return max(values) if dag.to_move(state) == "MAX" else min(values)

    check_claims(trace, truth)


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([2, 3, 4]))
def test_star1_shows_exact_values_and_true_bounds(seed, outcomes):
    rng = random.Random(seed)

    def grow(level):
        if level == 3 or rng.random() < 0.15:
            return rng.randint(-4, 4)
        width = outcomes if level % 2 else rng.randint(1, 3)
        return [grow(level + 1) for _ in range(width)]

    spec = [grow(1) for _ in range(rng.randint(1, 3))]
    tree = GameTree.from_nested(spec, layers=("max", "chance"))
    trace = Trace(tree)
    star1(tree, bounds=(-4, 4), tracer=trace)
    check_claims(trace, lambda state, ply: true_value(tree, state))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 2), st.booleans())
def test_quiescence_shows_exact_values_and_true_bounds(seed, depth, stand_pat):
    tree = GameTree.random(4, 3, seed=seed)
    noisy = lambda game, state: game.actions(state)[:1]  # noqa: E731
    trace = Trace(tree)
    quiescence_search(
        tree,
        depth=depth,
        evaluate=zero_sum_evaluation,
        noisy=noisy,
        stand_pat=stand_pat,
        tracer=trace,
    )
    check_claims(
        trace,
        lambda state, ply: true_value(
            tree, state, depth - ply, zero_sum_evaluation, noisy, stand_pat
        ),
    )


def test_the_property_tests_meet_both_kinds_of_bound():
    """Not vacuous: on a few seeded trees each windowed search shows upper and
    lower bounds as well as exact values outside their windows."""
    seen = {"upper": 0, "lower": 0}
    outside = 0
    for seed in range(40):
        tree = GameTree.random(4, 3, seed=seed)
        for search in (alphabeta, negamax):
            trace = Trace(tree)
            search(tree, tracer=trace)
            truth = lambda s, ply, tree=tree: true_value(tree, s)  # noqa: E731
            for kind, count in check_claims(trace, truth).items():
                if kind in seen:
                    seen[kind] += count
            outside += sum(
                1
                for n in trace.value_kinds()
                if trace.sentence(_exit_step(trace, n)).endswith("no other can beat it.")
            )
    assert seen["upper"] > 0 and seen["lower"] > 0 and outside > 0


def _exit_step(trace, node) -> int:
    return next((e.step for e in trace if e.node == node and e.kind == "exit"), 0)


def test_a_quiescence_node_is_exact_over_the_moves_it_searches():
    """Past the horizon only noisy moves are searched: an exact node there says
    so, and never that every child was searched."""
    from aisearch.quiescence import threat_moves

    trace = Trace()
    quiescence_search(TicTacToe(), ".X....X.O", depth=2, noisy=threat_moves, tracer=trace)
    exits = [e for e in trace if e.kind == "exit"]
    noisy = [e for e in exits if trace.events[trace.nodes()[e.node].entered].noisy]
    said = [trace.sentence(e.step) for e in noisy]
    assert any(
        "it searched every one of its noisy moves (the only ones it searches)" in s for s in said
    )
    assert not any("every child was searched" in s for s in said)


def test_an_exact_node_with_a_bounded_child_says_why_it_is_exact():
    """E takes 2 from an exact child; its other child F is only "≤1": E is
    still exact, and its sentence must not claim every child is exact."""
    tree = GameTree.from_nested([[3], [[[1, 9], [2]]]])
    trace = Trace(tree)
    alphabeta(tree, tracer=trace)
    said = {trace.label(e.node): trace.sentence(e.step) for e in trace if e.kind == "exit"}
    assert "returns ≤1" in said["F"]
    assert said["E"].endswith(
        "its exact value: every child was searched, the best of them "
        "is exact, and no other can beat it."
    )


def test_a_chance_cutoff_shows_the_bound_it_cut_on():
    """At Star1's cut the sentence says "at most 5.5": the picture's C says ≤5.5
    from that step on, not the running sum 0.5 of the one outcome searched."""
    coins = GameTree.from_nested([[6, 8], [1, 9]], layers=("max", "chance"))
    trace = Trace(coins)
    star1(coins, bounds=(0, 10), tracer=trace)
    c = next(row.id for row in trace.nodes().values() if row.state == "C")
    cut = trace.of_kind("cutoff")[0]
    assert "at most 5.5" in trace.sentence(cut.step)
    before, at = trace.frame(cut.step - 1), trace.frame(cut.step)
    assert (before.value[c], before.bound.get(c)) == (0.5, None)
    assert (at.value[c], at.bound.get(c)) == (5.5, "upper")


# Moves and states named as the boards name them ----------------------------------


def test_connect_four_moves_and_states_are_named_as_its_board_names_them():
    """Columns from 1, as the board's buttons say; a position that has no short
    name is named by its path, skipped ones too (never ``C4State(...)``)."""
    from aisearch.connect4_solver import solve
    from aisearch.games import ConnectFour

    game = ConnectFour(5, 4)
    trace = Trace(game)
    solve(game, game.from_moves("2244"), upto="table", tracer=trace)
    sentences = [trace.sentence(step) for step in range(len(trace))]
    assert sentences[1] == "Enter [3] (MIN) by column 3 from root, with α = −8, β = 7."
    assert sentences[2].startswith("[3 3] is not searched: X wins with its next stone")
    cutoff = next(s for s in sentences if s.startswith("Cutoff"))
    assert cutoff.endswith("Skip [2], [4], [1], [5].")  # the columns never tried, from 1
    assert not any("C4State" in s for s in sentences)
    assert trace.label_state(game.from_moves("22")) == "C4State(positio…"  # no path: cut


def test_tic_tac_toe_moves_are_named_by_row_and_column_from_one():
    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, "X...O....", tracer=trace)
    assert trace.sentence(1) == (
        "Enter XX..O.... (MIN) by row 1, column 2 from X...O...., with α = −∞, β = +∞."
    )
    # A game that does not name its moves keeps them as they are.
    tree = GameTree.from_nested([[3, 12], [2, 4]])
    plain = Trace(tree)
    alphabeta(tree, tracer=plain)
    assert plain.sentence(1) == "Enter B (MIN) by action a1 from A, with α = −∞, β = +∞."
