import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, minimax
from aisearch.games import GameTree, TicTacToe
from aisearch.games.coinrow import CoinRow
from aisearch.maxn import deep_pruned, deep_pruning_counterexample, maxn

from trees import maxn_by_definition, nested_trees, roots

THREE = ("P1", "P2", "P3")

#                 A (P1)
#          a1 /          \ a2
#         B (P2)          C (P2)
#       /      \        /       \
#   D (5,3,2) E (4,2,4) F (1,6,3) G (3,3,4)
#
# B: P2 takes D (3 > 2). C: P2 takes F (6 > 3). A: P1 takes B (5 > 1).
# With max_sum 10, at C after F: P1 gets at most 10 - 6 = 4 < 5, so G is skipped.
SHALLOW = [[(5, 3, 2), (4, 2, 4)], [(1, 6, 3), (3, 3, 4)]]


def shallow_tree():
    return GameTree.from_nested(SHALLOW, players=THREE)


def test_golden_tree_value_action_and_visits():
    tree = shallow_tree()
    trace = Trace()
    result = maxn(tree, tracer=trace)
    assert result.value == (5, 3, 2) and result.action == "a1"
    assert trace.visited() == list("ABDECFG")
    assert (result.stats.nodes, result.stats.leaves, result.stats.cutoffs) == (7, 4, 0)


def test_shallow_pruning_skips_g_and_keeps_the_answer():
    tree = shallow_tree()
    trace = Trace()
    pruned = maxn(tree, max_sum=10, tracer=trace)
    assert (pruned.value, pruned.action) == (maxn(tree).value, maxn(tree).action)
    assert trace.visited() == list("ABDECF")
    assert trace.pruned() == ["G"]
    assert pruned.stats.cutoffs == 1 and pruned.stats.nodes == 6
    cut = trace.of_kind("cutoff")[0]
    assert (cut.state, cut.alpha, cut.beta, cut.value) == ("C", 5, 10, (1, 6, 3))
    assert "shallow pruning" in trace.sentence(cut.step)


def test_shallow_pruning_also_cuts_on_a_tie_at_the_bound():
    #                 A (P1)
    #          a1 /          \ a2
    #         B (P2)          C (P2)
    #       /      \        /       \
    #   D (5,3,2) E (4,2,4) F (1,5,4) G (3,3,4)
    #
    # A's P1 is sure of 5 from B. At C after F, P2 has 5, so P1 gets at most
    # 10 - 5 = 5 there: no more than B gives, and a tie keeps B. G is skipped.
    tree = GameTree.from_nested([[(5, 3, 2), (4, 2, 4)], [(1, 5, 4), (3, 3, 4)]], players=THREE)
    trace = Trace()
    pruned = maxn(tree, max_sum=10, tracer=trace)
    assert trace.pruned() == ["G"] and pruned.stats.cutoffs == 1
    plain = maxn(tree)
    assert (pruned.value, pruned.action) == (plain.value, plain.action) == ((5, 3, 2), "a1")
    assert plain.value == maxn_by_definition(tree, tree.root)


def test_immediate_pruning_when_a_player_has_everything():
    #      A (P1)
    #    /   |   \
    # (10,0,0) (9,1,0) (0,0,10)     P1 has max_sum at once: skip the rest.
    tree = GameTree.from_nested([(10, 0, 0), (9, 1, 0), (0, 0, 10)], players=THREE)
    trace = Trace()
    result = maxn(tree, max_sum=10, tracer=trace)
    assert (result.value, result.action, result.stats.cutoffs) == ((10, 0, 0), "a1", 1)
    assert trace.pruned() == ["C", "D"]
    assert "immediate pruning" in trace.sentence(trace.of_kind("cutoff")[0].step)


def test_ties_keep_the_first_child_in_order():
    # P1 is indifferent (2 = 2): the first child, and its vector, win.
    tree = GameTree.from_nested([(2, 7, 1), (2, 1, 7)], players=THREE)
    assert maxn(tree).value == (2, 7, 1) and maxn(tree).action == "a1"


def test_deep_pruning_would_give_a_wrong_answer():
    tree = deep_pruning_counterexample()
    assert tree.to_nested() == [(5, 5, 0), [(6, 2, 2), [(0, 3, 7), (1, 1, 8)]]]
    right = maxn(tree)
    assert (right.value, right.action) == ((6, 2, 2), "a2")
    # The condition deep pruning would use holds at E after its first child:
    # P3 has 7 there, so P1 at A (two levels up, sure of 5) gets at most 3.
    e1 = tree.value(tree.children("E")[0])
    p1_at_a = tree.value("B")[0]
    assert 10 - e1[2] < p1_at_a
    # Cutting E there changes the answer at the root.
    wrong = maxn(deep_pruned(tree, "E"))
    assert (wrong.value, wrong.action) == ((5, 5, 0), "a1")
    # Shallow pruning (the parent C's player only) does not cut there, and is right.
    trace = Trace()
    pruned = maxn(tree, max_sum=10, tracer=trace)
    assert pruned.value == right.value
    assert trace.pruned() == []


