"""Full-depth search of tic-tac-toe from the empty board, side by side.

    python benchmarks/tictactoe.py [--repeat N] [--seed S]

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

A second table adds the ideas of caching one at a time (issue 4): memoised
minimax, alpha-beta with centre-first ordering, with a transposition table,
and with the table keyed by the board's symmetry. A third compares
alpha-beta's leaves on random uniform trees with Knuth and Moore's minimal
tree, b^ceil(d/2) + b^floor(d/2) - 1 leaves under perfect ordering, and with
the b^(3d/4) usually quoted for random order (D. E. Knuth and R. W. Moore,
"An analysis of alpha-beta pruning", Artificial Intelligence 6, 1975).
"""

import argparse
import ast
import inspect
import math
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from aisearch import Trace, alphabeta, minimax, negamax  # noqa: E402
from aisearch.caching import TranspositionTable, memo_minimax  # noqa: E402
from aisearch.games import GameTree, TicTacToe  # noqa: E402
from aisearch.games.tictactoe import centre_first  # noqa: E402

from reference import textbook_alphabeta, textbook_minimax  # noqa: E402


class _DropTracing(ast.NodeTransformer):
    """Remove every ``if tracing is not None:`` block from a function."""

    def visit_If(self, node):
        self.generic_visit(node)
        test = node.test
        if (
            isinstance(test, ast.Compare)
            and isinstance(test.left, ast.Name)
            and test.left.id == "tracing"
            and isinstance(test.ops[0], ast.IsNot)
        ):
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
    parser.add_argument("--seed", type=int, default=0, help="seed of the random trees")
    args = parser.parse_args(argv)
    game = TicTacToe()
    game.actions(game.initial_state())  # build the game's tables before timing

    def nothing(event):
        pass

    minimax_untraced = without_tracing(minimax)
    negamax_untraced = without_tracing(negamax)

    rows = [
        (
            "textbook minimax (no hooks)",
            "-",
            lambda: textbook_minimax(game, game.initial_state()),
            "",
        ),
        ("minimax", "off", lambda: minimax(game), "< 0.6"),
        ("minimax, hooks cut out", "-", lambda: minimax_untraced(game), ""),
        ("minimax", "do-nothing", lambda: minimax(game, tracer=nothing), ""),
        ("negamax(prune=False)", "off", lambda: negamax(game, prune=False), "< 0.3"),
        ("negamax(prune=False), hooks cut", "-", lambda: negamax_untraced(game, prune=False), ""),
        (
            "negamax(prune=False)",
            "do-nothing",
            lambda: negamax(game, prune=False, tracer=nothing),
            "",
        ),
        (
            "textbook alpha-beta (no hooks)",
            "-",
            lambda: textbook_alphabeta(game, game.initial_state()),
            "",
        ),
        ("alphabeta", "off", lambda: alphabeta(game), ""),
        ("alphabeta", "do-nothing", lambda: alphabeta(game, tracer=nothing), ""),
        ("alphabeta", "Trace", lambda: alphabeta(game, tracer=Trace()), ""),
        ("negamax", "off", lambda: negamax(game), ""),
    ]
    print(
        f"Tic-tac-toe from the empty board; Python {platform.python_version()}, "
        f"best of {args.repeat}\n"
    )
    header = f"{'search':32} {'tracer':>10} {'value':>5} {'move':>7} {'nodes':>8} {'seconds':>8} {'target':>7}"
    print(header)
    print("-" * len(header))
    for name, tracer, run, target in rows:
        out, seconds = best_time(run, args.repeat)
        if isinstance(out, tuple) and len(out) == 3 and isinstance(out[2], int):
            value, move, nodes = out
        else:
            value, move, nodes = out.value, out.action, out.stats.nodes
        print(
            f"{name:32} {tracer:>10} {value:>5} {str(move):>7} {nodes:>8} {seconds:>8.3f} {target:>7}"
        )
    caching_table(game, args.repeat)
    knuth_moore_table(args.seed)


