"""Isolation: rules, move tables against a plain reading of the rules, reflection."""

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aisearch import alphabeta, minimax, negamax, play_game, random_player
from aisearch.counting import count_positions
from aisearch.games.isolation import Isolation, IsolationState, reflection_player

KNIGHT = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]
DIRECTIONS = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def moves_by_the_rules(game, used: set, cell):
    """The legal targets read straight from the rules, without the tables."""
    if cell is None:
        return sorted(c for c in game.cells if c not in used)
    targets = []
    if game.moves == "knight":
        for dr, dc in KNIGHT:
            t = (cell[0] + dr, cell[1] + dc)
            if t in game.cells and t not in used:
                targets.append(t)
    else:
        for dr, dc in DIRECTIONS:
            t = (cell[0] + dr, cell[1] + dc)
            while t in game.cells and t not in used:
                targets.append(t)
                t = (t[0] + dr, t[1] + dc)
    return sorted(targets)


def random_states(game, count, seed):
    rng = random.Random(seed)
    for _ in range(count):
        state = game.initial_state()
        for _ in range(rng.randrange(game.width * game.height)):
            if game.is_terminal(state):
                break
            actions = game.actions(state)
            state = game.result(state, actions[rng.randrange(len(actions))])
        yield state


@pytest.mark.parametrize(
    "size, moves", [((4, 4), "knight"), ((5, 4), "queen"), ((5, 5), "knight"), ((3, 5), "queen")]
)
def test_actions_follow_the_rules_in_row_major_order(size, moves):
    game = Isolation(*size, moves=moves)
    for state in random_states(game, 200, seed=sum(size)):
        used = {c for c in game.cells if game.is_blocked(state, c)}
        mover = game.to_move(state)
        cell = state.x if mover == "X" else state.o
        assert list(game.actions(state)) == moves_by_the_rules(game, used, cell)
        assert game.is_terminal(state) == (not game.actions(state))
        assert len(used) == state.ply


def test_a_game_blocks_every_visited_cell_and_the_player_without_a_move_loses():
    game = Isolation(5, 5)
    record = play_game(game, [random_player(3), random_player(4)])
    end = record.states[-1]
    assert {c for c in game.cells if game.is_blocked(end, c)} == set(record.moves)
    loser = game.to_move(end)
    assert record.outcome[loser] == -game.win and game.actions(end) == ()
    assert len(set(record.moves)) == len(record.moves)


def test_states_are_immutable_hashable_and_new():
    game = Isolation(4, 4)
    start = game.initial_state()
    after = game.result(start, (0, 0))
    assert start == IsolationState(0, None, None, 0) and after != start
    assert hash(game.result(start, (0, 0))) == hash(after)
    with pytest.raises(AttributeError):
        after.ply = 3


def test_perft_counts_match_a_plain_enumeration():
    """Positions reachable on 3x4 knight Isolation, by the package and by brute force."""
    game = Isolation(4, 3)
    seen = set()
    frontier = [game.initial_state()]
    while frontier:
        state = frontier.pop()
        if state in seen:
            continue
        seen.add(state)
        used = {c for c in game.cells if game.is_blocked(state, c)}
        cell = state.x if game.to_move(state) == "X" else state.o
        frontier += [game.result(state, a) for a in moves_by_the_rules(game, used, cell)]
    assert count_positions(game) == len(seen)


@pytest.mark.parametrize(
    "size, moves", [((3, 3), "knight"), ((4, 3), "knight"), ((4, 4), "knight"), ((3, 3), "queen")]
)
def test_searches_agree_with_minimax_on_small_boards(size, moves):
    game = Isolation(*size, moves=moves)
    plain = minimax(game)
    assert alphabeta(game).value == plain.value == negamax(game).value
    assert abs(plain.value) == game.win  # small boards are solved outright


def test_alphabeta_agrees_with_minimax_at_every_position_of_3x3_queen_isolation():
    game = Isolation(3, 3, moves="queen")
    seen, stack = set(), [game.initial_state()]
    while stack:
        state = stack.pop()
        if state in seen or game.is_terminal(state):
            continue
        seen.add(state)
        if state.ply >= 2:
            assert alphabeta(game, state).value == minimax(game, state).value
        stack += [game.result(state, a) for a in game.actions(state)]
    assert len(seen) > 500


