"""Checks for the notebooks' exercises: run a student's function, say what is wrong.

Each ``check_...`` function takes the student's function, runs it on a fixed
set of cases (the textbook tree, a Pacman-style retreat tree, a tree with
ties, a few seeded random trees, tic-tac-toe positions where they fit) and
compares it with the package's own searches. It returns a ``CheckResult``
whose message says exactly what is wrong: the case, the value expected and
the value returned, the first node (in preorder) whose value is wrong, and,
for alpha-beta, the nodes visited that should have been pruned or the
reverse. A check never raises because of the student's code: a wrong answer,
an exception or an unfinished skeleton (``NotImplementedError``, or ``None``
returned) is reported in the message.

To know which nodes a function looks at, the check hands it a
``RecordingGame``: the same game, which notes every state it is asked about.
The student's code uses the ordinary game methods and needs nothing special.

>>> def minimax_value(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, "MAX")
...     values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
...     return max(values) if game.to_move(state) == "MAX" else min(values)
>>> check_minimax(minimax_value).passed
True
"""

from __future__ import annotations

import html
import itertools
import math
import os
import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Real

from .alphabeta import alphabeta
from .counting import count_games, count_positions, count_tree_nodes
from .expectimax import expectimax
from .games.gametree import GameTree
from .games.tictactoe import TicTacToe
from .minimax import minimax
from .trace import CUTOFF, Trace

__all__ = [
    "check_expectimax",
    "chance_case_trees",
    "CheckResult",
    "RecordingGame",
    "case_trees",
    "check_alphabeta",
    "check_count_games",
    "check_depth_limited",
    "check_minimax",
]

PASS, FAIL = "✓", "✗"
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))


@dataclass(frozen=True, repr=False)
class CheckResult:
    """The verdict of a check: ``passed`` and a ``message`` that says why.

    Shown as its message (plain text in a terminal or by ``print``, a coloured
    box in a notebook: green passed, red wrong, amber not attempted yet).
    ``bool(result)`` is ``result.passed``.
    """

    exercise: str
    passed: bool
    message: str
    attempted: bool = True
    """False while the function is still the skeleton (``NotImplementedError``, ``None``)."""

    def __repr__(self) -> str:
        return self.message

    __str__ = __repr__

    def __bool__(self) -> bool:
        return self.passed

    def _repr_html_(self) -> str:
        if self.passed:
            colour, background = "#1a7f37", "#e9f7ef"
        elif self.attempted:
            colour, background = "#b42318", "#fdecea"
        else:
            colour, background = "#9a6700", "#fff8e1"
        return (
            f'<div style="border-left: 4px solid {colour}; background: {background}; '
            'padding: 0.5em 0.8em; white-space: pre-wrap; font-family: monospace">'
            f"{html.escape(self.message)}</div>"
        )


# Recording what a function asks ------------------------------------------------


class RecordingGame:
    """A game that notes every state it is asked about, in order.

    Every question about a state (``to_move``, ``actions``, ``result``,
    ``is_terminal``, ``utility``, ``evaluate``, and a ``GameTree``'s
    ``children``, ``role``, ``value`` and ``parent``) is passed on to the game
    and its state noted. ``visited`` lists the states in the order they were
    first asked about, and ``asked`` the questions asked about each.
    ``searched`` leaves out the states that were only glanced at (asked only
    ``is_terminal``, ``to_move``, ``role`` or ``parent``): a search that
    checks every child before its loop glances at children it then prunes.
    Everything else is the wrapped game's.

    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> game = RecordingGame(tree)
    >>> game.is_terminal("A"), game.actions("A")[0], game.utility("E", "MAX")
    (False, 'a1', 3)
    >>> game.is_terminal("F")
    True
    >>> game.visited, game.searched
    (['A', 'E', 'F'], ['A', 'E'])
    >>> sorted(game.asked["A"])
    ['actions', 'is_terminal']
    """

    GLANCES = frozenset({"is_terminal", "to_move", "role", "parent"})
    """Questions that look at a state without searching it."""

    def __init__(self, game) -> None:
        self.game = game
        self.visited: list = []
        self.asked: dict = {}

    def _note(self, state, question: str) -> None:
        try:
            questions = self.asked.get(state)
        except TypeError:  # an unhashable "state": the game will complain itself
            return
        if questions is None:
            self.asked[state] = questions = set()
            self.visited.append(state)
        questions.add(question)

    @property
    def searched(self) -> list:
        """The visited states asked more than a glance (actions, result, utility, ...)."""
        return [s for s in self.visited if self.asked[s] - self.GLANCES]

    def to_move(self, state):
        self._note(state, "to_move")
        return self.game.to_move(state)

    def actions(self, state):
        self._note(state, "actions")
        return self.game.actions(state)

    def result(self, state, action):
        self._note(state, "result")
        return self.game.result(state, action)

    def is_terminal(self, state):
        self._note(state, "is_terminal")
        return self.game.is_terminal(state)

    def utility(self, state, player):
        self._note(state, "utility")
        return self.game.utility(state, player)

    def evaluate(self, state, player):
        self._note(state, "evaluate")
        return self.game.evaluate(state, player)

    def children(self, node):
        self._note(node, "children")
        return self.game.children(node)

    def role(self, node):
        self._note(node, "role")
        return self.game.role(node)

    def value(self, node):
        self._note(node, "value")
        return self.game.value(node)

    def parent(self, node):
        self._note(node, "parent")
        return self.game.parent(node)

    def __getattr__(self, name):
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return f"RecordingGame({self.game!r})"


# The cases ------------------------------------------------------------------------

_RANDOM_SEEDS = (3, 7, 11)


