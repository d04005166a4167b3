"""The Connect Four board's computer: the solver when it proves in time, else
iterative deepening; and the column scores under the board."""

import re

import pytest

from aisearch.connect4_player import column_scores, connect4_player
from aisearch.connect4_solver import score_columns, solve
from aisearch.decision import Decision, SearchPlayer
from aisearch.games.connect4 import ConnectFour


def test_a_position_the_solver_proves_is_played_by_the_solver_and_said_so():
    game = ConnectFour(4, 4)
    state = game.from_moves("1")
    player = connect4_player(1.0)
    assert isinstance(player, SearchPlayer) and player.__name__ == "connect4_player(1 s)"
    column = player(game, state)
    solved = solve(game, state)
    last = player.last
    assert isinstance(last, Decision) and column == solved.action == last.action
    assert (last.value, last.depth, last.line) == (solved.value, game.cells - 1, (column,))
    assert last.summary.startswith("solved: ") and last.trace is None


@pytest.mark.parametrize(
    ("game", "start", "weak", "said"),
    [
        (ConnectFour(4, 4), "112233", False, "solved: the computer wins with this move"),
        (ConnectFour(4, 4), "112233", True, "solved: the computer wins with perfect play"),
        (ConnectFour(), "4455443", False, "solved: you win with your next move"),
        (ConnectFour(4, 4), "", False, "solved: the computer draws with perfect play"),
        (ConnectFour(5, 4), "1", False, "solved: the computer wins within 10 of its moves"),
        (
            ConnectFour(4, 4),
            "1222",
            False,
            "solved: you win within 6 of your moves if you play perfectly",
        ),
    ],
)
def test_the_solvers_verdict_in_words(game, start, weak, said):
    player = connect4_player(30.0, weak=weak)  # time enough to prove, on any machine
    player(game, game.from_moves(start))
    assert player.last.summary == said


def test_a_position_too_big_to_prove_is_searched_and_said_so():
    game = ConnectFour()
    player = connect4_player(0.3)
    column = player(game, game.initial_state())
    assert column in game.actions(game.initial_state())
    said = player.last.summary
    assert re.fullmatch(r"searched \d+ moves deep: .+|no search finished in time: .+", said)


def test_column_scores_are_the_solvers_or_marked_estimates():
    game = ConnectFour(5, 4)
    state = game.from_moves("33")
    scores, solved = column_scores(game, state, time_limit=5.0)
    assert solved and scores == score_columns(game, state)
    weak, solved = column_scores(game, state, time_limit=5.0, weak=True)
    assert solved and weak == score_columns(game, state, weak=True)
    big = ConnectFour()
    estimates, solved = column_scores(big, big.initial_state(), time_limit=1e-6)
    assert not solved and set(estimates) == set(range(7))
    assert all(-1 <= v <= 1 for v in estimates.values())
    assert column_scores(game, game.from_moves("1212121"), time_limit=1.0) == ({}, True)


def test_a_bad_time_limit_is_named():
    with pytest.raises(ValueError, match="time_limit must be a positive number"):
        connect4_player(0)


def root_choice(trace):
    """The column the root of a trace chose: its best child at the end."""
    best = trace.frame(-1).best.get(0)
    return trace.nodes()[best].action if best is not None else None


@pytest.mark.parametrize(
    ("game", "start"),
    [(ConnectFour(4, 4), "1"), (ConnectFour(5, 4), "33"), (ConnectFour(4, 4), "112233")],
)
def test_a_solved_decision_retraces_the_solvers_own_searches(game, start):
    """No trace while it plays; ``retrace()`` runs the solve again, recording each
    search of the root: the same nodes, and the one shown proved the column played."""
    player = connect4_player(30.0)
    column = player(game, game.from_moves(start))
    last = player.last
    assert last.trace is None and last.traces == () and last.summary.startswith("solved")
    shown = last.retrace()
    assert shown.action == column and shown.nodes == last.nodes == last.last_nodes
    assert shown.trace is shown.traces[-1] or shown.trace in shown.traces
    assert sum(t.frame(-1).counts["visited"] for t in shown.traces) == last.nodes
    if shown.trace.events[0].kind == "enter":  # a search, not a win with the next stone
        assert root_choice(shown.trace) == column
        assert shown.trace.root_value() >= last.value  # it proved the score from below


def test_a_searched_decision_retraces_every_depth_the_move_came_from():
    game = ConnectFour()
    player = connect4_player(0.3)
    column = player(game, game.from_moves("44"))
    last = player.last
    assert last.summary.startswith("searched") and last.trace is None
    shown = last.retrace()
    assert len(shown.traces) == last.depth and shown.trace is shown.traces[-1]
    assert root_choice(shown.trace) == column
    assert shown.trace.frame(-1).counts["visited"] == last.last_nodes


def test_the_player_keeps_its_clock_when_the_solver_cannot_prove():
    """A sanity bound only: timing under load is benchmarks/board_under_load.py's."""
    import time

    game = ConnectFour()
    player = connect4_player(0.2)
    started = time.perf_counter()
    player(game, game.initial_state())
    assert time.perf_counter() - started < 1.5
    assert player.last.summary.startswith(("searched", "no search"))


def test_a_weak_decision_retraces_too():
    game = ConnectFour(4, 4)
    player = connect4_player(30.0, weak=True)
    column = player(game, game.from_moves("1"))
    shown = player.last.retrace()
    assert shown.action == column and len(shown.traces) >= 1
    assert sum(t.frame(-1).counts["visited"] for t in shown.traces) == player.last.nodes
