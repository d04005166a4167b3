"""Zobrist keys: the two-XOR update equals the full computation."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aisearch.counting import reachable_positions
from aisearch.games import TicTacToe
from aisearch.games.coinrow import CoinRow
from aisearch.zobrist import Zobrist, collision_rate, for_game, state_key

GAME = TicTacToe()


@given(st.integers(0, 10**6), st.integers(0, 10**6), st.sampled_from([8, 16, 64]))
def test_incremental_keys_equal_full_keys_along_random_games(game_seed, table_seed, bits):
    rng = random.Random(game_seed)
    zobrist = for_game(GAME, bits=bits, seed=table_seed)
    state = GAME.initial_state()
    key = state_key(zobrist, GAME, state)
    moves, states = [], [state]
    while not GAME.is_terminal(state):
        action = rng.choice(GAME.actions(state))
        cell, piece = 3 * action[0] + action[1], GAME.to_move(state)
        key = zobrist.move(key, cell, piece)  # two XORs: the piece in, the side flips
        state = GAME.result(state, action)
        assert key == state_key(zobrist, GAME, state)
        assert 0 <= key < 2**bits
        moves.append((cell, piece))
        states.append(state)
    # Undoing the moves, last first, with the same two XORs walks back through
    # the full keys of the earlier positions.
    for (cell, piece), earlier in zip(reversed(moves), reversed(states[:-1]), strict=True):
        key = zobrist.move(key, cell, piece)
        assert key == state_key(zobrist, GAME, earlier)


def test_undoing_a_move_is_the_same_two_xors():
    z = Zobrist(9, ("X", "O"), seed=3)
    start, after = z.key("........."), z.key("....X....", second_to_move=True)
    assert start != after
    assert z.move(start, 4, "X") == after  # playing X in the centre
    assert z.move(after, 4, "X") == start  # and taking it back


def test_transpositions_get_the_same_key():
    z = for_game(GAME, seed=5)
    one = GAME.result(GAME.result(GAME.result(GAME.initial_state(), (0, 0)), (1, 1)), (2, 2))
    two = GAME.result(GAME.result(GAME.result(GAME.initial_state(), (2, 2)), (1, 1)), (0, 0))
    assert one == two and state_key(z, GAME, one) == state_key(z, GAME, two)


def test_tables_are_seeded():
    assert for_game(GAME, seed=1).table == for_game(GAME, seed=1).table
    assert for_game(GAME, seed=1).table != for_game(GAME, seed=2).table


def test_collisions_over_all_tic_tac_toe_positions():
    positions = reachable_positions(GAME)
    wide = collision_rate(GAME, positions, 64)
    assert (wide.positions, wide.keys, wide.collisions, wide.rate) == (5478, 5478, 0, 0.0)
    narrow = collision_rate(GAME, positions, 8)
    assert narrow.keys == 256 and narrow.collisions == 5478 - 256
    rates = [collision_rate(GAME, positions, bits).rate for bits in (8, 12, 16)]
    assert rates[0] > rates[1] > rates[2] > 0
    # The birthday estimate is in the right range for random-looking keys.
    sixteen = collision_rate(GAME, positions, 16)
    assert 0.5 * sixteen.expected < sixteen.collisions < 2 * sixteen.expected


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: Zobrist(0, ("X", "O")), "cells"),
        (lambda: Zobrist(9, ("X", "X")), "distinct"),
        (lambda: Zobrist(9, ("X", "O"), bits=0), "bits"),
        (lambda: Zobrist(9, ("X", "O")).key("...."), "has 4 cells"),
        (lambda: Zobrist(9, ("X", "O")).move(0, 9, "X"), "no key for piece 'X' on cell 9"),
        (lambda: collision_rate(GAME, ["X........", "X........"], 8), "distinct"),
        (lambda: Zobrist(9, ("X", "O"), empty="X"), "differ from empty"),
    ],
)
def test_bad_input_is_named(call, match):
    with pytest.raises(ValueError, match=match):
        call()


class Counter:
    """A two-player game whose state is a number, not a sequence of cells."""

    players = ("A", "B")

    def initial_state(self):
        return 0

    def __repr__(self):
        return "Counter()"


def test_games_that_do_not_fit_zobrist_keys_are_named():
    three = CoinRow(players=("P1", "P2", "P3"))
    with pytest.raises(ValueError, match=r"CoinRow\(.*'P3'\)\) must name its two players"):
        for_game(three)
    with pytest.raises(ValueError, match=r"CoinRow\(.*must name its two players"):
        collision_rate(three, [three.initial_state()], 8)
    with pytest.raises(
        ValueError, match="Counter\\(\\): a state must be a sequence of cells .*got 0"
    ):
        for_game(Counter())
    with pytest.raises(ValueError, match="Counter\\(\\): a state must be a sequence of cells"):
        collision_rate(Counter(), [0, 1], 8)


def test_an_independent_table_has_no_collisions_and_a_dependent_one_is_found():
    positions = reachable_positions(GAME)
    checked = 0
    for seed in range(6):
        table = for_game(GAME, bits=20, seed=seed)
        if table.independent():
            assert collision_rate(GAME, positions, 20, seed=seed).collisions == 0
            checked += 1
    assert checked >= 1  # not vacuous: some of the seeded tables are independent
    # 19 numbers (18 pieces and the side) cannot be independent in 16 bits.
    assert not for_game(GAME, bits=16).independent()
    assert for_game(GAME, bits=64).independent()