def _retreat_tree() -> GameTree:
    """Pacman (MAX) next to a dot, with a ghost (MIN) close by.

    Eating the dot (+10 at once) lets the ghost trap Pacman; backing away
    into the tunnel scores nothing now but leads to the power pellet.
    """
    edges = [
        ("start", "eat dot", "dot eaten"),
        ("start", "back away", "in tunnel"),
        ("dot eaten", "ghost blocks", "trapped"),
        ("dot eaten", "ghost waits", "free"),
        ("trapped", "up", "caught above"),
        ("trapped", "down", "caught below"),
        ("free", "next dot", "two dots"),
        ("free", "stay", "one dot"),
        ("in tunnel", "ghost chases", "chased"),
        ("in tunnel", "ghost turns", "alone"),
        ("chased", "pellet", "pellet eaten"),
        ("chased", "turn back", "met ghost"),
        ("alone", "pellet", "pellet alone"),
    ]
    values = {
        # leaves: the score of the game from there
        "caught above": -500, "caught below": -500, "two dots": 20, "one dot": 10,
        "pellet eaten": 30, "met ghost": -500, "pellet alone": 15,
        # interior: what a one-look evaluation (dots eaten so far) says
        "start": 0, "dot eaten": 10, "in tunnel": 0, "trapped": 10, "free": 10,
        "chased": 0, "alone": 0,
    }
    roles = {"start": "max", "dot eaten": "min", "in tunnel": "min",
             "trapped": "max", "free": "max", "chased": "max", "alone": "max"}
    return GameTree.from_edges(edges, values, roles)


class _GuessingTree(GameTree):
    """A tree whose evaluation function also scores finished games, and gets them wrong.

    A real evaluation function is a guess that knows nothing of how the game
    ended; only the utility does. Here ``evaluate`` at a leaf returns its
    entry in ``guesses`` instead of its utility, so a depth-limited search
    that evaluates a terminal state at the depth limit, instead of asking
    ``is_terminal`` first, gets a different value.
    """

    guesses: dict = {}

    def evaluate(self, state, player) -> float:
        if state in self.guesses:
            return self._for(player, self.guesses[state])
        return super().evaluate(state, player)


def _retreat_tree_with_guesses() -> GameTree:
    """The retreat tree, evaluated everywhere by the dots eaten so far (caught or not)."""
    tree = _retreat_tree()
    guessing = _GuessingTree.from_edges(tree.edges(), {n: tree.value(n) for n in tree.nodes},
                                        {n: tree.role(n) for n in tree.nodes}, root=tree.root)
    assert isinstance(guessing, _GuessingTree)
    guessing.guesses = {"caught above": 10, "caught below": 10, "two dots": 20, "one dot": 10,
                        "pellet eaten": 0, "met ghost": 0, "pellet alone": 0}
    return guessing


def _with_evaluations(tree: GameTree, seed: int, spread: int = 9) -> GameTree:
    """The same tree with a seeded random evaluation at every interior node."""
    rng = random.Random(seed)
    values = {n: tree.value(n) if tree.value(n) is not None else rng.randint(-spread, spread)
              for n in tree.nodes}
    return GameTree.from_edges(tree.edges(), values, {n: tree.role(n) for n in tree.nodes},
                               root=tree.root)


def case_trees(kind: str = "search") -> dict[str, GameTree]:
    """The trees the checks use, by name, so that a failing case can be looked at.

    ``kind="search"`` gives the trees of ``check_minimax`` and
    ``check_alphabeta``; ``kind="depth"`` those of ``check_depth_limited``
    (the same shapes with an evaluation at every interior node; in the
    retreat tree the evaluation also gives finished games a score, which
    differs from their utility).

    >>> list(case_trees())[:3]
    ['textbook tree', 'retreat tree', 'tree with ties']
    >>> case_trees()["textbook tree"].to_nested()
    [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    """
    if kind not in ("search", "depth"):
        raise ValueError(f"kind must be 'search' or 'depth', got {kind!r}")
    trees = {
        "textbook tree": GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        "retreat tree": _retreat_tree(),
        "tree with ties": GameTree.from_nested([[5, 3], [3, 9], [2, 7]]),
    }
    for seed in _RANDOM_SEEDS:
        trees[f"random tree, seed {seed}"] = GameTree.random(3, (2, 3), values=(-5, 5), seed=seed)
    trees["random tree with a MIN root"] = GameTree.random(
        3, (2, 3), values=(-5, 5), seed=5, root_role="min")
    if kind == "search":
        return trees
    textbook = trees["textbook tree"]
    return {
        "textbook tree": _with_evaluations(textbook, seed=1),
        "retreat tree": _retreat_tree_with_guesses(),
        **{name: _with_evaluations(tree, seed=i)
           for i, (name, tree) in enumerate(trees.items()) if name.startswith("random")},
    }


def _tic_tac_toe_cases():
    game = TicTacToe()
    boards = [
        ("a finished game: X has won", ("XXX", "OO.", "...")),
        ("four moves to go", ("XOX", ".O.", "X..")),
        ("four moves to go, O to block", ("XXO", ".O.", "X..")),
        ("after three moves", ("X..", ".O.", "..X")),
        ("after two moves", ("X..", ".O.", "...")),
        ("the empty board", ("...", "...", "...")),
    ]
    return game, [(name, game.from_rows(*rows)) for name, rows in boards]


# Running the student's function ---------------------------------------------------


class _Raised(Exception):
    """The student's function raised ``error``; carries where."""

    def __init__(self, error: BaseException):
        super().__init__(error)
        self.error = error


def _call(fn, *args):
    try:
        return fn(*args)
    except Exception as error:  # the student's code: report, never crash
        raise _Raised(error) from None


def _name(fn) -> str:
    return getattr(fn, "__name__", None) or repr(fn)


def _where_in_student_code(error: BaseException) -> str:
    """`` (line 4 of `f`: `return x / 0`)`` for the last frame outside the package."""
    frames = [f for f in traceback.extract_tb(error.__traceback__)
              if not os.path.abspath(f.filename).startswith(_PACKAGE_DIR)]
    if not frames:
        return ""
    frame = frames[-1]
    code = f": `{frame.line.strip()}`" if frame.line else ""
    return f" (line {frame.lineno} of `{frame.name}`{code})"


