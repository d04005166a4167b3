"""Connect Four on bitboards, and every step of its solver against plain negamax."""

from __future__ import annotations

import functools
import gc
import random
import re
import weakref

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, alphabeta, minimax
from aisearch.connect4_solver import (
    LADDER,
    NodeLimitExceeded,
    ScoreTable,
    column_order,
    difficulty,
    remaining_moves,
    score_columns,
    solve,
)
from aisearch.games import TicTacToe
from aisearch.games.coinrow import CoinRow
from aisearch.games.connect4 import C4State, ConnectFour

# -- a naive reference: the board as a list of columns -----------------------------------


class ArrayConnectFour:
    """Connect Four the obvious way: a tuple of columns, each a string of
    ``"X"``/``"O"`` from the bottom; wins found by walking the four directions
    from every cell. Slow, and written without bit tricks, to check the bitboards."""

    def __init__(self, width, height):
        self.width, self.height = width, height

    def initial_state(self):
        return ("",) * self.width

    def stones(self, state):
        return sum(len(c) for c in state)

    def winner(self, state):
        def at(c, r):
            if 0 <= c < self.width and 0 <= r < len(state[c]):
                return state[c][r]
            return None

        for c in range(self.width):
            for r in range(len(state[c])):
                who = state[c][r]
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    if all(at(c + k * dc, r + k * dr) == who for k in range(4)):
                        return who
        return None

    def is_terminal(self, state):
        return self.winner(state) is not None or self.stones(state) == self.width * self.height

    def actions(self, state):
        if self.is_terminal(state):
            return []
        return [c for c in range(self.width) if len(state[c]) < self.height]

    def result(self, state, column):
        mover = "X" if self.stones(state) % 2 == 0 else "O"
        return state[:column] + (state[column] + mover,) + state[column + 1 :]


def positions_per_ply(game, plies):
    """Distinct positions after 0, 1, ... ``plies`` moves, and how many are won."""
    layer, counts = {game.initial_state()}, []
    for _ in range(plies + 1):
        won = sum(1 for s in layer if game.is_terminal(s) and game.winner(s) is not None)
        counts.append((len(layer), won))
        layer = {game.result(s, a) for s in layer for a in game.actions(s)}
    return counts


@functools.cache
def naive_positions_per_ply(width, height, plies):
    """``positions_per_ply`` of the naive arrays, computed once per board."""
    return positions_per_ply(ArrayConnectFour(width, height), plies)


def naive_unfinished_positions(width, height, plies):
    """How many positions after exactly ``plies`` moves are still in play, by the
    naive arrays (no board here fills up that early, so every finished game is won)."""
    assert plies < width * height
    reached, won = naive_positions_per_ply(width, height, 10)[plies]
    return reached - won


@pytest.mark.parametrize("width, height, plies", [(4, 4, 10), (5, 4, 7)])
def test_positions_per_ply_match_a_naive_array_implementation(width, height, plies):
    bitboards = positions_per_ply(ConnectFour(width, height), plies)
    arrays = naive_positions_per_ply(width, height, plies)
    assert bitboards == arrays
    assert bitboards[:3] == [(1, 0), (width, 0), (width * width, 0)]
    assert bitboards[-1][1] > 0  # some games are already won: the win test was exercised


def test_a_whole_small_game_agrees_with_the_naive_one_move_by_move():
    game, naive = ConnectFour(5, 4), ArrayConnectFour(5, 4)
    rng = random.Random(3)
    for _ in range(200):
        state, board = game.initial_state(), naive.initial_state()
        while not game.is_terminal(state):
            assert list(game.actions(state)) == naive.actions(board)
            column = rng.choice(game.actions(state))
            state, board = game.result(state, column), naive.result(board, column)
            assert game.grid(state) == [
                [board[c][r] if r < len(board[c]) else "." for c in range(5)]
                for r in reversed(range(4))
            ]
        assert naive.is_terminal(board) and game.winner(state) == naive.winner(board)


