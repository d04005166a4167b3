"""Graded work: a check's verdict that fails the cell it runs in.

A check returns a ``CheckResult`` and never raises, which suits a student
trying things out: a wrong answer prints a red box and the notebook goes on.
A graded test cell needs the opposite, since nbgrader gives a test cell its
points when it runs without an error. ``assert_passed(result)`` turns the
verdict into that: it returns a passing result unchanged (the cell shows its
✓) and raises ``ExerciseFailed``, whose text is the check's own message, for
anything else.

A graded notebook runs the student's code in the same kernel as the tests, so
a student can replace a check (``aisearch.exercises.check_alphabeta = ...``).
``pristine()`` loads the package afresh from its files under a private name,
out of reach of such changes; the hidden tests of the instructor source use it.

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
"""

from __future__ import annotations

import importlib.util
import itertools
import sys
from pathlib import Path
from types import ModuleType

from .checking import CheckResult

_PACKAGE = Path(__file__).resolve().parent.parent
_copies = itertools.count(1)


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
        return [f"{type(self).__name__}: {self}"]


def assert_passed(result: CheckResult) -> CheckResult:
    """``result`` if it passed; else raise ``ExerciseFailed`` with its message.

    ``result`` must be what a check returned: anything else (the student's
    function itself, a bool, ``None`` from a check that was never called) is
    refused with a ``ValueError`` that names it, so a graded cell cannot pass
    by accident.
    """
    if not isinstance(result, CheckResult):
        raise ValueError(
            f"assert_passed needs what a check returns (a CheckResult), got {result!r}: "
            "call it as assert_passed(check_...(your_function))"
        )
    if not result.passed:
        raise ExerciseFailed(result)
    return result


def pristine() -> ModuleType:
    """A fresh copy of ``aisearch.exercises``, loaded anew from the package's files.

    The whole package is loaded again under a private name (a new one each
    call), so nothing a student's code did to the loaded ``aisearch`` modules
    (a check replaced, ``assert_passed`` made to accept anything, a method of
    ``CheckResult`` patched) reaches the copy. Its checks run the student's
    functions as the usual ones do.

    >>> checks = pristine()
    >>> checks.__name__.endswith(".exercises"), checks.assert_passed is assert_passed
    (True, False)
    """
    name = f"_aisearch_pristine_{next(_copies)}"
    spec = importlib.util.spec_from_file_location(
        name, _PACKAGE / "__init__.py", submodule_search_locations=[str(_PACKAGE)]
    )
    assert spec is not None and spec.loader is not None
    package = importlib.util.module_from_spec(spec)
    sys.modules[name] = package
    spec.loader.exec_module(package)
    return importlib.import_module(f"{name}.exercises")
