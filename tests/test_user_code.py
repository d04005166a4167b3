"""What a student's own code hands the package is checked as carefully as the arguments.

Every case of ``tests/user_code_cases.py`` (an evaluation or utility that
returns NaN, None, a string, a tuple or a bool; ``is_terminal`` that returns
None; ``actions`` that return a set or a generator; a state of the wrong
kind; a missing method; a hook that is not callable or does not reorder; a
game that never ends; a bad argument) runs in a process of its own with a
time limit, and must raise a ``ValueError`` or ``TypeError`` that names the
culprit: never return a value, crash deep inside the package, or hang.
Hypothesis then throws bad values at the searches in this process.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from user_code_cases import CASES, outcome

import aisearch
from aisearch.games import GameTree, TicTacToe


@pytest.mark.parametrize("case", CASES, ids=[f"{c.family}: {c.name}" for c in CASES])
def test_bad_user_code_gets_a_clear_error(case):
    kind, detail = outcome(case)
    assert kind == "clear", detail


def test_the_cases_cover_every_family_of_the_issue():
    families = {c.family for c in CASES}
    assert families >= {
        "evaluate returns a bad value",
        "utility returns a bad value",
        "is_terminal returns None",
        "actions not a sequence",
        "state of the wrong kind",
        "game missing a method",
        "order hook",
        "hook not callable",
        "a game that never ends",
        "arguments",
        "trace reused",
        "noisy hook",
        "viz arguments",
    }


def test_a_harmless_case_is_not_taken_for_a_clear_error():
    """The harness itself can fail: a value returned is reported as one."""
    from user_code_cases import Case

    kind, _ = outcome(
        Case("control", "a good search", lambda: aisearch.minimax(TicTacToe(), "XOXOXO..."), ("x",))
    )
    assert kind == "returned"


BAD = st.one_of(
    st.just(math.nan),
    st.none(),
    st.booleans(),
    st.text(max_size=3),
    st.tuples(st.integers(), st.integers()),
    st.lists(st.integers(), max_size=2),
)
SEARCHES = [aisearch.minimax, aisearch.alphabeta, aisearch.negamax, aisearch.expectimax]


@settings(max_examples=60, deadline=None)
@given(value=BAD, search=st.sampled_from(SEARCHES), depth=st.integers(1, 3))
def test_a_bad_evaluation_is_named_with_its_value(value, search, depth):
    def student_evaluation(game, state, player):
        return value

    with pytest.raises(ValueError) as error:
        search(TicTacToe(), depth=depth, evaluate=student_evaluation)
    message = str(error.value)
    assert "student_evaluation" in message
    assert repr(value) in message


@settings(max_examples=30, deadline=None)
@given(
    leaves=st.lists(st.integers(-9, 9), min_size=4, max_size=4),
    where=st.integers(0, 3),
)
def test_a_tree_with_a_nan_leaf_is_refused(leaves, where):
    leaves[where] = math.nan
    with pytest.raises(ValueError, match="nan"):
        GameTree.from_nested([leaves[:2], leaves[2:]])


@pytest.mark.parametrize(
    "search",
    [
        aisearch.minimax,
        aisearch.alphabeta,
        aisearch.negamax,
        aisearch.expectimax,
        aisearch.quiescence_search,
    ],
)
def test_depth_zero_values_the_state_itself(search):
    """As the README says: the evaluation of the state, no action, one node."""
    game = TicTacToe()
    state = "X...O...."

    def evaluation(game, s, player):
        return 7 if s == state else -100

    options = {"noisy": lambda g, s: []} if search is aisearch.quiescence_search else {}
    result = search(game, state, depth=0, evaluate=evaluation, **options)
    assert (result.value, result.action, result.stats.nodes) == (7, None, 1)


def test_an_infinite_utility_is_a_real_number():
    """A proven win may be written as infinity: it is not refused."""
    tree = GameTree.from_nested([[math.inf, 1], [2, 3]])
    assert aisearch.alphabeta(tree).value == 2
