"""Regenerate the course's pictures: ``python -m aisearch.figures [--out DIR]``.

Every picture in ``figures/`` (at the root of the repository) is made here,
from a seeded search, with matplotlib's default style and the Agg backend,
so running this again gives the same files:

- ``viewer.png``: alpha-beta on the textbook tree (Russell and Norvig,
  Figure 5.2) just after its first cutoff, when C returns the bound ≤2, the
  picture in the README;
- ``alphabeta_strip.png``: the key steps of that search side by side;
- ``minimax_final.png``: minimax on the same tree, finished;
- ``tictactoe_board.png``: a tic-tac-toe position won by X;
- ``expectimax_final.png``: expectiminimax on a small dice tree;
- ``table_hit.png``: alpha-beta with a transposition table on tic-tac-toe, at
  its first answer from the table;
- ``maxn_final.png``: max^n on notebook 07's three-player tree;
- ``mcts_final.png``: Monte Carlo tree search's tree after 50 iterations on
  notebook 08's tree with a hidden win;
- ``connect4_board.png``: the Connect Four position 4455 as a bitboard;
- ``focus_tictactoe.png``, ``focus_isolation.png``, ``focus_connect4.png``:
  real searches in the viewer's focused view, at the size a student sees
  them (100 dpi): alpha-beta on tic-tac-toe from the empty board (47,829
  steps), alpha-beta to depth 4 on 5 x 5 Isolation, and the Connect Four
  solver (its readable ladder, up to the table) on a 7 x 6 position of 26
  stones.
"""

from __future__ import annotations

import argparse
import pathlib
from collections.abc import Callable

TEXTBOOK_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
DPI = 144


def textbook_trace(algorithm: str = "alphabeta"):
    """The trace of ``algorithm`` on the textbook tree, with pruned nodes drawn."""
    from aisearch import Trace, alphabeta, minimax
    from aisearch.games import GameTree

    tree = GameTree.from_nested(TEXTBOOK_TREE)
    trace = Trace(tree)
    {"alphabeta": alphabeta, "minimax": minimax}[algorithm](tree, tracer=trace)
    return trace


def first_cutoff(trace) -> int:
    """The step of the trace's first cutoff."""
    return next(e.step for e in trace if e.kind == "cutoff")


def viewer(path: pathlib.Path) -> None:
    from aisearch.viz import TreeFigure

    trace = textbook_trace()
    # The step after the cutoff: C is done, and its value is drawn as the bound it is.
    TreeFigure(trace, step=first_cutoff(trace) + 1).figure.savefig(path, dpi=DPI, **_SAVE)


def alphabeta_strip(path: pathlib.Path) -> None:
    from aisearch.viz import frame_strip

    trace = textbook_trace()
    cutoff = first_cutoff(trace)
    # The first leaf, B's value, A's first alpha, the cutoff, the end.
    first_leaf = next(e.step for e in trace if e.kind == "leaf")
    exit_b = next(e.step for e in trace if e.kind == "exit")
    steps = [first_leaf, exit_b, exit_b + 1, cutoff - 1, cutoff, len(trace) - 1]
    frame_strip(trace, steps, columns=3).savefig(path, dpi=DPI, **_SAVE)


def minimax_final(path: pathlib.Path) -> None:
    from aisearch.viz import TreeFigure

    TreeFigure(textbook_trace("minimax"), step=-1).figure.savefig(path, dpi=DPI, **_SAVE)


def tictactoe_board(path: pathlib.Path) -> None:
    from aisearch.games import TicTacToe
    from aisearch.viz import draw_board

    game = TicTacToe()
    state = game.from_rows("XOX", "OXO", "..X")
    draw_board(game, state, title="X has three in a row").figure.savefig(path, dpi=DPI, **_SAVE)


def expectimax_final(path: pathlib.Path) -> None:
    """Expectiminimax on a small dice tree: MAX, chance, MIN, with its averages."""
    from aisearch import Trace, expectimax
    from aisearch.games import GameTree
    from aisearch.viz import TreeFigure

    tree = GameTree.from_nested(
        [[(0.9, 10), (0.1, -5)], [(0.5, [2, 7]), (0.5, [3, 1])]], layers=("max", "chance", "min")
    )
    trace = Trace(tree)
    expectimax(tree, tracer=trace)
    TreeFigure(trace, step=-1).figure.savefig(path, dpi=DPI, **_SAVE)


def table_hit(path: pathlib.Path) -> None:
    """A table search on a tic-tac-toe position, at its first answer from the table."""
    from aisearch import Trace, TranspositionTable, alphabeta
    from aisearch.games import TicTacToe
    from aisearch.viz import TreeFigure

    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, "..O.XX.XO", table=TranspositionTable(), tracer=trace)
    hit = next(e.step for e in trace if e.kind == "cache_hit")
    TreeFigure(trace, step=hit).figure.savefig(path, dpi=DPI, **_SAVE)


