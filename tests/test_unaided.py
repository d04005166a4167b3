"""A check that compares a function with the package's refuses one that calls the package.

``check_uct_score``, ``check_four_in_a_row``, ``check_table_rule`` and
``check_isolation_evaluation`` would pass an answer that merely calls the
package's own ``uct_score``, ``has_four``, ``TranspositionTable.use`` or an
evaluation; each refuses it, however it is reached, and says what to write
instead, while an honest answer gets the verdict it always had. (Graded
sealed off, the package is left out of the sandbox: tests/test_sealed.py.)
"""

from __future__ import annotations

import functools
import math
import sys

import pytest

import aisearch
from aisearch import TranspositionTable, uct_score
from aisearch.caching import Entry
from aisearch.evaluation import mobility_difference, own_moves
from aisearch.exercises import (
    check_four_in_a_row,
    check_isolation_evaluation,
    check_table_rule,
    check_uct_score,
    isolation_baseline,
    pristine,
)
from aisearch.exercises.unaided import FORBIDDEN, INSTEAD, _unaided
from aisearch.games import ConnectFour


def uct_right(mean, visits, parent_visits, exploration):
    return mean + exploration * math.sqrt(math.log(parent_visits) / visits)


def four_right(bits, height):
    for shift in (1, height + 1, height, height + 2):
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


def rule_right(bound, value, entry_depth, depth, alpha, beta):
    if entry_depth < depth:
        return False
    return bound == "exact" or (value >= beta if bound == "lower" else value <= alpha)


def mobility_right(game, state, player):
    other = "O" if player == "X" else "X"
    return len(game.moves_from(state, player)) - len(game.moves_from(state, other))


def _refused(result, exercise: str, name: str) -> None:
    assert not result.passed and result.attempted
    first, hint = result.message.splitlines()
    assert first.startswith(f"✗ {exercise}: `")
    assert f"hands the work to the package's own `{name}`" in first
    assert first.endswith("the exercise is to write it yourself.")
    assert hint == f"Hint: {INSTEAD[exercise]}"


# Each check: the honest answer passes, the one that hands the work over is refused --------


def test_the_uct_score_is_written_not_called():
    assert check_uct_score(uct_right).message == (
        "✓ uct_score: right on all 7 cases, exploration 0 included."
    )
    _refused(
        check_uct_score(lambda m, n, big_n, c: uct_score(m, n, big_n, c)),
        "uct_score",
        "aisearch.uct_score",
    )
    _refused(check_uct_score(uct_score), "uct_score", "aisearch.uct_score")  # handed as it is
    assert "math.sqrt(math.log(parent_visits) / visits)" in INSTEAD["uct_score"]


def test_four_in_a_row_is_written_not_called():
    assert check_four_in_a_row(four_right).message == (
        "✓ four_in_a_row: right on all 3006 boards, in all four directions."
    )
    _refused(
        check_four_in_a_row(lambda bits, height: ConnectFour(7, height).has_four(bits)),
        "four_in_a_row",
        "ConnectFour.has_four",
    )
    assert "pairs & (pairs >> 2 * shift)" in INSTEAD["four_in_a_row"]


def test_the_table_rule_is_written_not_called():
    assert check_table_rule(rule_right).passed

    def the_package_s(bound, value, entry_depth, depth, alpha, beta):
        entry = Entry(None, value, bound, entry_depth, None, None)
        return TranspositionTable.use(entry, depth, alpha, beta)[0]

    _refused(check_table_rule(the_package_s), "table rule", "aisearch.TranspositionTable.use")


def test_an_evaluation_of_the_package_is_refused_and_one_written_plays():
    assert check_isolation_evaluation(mobility_right).passed
    _refused(
        check_isolation_evaluation(mobility_difference),
        "isolation evaluation",
        "aisearch.evaluation.mobility_difference",
    )
    _refused(
        check_isolation_evaluation(lambda game, state, player: own_moves(game, state, player)),
        "isolation evaluation",
        "aisearch.evaluation.own_moves",
    )
    _refused(  # the game's own evaluate is the mobility difference
        check_isolation_evaluation(lambda game, state, player: game.evaluate(state, player)),
        "isolation evaluation",
        "Isolation.evaluate",
    )