# -- the rules ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "moves, direction",
    [
        ("1212121", "vertical"),
        ("1122334", "horizontal"),
        ("12233434544", "diagonal /"),
        ("76655454344", "diagonal \\"),
    ],
)
def test_four_in_a_row_in_every_direction_ends_the_game(moves, direction):
    game = ConnectFour()
    before = game.from_moves(moves[:-1])
    assert not game.is_terminal(before) and game.winner(before) is None
    state = game.from_moves(moves)
    assert game.is_terminal(state), direction
    assert game.winner(state) == "X" and game.actions(state) == ()
    assert game.utility(state, "X") == 1 and game.utility(state, "O") == -1


def test_a_full_board_without_four_is_a_draw():
    game = ConnectFour(4, 4)
    state = game.from_moves("1234123421432143")  # rows XOXO / XOXO / OXOX / OXOX
    assert state.moves == 16 and game.is_terminal(state)
    assert game.winner(state) is None and game.utility(state, "X") == 0
    result = solve(game, state)
    assert (result.value, result.action, result.stats.nodes) == (0, None, 0)


def test_players_actions_and_render():
    game = ConnectFour()
    state = game.from_moves("4455")
    assert game.to_move(game.initial_state()) == "X" and game.to_move(game.from_moves("4")) == "O"
    assert game.actions(game.from_moves("111111")) == (1, 2, 3, 4, 5, 6)
    assert game.render(state).splitlines()[-2:] == [". . . X X . .", "1 2 3 4 5 6 7"]
    assert game.result(game.initial_state(), 3) == game.from_moves("4")
    assert game.from_moves([4, 4, 5, 5]) == state
    assert hash(state) == hash(game.from_moves("5544"))  # transpositions are one state


@pytest.mark.parametrize(
    "moves, message",
    [
        ("1111111", "move 7 of '1111111': column 1 (1-based) is full"),
        ("48", "move 2 of '48': column 8 is out of range 1..7"),
        ("40", "move 2 of '40': column 0 is out of range 1..7"),
        ("4a", "move 2 of '4a': 'a' is not a digit"),
        ("12121212", "move 8 of '12121212': no move in column 2 (1-based): the game is over"),
    ],
)
def test_bad_moves_are_named(moves, message):
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        ConnectFour().from_moves(moves)


def test_other_errors_name_the_culprit():
    game = ConnectFour()
    with pytest.raises(ValueError, match="width must be a whole number >= 4"):
        ConnectFour(3, 6)
    with pytest.raises(ValueError, match="height must be a whole number >= 4 .*, got 2.5"):
        ConnectFour(7, 2.5)
    with pytest.raises(ValueError, match="column 7 is not a column"):
        game.result(game.initial_state(), 7)
    with pytest.raises(ValueError, match="column 1 \\(1-based\\) is full"):
        game.result(game.from_moves("111111"), 0)
    with pytest.raises(ValueError, match="player must be 'X' or 'O'"):
        game.utility(game.initial_state(), "red")
    floating = C4State(0, 0b101, 2)  # a stone floating over a gap
    with pytest.raises(ValueError, match="is not a position of"):
        game.check_state(floating)
    with pytest.raises(ValueError, match="not a state of ConnectFour"):
        alphabeta(game, floating, depth=1, evaluate=lambda g, s, p: 0)
    with pytest.raises(ValueError, match="is not a position of"):
        game.check_state(C4State(0, 0, 0, won=True))  # a win without stones
    with pytest.raises(ValueError, match="is not a Connect Four state"):
        solve(game, "4455")
    with pytest.raises(ValueError, match="unknown solver step 'magic'"):
        solve(game, upto="magic")
    with pytest.raises(ValueError, match="solve needs a ConnectFour game"):
        solve(object())
    with pytest.raises(ValueError, match="unknown symmetry 'rotate90'"):
        game.transform(game.initial_state(), "rotate90")


def test_the_mirror_symmetry():
    game = ConnectFour()
    state = game.from_moves("4455")
    assert game.symmetries == ("identity", "mirror")
    assert game.transform(game.from_moves("12"), "mirror") == game.from_moves("76")
    assert game.transform(state, "mirror") == game.from_moves("4433")
    assert game.transform(game.transform(state, "mirror"), game.inverse("mirror")) == state
    assert [game.transform_action(a, "mirror") for a in range(7)] == [6, 5, 4, 3, 2, 1, 0]
    assert game.transform(state, "identity") is state and game.inverse("identity") == "identity"
    mirrored = solve(game, game.transform(state, "mirror"))
    assert mirrored.value == solve(game, state).value == 18  # Pons' score: see test_pons_examples


