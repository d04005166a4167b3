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
import logging
import math
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..checking import FAIL, PASS
from ..grading import ExerciseFailed
from .remote import Missing, SealedStop, SealedTimeUp, Session, checked_error
from .sandbox import DEFAULT_LIMITS, Limits, Sandbox, SandboxError, TimeUp

BEGIN_HIDDEN, END_HIDDEN = "BEGIN HIDDEN TESTS", "END HIDDEN TESTS"
"""nbgrader's markers of hidden tests (``ClearHiddenTests``): a line that holds one."""
_log = logging.getLogger(__name__)


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
        # One line a line of the message: the page wraps them to its width.
        return [
            {
                "output_type": "error",
                "ename": "ExerciseFailed",
                "evalue": self.message,
                "traceback": f"ExerciseFailed: {self.message}".splitlines(),
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
    """Grade a submission's code ``cells`` (in order), each graded cell in a fresh sandbox.

    What the feedback shows of the student's cells comes from the first
    sandbox alone, which runs every cell above the last graded cell before any
    check has run (with one graded cell, that sandbox then grades it). No
    sandbox started after a hidden case was checked shows anything but its
    verdict. The whole submission has ``limits.total_seconds``.
    """
    report = Report()
    graded = [c for c in cells if c.kind == "graded"]
    if not graded:
        return report
    run = _Run(cells, package, notebook, slot, limits, report)
    if len(graded) > 1:
        first = run.through(graded[-1], shown=True)
        if first is not None:
            first.sandbox.kill()
    for cell in graded:
        session = run.through(cell, shown=len(graded) == 1)
        if session is None:
            report.verdicts[cell.index] = Verdict(False, run.why_not)
            continue
        try:
            report.verdicts[cell.index] = run_graded(cell, session, report, cells)
        finally:
            session.sandbox.kill()
    return report


class _Run:
    """One submission's sandboxes: the cells left out, its deadline, what it may show."""

    def __init__(self, cells, package, notebook, slot, limits: Limits, report: Report) -> None:
        self.cells, self.package, self.notebook = cells, package, notebook
        self.slot, self.limits, self.report = slot, limits, report
        self.deadline = time.monotonic() + limits.total_seconds
        self.left_out: set[int] = set()
        self.shown_chars = 0
        self.why_not = f"{FAIL} Not graded."
        code = [c for c in cells if c.kind != "graded"]
        self.too_many = {c.index for c in code[limits.max_cells :]}
        self.lecture = lecture_names(cells)

    def through(self, graded: Cell, *, shown: bool) -> Session | None:
        """A sandbox that has run every cell above ``graded``; ``None`` if none could.

        A cell that stops the sandbox (its time ran out, its process ended) is
        left out, and the cells are run again, in a new sandbox, without it.
        With ``shown``, what the cells do goes into the report.
        """
        above = [c for c in self.cells if c.index < graded.index and c.kind != "graded"]
        while True:
            sandbox = Sandbox(
                self.package,
                notebook=self.notebook,
                slot=self.slot,
                limits=self.limits,
                deadline=self.deadline,
            )
            try:
                sandbox.start()
            except SandboxError as error:
                self.why_not = f"{FAIL} Not graded: {error.reason}."
                return None
            session = Session(sandbox)
            stopped = self._run(session, above, shown)
            if stopped is None:
                return session
            sandbox.kill()
            if stopped == "deadline":
                self.why_not = (
                    f"{FAIL} Not graded: the notebook used up its {self.limits.total_seconds:g} s "
                    "of grading time before this cell."
                )
                return None

    def _run(self, session: Session, cells: list[Cell], shown: bool) -> str | None:
        """Run ``cells``; ``None``, or how one stopped the sandbox (``"deadline"``, ``"cell"``)."""
        for cell in cells:
            if cell.index in self.left_out:
                continue
            if cell.index in self.too_many:
                if shown:
                    self.report.cells[cell.index] = CellReport(
                        note=f"Grading ran the first {self.limits.max_cells} code cells only."
                    )
                continue
            try:
                reply = session.run_cell(cell.source)
            except (TimeUp, SandboxError) as stop:
                if isinstance(stop, TimeUp) and stop.kind == "deadline":
                    return "deadline"
                self.left_out.add(cell.index)
                if shown:
                    it = "it " if isinstance(stop, TimeUp) else ""
                    self.report.cells[cell.index] = CellReport(
                        note=f"Grading left this cell out: {it}{stop.reason}."
                    )
                return "cell"
            if shown and cell.index not in self.report.cells:
                self.report.cells[cell.index] = self._report(reply)
        return None

    def _report(self, reply: dict) -> CellReport:
        """The cell's report, within what the whole notebook may print."""
        report = _cell_report(reply, self.limits, self.lecture)
        room = self.limits.output_total - self.shown_chars
        if len(report.output) > room:
            report.output = _cut(report.output, max(room, 0))
        self.shown_chars += len(report.output) + len(report.value or "")
        return report


NO_POINTS = "An error in a cell that is not graded costs no points."


def _cell_report(
    reply: dict, limits: Limits, lecture: frozenset[str] | set[str] = frozenset()
) -> CellReport:
    """What a cell's reply may show: its text, cut to the limits, and a checked error.

    An error that grading itself caused gets a note that says so: a call into
    the package, which the sandbox leaves out, or a name from the lecture's
    cells (``lecture``), which could not make it without the package.
    """
    error = checked_error(reply.get("error"))
    note = ""
    if error is not None and "left_out" in error:
        note = f"(Only your own code runs while your notebook is graded. {NO_POINTS})"
    elif error is not None and error["type"] == "NameError":
        name = re.search(r"name '(\w+)' is not defined", error["message"])
        if name and name.group(1) in lecture:
            note = (
                f"(`{name.group(1)}` is made by a cell of the lecture, which cannot run while "
                f"your notebook is graded: it uses the package. {NO_POINTS})"
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
    if not visible.strip():  # a cell that is all hidden: the first check will say
        visible = "raise _NothingToCheck" if not hidden.strip() else ""
    namespace = dict(grading_namespace(), _NothingToCheck=_NothingToCheck)
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
    except _NothingToCheck:
        return Verdict(False, _redacted("exercise", graded.source, session.stopped))
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
            exercise = failed.result.exercise
            return Verdict(False, _redacted(exercise, graded.source, session.stopped), exercise)
        except NameError as error:
            if error.name in missing:
                return Verdict(False, _not_defined(missing[error.name], report, cells))
            _log.exception("the hidden tests of a graded cell could not run")
            return Verdict(False, _hidden_broke(exercise), exercise)
        except Exception:  # the hidden tests' own error: the log has it, the feedback not
            _log.exception("the hidden tests of a graded cell could not run")
            return Verdict(False, _hidden_broke(exercise), exercise)
        if not visible.strip():
            message = f"{PASS} {exercise}: right on every case."
        else:
            message += f"\n{PASS} Right on the hidden cases too."
    return Verdict(True, message, exercise)


class _NothingToCheck(Exception):
    """A graded cell with no code at all (both parts empty)."""


def split_hidden(source: str) -> tuple[str, str]:
    """A graded cell's visible code, and its hidden tests, apart, as nbgrader parts them.

    As nbgrader's ``ClearHiddenTests``, any line holding ``BEGIN HIDDEN TESTS``
    opens the hidden tests and any line holding ``END HIDDEN TESTS`` closes
    them. If "HIDDEN TEST" is left in what would be visible (an unclosed
    region, a marker misspelt), the whole cell counts as hidden: a failure is
    then told as a hidden case's, never with the code.
    """
    visible: list[str] = []
    hidden: list[str] = []
    inside = False
    for line in source.splitlines(keepends=True):
        if BEGIN_HIDDEN in line:
            inside = True
        elif END_HIDDEN in line:
            inside = False
        else:
            (hidden if inside else visible).append(line)
    shown = "".join(visible)
    if inside or "HIDDEN TEST" in shown.upper():
        return "", source
    return shown, "".join(hidden)


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
    """Why a name the graded cell checks is not there: its cell raised, or it was renamed."""
    first = f"{FAIL} `{missing.name}` is not defined when your notebook runs from the top, so this cell cannot check it."
    for cell in cells:
        error = report.cells.get(cell.index, CellReport()).error
        if cell.name == missing.name and error is not None:
            return (
                f"{first}\nIts cell raised {error.get('type')}: {error.get('message')}"
                f"{_where(error)}: correct that, and run the cell again."
            )
    lecture = lecture_names(cells)
    yours = [name for name in missing.defined if name not in lecture]
    lines = [first, "Did you rename the function? The check needs the name in the exercise."]
    if yours:
        lines.append("Your notebook defines: " + ", ".join(yours) + ".")
    return "\n".join(lines)


def lecture_names(cells: list[Cell]) -> set[str]:
    """The names the course's own cells define at their top level (``tree = ...``)."""
    names: set[str] = set()
    for cell in cells:
        if cell.kind != "course":
            continue
        try:
            tree = ast.parse(cell.source)
        except SyntaxError:
            continue
        for statement in tree.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(statement.name)
            elif isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                targets = (
                    statement.targets if isinstance(statement, ast.Assign) else [statement.target]
                )
                for target in targets:
                    names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
            elif isinstance(statement, (ast.Import, ast.ImportFrom)):
                names |= {(a.asname or a.name).split(".")[0] for a in statement.names}
    return names


# Cases a student can try a function on, by check: each passes a right answer (tested).
OWN_CASES = {
    "check_count_games": "{'my tree': (GameTree.random(4, 3, seed=1), 'A')}",
    "check_minimax": "[GameTree.random(4, (1, 4), seed=s) for s in range(20)]",
    "check_alphabeta": "[GameTree.random(4, (1, 4), seed=s) for s in range(20)]",
    "check_expectimax": (
        "[GameTree.random(4, 2, seed=s, layers=('max', 'chance', 'min', 'chance')) "
        "for s in range(20)]"
    ),
    "check_maxn": "[GameTree.random(3, (2, 3), players=('P1', 'P2', 'P3'), seed=s) for s in range(20)]",
    "check_table_rule": "[('lower', 5, 3, 3, 0, 4), ('upper', -2, 2, 1, -1, 6)]",
    "check_uct_score": "[(0.5, 3, 10, 1.0), (-0.25, 7, 20, 2.0)]",
}
"""Cases of the right kind for each check's ``cases=``, for a hidden case's failure."""


def _redacted(exercise: str, source: str, stopped: str | None) -> str:
    """A hidden case's failure, told without the case: whether time ran out, and how to look."""
    how = {"time": " (it did not finish in time)", "ended": " (its process ended)"}.get(
        stopped or "", ""
    )
    lines = [
        f"{FAIL} {exercise}: right on the notebook's own cases, but not on a hidden case{how}. "
        "Hidden cases are not shown."
    ]
    call = re.search(r"\b(check_\w+)\((\w+)", split_hidden(source)[0] or "")
    if call and call.group(1) in OWN_CASES:
        lines.append(
            "Try your function on cases of your own, larger and stranger ones too, "
            f"for example: {call.group(1)}({call.group(2)}, cases={OWN_CASES[call.group(1)]})"
        )
    elif call:
        lines.append(
            f"Try your function on cases of your own: help({call.group(1)}) says which it takes."
        )
    return "\n".join(lines)


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
