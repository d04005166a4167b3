"""``show=True`` on the search checks: the student's reads beside the reference's.

Each wrong function below is written as a student would write it. The tests
work out where it must part from the reference search, and what the
sentence there must say, from the reference's own trace (its visits, its
cutoff events, its frames), not from numbers typed in.

The textbook tree (AIMA 4e, Figure 5.2), the first case of the checks::

                 A (max)
       /         |         \\
    B (min)    C (min)     D (min)
    / | \\      / | \\      / | \\
   3 12  8    2  4  6    14  5  2
   E  F  G    H  I  J    K   L  M
"""

import math
import re
import subprocess
import sys

import pytest

from aisearch import CHANCE, Trace, alphabeta, expectimax, maxn, minimax
from aisearch.exercises import (
    case_trees,
    chance_case_trees,
    check_alphabeta,
    check_depth_limited,
    check_expectimax,
    check_maxn,
    check_minimax,
    maxn_case_trees,
)
from aisearch.exercises.comparison import (
    compare_alphabeta,
    compare_depth_limited,
    compare_minimax,
)
from aisearch.narration import format_probability, format_value
from tests import test_exercises
from tests.test_exercises import minimax_max_min_swapped, minimax_right

TEXTBOOK = "textbook tree"


def traced(search, tree, **options):
    trace = Trace(tree)
    search(tree, tracer=trace, **options)
    return trace


def preorder(tree, node=None):
    node = tree.root if node is None else node
    return [node] + [n for child in tree.children(node) for n in preorder(tree, child)]


def first_difference(a, b):
    return next(i for i in range(max(len(a), len(b))) if a[i : i + 1] != b[i : i + 1])


# The students' functions ----------------------------------------------------------------


def alphabeta_right(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if game.to_move(state) == "MAX":
        value = -math.inf
        for a in game.actions(state):
            value = max(value, alphabeta_right(game, game.result(state, a), alpha, beta))
            alpha = max(alpha, value)
            if value >= beta:
                return value
        return value
    value = math.inf
    for a in game.actions(state):
        value = min(value, alphabeta_right(game, game.result(state, a), alpha, beta))
        beta = min(beta, value)
        if value <= alpha:
            return value
    return value


def alphabeta_min_cuts_on_the_wrong_side(game, state, alpha, beta):
    """A MIN node stops at value >= alpha: the comparison turned round."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if game.to_move(state) == "MAX":
        value = -math.inf
        for a in game.actions(state):
            child = game.result(state, a)
            value = max(value, alphabeta_min_cuts_on_the_wrong_side(game, child, alpha, beta))
            alpha = max(alpha, value)
            if value >= beta:
                return value
        return value
    value = math.inf
    for a in game.actions(state):
        child = game.result(state, a)
        value = min(value, alphabeta_min_cuts_on_the_wrong_side(game, child, alpha, beta))
        beta = min(beta, value)
        if value >= alpha:  # the slip: should be value <= alpha
            return value
    return value


def alphabeta_without_pruning(game, state, alpha, beta):
    """Passes alpha and beta along but never cuts: minimax under another name."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [
        alphabeta_without_pruning(game, game.result(state, a), alpha, beta)
        for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def alphabeta_asks_about_children_first(game, state, alpha, beta):
    """Right, but asks whether each child is terminal before its loop."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    children = [game.result(state, a) for a in game.actions(state)]
    leaves = [c for c in children if game.is_terminal(c)]  # noqa: F841 (the slip)
    is_max = game.to_move(state) == "MAX"
    value = -math.inf if is_max else math.inf
    for child in children:
        v = alphabeta_asks_about_children_first(game, child, alpha, beta)
        if is_max:
            value = max(value, v)
            alpha = max(alpha, value)
            if value >= beta:
                return value
        else:
            value = min(value, v)
            beta = min(beta, value)
            if value <= alpha:
                return value
    return value


def alphabeta_last_action_first(game, state, alpha, beta):
    """Right, but tries the actions from the last one."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    is_max = game.to_move(state) == "MAX"
    value = -math.inf if is_max else math.inf
    for a in reversed(game.actions(state)):
        v = alphabeta_last_action_first(game, game.result(state, a), alpha, beta)
        if is_max:
            value = max(value, v)
            alpha = max(alpha, value)
            if value >= beta:
                return value
        else:
            value = min(value, v)
            beta = min(beta, value)
            if value <= alpha:
                return value
    return value


def minimax_stops_at_the_first_child(game, state):
    """Returns its first child's value: it never reads the other children."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    return minimax_stops_at_the_first_child(game, game.result(state, game.actions(state)[0]))


def depth_limited_right(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if depth == 0:
        return game.evaluate(state, "MAX")
    values = [
        depth_limited_right(game, game.result(state, a), depth - 1) for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def depth_limited_one_ply_too_deep(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if depth < 0:  # the slip: should stop at depth == 0
        return game.evaluate(state, "MAX")
    values = [
        depth_limited_one_ply_too_deep(game, game.result(state, a), depth - 1)
        for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def expectimax_right(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if game.to_move(state) == CHANCE:
        return sum(
            p * expectimax_right(game, game.result(state, o))
            for o, p in game.chance_outcomes(state)
        )
    values = [expectimax_right(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def expectimax_plain_max_at_chance(game, state):
    """A chance node taken as MAX's: the largest outcome instead of the average."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [
        expectimax_plain_max_at_chance(game, game.result(state, a)) for a in game.actions(state)
    ]
    return min(values) if game.to_move(state) == "MIN" else max(values)


