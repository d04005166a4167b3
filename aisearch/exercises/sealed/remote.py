"""The grader's side: a student's function, called in its sandbox, on the grader's games.

A check written for the notebook calls ``fn(game, state, alpha, beta)`` with a
``RecordingGame``. Graded sealed off, ``fn`` is a ``RemoteFunction``: calling
it sends the arguments to the sandbox as plain data, the game as a *handle*
(a list of the game's methods and its plain attributes), and answers every
question the student's code asks the game from the grader's own game, which
notes it. So the states a function visits are recorded outside the sandbox,
only plain data comes back, and the check itself runs in the grader, where
the student's code cannot reach it. The check code is the same one students
run in their notebooks: nothing in it knows whether ``fn`` is remote, but for
four hooks that ``checking.py`` and ``guard.py`` read off ``fn`` (``limited``, the time
limit; ``untouched``, an empty body; the error's ``student_frames``; the
strings a ``to_move`` answer was compared with).

A handle offers only the game's protocol (``aisearch.game``'s six methods
and optional members, a tree's ``children``, ``role``, ``value`` and
``parent``, Isolation's ``moves_from``): the wrapped tree of a
``RecordingGame``, its record, or anything else of the grader is not there.

``package_names()`` is the list of the package's modules and names that the
sandbox's stand-in for ``aisearch`` is made from.
"""

from __future__ import annotations

import builtins
import contextlib
import importlib
import keyword
import pkgutil
import re
from collections.abc import Iterator
from typing import Any

from ...game import GAME_METHODS, OPTIONAL_MEMBERS
from ..guard import _Stopped, _TimeUp
from ..recording import _WATCH, _Delegated, _Mover, _MoverRecordingGame
from ..unaided import FORBIDDEN
from . import wire
from .sandbox import Budget, Sandbox, SandboxError, TimeUp

INTERFACE = (
    frozenset(GAME_METHODS)
    | frozenset(OPTIONAL_MEMBERS)
    | {
        "children",
        "role",
        "value",
        "parent",
        "moves_from",
    }
)
"""What a handle offers of a game: the protocol, and nothing else of the grader's object."""


class SealedTimeUp(_TimeUp):
    """A check's time ran out in the sandbox: ``reason`` and ``where`` say how and where."""

    sealed = True

    def __init__(self, reason: str, where: str = "") -> None:
        super().__init__(reason)
        self.reason, self.where = reason, where


class SealedStop(_Stopped):
    """The sandbox stopped during a check (its process ended, or broke the protocol)."""


class Missing:
    """A name the notebook does not define; ``defined`` lists its functions."""

    def __init__(self, name: str, defined: list[str]) -> None:
        self.name, self.defined = name, defined


class Session:
    """The grader's side of one sandbox: cells, names, and calls, each within a budget."""

    def __init__(self, sandbox: Sandbox) -> None:
        self.sandbox = sandbox
        self.named: dict = {}
        self._budget: Budget | None = None
        self.sources: list[str] = []
        self.stopped: str | None = None
        """``"time"`` or ``"ended"`` once a call ran out of time or its process ended."""

    def run_cell(self, source: str) -> dict:
        """Run one cell; its reply (output, value, error), or ``TimeUp``/``SandboxError``."""
        self.sources.append(source)
        budget = self.sandbox.budget(self.sandbox.limits.cell_seconds)
        return self.sandbox.exchange({"op": "run", "source": source}, budget)

    def lookup(self, name: str) -> Any:
        """What ``name`` is in the notebook: a ``RemoteFunction``, plain data, or ``Missing``."""
        budget = self.sandbox.budget(self.sandbox.limits.cell_seconds)
        reply = self.sandbox.exchange({"op": "lookup", "name": name}, budget)
        if reply.get("op") != "found":
            raise SandboxError("its process answered out of turn")
        if reply.get("kind") == "function" and isinstance(reply.get("ref"), int):
            return RemoteFunction(self, reply["ref"], reply.get("name"), reply.get("untouched"))
        if reply.get("kind") == "value":
            return wire.decode(reply.get("value"), named=self._named)
        defined = [n for n in reply.get("defined", []) if isinstance(n, str)][:40]
        return Missing(name, [n for n in defined if n.isidentifier()])

    @contextlib.contextmanager
    def limited(self, seconds: float) -> Iterator[None]:
        """Calls made inside share one budget of ``seconds`` of computing."""
        outer, self._budget = self._budget, self.sandbox.budget(seconds)
        try:
            yield
        finally:
            self._budget = outer

    def budget(self) -> Budget:
        return self._budget or self.sandbox.budget(self.sandbox.limits.cell_seconds)

    def _named(self, name: str, fields: tuple, values: tuple):
        kind = self.named.get((name, fields))
        return tuple(values) if kind is None else kind(*values)