def _failure_for_exception(exercise, fn, error, case, at="") -> CheckResult:
    name = _name(fn)
    if isinstance(error, NotImplementedError):
        return _not_done(exercise, fn, "raises NotImplementedError")
    lines = [
        f"{FAIL} {exercise}: on the {case}{at}, `{name}` raised "
        f"{type(error).__name__}: {error}{_where_in_student_code(error)}."
    ]
    if isinstance(error, RecursionError):
        lines.append("Hint: the recursion never ends. Does your function stop (return) at "
                     "terminal states, before it asks for their actions?")
    elif isinstance(error, ValueError) and "not a node" in str(error):
        lines.append("Hint: pass states from game.result(state, action) to the recursive call, "
                     "not actions or lists of states.")
    elif isinstance(error, ValueError) and _is_empty_max_or_min(error):
        lines.append("Hint: max() or min() was given no values: a terminal state has no "
                     "actions, so no children. Check game.is_terminal(state) (and return the "
                     "utility) before taking the max or min over the children.")
    elif isinstance(error, TypeError) and _is_none_in_arithmetic(error):
        lines.append("Hint: a recursive call returned None: is a `return` missing? Every path "
                     "through your function must end in `return` with a number.")
    return CheckResult(exercise, False, "\n".join(lines))


def _is_empty_max_or_min(error: ValueError) -> bool:
    """``max([])`` or ``min([])``: "max() arg is an empty sequence" (or, in newer Pythons,
    "max() iterable argument is empty")."""
    text = str(error)
    return text.startswith(("max()", "min()")) and "empty" in text


def _is_none_in_arithmetic(error: TypeError) -> bool:
    """``total += None``, ``sum([None])``, ``max(None, 3)``: a missing ``return`` upstream."""
    text = str(error)
    return "NoneType" in text and ("unsupported operand" in text or "not supported between" in text)


def _not_a_function(exercise, fn) -> CheckResult | None:
    """A failure if ``fn`` cannot be called (the check was given the wrong thing)."""
    if callable(fn):
        return None
    return CheckResult(exercise, False,
                       f"{FAIL} {exercise}: the check needs your function itself, got {fn!r}. "
                       "Pass the function's name without calling it: check_...(my_function).")


def _not_done(exercise, fn, why) -> CheckResult:
    return CheckResult(
        exercise, False,
        f"Not done yet: `{_name(fn)}` {why}. Write your function in its cell, run that cell, "
        "then run this check again.",
        attempted=False,
    )


def _passed(exercise, text) -> CheckResult:
    return CheckResult(exercise, True, f"{PASS} {exercise}: {text}")


def _show(x) -> str:
    if isinstance(x, float) and x.is_integer():
        return str(int(x))
    if isinstance(x, float):
        return f"{x:.6g}"
    if isinstance(x, str):
        return repr(x)
    return str(x)


def _is_number(x) -> bool:
    return isinstance(x, Real) and not isinstance(x, bool)


def _same(a, b) -> bool:
    if a == b:
        return True
    return (_is_number(a) and _is_number(b) and math.isfinite(a) and math.isfinite(b)
            and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9))


def _type_problem(exercise, fn, got, case, at, what="a number") -> CheckResult | None:
    """A failure if ``got`` is not a number (``None`` means not done yet)."""
    if _is_number(got):
        return None
    if got is None:
        return _not_done(exercise, fn, f"returned None on the {case}{at} (is a `return` missing?)")
    lines = [f"{FAIL} {exercise}: on the {case}{at}, `{_name(fn)}` returned {got!r}; "
             f"expected {what}."]
    if isinstance(got, tuple) and got and _is_number(got[0]):
        lines.append("Hint: return only the value, not a (value, action) pair.")
    elif hasattr(got, "value") and _is_number(got.value):
        lines.append("Hint: return the number itself (here `.value`), not the search result.")
    return CheckResult(exercise, False, "\n".join(lines))


def _names(items, limit: int = 12) -> str:
    """Node names (quoted, since they may hold spaces), the first ``limit`` of them."""
    items = [repr(i) for i in items]
    if len(items) > limit:
        return ", ".join(items[:limit]) + f", … ({len(items) - limit} more)"
    return ", ".join(items)


def _role(tree: GameTree, node) -> str:
    return tree.to_move(node)


def _max_view(tree: GameTree, node, **options):
    """The package's minimax value of ``node`` from MAX's point of view."""
    value = minimax(tree, node, **options).value
    return value if tree.to_move(node) == "MAX" else -value


def _preorder(tree: GameTree) -> list:
    out, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(tree.children(node)))
    return out


def _look_at(name: str, kind: str = "search") -> str:
    """The line that tells how to get a failing case's tree."""
    args = "" if kind == "search" else repr(kind)
    return (f"To look at this tree: from aisearch.exercises import case_trees; "
            f"tree = case_trees({args})[{name!r}]")


# Notebook 00: counting games -------------------------------------------------------


def check_count_games(fn: Callable) -> CheckResult:
    """Check ``fn(game, state) -> int``, the number of complete games from ``state``.

    Cases: tic-tac-toe positions from a finished game up to the empty board
    (255,168 games), then the textbook tree and the retreat tree. When an
    answer is wrong, the message says whether it equals another count (tree
    nodes, distinct positions, moves, non-terminal nodes).
    """
    exercise = "count_games"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    game, boards = _tic_tac_toe_cases()
    cases = [(f"tic-tac-toe position '{state}' ({name})", game, state) for name, state in boards]
    trees = case_trees()
    cases += [(name, trees[name], trees[name].root) for name in ("textbook tree", "retreat tree")]
    for case, g, state in cases:
        try:
            got = _call(fn, g, state)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        problem = _type_problem(exercise, fn, got, case, "", "a whole number")
        if problem is not None:
            return problem
        expected = count_games(g, state)
        if got == expected:
            continue
        lines = [f"{FAIL} {exercise}: on the {case}, expected {expected:,} complete "
                 f"game{'' if expected == 1 else 's'}, "
                 f"`{_name(fn)}` returned {_show(got)}."]
        lines += _counting_hints(g, state, got)
        return CheckResult(exercise, False, "\n".join(lines))
    return _passed(exercise, f"right on all {len(cases)} cases, "
                             f"including 255,168 games from the empty board.")