def test_the_solver_s_old_path_is_gone():
    # The solver is a search, a layer above the games (aisearch.connect4_solver);
    # the game module no longer hands on its names (test_layers checks its imports).
    import aisearch.games.connect4 as rules

    assert not hasattr(rules, "solve")
    with pytest.raises(ImportError):
        exec("from aisearch.games.connect4 import solve")


def test_column_order_is_centre_first():
    assert column_order(7) == (3, 2, 4, 1, 5, 0, 6)
    assert column_order(4) == (2, 1, 3, 0)
    assert column_order(5) == (2, 1, 3, 0, 4)


# -- the score ------------------------------------------------------------------------------


def test_pons_examples():
    # Scores in Pascal Pons' convention (his blog "Solving Connect 4: how to
    # build a perfect AI", blog.gamesolver.org, part 2 "Test protocol": positions
    # as strings of 1-based columns, score = stones the winner has left + 1, the
    # sign for the side to move). His online solver, connect4.gamesolver.org,
    # takes the same strings (e.g. ?pos=4455), to look these two up.
    game = ConnectFour()
    assert solve(game, game.from_moves("4455")).value == 18
    assert solve(game, game.from_moves("44455554221")).value == -15
    assert solve(game, game.from_moves("4455"), weak=True).value == 1
    assert solve(game, game.from_moves("44455554221"), weak=True).value == -1


