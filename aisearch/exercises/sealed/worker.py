"""Inside the sandbox: run a student's cells, and call their functions for the grader.

The grader starts this file in a sandbox (``sandbox.py``) with only
``wire.py`` beside it, and speaks to it over its standard input and output,
one message at a time, each waiting for the answer:

- ``run``: run one notebook cell, as IPython would (magics included), and
  answer what it printed and the error it raised;
- ``lookup``: what a name in the notebook is: a function (it gets a number to
  call it by), plain data (sent back), something else, or nothing;
- ``call``: call a function with the grader's arguments. A game among them
  arrives as a *handle*: a stand-in whose methods ask the grader (``ask``),
  which answers from the real game and notes every question. The call ends
  with ``returned`` or ``raised``.

The package ``aisearch`` is not in the sandbox: an importer put first on
``sys.meta_path`` makes modules of its names from the grader's list, with
its constants (``CHANCE``) as they are and everything else *left out*:
calling it raises ``LeftOutInGrading``. The student's imports work; a call to
the package's own searches does not, however it is reached.

Nothing here is trusted by the grader: the student's code runs in this
process and may change anything in it. The grader reads only plain data from
it, and decides everything itself.

This file imports the standard library, IPython and ``wire`` (beside it).
"""

from __future__ import annotations

import builtins
import dis
import faulthandler
import importlib.abc
import importlib.machinery
import io
import os
import signal
import sys
import traceback
import types

try:  # imported in the package (the tests)
    from . import wire
except ImportError:  # run as a script in the sandbox, with wire.py beside it
    import wire  # type: ignore[import-not-found,no-redef]

_HERE = os.path.dirname(os.path.abspath(__file__))
_SYSTEM = tuple({_HERE, sys.prefix, sys.base_prefix, sys.exec_prefix})


class LeftOutInGrading(Exception):
    """A call into the package while the notebook is graded: it is not there."""

    def __init__(self, name: str) -> None:
        super().__init__(f"{name} is not available while your notebook is graded")
        self.name = name


class LeftOut:
    """What a name of the package is in the sandbox (unless it is a constant)."""

    __slots__ = ("_name",)

    def __init__(self, name: str) -> None:
        object.__setattr__(self, "_name", name)

    def __call__(self, *args, **kwargs):
        raise LeftOutInGrading(self._name)

    def __getattr__(self, attribute: str):
        if attribute.startswith("__"):
            raise AttributeError(attribute)
        return LeftOut(f"{self._name}.{attribute}")

    def __mro_entries__(self, bases):
        raise LeftOutInGrading(self._name)

    def __repr__(self) -> str:
        return f"<{self._name}: left out while grading>"


class _Stub(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Makes ``aisearch`` and its modules from the grader's list of names."""

    def __init__(self, modules: dict) -> None:
        self.modules = modules

    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] != "aisearch":
            return None
        if fullname not in self.modules:
            raise ModuleNotFoundError(f"No module named {fullname!r}", name=fullname)
        package = self.modules[fullname]["package"]
        return importlib.machinery.ModuleSpec(fullname, self, is_package=package)

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        entry = self.modules[module.__name__]
        names = frozenset(entry["names"])
        constants = wire.decode(entry["constants"])
        module.__dict__.update(constants)
        module.__all__ = list(entry["all"])
        if entry["package"]:
            module.__path__ = []
        prefix = module.__name__

        def __getattr__(name: str):
            if name in names:
                return LeftOut(f"{prefix}.{name}")
            raise AttributeError(f"module {prefix!r} has no attribute {name!r}")

        module.__getattr__ = __getattr__


class _Capped(io.TextIOBase):
    """A stream that keeps the first ``limit`` characters written to it."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0
        self.cut = False

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        text = str(text)
        room = self.limit - self.size
        if len(text) > room:
            text, self.cut = text[: max(room, 0)], True
        self.parts.append(text)
        self.size += len(text)
        return len(text)

    def text(self) -> str:
        return "".join(self.parts) + ("\n… (output cut)" if self.cut else "")


class Mover(str):
    """A player's name from ``to_move`` that notes the strings it is compared with."""

    compared: set = set()

    def __eq__(self, other):
        if isinstance(other, str):
            Mover.compared.add(str.__str__(other)[:40])
        return str.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = str.__hash__


class Handle:
    """The grader's object (a game), asked over the pipe: its methods and its data.

    A game's methods are functions of their arguments, so each question
    crosses once: its answer is kept (as the grader sent it) and given again
    when the same question comes back. The grader notes the first time a
    state is asked about, and which questions were asked of it; a question
    asked again changes neither.
    """

    def __init__(self, worker: Worker, tag: dict) -> None:
        self._number = tag["$h"]
        self._repr = str(tag.get("repr", "<game>"))
        self._answers: dict = {}
        for name, value in wire.decode(tag.get("data", {"$d": []})).items():
            object.__setattr__(self, name, value)
        for name in tag.get("methods", []):
            object.__setattr__(self, name, _Method(worker, self, name))

    def __repr__(self) -> str:
        return self._repr


