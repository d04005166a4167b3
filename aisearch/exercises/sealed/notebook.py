"""A notebook graded sealed off: its cells in a sandbox, its graded cells in the grader.

``grade_notebook(cells)`` grades one submission. For each graded cell, in
order, a fresh sandbox runs the notebook's other code cells above it (as
IPython runs them, magics and all), and then the grader runs the graded
cell itself, with the instructor's hidden tests, in its own process: the
names the cell needs from the notebook (``alphabeta_value``) are looked up in
the sandbox, and a function among them is called there (``remote.py``).
The sandbox then ends; the next graded cell gets a new one.

What the feedback may show comes only from a sandbox that has not met a
hidden case: the output of the student's own cells (those the course did
not write), the graded cell's message on the notebook's own cases, and, for
the hidden cases, whether they passed, and if not, only whether the function
ran out of time or its process ended: never a hidden case, its data, or
anything the student's code said after meeting one.

Every way a cell can stop costs that cell: a cell that runs past its time,
or ends its process, is left out (and the notebook run again without it);
a graded cell whose check runs out of time, or whose sandbox ends, scores 0
with a message that says so; the rest of the notebook is graded.
"""

from __future__ import annotations

import ast
import builtins
import functools
import math
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..checking import FAIL, PASS, CheckResult
from ..grading import ExerciseFailed
from .remote import Missing, SealedStop, SealedTimeUp, Session, checked_error
from .sandbox import DEFAULT_LIMITS, Limits, Sandbox, SandboxError, TimeUp

_HIDDEN = re.compile(
    r"^[ \t]*### BEGIN HIDDEN TESTS[ \t]*\n(.*?)^[ \t]*### END HIDDEN TESTS[ \t]*(\n|$)",
    re.S | re.M,
)


@dataclass
class Cell:
    """A code cell of the submission: ``kind`` is ``"graded"``, ``"course"`` or ``"student"``.

    ``name`` is nbgrader's id for a solution cell (the function it defines),
    so that a missing function's message can say what its cell raised.
    """

    index: int
    source: str
    kind: str
    name: str = ""


@dataclass
class CellReport:
    """What a cell did in the sandbox, for the feedback: its output, value and error."""

    output: str = ""
    value: str | None = None
    error: dict | None = None
    note: str = ""

    def outputs(self) -> list[dict]:
        """The cell's outputs as a notebook holds them (nbformat 4)."""
        shown: list[dict] = []
        if self.output:
            shown.append({"output_type": "stream", "name": "stdout", "text": self.output})
        if self.value is not None:
            shown.append(
                {
                    "output_type": "execute_result",
                    "data": {"text/plain": self.value},
                    "metadata": {},
                    "execution_count": None,
                }
            )
        if self.error is not None or self.note:
            error = self.error or {}
            name = str(error.get("type", "NotRun"))
            message = str(error.get("message", ""))
            lines = [f"{name}: {message}{_where(error)}"] if self.error else []
            if self.note:
                lines.append(self.note)
            shown.append(
                {"output_type": "error", "ename": name, "evalue": message, "traceback": lines}
            )
        return shown


@dataclass
class Verdict:
    """A graded cell's result: passed or not, and the message the feedback shows."""

    passed: bool
    message: str
    exercise: str = "exercise"

    LIMIT = 6000
    """The longest message shown (a check may quote what a function returned)."""

    def __post_init__(self) -> None:
        self.message = _cut(self.message, self.LIMIT)

    def outputs(self) -> list[dict]:
        """A passed check as the cell's text result; a failed one as its error (0 points)."""
        if self.passed:
            return [
                {
                    "output_type": "execute_result",
                    "data": {"text/plain": self.message},
                    "metadata": {},
                    "execution_count": None,
                }
            ]
        failed = ExerciseFailed(CheckResult(self.exercise, self.passed, self.message))
        return [
            {
                "output_type": "error",
                "ename": "ExerciseFailed",
                "evalue": self.message,
                "traceback": failed._render_traceback_(),
            }
        ]


@dataclass
class Report:
    """A graded submission: each run cell's report and each graded cell's verdict."""

    cells: dict[int, CellReport] = field(default_factory=dict)
    verdicts: dict[int, Verdict] = field(default_factory=dict)


