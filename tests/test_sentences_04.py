"""Notebook 04's sentences computed from its example (``aisearch.description``).

``describe_win_rates`` says what the win-rate table of "Who wins more?" shows,
with the exact chances beside the measured ones, so that the sentence follows
a lecturer's own tree. The tallies here are made to match the exact chances
(or not, where a test needs a gap), so that each number can be checked by hand.
"""

import json
from fractions import Fraction
from pathlib import Path

import pytest

from aisearch.description import (
    describe_chance_sums,
    describe_running_sum,
    describe_safe_and_gamble,
    describe_sampling,
    describe_win_rates,
)
from aisearch.games import GameTree
from aisearch.players import Tally

ROOT = Path(__file__).resolve().parent.parent
COURSE = [[0, 0, 3], [-3, 3, 6]]  # a1 safe (a draw at worst), a2 a gamble (mean 2)
OTHER = [[0, 0, 15], [-8, 12, 17]]  # the same shape of argument, other numbers (test_prose)
GAMES = 600


def exact_tally(leaves: list, epsilon: float, games: int = GAMES) -> Tally:
    """The tally an ε-greedy MIN would give on average, in whole games.

    ``leaves``: MAX's utilities under the move played; MIN replies with the
    worst of them with probability 1 − ε, any of them with probability ε.
    """
    e = Fraction(epsilon).limit_denominator()
    chance = dict.fromkeys(leaves, Fraction(0))
    for v in leaves:
        chance[v] += e / len(leaves)
    chance[min(leaves)] += 1 - e
    count = {s: sum(p for v, p in chance.items() if (v > 0) - (v < 0) == s) for s in (1, 0, -1)}
    wins, draws, losses = (int(count[s] * games) for s in (1, 0, -1))
    mean = float(sum(v * p for v, p in chance.items()))
    return Tally(wins, draws, losses, mean)


def tallies_for(spec, moves=("a1", "a2"), epsilons=(1.0, 0.75, 0.5, 0.25, 0.0)) -> dict:
    """Exact tallies for minimax playing ``moves[0]`` and expectimax ``moves[1]``."""
    index = {"a1": 0, "a2": 1, "a3": 2}
    return {
        (name, e): exact_tally(spec[index[move]], e)
        for name, move in zip(("minimax", "expectimax"), moves, strict=True)
        for e in epsilons
    }


def test_the_course_tree_in_words():
    lines = describe_win_rates(GameTree.from_nested(COURSE), tallies_for(COURSE)).split("\n")
    assert lines == [
        "At random (ε = 1): expectimax scores +2.00 points a game, minimax +1.00 (exactly 2 and 1); "
        "expectimax wins 67% of the games, minimax 33% (exactly 2/3 and 1/3).",
        "Perfectly (ε = 0): expectimax loses 100% of the games, minimax draws 100%.",
        "At ε = 0.5: expectimax wins 33% of the games, minimax 17% (exactly 1/3 and 1/6), "
        "but scores -0.50 points against +0.50 (exactly -0.5 and +0.5); "
        "it loses 67% of the games.",
    ]
    assert describe_sampling(GameTree.from_nested(COURSE), tallies_for(COURSE)).split("\n") == [
        "At ε = 0.5 the measured win rates are off by 0.0 and 0.0 standard errors "
        "(a standard error is about 2 percentage points with 600 games).",
        "Nearest the break-even point, at ε = 0.75: exact points +0.75 (expectimax) and "
        "+0.75 (minimax), measured +0.75 and +0.75.",
    ]


def test_the_sentence_follows_another_tree():
    text = describe_win_rates(GameTree.from_nested(OTHER), tallies_for(OTHER))
    text += describe_sampling(GameTree.from_nested(OTHER), tallies_for(OTHER))
    # ε = 1: means 5 and 7; ε = 0.5: (0 + 5)/2 = 2.5 against (−8 + 7)/2 = −0.5.
    assert "(exactly 7 and 5)" in text
    assert "(exactly -0.5 and +2.5)" in text
    # The lines cross at ε = 4/5 (gap −8 at 0, +2 at 1): nearest of the five is 0.75.
    assert (
        "Nearest the break-even point, at ε = 0.75: exact points +3.25 (expectimax) and +3.75"
        in text
    )


def test_the_moves_are_the_ones_the_searches_play():
    # Here the gamble is a1 and the safe move a2: the sentence is about the moves, not the names.
    flipped = [COURSE[1], COURSE[0]]
    text = describe_win_rates(GameTree.from_nested(flipped), tallies_for(flipped, ("a2", "a1")))
    assert text == describe_win_rates(GameTree.from_nested(COURSE), tallies_for(COURSE))


def test_the_conjunction_follows_the_exact_chances():
    # The gamble wins more often and scores more at ε = 0.5: "and", not "but".
    spec = [[0, 0, 3], [-1, 5, 6]]  # a2: worst −1, mean 10/3; at ε = 0.5 +7/6 against +1/2
    text = describe_win_rates(GameTree.from_nested(spec), tallies_for(spec))
    assert "(exactly 1/3 and 1/6), and scores" in text


def test_measured_rates_far_from_the_exact_ones_are_counted_in_standard_errors():
    tallies = tallies_for(COURSE)
    tallies["expectimax", 0.5] = Tally(260, 0, 340, -0.3)  # 43 % measured, 1/3 exact
    text = describe_win_rates(GameTree.from_nested(COURSE), tallies)
    assert "expectimax wins 43% of the games" in text
    text = describe_sampling(GameTree.from_nested(COURSE), tallies)
    # (0.4333 − 0.3333) / √(1/3 · 2/3 / 600) = 0.1 / 0.01925 = 5.2
    assert "off by 5.2 and 0.0 standard errors" in text, text