def _counting_hints(game, state, got) -> list[str]:
    nodes = count_tree_nodes(game, state)
    games = count_games(game, state)
    known = [
        (0, "Hint: a terminal state is one complete game: return 1 there, not 0."),
        (nodes, f"Hint: {got:,} is the number of nodes of the game tree (every position on "
                "every path, the start included). Count a game only where it ends, at a "
                "terminal state."),
        (nodes - 1, f"Hint: {got:,} is the number of moves in the tree (every node but the "
                    "start). Count a game only where it ends, at a terminal state."),
        (nodes - games, f"Hint: {got:,} is the number of non-terminal nodes. A finished game "
                        "(a terminal state) counts 1; a position counts the games below it."),
        (count_positions(game, state),
         f"Hint: {got:,} is the number of distinct positions (each board once). Games that "
         "reach the same board by different move orders are different games: count paths, "
         "not boards."),
        (_distinct_terminal_positions(game, state),
         f"Hint: {got:,} is the number of distinct finished boards: each board counted once, "
         "as a set of seen states does. Games that end on the same board by different move "
         "orders are different games: count paths, and remember nothing between them (a "
         "default argument such as `seen=set()` is also shared by every call)."),
    ]
    for number, hint in known:
        if got == number:
            return [hint]
    return []


def _distinct_terminal_positions(game, state) -> int:
    """How many different terminal states can be reached from ``state``."""
    seen, stack, finished = {state}, [state], 0
    while stack:
        s = stack.pop()
        if game.is_terminal(s):
            finished += 1
            continue
        for a in game.actions(s):
            child = game.result(s, a)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return finished


# Notebook 01: minimax ------------------------------------------------------------------


def _swapped(tree: GameTree) -> GameTree:
    """The same tree with MAX and MIN exchanged at every node."""
    flip = {"max": "min", "min": "max"}
    return GameTree.from_edges(tree.edges(), {n: tree.value(n) for n in tree.nodes
                                              if tree.value(n) is not None},
                               {n: flip[tree.role(n)] for n in tree.nodes}, root=tree.root)


def check_minimax(fn: Callable) -> CheckResult:
    """Check ``fn(game, state) -> value``, the minimax value from MAX's point of view.

    ``fn`` is called at every node of each case tree (``case_trees()``); the
    message names the first node in preorder whose value is wrong, with the
    value expected, and says which pattern the wrong values follow (MAX and
    MIN swapped, leaves valued for the wrong player).
    """
    exercise = "minimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    for name, tree in case_trees().items():
        case = name
        got_at, wrong = {}, []
        for node in _preorder(tree):
            at = f", at node {node!r} ({_role(tree, node)})"
            try:
                got = _call(fn, RecordingGame(tree), node)
            except _Raised as raised:
                return _failure_for_exception(exercise, fn, raised.error, case, at)
            problem = _type_problem(exercise, fn, got, case, at)
            if problem is not None:
                return problem
            got_at[node] = got
            checked += 1
            if not _same(got, _max_view(tree, node)):
                wrong.append(node)
        if wrong:
            message = _minimax_message(exercise, fn, tree, case, got_at, wrong)
            return CheckResult(exercise, False, message + "\n" + _look_at(name))
    return _passed(exercise, f"right at all {checked} nodes of {len(case_trees())} trees.")


def _minimax_message(exercise, fn, tree, case, got_at, wrong) -> str:
    first = wrong[0]
    expected = {n: _max_view(tree, n) for n in tree.nodes}
    lines = [
        f"{FAIL} {exercise}: on the {case}, node {first!r} ({_role(tree, first)}) is worth "
        f"{_show(expected[first])} to MAX; `{_name(fn)}` returned {_show(got_at[first])}.",
        f"Wrong at {len(wrong)} of {len(tree.nodes)} nodes (preorder): {_names(wrong)}.",
    ]
    wrong_leaves = [n for n in wrong if not tree.children(n)]
    swapped = _swapped(tree)
    if wrong_leaves:
        leaf = wrong_leaves[0]
        negated = all(_same(got_at[n], -expected[n]) for n in wrong_leaves)
        lines.append(
            f"Hint: a leaf is worth its utility for MAX: leaf {leaf!r} is worth "
            f"{_show(expected[leaf])}, you returned {_show(got_at[leaf])}. "
            + ("Ask game.utility(state, 'MAX'), not the utility for the player to move there."
               if negated else "Return game.utility(state, 'MAX') at a terminal state.")
        )
    elif (all(_same(got_at[n], _max_view(swapped, n)) for n in tree.nodes)
          and {tree.to_move(n) for n in wrong} == {"MAX", "MIN"}):
        # Only when the swap explains every node, and shows at both kinds of node:
        # returning the first child's value also looks like max at one MIN node.
        lines.append("Hint: your MAX nodes take the smallest child value and your MIN nodes the "
                     "largest: max and min are swapped (MAX moves where "
                     "game.to_move(state) == 'MAX').")
    elif all(_same(got_at[n], -expected[n]) for n in wrong):
        lines.append("Hint: your values are MIN's, the negation of MAX's: return values from "
                     "MAX's point of view at every node.")
    else:
        culprit = next(n for n in wrong
                      if all(_same(got_at[c], expected[c]) for c in tree.children(n)))
        kids = ", ".join(f"{c}={_show(expected[c])}" for c in tree.children(culprit))
        take = "largest" if tree.to_move(culprit) == "MAX" else "smallest"
        lines.append(f"Hint: at {culprit!r} ({_role(tree, culprit)}) your children's values are "
                     f"right ({kids}) but you returned {_show(got_at[culprit])}: a "
                     f"{_role(tree, culprit)} node takes the {take} of them.")
    return "\n".join(lines)


