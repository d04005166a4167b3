"""How quickly the step viewer redraws, and what recording a decision costs.

    python benchmarks/viewer.py

Frames: a ``StepViewer`` is opened on each trace and stepped with its next
button, as a click does (the frame replayed, the picture drawn, the PNG
encoded); the table gives the time to open the viewer and the median and
slowest of 40 steps, at the start, the middle and the end of the trace,
beside the goal of the issue "Step through real game searches": under 100 ms
a step for tic-tac-toe's full alpha-beta trace, and for 500 iterations of
MCTS on tic-tac-toe (drawn in focus too). A textbook tree is the small case
to compare with.

Figures of large traces: ``TreeFigure(trace)`` and ``frame_strip(trace)`` as
the README writes them, on the README's tic-tac-toe search (2,316 nodes
visited) and on minimax over a uniform tree of 111,111 nodes; before issue 28
they drew every node (16 s, and over 150 s). Goal: about a second, beyond
building the trace's own index (``Trace.nodes`` and ``Trace.replay``, timed
apart).

Recording: a board asks its computer player to record the search that chose
each move (``trace=True``), so that "show me its search" can show it. The
second table times a depth player's decisions with and without recording,
and the depth a timed player reaches in the same time. Wall-clock on a
shared machine: medians, and ratios measured side by side.
"""

from __future__ import annotations

import statistics
import time

from aisearch import Trace, alphabeta
from aisearch.games import GameTree, Isolation, TicTacToe
from aisearch.mcts import MCTSTrace, mcts
from aisearch.players import depth_player, timed_player
from aisearch.viz import step_through

GOAL_MS = 100


def traces() -> dict[str, Trace | MCTSTrace]:
    found: dict[str, Trace | MCTSTrace] = {}
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    found["textbook tree (alpha-beta)"] = Trace(tree)
    alphabeta(tree, tracer=found["textbook tree (alpha-beta)"])
    game = TicTacToe()
    found["tic-tac-toe, empty board"] = Trace(game)
    alphabeta(game, tracer=found["tic-tac-toe, empty board"])
    isolation = Isolation(5, 5)
    start = isolation.result(isolation.initial_state(), (2, 2))
    found["Isolation 5x5, depth 4"] = Trace(isolation)
    alphabeta(isolation, start, depth=4, tracer=found["Isolation 5x5, depth 4"])
    found["tic-tac-toe, MCTS 500 iterations"] = MCTSTrace(game)
    mcts(game, iterations=500, seed=0, tracer=found["tic-tac-toe, MCTS 500 iterations"])
    return found


def frames(trace: Trace | MCTSTrace) -> tuple[float, list[float]]:
    """Seconds to open a viewer, and the seconds of 40 steps at three places."""
    started = time.perf_counter()
    viewer = step_through(trace)
    opened = time.perf_counter() - started
    steps = []
    for place in (0, len(trace) // 2, max(0, len(trace) - 41)):
        viewer.step = place
        for _ in range(min(40, len(trace) - 1 - place)):
            started = time.perf_counter()
            viewer.next_button.click()
            steps.append(time.perf_counter() - started)
    return opened, steps


def recording(rounds: int = 5) -> None:
    game = TicTacToe()
    positions = [game.initial_state(), "X........", "X...O....", "XO..X...."]
    plain, recorded = depth_player(9), depth_player(9, trace=True)
    ratios = []
    for _ in range(rounds):
        for state in positions:
            a = time.perf_counter()
            plain(game, state)
            b = time.perf_counter()
            recorded(game, state)
            c = time.perf_counter()
            ratios.append((c - b) / (b - a))
    print(
        f"\ndepth_player(9) on tic-tac-toe, {len(positions)} positions x {rounds}: "
        f"recording takes {statistics.median(ratios):.2f}x the time (median of pairs)"
    )
    isolation = Isolation(6, 6)
    state = isolation.result(isolation.result(isolation.initial_state(), (2, 2)), (3, 3))
    depths = {False: [], True: []}
    for _ in range(rounds):
        for trace in (False, True):
            player = timed_player(0.5, trace=trace)
            player(isolation, state)
            depths[trace].append(player.last.depth)
    print(
        "timed_player(0.5 s) on 6x6 Isolation: depth reached "
        f"{statistics.median(depths[False]):g} without recording, "
        f"{statistics.median(depths[True]):g} with it (medians of {rounds})"
    )


def uniform_tree(depth: int = 5, branching: int = 10) -> GameTree:
    """A uniform tree, its leaves -9..9 by a fixed rule: 111,111 nodes at the defaults."""

    def nested(level: int, seed: int):
        if level == 0:
            return (seed * 7919) % 19 - 9
        return [nested(level - 1, seed * branching + i) for i in range(branching)]

    return GameTree.from_nested(nested(depth, 1))


def large_figures() -> None:
    from aisearch import minimax
    from aisearch.viz import TreeFigure, frame_strip

    game = TicTacToe()
    readme = Trace(game)
    alphabeta(game, game.result(game.initial_state(), (1, 1)), tracer=readme)
    uniform = uniform_tree()
    big = Trace(uniform)
    minimax(uniform, tracer=big)
    print(
        f"\n{'figure of a large trace':34}{'nodes':>9}{'index s':>8}{'figure s':>9}{'strip s':>8}"
    )
    for name, trace in (
        ("README tic-tac-toe (TreeFigure)", readme),
        ("uniform 10^5 (TreeFigure)", big),
    ):
        started = time.perf_counter()
        trace.nodes(), trace.replay()
        index = time.perf_counter() - started
        started = time.perf_counter()
        TreeFigure(trace, step=-1).png()
        figure = time.perf_counter() - started
        started = time.perf_counter()
        frame_strip(trace)
        strip = time.perf_counter() - started
        print(f"{name:34}{len(trace.nodes()):9,}{index:8.2f}{figure:9.2f}{strip:8.2f}")


def main() -> None:
    print(f"{'trace':34}{'events':>9}{'open s':>8}{'step ms':>9}{'slowest':>9}{'goal':>6}")
    for name, trace in traces().items():
        opened, steps = frames(trace)
        print(
            f"{name:34}{len(trace):9,}{opened:8.2f}{1000 * statistics.median(steps):9.0f}"
            f"{1000 * max(steps):9.0f}{GOAL_MS:6d}"
        )
    large_figures()
    recording()


if __name__ == "__main__":
    main()