def maxn_right(game, state):
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in game.players)
    i = game.players.index(game.to_move(state))
    best = None
    for a in game.actions(state):
        vector = maxn_right(game, game.result(state, a))
        if best is None or vector[i] > best[i]:
            best = vector
    return best


def maxn_root_player_everywhere(game, state):
    """Every node picks by entry 0, the root player's, whoever moves there."""
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in game.players)
    vectors = [
        maxn_root_player_everywhere(game, game.result(state, a)) for a in game.actions(state)
    ]
    return max(vectors, key=lambda v: v[0])


# Alpha-beta ---------------------------------------------------------------------------------


def test_alphabeta_without_pruning_parts_where_alphabeta_had_already_cut():
    tree = case_trees()[TEXTBOOK]
    trace = traced(alphabeta, tree)
    result = check_alphabeta(alphabeta_without_pruning, show=True)
    c = result.comparison
    assert (c.case, c.search) == (TEXTBOOK, "alpha-beta")
    assert list(c.yours) == preorder(tree)
    assert list(c.reference) == trace.visited()
    step = first_difference(preorder(tree), trace.visited())
    assert c.parting == step
    mine, theirs = preorder(tree)[step], trace.visited()[step]
    cut = next(e for e in trace.of_kind("cutoff") if mine in e.skipped_states)
    assert cut.step < next(e.step for e in trace if e.state == theirs)
    assert c.why == (
        f"Step {step}: your search read {mine}; alpha-beta had already cut {cut.state} at "
        f"{format_value(cut.value)} ≤ α = {format_value(cut.alpha)}, and reads {theirs} next."
    )
    assert c.parted_at == (mine, theirs)
    assert c.sentence(step) == c.why
    assert c.sentence(step - 1) == f"Step {step - 1}: both read {preorder(tree)[step - 1]}."