def test_two_player_zero_sum_maxn_is_minimax_on_tictactoe():
    game = TicTacToe()
    state = game.initial_state()
    for picks in [(4, 0, 6), (0, 1, 2, 3), (3, 1), (2, 2, 2, 2, 2)]:
        s = state
        for i in picks:  # the i-th legal action, for positions of every stage
            s = game.result(s, game.actions(s)[i])
        vector = maxn(game, s)
        expected = minimax(game, s)
        mover = game.players.index(game.to_move(s))
        assert vector.value[mover] == expected.value
        assert vector.value[1 - mover] == -expected.value
        assert vector.action == expected.action


@given(nested_trees, roots)
def test_two_player_maxn_equals_minimax_on_random_trees(spec, root):
    tree = GameTree.from_nested(spec, root_role=root)
    expected = minimax(tree)
    got = maxn(tree)
    mover = tree.players.index(tree.to_move(tree.root))
    assert got.value[mover] == expected.value and got.value[1 - mover] == -expected.value
    assert got.action == expected.action


layer_orders = st.lists(st.sampled_from(THREE), min_size=1, max_size=4)


@settings(max_examples=80)
@given(
    seed=st.integers(0, 10**6),
    depth=st.integers(1, 4),
    branching=st.integers(1, 3),
    total=st.integers(0, 12),
    layers=layer_orders,
)
def test_pruned_and_unpruned_agree_on_random_constant_sum_trees(
    seed, depth, branching, total, layers
):
    tree = GameTree.random(
        depth, (1, branching), players=THREE, total=total, seed=seed, layers=tuple(layers)
    )
    plain = maxn(tree)
    pruned = maxn(tree, max_sum=total)
    assert plain.value == maxn_by_definition(tree, tree.root)
    assert (pruned.value, pruned.action) == (plain.value, plain.action)
    assert pruned.stats.nodes <= plain.stats.nodes


@settings(max_examples=40)
@given(seed=st.integers(0, 10**6), players=st.integers(3, 4), depth=st.integers(1, 3))
def test_pruning_is_sound_with_slack_in_the_sum(seed, players, depth):
    names = tuple(f"P{i + 1}" for i in range(players))
    tree = GameTree.random(depth, (1, 3), players=names, total=6, seed=seed)
    # Vectors that add up to 6 also add up to at most 9.
    assert maxn(tree, max_sum=9).value == maxn(tree).value


def test_pruning_happens_on_coin_rows_though_rarely():
    # Shallow pruning needs one player to hold most of the sum, so on rows
    # where the coins split evenly it never fires (seed 0); on others it does.
    cutoffs = saved = 0
    for seed in range(10):
        game = CoinRow.random(8, seed=seed)
        plain = maxn(game)
        pruned = maxn(game, max_sum=game.total)
        assert (pruned.value, pruned.action) == (plain.value, plain.action)
        assert plain.value == maxn_by_definition(game, game.initial_state())
        assert pruned.stats.nodes <= plain.stats.nodes
        cutoffs += pruned.stats.cutoffs
        saved += plain.stats.nodes - pruned.stats.nodes
    assert cutoffs > 0 and saved > 0
    assert (
        maxn(CoinRow.random(8, seed=0), max_sum=CoinRow.random(8, seed=0).total).stats.cutoffs == 0
    )


def test_conditions_are_checked_and_the_node_is_named():
    negative = GameTree.from_nested([[(3, 3, 4), (5, -1, 2)]], players=THREE)
    with pytest.raises(ValueError, match="state 'D' .* negative entry"):
        maxn(negative, max_sum=10)
    assert maxn(negative).value == (3, 3, 4)  # without pruning any numbers go
    too_much = GameTree.from_nested([[(3, 3, 4), (5, 5, 2)]], players=THREE)
    with pytest.raises(ValueError, match="state 'D' .* add up to 12 > max_sum=10"):
        maxn(too_much, max_sum=10)
    for bad in (-1, "10", True):
        with pytest.raises(ValueError, match="max_sum must be a non-negative number"):
            maxn(too_much, max_sum=bad)


def test_games_without_players_or_with_bad_vectors_are_refused():
    class Bare:
        def initial_state(self):
            return 0

        def to_move(self, state):
            return "P1"

        def actions(self, state):
            return (1,) if state == 0 else ()

        def result(self, state, action):
            return 1

        def is_terminal(self, state):
            return state == 1

        def utility(self, state, player):
            return (1, 2)

    with pytest.raises(ValueError, match="no players sequence"):
        maxn(Bare())
    Bare.players = THREE
    with pytest.raises(ValueError, match="state 1 has the value vector \\(1, 2\\) of 2 entries"):
        maxn(Bare())
    with pytest.raises(ValueError, match="depth must be"):
        maxn(shallow_tree(), depth=-1)


