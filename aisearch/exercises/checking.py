"""What every check shares: the verdict, and running a student's function.

A check runs a student's function on its cases and returns a ``CheckResult``
whose message says what is wrong. This module holds what every check needs
for that: the result type and its marks (``PASS``, ``FAIL``); calling the
student's code so that it never crashes the check, and turning what it did
(an exception, ``None``, a pair instead of a number, an unfinished skeleton)
into the message; and the small helpers for writing those messages. The
checks themselves live in one module per notebook, beside this one.

Two modules beside it hold the rest: ``recording``, the ``RecordingGame``
that notes what a function asks of the game (and the ``_Mover`` that notes
what it compares the player to move with), and ``guard``, the ``_guarded``
wrapper of every public check (its time limit, and no handing the work to
the package's own search).
"""

from __future__ import annotations

import html
import math
import os
import traceback
from dataclasses import dataclass, field
from numbers import Real
from typing import Any

from ..games.gametree import GameTree
from .recording import _PACKAGE_DIR, RecordingGame

PASS, FAIL = "✓", "✗"


@dataclass(frozen=True, repr=False)
class CheckResult:
    """The verdict of a check: ``passed`` and a ``message`` that says why.

    Shown as its message (plain text in a terminal or by ``print``, a coloured
    box in a notebook: green passed, red wrong, amber not attempted yet).
    ``bool(result)`` is ``result.passed``. A check run with ``show=True`` also
    carries a ``comparison``, and in Jupyter shows its ``view`` under the
    message; ``print(result)`` still prints the message alone.
    """

    exercise: str
    passed: bool
    message: str
    attempted: bool = True
    """False while the function is still the skeleton (``NotImplementedError``, an empty body)."""
    comparison: Any = field(default=None, compare=False)
    """With ``show=True``: the student's search beside the reference on one case tree
    (``aisearch.exercises.comparison.Comparison``); ``None`` otherwise."""
    _shown: Any = field(default=None, init=False, repr=False, compare=False)

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

    @property
    def view(self):
        """The viewer of ``comparison`` (an ``aisearch.viz.compare.ComparisonViewer``),
        made on first use; ``None`` without a comparison."""
        if self.comparison is None:
            return None
        if self._shown is None:
            import ipywidgets as widgets

            from ..viz.compare import ComparisonViewer

            viewer = ComparisonViewer(self.comparison)
            object.__setattr__(
                self, "_shown", widgets.VBox([widgets.HTML(self._repr_html_()), viewer])
            )
        return self._shown.children[1]

    def _repr_mimebundle_(self, include=None, exclude=None):
        """In Jupyter, with a comparison: the message above the viewer (as one widget),
        the message alone where widgets cannot show. Without one, ``None``: the
        message is shown as text or HTML, as it always was."""
        if self.view is None:
            return None
        bundle = self._shown._repr_mimebundle_(include=include, exclude=exclude)
        bundle["text/plain"] = self.message
        bundle["text/html"] = self._repr_html_()
        return bundle


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
    """`` (line 4 of `f`: `return x / 0`)`` for the last frame outside the package.

    An error raised in a sandbox (graded sealed off) carries its frames in
    ``student_frames``, as ``[file, line, function, text]``.
    """
    sealed = getattr(error, "student_frames", None)
    if sealed is not None:
        frames = [(line, name, text) for _, line, name, text in sealed]
    else:
        frames = [
            (f.lineno, f.name, f.line or "")
            for f in traceback.extract_tb(error.__traceback__)
            if not os.path.abspath(f.filename).startswith(_PACKAGE_DIR)
        ]
    if not frames:
        return ""
    line, name, text = frames[-1]
    code = f": `{text.strip()}`" if text else ""
    return f" (line {line} of `{name}`{code})"


def _failure_for_exception(exercise, fn, error, case, at="") -> CheckResult:
    name = _name(fn)
    if isinstance(error, NotImplementedError):
        return _not_done(exercise, fn, "raises NotImplementedError")
    lines = [
        f"{FAIL} {exercise}: on the {case}{at}, `{name}` raised "
        f"{type(error).__name__}: {error}{_where_in_student_code(error)}."
    ]
    if isinstance(error, RecursionError):
        lines.append(
            "Hint: the recursion never ends. Does your function stop (return) at "
            "terminal states, before it asks for their actions? And does each recursive "
            "call go one step down, to a child game.result(state, action), not to state itself?"
        )
    elif isinstance(error, ValueError) and "not a node" in str(error):
        lines.append(
            "Hint: pass states from game.result(state, action) to the recursive call, "
            "not actions or lists of states."
        )
    elif isinstance(error, ValueError) and _is_empty_max_or_min(error):
        lines.append(
            "Hint: max() or min() was given no values: a terminal state has no "
            "actions, so no children. Check game.is_terminal(state) (and return the "
            "utility) before taking the max or min over the children."
        )
    elif isinstance(error, TypeError) and _is_none_in_arithmetic(error):
        lines.append(
            "Hint: a recursive call returned None: is a `return` missing? Every path "
            "through your function must end in `return` with a number."
        )
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
    return CheckResult(
        exercise,
        False,
        f"{FAIL} {exercise}: the check needs your function itself, got {fn!r}. "
        "Pass the function's name without calling it: check_...(my_function).",
    )