def test_alphabeta_cutting_on_the_wrong_side_parts_where_it_skips_a_node():
    tree = case_trees()[TEXTBOOK]
    trace = traced(alphabeta, tree)
    c = check_alphabeta(alphabeta_min_cuts_on_the_wrong_side, show=True).comparison
    reference = trace.visited()
    step = first_difference(list(c.yours), reference)
    assert c.parting == step
    skipped = reference[step]
    assert skipped not in c.yours
    parent = tree.parent(skipped)
    before = [s for s in reference[:step] if tree.parent(s) == parent][-1]
    # Just before alpha-beta reads the skipped node: its parent's best so far and window.
    reading = next(e.step for e in trace if e.state == skipped)
    frame = trace.frame(reading - 1)
    node = next(e.node for e in trace if e.state == parent)
    alpha = frame.window[node][0]
    assert tree.to_move(parent) == "MIN" and frame.value[node] > alpha  # no cut possible
    assert c.why == (
        f"Step {step}: your search skipped {skipped} (it read {c.yours[step]} instead), which "
        f"alpha-beta reads after {before}: {parent}'s best so far, "
        f"{format_value(frame.value[node])}, is above α = {format_value(alpha)}, so there is "
        "no cut yet."
    )


def test_alphabeta_asking_about_children_before_its_loop_is_told_so():
    tree = case_trees()[TEXTBOOK]
    c = compare_alphabeta(alphabeta_asks_about_children_first, tree, TEXTBOOK)
    # At the root it asks whether each child is terminal: the second child is read
    # before the first child's subtree.
    first, second = tree.children(tree.root)[:2]
    grandchild = tree.children(first)[0]
    assert c.yours[:3] == (tree.root, first, second)
    assert c.parting == 2 and c.reads(2) == (second, grandchild)
    # The first child is glanced at too, but alpha-beta reads it there anyway.
    assert c.glanced[first] == c.glanced[second] == ["is_terminal"]
    assert c.why == (
        f"Step 2: your search asked the game about {second} (is_terminal) before its loop "
        f"reached {second}; alpha-beta reads {grandchild} next, and asks about {second} only "
        "when its loop reaches it."
    )


def alphabeta_peeks_at_the_next_child(game, state, alpha, beta):
    """Right, except that it asks whether the next child is terminal before its cut test."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    children = [game.result(state, a) for a in game.actions(state)]
    is_max = game.to_move(state) == "MAX"
    value = -math.inf if is_max else math.inf
    for i, child in enumerate(children):
        v = alphabeta_peeks_at_the_next_child(game, child, alpha, beta)
        value = max(value, v) if is_max else min(value, v)
        if i + 1 < len(children):
            game.is_terminal(children[i + 1])  # the slip: a look before the cut test
        alpha, beta = (max(alpha, value), beta) if is_max else (alpha, min(beta, value))
        if alpha >= beta:
            return value
    return value


def test_a_glance_at_a_child_alphabeta_prunes_is_told_with_the_cut():
    tree = case_trees()[TEXTBOOK]
    trace = traced(alphabeta, tree)
    cut = trace.of_kind("cutoff")[0]
    pruned = cut.skipped_states[0]
    step = first_difference(preorder(tree), trace.visited())  # the first pruned child's place
    c = compare_alphabeta(alphabeta_peeks_at_the_next_child, tree, TEXTBOOK)
    assert c.parting == step and c.reads(step) == (pruned, trace.visited()[step])
    assert c.glanced[pruned] == ["is_terminal"]
    assert c.why == (
        f"Step {step}: your search asked the game about {pruned} (is_terminal) before its loop "
        f"reached {pruned}; alpha-beta reads {trace.visited()[step]} next, and never asks about "
        f"{pruned}: it cuts {cut.state} at {format_value(cut.value)} ≤ α = "
        f"{format_value(cut.alpha)} first."
    )


def test_alphabeta_trying_the_last_action_first_reads_the_children_in_another_order():
    tree = case_trees()[TEXTBOOK]
    c = compare_alphabeta(alphabeta_last_action_first, tree, TEXTBOOK)
    last, first = tree.children(tree.root)[-1], tree.children(tree.root)[0]
    assert c.parting == 1 and c.reads(1) == (last, first)
    assert c.why == (
        f"Step 1: your search read the children of {tree.root} in another order: {last} "
        f"before {first}; alpha-beta tries the actions in the order game.actions gives them."
    )


def test_a_search_that_raises_is_told_where_it_stopped():
    # The error's words are the test's own, not CPython's (which vary by version).
    def raises_at_twelve(game, state, alpha, beta):
        if game.is_terminal(state):
            value = game.utility(state, "MAX")
            if value == 12:
                raise ZeroDivisionError("twelve over nothing")
            return value
        return _descend(raises_at_twelve, game, state, alpha, beta)

    tree = case_trees()[TEXTBOOK]
    c = compare_alphabeta(raises_at_twelve, tree, TEXTBOOK)
    twelve = next(leaf for leaf in tree.leaves() if tree.value(leaf) == 12)
    assert c.yours[-1] == twelve and c.error == "ZeroDivisionError: twelve over nothing"
    step = len(c.yours)
    assert c.parting == step
    assert c.why.startswith(
        f"Step {step}: your search raised ZeroDivisionError: twelve over nothing after reading "
        f"{twelve}, and never read {c.reference[step]}, which alpha-beta reads after {twelve}"
    )
    assert tree.root not in c.your_values  # no value claimed for a search that raised
    assert c.sentence(c.last_step).startswith(
        f"Step {c.last_step}: both searches have returned: your search raised "
        f"ZeroDivisionError: twelve over nothing after reading {len(c.yours)} nodes, alpha-beta "
        f"{format_value(alphabeta(tree).value)} after reading"
    )


def _descend(fn, game, state, alpha, beta):
    """Alpha-beta's loop around ``fn``."""
    is_max = game.to_move(state) == "MAX"
    value = -math.inf if is_max else math.inf
    for a in game.actions(state):
        v = fn(game, game.result(state, a), alpha, beta)
        value = max(value, v) if is_max else min(value, v)
        if is_max:
            alpha = max(alpha, value)
        else:
            beta = min(beta, value)
        if alpha >= beta:
            return value
    return value


