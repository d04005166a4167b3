"""The exercise checks accept right answers and say exactly what is wrong with wrong ones.

Each typical mistake is a concrete buggy implementation written out below, as
a student would write it; the tests assert on what the message names (the
case, the node, the values), not only on ``passed``.
"""

import math

import pytest

from aisearch import minimax
from aisearch.exercises import (
    CheckResult,
    RecordingGame,
    case_trees,
    check_alphabeta,
    check_count_games,
    check_depth_limited,
    check_minimax,
)
from aisearch.games import GameTree, TicTacToe

# Counting games (notebook 00) ---------------------------------------------------------


def count_games_right(game, state):
    if game.is_terminal(state):
        return 1
    return sum(count_games_right(game, game.result(state, a)) for a in game.actions(state))


def count_tree_nodes_instead(game, state):
    if game.is_terminal(state):
        return 1
    return 1 + sum(count_tree_nodes_instead(game, game.result(state, a))
                   for a in game.actions(state))


def count_positions_instead(game, state, seen=None):
    seen = set() if seen is None else seen
    if state in seen:
        return 0
    seen.add(state)
    if game.is_terminal(state):
        return 1
    return 1 + sum(count_positions_instead(game, game.result(state, a), seen)
                   for a in game.actions(state))


def count_zero_at_the_end(game, state):
    if game.is_terminal(state):
        return 0
    return sum(count_zero_at_the_end(game, game.result(state, a)) for a in game.actions(state))


def test_count_games_accepts_a_right_answer():
    result = check_count_games(count_games_right)
    assert result.passed, result.message
    assert "255,168" in result.message


def test_count_games_says_tree_nodes_were_counted():
    result = check_count_games(count_tree_nodes_instead)
    assert not result.passed
    # 'XOX.O.X..' has 17 complete games below it and 34 tree nodes.
    assert "'XOX.O.X..'" in result.message
    assert "expected 17 complete games" in result.message
    assert "returned 34" in result.message
    assert "nodes of the game tree" in result.message


def test_count_games_says_positions_were_counted():
    result = check_count_games(count_positions_instead)
    assert not result.passed
    assert "returned 25" in result.message
    assert "distinct positions" in result.message


def test_count_games_says_a_finished_game_counts_one():
    result = check_count_games(count_zero_at_the_end)
    assert not result.passed
    assert "'XXXOO....'" in result.message
    assert "expected 1 complete game," in result.message
    assert "return 1 there" in result.message


# Minimax (notebook 01) ------------------------------------------------------------------