class CoinRowWithoutEvaluation(CoinRow):
    evaluate = None


def test_depth_limit_uses_the_evaluation():
    game = CoinRow((4, 1, 7, 3, 2, 8))
    for depth in (1, 2, 3):
        result = maxn(game, depth=depth)
        assert result.stats.max_depth == depth
        assert result.value == pytest.approx(maxn_by_definition(game, game.initial_state(), depth))
    flat = maxn(game, depth=1, evaluate=lambda g, s, p: s.scores[g.players.index(p)])
    assert flat.value == (8, 0, 0) and flat.action == "right"
    tree = GameTree.from_nested([[(1, 1, 1)]], players=THREE)
    with pytest.raises(ValueError, match="node 'B' has no value: a depth-limited search"):
        maxn(tree, depth=1)
    with pytest.raises(ValueError, match="no evaluation function"):
        maxn(CoinRowWithoutEvaluation((4, 1, 7, 3, 2, 8)), depth=1)


def test_trace_replays_vectors_with_player_roles():
    tree = shallow_tree()
    trace = Trace()
    maxn(tree, tracer=trace, max_sum=10)
    assert {e.kind for e in trace} == {"enter", "leaf", "update", "cutoff", "exit"}
    assert all(e.players == THREE for e in trace)
    assert [trace.nodes()[n].role for n in sorted(trace.nodes())][:3] == ["P1", "P2", "P3"]
    last = trace.frame(-1)
    assert last.value[0] == (5, 3, 2) and trace.root_value() == (5, 3, 2)
    assert trace.sentence(0).startswith("Start at A, where P1 moves")
    assert trace.sentence(3) == "B takes (5,3,2) from D as its best so far: P2 gets 3."
    assert trace.sentence(len(trace) - 1) == "Done: A is worth (5,3,2) for (P1, P2, P3)."
    # A Trace made with the game also expands the pruned subtree, by player.
    bigger = GameTree.from_nested(
        [[(5, 3, 2)], [(1, 6, 3), [(3, 3, 4), (0, 0, 10)]]], players=THREE
    )
    full = Trace(bigger)
    maxn(bigger, tracer=full, max_sum=10)
    expanded = [row for row in full.nodes().values() if row.pruned is not None]
    assert sorted(row.role for row in expanded) == ["P1", "P1", "P3"]


def test_every_leaf_order_gives_the_definition_value():
    # Exhaustive on a small shape: all orders of four constant-sum leaves.
    leaves = [(5, 3, 2), (4, 2, 4), (1, 6, 3), (3, 3, 4)]
    for order in itertools.permutations(leaves):
        tree = GameTree.from_nested([list(order[:2]), list(order[2:])], players=THREE)
        assert maxn(tree, max_sum=10).value == maxn_by_definition(tree, tree.root)


# The notebook's exercise checks ------------------------------------------------


def test_check_maxn_passes_the_definition_and_names_the_slips():
    from aisearch.exercises import check_maxn

    assert check_maxn(maxn_by_definition).passed

    def root_players_view(game, state):
        if game.is_terminal(state):
            return tuple(game.utility(state, p) for p in game.players)
        kids = [root_players_view(game, game.result(state, a)) for a in game.actions(state)]
        return max(kids, key=lambda v: v[0])

    def last_of_ties(game, state):
        if game.is_terminal(state):
            return tuple(game.utility(state, p) for p in game.players)
        i = game.players.index(game.to_move(state))
        best = None
        for a in game.actions(state):
            vector = last_of_ties(game, game.result(state, a))
            if best is None or vector[i] >= best[i]:
                best = vector
        return best

    def skeleton(game, state):
        raise NotImplementedError

    wrong = check_maxn(root_players_view)
    assert not wrong.passed and "node 'B' (P2 to move) is worth (2, 5, 3)" in wrong.message
    assert "child best in P1's entry (index 0), the root player's, whoever" in wrong.message
    assert "At 'B' that is P2's entry (index 1)." in wrong.message
    ties = check_maxn(last_of_ties)
    assert not ties.passed and "keep the first of them" in ties.message
    assert not check_maxn(skeleton).attempted
    assert "expected a tuple of 3 numbers" in check_maxn(lambda g, s: 3).message


def test_check_maxn_by_hand():
    from aisearch.exercises import check_maxn_by_hand

    right = {"B": (2, 5, 3), "C": (4, 4, 2), "D": (1, 3, 6), "A": (4, 4, 2)}
    assert check_maxn_by_hand(right).passed
    assert not check_maxn_by_hand({"A": ..., "B": ..., "C": ..., "D": ...}).attempted
    wrong = check_maxn_by_hand({**right, "D": (5, 3, 2)})
    assert (
        not wrong.passed
        and "node 'D' (P2 to move) is worth (1, 3, 6); you wrote (5, 3, 2)" in wrong.message
    )
