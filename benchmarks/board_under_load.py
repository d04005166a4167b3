"""The 7 x 6 board's replies while other processes compete for the CPU.

    python benchmarks/board_under_load.py              # 2 and 4 competitors
    python benchmarks/board_under_load.py --competitors 3 --budget 1.0

The board's budget is wall clock: every search it runs (the solver, iterative
deepening, the column scores) checks a deadline, so a reply should keep its
budget on a busy machine too (a shared course server, a loaded laptop). This
plays one game on the real board in the kernel (``button.click()`` runs what a
click runs), always in the open column nearest the centre, while ``N``
CPU-bound processes spin beside it, and prints each reply's seconds (the
computer's move and the column scores shown after it) against the budget,
with how the move was chosen.

The browser test plays a whole game too, but does not time it: a timing under
load belongs here, not in a test that fails when CI is busy.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time

from aisearch.games import ConnectFour
from aisearch.viz.connect4 import ConnectFourBoard


def spin(stop) -> None:  # pragma: no cover - runs in a child process
    """Burn CPU until ``stop`` is set."""
    x = 0
    while not stop.is_set():
        for _ in range(100_000):
            x = (x * 31 + 7) % 1_000_003


def game(budget: float) -> list[tuple[int, float, str]]:
    """One game on the 7 x 6 board: ``(turn, seconds, how chosen)`` per reply."""
    board = ConnectFourBoard(ConnectFour(), budget=budget)
    middle = (board.game.width - 1) / 2
    replies = []
    while not board.game.is_terminal(board.state):
        open_columns = [c for c, b in enumerate(board.buttons) if not b.disabled]
        column = min(open_columns, key=lambda c: abs(c - middle))
        started = time.perf_counter()
        board.buttons[column].click()
        replies.append((len(replies) + 1, time.perf_counter() - started, board.decision))
    return replies


def under_load(competitors: int, budget: float) -> list[tuple[int, float, str]]:
    """A game with ``competitors`` spinning processes beside it."""
    stop = multiprocessing.Event()
    spinners = [multiprocessing.Process(target=spin, args=(stop,)) for _ in range(competitors)]
    for process in spinners:
        process.start()
    try:
        time.sleep(0.5)  # let them take the CPU
        return game(budget)
    finally:
        stop.set()
        for process in spinners:
            process.join()


def report(competitors: int, budget: float, replies) -> None:
    times = [seconds for _, seconds, _ in replies]
    over = [t for t in times if t > budget]
    print(
        f"\n{competitors} competing processes on {os.cpu_count()} cores, budget {budget:g} s: "
        f"{len(times)} replies, slowest {max(times):.2f} s, {len(over)} over the budget"
    )
    print(f"{'turn':>5}{'reply s':>9}{'budget':>8}  how")
    for turn, seconds, how in replies:
        flag = "  OVER" if seconds > budget else ""
        print(f"{turn:5d}{seconds:9.2f}{budget:8.2f}  {how}{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--competitors", type=int, nargs="*", default=[2, 4], help="spinning processes (2-4)"
    )
    parser.add_argument("--budget", type=float, default=1.0, help="the board's budget, seconds")
    options = parser.parse_args()
    for competitors in options.competitors:
        report(competitors, options.budget, under_load(competitors, options.budget))


if __name__ == "__main__":
    main()