def test_lines_that_do_not_cross_are_said_so():
    spec = [[0, 0, 3], [-3, 3, 60]]  # the gamble's mean is 20: the lines cross at ε = 3/22
    assert "at ε = 0.25" in describe_sampling(GameTree.from_nested(spec), tallies_for(spec))
    spec = [[1, 1, 1], [0, 3, 3]]  # a2 is worse at ε = 0 and better at 1, crossing at 1/2
    assert "break-even point, at ε = 0.5" in describe_sampling(
        GameTree.from_nested(spec), tallies_for(spec)
    )
    same = [[0, 0, 3], [-3, 0, 0]]  # both searches play a1: one line
    text = describe_sampling(GameTree.from_nested(same), tallies_for(same, ("a1", "a1")))
    assert text.endswith("do not cross between ε = 0 and 1: neither scores more at every ε.")


def test_a_tree_of_another_shape_is_refused():
    deeper = GameTree.from_nested([[[1, 2], [3, 4]], [5, 6]])
    with pytest.raises(ValueError, match="describe_win_rates needs a game two moves deep.*'a1'"):
        describe_win_rates(deeper, tallies_for(COURSE))


def test_a_missing_tally_is_named():
    tallies = tallies_for(COURSE, epsilons=(1.0, 0.0))
    with pytest.raises(ValueError, match=r"needs the tally of 'minimax' at ε = 0.5"):
        describe_win_rates(GameTree.from_nested(COURSE), tallies)


def test_the_notebook_cell_is_one_call():
    path = ROOT / "instructor" / "04_expectimax" / "04_expectimax.ipynb"
    cells = {cell["id"]: "".join(cell["source"]) for cell in json.loads(path.read_text())["cells"]}
    lines = cells["expectimax-conclusions"].splitlines()
    assert lines[0] == "# NBVAL_CHECK_OUTPUT"
    assert [line for line in lines[1:] if line.strip()] == [
        "print(describe_win_rates(perfect_min, tallies))"
    ]


def test_the_sampling_lines_name_a_missing_tally_too():
    with pytest.raises(ValueError, match=r"needs the tally of 'minimax' at ε = 0.5"):
        describe_sampling(GameTree.from_nested(COURSE), tallies_for(COURSE, epsilons=(1.0, 0.0)))


def lottery(spec):
    return GameTree.from_nested(spec, layers=("max", "chance"))


def test_the_chance_sums_of_the_lottery_and_of_another():
    assert describe_chance_sums(lottery([[(0.9, 2), (0.1, 40)], [3, 4]])) == (
        "MAX{0.9 · 2 + 0.1 · 40, 0.5 · 3 + 0.5 · 4} = MAX{5.8, 3.5} = 5.8: expectimax plays a1"
    )
    # test_prose's other lottery: 0.8 · 5 + 0.2 · 50 = 14 against the coin's 8.5.
    assert describe_chance_sums(lottery([[(0.8, 5), (0.2, 50)], [8, 9]])).endswith(
        "= MAX{14, 8.5} = 14: expectimax plays a1"
    )
    # The coin wins when the prize is small; on a tie the first move, as expectimax plays.
    assert describe_chance_sums(lottery([[(0.9, 2), (0.1, 4)], [3, 4]])).endswith(
        "= MAX{2.2, 3.5} = 3.5: expectimax plays a2"
    )
    assert describe_chance_sums(lottery([[1, 3], [2, 2]])).endswith("plays a1")


def test_the_running_sum_counts_each_outcome_with_its_probability():
    tree = lottery([[(0.25, 8), (0.75, 4)], [1, 2]])
    assert describe_running_sum(tree, "B") == (
        "B's running sum: after D 8 × 1/4 = 2; after E 8 × 1/4 + 4 × 3/4 = 5"
    )


def test_safe_and_gamble_on_the_course_tree_and_on_another():
    def both(spec):
        return describe_safe_and_gamble(GameTree.from_nested(spec), lottery(spec))

    assert both(COURSE).split("\n") == [
        "minimax: B = 0, C = -3, the worst leaf under each: plays a1, value 0",
        "expectimax: B = (0 + 0 + 3)/3 = 1, C = (-3 + 3 + 6)/3 = 2, the mean under each: "
        "plays a2, value 2",
    ]
    text = both(OTHER)  # worst 0 and −8, means 5 and 7
    assert "B = 0, C = -8, the worst leaf under each: plays a1, value 0" in text
    assert "C = (-8 + 12 + 17)/3 = 7, the mean under each: plays a2, value 7" in text
    unequal = describe_safe_and_gamble(
        GameTree.from_nested([[1, 5], [2, 3]]),
        lottery([[(0.5, 1), (0.5, 5)], [(0.2, 2), (0.8, 3)]]),
    )
    assert "C = 0.2 · 2 + 0.8 · 3 = 2.8" in unequal


@pytest.mark.parametrize(
    ("cell", "call"),
    [
        ("expectimax-03", "print(describe_chance_sums(lottery))"),
        ("expectimax-05", "print(describe_safe_and_gamble(perfect_min, random_min))"),
        ("expectimax-running-sum", 'print(describe_running_sum(random_min, "B"))'),
        ("expectimax-sampling", "print(describe_sampling(perfect_min, tallies))"),
    ],
)
def test_each_sentence_cell_prints_with_one_call(cell, call):
    path = ROOT / "instructor" / "04_expectimax" / "04_expectimax.ipynb"
    cells = {c["id"]: "".join(c["source"]) for c in json.loads(path.read_text())["cells"]}
    prints = [line for line in cells[cell].splitlines() if "print(" in line]
    assert call in prints, prints