class PonsScoreGame(ConnectFour):
    """Connect Four whose utility is the score: a win with the ``m``-th stone is
    worth ``(cells + 2 - m) // 2`` to the winner (the score before that stone)."""

    def utility(self, state, player):
        won = super().utility(state, player)
        return won * ((self.cells + 2 - state.moves) // 2)


def exact_scores(game):
    """Plain negamax on the score over every position, memoised: the reference."""
    memo = {}

    def score(state):
        if state not in memo:
            if state.moves == game.cells:
                memo[state] = 0
            elif game.winning_moves(state):
                memo[state] = (game.cells + 1 - state.moves) // 2
            else:
                memo[state] = max(-score(game.play(state, c)) for c in game.actions(state))
        return memo[state]

    return score


def test_the_score_is_minimax_with_a_pons_utility():
    game = PonsScoreGame(4, 4)
    rng = random.Random(5)
    for _ in range(25):
        state = game.random_position(rng.randrange(8, 13), rng)
        assert (
            minimax(game, state).value
            == solve(game, state, upto="negamax").value
            == solve(game, state).value
        )


def test_a_win_with_the_last_stone_scores_one():
    game = ConnectFour(4, 4)
    # X to move with one cell left, and it makes four.
    state = game.from_moves("132413423142243")
    assert state.moves == 15 and game.winning_moves(state) == (0,)
    assert solve(game, state).value == 1


# -- every step of the ladder against plain negamax -----------------------------------------


def all_positions_after(game, plies):
    layer = {game.initial_state()}
    for _ in range(plies):
        layer = {game.play(s, a) for s in layer for a in game.actions(s)}
    return sorted(s for s in layer if not game.is_terminal(s))


@functools.cache
def scores_4x4():
    """The reference scores of every 4x4 position, computed once."""
    return exact_scores(ConnectFour(4, 4))


@pytest.mark.parametrize("upto", LADDER)
def test_every_step_equals_plain_negamax_on_every_4x4_position_after_10_moves(upto):
    game, plain = ConnectFour(4, 4), scores_4x4()
    positions = all_positions_after(game, 10)
    assert len(positions) == naive_unfinished_positions(4, 4, 10)  # 14352
    for state in positions:
        assert solve(game, state, upto=upto, find_action=False).value == plain(state), (
            upto,
            game.render(state),
        )


@pytest.mark.parametrize("upto", LADDER[1:])
def test_every_step_and_its_column_on_4x4_positions_after_6_moves(upto):
    game, plain = ConnectFour(4, 4), scores_4x4()
    positions = all_positions_after(game, 6)
    assert len(positions) == naive_unfinished_positions(4, 4, 6)  # 1128
    for state in positions[::4]:
        result = solve(game, state, upto=upto)
        assert result.value == plain(state), (upto, game.render(state))
        assert achieved(game, state, result.action, plain) == result.value


def test_plain_negamax_is_the_reference_itself():
    """The memoised reference and the ladder's first step are the same negamax."""
    game, plain = ConnectFour(4, 4), scores_4x4()
    for state in all_positions_after(game, 9)[::25]:
        assert solve(game, state, upto="negamax").value == plain(state)


def achieved(game, state, column, plain):
    """The score the mover gets by playing ``column``."""
    if column in game.winning_moves(state):
        return (game.cells + 1 - state.moves) // 2
    return -plain(game.play(state, column))


def test_every_step_equals_plain_negamax_on_random_late_7x6_positions():
    game = ConnectFour()
    for state in game.random_positions(33, 12, seed=7):
        plain = solve(game, state, upto="negamax")
        for upto in LADDER[1:]:
            result = solve(game, state, upto=upto)
            assert result.value == plain.value, (upto, game.render(state))
            child = (
                solve(game, game.play(state, result.action)).value
                if result.action not in game.winning_moves(state)
                else None
            )
            assert child is None or -child == plain.value


@pytest.mark.parametrize("upto", LADDER)
def test_weak_mode_agrees_in_sign_and_its_column_keeps_the_outcome(upto):
    game, plain = ConnectFour(4, 4), scores_4x4()
    rng = random.Random(11)
    for _ in range(40):
        state = game.random_position(rng.randrange(9 if upto == "negamax" else 4, 14), rng)
        weak = solve(game, state, weak=True, upto=upto)
        strong = plain(state)
        assert weak.value == (strong > 0) - (strong < 0)
        got = achieved(game, state, weak.action, plain)
        assert (got > 0) - (got < 0) == weak.value


@settings(deadline=None)
@given(st.lists(st.integers(0, 4), min_size=6, max_size=14), st.sampled_from(LADDER[2:]))
def test_random_5x4_games_every_step_and_the_column_scores(columns, upto):
    game = ConnectFour(5, 4)
    state = game.initial_state()
    for c in columns:
        if game.is_terminal(state) or game.winning_moves(state):
            break
        if c in game.actions(state):
            state = game.play(state, c)
    # The walk stops before any winning stone, so it never ends a game (and a
    # draw needs all 20 cells): every drawn game is checked below.
    assert not game.is_terminal(state)
    best = solve(game, state)
    assert solve(game, state, upto=upto).value == best.value
    scores = score_columns(game, state)
    assert max(scores.values()) == best.value and scores[best.action] == best.value


# -- small boards: the published results -----------------------------------------------------

# Who wins with perfect play, by width x height: "draw", or "first"/"second" player.
# John Tromp, "John's Connect Four Playground" (tromp.github.io/c4/c4.html),
# results for all boards with width + height <= 15; the same table, extended, in
# Christophe Steininger's solver (github.com/ChristopheSteininger/c4), which also
# gives the game length: 24 moves on 6x4, where the second player wins with the
# last stone.
PUBLISHED = {(4, 4): "draw", (5, 4): "draw", (4, 5): "draw", (6, 4): "second", (5, 5): "draw"}


def outcome(score):
    return "first" if score > 0 else "second" if score < 0 else "draw"


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4), (4, 5)])
def test_small_boards_match_the_published_results(width, height):
    result = solve(ConnectFour(width, height), weak=True)
    assert outcome(result.value) == PUBLISHED[width, height]


@pytest.mark.slow  # about 3 s: half a million positions, still part of the unit run
def test_six_by_four_is_a_second_player_win_as_published():
    # 5x5 ("draw") takes far longer: benchmarks/connect4.py solves it.
    result = solve(ConnectFour(6, 4), weak=True)
    assert outcome(result.value) == PUBLISHED[6, 4] == "second"


def test_node_limit_stops_a_long_search():
    with pytest.raises(NodeLimitExceeded):
        solve(ConnectFour(), upto="table", node_limit=1000)


