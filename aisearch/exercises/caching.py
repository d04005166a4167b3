"""Notebook 05's check: when may a transposition table entry answer?

The student's rule is compared with ``TranspositionTable.use`` on a grid of
bounds, values, depths and windows; the message explains the first case it
gets wrong.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

from ..table import Entry, TranspositionTable
from ..tracing import EXACT, LOWER, UPPER
from .cases import _chosen_cases
from .checking import (
    FAIL,
    CheckResult,
    _agrees_everywhere,
    _bool_problem,
    _call,
    _failure_for_exception,
    _is_number,
    _name,
    _not_a_function,
    _passed,
    _plural,
    _Raised,
    _show,
)
from .guard import TIME_LIMIT, _guarded, _trying
from .unaided import _unaided


@_guarded("table rule")
def check_table_rule(fn: Callable, *, cases=None, time_limit: float = TIME_LIMIT) -> CheckResult:
    """Check ``fn(bound, value, entry_depth, depth, alpha, beta) -> bool``: may the entry answer?

    ``bound`` is ``"exact"``, ``"lower"`` or ``"upper"``; ``value`` the stored
    value (for the player to move); ``entry_depth`` the plies searched below
    the stored position (``math.inf`` to the end of the game); ``depth`` the
    plies the search still needs here; ``alpha``, ``beta`` the node's window.
    The answer is compared with ``aisearch.table.TranspositionTable.use``
    on every combination of a small grid of cases; ``fn`` may not call it
    (nor any other function of the package): the message says what to write.

    ``cases``, if given, replaces the grid: a list of ``(bound, value,
    entry_depth, depth, alpha, beta)`` tuples (or a dict of them by name),
    with ``alpha < beta``.

    >>> def may_answer(bound, value, entry_depth, depth, alpha, beta):
    ...     if entry_depth < depth:
    ...         return False
    ...     return bound == "exact" or (value >= beta if bound == "lower" else value <= alpha)
    >>> check_table_rule(may_answer).passed
    True

    Handing the work to the package's own rule fails, and says what to write:

    >>> from aisearch.caching import TranspositionTable, Entry
    >>> print(check_table_rule(lambda b, v, d0, d, a, c: TranspositionTable.use(
    ...     Entry(None, v, b, d0, None, None), d, a, c)[0]).message.splitlines()[0])
    ✗ table rule: `<lambda>` hands the work to the package's own `aisearch.TranspositionTable.use`; the exercise is to write it yourself.
    >>> print(check_table_rule(lambda b, v, d0, d, a, c: b == "exact",
    ...                        cases=[("lower", 5, 3, 2, 0, 4)]).message)
    ... # doctest: +ELLIPSIS
    ✗ table rule: on the case bound='lower', value=5, ..., `<lambda>` said False, expected True: ...

    Raises:
        ValueError: ``cases`` is empty, or holds something other than such a
            tuple (the message names the bad entry).
    """

    exercise = "table rule"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    values = (-1, 0, 1)
    # Typical windows first, so that the first case a rule fails on is one to
    # think about, not a window with an infinite side.
    typical = [(-1, 1), (-1, 0), (0, 1)]
    windows = typical + [
        (a, b)
        for a in (-math.inf, -1, 0, 1)
        for b in (-1, 0, 1, math.inf)
        if a < b and (a, b) not in typical
    ]
    depths = (1, 3, math.inf)

    def may(bound, value, entry_depth, depth, alpha, beta) -> bool:
        entry = Entry(None, value, bound, entry_depth, None, None)
        return TranspositionTable.use(entry, depth, alpha, beta)[0]

    grid = list(
        _chosen_cases(
            cases,
            lambda: {
                f"case {i}": case
                for i, case in enumerate(
                    (
                        (bound, value, entry_depth, depth, alpha, beta)
                        for bound, (alpha, beta), entry_depth, depth, value in itertools.product(
                            (EXACT, LOWER, UPPER), windows, depths, depths, values
                        )
                    ),
                    1,
                )
            },
            _table_case_problem,
            unnamed="case",
        ).values()
    )
    unaided = _unaided(fn, exercise)  # calling the package's own rule fails the check
    for bound, value, entry_depth, depth, alpha, beta in grid:
        expected = may(bound, value, entry_depth, depth, alpha, beta)
        case = (
            f"case bound={bound!r}, value={_show(value)}, entry_depth={_show(entry_depth)}, "
            f"depth={_show(depth)}, alpha={_show(alpha)}, beta={_show(beta)}"
        )
        _trying(case)
        try:
            got = _call(unaided, bound, value, entry_depth, depth, alpha, beta)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        if (problem := _bool_problem(exercise, fn, got, case, expected)) is not None:
            return problem
        got = bool(got)
        if got == expected:
            continue
        if _agrees_everywhere(
            fn, grid, lambda b, v, d0, d, a, c: d0 > d and may(b, v, d0, d, a, c)
        ):
            plies = "ply" if entry_depth == 1 else "plies"
            why = (
                f"the entry was searched {_show(entry_depth)} {plies} deep, and this node "
                f"needs {_show(depth)}: equal depth is deep enough. Your rule refuses whenever "
                "entry_depth <= depth; a table entry must refuse only when entry_depth < "
                "depth, a shallower search than this node needs."
            )
        elif entry_depth < depth:
            plies = "ply" if entry_depth == 1 else "plies"
            why = (
                f"the entry was searched only {_show(entry_depth)} {plies} deep, and this "
                f"node needs {_show(depth)}: a shallower search may have missed something, "
                "so it cannot answer, whatever its kind."
            )
        elif bound == EXACT:
            why = "an exact value, searched deep enough, is the node's value: it always answers."
        elif bound == LOWER:
            why = (
                f"a lower bound says the value is at least {_show(value)}. That settles the "
                f"node only if it is already at least beta ({_show(beta)}): then the "
                "node is cut. Otherwise the true value could be anything above it."
            )
            if value == beta:
                why += " Here value = beta: equality already cuts."
        else:
            why = (
                f"an upper bound says the value is at most {_show(value)}. That settles the "
                f"node only if it is already at most alpha ({_show(alpha)}): then the "
                "node is cut. Otherwise the true value could be anything below it."
            )
            if value == alpha:
                why += " Here value = alpha: equality already cuts."
        return CheckResult(
            exercise,
            False,
            (
                f"{FAIL} {exercise}: on the {case}, `{_name(fn)}` said {got}, expected "
                f"{expected}: {why}"
            ),
        )
    return _passed(
        exercise,
        f"your rule answers exactly when the table may, on all {_plural(len(grid), 'case')}.",
    )


def _table_case_problem(case) -> str | None:
    """What is wrong with a case of ``check_table_rule`` (``None`` if nothing)."""
    if not (isinstance(case, tuple) and len(case) == 6):
        return "not a (bound, value, entry_depth, depth, alpha, beta) tuple"
    bound, *numbers = case
    if bound not in (EXACT, LOWER, UPPER):
        return "not a case: bound must be 'exact', 'lower' or 'upper'"
    if not all(_is_number(x) for x in numbers):
        return "not a case: value, entry_depth, depth, alpha and beta must be numbers"
    _, entry_depth, depth, alpha, beta = numbers
    if entry_depth < 0 or depth < 0 or not alpha < beta:
        return "not a case: the depths must be >= 0, and alpha < beta"
    return None