def check_depth_limited(fn: Callable) -> CheckResult:
    """Check ``fn(game, state, depth) -> value``, depth-limited minimax for MAX.

    At the depth limit a non-terminal state is worth ``game.evaluate(state,
    "MAX")``; a terminal state is worth its utility at any depth. ``fn`` is
    called at every interior node with every depth from 0 to that node's
    height; the message names the first wrong (node, depth), and says when the
    answers are those of a search one ply deeper or shallower, or of no limit.
    """
    exercise = "depth-limited minimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    trees = case_trees("depth")
    for name, tree in trees.items():
        case = name
        wrong = []
        for node in _preorder(tree):
            height = tree.height(node)
            if height == 0:
                continue
            for depth in range(height + 1):
                at = f", at node {node!r} ({_role(tree, node)}) with depth={depth}"
                try:
                    got = _call(fn, RecordingGame(tree), node, depth)
                except _Raised as raised:
                    return _failure_for_exception(exercise, fn, raised.error, case, at)
                problem = _type_problem(exercise, fn, got, case, at)
                if problem is not None:
                    return problem
                checked += 1
                if not _same(got, _max_view(tree, node, depth=depth)):
                    wrong.append((node, depth, got))
        if wrong:
            message = _depth_message(exercise, fn, tree, case, wrong)
            return CheckResult(exercise, False, message + "\n" + _look_at(name, "depth"))
    return _passed(exercise, f"right for all {checked} (node, depth) pairs of "
                             f"{len(trees)} trees.")


def _depth_message(exercise, fn, tree, case, wrong) -> str:
    node, depth, got = wrong[0]
    expected = _max_view(tree, node, depth=depth)
    lines = [
        f"{FAIL} {exercise}: on the {case}, node {node!r} ({_role(tree, node)}) searched to "
        f"depth {depth} is worth {_show(expected)} to MAX; `{_name(fn)}` returned {_show(got)}.",
        f"Wrong for {len(wrong)} (node, depth) pairs, first: "
        + ", ".join(f"{n!r} at depth {d}" for n, d, _ in wrong[:4]) + ".",
    ]
    # In order of preference when two patterns explain as many answers: forgetting
    # depth - 1 looks like "one ply deeper" on a tree of height 2, and a terminal
    # state evaluated at the limit like "one ply shallower".
    patterns = {
        "evaluated a terminal": (
            "Hint: a terminal state is worth its utility whatever the depth: ask "
            "game.is_terminal(state) before testing depth == 0. The evaluation is only a "
            "guess (in this tree it counts dots eaten, and does not know that Pacman was "
            "caught); at the end of the game the utility is known."),
        "no limit": ("Hint: your answers ignore the depth limit: evaluate with "
                     "game.evaluate(state, 'MAX') when depth is 0, and pass depth - 1 "
                     "(not depth) to the recursive calls."),
        "deeper": ("Hint: your answers are those of a search one ply deeper than asked: stop "
                   "when depth reaches 0 (depth counts the plies still allowed), and pass "
                   "depth - 1 to the children."),
        "shallower": ("Hint: your answers are those of a search one ply shallower than asked: "
                      "with depth=1 the children are evaluated, with depth=0 the state itself."),
        "wrong player": ("Hint: at the limit, evaluate for MAX: game.evaluate(state, 'MAX'), "
                         "not for the player to move there."),
    }
    tally = dict.fromkeys(patterns, 0)
    for n, d, g in wrong:
        if _same(g, _evaluating_terminals(tree, n, d)):
            tally["evaluated a terminal"] += 1
        if _same(g, _max_view(tree, n)):
            tally["no limit"] += 1
        if _same(g, _max_view(tree, n, depth=d + 1)):
            tally["deeper"] += 1
        if d >= 1 and _same(g, _max_view(tree, n, depth=d - 1)):
            tally["shallower"] += 1
        if d == 0 and _same(g, -tree.evaluate(n, "MAX")):
            tally["wrong player"] += 1
    best = max(tally, key=lambda name: tally[name])  # the first of equals
    if tally[best] * 2 >= len(wrong):
        lines.append(patterns[best])
    return "\n".join(lines)


def _evaluating_terminals(tree: GameTree, node, depth: int) -> float:
    """Depth-limited minimax for MAX that tests ``depth == 0`` before ``is_terminal``."""
    if depth == 0:
        return tree.evaluate(node, "MAX")
    if tree.is_terminal(node):
        return tree.utility(node, "MAX")
    values = [_evaluating_terminals(tree, c, depth - 1) for c in tree.children(node)]
    return max(values) if tree.to_move(node) == "MAX" else min(values)


# Notebook 02: alpha-beta --------------------------------------------------------------


