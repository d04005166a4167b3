"""How quickly the Connect Four board appears and answers, against its goals.

    python benchmarks/board.py

A student plays whole games in the kernel (``button.click()`` runs what a click
runs), always in the open column nearest the centre. The table gives the time
for the board to appear (its first position drawn, scores included) and the
mean and slowest reply (the computer's move and the scores shown after it),
beside the goals of the issue "Speed where students feel it": the real 7 x 6
board appears in under 1 s and answers within its budget (1 s); a 5 x 4
board appears and answers in under 0.3 s. Wall-clock on a shared machine.
"""

from __future__ import annotations

import statistics
import time

from aisearch.games import ConnectFour
from aisearch.viz.connect4 import ConnectFourBoard

GOALS = {(7, 6): (1.0, 1.0), (5, 4): (0.3, 0.3)}  # appear, reply (seconds)


def play(width: int, height: int, first: str) -> tuple[float, list[float], list[str]]:
    """One game: the seconds to appear, each reply's seconds, how each was chosen."""
    started = time.perf_counter()
    board = ConnectFourBoard(ConnectFour(width, height), first=first)
    appear = time.perf_counter() - started
    replies, how = [], [board.decision] if board.decision else []
    middle = (width - 1) / 2
    while not board.game.is_terminal(board.state):
        open_columns = [c for c, b in enumerate(board.buttons) if not b.disabled]
        column = min(open_columns, key=lambda c: abs(c - middle))
        started = time.perf_counter()
        board.buttons[column].click()
        replies.append(time.perf_counter() - started)
        how.append(board.decision)
    return appear, replies, how


def main() -> None:
    print(
        f"{'board':8}{'first':>10}{'appear s':>10}{'goal':>6}{'mean reply s':>14}"
        f"{'slowest':>9}{'goal':>6}  replies: solved / searched"
    )
    for (width, height), (appear_goal, reply_goal) in GOALS.items():
        for first in ("you", "computer"):
            appear, replies, how = play(width, height, first)
            solved = sum(h.startswith("solved") for h in how)
            searched = sum(h.startswith("searched") for h in how)
            print(
                f"{f'{width}x{height}':8}{first:>10}{appear:10.2f}{appear_goal:6.1f}"
                f"{statistics.mean(replies):14.2f}{max(replies):9.2f}{reply_goal:6.1f}"
                f"  {solved} / {searched}"
            )


if __name__ == "__main__":
    main()
