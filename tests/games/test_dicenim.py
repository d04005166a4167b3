from fractions import Fraction
from functools import cache

import pytest

from aisearch import count_games, count_positions, count_tree_nodes, expectimax
from aisearch.game import CHANCE, check_outcomes
from aisearch.games.dicenim import DiceNim, DiceNimState, Roll


def reachable(game, state=None):
    """Every state reachable from ``state``, each once."""
    start = game.initial_state() if state is None else state
    seen, stack = {start}, [start]
    while stack:
        s = stack.pop()
        for a in game.actions(s):
            child = game.result(s, a)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def expected_value(game, state, player):
    """Expectiminimax by the definition, through the game's interface only."""
    if game.is_terminal(state):
        return game.utility(state, player)
    mover = game.to_move(state)
    if mover == CHANCE:
        return sum(
            p * expected_value(game, game.result(state, o), player)
            for o, p in game.chance_outcomes(state)
        )
    values = [expected_value(game, game.result(state, a), player) for a in game.actions(state)]
    return max(values) if mover == player else min(values)


def exact_value(stones, die):
    """The value for the player about to roll, in fractions, from the rules alone."""

    @cache
    def before_roll(n):
        if n == 0:
            return Fraction(-1)  # the opponent took the last stone
        return sum(Fraction(1, die) * after_roll(n, r) for r in range(1, die + 1))

    @cache
    def after_roll(n, roll):
        return max(-before_roll(n - take) for take in range(1, min(roll, n) + 1))

    return before_roll(stones)


def test_the_six_parts_and_the_chance_outcomes():
    game = DiceNim(stones=4, die=3)
    start = game.initial_state()
    assert start == DiceNimState(4, "A", None) and game.to_move(start) == CHANCE
    assert game.actions(start) == (Roll(1), Roll(2), Roll(3))
    assert game.chance_outcomes(start) == ((Roll(1), 1 / 3), (Roll(2), 1 / 3), (Roll(3), 1 / 3))
    rolled = game.result(start, Roll(2))
    assert rolled == DiceNimState(4, "A", 2) and game.to_move(rolled) == "A"
    assert game.actions(rolled) == (1, 2) and not game.is_terminal(rolled)
    after = game.result(rolled, 2)
    assert after == DiceNimState(2, "B", None) and game.to_move(after) == CHANCE
    # A roll above the pile allows taking at most the pile.
    last = game.result(after, Roll(3))
    assert game.actions(last) == (1, 2)
    end = game.result(last, 2)
    assert game.is_terminal(end) and game.actions(end) == ()
    assert game.to_move(end) == "A"  # the loser, who would move next
    assert (game.utility(end, "B"), game.utility(end, "A")) == (1, -1)
    assert game.utility(start, "A") == 0
    assert start == DiceNimState(4, "A", None)  # never changed


def test_every_move_takes_a_stone_so_there_are_no_cycles():
    game = DiceNim(stones=6)
    for s in reachable(game):
        for a in game.actions(s):
            child = game.result(s, a)
            if game.to_move(s) == CHANCE:
                assert child.stones == s.stones and child.player == s.player
            else:
                assert child.stones < s.stones and child.player != s.player


@pytest.mark.parametrize("stones", [6, 7])
def test_every_reachable_chance_state_has_valid_outcomes(stones):
    game = DiceNim(stones=stones, die=4)
    chance_states = [
        s for s in reachable(game) if not game.is_terminal(s) and game.to_move(s) == CHANCE
    ]
    # A rolls at the start and below stones - 1, B below the start.
    assert len(chance_states) == 1 + (stones - 2) + (stones - 1)
    for s in chance_states:
        outcomes = game.chance_outcomes(s)
        assert check_outcomes(s, outcomes) == outcomes
        assert all(p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1, abs=1e-12)
        assert tuple(o for o, _ in outcomes) == game.actions(s)