def grade_notebook(
    cells: list[Cell],
    package: dict,
    *,
    notebook: Path | None = None,
    slot: int = 0,
    limits: Limits = DEFAULT_LIMITS,
) -> Report:
    """Grade a submission's code ``cells`` (in order), each graded cell in a fresh sandbox."""
    report = Report()
    left_out: set[int] = set()
    started = time.monotonic()
    for graded in [c for c in cells if c.kind == "graded"]:
        above = [c for c in cells if c.index < graded.index and c.kind != "graded"]
        while True:
            if time.monotonic() - started > limits.total_seconds:
                report.verdicts[graded.index] = Verdict(
                    False,
                    f"{FAIL} Not graded: the notebook used up its {limits.total_seconds:g} s of "
                    "grading time before this cell (see the cells marked above).",
                )
                break
            sandbox = Sandbox(package, notebook=notebook, slot=slot, limits=limits)
            try:
                sandbox.start()
            except SandboxError as error:
                report.verdicts[graded.index] = Verdict(
                    False, f"{FAIL} Not graded: {error.reason}."
                )
                break
            try:
                session = Session(sandbox)
                if _run_above(session, above, left_out, report):
                    report.verdicts[graded.index] = run_graded(graded, session, report, cells)
                    break
            finally:
                sandbox.kill()
    return report


def _run_above(session: Session, cells: list[Cell], left_out: set[int], report: Report) -> bool:
    """Run ``cells`` in the sandbox; False if one stopped it (it is then left out)."""
    for cell in cells:
        if cell.index in left_out:
            continue
        try:
            reply = session.run_cell(cell.source)
        except TimeUp as stop:
            left_out.add(cell.index)
            report.cells[cell.index] = CellReport(
                note=f"Grading left this cell out: it {stop.reason}."
            )
            return False
        except SandboxError as stop:
            left_out.add(cell.index)
            report.cells[cell.index] = CellReport(
                note=f"Grading left this cell out: {stop.reason}."
            )
            return False
        if cell.index not in report.cells:
            report.cells[cell.index] = _cell_report(reply, session.sandbox.limits)
    return True


def _cell_report(reply: dict, limits: Limits) -> CellReport:
    """What a cell's reply may show: its text, cut to the limits, and a checked error."""
    error = checked_error(reply.get("error"))
    note = ""
    if error is not None and "left_out" in error:
        note = (
            f"(While your notebook is graded, the package's functions are left out, "
            f"{error['left_out']} among them: only your own code runs. This cell's "
            "error does not cost points.)"
        )
    output, value = reply.get("output"), reply.get("value")
    return CellReport(
        output=_cut(output, limits.output_chars) if isinstance(output, str) else "",
        value=_cut(value, 2000) if isinstance(value, str) else None,
        error=error,
        note=note,
    )


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "\n… (cut)"


# The graded cell, in the grader ---------------------------------------------------------


def run_graded(graded: Cell, session: Session, report: Report, cells: list[Cell]) -> Verdict:
    """Run a graded cell in the grader: its visible code, then its hidden tests.

    The names it needs from the notebook are looked up in ``session``'s
    sandbox; every other name is the grader's own package (and ``math``).
    A failure of the visible code is reported with the check's own message;
    a failure of the hidden tests only as such.
    """
    visible, hidden = split_hidden(graded.source)
    namespace = dict(grading_namespace())
    missing: dict[str, Missing] = {}
    try:
        for name in student_names(graded.source, namespace):
            found = session.lookup(name)
            if isinstance(found, Missing):
                missing[name] = found
            else:
                namespace[name] = found
    except (TimeUp, SandboxError) as stop:
        return Verdict(False, f"{FAIL} Not graded: looking up your function, {stop.reason}.")
    try:
        shown = _execute(visible, namespace)
    except ExerciseFailed as failed:
        return Verdict(False, failed.result.message, failed.result.exercise)
    except NameError as error:
        if error.name in missing:
            return Verdict(False, _not_defined(missing[error.name], report, cells))
        return Verdict(False, f"{FAIL} NameError: {error}")
    except (SealedStop, SealedTimeUp) as stop:
        return Verdict(False, f"{FAIL} Your code {stop.reason}.")
    except Exception as error:  # the visible code is the student's to see
        return Verdict(False, f"{FAIL} {type(error).__name__}: {error}")
    exercise = getattr(shown, "exercise", "exercise")
    message = getattr(shown, "message", None) or f"{PASS} {exercise}: passed."
    if hidden.strip():
        try:
            _execute(hidden, namespace)
        except ExerciseFailed as failed:
            return Verdict(False, _redacted(failed.result.exercise, session.stopped), exercise)
        except NameError as error:
            if error.name in missing:
                return Verdict(False, _not_defined(missing[error.name], report, cells))
            return Verdict(False, _hidden_broke(exercise), exercise)
        except Exception:  # the hidden tests' own error: nothing of it is shown
            return Verdict(False, _hidden_broke(exercise), exercise)
        message += f"\n{PASS} Right on the hidden cases too."
    return Verdict(True, message, exercise)