def check_alphabeta(fn: Callable) -> CheckResult:
    """Check ``fn(game, state, alpha, beta) -> value``, alpha-beta from MAX's point of view.

    ``fn`` is called at the root of each case tree with ``(-inf, +inf)``. Its
    value must be the minimax value, and it must visit exactly the nodes (and
    the leaves in the same order) that ``alphabeta(..., prune_on_equal=True)``
    visits. The message names the nodes visited that alpha-beta prunes, with
    the cutoff that prunes them, or the nodes it skipped that alpha-beta needs,
    and recognises the usual mistakes: bounds not passed down (nothing
    pruned), cutting only on strict inequality, leaves in a different order,
    children looked at before the loop reaches them, and, by trying the
    textbook's loop with each usual slip on every case tree, a bound updated
    or a cut tested wrongly at MAX or at MIN nodes.
    """
    exercise = "alpha-beta"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    visited_total = 0
    trees = case_trees()
    for name, tree in trees.items():
        case = name
        game = RecordingGame(tree)
        try:
            got = _call(fn, game, tree.root, -math.inf, math.inf)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        problem = _type_problem(exercise, fn, got, case, "")
        if problem is not None:
            return problem
        trace = Trace(tree)
        alphabeta(tree, tracer=trace)
        expected = _max_view(tree, tree.root)
        reference = trace.visited()
        leaves = set(tree.leaves())
        mine_leaves = [n for n in game.visited if n in leaves]
        reference_leaves = [n for n in reference if n in leaves]
        right_value = _same(got, expected)
        if right_value and mine_leaves == reference_leaves and set(game.visited) == set(reference):
            visited_total += len(reference)
            continue
        message = _alphabeta_message(exercise, fn, tree, case, got, expected, game, trace,
                                     lambda: _diagnose_alphabeta(fn, trees))
        return CheckResult(exercise, False, message + "\n" + _look_at(name))
    return _passed(exercise, f"right values, and exactly alpha-beta's visits "
                             f"({visited_total} nodes), on {len(trees)} trees.")


def _alphabeta_message(exercise, fn, tree, case, got, expected, game, trace, diagnose) -> str:
    name = _name(fn)
    visited, searched = game.visited, game.searched
    root_note = " (its root is a MIN node)" if tree.to_move(tree.root) == "MIN" else ""
    lines = []
    if not _same(got, expected):
        lines.append(f"{FAIL} {exercise}: on the {case}{root_note}, the root is worth "
                     f"{_show(expected)} to MAX; `{name}` returned {_show(got)}.")
    else:
        lines.append(f"{FAIL} {exercise}: on the {case}{root_note}, the value "
                     f"{_show(got)} is right but the nodes visited are not alpha-beta's.")
    if _is_number(got) and math.isinf(got) and math.isfinite(expected):
        lines.append(f"Hint: {_show(got)} is the starting value of a node that found no "
                     "children to look at: a terminal state has no actions. Check "
                     "game.is_terminal(state) first and return game.utility(state, 'MAX') there.")
        return "\n".join(lines)
    reference = trace.visited()
    order = {n: i for i, n in enumerate(_preorder(tree))}
    mine, theirs = set(visited), set(reference)
    extra = sorted(mine - theirs, key=lambda n: order[n])
    missing = sorted(theirs - mine, key=lambda n: order[n])
    leaves = set(tree.leaves())
    strict = Trace()
    alphabeta(tree, prune_on_equal=False, tracer=strict)
    mine_leaves = [n for n in visited if n in leaves]
    reference_leaves = [n for n in reference if n in leaves]

    if mine_leaves and mine_leaves[0] != reference_leaves[0]:
        lines.append(f"Your function tries the actions in another order: its first leaf is "
                     f"{mine_leaves[0]!r}, alpha-beta's is {reference_leaves[0]!r}.")
        lines.append("Hint: try the actions in the order game.actions(state) gives them; "
                     "what alpha-beta prunes depends on that order.")
        return "\n".join(lines)
    if extra and not missing and _same(got, expected) and set(searched) == theirs:
        glanced = _tops(tree, extra)
        questions = sorted(set().union(*(game.asked[n] for n in extra)))
        lines.append(f"Your function asked the game about {_names(glanced)} "
                     f"({', '.join(questions)}) without searching "
                     f"{'it' if len(glanced) == 1 else 'them'}; alpha-beta prunes "
                     f"{'it' if len(glanced) == 1 else 'them'} and never asks.")
        lines.append("Hint: look at a child only when the loop reaches it: take "
                     "game.result(state, a) inside the loop and let the recursive call ask "
                     "whether it is terminal. A cut then ends the loop before the next child "
                     "is asked about.")
        return "\n".join(lines)

    hints = []
    if extra and set(searched) == set(tree.nodes):
        lines.append(f"Your function visited every node: nothing was pruned, but alpha-beta "
                     f"never looks at {_names(_tops(tree, extra))}.")
        hints.append("Hint: pass alpha and beta down to the recursive calls, update them as "
                     "values come back (a MAX node raises alpha = max(alpha, value), a MIN "
                     "node lowers beta = min(beta, value)), and stop a node as soon as its "
                     "value reaches the bound of the player above (MAX at value >= beta, MIN "
                     "at value <= alpha).")
    elif mine == set(strict.visited()) and extra:
        lines.append(f"Your function also visited {_names(_tops(tree, extra))}, which alpha-beta "
                     "prunes when a value equals the bound.")
        lines.append("Hint: you cut only when a value passes the bound strictly; the textbook "
                     "cuts on equality too (MAX stops at value >= beta, MIN at value <= alpha). "
                     "The root value is the same either way; the package's "
                     "alphabeta(..., prune_on_equal=False) is your variant.")
        return "\n".join(lines)
    elif extra:
        lines.append(f"Your function visited {_names(_tops(tree, extra))}, which alpha-beta "
                     "prunes:")
        lines += [f"  {s}" for s in _cutoffs_that_skip(tree, trace, _tops(tree, extra))]
    if missing:
        first = missing[0]
        event = next(e for e in trace if e.state == first and e.kind in ("enter", "leaf"))
        alpha, beta = event.alpha, event.beta
        parent = tree.parent(first)
        lines.append(f"Your function never visited {_names(_tops(tree, missing))}, which "
                     "alpha-beta must look at.")
        lines.append(f"  When alpha-beta reaches {first!r} (a child of {parent!r}), alpha = "
                     f"{_show(alpha)} and beta = {_show(beta)}: no cut is possible "
                     f"yet at {parent!r}.")
        hints = ["Hint: check the cut and the updates. A MAX node stops when its value is "
                 ">= beta, a MIN node when its value is <= alpha: each compares with the bound "
                 "of the player above it. Comparing with the node's own bound, the one it "
                 "updates itself (alpha at MAX, beta at MIN), cuts too early. A MAX node "
                 "raises alpha = max(alpha, value), a MIN node lowers beta = min(beta, value); "
                 "neither changes the other bound."]
    if extra or missing:
        diagnosis = diagnose()
        lines += diagnosis if diagnosis else hints
    elif mine_leaves != reference_leaves:
        lines.append(f"The leaves are right but in another order: alpha-beta visits "
                     f"{_names(reference_leaves)}; yours {_names(mine_leaves)}.")
        lines.append("Hint: try the actions in the order game.actions(state) gives them.")
    return "\n".join(lines)