def test_a_right_alphabeta_agrees_throughout():
    tree = case_trees()[TEXTBOOK]
    result = check_alphabeta(alphabeta_right, show=True)
    c = result.comparison
    assert result.passed and c.case == TEXTBOOK and c.parting is None
    assert c.yours == c.reference == tuple(traced(alphabeta, tree).visited())
    assert c.why == (
        f"Your search read the same {len(c.reference)} nodes as alpha-beta, in the same order, "
        f"and returned its value, {format_value(minimax(tree).value)}: they agree throughout."
    )
    assert [c.sentence(k) for k in range(c.last_step)] == [
        f"Step {k}: both read {s}." for k, s in enumerate(c.reference)
    ]
    assert c.sentence(c.last_step) == c.why


# Minimax and depth-limited minimax ------------------------------------------------------------


def test_minimax_with_max_and_min_swapped_parts_where_the_first_node_is_finished():
    tree = case_trees()[TEXTBOOK]
    trace = traced(minimax, tree)
    c = check_minimax(minimax_max_min_swapped, show=True).comparison
    assert c.yours == c.reference == tuple(trace.visited())
    # The first node to be finished with a wrong value: the first MIN node, once
    # the search has left its subtree.
    first_min = tree.children(tree.root)[0]
    kids = [tree.value(k) for k in tree.children(first_min)]
    step = trace.visited().index(tree.children(tree.root)[1])
    assert c.parting == step and c.parted_at == (first_min, first_min)
    # Both read the next node there; the sentence says so, and that the first MIN
    # node has returned (the picture rings it, and writes each side's value in it).
    assert c.reads(step) == (tree.children(tree.root)[1],) * 2
    assert c.why == (
        f"Step {step}: both read {tree.children(tree.root)[1]}; {first_min} has returned "
        f"{max(kids)} in your search, {min(kids)} in minimax's: {first_min} is a MIN node, "
        f"which takes the smallest of its children's values ({', '.join(map(str, kids))})."
    )
    assert c.your_finished(step)[first_min] == max(kids)
    assert first_min not in c.your_finished(step - 1)
    # The reference's return from the first MIN node comes before the event shown there.
    exit_event = next(e for e in trace.of_kind("exit") if e.state == first_min)
    assert exit_event.step < c.reference_step(step)