@pytest.mark.parametrize(
    "stones, die, value",
    [
        (1, 3, Fraction(1)),
        (3, 3, Fraction(1, 9)),
        (4, 3, Fraction(-1, 9)),
        (5, 3, Fraction(1, 9)),
        (7, 3, Fraction(1, 81)),
        (2, 2, Fraction(0)),  # a 1 passes the last stone to the opponent, a 2 wins
    ],
)
def test_expectiminimax_value_from_the_start(stones, die, value):
    game = DiceNim(stones=stones, die=die)
    assert exact_value(stones, die) == value
    assert expected_value(game, game.initial_state(), "A") == pytest.approx(float(value))
    assert expectimax(game).value == pytest.approx(float(value))


def test_the_die_changes_the_best_move():
    # The documented examples: with 6 stones and a 3, take 2 (leave 4), not 3;
    # with 7 and a 2, 4 is out of reach, and taking 1 beats taking 2.
    game = DiceNim(stones=7)
    assert expectimax(game, DiceNimState(6, "A", 3)).action == 2
    assert expectimax(game, DiceNimState(7, "A", 2)).action == 1
    assert expectimax(game, DiceNimState(7, "A", 3)).action == 3
    values = {
        take: expected_value(game, game.result(DiceNimState(7, "A", 2), take), "A")
        for take in (1, 2)
    }
    assert values[1] == pytest.approx(float(-exact_value(6, 3)))
    assert values[1] > values[2]


def test_tree_sizes_in_the_docstring():
    counts = {
        n: (count_tree_nodes(DiceNim(n)), count_games(DiceNim(n)), count_positions(DiceNim(n)))
        for n in (3, 5, 7)
    }
    assert counts == {3: (100, 40, 18), 5: (1_326, 526, 34), 7: (17_457, 6_921, 50)}
    # A chance node and its die faces, then one move each: 1 + 3 * 2 nodes from 1 stone.
    assert count_tree_nodes(DiceNim(1)) == 1 + 3 * (1 + 1)


def test_evaluation_lies_strictly_inside_the_utilities_and_is_zero_sum():
    game = DiceNim(stones=9)
    for s in reachable(game):
        a, b = game.evaluate(s, "A"), game.evaluate(s, "B")
        assert -1 < a < 1 and a == -b
    # The rule of the game without dice: a multiple of 4 is bad for the roller.
    assert game.evaluate(DiceNimState(8, "A"), "A") == pytest.approx(-0.9)
    assert game.evaluate(DiceNimState(9, "B"), "A") == pytest.approx(-0.9)
    assert game.evaluate(DiceNimState(6, "A", 3), "A") == pytest.approx(0.9)
    # Otherwise the roller is better off, the more faces reach a multiple of 4:
    # the same order as the exact values 1/9 > 1/27 > 1/81 > -1/81.
    estimates = [game.evaluate(DiceNimState(n, "A"), "A") for n in (5, 6, 7, 8)]
    exact = [exact_value(n, 3) for n in (5, 6, 7, 8)]
    assert estimates == sorted(estimates, reverse=True) and exact == sorted(exact, reverse=True)
    assert [e > 0 for e in estimates] == [v > 0 for v in exact]


def test_depth_limited_search_uses_the_evaluation():
    game = DiceNim(stones=9)
    shallow = expectimax(game, DiceNimState(9, "A", 3), depth=2)
    full = expectimax(game, DiceNimState(9, "A", 3))
    assert shallow.stats.nodes < full.stats.nodes
    assert shallow.action == full.action == 1  # leave 8, a multiple of 4


@pytest.mark.parametrize(
    "stones, die, message",
    [
        (0, 3, "stones must be a whole number >= 1, got 0"),
        (2.5, 3, "stones must be a whole number >= 1, got 2.5"),
        (True, 3, "stones must be a whole number >= 1, got True"),
        (5, 1, "die must be a whole number of faces >= 2, got 1"),
        (5, "6", "die must be a whole number of faces >= 2, got '6'"),
    ],
)
def test_bad_parameters_are_named(stones, die, message):
    with pytest.raises(ValueError, match=message):
        DiceNim(stones=stones, die=die)