# Recognising a slip in the textbook's loop, by trying each one on every case tree.

_MAX_UPDATES = {  # how a MAX node changes (alpha, beta) once its value so far is v
    "right": lambda v, alpha, beta: (max(alpha, v), beta),
    "none": lambda v, alpha, beta: (alpha, beta),
    "lowers beta": lambda v, alpha, beta: (alpha, min(beta, v)),
    "raises beta": lambda v, alpha, beta: (alpha, max(beta, v)),
    "lowers alpha": lambda v, alpha, beta: (min(alpha, v), beta),
}
_MIN_UPDATES = {
    "right": lambda v, alpha, beta: (alpha, min(beta, v)),
    "none": lambda v, alpha, beta: (alpha, beta),
    "raises alpha": lambda v, alpha, beta: (max(alpha, v), beta),
    "lowers alpha": lambda v, alpha, beta: (min(alpha, v), beta),
    "raises beta": lambda v, alpha, beta: (alpha, max(beta, v)),
}
_MAX_CUTS = {  # when a MAX node stops
    "right": lambda v, alpha, beta: v >= beta,
    "never": lambda v, alpha, beta: False,
    "own bound": lambda v, alpha, beta: v >= alpha,
    "below alpha": lambda v, alpha, beta: v <= alpha,
}
_MIN_CUTS = {
    "right": lambda v, alpha, beta: v <= alpha,
    "never": lambda v, alpha, beta: False,
    "own bound": lambda v, alpha, beta: v <= beta,
    "above beta": lambda v, alpha, beta: v >= beta,
}
_RIGHT_LINES = {
    "max update": "at a MAX node, after each child: alpha = max(alpha, value) (MAX raises "
                  "alpha and leaves beta as it came from above)",
    "min update": "at a MIN node, after each child: beta = min(beta, value) (MIN lowers beta "
                  "and leaves alpha as it came from above)",
    "max cut": "a MAX node stops when value >= beta: beta is what MIN above it can already "
               "force; alpha is the MAX node's own bound, and reaching it proves nothing",
    "min cut": "a MIN node stops when value <= alpha: alpha is what MAX above it can already "
               "force; beta is the MIN node's own bound, and reaching it proves nothing",
}
_LINES = tuple(_RIGHT_LINES)


def _textbook_loop(tree: GameTree, rules: dict, node, alpha, beta, searched: list):
    """The textbook's alpha-beta with the given update and cut rules; notes the nodes."""
    searched.append(node)
    if tree.is_terminal(node):
        return tree.utility(node, "MAX")
    is_max = tree.to_move(node) == "MAX"
    update = _MAX_UPDATES[rules["max update"]] if is_max else _MIN_UPDATES[rules["min update"]]
    cut = _MAX_CUTS[rules["max cut"]] if is_max else _MIN_CUTS[rules["min cut"]]
    value = -math.inf if is_max else math.inf
    for child in tree.children(node):
        v = _textbook_loop(tree, rules, child, alpha, beta, searched)
        value = max(value, v) if is_max else min(value, v)
        if rules["update first"]:
            alpha, beta = update(value, alpha, beta)
        if cut(value, alpha, beta):
            return value
        if not rules["update first"]:
            alpha, beta = update(value, alpha, beta)
    return value


def _visits(tree: GameTree, searched) -> tuple:
    """What must agree: the set of nodes searched, and the leaves in order."""
    leaves = set(tree.leaves())
    return set(searched), [n for n in searched if n in leaves]


def _diagnose_alphabeta(fn, trees: dict) -> list[str]:
    """Hint lines naming the lines of the loop that explain ``fn``'s mistake.

    ``fn`` is run on every case tree. Every combination of the usual slips
    (an update that changes the wrong bound or none, a cut that compares with
    the wrong bound or never happens; updating before or after the cut test)
    is tried in the textbook's loop, and those that give ``fn``'s value and
    visits on all the trees are kept. Slips cannot always be told apart (a
    MIN node that never lowers beta looks exactly like a MAX node that never
    cuts), so the hint names every line wrong in one of the simplest
    combinations that fit. Empty if none fits, or if all four lines would be
    named (then the general hint says as much).
    """
    observed = []
    for tree in trees.values():
        game = RecordingGame(tree)
        try:
            got = fn(game, tree.root, -math.inf, math.inf)
        except Exception:  # the student's code: this tree tells nothing
            continue
        if _is_number(got):
            observed.append((tree, got, _visits(tree, game.searched)))
    fits = []
    for choice in itertools.product(_MAX_UPDATES, _MIN_UPDATES, _MAX_CUTS, _MIN_CUTS,
                                    (True, False)):
        rules = dict(zip(_LINES + ("update first",), choice, strict=True))
        for tree, got, visits in observed:
            searched: list = []
            value = _textbook_loop(tree, rules, tree.root, -math.inf, math.inf, searched)
            if not _same(value, got) or _visits(tree, searched) != visits:
                break
        else:
            fits.append({line for line in _LINES if rules[line] != "right"})
    if not fits or not all(fits):  # nothing fits, or the right loop does
        return []
    fewest = min(len(wrong) for wrong in fits)
    suspects = set().union(*(wrong for wrong in fits if len(wrong) == fewest))
    if len(suspects) == len(_LINES):
        return []
    lead = ("one of these lines" if fewest == 1 else "these lines")
    return ([f"Hint: on all {len(observed)} trees, your values and visits are those of "
             f"alpha-beta with a slip in {lead}; each should read:"]
            + [f"  {_RIGHT_LINES[line]}" for line in _LINES if line in suspects])