def maxn_final(path: pathlib.Path) -> None:
    """Max^n backing up value vectors on notebook 07's first tree."""
    from aisearch import Trace, maxn
    from aisearch.games import GameTree
    from aisearch.viz import TreeFigure

    tree = GameTree.from_nested(
        [
            [[(3, 3, 4), (1, 4, 5)], [(6, 2, 2), (2, 6, 2)]],
            [[(5, 1, 4), (7, 2, 1)], [(0, 9, 1), (4, 3, 3)]],
        ],
        players=("P1", "P2", "P3"),
    )
    trace = Trace(tree)
    maxn(tree, tracer=trace)
    TreeFigure(trace, step=-1).figure.savefig(path, dpi=DPI, **_SAVE)


def mcts_final(path: pathlib.Path) -> None:
    """MCTS after 50 seeded iterations on a tree whose best move random playouts misjudge."""
    from aisearch import MCTSTrace, mcts
    from aisearch.games import GameTree
    from aisearch.viz import MCTSFigure

    hidden = GameTree.from_nested([[[1, -1, -1, -1], [-1, -1, -1, 1]], [0, 0]])
    trace = MCTSTrace(hidden)
    mcts(hidden, iterations=50, seed=0, tracer=trace)
    MCTSFigure(trace, step=-1).figure.savefig(path, dpi=DPI, **_SAVE)


def connect4_board(path: pathlib.Path) -> None:
    """The Connect Four position 4455 with each cell's bit number."""
    import matplotlib.pyplot as plt

    from aisearch.games import ConnectFour
    from aisearch.viz import draw_connect4

    game = ConnectFour()
    fig, ax = plt.subplots(figsize=(4.2, 4))
    draw_connect4(game, game.from_moves("4455"), ax=ax, title="4455: X to move, scores 18")
    fig.savefig(path, dpi=DPI, **_SAVE)
    plt.close(fig)


def _focused(trace, step: int, path: pathlib.Path) -> None:
    """One step of a large trace as the viewer draws it, sentence and counters included."""
    from aisearch.viz.focus import FocusFigure

    FocusFigure(trace, step=step).figure.savefig(path, dpi=100, **_SAVE)


def focus_tictactoe(path: pathlib.Path) -> None:
    """Alpha-beta on tic-tac-toe from the empty board, in the middle of its search."""
    from aisearch import Trace, alphabeta
    from aisearch.games import TicTacToe

    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, tracer=trace)
    _focused(trace, 20000, path)


def focus_isolation(path: pathlib.Path) -> None:
    """Alpha-beta to depth 4 on 5 x 5 Isolation, after X took the centre."""
    from aisearch import Trace, alphabeta
    from aisearch.games import Isolation

    game = Isolation(5, 5)
    trace = Trace(game)
    alphabeta(game, game.result(game.initial_state(), (2, 2)), depth=4, tracer=trace)
    _focused(trace, 2 * len(trace) // 3, path)


CONNECT4_POSITION = "66772366717352144112345442"
"""A 7 x 6 position from seeded random play (26 stones) that the solver explores in about 4,000 positions."""


def focus_connect4(path: pathlib.Path) -> None:
    """The Connect Four solver's traced ladder on a 26-stone position."""
    from aisearch import Trace
    from aisearch.connect4_solver import solve
    from aisearch.games import ConnectFour

    game = ConnectFour()
    trace = Trace(game)
    solve(game, game.from_moves(CONNECT4_POSITION), upto="table", tracer=trace)
    _focused(trace, len(trace) // 2, path)


_SAVE: dict = {"metadata": {"Software": None}}

FIGURES: dict[str, Callable[[pathlib.Path], None]] = {
    "viewer.png": viewer,
    "alphabeta_strip.png": alphabeta_strip,
    "minimax_final.png": minimax_final,
    "tictactoe_board.png": tictactoe_board,
    "expectimax_final.png": expectimax_final,
    "table_hit.png": table_hit,
    "maxn_final.png": maxn_final,
    "mcts_final.png": mcts_final,
    "connect4_board.png": connect4_board,
    "focus_tictactoe.png": focus_tictactoe,
    "focus_isolation.png": focus_isolation,
    "focus_connect4.png": focus_connect4,
}


def default_folder() -> pathlib.Path:
    """``figures/`` at the repository root, or in the current folder if not in one."""
    root = pathlib.Path(__file__).resolve().parent.parent
    if (root / "pyproject.toml").exists():
        return root / "figures"
    return pathlib.Path.cwd() / "figures"


def main(argv: list[str] | None = None) -> list[pathlib.Path]:
    parser = argparse.ArgumentParser(
        prog="python -m aisearch.figures",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--out",
        type=pathlib.Path,
        default=None,
        help="folder to write to (default: figures/ at the repository root)",
    )
    parser.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=f"figures to make, of {', '.join(FIGURES)} (default: all)",
    )
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in FIGURES]
    if unknown:
        parser.error(f"no figure named {unknown[0]!r}; the figures are {', '.join(FIGURES)}")
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.style

    folder = args.out or default_folder()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with matplotlib.style.context("default"):
        for name in args.names or FIGURES:
            path = folder / name
            FIGURES[name](path)
            print(path)
            written.append(path)
    return written


if __name__ == "__main__":
    main()
