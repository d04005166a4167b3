"""The 8 symmetries of a square board, and tic-tac-toe's symmetry protocol."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aisearch import minimax
from aisearch.counting import reachable_positions
from aisearch.games import GameTree, TicTacToe
from aisearch.symmetry import (
    SQUARE_SYMMETRIES,
    action_from_canonical,
    action_to_canonical,
    canonical,
    compose,
    invert,
    name_of,
    permute,
    require_symmetry,
    square_permutation,
    square_symmetries,
)

GAME = TicTacToe()
POSITIONS = reachable_positions(GAME)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_the_eight_symmetries_form_a_group(n):
    perms = square_symmetries(n)
    identity = tuple(range(n * n))
    assert perms["identity"] == identity
    group = set(perms.values())
    for p in perms.values():
        assert sorted(p) == list(identity)
        assert invert(p) in group
        assert compose(p, invert(p)) == identity
        for q in perms.values():
            assert compose(p, q) in group
    assert len(group) == (8 if n > 1 else 1)


def test_the_3x3_symmetries_drawn_by_hand():
    # 0 1 2       6 3 0
    # 3 4 5  -->  7 4 1   a quarter turn clockwise: cell 0 goes where 2 was
    # 6 7 8       8 5 2
    assert "".join(permute("012345678", square_permutation("rotate90", 3))) == "630741852"
    assert "".join(permute("012345678", square_permutation("flip_columns", 3))) == "210543876"
    assert "".join(permute("012345678", square_permutation("transpose", 3))) == "036147258"
    assert "".join(permute("012345678", square_permutation("antitranspose", 3))) == "852741630"
    assert (
        name_of(
            compose(square_permutation("rotate90", 3), square_permutation("flip_columns", 3)), 3
        )
        == "transpose"
    )


def test_tic_tac_toe_offers_the_protocol():
    assert GAME.symmetries == SQUARE_SYMMETRIES and GAME.symmetries[0] == "identity"
    assert require_symmetry(GAME) == SQUARE_SYMMETRIES
    for name in GAME.symmetries:
        undo = GAME.inverse(name)
        for s in ("X.O......", "XO.X.....", "X...O...X"):
            assert GAME.transform(GAME.transform(s, name), undo) == s


def test_transforms_commute_with_moves_on_every_position():
    for s in POSITIONS:
        for a in GAME.actions(s):
            after = GAME.result(s, a)
            for name in GAME.symmetries:
                turned = GAME.transform(s, name)
                assert GAME.result(turned, GAME.transform_action(a, name)) == GAME.transform(
                    after, name
                )
                assert GAME.to_move(turned) == GAME.to_move(s)


def test_every_copy_of_a_position_has_one_canonical_key():
    for s in POSITIONS:
        key, name = canonical(GAME, s)
        assert key == GAME.transform(s, name)
        assert key == min(GAME.transform(s, t) for t in GAME.symmetries)
        for t in GAME.symmetries:
            assert canonical(GAME, GAME.transform(s, t))[0] == key


def values_for_x():
    """Every reachable position's minimax value for X, from the definition,
    each computed once: the whole game tree in well under a second."""
    values = {}

    def value(state):
        if state not in values:
            if GAME.is_terminal(state):
                values[state] = GAME.utility(state, "X")
            else:
                kids = [value(GAME.result(state, a)) for a in GAME.actions(state)]
                values[state] = max(kids) if GAME.to_move(state) == "X" else min(kids)
        return values[state]

    value(GAME.initial_state())
    return values


def test_symmetric_positions_have_the_same_value_and_mapped_best_actions():
    value = values_for_x()
    checked = 0
    for state in POSITIONS:  # all of them
        key, name = canonical(GAME, state)
        assert value[key] == value[state]
        if GAME.is_terminal(state):
            continue
        for action in GAME.actions(state):  # every move, best or not, keeps its value
            stored = action_to_canonical(GAME, action, name)
            assert value[GAME.result(key, stored)] == value[GAME.result(state, action)]
            assert action_from_canonical(GAME, stored, name) == action
            checked += 1
    assert checked > 10_000


@given(st.sampled_from(POSITIONS[::11]))
def test_minimax_itself_gives_symmetric_positions_the_same_value(state):
    key, _ = canonical(GAME, state)
    assert minimax(GAME, key).value == minimax(GAME, state).value


def test_a_game_without_symmetries_is_refused_by_name():
    tree = GameTree.from_nested([[1, 2], [3]])
    with pytest.raises(ValueError, match="offers no symmetries"):
        canonical(tree, "A")


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: GAME.transform("X........", "spin"), "unknown symmetry 'spin'"),
        (lambda: GAME.transform_action((3, 0), "rotate90"), "not a cell"),
        (lambda: GAME.inverse("spin"), "unknown symmetry"),
        (lambda: GAME.transform("XX.......", "rotate90"), "X moves first"),
        (lambda: square_permutation("spin", 3), "unknown symmetry"),
        (lambda: square_permutation("rotate90", 0), "board side"),
        (lambda: compose((0, 1), (0,)), "cannot compose"),
        (lambda: permute("abc", (0, 1)), "cannot take"),
        (lambda: name_of((1, 0, 2, 3), 2), "not one of the 8"),
    ],
)
def test_bad_input_is_named(call, match):
    with pytest.raises(ValueError, match=match):
        call()
