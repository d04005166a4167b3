"""Guarding a check: a time limit, and no handing the work to the package.

Every public check that runs a student's function is wrapped in
``_guarded``: it runs under a time limit (``time_limit=``), so that a loop
that never ends fails the check instead of hanging it, and a function that
hands the work to the package's own search (the ``RecordingGame`` sees the
questions come from there) fails it too. The limit is computing time where
the system can count it (``_Deadline``); a function graded sealed off has its
sandbox count it.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import inspect
import math
import signal
import threading
import time
from collections.abc import Callable

from .checking import FAIL, CheckResult, _is_number, _name, _show, _where_in_student_code
from .recording import _WATCH, _Delegated, _Watch
from .unaided import INSTEAD

TIME_LIMIT = 10.0
"""Seconds a check gives the student's function, all its cases together (``time_limit=``)."""


class _TimeUp(BaseException):
    """The check's time limit passed. A ``BaseException``, so that the student's
    ``except Exception:`` cannot swallow it."""


class _Stopped(BaseException):
    """The sandbox running the student's function stopped (its process ended, say).

    Raised by a function graded sealed off; ``reason`` says what happened.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _trying(case: str) -> None:
    """Note that the running check is now on ``case``, for a time-out's message."""
    watch = _WATCH.get()
    if watch is not None:
        watch.case = case


def _guarded(exercise: str) -> Callable:
    """Wrap a public check: the student's code runs under the check's ``time_limit``,
    and may not hand the work to the package's own search.

    The check's signature must have ``fn`` first and a ``time_limit`` keyword
    (its default is the limit); the wrapper reads them, the check itself
    ignores ``time_limit``. When the limit passes, the check returns a
    failure that names the function, the limit and the case it was on
    (``_trying``); when a ``RecordingGame`` is asked questions by the
    package's search, one that names the search. Everything else, a
    ``ValueError`` for bad ``cases`` or ``show`` among them, passes through.

    Raises (from the wrapped check):
        ValueError: ``time_limit`` is not a positive number of seconds.
    """

    def guard(check: Callable) -> Callable:
        signature = inspect.signature(check)

        @functools.wraps(check)
        def guarded(*args, **kwargs) -> CheckResult:
            arguments = signature.bind(*args, **kwargs)
            arguments.apply_defaults()
            seconds = _seconds(arguments.arguments["time_limit"])
            fn = arguments.arguments["fn"]
            watch = _Watch(exercise, fn)
            token = _WATCH.set(watch)
            # A function graded sealed off (a RemoteFunction) runs in its sandbox, whose
            # computing time the sandbox counts; the grader's own deadline is then only a
            # net under the check's own work, ten times wider.
            sealed = getattr(fn, "limited", None) if not isinstance(fn, type) else None
            deadline = _Deadline(seconds if sealed is None else seconds * 10)
            try:
                with deadline, sealed(seconds) if sealed is not None else _nothing():
                    return check(*args, **kwargs)
            except _TimeUp as error:
                if not deadline.passed and not getattr(error, "sealed", False):
                    raise  # an outer deadline's: not this check's to report
                return _timed_out(watch, seconds, error)
            except _Delegated as delegated:
                return _delegated(watch, delegated.search)
            except _Stopped as stopped:
                return _stopped(watch, stopped.reason)
            finally:
                _WATCH.reset(token)

        return guarded

    return guard


def _seconds(time_limit) -> float:
    """``time_limit`` as seconds (``math.inf``: no limit), or a ``ValueError``."""
    if not _is_number(time_limit) or not time_limit > 0:
        raise ValueError(
            f"time_limit must be a positive number of seconds (math.inf for none), "
            f"got {time_limit!r}"
        )
    return float(time_limit)


def _timed_out(watch: _Watch, seconds: float, error: _TimeUp) -> CheckResult:
    """The failure for a check whose time limit passed: in the student's code, or in its own."""
    name, on = _name(watch.fn), f" on the {watch.case}" if watch.case else ""
    if getattr(error, "sealed", False):  # the sandbox's count: the student's code, by definition
        message = (
            f"{FAIL} {watch.exercise}: `{name}` did not finish within {_show(seconds)} s{on}"
            f"{getattr(error, 'where', '')}: it {getattr(error, 'reason', 'ran out of time')}. "
            "Does a loop never end?"
        )
        return CheckResult(watch.exercise, False, message)
    where = _where_in_student_code(error)
    if where:
        message = (
            f"{FAIL} {watch.exercise}: `{name}` did not finish within {_show(seconds)} s{on}"
            f"{where}: does a loop never end?"
        )
    else:  # the check's own work took the time: say so, do not blame the student
        message = (
            f"{FAIL} {watch.exercise}: the check did not finish within {_show(seconds)} s{on}, "
            f"in its own work, not in `{name}`: give it more time (time_limit=...)."
        )
    return CheckResult(watch.exercise, False, message)