def minimax_right(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [minimax_right(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def minimax_max_min_swapped(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [minimax_max_min_swapped(game, game.result(state, a)) for a in game.actions(state)]
    return min(values) if game.to_move(state) == "MAX" else max(values)


def minimax_leaf_for_player_to_move(game, state):
    if game.is_terminal(state):
        return game.utility(state, game.to_move(state))
    values = [minimax_leaf_for_player_to_move(game, game.result(state, a))
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def minimax_mean_at_min(game, state):
    """A MIN node that averages its children (expectimax by mistake)."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [minimax_mean_at_min(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else sum(values) / len(values)


def test_minimax_accepts_a_right_answer():
    result = check_minimax(minimax_right)
    assert result.passed, result.message
    assert result.message.startswith("✓")


def test_minimax_names_the_first_wrong_node_when_max_and_min_are_swapped():
    result = check_minimax(minimax_max_min_swapped)
    assert not result.passed
    # Textbook tree: A is worth 3; with max and min swapped, A = min(12, 6, 14) = 6.
    assert "textbook tree" in result.message
    assert "node 'A' (MAX) is worth 3 to MAX" in result.message
    assert "returned 6" in result.message
    assert "'A', 'B', 'C', 'D'" in result.message
    assert "max and min are swapped" in result.message


def test_minimax_says_a_leaf_was_valued_for_the_wrong_player():
    result = check_minimax(minimax_leaf_for_player_to_move)
    assert not result.passed
    # The textbook tree's leaves are MAX's turn, so it passes; the retreat tree's are not.
    assert "retreat tree" in result.message
    assert "node 'start' (MAX) is worth 15" in result.message
    assert "leaf 'caught above' is worth -500, you returned 500" in result.message
    assert "game.utility(state, 'MAX')" in result.message


def test_minimax_points_at_the_lowest_node_that_combines_wrongly():
    result = check_minimax(minimax_mean_at_min)
    assert not result.passed
    assert "node 'A' (MAX) is worth 3 to MAX; `minimax_mean_at_min` returned" in result.message
    assert "at 'B' (MIN) your children's values are right (E=3, F=12, G=8)" in result.message
    assert "takes the smallest" in result.message


def test_minimax_reports_an_exception_with_the_case_node_and_line():
    def minimax_crashes(game, state):
        children = [game.result(state, a) for a in game.actions(state)]
        return max(minimax_crashes(game, c) for c in children)  # max() of nothing at a leaf

    result = check_minimax(minimax_crashes)
    assert not result.passed
    assert "textbook tree, at node 'A' (MAX)" in result.message
    assert "raised ValueError" in result.message
    assert "`minimax_crashes`" in result.message
    assert "return max(minimax_crashes(game, c) for c in children)" in result.message


def test_minimax_reports_endless_recursion():
    def minimax_never_stops(game, state):
        return minimax_never_stops(game, state)

    result = check_minimax(minimax_never_stops)
    assert not result.passed
    assert "RecursionError" in result.message
    assert "stop (return) at terminal states" in result.message


@pytest.mark.parametrize("check", [check_minimax, check_count_games])
def test_an_unfinished_skeleton_is_not_done_yet(check):
    def skeleton(game, state):
        raise NotImplementedError

    def empty(game, state):
        pass

    for student in (skeleton, empty):
        result = check(student)
        assert not result.passed
        assert result.message.startswith("Not done yet")
        assert f"`{student.__name__}`" in result.message
        assert not result.attempted
        assert "#fff8e1" in result._repr_html_()  # amber, not the red of a wrong answer


def test_a_value_action_pair_is_not_a_value():
    def minimax_pair(game, state):
        return 3, "a1"

    result = check_minimax(minimax_pair)
    assert not result.passed
    assert "returned (3, 'a1')" in result.message
    assert "return only the value" in result.message


# Depth-limited minimax (notebook 01, going further) -------------------------------------


def depth_limited(game, state, depth, stop=lambda depth: depth == 0, player=lambda g, s: "MAX"):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if stop(depth):
        return game.evaluate(state, player(game, state))
    values = [depth_limited(game, game.result(state, a), depth - 1, stop, player)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def depth_limited_right(game, state, depth):
    return depth_limited(game, state, depth)


def depth_limited_one_too_deep(game, state, depth):
    return depth_limited(game, state, depth, stop=lambda d: d < 0)


def depth_limited_one_too_shallow(game, state, depth):
    return depth_limited(game, state, depth, stop=lambda d: d <= 1)


def depth_limited_evaluates_for_mover(game, state, depth):
    return depth_limited(game, state, depth, player=lambda g, s: g.to_move(s))


def test_depth_limited_accepts_a_right_answer():
    result = check_depth_limited(depth_limited_right)
    assert result.passed, result.message


def test_depth_limited_says_one_ply_too_deep():
    result = check_depth_limited(depth_limited_one_too_deep)
    assert not result.passed
    tree = case_trees("depth")["textbook tree"]
    expected = minimax(tree, "A", depth=0).value
    deeper = minimax(tree, "A", depth=1).value
    assert (f"node 'A' (MAX) searched to depth 0 is worth {expected} to MAX; "
            f"`depth_limited_one_too_deep` returned {deeper}") in result.message
    assert "one ply deeper than asked" in result.message


def test_depth_limited_says_one_ply_too_shallow():
    result = check_depth_limited(depth_limited_one_too_shallow)
    assert not result.passed
    assert "node 'A' (MAX) searched to depth 1" in result.message
    assert "one ply shallower than asked" in result.message


def test_depth_limited_says_evaluate_for_max():
    result = check_depth_limited(depth_limited_evaluates_for_mover)
    assert not result.passed
    # A at depth 1 takes the max of B, C, D's evaluations, negated by the bug.
    assert "node 'A' (MAX) searched to depth 1 is worth 9 to MAX" in result.message
    assert "returned 7" in result.message
    assert "'A' at depth 1, 'B' at depth 0" in result.message
    assert "not for the player to move there" in result.message


def test_depth_limited_reports_an_exception():
    def depth_limited_typo(game, state, depth):
        return game.evaluate(state)  # forgot the player

    result = check_depth_limited(depth_limited_typo)
    assert not result.passed
    assert "at node 'A' (MAX) with depth=0" in result.message
    assert "raised TypeError" in result.message
    assert "return game.evaluate(state)" in result.message


# Alpha-beta (notebook 02) -----------------------------------------------------------------


def make_alphabeta(*, cut_max=lambda v, alpha, beta: v >= beta,
                   cut_min=lambda v, alpha, beta: v <= alpha, pass_bounds=True, reverse=False):
    """An alpha-beta written the textbook's way, with one knob per typical mistake."""

    def value(game, state, alpha, beta):
        if game.is_terminal(state):
            return game.utility(state, "MAX")
        actions = list(game.actions(state))
        if reverse:
            actions.reverse()
        down = (lambda: (alpha, beta)) if pass_bounds else (lambda: (-math.inf, math.inf))
        if game.to_move(state) == "MAX":
            v = -math.inf
            for a in actions:
                v = max(v, value(game, game.result(state, a), *down()))
                if cut_max(v, alpha, beta):
                    return v
                alpha = max(alpha, v)
            return v
        v = math.inf
        for a in actions:
            v = min(v, value(game, game.result(state, a), *down()))
            if cut_min(v, alpha, beta):
                return v
            beta = min(beta, v)
        return v

    return value


def test_alphabeta_accepts_a_right_answer():
    result = check_alphabeta(make_alphabeta())
    assert result.passed, result.message


def test_alphabeta_says_bounds_were_not_passed_down():
    result = check_alphabeta(make_alphabeta(pass_bounds=False))
    assert not result.passed
    #          A (max) = 3
    #     B = 3    C <= 2    D = 2
    #   3 12 8   2  4  6   14 5 2      alpha-beta never looks at 4 and 6 (I, J)
    assert "textbook tree, the value 3 is right" in result.message
    assert "visited every node: nothing was pruned" in result.message
    assert "never looks at 'I', 'J'" in result.message
    assert "pass alpha and beta down" in result.message


def test_alphabeta_says_the_cut_is_on_the_wrong_side():
    # Each node compares with its own bound: MAX with alpha, MIN with beta.
    student = make_alphabeta(cut_max=lambda v, alpha, beta: v <= alpha,
                             cut_min=lambda v, alpha, beta: v >= beta)
    result = check_alphabeta(student)
    assert not result.passed
    # B (MIN) stops at F because 3 >= its own beta 3: G and all of D are never seen,
    # while C, with no cut on the left, goes on to I.
    assert "textbook tree, the value 3 is right" in result.message
    assert "never visited 'G', 'D', which alpha-beta must look at" in result.message
    assert "When alpha-beta reaches 'G' (a child of 'B'), alpha = -inf and beta = 3" in result.message
    assert "visited 'I', which alpha-beta prunes" in result.message
    assert "cut on the right side" in result.message


def test_alphabeta_mentions_prune_on_equal_for_a_strict_cut():
    student = make_alphabeta(cut_max=lambda v, alpha, beta: v > beta,
                             cut_min=lambda v, alpha, beta: v < alpha)
    result = check_alphabeta(student)
    assert not result.passed
    #        A (max) = 3
    #    B = 3   C = 3   D <= 2
    #    5  3    3  9    2  7        with a cut on equality, C stops at its 3: 9 (H) unseen
    assert "tree with ties, the value 3 is right" in result.message
    assert "also visited 'H'" in result.message
    assert "prune_on_equal=False" in result.message


def test_alphabeta_names_the_cutoff_that_prunes_extra_nodes(monkeypatch):
    import aisearch.exercises as exercises

    #                 A (max) = 5
    #            /                \
    #        B (min) = 5        C (min) <= 2
    #       /        \           /       \
    #   D (max)=5  E (max)>=6   F = 2     G     (G pruned: 2 <= alpha = 5)
    #    3   5     6   [9]     1   2   [0 -1]    (9, node K, pruned: 6 >= beta = 5)
    tree = GameTree.from_nested([[[3, 5], [6, 9]], [[1, 2], [0, -1]]])
    monkeypatch.setattr(exercises, "case_trees", lambda kind="search": {"two cuts": tree})
    # No cut at MAX nodes: the cut at E is missed, the one at C still made.
    result = check_alphabeta(make_alphabeta(cut_max=lambda v, alpha, beta: False))
    assert not result.passed
    assert "on the two cuts, the value 5 is right" in result.message
    assert "visited 'K', which alpha-beta prunes:" in result.message
    assert "Cutoff at E: its value 6 ≥ β = 5" in result.message
    assert "Cutoff at C" not in result.message


def test_alphabeta_explains_cutoffs_for_max_under_a_min_root(monkeypatch):
    import aisearch.exercises as exercises

    #                 A (min) = 3
    #          /                    \
    #      B (max) = 3           C (max) >= 7        C cut: 7 >= beta = 3
    #     /        \             /        \
    #  D (min)=3  E (min)<=1   F (min)=7   [G]       E cut: 1 <= alpha = 3
    #   5   3      1  [9]      7   8    [2  0]
    tree = GameTree.from_nested([[[5, 3], [1, 9]], [[7, 8], [2, 0]]], root_role="min")
    monkeypatch.setattr(exercises, "case_trees", lambda kind="search": {"min root": tree})
    # No cut at MAX nodes: the cut at C is missed, the one at E still made.
    result = check_alphabeta(make_alphabeta(cut_max=lambda v, alpha, beta: False))
    assert not result.passed
    assert "on the min root (its root is a MIN node), the value 3 is right" in result.message
    assert "visited 'G', which alpha-beta prunes" in result.message
    # In MAX's terms, not in those of the root player (the trace's own view).
    assert "Cutoff at C: its value 7 ≥ β = 3: MIN above" in result.message


def test_alphabeta_says_nothing_was_pruned_when_nothing_is_cut():
    result = check_alphabeta(make_alphabeta(cut_min=lambda v, alpha, beta: False))
    assert not result.passed
    assert "visited every node: nothing was pruned" in result.message


def test_alphabeta_says_the_order_is_wrong():
    result = check_alphabeta(make_alphabeta(reverse=True))
    assert not result.passed
    assert "textbook tree" in result.message
    assert "its first leaf is 'M', alpha-beta's is 'E'" in result.message
    assert "game.actions(state)" in result.message


def test_alphabeta_order_hint_when_only_the_order_differs(monkeypatch):
    import aisearch.exercises as exercises

    # One ply: nothing can be cut, so reversing changes only the order of B, C, D.
    tree = GameTree.from_nested([1, 3, 2])
    monkeypatch.setattr(exercises, "case_trees", lambda kind="search": {"one ply": tree})
    student = make_alphabeta(reverse=True)
    result = check_alphabeta(student)
    assert not result.passed
    assert "its first leaf is 'D', alpha-beta's is 'B'" in result.message


def test_alphabeta_says_when_only_the_order_of_the_leaves_differs(monkeypatch):
    import aisearch.exercises as exercises

    #        A (max) = 7
    #     B = 5     C = 7      (min)    no cut anywhere: 7 > alpha = 5
    #    5   6     7   8
    tree = GameTree.from_nested([[5, 6], [7, 8]])
    monkeypatch.setattr(exercises, "case_trees", lambda kind="search": {"no cuts": tree})
    right = make_alphabeta()

    def reversed_at_c(game, state, alpha, beta):
        if state == "C":  # tries c2 before c1
            return min(right(game, game.result("C", a), alpha, beta) for a in ("c2", "c1"))
        if game.is_terminal(state):
            return game.utility(state, "MAX")
        return max(reversed_at_c(game, game.result(state, a), alpha, beta)
                   for a in game.actions(state)) if state == "A" else right(game, state, alpha, beta)

    result = check_alphabeta(reversed_at_c)
    assert not result.passed
    assert ("in another order: alpha-beta visits 'D', 'E', 'F', 'G'; yours 'D', 'E', 'G', 'F'"
            in result.message)


def test_alphabeta_reports_a_min_root():
    student = make_alphabeta()

    def max_only_at_the_root(game, state, alpha, beta):
        # Assumes the root is always MAX: wrong on the tree with a MIN root.
        if game.to_move(state) == "MIN" and state == game.root:
            return max(student(game, game.result(state, a), alpha, beta)
                       for a in game.actions(state))
        return student(game, state, alpha, beta)

    result = check_alphabeta(max_only_at_the_root)
    assert not result.passed
    assert "random tree with a MIN root (its root is a MIN node)" in result.message


def test_alphabeta_reports_an_exception():
    def alphabeta_crashes(game, state, alpha, beta):
        return game.utility(state, "MAX")  # utility of a non-terminal state

    result = check_alphabeta(alphabeta_crashes)
    assert not result.passed
    assert "on the textbook tree, `alphabeta_crashes` raised ValueError" in result.message
    assert "node 'A' is not a leaf" in result.message


# The result object and the recording game --------------------------------------------------


def test_a_result_shows_its_message_everywhere():
    result = check_minimax(minimax_max_min_swapped)
    assert isinstance(result, CheckResult)
    assert repr(result) == str(result) == result.message
    assert not result
    assert result.attempted
    html = result._repr_html_()
    assert "node &#x27;A&#x27; (MAX)" in html
    assert "<div" in html


def test_the_recording_game_notes_states_in_order_and_passes_the_rest_on():
    tree = case_trees()["textbook tree"]
    game = RecordingGame(tree)
    assert game.to_move("A") == "MAX"
    child = game.result("A", "a2")
    assert game.is_terminal(child) is False
    assert game.utility("H", "MIN") == -2
    game.to_move("A")
    assert game.visited == ["A", "C", "H"]
    assert game.root == "A"  # not a question about a state: passed on, not noted
    assert game.visited == ["A", "C", "H"]


def test_checks_use_tic_tac_toe_where_it_fits():
    seen = []

    def count_and_note(game, state):
        seen.append(type(game))
        return count_games_right(game, state)

    assert check_count_games(count_and_note).passed
    assert TicTacToe in seen


@pytest.mark.parametrize("check", [check_count_games, check_minimax, check_depth_limited,
                                   check_alphabeta])
def test_a_check_given_a_value_instead_of_a_function_says_so(check):
    result = check(3)
    assert not result.passed
    assert "needs your function itself, got 3" in result.message


def test_the_checks_load_no_drawing_library():
    import subprocess
    import sys

    code = ("import sys, aisearch.exercises; "
            "print(sorted({'matplotlib', 'networkx', 'ipywidgets'} & set(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
