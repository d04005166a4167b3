"""What every check shares: the verdict, the watched game, and running a student's function.

A check runs a student's function on its cases and returns a ``CheckResult``
whose message says what is wrong. This module holds what every check needs
for that: the result type and its marks (``PASS``, ``FAIL``); the
``RecordingGame`` that notes what a function asks of the game, and the
``_Mover`` that notes what it compares the player to move with; calling the
student's code so that it never crashes the check, and turning what it did
(an exception, ``None``, a pair instead of a number, an unfinished skeleton)
into the message; and the small helpers for writing those messages. The
checks themselves live in one module per notebook, beside this one.

Every public check that runs a student's function is wrapped in
``_guarded``: it runs under a time limit (``time_limit=``), so that a loop
that never ends fails the check instead of hanging it, and a function that
hands the work to the package's own search (the ``RecordingGame`` sees the
questions come from there) fails it too.
"""

from __future__ import annotations

import contextlib
import contextvars
import ctypes
import functools
import html
import inspect
import math
import os
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from numbers import Real
from types import FrameType
from typing import Any

from ..games.gametree import CHANCE, GameTree

PASS, FAIL = "✓", "✗"
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The folder of ``aisearch``: a frame outside it is the student's code."""


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


# Recording what a function asks ------------------------------------------------


def _passed_on(question: str):
    """A ``RecordingGame`` method that notes its state, then asks the wrapped game."""

    def ask(self, state, *args):
        self._note(state, question)
        return getattr(self.game, question)(state, *args)

    ask.__name__ = ask.__qualname__ = question
    return ask


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
            # Who asks is looked at once a state, when it is new: a search the
            # student's code hands the work to soon asks about a state of its own.
            if _WATCH.get() is not None and (search := _package_search_asking()) is not None:
                raise _Delegated(search)
            self.asked[state] = questions = set()
            self.visited.append(state)
        questions.add(question)

    @property
    def searched(self) -> list:
        """The visited states asked more than a glance (actions, result, utility, ...)."""
        return [s for s in self.visited if self.asked[s] - self.GLANCES]

    # Each question is noted, then passed on as it was asked.
    to_move = _passed_on("to_move")
    actions = _passed_on("actions")
    result = _passed_on("result")
    is_terminal = _passed_on("is_terminal")
    utility = _passed_on("utility")
    evaluate = _passed_on("evaluate")
    children = _passed_on("children")
    role = _passed_on("role")
    value = _passed_on("value")
    parent = _passed_on("parent")

    def __getattr__(self, name):
        if _WATCH.get() is not None and (search := _package_search_asking()) is not None:
            raise _Delegated(search)
        found = getattr(self.game, name)  # an AttributeError for what the game lacks
        if name == "chance_outcomes":  # only for games that have chance
            return _passed_on(name).__get__(self)
        return found

    def __repr__(self) -> str:
        return f"RecordingGame({self.game!r})"


# Guarding a check: a time limit, and no handing the work to the package ----------------

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


class _Delegated(BaseException):
    """A question came from the package's own search: the student's function called it."""

    def __init__(self, search: str) -> None:
        super().__init__(search)
        self.search = search


@dataclass
class _Watch:
    """The check running now (in this thread or task): what a guard's message needs."""

    exercise: str
    fn: Any
    case: str | None = None


_WATCH: contextvars.ContextVar[_Watch | None] = contextvars.ContextVar("_WATCH", default=None)


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
    return CheckResult(
        watch.exercise,
        False,
        f"{FAIL} {watch.exercise}: `{_name(watch.fn)}` hands the search to the package's own "
        f"`{search}`; the exercise is to write it yourself.",
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


_EXERCISES_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_GAME_FILES = (os.path.join(_PACKAGE_DIR, "games") + os.sep, os.path.join(_PACKAGE_DIR, "game.py"))


def _package_search_asking() -> str | None:
    """The package function whose search asks the game this question, if it is one.

    Called from ``RecordingGame``: the frames of the exercises are skipped;
    the first frame above them is the code that asked. If that is in the
    package (outside the exercises, and outside the games, which may ask
    themselves), the outermost package frame in that run of frames is the
    function the student's code called: its public name is returned.
    """
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and _part_of(frame.f_code.co_filename) == "exercises":
        frame = frame.f_back
    entry = None
    while frame is not None and _part_of(frame.f_code.co_filename) == "search":
        entry, frame = frame, frame.f_back
    return None if entry is None else _public_name(entry)


@functools.lru_cache(maxsize=256)
def _part_of(filename: str) -> str:
    """``"exercises"``, ``"games"`` or ``"search"`` (the rest of the package) for a file of
    the package; ``"outside"`` for any other (the student's code)."""
    path = os.path.abspath(filename)
    if not path.startswith(_PACKAGE_DIR + os.sep):
        return "outside"
    if path.startswith(_EXERCISES_DIR):
        return "exercises"
    return "games" if path.startswith(_GAME_FILES) else "search"


def _public_name(frame) -> str:
    """``aisearch.alphabeta`` for a function the package offers at the top, else
    ``aisearch.caching.memo_minimax``; said as ``aisearch`` in a ``pristine()`` copy too."""
    module = frame.f_globals.get("__name__", "")
    top, _, rest = module.partition(".")
    function = frame.f_code.co_name
    if function in getattr(sys.modules.get(top), "__all__", ()):
        return f"aisearch.{function}"
    return ".".join(["aisearch", rest, function] if rest else ["aisearch", function])


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


# Watching what game.to_move's answers are compared with ----------------------------


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
