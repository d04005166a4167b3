"""The Connect Four solver traced: the same search, reported step by step."""

import random

import pytest

from aisearch import Trace
from aisearch.connect4_solver import LADDER, TRACEABLE, solve, solve_probes
from aisearch.games import ConnectFour
from aisearch.tracing import EXACT, LOWER, UPPER, start_tracing

SMALL = ConnectFour(4, 4)
WIDE = ConnectFour(5, 4)
BOARD = ConnectFour()


def positions(game, stones, count, seed):
    """Positions after ``stones`` random moves, some where the mover wins at once."""
    rng = random.Random(seed)
    found = game.random_positions(stones, count - count // 4, seed=seed)
    while len(found) < count:
        state = game.random_position(stones, rng, unfinished=False)
        if not game.is_terminal(state):
            found.append(state)
    return found


CASES = (
    [(SMALL, s) for s in positions(SMALL, 6, 16, seed=1)]
    + [(WIDE, s) for s in positions(WIDE, 9, 10, seed=2)]
    + [(BOARD, s) for s in positions(BOARD, 33, 5, seed=3)]
)


def traced(game, state, upto):
    trace = Trace(game)
    return solve(game, state, upto=upto, tracer=trace), trace


def true_score_for_max(game, state, root_player):
    """The solver's exact score of ``state``, from the root player's side."""
    score = solve(game, state, find_action=False).value
    return score if game.to_move(state) == root_player else -score


@pytest.mark.parametrize("upto", TRACEABLE)
def test_a_traced_solve_is_the_untraced_search(upto):
    some_root_had_a_best_child = False
    for game, state in CASES:
        if upto == "negamax" and game is not BOARD and state.moves < 8:
            continue  # plain negamax: too many nodes to trace quickly
        plain = solve(game, state, upto=upto)
        result, trace = traced(game, state, upto)
        assert (result.value, result.action) == (plain.value, plain.action)
        assert result.stats == plain.stats  # the same nodes, leaves, cuts and table use
        last = trace.frame(-1)
        assert trace.root_value() == result.value
        assert trace.value_kinds()[0] == EXACT
        assert last.counts["visited"] == result.stats.nodes  # one node a position explored
        assert last.stack == [0] or last.stack == []
        if 0 in last.best:
            some_root_had_a_best_child = True
            assert trace.nodes()[last.best[0]].action == result.action
    assert some_root_had_a_best_child


@pytest.mark.parametrize("upto", ["alphabeta", "centre_first", "table"])
@pytest.mark.parametrize("index", range(0, len(CASES) - 5, 4))
def test_every_traced_value_is_what_its_kind_says(upto, index):
    game, state = CASES[index]
    _, trace = traced(game, state, upto)
    root_player = game.to_move(state)
    nodes = trace.nodes()
    kinds = trace.value_kinds()
    values = {e.node: e.value for e in trace.events if e.kind in ("leaf", "exit", "cache_hit")}
    assert set(kinds) == set(values)
    bounds = {UPPER: 0, LOWER: 0}
    for node, kind in kinds.items():
        true = true_score_for_max(game, nodes[node].state, root_player)
        value = values[node]
        if kind == EXACT:
            assert value == true, (node, kind, value, true)
        elif kind == UPPER:
            assert true <= value, (node, kind, value, true)
            bounds[UPPER] += 1
        else:
            assert true >= value, (node, kind, value, true)
            bounds[LOWER] += 1
    assert bounds[UPPER] + bounds[LOWER] > 0 or len(kinds) < 10  # alpha-beta leaves bounds


def test_the_table_s_answers_and_narrowings_are_in_the_trace():
    game = WIDE
    result, trace = traced(game, game.from_moves("33221"), "table")
    counts = trace.counts()
    assert counts["cache_hit"] == result.stats.hits > 0
    assert counts["narrowed"] >= 1 if result.stats.narrowed else True
    # Every sentence can be written, and the solver's own reasons are given.
    sentences = [trace.sentence(step) for step in range(len(trace))]
    assert any("wins with its next stone" in s for s in sentences)
    assert any("is in the table" in s for s in sentences)


def test_a_root_that_wins_at_once_or_is_over_is_one_leaf():
    trace = Trace(SMALL)
    assert solve(SMALL, SMALL.from_moves("112233"), upto="table", tracer=trace).value == 5
    assert [e.kind for e in trace.events] == ["leaf"] and trace.root_value() == 5
    assert "X wins with its next stone" in trace.sentence(0)
    over = SMALL.from_moves("1213141")  # X stacks four in column 1
    trace = Trace(SMALL)
    value = solve(SMALL, over, upto="table", tracer=trace).value
    assert trace.root_value() == value and trace.events[0].terminal


@pytest.mark.parametrize("upto", [step for step in LADDER if step not in TRACEABLE])
def test_a_step_that_cannot_be_traced_is_refused_naming_upto(upto):
    with pytest.raises(ValueError, match=rf"upto='{upto}'.*'negamax', 'alphabeta'"):
        solve(SMALL, upto=upto, tracer=Trace())


def test_a_weak_traced_solve_and_a_tracer_that_is_not_callable_are_refused():
    with pytest.raises(ValueError, match="weak=True"):
        solve(SMALL, upto="table", weak=True, tracer=Trace())
    with pytest.raises(ValueError, match="tracer must be a callable"):
        solve(SMALL, upto="table", tracer="trace")


def test_without_a_tracer_the_fast_steps_still_run():
    # The refusal is only for a tracer: the default solve is the whole ladder.
    assert solve(WIDE, WIDE.from_moves("2244")).value == 7


def test_a_search_may_say_what_a_leaf_or_an_exit_is_worth():
    """``bound`` on a leaf and an exit, given for the player to move, is turned
    to MAX's side, kept by ``value_kinds`` and drawn by the frame."""
    game = SMALL
    trace = Trace(game)
    root = game.from_moves("11")
    tracing = start_tracing(trace, game, "X")
    tracing.enter(root, None, -5, 5)
    child = game.play(root, 1)
    tracing.leaf(child, 1, 2, False, -5, 5, side="O", bound=UPPER, reason="O rests")
    tracing.update(-2, -2, 5)
    tracing.exit(-2, -2, 5, bound=LOWER)
    leaf, exit_ = trace.events[1], trace.events[3]
    assert (leaf.value, leaf.bound, exit_.bound) == (-2, LOWER, LOWER)
    assert trace.value_kinds() == {1: LOWER, 0: LOWER}
    assert trace.frame(1).bound == {1: LOWER}
    assert trace.sentence(1).endswith("O rests, so it is worth at least −2.")


# The whole ladder: each search of the root recorded (solve_probes) -------------

PROBED = (
    [(SMALL, s) for s in positions(SMALL, 4, 12, seed=4)]
    + [(WIDE, s) for s in positions(WIDE, 7, 10, seed=5)]
    + [(BOARD, s) for s in positions(BOARD, 30, 4, seed=6)]
)


@pytest.mark.parametrize("upto", LADDER[LADDER.index("table") :])
@pytest.mark.parametrize("weak", [False, True])
def test_recorded_probes_are_the_solve_itself(upto, weak):
    """Recording changes nothing of the search (the steps before the table are
    one search of the root, which ``solve(..., tracer=...)`` checks above)."""
    for game, state in PROBED:
        plain = solve(game, state, upto=upto, weak=weak)
        result, probes = solve_probes(game, state, upto=upto, weak=weak)
        assert (result.value, result.action, result.stats) == (
            plain.value,
            plain.action,
            plain.stats,
        )
        assert sum(p.nodes for p in probes) == result.stats.nodes
        for probe in probes:
            last = probe.trace.frame(-1)
            assert last.counts["visited"] == probe.nodes  # one node a position explored
            assert probe.trace.root_value() == probe.value
        if upto == "table" or probes[0].alpha is None:
            assert len(probes) == 1


@pytest.mark.parametrize("index", range(len(PROBED)))
def test_every_value_a_probe_records_is_what_its_kind_says(index):
    """Non-losing moves and threats first add leaves of their own (a lost
    position, a draw at the last two stones, a floor that closes the window):
    each is exact or a bound, as the trace says."""
    game, state = PROBED[index]
    root_player = game.to_move(state)
    _, probes = solve_probes(game, state)
    reasons = set()
    for probe in probes:
        trace = probe.trace
        nodes, kinds = trace.nodes(), trace.value_kinds()
        values = {e.node: e.value for e in trace.events if e.kind in ("leaf", "exit", "cache_hit")}
        reasons |= {e.reason for e in trace.events if e.reason}
        for node, kind in kinds.items():
            true = true_score_for_max(game, nodes[node].state, root_player)
            value = values[node]
            assert {EXACT: value == true, UPPER: true <= value, LOWER: true >= value}[kind], (
                node,
                kind,
                value,
                true,
            )
        for step in range(len(trace)):
            trace.sentence(step)  # every sentence can be written
    assert reasons  # the solver says why it valued a position without a search


def test_the_non_losing_rules_are_named_in_the_sentences():
    sentences = set()
    for game, state in PROBED:
        for probe in solve_probes(game, state)[1]:
            sentences |= {probe.trace.sentence(s) for s in range(len(probe.trace))}
    said = " ".join(sentences)
    assert "wins with its next stone whatever" in said
    assert "cannot win with its next stone, so no loss can come before" in said


def test_probes_need_a_window_and_a_game_not_over():
    with pytest.raises(ValueError, match="needs a window"):
        solve_probes(SMALL, upto="negamax")
    with pytest.raises(ValueError, match="the game is over"):
        solve_probes(SMALL, SMALL.from_moves("1213141"))


def test_a_deadline_stops_the_solver_in_time():
    import time

    from aisearch.connect4_solver import DeadlinePassed

    started = time.perf_counter()
    with pytest.raises(DeadlinePassed) as stopped:
        solve(BOARD, deadline=started + 0.05)
    assert time.perf_counter() - started < 0.5 and stopped.value.args[0] > 0
    # A deadline far away changes nothing of the search.
    state = WIDE.from_moves("33221")
    assert solve(WIDE, state, deadline=time.perf_counter() + 60).stats == solve(WIDE, state).stats


def test_a_cut_at_the_root_of_a_null_window_says_what_the_window_asked():
    """The root has no MIN or MAX above it: a cut there answers its own window."""
    from aisearch.connect4_solver import solve_probes

    game = ConnectFour(5, 4)
    _, probes = solve_probes(game, game.from_moves("3"))
    root_cuts = []
    for probe in probes:
        trace = probe.trace
        for step, event in enumerate(trace.events):
            if event.kind == "cutoff" and event.parent is None:
                root_cuts.append(trace.frame(step).sentence)
    assert root_cuts
    assert all("the search only asked whether" in s and "above already" not in s for s in root_cuts)