def test_after_a_value_parts_the_sentences_say_both_read_the_same_node():
    tree = case_trees()[TEXTBOOK]
    c = check_minimax(minimax_max_min_swapped, show=True).comparison
    assert c.yours == c.reference
    for step in range(c.parting + 1, c.last_step):
        node = c.reference[step]
        assert c.sentence(step) == (
            f"Step {step}: both read {node}; the two read the same nodes and differ only "
            f"in values (from step {c.parting})."
        )
    # The last step says what each returned at the root.
    swapped = minimax_max_min_swapped(tree, tree.root)
    assert c.sentence(c.last_step) == (
        f"Step {c.last_step}: both searches have returned, after reading the same "
        f"{len(c.reference)} nodes: your search returned {format_value(swapped)}, minimax "
        f"{format_value(minimax(tree).value)}."
    )


def test_after_the_reads_part_the_sentences_say_what_each_read_and_returned():
    tree = case_trees()[TEXTBOOK]
    c = compare_alphabeta(alphabeta_without_pruning, tree, TEXTBOOK)
    value = format_value(alphabeta(tree).value)
    done = len(c.reference)  # alpha-beta has returned from this step on
    assert len(c.yours) > done > c.parting
    assert c.sentence(done) == (
        f"Step {done}: your search reads {c.yours[done]}; alpha-beta has returned {value}. "
        f"They parted at step {c.parting}."
    )
    assert c.sentence(c.last_step) == (
        f"Step {c.last_step}: both searches have returned: your search returned {value} after "
        f"reading {len(c.yours)} nodes, alpha-beta {value} after reading {len(c.reference)}. "
        f"They parted at step {c.parting}."
    )
    assert "nothing more" not in " ".join(c.sentence(k) for k in range(c.last_step + 1))


def test_minimax_that_never_reads_a_node_is_told_which():
    tree = case_trees()[TEXTBOOK]
    c = compare_minimax(minimax_stops_at_the_first_child, tree, TEXTBOOK)
    reference = traced(minimax, tree).visited()
    step = first_difference(list(c.yours), reference)
    assert c.parting == step
    assert c.why.startswith(f"Step {step}: ")
    assert c.why == (
        f"Step {step}: your search returned after reading {c.yours[-1]}, and never read "
        f"{reference[step]}; minimax reads every node."
    )


def test_minimax_right_agrees_throughout():
    c = check_minimax(minimax_right, show=True).comparison
    assert c.case == TEXTBOOK and c.parting is None
    value = format_value(minimax(case_trees()[TEXTBOOK]).value)
    assert c.why.endswith(
        f"and gave every node the same value ({value} at {c.root}): they agree throughout."
    )


def test_depth_limited_one_ply_too_deep_reads_below_the_limit():
    result = check_depth_limited(depth_limited_one_ply_too_deep, show=True)
    c = result.comparison
    tree = case_trees("depth")[c.case]
    # The message is about the root at depth 0, and so is the picture.
    assert f"node {tree.root!r} ({tree.to_move(tree.root)}) searched to depth 0" in result.message
    assert c.depth == 0 and c.trace[0].state == tree.root
    limited = traced(minimax, tree, depth=0)
    assert limited.visited() == [tree.root]
    step = first_difference(list(c.yours), limited.visited())
    mine = c.yours[step]
    evaluated = next(e for e in limited if e.state == tree.root and e.kind == "leaf")
    assert evaluated.terminal is False and tree.parent(mine) == tree.root
    assert c.parting == step == 1
    assert c.why == (
        f"Step 1: your search read {mine}, below the depth limit: with depth=0, "
        f"depth-limited minimax stops at {tree.root} and evaluates it "
        f"({format_value(evaluated.value)})."
    )


