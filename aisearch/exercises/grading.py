"""Graded work: a check's verdict that fails the cell it runs in.

A check returns a ``CheckResult`` and never raises, which suits a student
trying things out: a wrong answer prints a red box and the notebook goes on.
A graded test cell needs the opposite, since nbgrader gives a test cell its
points when it runs without an error. ``assert_passed(result)`` turns the
verdict into that: it returns a passing result unchanged (the cell shows its
✓) and raises ``ExerciseFailed``, whose text is the check's own message, for
anything else.

>>> from aisearch.exercises import check_minimax
>>> def minimax_value(game, state):
...     if game.is_terminal(state):
...         return game.utility(state, "MAX")
...     values = [minimax_value(game, game.result(state, a)) for a in game.actions(state)]
...     return max(values) if game.to_move(state) == "MAX" else min(values)
>>> assert_passed(check_minimax(minimax_value)).passed
True
>>> def unfinished(game, state):
...     raise NotImplementedError
>>> assert_passed(check_minimax(unfinished))
Traceback (most recent call last):
...
aisearch.exercises.grading.ExerciseFailed: Not done yet: `unfinished` raises NotImplementedError. Write your function in its cell, run that cell, then run this check again.

Graded by ``make grade``, a graded cell and its hidden tests run in the
grader, never in the student's kernel (``aisearch.exercises.sealed``). A
graded cell written for a kernel shared with the student's code used
``pristine()``, which loads the whole package anew from its files, under a
private name, and returns that copy's ``aisearch.exercises``; it still works,
in the grader as in a kernel:

>>> ex = pristine()
>>> ex.assert_passed(ex.check_minimax(minimax_value)).passed
True
>>> ex.check_minimax is check_minimax
False
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import os
import sys
import textwrap
from types import ModuleType

from .checking import CheckResult


class ExerciseFailed(AssertionError):
    """A graded check did not pass; the text is the check's message.

    An ``AssertionError``, as a failed test is, so that nbgrader and pytest
    both read it as a failed test rather than a crash of the test itself.
    ``result`` is the ``CheckResult`` it was raised for.
    """

    def __init__(self, result: CheckResult) -> None:
        super().__init__(result.message)
        self.result = result

    def _render_traceback_(self) -> list[str]:
        """What Jupyter shows for this error: the check's message, without a traceback.

        A traceback would show only the package's own lines, and, in a graded
        cell, the lines of the hidden tests, which feedback must not show.
        """
        lines = f"{type(self).__name__}: {self}".splitlines()
        # Jupyter breaks a long error line anywhere, even inside a word: wrap it ourselves.
        return [part for line in lines for part in textwrap.wrap(line, 88) or [""]]


def assert_passed(result: CheckResult) -> CheckResult:
    """``result`` if it passed; else raise ``ExerciseFailed`` with its message.

    ``result`` must be what a check returned: anything else (the student's
    function itself, a bool, ``None`` from a check that was never called) is
    refused with a ``ValueError`` that names it, so a graded cell cannot pass
    by accident.
    """
    if not _is_check_result(result):
        raise ValueError(
            f"assert_passed needs what a check returns (a CheckResult), got {result!r}: "
            "call it as assert_passed(check_...(your_function))"
        )
    if not result.passed:
        raise ExerciseFailed(result)
    return result


def _is_check_result(result) -> bool:
    """True for a ``CheckResult`` of this copy of the package or of a ``pristine()`` one."""
    kind = type(result)
    return isinstance(result, CheckResult) or (
        kind.__name__ == "CheckResult" and kind.__module__.endswith(".exercises.checking")
    )


_COPIES = itertools.count(1)
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def pristine() -> ModuleType:
    """A fresh copy of ``aisearch.exercises``, loaded anew from the package's files.

    The whole package is loaded again under a new private name
    (``_aisearch_pristine_1``, ``_2``, ...), so nothing done to the loaded
    ``aisearch`` in this kernel (a check replaced, ``assert_passed`` patched,
    ``CheckResult.__bool__`` changed, a helper of a check module swapped) reaches
    the copy: its modules import one another relatively, within the copy.
    For a hidden test: ``ex = pristine(); ex.assert_passed(ex.check_alphabeta(
    alphabeta_value, cases=...))``. Trees made with the loaded package's
    ``GameTree`` are accepted as cases, and the original ``assert_passed``
    accepts the copy's results.

    It guards against a changed module, not against a student who changes the
    import system itself or this function: it raised the bar in a shared
    kernel, and is no sandbox; grading now runs graded cells in the grader
    (``aisearch.exercises.sealed``), where nothing of the student's reaches.
    Each call loads a new copy (about as long as ``import aisearch``), which
    stays loaded.
    """
    name = f"_aisearch_pristine_{next(_COPIES)}"
    while name in sys.modules:  # a name someone took: take the next
        name = f"_aisearch_pristine_{next(_COPIES)}"
    spec = importlib.util.spec_from_file_location(
        name,
        os.path.join(_PACKAGE_DIR, "__init__.py"),
        submodule_search_locations=[_PACKAGE_DIR],
    )
    assert spec is not None and spec.loader is not None  # the package's own __init__.py
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    try:
        spec.loader.exec_module(package)
        return importlib.import_module(f"{name}.exercises")
    except BaseException:
        for loaded in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[loaded]
        raise
