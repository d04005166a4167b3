"""Regenerate the course's pictures: ``python -m aisearch.figures [options] [NAME ...]``.

Every picture in ``figures/`` (at the root of the repository) is made here,
from a seeded search, with matplotlib's default style and the Agg backend,
so running this again gives the same files:

- ``viewer.png``: alpha-beta on the textbook tree (Russell and Norvig,
  Figure 5.2) just after its first cutoff, when C returns the bound ≤2, the
  picture in the README;
- ``alphabeta_strip.png``: six key steps of that search, in two rows of three
  (16:9, for a slide);
- ``minimax_final.png``: minimax on the same tree, finished;
- ``tictactoe_board.png``: a tic-tac-toe position won by X;
- ``expectimax_final.png``: expectiminimax on a small dice tree;
- ``table_hit.png``: alpha-beta with a transposition table on tic-tac-toe, at
  its first answer from the table, the position it answered named under it;
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

Every picture is drawn to be read on a projector: shown at 1280 x 720 pixels
(fitted into that box, keeping its shape), its smallest text is at least
14 pixels tall (``SMALLEST_PIXELS``; ``smallest_font`` gives the points that
takes at a size).

Options (all optional; with none, ``figures/`` is redrawn as it is stored):

  --size WxH      the figure's size: in inches (``8x4.5``), or in pixels at
                  the chosen dpi (``1280x720px``); a tree figure (not a board
                  or a focused view) sets its type to stay legible at
                  1280 x 720 at that size
  --dpi N         pixels per inch of a PNG (default 144; 100 for focus_*)
  --format F      png, svg or pdf (the file is NAME.F)
  --out FOLDER    where to write (default: figures/ at the repository root)
  NAME ...        the figures to draw, with or without ".png" (default: all)

For slides: ``python -m aisearch.figures --format svg --out slides/``, or
``--size 1280x720px --dpi 144`` for PNGs that fill a 16:9 slide.
"""

from __future__ import annotations

import argparse
import pathlib
import re
from collections.abc import Callable
from dataclasses import dataclass

TEXTBOOK_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
DPI = 144
FORMATS = ("png", "svg", "pdf")
PROJECTED = (1280, 720)
"""The pixels of the projector a figure must be legible on: 720p, 16:9."""
SMALLEST_PIXELS = 14
"""The smallest text, in pixels, at ``PROJECTED``."""


def smallest_font(figsize: tuple[float, float]) -> float:
    """The points of ``SMALLEST_PIXELS`` on a figure of ``figsize`` inches
    shown at ``PROJECTED`` (fitted, keeping its shape).

    >>> round(smallest_font((8.0, 4.5)), 2), round(smallest_font((6.4, 6.4)), 2)
    (6.3, 8.96)
    """
    width, height = figsize
    pixels_per_inch = min(PROJECTED[0] / width, PROJECTED[1] / height)
    return SMALLEST_PIXELS * 72 / pixels_per_inch


@dataclass(frozen=True)
class Output:
    """How a figure is drawn and saved: its size in inches (``None``: the
    figure's own), and pixels per inch (``None``: the figure's own)."""

    size: tuple[float, float] | None = None
    dpi: float | None = None

    def figsize(self, default: tuple[float, float]) -> tuple[float, float]:
        return self.size or default

    def save(self, figure, path: pathlib.Path, dpi: float = DPI) -> None:
        """Save ``figure`` to ``path`` in the format its suffix names, the same
        bytes on every run (no date, no software, fixed SVG ids)."""
        import matplotlib

        fmt = path.suffix.lstrip(".")
        metadata: dict = {"Software": None} if fmt == "png" else {"Date": None, "Creator": None}
        with matplotlib.rc_context({"svg.hashsalt": "aisearch"}):
            figure.savefig(path, format=fmt, dpi=self.dpi or dpi, metadata=metadata)


DEFAULT = Output()


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


def _tree_figure(trace, step: int, output: Output, **options):
    """A ``TreeFigure`` of ``trace`` at ``step``, its smallest type legible
    when projected (``smallest_font``): at ``output``'s size, or at its own."""
    from aisearch.viz import TreeFigure

    size = output.size or tuple(TreeFigure(trace, step=step, **options).figure.get_size_inches())
    return TreeFigure(trace, step=step, figsize=size, min_font=smallest_font(size), **options)


def viewer(path: pathlib.Path, output: Output = DEFAULT) -> None:
    trace = textbook_trace()
    # The step after the cutoff: C is done, and its value is drawn as the bound it is.
    output.save(_tree_figure(trace, first_cutoff(trace) + 1, output).figure, path)


STRIP_SIZE = (9.6, 5.4)
"""The frame strip's size in inches: 16:9, two rows of three panels."""