@pytest.mark.parametrize(
    "state, action, message",
    [
        (
            DiceNimState(5, "A", None),
            2,
            r"2 is not a roll: .*chance state.*Roll\(1\) \.\. Roll\(3\)",
        ),
        (
            DiceNimState(5, "A", None),
            Roll(4),
            r"Roll\(4\) is not a face of the die: faces are 1 to 3",
        ),
        (DiceNimState(5, "A", None), Roll(0), r"Roll\(0\) is not a face"),
        (DiceNimState(5, "A", 2), Roll(1), r"Roll\(1\) in .*A rolled 2 already"),
        (DiceNimState(5, "A", 2), 3, r"cannot take 3 stones in .*A rolled 2, so takes 1 to 2"),
        (DiceNimState(2, "B", 3), 3, r"cannot take 3 stones in .*only 2 left"),
        (DiceNimState(5, "A", 2), 0, r"cannot take 0 stones .*at least 1"),
        (DiceNimState(5, "A", 2), "1", r"cannot take '1' stones"),
        (DiceNimState(0, "A", None), Roll(1), r"no move Roll\(1\) in .*the game is over"),
    ],
)
def test_illegal_moves_are_named(state, action, message):
    with pytest.raises(ValueError, match=message):
        DiceNim(stones=5).result(state, action)


def test_other_errors_are_named():
    game = DiceNim()
    with pytest.raises(ValueError, match="player must be 'A' or 'B', got 'C'"):
        game.utility(DiceNimState(0, "A"), "C")
    with pytest.raises(ValueError, match="player must be 'A' or 'B', got 'C'"):
        game.evaluate(DiceNimState(3, "A"), "C")
    with pytest.raises(ValueError, match="not a chance state: A rolled already"):
        game.chance_outcomes(DiceNimState(3, "A", 2))
    with pytest.raises(ValueError, match="not a chance state: the game is over"):
        game.chance_outcomes(DiceNimState(0, "A"))


def test_render():
    game = DiceNim(stones=3)
    assert game.render(DiceNimState(3, "A")) == "● ● ●  (3 left)\nA rolls the die (1 to 3)"
    assert game.render(DiceNimState(1, "B", 3)) == "●  (1 left)\nB rolled 3: may take 1"
    assert game.render(DiceNimState(0, "A")) == "(empty)  (0 left)\nB took the last stone and wins"
    assert repr(game) == "DiceNim(stones=3, die=3)" and repr(Roll(2)) == "Roll(2)"


def test_labels_are_short_distinct_and_name_the_stones_and_the_mover():
    game = DiceNim(stones=9, die=3)
    states = reachable(game)
    labels = {s: game.label(s) for s in states}
    assert max(len(label) for label in labels.values()) <= 16
    # Distinct states, distinct names (the end states differ only in the winner).
    assert len(set(labels.values())) == len(states)
    assert labels[DiceNimState(9, "A")] == "9 A rolls"
    assert labels[DiceNimState(5, "B", 3)] == "5 B rolled 3"
    assert labels[DiceNimState(0, "A")] == "B won"  # A would move next: B took the last stone
    assert str(Roll(2)) == "roll 2" and repr(Roll(2)) == "Roll(2)"


def test_a_trace_of_dice_nim_names_its_nodes_with_the_labels():
    from aisearch import Trace

    game = DiceNim(stones=3, die=2)
    trace = Trace(game)
    expectimax(game, tracer=trace)
    names = [trace.label(n) for n in trace.nodes()]
    assert not any(name.startswith("#") for name in names)
    assert names[:3] == ["3 A rolls", "3 A rolled 1", "2 B rolls"]
    assert trace.frame(1).sentence == "Enter 3 A rolled 1 (MAX) by action Roll(1) from 3 A rolls."
    assert trace.frame(-1).sentence == "Done: 3 A rolls is worth 0 to MAX."
    # Without the game the trace still falls back to the state's short repr, or
    # the moves from the root.
    bare = Trace()
    expectimax(game, tracer=bare)
    assert bare.label(0) == "root" and bare.label(1) == "[roll 1]"