class _Method:
    def __init__(self, worker: Worker, handle: Handle, name: str) -> None:
        self.worker, self.handle, self.__name__ = worker, handle, name

    def __call__(self, *args):
        try:
            key = (self.__name__, args)
            known = self.handle._answers.get(key)
        except TypeError:  # an unhashable argument: ask every time
            return self.worker.decoded(self.worker.ask(self.handle._number, self.__name__, args))
        if known is None:
            answer = self.worker.ask(self.handle._number, self.__name__, args)
            value = self.worker.decoded(answer)
            # An answer that cannot change (a string, a tuple of them) is kept as it is;
            # another (a list) is made anew each time, in case the student's code changes it.
            known = self.handle._answers[key] = (True, value) if _frozen(value) else (False, answer)
            return value
        return known[1] if known[0] else self.worker.decoded(known[1])

    def __repr__(self) -> str:
        return f"<method {self.__name__} of the game>"


def _frozen(value) -> bool:
    """Whether ``value`` can never change: plain values, and tuples and frozensets of them."""
    kind = type(value)
    if kind in (str, int, float, bool, type(None)) or isinstance(value, Mover):
        return True
    if kind is tuple or kind is frozenset or isinstance(value, tuple):
        return all(_frozen(v) for v in value)
    return False


def _untouched(fn) -> bool:
    """Whether ``fn``'s body does nothing (``...``, ``pass`` or a docstring alone)."""
    code = getattr(fn, "__code__", None)
    if not isinstance(code, types.CodeType):
        return False
    ignored = {"RESUME", "NOP", "CACHE", "PRECALL"}
    steps = [(i.opname, i.argval) for i in dis.get_instructions(code) if i.opname not in ignored]
    return steps in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def _student_frames(error: BaseException) -> list:
    """The frames of ``error``'s traceback in the student's code: [file, line, name, text]."""
    frames = []
    try:
        for frame in traceback.extract_tb(error.__traceback__):
            name = os.path.abspath(frame.filename) if frame.filename[:1] != "<" else frame.filename
            if name.startswith(_SYSTEM) or frame.filename.startswith("<frozen"):
                continue
            frames.append([frame.filename, frame.lineno, frame.name, (frame.line or "")[:200]])
    except Exception:
        pass
    return frames[-5:]


def _described(error: BaseException) -> dict:
    """An error as plain data: its type, message, the student's frames, what was left out."""
    try:
        # A syntax error's own text, without the cell's made-up file name and line.
        message = error.msg if isinstance(error, SyntaxError) else str(error)
    except Exception:
        message = ""
    described = {
        "type": type(error).__name__[:80],
        "builtin": type(error).__module__ == "builtins",
        "message": message[:2000],
        "frames": _student_frames(error),
    }
    cause: BaseException | None = error
    seen: set[int] = set()
    while cause is not None and id(cause) not in seen:
        seen.add(id(cause))
        if isinstance(cause, LeftOutInGrading):
            described["left_out"] = cause.name
            break
        cause = cause.__context__
    if isinstance(error, SyntaxError):
        described["line"] = error.lineno
    return described