def alphabeta_strip(path: pathlib.Path, output: Output = DEFAULT) -> None:
    from aisearch.viz import frame_strip

    trace = textbook_trace()
    cutoff = first_cutoff(trace)
    # The first leaf, B's value, A's first alpha, the cutoff, the end.
    first_leaf = next(e.step for e in trace if e.kind == "leaf")
    exit_b = next(e.step for e in trace if e.kind == "exit")
    steps = [first_leaf, exit_b, exit_b + 1, cutoff - 1, cutoff, len(trace) - 1]
    width, height = output.figsize(STRIP_SIZE)
    font = smallest_font((width, height))
    # Two rows of three panels; first guess the trees' height, then take off
    # what the headings, counters and legend took beyond it.
    tree_height = 0.3 * height
    for _ in range(2):
        strip = frame_strip(
            trace, steps, columns=3, panel_size=(width / 3, tree_height), min_font=font
        )
        tree_height = max(0.8, tree_height - (strip.get_size_inches()[1] - height) / 2)
    output.save(strip, path)


def minimax_final(path: pathlib.Path, output: Output = DEFAULT) -> None:
    output.save(_tree_figure(textbook_trace("minimax"), -1, output).figure, path)


def tictactoe_board(path: pathlib.Path, output: Output = DEFAULT) -> None:
    from aisearch.games import TicTacToe
    from aisearch.viz import draw_board

    game = TicTacToe()
    state = game.from_rows("XOX", "OXO", "..X")
    size = min(output.size) if output.size else 2.4
    axes = draw_board(game, state, title="X has three in a row", size=size)
    output.save(axes.figure, path)


