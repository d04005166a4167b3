"""Full-depth search of tic-tac-toe from the empty board, side by side.

    python benchmarks/tictactoe.py [--repeat N]

For each search: the value, the first best move, the nodes visited and the
best of N wall-clock times, with tracing off, with a do-nothing tracer, and
(for alpha-beta) with a full ``Trace``. The textbook transcriptions in
``reference.py`` run beside them: same value, same nodes, and what the
package's generality costs (it asks who moves at every node, so that two
MIN layers may follow each other). Each search also runs compiled with its
``if tracing is not None:`` blocks cut out of the source: the difference is
what tracing costs when it is off. Targets from the project's issue:
minimax through the Game interface under 0.6 s, negamax without pruning
under 0.3 s.
"""

import argparse
import ast
import inspect
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from aisearch import Trace, alphabeta, minimax, negamax  # noqa: E402
from aisearch.games import TicTacToe  # noqa: E402

from reference import textbook_alphabeta, textbook_minimax  # noqa: E402


class _DropTracing(ast.NodeTransformer):
    """Remove every ``if tracing is not None:`` block from a function."""

    def visit_If(self, node):
        self.generic_visit(node)
        test = node.test
        if (isinstance(test, ast.Compare) and isinstance(test.left, ast.Name)
                and test.left.id == "tracing" and isinstance(test.ops[0], ast.IsNot)):
            return node.orelse or None
        return node


def without_tracing(search):
    """The same search compiled with its tracing hooks cut out of the source.

    Timing it beside the original shows what the hooks cost when tracing is
    off: one ``is not None`` test each, and nothing else.
    """
    module = inspect.getmodule(search)
    tree = _DropTracing().visit(ast.parse(inspect.getsource(module)))
    namespace = {"__name__": module.__name__ + "_untraced", "__package__": module.__package__}
    exec(compile(ast.fix_missing_locations(tree), module.__file__, "exec"), namespace)
    return namespace[search.__name__]


def best_time(run, repeat):
    times, out = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        out = run()
        times.append(time.perf_counter() - start)
    return out, min(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    game = TicTacToe()
    game.actions(game.initial_state())  # build the game's tables before timing

    def nothing(event):
        pass

    minimax_untraced = without_tracing(minimax)
    negamax_untraced = without_tracing(negamax)

    rows = [
        ("textbook minimax (no hooks)", "-", lambda: textbook_minimax(game, game.initial_state()), ""),
        ("minimax", "off", lambda: minimax(game), "< 0.6"),
        ("minimax, hooks cut out", "-", lambda: minimax_untraced(game), ""),
        ("minimax", "do-nothing", lambda: minimax(game, tracer=nothing), ""),
        ("negamax(prune=False)", "off", lambda: negamax(game, prune=False), "< 0.3"),
        ("negamax(prune=False), hooks cut", "-", lambda: negamax_untraced(game, prune=False), ""),
        ("negamax(prune=False)", "do-nothing", lambda: negamax(game, prune=False, tracer=nothing), ""),
        ("textbook alpha-beta (no hooks)", "-", lambda: textbook_alphabeta(game, game.initial_state()), ""),
        ("alphabeta", "off", lambda: alphabeta(game), ""),
        ("alphabeta", "do-nothing", lambda: alphabeta(game, tracer=nothing), ""),
        ("alphabeta", "Trace", lambda: alphabeta(game, tracer=Trace()), ""),
        ("negamax", "off", lambda: negamax(game), ""),
    ]
    print(f"Tic-tac-toe from the empty board; Python {platform.python_version()}, "
          f"best of {args.repeat}\n")
    header = f"{'search':32} {'tracer':>10} {'value':>5} {'move':>7} {'nodes':>8} {'seconds':>8} {'target':>7}"
    print(header)
    print("-" * len(header))
    for name, tracer, run, target in rows:
        out, seconds = best_time(run, args.repeat)
        if isinstance(out, tuple) and len(out) == 3 and isinstance(out[2], int):
            value, move, nodes = out
        else:
            value, move, nodes = out.value, out.action, out.stats.nodes
        print(f"{name:32} {tracer:>10} {value:>5} {str(move):>7} {nodes:>8} {seconds:>8.3f} {target:>7}")


if __name__ == "__main__":
    main()