def split_hidden(source: str) -> tuple[str, str]:
    """A graded cell's visible code, and its hidden tests (nbgrader's markers), apart."""
    hidden = "\n".join(match.group(1) for match in _HIDDEN.finditer(source))
    return _HIDDEN.sub("", source), hidden


@functools.lru_cache(maxsize=1)
def _namespace() -> dict:
    import aisearch
    import aisearch.exercises
    import aisearch.games

    names: dict[str, Any] = {"__builtins__": builtins, "math": math}
    for module in (aisearch, aisearch.games, aisearch.exercises):
        names.update({n: getattr(module, n) for n in dir(module) if not n.startswith("_")})
    return names


def grading_namespace() -> dict:
    """What a graded cell sees of the grader: the package's names (``aisearch``, its
    games and its checks) and ``math``."""
    return dict(_namespace())


def student_names(source: str, namespace: dict) -> list[str]:
    """The names ``source`` reads that neither it nor ``namespace`` defines: the notebook's."""
    tree = ast.parse(source)
    bound: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.alias):
            bound.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    read = [n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)]
    return [
        n
        for n in dict.fromkeys(read)
        if n not in bound and n not in namespace and not hasattr(builtins, n)
    ]


def _execute(source: str, namespace: dict) -> Any:
    """Run ``source`` in ``namespace``; the value of its last line, if that is an expression."""
    tree = ast.parse(source)
    last = tree.body[-1] if tree.body else None
    if not isinstance(last, ast.Expr):
        exec(compile(tree, "<graded cell>", "exec"), namespace)
        return None
    tree.body.pop()
    exec(compile(tree, "<graded cell>", "exec"), namespace)
    return eval(compile(ast.Expression(last.value), "<graded cell>", "eval"), namespace)


def _not_defined(missing: Missing, report: Report, cells: list[Cell]) -> str:
    lines = [
        f"{FAIL} `{missing.name}` is not defined when your notebook runs from the top, "
        "so this cell cannot check it."
    ]
    for cell in cells:
        error = report.cells.get(cell.index, CellReport()).error
        if cell.name == missing.name and error is not None:
            lines.append(
                f"Its cell raised {error.get('type')}: {error.get('message')}{_where(error)}."
            )
    if missing.defined:
        lines.append("Your notebook defines: " + ", ".join(missing.defined) + ".")
    lines.append("Did you rename the function? The check needs the name in the exercise.")
    return "\n".join(lines)


def _redacted(exercise: str, stopped: str | None) -> str:
    """A hidden case's failure, told without the case: only whether time ran out."""
    how = {"time": " (it did not finish in time)", "ended": " (its process ended)"}.get(
        stopped or "", ""
    )
    return (
        f"{FAIL} {exercise}: right on the notebook's own cases, but not on a hidden case{how}. "
        "Hidden cases are not shown: try your function on cases of your own."
    )


def _hidden_broke(exercise: str) -> str:
    return (
        f"{FAIL} {exercise}: the hidden tests could not run on your function: "
        "tell your instructor (the grading log says why)."
    )


def _where(error: dict) -> str:
    frames = error.get("frames")
    if error.get("type") == "SyntaxError" and isinstance(error.get("line"), int):
        return f" (line {error['line']})"
    if not isinstance(frames, list) or not frames:
        return ""
    file, line, name, text = frames[-1]
    place = f"line {line}" if name == "<module>" else f"line {line} of `{name}`"
    return f" ({place}: `{text}`)" if text else f" ({place})"