def test_the_baseline_itself_still_plays_as_the_lecture_shows():
    # Notebook 03 checks the baseline to show it wins about half: the baseline's own
    # call of distance_to_centre is the check's code, not a student's.
    result = check_isolation_evaluation(isolation_baseline)
    assert not result.passed and "58% is needed" in result.message


# However it is reached ---------------------------------------------------------------


class _Helper:
    @staticmethod
    def score(m, n, big_n, c):
        return uct_score(m, n, big_n, c)


@pytest.mark.parametrize(
    "answer",
    [
        functools.partial(uct_score),
        lambda m, n, big_n, c: aisearch.exercises.mcts.uct_score(m, n, big_n, c),
        lambda m, n, big_n, c: list(map(uct_score, [m], [n], [big_n], [c]))[0],
        lambda m, n, big_n, c: _Helper.score(m, n, big_n, c),
        lambda m, n, big_n, c: sys.modules["aisearch.mcts"].uct_score(m, n, big_n, c),
    ],
    ids=[
        "partial",
        "through the check's own module",
        "map",
        "a method of the student's",
        "sys.modules",
    ],
)
def test_the_uct_score_is_refused_however_it_is_reached(answer):
    result = check_uct_score(answer)
    assert not result.passed and "hands the work to the package's own" in result.message


def test_a_refusal_caught_by_the_student_s_code_still_fails():
    def catches(bits, height):
        try:
            return ConnectFour(7, height).has_four(bits)
        except Exception:
            return four_right(bits, height)

    assert "`ConnectFour.has_four`" in check_four_in_a_row(catches).message


def test_the_game_s_method_is_refused_when_another_method_reaches_it():
    game = ConnectFour()
    state = game.from_moves("1122334")  # a four in the bottom row

    def through_the_rules(bits, height):  # is_terminal asks has_four for it
        return game.is_terminal(state) and four_right(bits, height)

    assert FORBIDDEN["four_in_a_row"] >= {"has_four", "is_terminal", "winner"}
    result = check_four_in_a_row(through_the_rules)
    assert not result.passed and "the package's own `ConnectFour." in result.message


def test_the_rules_of_the_game_stay_free():
    def with_the_shifts(bits, height):  # ConnectFour's constructor and its shifts are rules
        for shift in ConnectFour(7, height).shifts:
            pairs = bits & (bits >> shift)
            if pairs & (pairs >> 2 * shift):
                return True
        return False

    assert check_four_in_a_row(with_the_shifts).passed


def test_a_pristine_copy_refuses_the_loaded_package_s_function():
    ex = pristine()
    result = ex.check_uct_score(lambda m, n, big_n, c: uct_score(m, n, big_n, c))
    assert not result.passed and "`aisearch.uct_score`" in result.message
    assert ex.check_uct_score(uct_right).passed


def test_the_watch_is_put_back_after_each_call():
    def profiler(frame, event, arg):
        return None

    sys.setprofile(profiler)
    try:
        check_uct_score(uct_right)
        assert sys.getprofile() is profiler
        check_uct_score(uct_score)  # refused: the refusal puts it back too
        assert sys.getprofile() is profiler
    finally:
        sys.setprofile(None)


def test_a_function_graded_sealed_off_is_not_watched_here():
    class Remote:  # what a RemoteFunction offers: its sandbox counts and seals it
        def limited(self, seconds):
            raise NotImplementedError

        def __call__(self, *args):
            return 0

    remote = Remote()
    assert _unaided(remote, "uct_score") is remote
    assert _unaided(uct_right, "uct_score")(0.5, 3, 10, 1.0) == uct_right(0.5, 3, 10, 1.0)