class Worker:
    """The loop that answers the grader."""

    def __init__(self, channel: wire.Channel) -> None:
        self.channel = channel
        self.functions: dict = {}
        self.values: list = []
        self.output_limit = 64 * 1024
        setup = self.next()
        if setup["op"] != "start":
            raise SystemExit("the grader did not start the worker")
        self.output_limit = int(setup.get("output_limit", self.output_limit))
        sys.meta_path.insert(0, _Stub(setup["package"]))
        for name in [m for m in sys.modules if m.split(".")[0] == "aisearch"]:
            del sys.modules[name]
        from IPython.core.interactiveshell import InteractiveShell
        from traitlets.config import Config

        config = Config()
        config.HistoryManager.enabled = False
        config.InteractiveShell.colors = "NoColor"
        config.InteractiveShell.autocall = 0
        self.shell = InteractiveShell.instance(config=config)
        # Errors are sent to the grader, not printed.
        self.shell.showtraceback = lambda *args, **kwargs: None  # type: ignore[method-assign]
        self.shell.showsyntaxerror = lambda *args, **kwargs: None  # type: ignore[method-assign]
        self.shell.display_trap.hook = self.values.append
        self.channel.send({"op": "ready", "python": sys.version.split()[0]})

    def next(self) -> dict:
        """The grader's next message (the worker always waits for it)."""
        message = self.channel.receive()
        assert message is not None  # no timeout was given
        return message

    def serve(self) -> None:
        while True:
            message = self.next()
            op = message["op"]
            if op == "run":
                self.channel.send(self.run(message["source"]))
            elif op == "lookup":
                self.channel.send(self.lookup(message["name"]))
            elif op == "call":
                self.channel.send(self.call(message["ref"], message["args"]))
            elif op == "stop":
                return
            else:
                raise SystemExit(f"unknown op {op!r}")

    # Running a cell ---------------------------------------------------------------

    def run(self, source: str) -> dict:
        out = _Capped(self.output_limit)
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = out
        self.values.clear()
        error: BaseException | None
        try:
            result = self.shell.run_cell(source, store_history=False)
            error = result.error_before_exec or result.error_in_exec
        except BaseException as failure:  # the shell itself gave way: say so
            error = failure
        finally:
            sys.stdout, sys.stderr = saved
        reply: dict = {"op": "ran", "output": out.text(), "value": None, "error": None}
        if self.values and self.values[-1] is not None:
            reply["value"] = wire.short_repr(self.values[-1])
        if error is not None:
            reply["error"] = _described(error)
        return reply

    # Names and calls ----------------------------------------------------------------

    def lookup(self, name: str) -> dict:
        namespace = self.shell.user_ns
        if name not in namespace:
            defined = sorted(
                n
                for n, v in list(namespace.items())
                if not n.startswith("_")
                and isinstance(v, types.FunctionType)
                and getattr(v, "__module__", None) == "__main__"
            )
            return {"op": "found", "kind": "missing", "defined": defined[:40]}
        value = namespace[name]
        if callable(value) and not isinstance(value, type):
            number = len(self.functions) + 1
            self.functions[number] = value
            return {
                "op": "found",
                "kind": "function",
                "ref": number,
                "name": str(getattr(value, "__name__", type(value).__name__))[:100],
                "untouched": _untouched(value),
            }
        return {"op": "found", "kind": "value", "value": wire.encode(value)}

    def call(self, number: int, args) -> dict:
        Mover.compared = set()
        try:
            arguments = wire.decode(args, self._handle, self._mover, _named)
            value = self.functions[number](*arguments)
            reply: dict = {"op": "returned", "value": wire.encode(value)}
        except BaseException as error:  # the student's code: described, never fatal
            reply = {"op": "raised", "error": _described(error)}
        reply["compared"] = sorted(Mover.compared)[:20]
        return reply

    def ask(self, number: int, name: str, args: tuple) -> dict:
        """Ask the grader's game; its answer as sent (``decoded`` makes the value)."""
        self.channel.send({"op": "ask", "handle": number, "name": name, "args": wire.encode(args)})
        answer = self.next()
        if answer["op"] != "answer":
            raise SystemExit(f"expected an answer, got {answer['op']!r}")
        return answer

    def decoded(self, answer: dict):
        """The value of an answer, made anew (a list the student's code changed is not kept)."""
        if "error" in answer:
            raise _rebuilt(answer["error"])
        return wire.decode(answer["value"], self._handle, self._mover, _named)

    def _handle(self, tag: dict) -> Handle:
        return Handle(self, tag)

    @staticmethod
    def _mover(name: str) -> Mover:
        return Mover(name)


def _named(name: str, fields: tuple, values: tuple):
    """A state that is a named tuple (Isolation's), as one of the same name and fields."""
    return wire.named_tuple_class(name, fields)(*values)


def _rebuilt(error: dict) -> BaseException:
    """The game's error, raised in the student's code as the same built-in kind."""
    kind = getattr(builtins, str(error.get("type", "")), None)
    if not (isinstance(kind, type) and issubclass(kind, Exception)):
        kind = RuntimeError
    return kind(error.get("message", ""))


def main() -> None:
    # The pipe to the grader moves off 0 and 1, which become /dev/null: whatever the
    # student's code writes to them directly goes nowhere, and cannot break the messages.
    reading, writing = os.dup(0), os.dup(1)
    quiet = os.open(os.devnull, os.O_RDWR)
    os.dup2(quiet, 0)
    os.dup2(quiet, 1)
    # Asked (SIGUSR1), the worker writes where it is to the descriptor the grader named,
    # for a time-out's message; faulthandler does it in C, so no loop or `except:` of the
    # student's stops it.
    if len(sys.argv) > 1 and _is_open(int(sys.argv[1])):
        faulthandler.register(signal.SIGUSR1, file=int(sys.argv[1]), all_threads=False)
    worker = Worker(wire.Channel(reading, writing))
    os.dup2(quiet, 2)
    worker.serve()


def _is_open(fd: int) -> bool:
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


if __name__ == "__main__":
    main()
