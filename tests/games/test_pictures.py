"""The ``picture`` protocol: what a position looks like, for drawing it small."""

import random

import pytest

from aisearch.game import OPTIONAL_MEMBERS, PICTURE_KINDS, PICTURE_MARKS, Picture, optional
from aisearch.games import ConnectFour, DiceNim, Isolation, TicTacToe
from aisearch.games.dicenim import DiceNimState, Roll

GAMES = [TicTacToe(), ConnectFour(), ConnectFour(5, 4), Isolation(5, 4), DiceNim(7, 3)]


def random_walk(game, seed, plies=60):
    """``(state, action that led to it)`` along one random game, the start first."""
    rng = random.Random(seed)
    state, action = game.initial_state(), None
    walk = [(state, action)]
    for _ in range(plies):
        if game.is_terminal(state):
            break
        action = rng.choice(game.actions(state))
        state = game.result(state, action)
        walk.append((state, action))
    return walk


def test_picture_is_an_optional_member_with_its_meaning():
    assert "picture" in OPTIONAL_MEMBERS and "Picture" in OPTIONAL_MEMBERS["picture"]
    for game in GAMES:
        assert callable(optional(game, "picture"))


@pytest.mark.parametrize("game", GAMES, ids=repr)
@pytest.mark.parametrize("seed", range(5))
def test_every_picture_of_a_game_is_well_formed(game, seed):
    for state, action in random_walk(game, seed):
        picture = game.picture(state, action)
        assert isinstance(picture, Picture) and picture.kind in PICTURE_KINDS
        if picture.kind == "pile":
            assert picture.rows == () and 0 <= picture.pile <= picture.start
            continue
        assert len({len(row) for row in picture.rows}) == 1
        assert set("".join(picture.rows)) <= set(PICTURE_MARKS)
        if picture.last is not None:
            r, c = picture.last
            assert picture.rows[r][c] in "XO"


def test_tic_tac_toe_rows_are_the_board_and_the_last_mark_is_the_action():
    game = TicTacToe()
    state = game.from_rows("X.O", ".X.", "..O")
    picture = game.picture(state, action=(2, 2))
    assert picture.rows == ("X.O", ".X.", "..O") and picture.last == (2, 2)
    assert game.picture(state).last is None
    assert [row.replace(" ", "") for row in game.render(state).splitlines()] == list(picture.rows)


@pytest.mark.parametrize(
    "state, action, message",
    [
        ("X.O......", (1, 1), "its cell is empty"),
        ("X.O......", (3, 0), "is not a cell"),
        ("XX.......", None, "2 X and 0 O"),
    ],
)
def test_tic_tac_toe_refuses_a_bad_picture_request(state, action, message):
    with pytest.raises(ValueError, match=message):
        TicTacToe().picture(state, action)


@pytest.mark.parametrize("seed", range(4))
def test_connect_four_marks_the_stone_just_dropped(seed):
    game = ConnectFour(6, 5)
    walk = random_walk(game, seed)
    for (before, _), (after, column) in zip(walk, walk[1:], strict=False):
        old, new = game.picture(before).rows, game.picture(after, column).rows
        changed = [
            (r, c) for r in range(game.height) for c in range(game.width) if old[r][c] != new[r][c]
        ]
        assert changed == [game.picture(after, column).last]
        r, c = changed[0]
        assert new[r][c] == game.to_move(before) and c == column
        assert [row.replace(" ", "") for row in game.render(after).splitlines()[:-1]] == list(new)


def test_connect_four_refuses_a_column_that_led_nowhere():
    game = ConnectFour(4, 4)
    state = game.from_moves("12")
    with pytest.raises(ValueError, match="column 3 .* is empty"):
        game.picture(state, action=2)
    with pytest.raises(ValueError, match="not a column"):
        game.picture(state, action=4)
    with pytest.raises(ValueError, match="not a Connect Four state"):
        game.picture("....")


def test_isolation_shows_pieces_used_cells_and_whose_piece_moves():
    game = Isolation(3, 3)
    state = game.from_rows("X..", "...", ".#O", to_move="O")
    picture = game.picture(state)
    assert picture.rows == ("X..", "...", ".#O") and picture.to_move == "O"
    assert game.picture(game.initial_state()).rows == ("...",) * 3
    with pytest.raises(ValueError, match="not an IsolationState"):
        game.picture((0, None, None, 0))


def test_dice_nim_shows_the_pile_its_start_and_the_die():
    game = DiceNim(stones=7, die=3)
    start = game.initial_state()
    assert game.picture(start) == Picture(kind="pile", pile=7, start=7, roll=None, die=3)
    rolled = game.result(start, Roll(2))
    assert game.picture(rolled, Roll(2)).roll == 2
    assert game.picture(game.result(rolled, 2)).pile == 5
    # A pile larger than the game's start (built by hand) is drawn whole.
    assert game.picture(DiceNimState(9, "A")).start == 9
    with pytest.raises(ValueError, match="not a DiceNimState"):
        game.picture((7, "A", None))