def caching_table(game, repeat):
    """Each caching idea added in turn, from the empty board; a fresh table per run."""
    rows = [
        ("minimax", lambda: minimax(game)),
        ("memo_minimax", lambda: memo_minimax(game)),
        ("memo_minimax, symmetry", lambda: memo_minimax(game, symmetry=True)),
        ("alphabeta", lambda: alphabeta(game)),
        ("alphabeta, centre first", lambda: alphabeta(game, order=centre_first)),
        ("alphabeta, table", lambda: alphabeta(game, table=TranspositionTable())),
        (
            "alphabeta, centre first, table",
            lambda: alphabeta(game, order=centre_first, table=TranspositionTable()),
        ),
        (
            "alphabeta, table, symmetry",
            lambda: alphabeta(game, table=TranspositionTable(), symmetry=True),
        ),
        (
            "alphabeta, centre first, table, sym.",
            lambda: alphabeta(game, order=centre_first, table=TranspositionTable(), symmetry=True),
        ),
    ]
    print(f"\nCaching and symmetry, tic-tac-toe from the empty board, best of {repeat}\n")
    # hits: nodes answered from the table; "by bound": those of them answered by a
    # bound (a cut); "narrowed": nodes whose window a bound narrowed, then searched.
    header = (
        f"{'search':38} {'value':>5} {'nodes':>8} {'hits':>6} {'by bound':>8} "
        f"{'narrowed':>8} {'sym.':>6} {'seconds':>8} {'speedup':>8}"
    )
    print(header)
    print("-" * len(header))
    base = None
    for name, run in rows:
        out, seconds = best_time(run, repeat)
        st = out.stats
        base = seconds if base is None else base
        print(
            f"{name:38} {out.value:>5} {st.nodes:>8} {st.hits:>6} {st.bound_hits:>8} "
            f"{st.narrowed:>8} {st.symmetry_hits:>6} {seconds:>8.4f} {base / seconds:>7.0f}x"
        )


def uniform_tree(branching, depth, rng):
    """A uniform tree with distinct random leaf values (no ties to blur the counts)."""
    values = iter(rng.sample(range(10 * branching**depth), branching**depth))

    def build(level):
        if level == depth:
            return next(values)
        return [build(level + 1) for _ in range(branching)]

    return GameTree.from_nested(build(0))


def perfect_order(tree):
    """An order hook that tries each node's best child first (from the true values)."""
    value = {}

    def solve(node):
        if tree.is_terminal(node):
            value[node] = tree.utility(node, "MAX")
        else:
            child_values = [solve(tree.result(node, a)) for a in tree.actions(node)]
            value[node] = max(child_values) if tree.to_move(node) == "MAX" else min(child_values)
        return value[node]

    solve(tree.initial_state())

    def order(game, state, actions):
        best_first = game.to_move(state) == "MAX"
        return sorted(actions, key=lambda a: value[game.result(state, a)], reverse=best_first)

    return order


def knuth_moore_table(seed, trees=5):
    """Alpha-beta's leaves on random uniform trees against the textbook's counts."""
    rng = random.Random(seed)
    print(f"\nAlpha-beta leaves on random uniform trees (mean of {trees} trees, seed {seed})\n")
    header = (
        f"{'b':>3} {'d':>3} {'b^d':>8} {'perfect':>9} {'minimal':>9} {'ratio':>6} "
        f"{'random':>9} {'b^(3d/4)':>9} {'ratio':>6}"
    )
    print(header)
    print("-" * len(header))
    for b, d in ((2, 8), (3, 6), (4, 5), (5, 4), (8, 4)):
        perfect = shuffled = 0
        for _ in range(trees):
            tree = uniform_tree(b, d, rng)
            perfect += alphabeta(tree, order=perfect_order(tree)).stats.leaves
            shuffled += alphabeta(tree).stats.leaves
        perfect, shuffled = perfect / trees, shuffled / trees
        minimal = b ** math.ceil(d / 2) + b ** (d // 2) - 1
        three_quarters = b ** (3 * d / 4)
        print(
            f"{b:>3} {d:>3} {b**d:>8} {perfect:>9.1f} {minimal:>9} {perfect / minimal:>6.2f} "
            f"{shuffled:>9.1f} {three_quarters:>9.1f} {shuffled / three_quarters:>6.2f}"
        )


if __name__ == "__main__":
    main()