# Positions explored (to find the score, then the column) by each step of the
# ladder, as counted before the solver's steps became options of its one
# negamax: the counts notebook 06 and benchmarks/connect4.py hold against
# Pons' published ones must not move. None: too many for a unit test.
LADDER_COUNTS = [
    (4, 4, "224124", 0, 0,
     [(11394, 5536), (328, 176), (1042, 786), (692, 5), (914, 4), (575, 4), (428, 4)]),
    (5, 4, "15524242", -1, 1,
     [(53386, 53381), (2679, 392), (1557, 527), (1023, 1), (1030, 1), (666, 1), (372, 1)]),
    (7, 6, "211571176451734736656412235343", 0, 2,
     [(349, 343), (92, 31), (85, 29), (74, 1), (184, 1), (70, 1), (70, 1)]),
    (7, 6, "451233777364433743554475", 1, 4,
     [None, (54458, 27513), (12912, 8031), (4083, 1), (6175, 1), (3697, 1), (3566, 1)]),
]  # fmt: skip


@pytest.mark.parametrize(("width", "height", "moves", "score", "column", "counts"), LADDER_COUNTS)
def test_every_step_explores_as_many_positions_as_before(
    width, height, moves, score, column, counts
):
    game = ConnectFour(width, height)
    state = game.from_moves(moves)
    for step, expected in zip(LADDER, counts, strict=True):
        if expected is None:
            continue
        result = solve(game, state, upto=step)
        assert (result.value, result.action) == (score, column), step
        assert (result.stats.nodes, result.stats.action_nodes) == expected, step


def test_a_solve_lets_its_table_go_at_once(monkeypatch):
    # The solver's negamax is a closure that calls itself, a reference cycle:
    # solve breaks it, so that its table (up to three lists of a million
    # entries) is freed when the solve ends, not when the garbage collector
    # next walks it, and the time that walk takes is not paid by later solves.
    tables = []

    class WatchedTable(ScoreTable):
        def __init__(self, size):
            super().__init__(size)
            tables.append(weakref.ref(self))

    monkeypatch.setattr("aisearch.connect4_solver.ScoreTable", WatchedTable)
    game = ConnectFour()
    state = game.from_moves("211571176451734736656412235343")

    gc.disable()
    try:
        for step in LADDER[3:]:
            solve(game, state, upto=step)
        solve(game, state, upto="table", tracer=Trace(game))
        with pytest.raises(NodeLimitExceeded):
            solve(game, state, node_limit=10)
        assert len(tables) == 6 and all(table() is None for table in tables)
    finally:
        gc.enable()


def test_stats_count_the_work():
    game = ConnectFour()
    state = game.random_positions(20, 1, seed=3)[0]
    full = solve(game, state)
    assert full.stats.nodes > 1 and full.stats.stores > 0 and full.stats.cutoffs > 0
    assert full.stats.max_depth > 0
    # Finding the column comes after the score and is counted apart.
    score_only = solve(game, state, find_action=False)
    assert score_only.stats.action_nodes == 0 and score_only.stats.nodes == full.stats.nodes
    assert full.stats.action_nodes > 0
    assert "action_nodes=" in repr(full.stats)
    ladder = {
        step: solve(game, state, upto=step, find_action=False).stats.nodes for step in LADDER[4:]
    }
    assert ladder["threat_order"] <= ladder["non_losing"] <= ladder["null_window"]


def test_the_notebook_exercise_check_accepts_shifts_and_names_a_missed_direction():
    from aisearch.exercises import check_four_in_a_row

    def all_four(bits, height):
        for shift in (1, height + 1, height, height + 2):
            pairs = bits & (bits >> shift)
            if pairs & (pairs >> 2 * shift):
                return True
        return False

    def by_the_package(bits, height):
        return bool(ConnectFour(4, height).shifts_finding_four(bits))

    def vertical_only(bits, height):
        pairs = bits & (bits >> 1)
        return bool(pairs & (pairs >> 2))

    assert check_four_in_a_row(all_four).passed
    refused = check_four_in_a_row(by_the_package)
    assert not refused.passed and "shifts_finding_four" in refused.message
    wrong = check_four_in_a_row(vertical_only)
    assert not wrong.passed and "the four here is horizontal" in wrong.message
    assert "# # # #" in wrong.message