def _stopped(watch: _Watch, reason: str) -> CheckResult:
    on = f" on the {watch.case}" if watch.case else ""
    return CheckResult(
        watch.exercise,
        False,
        f"{FAIL} {watch.exercise}: `{_name(watch.fn)}` did not finish{on}: {reason}.",
    )


@contextlib.contextmanager
def _nothing():
    yield


def _delegated(watch: _Watch, search: str) -> CheckResult:
    instead = INSTEAD.get(watch.exercise)
    if instead is None:  # a search: the exercise's name says what to write
        return CheckResult(
            watch.exercise,
            False,
            f"{FAIL} {watch.exercise}: `{_name(watch.fn)}` hands the search to the package's own "
            f"`{search}`; the exercise is to write it yourself.",
        )
    return CheckResult(
        watch.exercise,
        False,
        f"{FAIL} {watch.exercise}: `{_name(watch.fn)}` hands the work to the package's own "
        f"`{search}`; the exercise is to write it yourself.\nHint: {instead}",
    )


class _Deadline:
    """Raise ``_TimeUp`` in this thread once ``seconds`` have passed, until the ``with`` ends.

    In the main thread of a POSIX system the seconds are the process's own
    computing time (``signal.setitimer(ITIMER_PROF)``), not the clock's: a
    busy machine (a class graded in parallel, CI) makes a right answer slower
    by the clock but not by this measure, while a loop that never ends uses it
    up all the same. The previous SIGPROF handler and timer are put back
    afterwards (with the time that timer had left), and if that timer is due
    first, its handler is called. Elsewhere (another thread, Windows), a
    ``threading.Timer`` (clock time)
    raises it asynchronously in this thread (``PyThreadState_SetAsyncExc``):
    it lands at the next bytecode the thread runs, so a long call into C
    code is interrupted only when it returns. ``passed`` says whether this
    deadline fired. ``math.inf`` seconds sets no limit.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.passed = False
        self._stop: Callable[[], None] = lambda: None

    def __enter__(self) -> _Deadline:
        if math.isinf(self.seconds):
            return self
        if hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread():
            self._stop = self._alarm()
        else:
            self._stop = self._timer()
        return self

    def __exit__(self, *exc) -> None:
        self._stop()

    def _alarm(self) -> Callable[[], None]:
        started = time.process_time()
        old_delay, old_interval = signal.setitimer(signal.ITIMER_PROF, 0)
        old_handler = signal.getsignal(signal.SIGPROF)
        outer = {"pending": bool(old_delay)}  # a timer set before this check, not rung yet

        def ring(signum, frame):
            if outer["pending"] and old_delay <= self.seconds:  # the earlier one: its turn first
                outer["pending"] = False
                left = self.seconds - (time.process_time() - started)
                signal.setitimer(signal.ITIMER_PROF, max(left, 1e-6))
                if callable(old_handler):
                    old_handler(signum, frame)
                return
            self.passed = True
            raise _TimeUp

        signal.signal(signal.SIGPROF, ring)
        signal.setitimer(signal.ITIMER_PROF, min(self.seconds, old_delay or math.inf))

        def stop() -> None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(
                signal.SIGPROF, old_handler if old_handler is not None else signal.SIG_DFL
            )
            if outer["pending"]:  # put back, with the time it has left
                left = old_delay - (time.process_time() - started)
                signal.setitimer(signal.ITIMER_PROF, max(left, 1e-6), old_interval)
            elif old_interval:
                signal.setitimer(signal.ITIMER_PROF, old_interval, old_interval)

        return stop

    def _timer(self) -> Callable[[], None]:
        thread, lock, done = threading.get_ident(), threading.Lock(), [False]

        def interrupt() -> None:
            with lock:
                if not done[0]:
                    self.passed = True
                    _raise_in(thread, _TimeUp)

        timer = threading.Timer(self.seconds, interrupt)
        timer.daemon = True
        timer.start()

        def stop() -> None:
            timer.cancel()
            with lock:
                done[0] = True
                if self.passed:  # raised, or still pending: clear what has not landed
                    _raise_in(thread, None)

        return stop


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    """Raise ``error`` asynchronously in ``thread`` (``None``: clear one still pending)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread), None if error is None else ctypes.py_object(error)
    )