def test_second_player_wins_4x4_knight_by_reflection_against_every_line():
    """Exhaustively: every X strategy against the mirror loses on the even 4x4 board."""
    game = Isolation(4, 4)
    mirror = reflection_player()
    finished = 0
    stack = [game.initial_state()]
    while stack:
        state = stack.pop()
        if game.is_terminal(state):
            assert game.to_move(state) == "X" and game.utility(state, "O") == game.win
            finished += 1
            continue
        for a in game.actions(state):
            reply_state = game.result(state, a)
            if game.is_terminal(reply_state):
                stack.append(reply_state)
                continue
            reply = mirror(game, reply_state)
            assert reply == game.mirror(a)  # never needs its fallback
            stack.append(game.result(reply_state, reply))
    assert mirror.missed == 0 and finished > 100


def test_reflection_fails_when_x_takes_the_centre_of_an_odd_board():
    game = Isolation(5, 5)
    mirror = reflection_player()
    state = game.result(game.initial_state(), (2, 2))
    assert game.mirror((2, 2)) == (2, 2) and mirror(game, state) == (0, 0)  # fallback
    assert mirror.missed == 1
    # And the fallback does not save it: from the centre, X wins against the mirror.
    record = play_game(
        game,
        {"X": lambda g, s: alphabeta(g, s, depth=4).action, "O": mirror},
        game.result(game.initial_state(), (2, 2)),
    )
    assert record.outcome["X"] == game.win


def test_reflection_fails_when_a_queen_slides_across_the_centre():
    game = Isolation(4, 4, moves="queen")
    s = game.result(game.result(game.initial_state(), (0, 0)), (3, 3))
    across = game.result(s, (2, 2))  # X slides over the centre, on O's diagonal
    assert game.mirror((2, 2)) == (1, 1) and (1, 1) not in game.actions(across)
    assert reflection_player()(game, across) != (1, 1)


def test_errors_name_the_culprit():
    with pytest.raises(ValueError, match="width of at least 3 cells, got 2"):
        Isolation(2, 5)
    with pytest.raises(ValueError, match="height of at least 3 cells, got 1.5"):
        Isolation(4, 1.5)
    with pytest.raises(ValueError, match="unknown move pattern 'bishop'"):
        Isolation(moves="bishop")
    game = Isolation(4, 4)
    s = game.result(game.initial_state(), (0, 0))
    with pytest.raises(ValueError, match=r"illegal move \(0, 0\) for O"):
        game.result(s, (0, 0))
    s = game.result(s, (3, 3))
    with pytest.raises(
        ValueError, match=r"illegal move \(0, 1\) for X .* legal moves are \[\(1, 2\), \(2, 1\)\]"
    ):
        game.result(s, (0, 1))
    with pytest.raises(ValueError, match="player must be 'X' or 'O'"):
        game.utility(s, "Z")
    with pytest.raises(ValueError, match="both pieces"):
        game.from_rows("X...", "....", "....", "....")


def test_render_and_from_rows_round_trip():
    game = Isolation(4, 3)
    state = game.from_rows("X#..", "..#.", ".O..", to_move="O")
    assert game.render(state) == "X # . .\n. . # .\n. O . ."
    assert game.to_move(state) == "O" and state.x == (0, 0) and state.o == (2, 1)
    assert game.actions(state) == ((0, 2), (1, 3))  # O's knight jumps; (0, 0) is X's
    again = game.from_rows(*game.render(state).splitlines(), to_move="O")
    assert again == state


def mirrored(game, state, to_move):
    """``state`` turned half a turn about the board's centre, through its text."""
    rows = [row.replace(" ", "")[::-1] for row in reversed(game.render(state).splitlines())]
    return game.from_rows(*rows, to_move=to_move)


def assert_moves_are_symmetric(game, state):
    turned = mirrored(game, state, game.to_move(state))
    for player in ("X", "O"):
        assert {game.mirror(t) for t in game.moves_from(state, player)} == set(
            game.moves_from(turned, player)
        ), (game.render(state), player)
    assert {game.mirror(a) for a in game.actions(state)} == set(game.actions(turned))


@pytest.mark.parametrize(
    "game", [Isolation(4, 4), Isolation(5, 4), Isolation(4, 4, "queen")], ids=repr
)
def test_moves_are_symmetric_for_both_players_on_every_placement(game):
    for cell in game.cells:
        assert game.mirror(game.mirror(cell)) == cell
    for x, o in itertools.permutations(game.cells, 2):  # every placement, open board
        rows = [
            "".join("X" if (r, c) == x else "O" if (r, c) == o else "." for c in range(game.width))
            for r in range(game.height)
        ]
        for to_move in ("X", "O"):
            assert_moves_are_symmetric(game, game.from_rows(*rows, to_move=to_move))


@given(st.integers(0, 10_000))
def test_moves_are_symmetric_on_random_boards_with_used_cells(seed):
    game = Isolation(4, 4)
    for state in random_states(game, 1, seed):
        if state.x is not None and state.o is not None:
            assert_moves_are_symmetric(game, state)