class RemoteFunction:
    """A student's function, living in the sandbox, called from a check in the grader."""

    def __init__(self, session: Session, ref: int, name: Any, untouched: Any) -> None:
        self.session, self.ref = session, ref
        self.__name__ = self.__qualname__ = _safe_name(name)
        self.untouched = untouched is True

    def __repr__(self) -> str:
        return f"<function {self.__name__}>"

    def limited(self, seconds: float):
        """A context in which this check's calls share ``seconds`` of the sandbox's time."""
        return self.session.limited(seconds)

    def __call__(self, *args: Any) -> Any:
        handles: dict[int, Any] = {}
        movers = [a for a in args if isinstance(a, _MoverRecordingGame)]
        message = {"op": "call", "ref": self.ref, "args": self._encode(args, handles)}
        sandbox = self.session.sandbox
        try:
            reply = sandbox.exchange(
                message, self.session.budget(), lambda q: self._answer(q, handles)
            )
        except TimeUp as stop:
            self.session.stopped = "time"
            raise SealedTimeUp(
                stop.reason, _student_line(stop.where, self.session.sources)
            ) from None
        except SandboxError as stop:
            self.session.stopped = "ended"
            raise SealedStop(stop.reason) from None
        except BaseException:
            sandbox.kill()  # mid-call: the worker waits for an answer it will never get
            raise
        compared = reply.get("compared")
        for game in movers:  # what to_move's answers were compared with: for a hint only
            game.compared.update(
                c[:40]
                for c in (compared if isinstance(compared, list) else [])[:20]
                if isinstance(c, str)
            )
        if reply.get("op") == "returned":
            try:
                return wire.decode(reply.get("value"), named=self.session._named)
            except wire.WireError as error:
                sandbox.kill()
                raise SealedStop(
                    f"it returned something the grader cannot read ({error})"
                ) from None
        if reply.get("op") == "raised" and isinstance(reply.get("error"), dict):
            raise rebuilt(reply["error"])
        sandbox.kill()
        raise SealedStop("its process answered out of turn")

    # What crosses ----------------------------------------------------------------------

    def _encode(self, value, handles: dict):
        def other(item):
            if isinstance(item, _Mover):
                return {"$m": str.__str__(item)}
            if isinstance(item, tuple) and hasattr(type(item), "_fields"):
                self.session.named[(type(item).__name__, tuple(type(item)._fields))] = type(item)
                return None
            if _is_plain(item):
                return None
            number = len(handles) + 1
            handles[number] = item
            return _handle(number, item, lambda v: self._encode(v, handles))

        return wire.encode(value, other)

    def _answer(self, question: dict, handles: dict) -> dict:
        """Answer the sandbox's question about a handle from the grader's own object."""
        number, name = question.get("handle"), question.get("name")
        target = handles.get(number) if isinstance(number, int) else None
        if target is None or not isinstance(name, str) or name not in INTERFACE:
            return _refusal("AttributeError", f"the game has no {name!r:.40}")
        watch = _WATCH.get()
        if watch is not None and name in FORBIDDEN.get(watch.exercise, ()):
            # A method that does the exercise's work (has_four, evaluate): as in the notebook.
            raise _Delegated(f"{type(target).__name__}.{name}")
        channel = self.session.sandbox.channel
        if channel is not None and channel.last_size > ASK_LIMIT:
            # No state of the course's games is that long: refused before the game notes it.
            return _refusal("ValueError", "that is not a state of this game (far too long)")
        try:
            args = wire.decode(question.get("args"), named=self.session._named)
            if not isinstance(args, tuple):
                raise wire.WireError("arguments must be a tuple")
            value = getattr(target, name)(*args)
            return {"op": "answer", "value": self._encode(value, handles)}
        except (_Delegated, _TimeUp):
            raise
        except wire.WireError:
            raise
        except Exception as error:  # the game's answer to a bad question: the student's to see
            return _refusal(type(error).__name__, str(error)[:2000])


ASK_LIMIT = 16_384
"""The longest question about a game the grader answers, in bytes of its message."""


def _refusal(kind: str, message: str) -> dict:
    return {"op": "answer", "error": {"type": kind, "message": message}}


def _is_plain(item) -> bool:
    return (
        item is None
        or item is Ellipsis
        or isinstance(item, (bool, int, float, str, list, tuple, dict, set, frozenset))
    )


def _handle(number: int, item, encode) -> dict:
    """A game as a handle: the names of its methods, and its plain attributes."""
    methods, data = [], {}
    for name in sorted(INTERFACE):
        try:
            value = getattr(item, name)
        except AttributeError:
            continue
        if callable(value):
            methods.append(name)
        elif _is_plain(value):
            data[name] = value
    return {"$h": number, "methods": methods, "data": encode(data), "repr": "<the game>"}


def _safe_name(name: Any) -> str:
    """A name the sandbox gave (a function's, an error's), if it is one; else ``<function>``."""
    if isinstance(name, str) and name.isidentifier() and not keyword.iskeyword(name):
        return name[:100]
    return "<function>"