def _tops(tree: GameTree, nodes) -> list:
    """The nodes of ``nodes`` whose parent is not among them (subtree roots)."""
    chosen = set(nodes)
    return [n for n in nodes if tree.parent(n) not in chosen]


def _cutoffs_that_skip(tree: GameTree, trace: Trace, states) -> list[str]:
    """What the cutoffs in ``trace`` that skip any of ``states`` say."""
    wanted = set(states)
    return [trace.sentence(e.step) for e in trace.of_kind(CUTOFF)
            if wanted & set(e.skipped_states)]


# Expectimax ---------------------------------------------------------------------


def chance_case_trees() -> dict[str, GameTree]:
    """The trees of ``check_expectimax``, by name: MAX, MIN and chance layers,
    with probabilities that are not all equal.

    >>> chance_case_trees()["MAX over dice, unequal odds"].chance_outcomes("B")
    (('b1', 0.9), ('b2', 0.1))
    """
    trees = {
        "MAX over dice, unequal odds": GameTree.from_nested(
            [[(0.9, 10), (0.1, -5)], [(0.5, 2), (0.5, 3)]], layers=("max", "chance")),
        "max, chance, min": GameTree.from_nested(
            [[(0.25, [3, 5]), (0.75, [9, 1])], [(0.6, [4, 6]), (0.4, [2, 8])]],
            layers=("max", "chance", "min")),
    }
    for seed in _RANDOM_SEEDS:
        rng = random.Random(seed)
        tree = GameTree.random(3, (2, 3), values=(-5, 5), seed=seed,
                               layers=("max", "chance", "min"))
        trees[f"random tree, seed {seed}"] = _reweighed(tree, rng)
    return trees


def _reweighed(tree: GameTree, rng: random.Random) -> GameTree:
    """The same tree with random, unequal probabilities at its chance nodes."""
    probabilities = {}
    for node in tree.nodes:
        if tree.role(node) == "chance":
            weights = [rng.randint(1, 4) for _ in tree.children(node)]
            for child, w in zip(tree.children(node), weights, strict=True):
                probabilities[(node, child)] = w / sum(weights)
    values = {n: tree.value(n) for n in tree.nodes if tree.value(n) is not None}
    return GameTree.from_edges(tree.edges(), values, tree.role, probabilities=probabilities)


def _expected_for_max(tree: GameTree, node) -> float:
    value = expectimax(tree, node).value
    return -value if tree.to_move(node) == "MIN" else value


def check_expectimax(fn: Callable) -> CheckResult:
    """Check ``fn(game, state) -> value``, the expectiminimax value for MAX.

    ``fn`` is called at every node of each of ``chance_case_trees()``; the
    message names the first node in preorder whose value is wrong, with the
    value expected, and a hint when a chance node is averaged without its
    probabilities or treated as an opponent.
    """
    exercise = "expectimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    for name, tree in chance_case_trees().items():
        got_at, wrong = {}, []
        for node in _preorder(tree):
            at = f", at node {node!r} ({_role(tree, node)})"
            try:
                got = _call(fn, RecordingGame(tree), node)
            except _Raised as raised:
                return _failure_for_exception(exercise, fn, raised.error, name, at)
            problem = _type_problem(exercise, fn, got, name, at)
            if problem is not None:
                return problem
            got_at[node] = got
            checked += 1
            if not _same(got, _expected_for_max(tree, node)):
                wrong.append(node)
        if wrong:
            return CheckResult(exercise, False, _expectimax_message(fn, tree, name, got_at, wrong))
    return _passed(exercise, f"right at all {checked} nodes of {len(chance_case_trees())} trees.")


def _expectimax_message(fn, tree: GameTree, case: str, got_at: dict, wrong: list) -> str:
    first = wrong[0]
    expected = {n: _expected_for_max(tree, n) for n in tree.nodes}
    lines = [
        f"{FAIL} expectimax: on the {case}, node {first!r} ({_role(tree, first)}) is worth "
        f"{_show(expected[first])} to MAX; `{_name(fn)}` returned {_show(got_at[first])}.",
        f"Wrong at {len(wrong)} of {len(tree.nodes)} nodes (preorder): {_names(wrong)}.",
    ]
    culprit = next((n for n in wrong if tree.children(n)
                    and all(_same(got_at[c], expected[c]) for c in tree.children(n))), None)
    if culprit is None:
        if any(not tree.children(n) for n in wrong):
            lines.append("Hint: a leaf is worth game.utility(state, 'MAX').")
        return "\n".join(lines)
    kids = [expected[c] for c in tree.children(culprit)]
    got = got_at[culprit]
    if tree.role(culprit) == "chance":
        shown = ", ".join(f"{c}={_show(expected[c])} (p={_show(tree.probability(culprit, c))})"
                          for c in tree.children(culprit))
        lines.append(f"At chance node {culprit!r} the children's values are right: {shown}.")
        if _same(got, sum(kids) / len(kids)):
            lines.append("Hint: you took the plain mean; weigh each child by its probability "
                         "from game.chance_outcomes(state).")
        elif _same(got, min(kids)) or _same(got, max(kids)):
            lines.append("Hint: a chance node does not choose: it is worth the sum of "
                         "probability x value over its outcomes.")
        else:
            lines.append("Hint: a chance node is worth the sum of probability x value over "
                         "game.chance_outcomes(state).")
    else:
        take = "largest" if tree.role(culprit) == "max" else "smallest"
        lines.append(f"Hint: at {culprit!r} ({_role(tree, culprit)}) the children's values are "
                     f"right but you returned {_show(got)}: a {_role(tree, culprit)} node takes "
                     f"the {take} of them.")
    return "\n".join(lines)
