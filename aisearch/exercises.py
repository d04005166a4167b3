"""Checks for the notebooks' exercises: run a student's function, say what is wrong.

Each ``check_...`` function takes the student's function, runs it on a fixed
set of cases (the textbook tree, a Pacman tree, a tree with
ties, a few seeded random trees, tic-tac-toe positions where they fit) and
compares it with the package's own searches. It returns a ``CheckResult``
whose message says exactly what is wrong: the case, the value expected and
the value returned, the first node (in preorder) whose value is wrong, and,
for alpha-beta, the nodes visited that should have been pruned or the
reverse. A check never raises because of the student's code: a wrong answer,
an exception or an unfinished skeleton (``NotImplementedError``, or an empty
body that returns ``None``) is reported in the message; ``None`` returned by
a function that does something is a missing ``return``, and says so.

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
import operator
import os
import random
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from numbers import Real

from .alphabeta import alphabeta
from .counting import count_games, count_positions, count_tree_nodes
from .expectimax import expectimax
from .games.gametree import CHANCE, GameTree
from .games.tictactoe import TicTacToe
from .minimax import minimax
from .trace import CUTOFF, Trace

__all__ = [
    "CheckResult",
    "RecordingGame",
    "case_trees",
    "chance_case_trees",
    "check_alphabeta",
    "check_count_games",
    "check_depth_limited",
    "check_expectimax",
    "check_four_in_a_row",
    "check_isolation_evaluation",
    "check_maxn",
    "check_maxn_by_hand",
    "check_minimax",
    "check_selection",
    "check_table_rule",
    "check_uct_score",
    "draw_backup_tree",
    "isolation_baseline",
    "maxn_case_trees",
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
    """False while the function is still the skeleton (``NotImplementedError``, an empty body)."""

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
    ``is_terminal``, ``utility``, ``evaluate``, ``chance_outcomes`` in a game
    with chance, and a ``GameTree``'s
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
        found = getattr(self.game, name)
        if name == "chance_outcomes":  # only for games that have chance
            def chance_outcomes(state):
                self._note(state, "chance_outcomes")
                return found(state)
            return chance_outcomes
        return found

    def __repr__(self) -> str:
        return f"RecordingGame({self.game!r})"


# The cases ------------------------------------------------------------------------

_RANDOM_SEEDS = (3, 7, 11)


def _pacman_tree() -> GameTree:
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


def _pacman_tree_with_guesses() -> GameTree:
    """The Pacman tree, evaluated everywhere by the dots eaten so far (caught or not)."""
    tree = _pacman_tree()
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
    Pacman tree the evaluation also gives finished games a score, which
    differs from their utility).

    >>> list(case_trees())[:3]
    ['textbook tree', 'Pacman tree', 'tree with ties']
    >>> case_trees()["textbook tree"].to_nested()
    [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    """
    if kind not in ("search", "depth"):
        raise ValueError(f"kind must be 'search' or 'depth', got {kind!r}")
    trees = {
        "textbook tree": GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        "Pacman tree": _pacman_tree(),
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
        "Pacman tree": _pacman_tree_with_guesses(),
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


def _is_untouched(fn) -> bool:
    """True if ``fn``'s body does nothing (``...``, ``pass`` or a docstring alone).

    Such a function returns None because nothing was written yet; any other
    function that returns None has reached the end of a path without a
    ``return``.
    """
    import dis

    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    ignored = {"RESUME", "NOP", "CACHE", "PRECALL"}
    steps = [(i.opname, i.argval) for i in dis.get_instructions(code) if i.opname not in ignored]
    return steps in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def _returned_none(exercise, fn, case, at="", where="") -> CheckResult:
    """``fn`` returned None: not done yet if its body is empty, else a missing ``return``.

    ``where`` says which path through the function was taken, when the check knows.
    """
    if _is_untouched(fn):
        return _not_done(exercise, fn, f"returned None on the {case}{at}: its body is empty")
    return CheckResult(exercise, False, (
        f"{FAIL} {exercise}: on the {case}{at}, `{_name(fn)}` returned None{where}.\n"
        "Hint: a `return` is missing: a Python function that reaches its end without "
        "`return` gives None. Every path through your function must end in `return`."))


def _bool_problem(exercise, fn, got, case, expected: bool) -> CheckResult | None:
    """A failure if ``got`` is not ``True`` or ``False``; ``None`` if it is.

    Every check that asks for a bool says the same: a number, even 0 or 1, is
    refused, so that ``bits & mask`` (a number) is not mistaken for an answer.
    numpy's booleans are accepted.
    """
    if _is_bool_like(got):
        return None
    if got is None:
        return _returned_none(exercise, fn, case)
    hint = ("\nHint: bool(...) turns a number into True or False (0 is False, any other "
            "number True)." if _is_number(got) else "")
    return CheckResult(exercise, False, (
        f"{FAIL} {exercise}: on the {case}, `{_name(fn)}` returned {got!r}, "
        f"{_a(type(got).__name__)}; expected True or False (here {expected}).{hint}"))


def _a(word: str) -> str:
    """``a float``, ``an int``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _is_bool_like(x) -> bool:
    """True for ``True``/``False`` and numpy's booleans (``np.True_``), not for 0 or 1."""
    kind = type(x)
    return isinstance(x, bool) or (kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_"))


def _plural(count: int, word: str, plural: str | None = None) -> str:
    """``1 move``, ``2 moves``: a count with its noun in the right number."""
    return f"{count:,} {word if count == 1 else plural or word + 's'}"


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


def _type_problem(exercise, fn, got, case, at, what="a number", where="") -> CheckResult | None:
    """A failure if ``got`` is not a number (``None``: not done yet, or a missing return)."""
    if _is_number(got):
        return None
    if got is None:
        return _returned_none(exercise, fn, case, at, where)
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


def _answer(exercise, fn, case, at, *args, where="", find_none=None) -> tuple:
    """``fn(*args)``, or the failure to report: it raised, or returned no number.

    ``find_none()``, when given, looks below for the call that returned None
    after ``fn`` raised a TypeError about None (a missing ``return`` deeper
    down), and gives that failure instead, or ``None`` if it found none.
    """
    try:
        got = _call(fn, *args)
    except _Raised as raised:
        error = raised.error
        if find_none is not None and isinstance(error, TypeError) and _is_none_in_arithmetic(error):
            if (found := find_none()) is not None:
                return None, found
        return None, _failure_for_exception(exercise, fn, error, case, at)
    return got, _type_problem(exercise, fn, got, case, at, where=where)


def _none_below(exercise, fn, tree: GameTree, case, node, depth=None) -> CheckResult | None:
    """The missing return under ``node``: the first call, children before parents, giving None.

    ``depth`` is the depth given at ``node`` (``None`` for a search without
    one); a child is asked with one less.
    """
    def calls(n, d):
        for child in tree.children(n) if d != 0 else ():
            yield from calls(child, None if d is None else d - 1)
        yield n, d

    for n, d in calls(node, depth):
        try:
            got = fn(RecordingGame(tree), n) if d is None else fn(RecordingGame(tree), n, d)
        except Exception:  # the student's code: this call tells nothing
            continue
        if got is None:
            at = f", at node {n!r} ({_role(tree, n)})" + ("" if d is None else f" with depth={d}")
            return _returned_none(exercise, fn, case, at, _path_taken(tree, n, d))
    return None


def _path_taken(tree: GameTree, node, depth: int | None = None) -> str:
    """Which branch of a search function a call at ``node`` takes, for a missing return."""
    if tree.is_terminal(node):
        return ", on the path for a terminal state"
    if depth == 0:
        return ", on the path for the depth limit (depth 0, a state that is not terminal)"
    return f", on the path for a {_role(tree, node)} node that is not terminal"


def _answers_at_every_node(exercise, fn, tree: GameTree, case, expected_of,
                           asked: set | None = None) -> tuple:
    """``fn``'s value at every node of ``tree`` (preorder), against ``expected_of(tree, node)``.

    Returns ``(got_at, wrong, problem)``: the answers by node, the nodes
    answered wrongly, and the failure that stopped the walk (or ``None``).
    ``asked``, if given, gathers the names of the game methods ``fn`` called.
    """
    got_at: dict = {}
    wrong: list = []
    for node in _preorder(tree):
        at = f", at node {node!r} ({_role(tree, node)})"
        game = RecordingGame(tree)
        got, problem = _answer(
            exercise, fn, case, at, game, node, where=_path_taken(tree, node),
            find_none=lambda node=node: _none_below(exercise, fn, tree, case, node))
        if asked is not None:
            asked.update(*game.asked.values())
        if problem is not None:
            return got_at, wrong, problem
        got_at[node] = got
        if not _same(got, expected_of(tree, node)):
            wrong.append(node)
    return got_at, wrong, None


# Watching what game.to_move's answers are compared with


class _Mover(str):
    """A player's name that notes every string it is compared with (``mover == "CHANCE"``)."""

    compared: set

    def __eq__(self, other):
        if isinstance(other, str):
            self.compared.add(str(other))
        return str.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = str.__hash__


class _MoverRecordingGame(RecordingGame):
    """A ``RecordingGame`` whose ``to_move`` answers a ``_Mover`` sharing ``compared``."""

    def __init__(self, game, compared: set) -> None:
        super().__init__(game)
        self.compared = compared

    def to_move(self, state):
        mover = _Mover(super().to_move(state))
        mover.compared = self.compared
        return mover


def _compared_with(fn, tree: GameTree, node, *args) -> set:
    """The strings ``fn(game, node, *args)`` compared ``game.to_move``'s answers with (``==``).

    Asked once more, apart from the check itself: a ``_Mover`` is equal to its
    name but not the same object, and code that tests ``is CHANCE`` should
    not fail the check because of it.
    """
    compared: set = set()
    try:
        fn(_MoverRecordingGame(tree, compared), node, *args)
    except Exception:  # the student's code: what it compared before failing still tells
        pass
    return compared


_PLAYERS = {name.casefold(): name for name in ("MAX", "MIN", CHANCE)}
"""The names ``game.to_move`` answers, by the way a student may spell them ('max')."""


def _not_players(fn, tree: GameTree, node, *args) -> set:
    """The strings, other than the names ``game.to_move`` answers, that ``fn(game, node,
    *args)`` compared its answers with: a test against one of them never matches."""
    return _compared_with(fn, tree, node, *args) - set(_PLAYERS.values())


def _misnamed_player(fn, tree: GameTree, answers, node, *args) -> str | None:
    """The hint for ``game.to_move(state)`` compared with a name no player has, or ``None``.

    Named only when the answers show that the test never matched: ``answers``
    holds ``(node, depth, value returned)`` (``depth=math.inf`` for a search
    without a limit), and every one of them must be that of a search in which
    every node takes the smallest (or every node the largest) child value.
    ``fn`` is then called once more at ``node`` with ``*args``, to see which
    strings it compares ``game.to_move``'s answers with.
    """
    took = next((took for took, everyone in (("smallest", "MIN everywhere"),
                                              ("largest", "MAX everywhere"))
                 if all(_same(got, _depth_variant(tree, n, depth, "evaluate", everyone))
                        for n, depth, got in answers)), None)
    if took is None:
        return None
    strange = sorted(_not_players(fn, tree, node, *args))
    if not strange:
        return None
    right = sorted({_PLAYERS[s.casefold()] for s in strange if s.casefold() in _PLAYERS})
    return (f"Hint: your function compares game.to_move(state) with {_names(strange)}, but "
            "game.to_move(state) answers 'MAX' or 'MIN' here, and strings match only when "
            "they are exactly the same: that test never matched, so every node took the "
            f"{took} of its children's values. Compare with {_names(right or ['MAX'])}.")


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
    (255,168 games), then the textbook tree and the Pacman tree. When an
    answer is wrong, the message says whether it equals another count (tree
    nodes, distinct positions, moves, non-terminal nodes).
    """
    exercise = "count_games"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    game, boards = _tic_tac_toe_cases()
    cases = [(f"tic-tac-toe position '{state}' ({name})", game, state) for name, state in boards]
    trees = case_trees()
    cases += [(name, trees[name], trees[name].root) for name in ("textbook tree", "Pacman tree")]
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
    MIN swapped, leaves valued for the wrong player, turns counted from the
    first call instead of asked of the state, ``game.to_move(state)``
    compared with a name no player has, such as 'max').
    """
    exercise = "minimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    for name, tree in case_trees().items():
        case = name
        got_at, wrong, problem = _answers_at_every_node(exercise, fn, tree, case, _max_view)
        if problem is not None:
            return problem
        checked += len(got_at)
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
    elif (misnamed := _misnamed_player(fn, tree, [(n, math.inf, got_at[n]) for n in tree.nodes],
                                       first)) is not None:
        lines.append(misnamed)
    elif (all(_same(got_at[n], _max_view(swapped, n)) for n in tree.nodes)
          and {tree.to_move(n) for n in wrong} == {"MAX", "MIN"}):
        # Only when the swap explains every node, and shows at both kinds of node:
        # returning the first child's value also looks like max at one MIN node.
        lines.append(_DEPTH_SLIPS[("evaluate", "swapped")])
    elif all(_same(got_at[n], _depth_variant(tree, n, math.inf, "evaluate", "first call"))
             for n in tree.nodes):
        lines.append(_DEPTH_SLIPS[("evaluate", "first call")])
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
    answers are those of a search one ply deeper or shallower, or of no limit,
    or of a usual slip (0 at the limit, max and min swapped, the player to
    move decided by counting plies or by the depth's parity, or compared
    with a name no player has, such as 'max').
    """
    exercise = "depth-limited minimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    trees = case_trees("depth")
    for name, tree in trees.items():
        case = name
        answers, wrong = [], []
        for node in _preorder(tree):
            height = tree.height(node)
            if height == 0:
                continue
            for depth in range(height + 1):
                at = f", at node {node!r} ({_role(tree, node)}) with depth={depth}"
                got, problem = _answer(
                    exercise, fn, case, at, RecordingGame(tree), node, depth,
                    where=_path_taken(tree, node, depth),
                    find_none=lambda tree=tree, case=case, node=node, depth=depth: _none_below(
                        exercise, fn, tree, case, node, depth))
                if problem is not None:
                    return problem
                checked += 1
                answers.append((node, depth, got))
                if not _same(got, _max_view(tree, node, depth=depth)):
                    wrong.append((node, depth, got))
        if wrong:
            message = _depth_message(exercise, fn, tree, case, wrong, answers)
            return CheckResult(exercise, False, message + "\n" + _look_at(name, "depth"))
    return _passed(exercise, f"right for all {checked} (node, depth) pairs of "
                             f"{len(trees)} trees.")


def _depth_message(exercise, fn, tree, case, wrong, answers) -> str:
    node, depth, got = wrong[0]
    expected = _max_view(tree, node, depth=depth)
    lines = [
        f"{FAIL} {exercise}: on the {case}, node {node!r} ({_role(tree, node)}) searched to "
        f"depth {depth} is worth {_show(expected)} to MAX; `{_name(fn)}` returned {_show(got)}.",
        f"Wrong for {_plural(len(wrong), '(node, depth) pair')}, first: "
        + ", ".join(f"{n!r} at depth {d}" for n, d, _ in wrong[:4]) + ".",
    ]
    slip = (_misnamed_player(fn, tree, answers, node, depth)
            or _depth_slip(tree, answers))
    if slip is not None:
        lines.append(slip)
        return "\n".join(lines)
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


_FIRST_CALL = ("your function decides who moves by counting plies from its first call (MAX "
               "there, then in turn), not by asking the state")
"""The slip of a ``maximizing=True`` flag flipped at each call, as every check names it."""

_DEPTH_SLIPS = {  # (value at the limit, who maximises) -> the hint; tried in this order
    ("zero", "to_move"): (
        "Hint: at the depth limit your function returns 0: a state that is not terminal is "
        "worth game.evaluate(state, 'MAX') when depth is 0, the evaluation function's guess "
        "at its value, not 0."),
    ("evaluate", "swapped"): (
        "Hint: your MAX nodes take the smallest child value and your MIN nodes the largest: "
        "max and min are swapped (MAX moves where game.to_move(state) == 'MAX')."),
    ("evaluate", "first call"): (
        f"Hint: {_FIRST_CALL}: called at a MIN node it maximises. The check calls it at "
        "every node, and a game may give a player two moves in a row: ask "
        "game.to_move(state) at every state."),
    ("evaluate", "even depth"): (
        "Hint: your function decides who moves by the parity of depth (MAX when depth is "
        "even): depth counts the plies left to search, not whose turn it is. Ask "
        "game.to_move(state) at every state."),
    ("evaluate", "odd depth"): (
        "Hint: your function decides who moves by the parity of depth (MAX when depth is "
        "odd): depth counts the plies left to search, not whose turn it is. Ask "
        "game.to_move(state) at every state."),
}


def _depth_slip(tree: GameTree, answers) -> str | None:
    """The hint of the usual slip whose search gives every one of ``answers``, or ``None``.

    ``answers`` holds ``(node, depth, value returned)`` for every pair asked on
    ``tree``; a slip is named only if its search agrees with all of them.
    """
    for (at_limit, maximiser), hint in _DEPTH_SLIPS.items():
        if all(_same(got, _depth_variant(tree, node, depth, at_limit, maximiser))
               for node, depth, got in answers):
            return hint
    return None


def _depth_variant(tree: GameTree, node, depth: float, at_limit: str, maximiser: str,
                   ply: int = 0) -> float:
    """Depth-limited minimax for MAX with a slip: ``at_limit`` is ``"evaluate"`` or ``"zero"``;
    ``maximiser`` says who takes the max: the player ``to_move`` (right), the other one
    (``swapped``), the ``first call`` and every second ply after it, whoever moves at an
    ``even depth`` (``odd depth``), or one player at every node (``MAX everywhere``,
    ``MIN everywhere``)."""
    if tree.is_terminal(node):
        return tree.utility(node, "MAX")
    if depth == 0:
        return 0 if at_limit == "zero" else tree.evaluate(node, "MAX")
    is_max = {"to_move": tree.to_move(node) == "MAX", "swapped": tree.to_move(node) == "MIN",
              "first call": ply % 2 == 0, "even depth": depth % 2 == 0,
              "odd depth": depth % 2 == 1, "MAX everywhere": True,
              "MIN everywhere": False}[maximiser]
    values = [_depth_variant(tree, c, depth - 1, at_limit, maximiser, ply + 1)
              for c in tree.children(node)]
    return max(values) if is_max else min(values)


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
    and recognises the usual mistakes: cutting only on strict inequality,
    leaves in a different order, children looked at before the loop reaches
    them, and, by trying the textbook's loop with each usual slip on every
    case tree (with the full window and two narrower ones), a bound updated
    or a cut tested wrongly at MAX or at MIN nodes, a cut turned round, the
    window passed down as (beta, alpha), unchanged (or never narrowed: the
    two look the same) or full, MAX decided by counting plies from the first
    call, and no pruning at all; and ``game.to_move(state)`` compared with a
    name no player has, such as 'max'.
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
    misnamed = (None if _same(got, expected) else
                _misnamed_player(fn, tree, [(tree.root, math.inf, got)], tree.root,
                                 -math.inf, math.inf))
    if misnamed is not None:
        lines.append(misnamed)
    elif extra or missing:
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
    "below beta": lambda v, alpha, beta: v <= beta,
}
_MIN_CUTS = {
    "right": lambda v, alpha, beta: v <= alpha,
    "never": lambda v, alpha, beta: False,
    "own bound": lambda v, alpha, beta: v <= beta,
    "above beta": lambda v, alpha, beta: v >= beta,
    "above alpha": lambda v, alpha, beta: v >= alpha,
}
_PASSES = {  # the window a child is searched with: (alpha, beta) now, and as entered
    "right": lambda now, entered: now,
    "swapped": lambda now, entered: (now[1], now[0]),
    "as entered": lambda now, entered: entered,
    "full": lambda now, entered: (-math.inf, math.inf),
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
    "pass down": "each child is searched with the node's alpha and beta, in that order, as "
                 "they are after the last update",
    "turns": "MAX moves where game.to_move(state) == 'MAX', asked at every state",
}
_LINES = tuple(_RIGHT_LINES)
_SLIPS = {  # (line, slip) -> what the student's code does, for the slips told apart alone
    ("pass down", "swapped"): (
        "your recursive calls pass (beta, alpha): each child gets the two bounds swapped. "
        "Pass them in the order of the parameters: NAME(game, child, alpha, beta)"),
    ("pass down", "as entered"): (
        # Never updating both bounds, and updating them but passing the old ones, do
        # exactly the same: the hint names both.
        "your children always get the window the node was called with: either alpha and "
        "beta are never updated, or the updated values are not what you pass to the "
        "children. After each child a MAX node raises alpha = max(alpha, value) and a MIN "
        "node lowers beta = min(beta, value); call each child with alpha and beta as they "
        "are after the last update"),
    ("pass down", "full"): (
        "your recursive calls give every child the full window (-inf, +inf): what a node "
        "has learnt never reaches its children. Call each child with the node's alpha and "
        "beta, as they are after the last update"),
    ("min cut", "above alpha"): (
        "your MIN nodes stop when value >= alpha: the comparison is turned round. A MIN "
        "node stops when value <= alpha: MAX above already has alpha elsewhere, and this "
        "MIN node can hold MAX to value or less, so MAX will never come here"),
    ("max cut", "below beta"): (
        "your MAX nodes stop when value <= beta: the comparison is turned round. A MAX "
        "node stops when value >= beta: MIN above already has beta elsewhere, and this MAX "
        "node can get value or more, so MIN will never come here"),
    ("turns", "first call"): (
        f"{_FIRST_CALL}: at a MIN root it maximises, and a game may give a player two moves "
        "in a row. Ask game.to_move(state) at every state"),
}


def _textbook_loop(tree: GameTree, rules: dict, node, alpha, beta, searched: list,
                   ply: int = 0):
    """The textbook's alpha-beta with the given update, cut and passing rules, and MAX
    decided by asking the state (``"turns": "right"``) or by counting plies from the first
    call (``"first call"``); notes the nodes searched in ``searched``."""
    searched.append(node)
    if tree.is_terminal(node):
        return tree.utility(node, "MAX")
    is_max = tree.to_move(node) == "MAX" if rules["turns"] == "right" else ply % 2 == 0
    update = _MAX_UPDATES[rules["max update"]] if is_max else _MIN_UPDATES[rules["min update"]]
    cut = _MAX_CUTS[rules["max cut"]] if is_max else _MIN_CUTS[rules["min cut"]]
    window = _PASSES[rules["pass down"]]
    entered = (alpha, beta)
    value = -math.inf if is_max else math.inf
    for child in tree.children(node):
        v = _textbook_loop(tree, rules, child, *window((alpha, beta), entered), searched,
                           ply + 1)
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


def _probe_windows(tree: GameTree) -> list[tuple]:
    """The windows ``fn`` is called with at the root: the full one, then two half-open ones
    that end at the root's value, so that a root which cuts, or children given the
    root's own window, show in the visits."""
    value = _max_view(tree, tree.root)
    return [(-math.inf, math.inf), (-math.inf, value), (value, math.inf)]


def _alphabeta_rules() -> list[dict]:
    """Every combination of the usual slips to try: any slips in the updates and cuts with
    the window passed down right, or one slip in passing the window down, or MAX decided
    by counting plies from the first call (a ``maximizing`` flag flipped at each call)."""
    combos = [dict(zip(("max update", "min update", "max cut", "min cut", "update first"),
                       choice, strict=True), **{"pass down": "right", "turns": "right"})
              for choice in itertools.product(_MAX_UPDATES, _MIN_UPDATES, _MAX_CUTS, _MIN_CUTS,
                                              (True, False))]
    right = {"max update": "right", "min update": "right", "max cut": "right",
             "min cut": "right", "pass down": "right", "turns": "right"}
    combos += [dict(right, **{"pass down": slip, "update first": first})
               for slip in _PASSES if slip != "right" for first in (True, False)]
    combos += [dict(right, **{"turns": "first call", "update first": first})
               for first in (True, False)]
    return combos


def _diagnose_alphabeta(fn, trees: dict) -> list[str]:
    """Hint lines naming the lines of the loop that explain ``fn``'s mistake.

    ``fn`` is run at the root of every case tree with the full window, and
    with two narrower ones (``_probe_windows``). Every combination of the
    usual slips (an update that changes the wrong bound or none, a cut that
    compares with the wrong bound, the wrong way round, or never happens;
    updating before or after the cut test; the window passed down swapped,
    unchanged or full) is tried in the textbook's loop, and those that give
    ``fn``'s value (with the full window) and visits (with every window) on
    all the trees are kept. A function that prunes nothing with any window
    ignores alpha and beta, and is told so. Slips cannot always be told apart
    (a MIN node that never lowers beta looks exactly like a MAX node that never
    cuts), so the hint names every line wrong in one of the simplest
    combinations that fit, or the slip itself when only one fits. Empty if
    none fits, or if every update and cut would be named (then the general
    hint says as much).
    """
    observed = []  # (tree, window, value or None, visits)
    for tree in trees.values():
        for window in _probe_windows(tree):
            game = RecordingGame(tree)
            try:
                got = fn(game, tree.root, *window)
            except Exception:  # the student's code: this call tells nothing
                continue
            if _is_number(got):
                full = math.isinf(window[0]) and math.isinf(window[1])
                observed.append((tree, window, got if full else None, _visits(tree, game.searched)))
    if observed and all(visits[0] == set(tree.nodes) for tree, _, _, visits in observed):
        # A missing cut and ignored bounds visit the same nodes: say both.
        return ["Hint: your function prunes nothing, even when it is called with a narrow "
                "window: either the cut tests are missing (or never true), or alpha and beta "
                "are not used. Stop a node as soon as its value reaches the bound of the "
                "player above (MAX at value >= beta, MIN at value <= alpha), pass alpha and "
                "beta down to the recursive calls, and update them as values come back (a MAX "
                "node raises alpha = max(alpha, value), a MIN node lowers beta = min(beta, "
                "value))."]
    fits = []
    for rules in _alphabeta_rules():
        for tree, window, got, visits in observed:
            searched: list = []
            value = _textbook_loop(tree, rules, tree.root, *window, searched)
            if (got is not None and not _same(value, got)) or _visits(tree, searched) != visits:
                break
        else:
            fits.append(rules)
    slips = [{line: rules[line] for line in _LINES if rules[line] != "right"} for rules in fits]
    if not slips or not all(slips):  # nothing fits, or the right loop does
        return []
    fewest = min(len(wrong) for wrong in slips)
    simplest = [dict(wrong) for wrong in {tuple(sorted(w.items())) for w in slips
                                          if len(w) == fewest}]
    trees_seen = _plural(len({id(tree) for tree, *_ in observed}), "tree")
    if len(simplest) == 1 and all(slip in _SLIPS for slip in simplest[0].items()):
        return [f"Hint: on all {trees_seen}, with the full window and narrower ones, your "
                "values and visits are those of alpha-beta where "
                + "; and ".join(_SLIPS[slip] for slip in simplest[0].items()).replace(
                    "NAME", _name(fn)) + "."]
    suspects = set().union(*simplest)
    if suspects >= {"max update", "min update", "max cut", "min cut"}:
        return []
    lead = ("one of these lines" if fewest == 1 else "these lines")
    return ([f"Hint: on all {trees_seen}, your values and visits are those of "
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
        asked: set = set()
        got_at, wrong, problem = _answers_at_every_node(exercise, fn, tree, name,
                                                        _expected_for_max, asked)
        if problem is not None:
            return problem
        checked += len(got_at)
        if wrong:
            return CheckResult(exercise, False,
                               _expectimax_message(fn, tree, name, got_at, wrong, asked))
    return _passed(exercise, f"right at all {checked} nodes of {len(chance_case_trees())} trees.")


def _expectimax_message(fn, tree: GameTree, case: str, got_at: dict, wrong: list,
                        asked: set) -> str:
    """What is wrong; ``asked`` holds the names of the game methods ``fn`` called."""
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
        chose = "smallest" if _same(got, min(kids)) else "largest" if _same(got, max(kids)) else None
        strange = (_not_players(fn, tree, culprit)
                   if chose is not None and "chance_outcomes" not in asked else set())
        if strange:
            player = "MIN" if chose == "smallest" else "MAX"
            lines.append(
                f"Hint: your function took the {chose} of them, as a {player} node does, and never "
                "called game.chance_outcomes: its test for a chance node never matched. It "
                f"compares game.to_move(state) with {_names(sorted(strange))}, but at a chance "
                f"node game.to_move(state) is {CHANCE!r} (aisearch.CHANCE): compare with that.")
        elif _same(got, sum(kids) / len(kids)):
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


# Monte Carlo tree search (notebook 08) ----------------------------------------------


_UCT_CASES = (  # (mean, visits, parent visits, exploration)
    (0.5, 3, 10, math.sqrt(2)), (0.0, 1, 2, math.sqrt(2)), (-0.25, 4, 9, math.sqrt(2)),
    (1.0, 30, 100, 0.5), (0.1, 7, 7, 2.0), (0.3, 5, 40, 0.0), (-1.0, 1, 1, 1.0),
)


def check_uct_score(fn: Callable) -> CheckResult:
    """Check ``fn(mean, visits, parent_visits, exploration)`` against ``aisearch.mcts.uct_score``.

    The cases mix exploration constants (0 among them), one-visit children
    and a parent with a single visit (ln 1 = 0). On a wrong number the
    message names the first case it is wrong on and the score expected.
    It names the slip when ``fn`` agrees with one of the usual slips on
    every case: no square root, no logarithm, a 2 inside the root as well as c,
    the visits swapped, log base 10 or 2, the constant left out, fixed at √2,
    put inside the root or squared, the mean left out, negated, or the bonus
    subtracted.

    >>> import math
    >>> check_uct_score(lambda m, n, N, c: m + c * math.sqrt(math.log(N) / n)).passed
    True
    >>> print(check_uct_score(lambda m, n, N, c: m + math.sqrt(2 * math.log(N) / n)).message)
    ... # doctest: +ELLIPSIS
    ✗ uct_score: for a child with mean 1, 30 visits, parent 100 visits, c = 0.5, ...
    Hint: use the exploration argument; sqrt(2 ln N / n) is the c = √2 case.
    """
    from .mcts import uct_score

    exercise = "uct_score"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    answers: list[tuple[tuple, float]] = []  # (case, fn's number) up to the first failure
    first_wrong = None
    for mean, visits, parent, c in _UCT_CASES:
        case = f"child with mean {_show(mean)}, {visits} visits, parent {parent} visits, c = {c:.4g}"
        try:
            got = _call(fn, mean, visits, parent, c)
        except _Raised as raised:
            if first_wrong is not None:
                break  # a wrong number came first: name the slip from the cases so far
            return _failure_for_exception(exercise, fn, raised.error, case)
        if not _is_number(got) and first_wrong is not None:
            break
        if (problem := _type_problem(exercise, fn, got, case, "")) is not None:
            return problem
        answers.append(((mean, visits, parent, c), got))
        if first_wrong is None and not _same(got, uct_score(mean, visits, parent, c)):
            first_wrong = (case, mean, visits, parent, c, got)
    if first_wrong is None:
        return _passed(exercise, f"right on all {len(_UCT_CASES)} cases, exploration 0 included.")
    case, mean, visits, parent, c, got = first_wrong
    lines = [f"{FAIL} {exercise}: for a {case}, `{_name(fn)}` returned {_show(got)}; "
             f"the UCT score is {_show(uct_score(mean, visits, parent, c))} = {_show(mean)} + "
             f"{c:.4g} × √(ln {parent} / {visits})."]
    lines.append(_uct_hint(answers))
    return CheckResult(exercise, False, "\n".join(lines))


_UCT_SLIPS = {  # hint -> the slip, as a function of (mean, visits, parent visits, c)
    "the square root is missing: the bonus is c·√(ln N / n)":
        lambda m, n, big_n, c: m + c * math.log(big_n) / n,
    "the logarithm is missing: the bonus is c·√(ln N / n), the natural log of the parent's "
    "visits N over the child's visits n":
        lambda m, n, big_n, c: m + c * math.sqrt(big_n / n),
    "the 2 belongs to c: √(2 ln N / n) is UCB1's bonus (Auer, Cesa-Bianchi and Fischer 2002), "
    "the same as c = √2 in this formula. With c given, the bonus is c·√(ln N / n), with no 2 "
    "inside the root":
        lambda m, n, big_n, c: m + c * math.sqrt(2 * math.log(big_n) / n),
    "the visits are swapped: ln of the parent's visits, divided by the child's":
        lambda m, n, big_n, c: m + c * math.sqrt(math.log(n) / big_n),
    "use the natural logarithm, math.log, not math.log10":
        lambda m, n, big_n, c: m + c * math.sqrt(math.log10(big_n) / n),
    "use the natural logarithm, math.log, not math.log2":
        lambda m, n, big_n, c: m + c * math.sqrt(math.log2(big_n) / n),
    "the exploration constant c multiplies the bonus":
        lambda m, n, big_n, c: m + math.sqrt(math.log(big_n) / n),
    "use the exploration argument; sqrt(2 ln N / n) is the c = √2 case":
        lambda m, n, big_n, c: m + math.sqrt(2 * math.log(big_n) / n),
    "c multiplies the square root, it does not go inside it":
        lambda m, n, big_n, c: m + math.sqrt(c * math.log(big_n) / n),
    "c multiplies the bonus once: c·√(ln N / n), not c²·√(ln N / n)":
        lambda m, n, big_n, c: m + c * c * math.sqrt(math.log(big_n) / n),
    "the score adds the mean and the bonus":
        lambda m, n, big_n, c: c * math.sqrt(math.log(big_n) / n),
    "the bonus is added, not subtracted: it raises the score of a move tried rarely":
        lambda m, n, big_n, c: m - c * math.sqrt(math.log(big_n) / n),
    "the mean is already for the player choosing: add it as it is, do not negate it":
        lambda m, n, big_n, c: -m + c * math.sqrt(math.log(big_n) / n),
}


def _uct_hint(answers: list[tuple[tuple, float]]) -> str:
    """The hint of the slip that ``fn`` agrees with on every case answered, else the formula."""
    for hint, slip in _UCT_SLIPS.items():
        if all(_same(got, slip(*case)) for case, got in answers):
            return f"Hint: {hint}."
    return "Hint: score = mean + c * math.sqrt(math.log(parent_visits) / visits)."


# Max^n, more than two players (notebook 07) ---------------------------------------

BACKUP_TREE = [[(2, 5, 3), (6, 1, 3)], [(4, 4, 2), (3, 2, 5)], [(1, 3, 6), (5, 3, 2)]]
"""The tree of notebook 07's by-hand exercise: A is P1's, B C D are P2's.

D's two leaves tie for P2 (3 each); keeping the last of them instead of the
first would change A's choice too."""


def maxn_case_trees() -> dict[str, GameTree]:
    """The three- and four-player trees ``check_maxn`` tries, by name."""
    three = ("P1", "P2", "P3")
    return {
        "exercise tree": GameTree.from_nested(BACKUP_TREE, players=three),
        "tree with ties": GameTree.from_nested(
            [[(1, 4, 5), (6, 4, 0)], [(3, 2, 5), (0, 2, 8)]], players=three),
        "tree where P1 moves twice in a row": GameTree.random(
            3, (1, 3), players=three, total=9, seed=11, layers=("P1", "P1", "P2")),
        "random three-player tree": GameTree.random(3, (2, 3), players=three, total=10, seed=3),
        "random four-player tree": GameTree.random(
            3, 2, players=("N", "E", "S", "W"), values=(0, 9), seed=5),
    }


def _maxn_vector(tree: GameTree, node) -> tuple:
    from .maxn import maxn

    vector: tuple = maxn(tree, node).value  # type: ignore[assignment]  # max^n values are vectors
    return vector


def _is_vector(x, n: int) -> bool:
    return isinstance(x, (tuple, list)) and len(x) == n and all(_is_number(v) for v in x)


def check_maxn(fn: Callable) -> CheckResult:
    """Check ``fn(game, state) -> vector``, the max^n value vector of ``state``.

    ``fn`` is called at every node of each of ``maxn_case_trees()`` (ties,
    a player moving twice, four players); the message names the first node in
    preorder whose vector is wrong, with the vector expected, and a hint for
    the usual slips: every node choosing by one fixed player's entry (the root
    player's, say), every player minimising, the last of tied children kept,
    a number or a ``(vector, action)`` pair instead of a vector.
    """
    exercise = "max^n"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked, first_wrong, choices = 0, None, []
    for name, tree in maxn_case_trees().items():
        got_at, failure = _maxn_answers(exercise, fn, name, tree)
        if failure is not None:
            if first_wrong is None:
                return failure
            break  # report the earlier wrong vector: it came first
        checked += len(got_at)
        wrong = [node for node, got in got_at.items() if got != _maxn_vector(tree, node)]
        # Every choice made between right children shows the rule the code follows.
        for node, got in got_at.items():
            kids = tree.children(node)
            if kids and all(c not in wrong for c in kids):
                choices.append((tree, node, got, [got_at[c] for c in kids]))
        if wrong and first_wrong is None:
            first_wrong = (name, tree, got_at, wrong)
    if first_wrong is None:
        return _passed(exercise, f"right at all {checked} nodes of {len(maxn_case_trees())} trees.")
    name, tree, got_at, wrong = first_wrong
    # The first wrong node whose children are right is where the slip is.
    culprit = next((w for w in wrong if all(c not in wrong for c in tree.children(w))), wrong[0])
    text = _maxn_message(fn, tree, name, culprit, got_at[culprit], rule=_maxn_rule(choices))
    text += f"\nWrong at {len(wrong)} of {len(tree.nodes)} nodes (preorder): {_names(wrong)}."
    return CheckResult(exercise, False, text)


def _maxn_answers(exercise, fn, name, tree) -> tuple[dict, CheckResult | None]:
    """``fn``'s vector at every node of ``tree`` (preorder), or the failure that stopped it."""
    n = len(tree.players)
    got_at: dict = {}
    for node in _preorder(tree):
        at = f", at node {node!r} ({tree.to_move(node)} to move)"
        try:
            got = _call(fn, tree, node)
        except _Raised as raised:
            return got_at, _failure_for_exception(exercise, fn, raised.error, name, at)
        if got is None:
            return got_at, _returned_none(exercise, fn, name, at, _path_taken(tree, node))
        if not _is_vector(got, n):
            return got_at, CheckResult(exercise, False, (
                f"{FAIL} {exercise}: on the {name}{at}, `{_name(fn)}` returned {got!r}; "
                f"expected a tuple of {n} numbers, one per player of {tree.players!r}.\n"
                + _maxn_shape_hint(got, n)))
        got_at[node] = tuple(got)
    return got_at, None


def _maxn_rule(choices: list) -> str | None:
    """The wrong rule that explains every choice seen, as a hint, or ``None``.

    ``choices`` holds ``(tree, node, vector chosen, children's vectors)`` for
    nodes whose children were right. Tried: every player minimising its own
    entry; every node maximising one fixed entry (index ``j``).
    """
    def own(tree, node):
        return tree.players.index(tree.to_move(node))

    def telling(pick):
        # The rule must pick a child, and differ from max^n somewhere.
        return (all(got in kids and pick(t, n, got, kids) for t, n, got, kids in choices)
                and any(got[own(t, n)] < max(v[own(t, n)] for v in kids)
                        for t, n, got, kids in choices))

    if choices and telling(lambda t, n, got, kids: got[own(t, n)] == min(v[own(t, n)] for v in kids)):
        return ("Hint: you minimised: at every node your function takes the child lowest in the "
                "mover's own entry. In max^n every player maximises its own entry.")
    for j in range(min(len(t.players) for t, *_ in choices) if choices else 0):
        if telling(lambda t, n, got, kids, j=j: got[j] == max(v[j] for v in kids)):
            tree = choices[0][0]
            root = ", the root player's," if tree.to_move(tree.root) == tree.players[j] else ""
            return (f"Hint: at every node your function takes the child best in entry {j} "
                    f"({tree.players[j]}'s{root} in the exercise tree), whoever moves there. Each player "
                    "chooses by its own entry: index game.players.index(game.to_move(state)).")
    return None


def _maxn_shape_hint(got, n: int) -> str:
    """Why ``got`` is not a vector of ``n`` numbers, as a hint."""
    if isinstance(got, (tuple, list)) and len(got) == 2 and _is_vector(got[0], n):
        return "Hint: return only the vector, not a (vector, action) pair."
    if _is_vector(getattr(got, "value", None), n):
        return "Hint: return the vector itself (here `.value`), not the search result."
    if _is_number(got):
        return ("Hint: in max^n a state is worth a vector, one entry per player, not a single "
                "number: return the whole vector of the child you pick.")
    return "Hint: a leaf's vector is tuple(game.utility(state, p) for p in game.players)."


def _entry_name(tree: GameTree, j: int, by_hand: bool) -> str:
    """``P2's entry (entry 2)`` by hand, ``P2's entry (index 1)`` in code."""
    where = f"entry {j + 1}" if by_hand else f"index {j}"
    return f"{tree.players[j]}'s entry ({where})"


def _maxn_choice_hint(tree: GameTree, node, got: tuple, kids: list, by_hand: bool) -> str:
    """The hint for a child's vector that is not the one the mover picks.

    Tells a later tied child, the child best in some other player's entry, and
    the child worst in some entry (a minimisation) apart.
    """
    mover = tree.to_move(node)
    i = tree.players.index(mover)
    own = _entry_name(tree, i, by_hand)
    if got[i] == max(v[i] for v in kids):
        return (f"Hint: the children tie at {_show(got[i])} for {mover}: keep the first of them "
                + ("from the left." if by_hand else "in the order of game.actions (use >, not >=)."))
    others = [j for j in range(len(tree.players))
              if j != i and got[j] == max(v[j] for v in kids)]
    worst = got[i] == min(v[i] for v in kids)
    if others:
        names = " and ".join(_entry_name(tree, j, by_hand) for j in others)
        also = f", the worst for {mover}" if worst else ""
        return (f"Hint: you picked the child best in {names}{also}; but at {node!r} it is "
                f"{mover} who chooses, by its own entry, {own}.")
    if worst:
        return (f"Hint: you minimised: your vector is the child lowest in {own}. In max^n "
                f"every player maximises its own entry, and at {node!r} {mover} chooses.")
    return f"Hint: at {node!r} it is {mover} who chooses: the child largest in {own}."


def _maxn_message(fn, tree: GameTree, case: str, node, got, by_hand: bool = False,
                  rule: str | None = None) -> str:
    expected = _maxn_vector(tree, node)
    mover = tree.to_move(node)
    said = "you wrote" if by_hand else f"`{_name(fn)}` returned"
    lines = [f"{FAIL} max^n: on the {case}, node {node!r} ({mover} to move) is worth "
             f"{_show(expected)}; {said} {_show(got)}."]
    kids = [_maxn_vector(tree, c) for c in tree.children(node)]
    if not kids:
        lines.append("Hint: a leaf is worth its utilities for every player, in game.players order.")
    elif not isinstance(got, tuple) or got not in kids:
        lines.append(f"Hint: a node's vector is one of its children's vectors ({_names(kids)}), "
                     "taken whole.")
    else:
        hint = _maxn_choice_hint(tree, node, got, kids, by_hand)
        if rule is not None and "tie" not in hint:
            hint = rule + f" At {node!r} that is {tree.to_move(node)}'s entry, index " \
                f"{tree.players.index(tree.to_move(node))}."
        lines.append(hint)
    return "\n".join(lines)


def check_maxn_by_hand(answers: dict) -> CheckResult:
    """Check vectors backed up by hand on ``BACKUP_TREE``: ``{"B": (..), "C": (..), ...}``.

    Every interior node (A, B, C, D) needs its max^n vector. The message
    names keys that are not interior nodes (such as ``"b"``), else the first
    wrong vector (children before parents) and why, else every node still
    missing its vector.
    """
    exercise = "max^n by hand"
    tree = maxn_case_trees()["exercise tree"]
    if not isinstance(answers, dict):
        return CheckResult(exercise, False, f"{FAIL} {exercise}: give a dict "
                           "{node: vector}, such as {'B': (1, 2, 3), ...}; got " f"{answers!r}.")
    interior = [n for n in reversed(tree.nodes) if tree.children(n)]
    unknown = [k for k in answers if k not in interior]
    if unknown:
        leaves = [k for k in unknown if k in tree.nodes]
        why = (f" ({_names(leaves)} {'is a leaf' if len(leaves) == 1 else 'are leaves'}: "
               "its vector is given)") if leaves else ""
        return CheckResult(exercise, False, (
            f"{FAIL} {exercise}: the dict has {_names(unknown)}, which "
            f"{'is not one of' if len(unknown) == 1 else 'are not among'} the nodes to fill in{why}. "
            f"The nodes are {_names(sorted(interior))}, written as capital letters."))
    missing = [n for n in sorted(interior) if answers.get(n) in (None, ...)]
    if len(missing) == len(interior):
        return CheckResult(exercise, False, "Not done yet: fill in the vectors of "
                           f"{_names(missing)} in the dict, then run this check again.",
                           attempted=False)
    if (problem := _one_chooser_by_hand(exercise, tree, answers)) is not None:
        return problem
    for node in interior:
        got = answers.get(node)
        if got is None or got is ...:
            continue
        if not _is_vector(got, 3) or tuple(got) != _maxn_vector(tree, node):
            shown = tuple(got) if _is_vector(got, 3) else got
            return CheckResult(exercise, False,
                               _maxn_message(None, tree, "exercise tree", node, shown, by_hand=True))
    if missing:
        return CheckResult(exercise, False, (
            f"{FAIL} {exercise}: the vectors given are right so far, but "
            f"{_names(missing)} {'has' if len(missing) == 1 else 'have'} no vector yet."))
    return _passed(exercise, "all four vectors are right: A is worth "
                   f"{_show(_maxn_vector(tree, tree.root))}.")


def _one_chooser_by_hand(exercise, tree: GameTree, answers: dict) -> CheckResult | None:
    """A failure if the vectors given are those of one player choosing at every node.

    Only when every vector given agrees with that player choosing (the first
    of ties, by its own entry), and two or more of them are wrong (one wrong
    choice is told at its node).
    """
    given = {n: tuple(v) for n, v in answers.items() if _is_vector(v, len(tree.players))}
    if sum(v != _maxn_vector(tree, n) for n, v in given.items()) < 2:
        return None
    for j, player in enumerate(tree.players):
        if all(v == _one_chooser(tree, n, j) for n, v in given.items()):
            others = [n for n in sorted(given) if tree.to_move(n) != player]
            by_mover: dict = {}
            for n in others:
                by_mover.setdefault(tree.to_move(n), []).append(n)
            movers = "; ".join(f"{_and(nodes)} {'is' if len(nodes) == 1 else 'are'} {mover}'s"
                               for mover, nodes in by_mover.items())
            return CheckResult(exercise, False, (
                f"{FAIL} {exercise}: your vectors are those of {player} choosing at every node, "
                f"by {_entry_name(tree, j, by_hand=True)}; but {movers}.\n"
                "Hint: at each node the player to move there chooses, by its own entry: "
                + "; ".join(f"{n} is worth {_show(_maxn_vector(tree, n))}, not {_show(given[n])}"
                            for n in others if given[n] != _maxn_vector(tree, n)) + "."))
    return None


def _and(items) -> str:
    """``B``, ``B and C``, ``B, C and D``."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _one_chooser(tree: GameTree, node, j: int) -> tuple:
    """The vector of ``node`` if the player of entry ``j`` chose everywhere (first of ties)."""
    if not tree.children(node):
        return tuple(tree.value(node))
    best = None
    for child in tree.children(node):
        vector = _one_chooser(tree, child, j)
        if best is None or vector[j] > best[j]:
            best = vector
    assert best is not None  # a node that is not a leaf has children
    return best


def draw_backup_tree(ax=None):
    """A picture of exercise 1's tree (``BACKUP_TREE``) before it is solved.

    Every node is in the colour of the player to move there, with its name;
    the leaves carry their vectors, the nodes to back up none. Returns the
    ``Figure``.

    >>> figure = draw_backup_tree()
    >>> sorted(t.get_text() for t in figure.axes[0].texts if t.get_text().startswith("("))[:2]
    ['(1,3,6)', '(2,5,3)']
    """
    from .maxn import maxn
    from .viz import style
    from .viz.canvas import new_figure
    from .viz.tree import TreeDrawing, legend_handles

    tree = maxn_case_trees()["exercise tree"]
    trace = Trace(tree)
    maxn(tree, tracer=trace)
    if ax is None:
        ax = new_figure(figsize=(7.5, 2.8)).add_subplot()
    drawing = TreeDrawing(ax, trace, show_actions=False)
    # The first frame: nothing searched yet, so no node has a value. Then
    # every node drawn as plainly "done", with no active node.
    drawing.update(trace.frame(0))
    done = style.NODE_LOOKS["done"]
    for members, collection in drawing.markers.values():
        rows = [drawing.nodes[n] for n in members]
        collection.set_facecolors([done.face if r.terminal else
                                   style.player_color(tree.players, r.role) for r in rows])
        collection.set_edgecolors([done.edge] * len(rows))
        collection.set_linewidths([done.width] * len(rows))
    for n, row in drawing.nodes.items():
        if n in drawing.label_texts:
            drawing.label_texts[n].set_color(done.text)
        if not row.children:
            drawing.value_texts[n].set_text(style.number_text(tree.value(row.state)))
    movers = {f"{tree.to_move(n)} to move" for n in tree.nodes if tree.children(n)}
    players = [h for h in legend_handles(trace) if h.get_label() in movers]
    ax.legend(handles=players, loc="upper left", fontsize=8, frameon=False)
    ax.set_title("Exercise 1: back up the vectors of A, B, C and D", loc="left", fontsize=10)
    return ax.figure


# Notebook 03: an evaluation function for Isolation --------------------------------------

EVALUATION_GAMES = 150
"""Games per colour in ``check_isolation_evaluation``'s tournament."""
EVALUATION_TO_BEAT = 0.58
"""The share of the games an evaluation must win against the baseline.

An evaluation as good as the baseline wins about half of the 300 games
(give or take 2.9 %, one standard error), so 58 % is a real improvement; the
mobility difference wins about 67 % (64 to 70 % over twelve independent
seeds), own moves minus twice the opponent's about 63 % (60 to 67 %).
"""


def isolation_baseline(game, state, player) -> float:
    """The baseline to beat: stay near the centre (minus the distance to it)."""
    from .evaluation import distance_to_centre

    return distance_to_centre(game, state, player)


def _against_baseline(game, evaluate):
    """``evaluate``'s row of the seeded tournament against ``isolation_baseline``."""
    from .players import depth_player
    from .tournament import tournament

    players = {"yours": depth_player(1, evaluate),
               "baseline": depth_player(1, isolation_baseline)}
    table = tournament(players, game, games=EVALUATION_GAMES, seed=0, openings=2,
                       progress=False)
    return table["yours"]


def _passes(row) -> bool:
    """Whether a tournament row wins the share an evaluation needs."""
    return row.wins / row.games >= EVALUATION_TO_BEAT


def check_isolation_evaluation(fn: Callable) -> CheckResult:
    """Check that ``fn(game, state, player)`` beats ``isolation_baseline`` in a seeded tournament.

    Both players look one move ahead (``depth_player(1, ...)``) on the 7 x 7
    knight board; they meet ``EVALUATION_GAMES`` times with each colour, after
    two random opening moves (seed 0). ``fn`` passes if it wins at least
    ``EVALUATION_TO_BEAT`` of the games. First, its values must be numbers
    strictly inside the utilities (``-game.win`` to ``game.win``) on sample
    positions: an evaluation must never look better than a win. A failing
    evaluation that gives X and O the same value everywhere is told that it
    ignores ``player`` (the common slip: counting for ``game.to_move(state)``);
    one that loses most games, and whose negation would pass, that its sign is
    turned round.
    """
    from .games.isolation import Isolation
    from .players import random_player

    exercise = "isolation evaluation"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    game = Isolation(7, 7)
    mover = random_player(seed=0)
    state = game.initial_state()
    samples = []  # (value for X, value for O) at each sample position
    for ply in range(12):
        values = []
        for player in game.players:
            at = f" (after {_plural(ply, 'random move')}, for {player})"
            try:
                got = _call(fn, game, state, player)
            except _Raised as raised:
                return _failure_for_exception(exercise, fn, raised.error, "7 x 7 board", at)
            if (problem := _type_problem(exercise, fn, got, "7 x 7 board", at)) is not None:
                return problem
            values.append(got)
            if not -game.win < got < game.win:
                return CheckResult(exercise, False, (
                    f"{FAIL} {exercise}: `{_name(fn)}` gave {_show(got)}{at}, outside the "
                    f"utilities' range ({-game.win}, {game.win}): a position would look better "
                    "than a won game (or worse than a lost one). Keep your values smaller."))
        samples.append(tuple(values))
        if game.is_terminal(state):
            break
        state = game.result(state, mover(game, state))
    try:
        yours = _against_baseline(game, fn)
    except Exception as error:  # the student's code: report, never crash
        return _failure_for_exception(exercise, fn, error, "tournament")
    share = yours.wins / yours.games
    summary = (f"`{_name(fn)}` won {yours.wins} of {yours.games} games against the baseline "
               f"(stay near the centre)")
    if share >= EVALUATION_TO_BEAT:
        return _passed(exercise, f"{summary}: {share:.0%}, at least {EVALUATION_TO_BEAT:.0%}.")
    if len({x for x, o in samples}) > 1 and all(x == o for x, o in samples):
        hint = (f"Hint: `{_name(fn)}` gave X and O the same value in all {len(samples)} "
                "sample positions, so it ignores `player`. The value is for `player` "
                "(\"X\" or \"O\"), whoever is to move: count "
                "game.moves_from(state, player), not the moves of game.to_move(state).")
    elif share < 0.5 and (flipped := _negated_passes(game, fn)) is not None:
        hint = (f"Hint: the sign is turned round: with its values negated, `{_name(fn)}` wins "
                f"{flipped.wins} of {flipped.games} games ({flipped.wins / flipped.games:.0%}). "
                "The search takes the move with the highest value for the player, so a higher "
                "value must mean better for `player` (for mobility: `player`'s moves minus the "
                "opponent's).")
    else:
        hint = ("Hint: in Isolation you lose when you run out of moves. Count them: "
                "game.moves_from(state, player) lists the cells a player's piece could go to.")
    return CheckResult(exercise, False, (
        f"{FAIL} {exercise}: {summary}: {share:.0%}, and {EVALUATION_TO_BEAT:.0%} is needed. "
        + hint))


def _negated_passes(game, fn: Callable):
    """The tournament of ``fn`` negated against the baseline, if it passes; ``None``
    if it does not, or if ``fn`` raises in a position only that tournament
    reaches (the student's code: the hint is then left to the general one)."""
    try:
        flipped = _against_baseline(game, lambda g, state, p: -fn(g, state, p))
    except Exception:
        return None
    return flipped if _passes(flipped) else None


# Notebook 05: when may a transposition table answer? ---------------------------


def check_table_rule(fn: Callable) -> CheckResult:
    """Check ``fn(bound, value, entry_depth, depth, alpha, beta) -> bool``: may the entry answer?

    ``bound`` is ``"exact"``, ``"lower"`` or ``"upper"``; ``value`` the stored
    value (for the player to move); ``entry_depth`` the plies searched below
    the stored position (``math.inf`` to the end of the game); ``depth`` the
    plies the search still needs here; ``alpha``, ``beta`` the node's window.
    The answer is compared with ``aisearch.caching.TranspositionTable.use``
    on every combination of a small grid of cases.

    >>> from aisearch.caching import TranspositionTable, Entry
    >>> check_table_rule(lambda b, v, d0, d, a, c: TranspositionTable.use(
    ...     Entry(None, v, b, d0, None, None), d, a, c)[0]).passed
    True
    """
    from .caching import EXACT, LOWER, UPPER, Entry, TranspositionTable

    exercise = "table rule"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    values = (-1, 0, 1)
    # Typical windows first, so that the first case a rule fails on is one to
    # think about, not a window with an infinite side.
    typical = [(-1, 1), (-1, 0), (0, 1)]
    windows = typical + [(a, b) for a in (-math.inf, -1, 0, 1) for b in (-1, 0, 1, math.inf)
                         if a < b and (a, b) not in typical]
    depths = (1, 3, math.inf)

    def may(bound, value, entry_depth, depth, alpha, beta) -> bool:
        entry = Entry(None, value, bound, entry_depth, None, None)
        return TranspositionTable.use(entry, depth, alpha, beta)[0]

    grid = [(bound, value, entry_depth, depth, alpha, beta)
            for bound, (alpha, beta), entry_depth, depth, value in itertools.product(
                (EXACT, LOWER, UPPER), windows, depths, depths, values)]
    for bound, value, entry_depth, depth, alpha, beta in grid:
        expected = may(bound, value, entry_depth, depth, alpha, beta)
        case = (f"case bound={bound!r}, value={_show(value)}, entry_depth={_show(entry_depth)}, "
                f"depth={_show(depth)}, alpha={_show(alpha)}, beta={_show(beta)}")
        try:
            got = _call(fn, bound, value, entry_depth, depth, alpha, beta)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        if (problem := _bool_problem(exercise, fn, got, case, expected)) is not None:
            return problem
        got = bool(got)
        if got == expected:
            continue
        if _agrees_everywhere(fn, grid, lambda b, v, d0, d, a, c: d0 > d and may(b, v, d0, d, a, c)):
            plies = "ply" if entry_depth == 1 else "plies"
            why = (f"the entry was searched {_show(entry_depth)} {plies} deep, and this node "
                   f"needs {_show(depth)}: equal depth is deep enough. Your rule refuses whenever "
                   "entry_depth <= depth; a table entry must refuse only when entry_depth < "
                   "depth, a shallower search than this node needs.")
        elif entry_depth < depth:
            plies = "ply" if entry_depth == 1 else "plies"
            why = (f"the entry was searched only {_show(entry_depth)} {plies} deep, and this "
                   f"node needs {_show(depth)}: a shallower search may have missed something, "
                   "so it cannot answer, whatever its kind.")
        elif bound == EXACT:
            why = "an exact value, searched deep enough, is the node's value: it always answers."
        elif bound == LOWER:
            why = (f"a lower bound says the value is at least {_show(value)}. That settles the "
                   f"node only if it is already at least beta ({_show(beta)}): then the "
                   "node is cut. Otherwise the true value could be anything above it.")
            if value == beta:
                why += " Here value = beta: equality already cuts."
        else:
            why = (f"an upper bound says the value is at most {_show(value)}. That settles the "
                   f"node only if it is already at most alpha ({_show(alpha)}): then the "
                   "node is cut. Otherwise the true value could be anything below it.")
            if value == alpha:
                why += " Here value = alpha: equality already cuts."
        return CheckResult(exercise, False, (
            f"{FAIL} {exercise}: on the {case}, `{_name(fn)}` said {got}, expected "
            f"{expected}: {why}"))
    return _passed(exercise, f"your rule answers exactly when the table may, on all {len(grid)} "
                   "cases.")


def _agrees_everywhere(fn, cases, variant) -> bool:
    """True if ``fn`` gives ``variant``'s answer (as a truth value) on every one of ``cases``."""
    try:
        return all(bool(fn(*case)) == bool(variant(*case)) for case in cases)
    except Exception:  # the student's code: it does not agree
        return False


# Notebook 06: four in a row on a bitboard --------------------------------------


def _four_cases() -> list:
    """``(case name, bits, width, height)``: one player's stones, seeded, on two boards.

    Hand-made lines in the four directions and near misses (three in a row,
    a gap, a line that would need the spare bit on top of a column), then
    both players' stones along seeded random games on 7x6 and 5x4 boards.
    """
    from .games.connect4 import ConnectFour

    game = ConnectFour()
    cell = game.cell
    cases: list[tuple] = [
        ("vertical four in column 1", sum(cell(0, r) for r in range(4))),
        ("horizontal four in the bottom row", sum(cell(c, 0) for c in range(2, 6))),
        ("diagonal four going up to the right", sum(cell(c, c) for c in range(4))),
        ("diagonal four going down to the right", sum(cell(c + 3, 5 - c) for c in range(4))),
        ("three in a column", sum(cell(2, r) for r in range(3))),
        ("a row of four with a gap", cell(0, 1) + cell(1, 1) + cell(3, 1) + cell(4, 1)),
        ("the top two cells of column 1 and the bottom two of column 2",
         cell(0, 4) + cell(0, 5) + cell(1, 0) + cell(1, 1)),
        ("three on a diagonal and one off it",
         cell(1, 0) + cell(2, 1) + cell(3, 2) + cell(4, 2)),
    ]
    cases = [(f"7x6 board, {name}", bits, 7, 6) for name, bits in cases]
    rng = random.Random(6)
    for board in (ConnectFour(7, 6), ConnectFour(5, 4)):
        for number in range(40):
            state = board.initial_state()
            while not board.is_terminal(state):
                state = board.play(state, rng.choice(board.actions(state)))
                for player, bits in board.stones(state).items():
                    cases.append((f"{board.width}x{board.height} board, random game {number + 1}, "
                                  f"{player}'s stones after {_plural(state.moves, 'move')}",
                                  bits, board.width, board.height))
    return cases


def _draw_bits(bits: int, width: int, height: int) -> str:
    rows = []
    for row in reversed(range(height)):
        rows.append(" ".join("#" if bits >> (c * (height + 1) + row) & 1 else "."
                             for c in range(width)))
    return "\n".join(rows)


def _fours_by_direction(bits: int, height: int) -> list[str]:
    names = {1: "vertical", height + 1: "horizontal", height: "diagonal going down to the right",
             height + 2: "diagonal going up to the right"}
    found = []
    for shift, name in names.items():
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> (2 * shift)):
            found.append(name)
    return found


def _four_shifts(height: int) -> str:
    """The four shifts spelled out for the board at hand (a hard-coded 7 fails on 5x4)."""
    return (f"here height = {height}: shifts 1 (vertical), {height + 1} (horizontal, "
            f"height + 1), {height} and {height + 2} (the diagonals, height and height + 2)")


def _four_with(bits: int, height: int, first, second) -> bool:
    """Four in a row with the two steps' operators given: ``operator.and_`` is right."""
    for shift in (1, height + 1, height, height + 2):
        pairs = first(bits, bits >> shift)
        if second(pairs, pairs >> 2 * shift):
            return True
    return False


_FOUR_SLIPS = {  # (first step, second step) -> the hint, when every answer agrees
    (operator.or_, operator.and_): (
        "Hint: your answers are those of | (or) in the first step: bits | (bits >> shift) "
        "keeps a stone whether or not its neighbour is one, so two stones on a line with a "
        "gap already count. Use & (and): bits & (bits >> shift) marks a stone whose neighbour "
        "at the shift is a stone too, a pair."),
    (operator.and_, operator.or_): (
        "Hint: your answers are those of | (or) in the second step: pairs | (pairs >> 2 * "
        "shift) is true as soon as there is one pair, so two in a row already count. Use & "
        "(and): a pair, and another pair 2 * shift further along, make four."),
    (operator.or_, operator.or_): (
        "Hint: your answers are those of | (or) in both steps: any stone at all counts as "
        "four. Use & (and) in both: bits & (bits >> shift) finds pairs, and pairs & (pairs "
        ">> 2 * shift) pairs of pairs."),
}


def check_four_in_a_row(fn: Callable) -> CheckResult:
    """Check ``fn(bits, height) -> bool``: whether one player's stones hold four in a row.

    ``bits`` uses the Connect Four bitboard layout (column by column from the
    bottom, ``height + 1`` bits per column, the top one always empty). The
    cases: hand-made lines and near misses, then both players' stones along
    seeded random games on 7x6 and 5x4 boards. A wrong answer is shown with
    the stones drawn and, for a missed four, the direction it runs in; answers
    that are all those of | (or) where & (and) belongs are told which step.
    """
    from .games.connect4 import ConnectFour

    exercise = "four_in_a_row"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    cases = _four_cases()
    for case, bits, width, height in cases:
        try:
            got = _call(fn, bits, height)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        expected = ConnectFour(width, height).has_four(bits)
        if (problem := _bool_problem(exercise, fn, got, case, expected)) is not None:
            return problem
        if bool(got) != expected:
            lines = [f"{FAIL} {exercise}: on the {case}, expected {expected}, "
                     f"`{_name(fn)}` returned {got!r}. The stones (# = stone, top row first):",
                     _draw_bits(bits, width, height)]
            calls = [(bits, height) for _, bits, _, height in cases]
            slip = next((hint for (first, second), hint in _FOUR_SLIPS.items()
                         if _agrees_everywhere(fn, calls, lambda b, h, first=first, second=second:
                                               _four_with(b, h, first, second))), None)
            if slip is not None:
                lines.append(slip)
            elif expected:
                lines.append("Hint: the four here is " + " and ".join(
                    _fours_by_direction(bits, height)) + "; " + _four_shifts(height) + ".")
            else:
                lines.append("Hint: there is no four here. Shift by 2 * shift in the second "
                             "step (pairs of pairs), and use the spare bit: a column has "
                             f"height + 1 bits ({_four_shifts(height)}).")
            return CheckResult(exercise, False, "\n".join(lines))
    return _passed(exercise, f"right on all {len(cases)} boards, in all four directions.")


# Notebook 08: a UCT selection worked by hand --------------------------------------

# It is checked against an MCTS trace, so the check lives beside MCTSTrace, in
# aisearch.mcts; it is offered here with the other checks.
from .mcts import check_selection  # noqa: E402