def rebuilt(error) -> BaseException:
    """The student's exception in the grader: the same built-in kind, or one named like it.

    ``student_frames`` holds the lines it came from; a call into the package
    that the sandbox left out becomes ``_Delegated``, as the notebook's own
    check reports a search handed to the package.
    """
    checked = checked_error(error) or {"type": "Exception", "message": "", "frames": []}
    if "left_out" in checked:
        return _Delegated(checked["left_out"])
    name, message = checked["type"], checked["message"]
    kind = getattr(builtins, name, None) if checked["builtin"] else None
    rebuilt_error: Exception
    try:
        if not (isinstance(kind, type) and issubclass(kind, Exception)):
            raise TypeError
        rebuilt_error = kind(message)
    except Exception:
        rebuilt_error = type(name, (Exception,), {"__module__": "notebook"})(message)
    rebuilt_error.student_frames = checked["frames"]  # type: ignore[attr-defined]
    return rebuilt_error


def checked_error(error) -> dict | None:
    """An error as the sandbox described it, keeping only what it may hold, checked.

    ``type`` (a name), ``builtin``, ``message`` (cut at 2,000 characters), the
    student's last five ``frames`` (``[file, line, function, text]``), the
    ``line`` of a syntax error, and ``left_out``: the name of the package the
    code called, which the sandbox left out.
    """
    if not isinstance(error, dict):
        return None
    kind, message, frames = error.get("type"), error.get("message"), error.get("frames")
    checked: dict = {
        "type": _safe_name(kind),
        "builtin": error.get("builtin") is True,
        "message": message[:2000] if isinstance(message, str) else "",
        "frames": [f for f in (frames if isinstance(frames, list) else []) if _is_frame(f)][-5:],
    }
    if checked["type"] == "<function>":  # not a name: say no more than that it raised
        checked["type"] = "Exception"
    if isinstance(error.get("line"), int):
        checked["line"] = error["line"]
    left_out = error.get("left_out")
    if isinstance(left_out, str) and len(left_out) < 200 and _LEFT_OUT.fullmatch(left_out):
        checked["left_out"] = left_out
    return checked


def _is_frame(frame) -> bool:
    return (
        isinstance(frame, list)
        and len(frame) == 4
        and isinstance(frame[0], str)
        and isinstance(frame[1], int)
        and isinstance(frame[2], str)
        and isinstance(frame[3], str)
        and len(frame[3]) <= 200
    )


_LEFT_OUT = re.compile(r"aisearch(\.[A-Za-z_]\w*)*")
"""What the sandbox may say was left out: a name of the package."""


_FAULT_LINE = re.compile(r'File "([^"]*)", line (\d+) in (\S+)')


def _student_line(dump: str, sources: list[str]) -> str:
    """`` (line 3 of `f`: `while True:`)``: the innermost student frame of a traceback dump.

    ``dump`` is what Python's faulthandler wrote (innermost frame first); the
    frames of the notebook's cells are the student's, and the line's text is
    found in the cell that defines the function.
    """
    for filename, line, name in _FAULT_LINE.findall(dump):
        if not filename.startswith("<ipython-input-"):
            continue
        number, text = int(line), ""
        for source in reversed(sources):
            if (
                re.search(rf"^\s*def {re.escape(name)}\(", source, re.MULTILINE)
                or name == "<module>"
            ):
                lines = source.splitlines()
                text = lines[number - 1].strip() if 0 < number <= len(lines) else ""
                break
        where = f"line {number} of `{name}`" if name != "<module>" else f"line {number}"
        return f" ({where}: `{text}`)" if text else f" ({where})"
    return ""


def package_names(top: str = "aisearch") -> dict:
    """The package's modules, for the sandbox's stand-in: their names and constants.

    Every module of ``top`` (but this sealed subpackage, which students never
    import) with its public names; a name whose value is plain data (a string,
    a number, a tuple of them: ``CHANCE``) keeps its value, and the stand-in
    leaves every other name out.
    """
    package = importlib.import_module(top)
    modules = {top: package}
    for info in pkgutil.walk_packages(package.__path__, prefix=f"{top}."):
        if ".sealed" in info.name or info.name.endswith(".__main__"):
            continue
        modules[info.name] = importlib.import_module(info.name)
    names = {}
    for name, module in modules.items():
        public = [n for n in vars(module) if not n.startswith("_")]
        constants = {n: vars(module)[n] for n in public if _constant(vars(module)[n])}
        names[name] = {
            "package": hasattr(module, "__path__"),
            "names": public,
            "all": [n for n in getattr(module, "__all__", public) if isinstance(n, str)],
            "constants": wire.encode(constants),
        }
    return names


def _constant(value) -> bool:
    if type(value) in (bool, int, float, str, type(None)):
        return not isinstance(value, str) or len(value) <= 1000
    if type(value) is tuple and len(value) <= 50:
        return all(_constant(v) for v in value)
    return False