@pytest.mark.parametrize("step", LADDER)
def test_table_counters_follow_the_meanings_of_search_stats(step):
    # hits: nodes answered from the table, of which bound_hits by a bound and
    # hits - bound_hits by an exact score; narrowed: searched after a bound
    # narrowed the window. All are nodes, and a hit is a node not searched.
    game = ConnectFour(4, 4)
    state = game.from_moves("2323")  # small enough for plain negamax
    stats = solve(game, state, find_action=False, upto=step).stats
    if LADDER.index(step) < LADDER.index("table"):
        assert (stats.hits, stats.bound_hits, stats.narrowed, stats.stores) == (0, 0, 0, 0)
        return
    assert 0 < stats.bound_hits < stats.hits <= stats.leaves
    assert stats.narrowed > 0 and stats.hits + stats.narrowed < stats.nodes
    assert stats.stores == stats.nodes - stats.leaves  # every searched node stores a bound
    assert f"narrowed={stats.narrowed}" in repr(stats)


def test_remaining_moves_is_the_length_of_the_perfect_game_played_out():
    # Play the solver's best column on both sides to the end, and count.
    game = ConnectFour(5, 4)
    for state in game.random_positions(8, 6, seed=11):
        score = solve(game, state, find_action=False).value
        played, position = 0, state
        while not game.is_terminal(position):
            position = game.play(position, solve(game, position).action)
            played += 1
        assert remaining_moves(game, state, score) == played
    assert [difficulty(n) for n in (13, 14, 27, 28)] == ["easy", "medium", "medium", "hard"]


def test_the_solver_refuses_what_negamax_cannot_search():
    # The solver is negamax: two players, zero-sum; on bitboards: Connect Four only.
    coins = (3, 9, 1, 2, 7, 4, 8, 5)
    three, two = CoinRow(coins), CoinRow(coins, players=("A", "B"))
    for entry in (solve, score_columns):
        name = entry.__name__
        for game, assumption in ((three, "two-player game"), (two, "zero-sum game")):
            refusal = f"{name} assumes a {assumption}.*{re.escape(repr(game))}"
            with pytest.raises(ValueError, match=refusal):
                entry(game)
        # Two players, zero-sum, but no bitboards.
        with pytest.raises(ValueError, match=f"{name} needs a ConnectFour game .*TicTacToe()"):
            entry(TicTacToe())


def test_every_position_played_knows_whether_its_last_stone_won():
    """``won`` is worked out when a stone drops; it must match the stones on
    every position of many random games (check_state tests it, with the rest)."""
    rng = random.Random(3)
    for width, height in ((7, 6), (4, 4), (5, 4)):
        game = ConnectFour(width, height)
        for _ in range(60):
            state = game.initial_state()
            while not game.is_terminal(state):
                state = game.result(state, rng.choice(game.actions(state)))
                game.check_state(state)
                assert state.won == game.has_four(state.position ^ state.mask)
            assert state.won or state.moves == game.cells


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10_000), stones=st.integers(0, 30))
def test_the_evaluation_is_zero_sum_and_below_a_win(seed, stones):
    from aisearch.games.connect4 import threats_and_centre

    game = ConnectFour()
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(stones):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(game.actions(state)))
    x, o = threats_and_centre(game, state, "X"), threats_and_centre(game, state, "O")
    assert x == -o and -0.9 <= x <= 0.9


def test_shifts_finding_four_names_each_direction_by_its_shift_on_three_heights():
    lines = {
        "vertical": [(0, 0), (0, 1), (0, 2), (0, 3)],
        "horizontal": [(0, 0), (1, 0), (2, 0), (3, 0)],
        "down-right": [(0, 3), (1, 2), (2, 1), (3, 0)],
        "up-right": [(0, 0), (1, 1), (2, 2), (3, 3)],
    }
    for height in (4, 5, 6):
        board = ConnectFour(7, height)
        found = [
            board.shifts_finding_four(sum(board.cell(c, r) for c, r in line))
            for line in lines.values()
        ]
        # vertical 1, horizontal height + 1, down-right height, up-right height + 2
        assert found == [(1,), (height + 1,), (height,), (height + 2,)]
        three = sum(board.cell(c, 0) for c in range(3))
        assert board.shifts_finding_four(three) == () and not board.has_four(three)
        both = 0
        for c, r in lines["vertical"] + lines["horizontal"]:
            both |= board.cell(c, r)
        assert board.shifts_finding_four(both) == (1, height + 1)