def _named_in_message(message: str) -> tuple[str, int]:
    """The (node, depth) a depth-limited check's first line names."""
    found = re.search(r"node '(\w+)' \([^)]*\),? (?:searched to depth |with depth=)(\d+)", message)
    assert found, message
    return found.group(1), int(found.group(2))


DEPTH_SLIPS = [
    getattr(test_exercises, name)
    for name in (
        "depth_limited_one_too_deep",
        "depth_limited_one_too_shallow",
        "depth_limited_evaluates_for_mover",
        "depth_limited_without_depth_minus_one",
        "depth_limited_tests_depth_first",
        "depth_limited_no_return_at_the_limit",
        "depth_limited_zero_at_the_limit",
        "depth_limited_swapped",
        "depth_limited_turns_from_the_first_call",
        "depth_limited_by_parity",
    )
]


@pytest.mark.parametrize("fn", DEPTH_SLIPS, ids=lambda fn: fn.__name__)
def test_the_depth_shown_is_the_depth_the_message_names(fn):
    result = check_depth_limited(fn, show=True)
    c = result.comparison
    node, depth = _named_in_message(result.message)
    tree = case_trees("depth")[c.case]
    # Shown from the root (or from the node itself): the named node is searched there
    # to the depth the message names, and that is the smallest depth that parts.
    start, plies = c.root, 0
    above = node
    while above != start:
        above, plies = tree.parent(above), plies + 1
    assert c.depth - plies == depth
    assert all(
        compare_depth_limited(fn, tree, c.case, start, d).parting is None for d in range(c.depth)
    )
    # The sentence where they part names the depth, as the legend does.
    assert f"depth={c.depth}" in c.why


def test_depth_limited_right_agrees_throughout():
    c = check_depth_limited(depth_limited_right, show=True).comparison
    assert c.parting is None and c.depth == case_trees("depth")[c.case].height()


# Expectimax and max^n --------------------------------------------------------------------------


def test_expectimax_taking_the_largest_outcome_parts_at_the_first_chance_node():
    name = next(iter(chance_case_trees()))
    tree = chance_case_trees()[name]
    trace = traced(expectimax, tree)
    c = check_expectimax(expectimax_plain_max_at_chance, show=True).comparison
    assert c.case == name
    chance = next(n for n in preorder(tree) if tree.role(n) == "chance")
    kids = tree.children(chance)
    mean = sum(tree.probability(chance, k) * tree.value(k) for k in kids)
    step = trace.visited().index(kids[-1]) + 1
    assert c.parting == step
    terms = " + ".join(
        f"{format_probability(tree.probability(chance, k))} × {format_value(tree.value(k))}"
        for k in kids
    )
    assert c.why == (
        f"Step {step}: both read {c.reference[step]}; {chance} has returned "
        f"{format_value(max(tree.value(k) for k in kids))} in your search, "
        f"{format_value(mean)} in expectimax's: {chance} is a chance node, worth the sum of "
        f"probability × value: {terms}."
    )


def test_expectimax_right_agrees_throughout():
    assert check_expectimax(expectimax_right, show=True).comparison.parting is None


def test_maxn_choosing_by_the_root_player_s_entry_parts_at_the_first_other_player():
    name = "exercise tree"
    tree = maxn_case_trees()[name]
    c = check_maxn(maxn_root_player_everywhere, show=True).comparison
    assert c.case == name
    # The first node whose mover is not the root's, finished with a wrong vector.
    node = tree.children(tree.root)[0]
    mover = tree.to_move(node)
    i = tree.players.index(mover)
    kids = [tree.value(k) for k in tree.children(node)]
    theirs = max(kids, key=lambda v: v[i])  # the first of ties: max keeps it
    mine = max(kids, key=lambda v: v[0])
    assert theirs == maxn(tree, node).value != mine
    step = traced(maxn, tree).visited().index(tree.children(tree.root)[1])
    assert c.parting == step
    assert c.why.startswith(
        f"Step {step}: both read {c.reference[step]}; {node} has returned {format_value(mine)} "
        f"in your search, {format_value(theirs)} in max^n's: {node} is {mover}'s node, and "
        f"{mover} takes the child best in its own entry (index {i})"
    )


