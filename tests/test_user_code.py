"""What a student's own code hands the package is checked as carefully as the arguments.

Every case of ``tests/user_code_cases.py`` (an evaluation or utility that
returns NaN, None, a string, a tuple or a bool; ``is_terminal`` that returns
None; ``actions`` that return a set or a generator; a state of the wrong
kind; a missing method; a hook that is not callable or does not reorder; a
game that never ends; a bad argument; a result() that changes its state;
to_move returning None, or 'chance' without chance_outcomes; three unnamed
players in a two-player search; an infinite utility where utilities are
averaged) runs in a process of its own with a
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
        "result changes its state",
        "to_move returns None",
        "to_move says chance, without chance_outcomes",
        "three unnamed players in a two-player search",
        "infinite utility in an average",
        "trace reused",
        "noisy hook",
        "viz arguments",
        "to_move wrong past the first plies",
        "actions not a sequence past the first plies",
        "symmetry and order helpers",
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


# Issue 29: what the checks at the start of a search must still let through -----------------


class _CopyingNim:
    """A student's game with a mutable board that result() copies: legitimate."""

    class Board:
        def __init__(self, stones, mover):
            self.stones, self.mover = [stones], mover

        def __hash__(self):
            return hash((self.stones[0], self.mover))

        def __eq__(self, other):
            return (self.stones, self.mover) == (other.stones, other.mover)

    def initial_state(self):
        return self.Board(5, "A")

    def to_move(self, s):
        return s.mover

    def actions(self, s):
        return [a for a in (1, 2, 3) if a <= s.stones[0]]

    def result(self, s, a):
        return self.Board(s.stones[0] - a, "B" if s.mover == "A" else "A")

    def is_terminal(self, s):
        return s.stones[0] == 0

    def utility(self, s, p):
        return -1 if s.mover == p else 1  # the player to move at the end has lost


def test_a_mutable_state_that_result_copies_is_searched():
    """Take 1 of 5 stones: the opponent faces 4, a loss. No refusal, the textbook answer."""
    for search in (aisearch.minimax, aisearch.alphabeta, aisearch.negamax):
        result = search(_CopyingNim())
        assert (result.value, result.action) == (1, 1)
    assert aisearch.count_games(_CopyingNim()) == aisearch.count_games(_TupleNim())


class _TupleNim:
    """The same game with tuple states, and no players named."""

    def initial_state(self):
        return (5, "A")

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        return [a for a in (1, 2, 3) if a <= s[0]]

    def result(self, s, a):
        return (s[0] - a, "B" if s[1] == "A" else "A")

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s, p):
        return -1 if s[1] == p else 1


def test_mcts_searches_two_unnamed_players():
    """Players met along the first line of play are two, and the utility is zero-sum there."""
    result = aisearch.mcts(_TupleNim(), iterations=500, seed=1)
    assert result.action == aisearch.minimax(_TupleNim()).action == 1


def test_chance_is_not_counted_as_a_player():
    """A chance game that names no players: mcts sees two players, not three."""
    from aisearch.games import DiceNim

    class Unnamed(DiceNim):
        players = None
        zero_sum = None

        def utility(self, state, player):
            return -1 if state.player == player else 1  # the player to move at the end lost

    game = Unnamed(stones=5)
    rolled = game.result(game.initial_state(), game.actions(game.initial_state())[1])
    assert aisearch.mcts(game, rolled, iterations=50, seed=1).action in game.actions(rolled)


def test_infinite_utilities_are_refused_only_where_they_are_averaged():
    """Minimax and alpha-beta compare values, so a proven win may be infinite;
    mcts averages them, and refuses it (tests/user_code_cases.py)."""

    class ProvenNim(_TupleNim):
        def utility(self, s, p):
            return -math.inf if s[1] == p else math.inf

    for search in (aisearch.minimax, aisearch.alphabeta):
        assert (search(ProvenNim()).value, search(ProvenNim()).action) == (math.inf, 1)
    with pytest.raises(ValueError, match=r"utility returned -?inf .*mcts averages"):
        aisearch.mcts(ProvenNim(), iterations=50, seed=1)
