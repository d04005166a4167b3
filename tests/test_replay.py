"""``Trace.frame`` reads its replay index; here it is held against replaying
every event from the start, the way frames were computed before the index,
on every kind of trace the package makes."""

import random

import pytest
from hypothesis import given, settings

from aisearch import (
    Trace,
    TranspositionTable,
    alphabeta,
    expectimax,
    maxn,
    minimax,
    negamax,
    star1,
)
from aisearch.connect4_solver import solve
from aisearch.games import ConnectFour, GameTree, Isolation, TicTacToe
from aisearch.games.coinrow import CoinRow
from aisearch.games.dicenim import DiceNim
from aisearch.quiescence import quiescence_search, threat_moves
from aisearch.trace import (
    CHANCE_STEP,
    CUTOFF,
    DONE,
    ENTER,
    EXACT,
    EXIT,
    LEAF,
    PRUNED,
    STACK,
    TABLE_ANSWERS,
    TABLE_NARROWINGS,
    UNSEEN,
    UPDATE,
)
from tests.trees import LayeredDag, nested_trees, textbook


def replayed(trace: Trace, step: int) -> dict:
    """A frame's fields by replaying events 0..step, as ``Trace.frame`` once did."""
    nodes = trace.nodes()
    status = {i: UNSEEN for i in nodes}
    value: dict = {}
    window: dict = {}
    best: dict = {}
    stack: list = []
    bound: dict = {}
    kinds = trace.value_kinds()
    counts = {"visited": 0, "leaves": 0, "cutoffs": 0, "pruned": 0}
    pruned_at: dict = {}  # the cutoff's step -> the nodes it prunes
    for i, row in nodes.items():
        pruned_at.setdefault(row.pruned, []).append(i)
    for e in trace.events[: step + 1]:
        kind, node = e.kind, e.node
        if kind == ENTER:
            status[node] = STACK
            stack.append(node)
            counts["visited"] += 1
            if e.alpha is not None:
                window[node] = (e.alpha, e.beta)
        elif kind == LEAF:
            status[node] = DONE
            value[node] = e.value
            counts["visited"] += 1
            counts["leaves"] += 1
            if e.bound is not None and e.bound != EXACT:
                bound[node] = e.bound
        elif kind == UPDATE:
            value[node] = e.value
            if e.child is not None:
                best[node] = e.child
            if e.alpha is not None:
                window[node] = (e.alpha, e.beta)
        elif kind == CHANCE_STEP:
            value[node] = e.total
        elif kind in TABLE_NARROWINGS:
            if e.alpha is not None:
                window[node] = (e.alpha, e.beta)
        elif kind in TABLE_ANSWERS:
            status[node] = DONE
            value[node] = e.value
            counts["visited"] += 1
            counts["hits"] = counts.get("hits", 0) + 1
            if kinds.get(node, EXACT) != EXACT:
                bound[node] = kinds[node]
        elif kind == CUTOFF:
            counts["cutoffs"] += 1
            if e.role == "chance" and e.value is not None:
                value[node] = e.value
                if kinds.get(node, EXACT) != EXACT:
                    bound[node] = kinds[node]
            for i in pruned_at.get(e.step, ()):
                status[i] = PRUNED
                if nodes[i].parent == node:
                    counts["pruned"] += 1
        elif kind == EXIT:
            status[node] = DONE
            value[node] = e.value
            window.pop(node, None)
            if kinds.get(node, EXACT) != EXACT:
                bound[node] = kinds[node]
            if stack and stack[-1] == node:
                stack.pop()
    event = trace.events[step]
    if event.kind == LEAF or (event.kind == EXIT and (not stack or stack[-1] != event.node)):
        stack.append(event.node)
    return dict(
        status=status,
        value=value,
        window=window,
        best=best,
        stack=stack,
        counts=counts,
        bound=bound,
    )


def assert_same_frames(trace: Trace, steps=None) -> None:
    steps = range(len(trace)) if steps is None else steps
    for step in steps:
        frame = trace.frame(step)
        expected = replayed(trace, step)
        for field, want in expected.items():
            got = getattr(frame, field)
            got = dict(got) if field not in ("stack", "counts") else got
            assert got == want, f"step {step}: {field} differs"
        # The views answer single look-ups as the dictionaries do.
        for node in list(trace.nodes())[:50]:
            assert frame.status[node] == expected["status"][node]
            assert frame.value.get(node) == expected["value"].get(node)
            assert (node in frame.window) == (node in expected["window"])


def traced(search, game, *args, **options) -> Trace:
    trace = Trace(game)
    search(game, *args, tracer=trace, **options)
    return trace


SMALL = {
    "textbook minimax": lambda: traced(minimax, textbook()),
    "textbook alpha-beta": lambda: traced(alphabeta, textbook()),
    "alpha-beta, no cut on ties": lambda: traced(
        alphabeta, GameTree.from_nested([[3, 3], [3, 1], [2, 5]]), prune_on_equal=False
    ),
    "negamax with a table": lambda: traced(
        negamax, LayeredDag(seed=3), table=TranspositionTable(64)
    ),
    "alpha-beta with a table, symmetry": lambda: traced(
        alphabeta, TicTacToe(), "XO..X.O..", table=TranspositionTable(256), symmetry=True
    ),
    "expectimax on Dice Nim": lambda: traced(expectimax, DiceNim(stones=4, die=2)),
    "star1": lambda: traced(
        star1,
        GameTree.from_nested(
            [[[1, 3], [2, -1]], [[0, 2], [4, -2]]], layers=("max", "chance", "min")
        ),
        bounds=(-5, 5),
    ),
    "max^n": lambda: traced(maxn, CoinRow((3, 1, 4, 1, 5))),
    "the traced Connect Four solver": lambda: _solved(),
    "quiescence": lambda: traced(
        quiescence_search, TicTacToe(), "X...O....", depth=2, noisy=threat_moves
    ),
    "Isolation, depth 2": lambda: traced(alphabeta, Isolation(4, 4), depth=2),
}


def _solved() -> Trace:
    game = ConnectFour(4, 4)
    trace = Trace(game)
    solve(game, game.from_moves("1234"), upto="table", tracer=trace)
    return trace


@pytest.mark.parametrize("name", SMALL)
def test_every_step_of_small_traces(name):
    assert_same_frames(SMALL[name]())


def test_sampled_steps_of_large_traces():
    """Tic-tac-toe from the empty board (47,829 events) and a Connect Four
    search: the replay is only run at sampled steps, for time."""
    rng = random.Random(0)
    for trace in (
        traced(alphabeta, TicTacToe()),
        traced(alphabeta, ConnectFour(4, 4), ConnectFour(4, 4).from_moves("12")),
    ):
        n = len(trace)
        assert n > 1000
        assert_same_frames(trace, [1, n - 1, *rng.sample(range(n), 2)])


@settings(max_examples=40, deadline=None)
@given(nested_trees)
def test_every_step_of_random_trees(spec):
    assert_same_frames(traced(alphabeta, GameTree.from_nested(spec)))