def expectimax_final(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """Expectiminimax on a small dice tree: MAX, chance, MIN, with its averages."""
    from aisearch import Trace, expectimax
    from aisearch.games import GameTree

    tree = GameTree.from_nested(
        [[(0.9, 10), (0.1, -5)], [(0.5, [2, 7]), (0.5, [3, 1])]], layers=("max", "chance", "min")
    )
    trace = Trace(tree)
    expectimax(tree, tracer=trace)
    output.save(_tree_figure(trace, -1, output).figure, path)


TABLE_SIZE = (9.6, 5.4)
"""The table search's size in inches: 16:9, 17 leaves wide."""


def table_hit(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """A table search on a tic-tac-toe position, at its first answer from the table.

    The caption names the position the table answered (``XOOOXX.XO``): it is
    the one node named in the picture, as the other names, nine letters each,
    would not fit between the nodes.
    """
    from aisearch import Trace, TranspositionTable, alphabeta
    from aisearch.games import TicTacToe

    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, "..O.XX.XO", table=TranspositionTable(), tracer=trace)
    hit = next(e for e in trace if e.kind == "cache_hit")
    output = Output(output.figsize(TABLE_SIZE), output.dpi)
    figure = _tree_figure(
        trace,
        hit.step,
        output,
        show_labels=True,
        label=lambda n: trace.label(n) if n == hit.node else "",
    )
    output.save(figure.figure, path)


def maxn_final(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """Max^n backing up value vectors on notebook 07's first tree."""
    from aisearch import Trace, maxn
    from aisearch.games import GameTree

    tree = GameTree.from_nested(
        [
            [[(3, 3, 4), (1, 4, 5)], [(6, 2, 2), (2, 6, 2)]],
            [[(5, 1, 4), (7, 2, 1)], [(0, 9, 1), (4, 3, 3)]],
        ],
        players=("P1", "P2", "P3"),
    )
    trace = Trace(tree)
    maxn(tree, tracer=trace)
    output.save(_tree_figure(trace, -1, output).figure, path)


MCTS_SIZE = (8.4, 5.0)
"""The MCTS tree's size in inches: about 16:9."""


def mcts_final(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """MCTS after 50 seeded iterations on a tree whose best move random playouts misjudge."""
    from aisearch import MCTSTrace, mcts
    from aisearch.games import GameTree
    from aisearch.viz import MCTSFigure

    hidden = GameTree.from_nested([[[1, -1, -1, -1], [-1, -1, -1, 1]], [0, 0]])
    trace = MCTSTrace(hidden)
    mcts(hidden, iterations=50, seed=0, tracer=trace)
    figure = MCTSFigure(trace, step=-1, figsize=output.figsize(MCTS_SIZE))
    output.save(figure.figure, path)


def connect4_board(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """The Connect Four position 4455 with each cell's bit number."""
    import matplotlib.pyplot as plt

    from aisearch.games import ConnectFour
    from aisearch.viz import draw_connect4

    game = ConnectFour()
    fig, ax = plt.subplots(figsize=output.figsize((4.2, 4)))
    draw_connect4(game, game.from_moves("4455"), ax=ax, title="4455: X to move, scores 18")
    output.save(fig, path)
    plt.close(fig)


def _focused(trace, step: int, path: pathlib.Path, output: Output) -> None:
    """One step of a large trace as the viewer draws it, sentence and counters included."""
    from aisearch.viz.focus import FocusFigure

    figure = FocusFigure(trace, step=step, figsize=output.size).figure
    output.save(figure, path, dpi=100)


def focus_tictactoe(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """Alpha-beta on tic-tac-toe from the empty board, in the middle of its search."""
    from aisearch import Trace, alphabeta
    from aisearch.games import TicTacToe

    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, tracer=trace)
    _focused(trace, 20000, path, output)


def focus_isolation(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """Alpha-beta to depth 4 on 5 x 5 Isolation, after X took the centre."""
    from aisearch import Trace, alphabeta
    from aisearch.games import Isolation

    game = Isolation(5, 5)
    trace = Trace(game)
    alphabeta(game, game.result(game.initial_state(), (2, 2)), depth=4, tracer=trace)
    _focused(trace, 2 * len(trace) // 3, path, output)


CONNECT4_POSITION = "66772366717352144112345442"
"""A 7 x 6 position from seeded random play (26 stones) that the solver explores in about 4,000 positions."""


def focus_connect4(path: pathlib.Path, output: Output = DEFAULT) -> None:
    """The Connect Four solver's traced ladder on a 26-stone position."""
    from aisearch import Trace
    from aisearch.connect4_solver import solve
    from aisearch.games import ConnectFour

    game = ConnectFour()
    trace = Trace(game)
    solve(game, game.from_moves(CONNECT4_POSITION), upto="table", tracer=trace)
    _focused(trace, len(trace) // 2, path, output)


FIGURES: dict[str, Callable[..., None]] = {
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


def _size(text: str) -> tuple[float, float] | tuple[int, int, str]:
    """``8x4.5`` (inches) or ``1280x720px`` (pixels, for ``--dpi`` to turn into inches)."""
    found = re.fullmatch(r"\s*(\d+(?:\.\d*)?)\s*[xX×]\s*(\d+(?:\.\d*)?)\s*(px|in)?\s*", text)
    if not found or float(found[1]) <= 0 or float(found[2]) <= 0:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a size: give WxH in inches (8x4.5) or in pixels (1280x720px)"
        )
    if found[3] == "px":
        return int(float(found[1])), int(float(found[2])), "px"
    return float(found[1]), float(found[2])


def _dpi(text: str) -> float:
    try:
        dpi = float(text)
    except ValueError:
        dpi = 0.0
    if not 10 <= dpi <= 2400:
        raise argparse.ArgumentTypeError(f"{text!r} is not a dpi: give a number from 10 to 2400")
    return dpi


def figure_name(name: str) -> str | None:
    """The key of ``FIGURES`` that ``name`` means (``viewer`` or ``viewer.png``); ``None`` if none."""
    stem = name.removesuffix(".png")
    return f"{stem}.png" if f"{stem}.png" in FIGURES else None


def parser() -> argparse.ArgumentParser:
    names = ", ".join(name.removesuffix(".png") for name in FIGURES)
    parse = argparse.ArgumentParser(
        prog="python -m aisearch.figures",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parse.add_argument(
        "--size",
        type=_size,
        default=None,
        help="WxH in inches (8x4.5) or pixels at --dpi (1280x720px); default: each figure's own",
    )
    parse.add_argument(
        "--dpi", type=_dpi, default=None, help=f"pixels per inch (default {DPI}; 100 for focus_*)"
    )
    parse.add_argument("--format", choices=FORMATS, default="png", help="file format (png)")
    parse.add_argument(
        "--out",
        type=pathlib.Path,
        default=None,
        help="folder to write to (default: figures/ at the repository root)",
    )
    parse.add_argument(
        "names", nargs="*", metavar="NAME", help=f"figures to draw, of: {names} (default: all)"
    )
    return parse


def main(argv: list[str] | None = None) -> list[pathlib.Path]:
    """Draw the figures the command line names; returns the paths written."""
    parse = parser()
    args = parse.parse_args(argv)
    chosen = []
    for name in args.names:
        key = figure_name(name)
        if key is None:
            shown = ", ".join(n.removesuffix(".png") for n in FIGURES)
            parse.error(f"no figure named {name!r}; the figures are {shown}")
        chosen.append(key)
    size = args.size
    if size is not None and len(size) == 3:  # pixels: inches at the dpi asked (or the default)
        size = (size[0] / (args.dpi or DPI), size[1] / (args.dpi or DPI))
    output = Output(size, args.dpi)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.style

    folder = args.out or default_folder()
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    with matplotlib.style.context("default"):
        for name in chosen or FIGURES:
            path = folder / f"{name.removesuffix('.png')}.{args.format}"
            FIGURES[name](path, output)
            print(path)
            written.append(path)
    return written


if __name__ == "__main__":
    main()
