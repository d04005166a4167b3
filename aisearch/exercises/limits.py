"""A time limit on every check, so that a function that never returns fails it.

A student's loop that never ends would otherwise hang the check, and with it a
graded notebook. Every public check takes ``time_limit=`` (seconds; 10 by
default, 60 for the evaluation tournament); when it runs out, the check
returns a failing ``CheckResult`` that names the student's function, and the
notebook goes on.

The limit is an interval timer (``signal.setitimer``) whose alarm raises an
exception derived from ``BaseException``, so a student's ``except Exception:``
cannot swallow it; the previous alarm handler and timer are put back
afterwards. Signals reach only the main thread, where Jupyter runs a cell, and
exist only on POSIX systems: elsewhere (a check called from another thread,
Windows) the check runs without a limit, and nbgrader's limit per cell
(``Execute.timeout``) still stops a graded cell.

>>> from aisearch.exercises import check_minimax
>>> def never_returns(game, state):
...     while True:
...         pass
>>> print(check_minimax(never_returns, time_limit=0.2))
✗ minimax: `never_returns` did not finish within 0.2 s.
Hint: does a loop never end? A `while` loop must change what its test looks at, and a recursion must stop at terminal states.
"""

from __future__ import annotations

import functools
import math
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from numbers import Real

from .checking import FAIL, CheckResult, _name

DEFAULT_SECONDS = 10.0


class _OutOfTime(BaseException):
    """The time limit ran out (a ``BaseException``: the student's ``except Exception`` lets it by)."""


def _can_limit() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def _limit(seconds: float) -> Iterator[None]:
    """Raise ``_OutOfTime`` in the block after ``seconds``, where signals allow it."""
    if not _can_limit():
        yield
        return

    def out_of_time(signum, frame):
        raise _OutOfTime

    previous_handler = signal.signal(signal.SIGALRM, out_of_time)
    previous_delay, previous_interval = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous_handler)
        if previous_delay:  # someone else's timer: give it back what it had left
            signal.setitimer(signal.ITIMER_REAL, previous_delay, previous_interval)


def _check_seconds(time_limit) -> float:
    if (
        not isinstance(time_limit, Real)
        or isinstance(time_limit, bool)
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ValueError(f"time_limit must be a positive number of seconds, got {time_limit!r}")
    return float(time_limit)


def time_limited(check: Callable, exercise: str, default: float = DEFAULT_SECONDS) -> Callable:
    """``check`` with a ``time_limit=`` keyword (seconds, ``default`` if not given).

    The student's code is its first argument (a function; for the checks of
    answers worked by hand, the answer), named in the message when time runs out.
    """

    @functools.wraps(check)
    def limited(*args, time_limit: float = default, **options) -> CheckResult:
        seconds = _check_seconds(time_limit)
        try:
            with _limit(seconds):
                return check(*args, **options)
        except _OutOfTime:
            code = args[0] if args else next(iter(options.values()), None)
            return CheckResult(
                exercise,
                False,
                f"{FAIL} {exercise}: `{_name(code)}` did not finish within {seconds:g} s.\n"
                "Hint: does a loop never end? A `while` loop must change what its test "
                "looks at, and a recursion must stop at terminal states.",
            )

    return limited