def _not_done(exercise, fn, why) -> CheckResult:
    return CheckResult(
        exercise,
        False,
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

    if getattr(fn, "limited", None) is not None and isinstance(
        getattr(fn, "untouched", None), bool
    ):
        return fn.untouched  # graded sealed off: the sandbox looked at the body
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
    return CheckResult(
        exercise,
        False,
        (
            f"{FAIL} {exercise}: on the {case}{at}, `{_name(fn)}` returned None{where}.\n"
            "Hint: a `return` is missing: a Python function that reaches its end without "
            "`return` gives None. Every path through your function must end in `return`."
        ),
    )


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
    hint = (
        "\nHint: bool(...) turns a number into True or False (0 is False, any other number True)."
        if _is_number(got)
        else ""
    )
    return CheckResult(
        exercise,
        False,
        (
            f"{FAIL} {exercise}: on the {case}, `{_name(fn)}` returned {got!r}, "
            f"{_a(type(got).__name__)}; expected True or False (here {expected}).{hint}"
        ),
    )


def _a(word: str) -> str:
    """``a float``, ``an int``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _is_bool_like(x) -> bool:
    """True for ``True``/``False`` and numpy's booleans (``np.True_``), not for 0 or 1."""
    kind = type(x)
    return isinstance(x, bool) or (
        kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")
    )


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
    return (
        _is_number(a)
        and _is_number(b)
        and _finite(a)
        and _finite(b)
        and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    )


def _finite(x) -> bool:
    """``math.isfinite(x)``, and False for an int too large for a float (``10**1000``)."""
    try:
        return math.isfinite(x)
    except OverflowError:
        return False


def _type_problem(exercise, fn, got, case, at, what="a number", where="") -> CheckResult | None:
    """A failure if ``got`` is not a number (``None``: not done yet, or a missing return)."""
    if _is_number(got):
        return None
    if got is None:
        return _returned_none(exercise, fn, case, at, where)
    lines = [
        f"{FAIL} {exercise}: on the {case}{at}, `{_name(fn)}` returned {got!r}; expected {what}."
    ]
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


def _answers_at_every_node(
    exercise, fn, tree: GameTree, case, expected_of, asked: set | None = None
) -> tuple:
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
            exercise,
            fn,
            case,
            at,
            game,
            node,
            where=_path_taken(tree, node),
            find_none=lambda node=node: _none_below(exercise, fn, tree, case, node),
        )
        if asked is not None:
            asked.update(*game.asked.values())
        if problem is not None:
            return got_at, wrong, problem
        got_at[node] = got
        if not _same(got, expected_of(tree, node)):
            wrong.append(node)
    return got_at, wrong, None


def _wrong_at_nodes(
    exercise, fn, tree: GameTree, case, got_at: dict, wrong: list, expected: dict
) -> list[str]:
    """The first lines of a message about wrong values: the first wrong node, then all.

    ``got_at`` and ``expected`` hold the values returned and right (for MAX)
    by node, ``wrong`` the nodes answered wrongly, in preorder.
    """
    first = wrong[0]
    return [
        f"{FAIL} {exercise}: on the {case}, node {first!r} ({_role(tree, first)}) is worth "
        f"{_show(expected[first])} to MAX; `{_name(fn)}` returned {_show(got_at[first])}.",
        f"Wrong at {len(wrong)} of {len(tree.nodes)} nodes (preorder): {_names(wrong)}.",
    ]


# Small helpers on trees and answers ----------------------------------------------


def _role(tree: GameTree, node) -> str:
    return tree.to_move(node)


def _preorder(tree: GameTree) -> list:
    out, stack = [], [tree.root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(tree.children(node)))
    return out


def _agrees_everywhere(fn, cases, variant) -> bool:
    """True if ``fn`` gives ``variant``'s answer (as a truth value) on every one of ``cases``."""
    try:
        return all(bool(fn(*case)) == bool(variant(*case)) for case in cases)
    except Exception:  # the student's code: it does not agree
        return False
