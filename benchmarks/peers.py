"""The package's searches beside OpenSpiel's and AIMA's, on the same trees, in one run.

    make benchmark-peers        # makes .venv-peers with open_spiel and aima3, then runs this

OpenSpiel (``open_spiel`` on PyPI; M. Lanctot et al., "OpenSpiel: A Framework
for Reinforcement Learning in Games", arXiv:1908.09453, 2019) ships
alpha-beta and expectiminimax in Python over its C++ games
(``open_spiel.python.algorithms.minimax``). AIMA's Python code (``aima3`` on
PyPI, the packaged aima-python of Russell and Norvig's book) has
``minimax_decision`` and ``alphabeta_search`` over its own ``TicTacToe``.
Neither is a dependency of the course: ``make benchmark-peers`` installs them
in a separate environment, ``.venv-peers``, and runs this file there with the
course's package on the path (its core needs only the standard library).

Each row times one search from one position with each library, best of
``--repeat`` runs, and prints the ratio ours / theirs (below 1: ours is
faster) with the nodes each visited. OpenSpiel's nodes are counted by
wrapping its recursive function (every call is a node). The trees are the
same game from the same position with the same move order (columns and cells
in index order) where the node counts agree; a row says so when they do not.
Timings are wall-clock on a shared machine: compare within one run.
"""

from __future__ import annotations

import argparse
import platform
import time

import pyspiel
from open_spiel.python.algorithms import minimax as spiel

from aisearch import alphabeta, minimax
from aisearch.games import ConnectFour, TicTacToe

try:
    from aima3 import games as aima
except ImportError:  # the table says so
    aima = None

LATE_7X6 = "444433322216615"
"""A middle 7 x 6 Connect Four position (15 stones, 1-based columns), searched
to a depth of 9 plies with a zero evaluation: 55,575 alpha-beta nodes."""
LATE_DEPTH = 9


def best_of(repeat: int, run) -> tuple[float, object]:
    """The shortest of ``repeat`` runs of ``run()``, and what the last one returned."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        started = time.perf_counter()
        answer = run()
        best = min(best, time.perf_counter() - started)
    return best, answer


class Counted:
    """Counts the calls of an OpenSpiel search function: each call is one node."""

    def __init__(self, name: str):
        self.name, self.original, self.calls = name, getattr(spiel, name), 0

    def __enter__(self):
        def counting(*args, **kwargs):
            self.calls += 1
            return self.original(*args, **kwargs)

        setattr(spiel, self.name, counting)
        return self

    def __exit__(self, *exc):
        setattr(spiel, self.name, self.original)


def spiel_state(game, columns: str):
    """The OpenSpiel Connect Four state after ``columns`` (1-based digits)."""
    state = game.new_initial_state()
    for c in columns:
        state.apply_action(int(c) - 1)
    return state


def rows(repeat: int):
    """``(search, ours seconds, our nodes, theirs seconds, their nodes, library)``."""
    ttt, spiel_ttt = TicTacToe(), pyspiel.load_game("tic_tac_toe")

    seconds, ours = best_of(repeat, lambda: alphabeta(ttt))
    with Counted("_alpha_beta") as count:
        theirs, _ = best_of(repeat, lambda: spiel.alpha_beta_search(spiel_ttt))
    yield (
        "tic-tac-toe alpha-beta, empty board",
        seconds,
        ours.stats.nodes,
        theirs,
        count.calls // repeat,
        "OpenSpiel",
    )

    seconds, ours = best_of(1, lambda: minimax(ttt))
    with Counted("expectiminimax") as count:
        theirs, _ = best_of(
            1, lambda: spiel.expectiminimax(spiel_ttt.new_initial_state(), 9, None, 0)
        )
    yield (
        "tic-tac-toe minimax, empty board",
        seconds,
        ours.stats.nodes,
        theirs,
        count.calls,
        "OpenSpiel",
    )

    small, spiel_small = (
        ConnectFour(4, 4),
        pyspiel.load_game("connect_four", {"rows": 4, "columns": 4}),
    )
    seconds, ours = best_of(repeat, lambda: alphabeta(small))
    with Counted("_alpha_beta") as count:
        theirs, _ = best_of(repeat, lambda: spiel.alpha_beta_search(spiel_small, maximum_depth=16))
    yield (
        "Connect Four 4x4 alpha-beta, empty",
        seconds,
        ours.stats.nodes,
        theirs,
        count.calls // repeat,
        "OpenSpiel",
    )

    big, spiel_big = ConnectFour(), pyspiel.load_game("connect_four")
    state = big.from_moves(LATE_7X6)
    seconds, ours = best_of(
        repeat, lambda: alphabeta(big, state, depth=LATE_DEPTH, evaluate=lambda g, s, p: 0)
    )
    with Counted("_alpha_beta") as count:
        theirs, _ = best_of(
            repeat,
            lambda: spiel.alpha_beta_search(
                spiel_big,
                spiel_state(spiel_big, LATE_7X6),
                value_function=lambda s: 0.0,
                maximum_depth=LATE_DEPTH,
            ),
        )
    name = f"Connect Four 7x6 alpha-beta, {len(LATE_7X6)} stones, depth {LATE_DEPTH}"
    yield name, seconds, ours.stats.nodes, theirs, count.calls // repeat, "OpenSpiel"

    if aima is not None:
        game = aima.TicTacToe()
        seconds, ours = best_of(repeat, lambda: alphabeta(ttt))
        theirs, _ = best_of(repeat, lambda: aima.alphabeta_search(game.initial, game))
        yield "tic-tac-toe alpha-beta, empty board", seconds, ours.stats.nodes, theirs, None, "AIMA"


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="The course's searches beside OpenSpiel and AIMA.")
    parser.add_argument("--repeat", type=int, default=3, help="runs per search; the best is shown")
    repeat = parser.parse_args(argv).repeat
    print(f"Python {platform.python_version()}, best of {repeat} (minimax: 1 run)\n")
    print(
        f"{'search':48}{'library':>10}{'ours s':>9}{'theirs s':>10}{'ratio':>7}{'our nodes':>11}{'their nodes':>13}"
    )
    for name, ours, our_nodes, theirs, their_nodes, library in rows(repeat):
        shown = "-" if their_nodes is None else f"{their_nodes:,}"
        note = "" if their_nodes in (None, our_nodes) else "  (trees differ)"
        print(
            f"{name:48}{library:>10}{ours:9.3f}{theirs:10.3f}{ours / theirs:7.2f}"
            f"{our_nodes:11,}{shown:>13}{note}"
        )
    print("\nratio = ours / theirs: below 1, the course's search is faster on the same tree")


if __name__ == "__main__":
    main()