def test_maxn_right_agrees_throughout():
    assert check_maxn(maxn_right, show=True).comparison.parting is None


# What show changes, and what it does not --------------------------------------------------------


CHECKS = [
    (check_minimax, minimax_max_min_swapped),
    (check_depth_limited, depth_limited_one_ply_too_deep),
    (check_alphabeta, alphabeta_without_pruning),
    (check_expectimax, expectimax_plain_max_at_chance),
    (check_maxn, maxn_root_player_everywhere),
]


@pytest.mark.parametrize(("check", "fn"), CHECKS, ids=lambda x: x.__name__)
def test_show_keeps_the_verdict_and_the_message(check, fn):
    plain, shown = check(fn), check(fn, show=True)
    assert (plain.passed, plain.message) == (shown.passed, shown.message)
    assert str(shown) == repr(shown) == shown.message
    assert plain.comparison is None and plain.view is None
    assert plain._repr_mimebundle_() is None
    assert shown.comparison.parting is not None


@pytest.mark.parametrize(("check", "fn"), CHECKS, ids=lambda x: x.__name__)
def test_show_must_be_true_or_false(check, fn):
    for wrong in (1, "yes", None):
        with pytest.raises(ValueError, match="show must be True or False"):
            check(fn, show=wrong)


@pytest.mark.parametrize(("check", "fn"), CHECKS, ids=lambda x: x.__name__)
def test_an_unfinished_skeleton_shows_nothing(check, fn):
    def skeleton(*args):
        raise NotImplementedError

    result = check(skeleton, show=True)
    assert not result.attempted and result.comparison is None


def test_a_check_given_no_function_shows_nothing():
    result = check_alphabeta(3, show=True)
    assert not result.passed and result.comparison is None


def test_the_comparison_is_shown_on_the_case_the_check_names():
    # Right on the textbook tree, wrong on the Pacman tree: the values of MAX's
    # children are right there, the root takes the smallest.
    def wrong_only_at_the_pacman_root(game, state):
        value = minimax_right(game, state)
        if state == "start":
            return min(minimax_right(game, game.result(state, a)) for a in game.actions(state))
        return value

    result = check_minimax(wrong_only_at_the_pacman_root, show=True)
    assert "Pacman tree" in result.message
    c = result.comparison
    assert c.case == "Pacman tree" and c.parting == c.last_step
    assert c.parted_at == ("start", "start")


def test_the_words_describe_both_pictures():
    c = compare_alphabeta(alphabeta_without_pruning, case_trees()[TEXTBOOK], TEXTBOOK)
    text = c.describe(c.parting)
    mine, theirs = c.reads(c.parting)
    assert text.startswith(f"Step {c.parting} of {c.last_step}. Your search reads {mine}")
    assert f"Alpha-beta reads {theirs}" in text
    assert "pruned so far: I, J" in text
    assert "has returned" in c.describe(c.last_step)
    with pytest.raises(ValueError, match="step 99"):
        c.describe(99)


def test_show_false_loads_no_drawing_library():
    code = (
        "import sys\n"
        "from aisearch.exercises import check_alphabeta\n"
        "def f(game, state, alpha, beta):\n"
        "    return 0\n"
        "print(check_alphabeta(f).passed, check_alphabeta(f, show=True).comparison.parting)\n"
        "print(sorted({'matplotlib', 'networkx', 'ipywidgets'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[1] == "[]", out.stdout


def test_compare_depth_limited_draws_the_whole_subtree():
    tree = case_trees("depth")[TEXTBOOK]
    c = compare_depth_limited(depth_limited_right, tree, TEXTBOOK, tree.root, 1)
    assert c.parting is None
    assert {row.state for row in c.canvas.nodes().values()} == set(tree.nodes)
    assert len(c.reference) == 1 + len(tree.children(tree.root))
