"""A notebook graded sealed off: its cells in a sandbox, its graded cells in the grader.

A submission is graded in two passes. The first (``check_visible``) runs the
notebook's code cells in a sandbox (as IPython runs them, magics and all),
and at each graded cell runs that cell's code, but for its hidden tests, in
the grader's own process: the names the cell needs from the notebook
(``alphabeta_value``) are looked up in the sandbox, and a function among them
is called there (``remote.py``). The second (``check_hidden``) runs each
graded cell's hidden tests, each in a fresh sandbox that has run the cells
above it. ``grade_notebook`` does both; ``make grade`` does the first for the
whole class before the second for anyone (``tools/course.py``).

What the feedback may show comes from the first pass alone, whose sandboxes
have met no hidden case, nor run after one that has: the output of the
student's own cells (those the course did not write), and each graded cell's
message on the notebook's own cases. Of the second, only whether the hidden
cases passed, and if not, whether the function ran out of time or its process
ended: never a hidden case, its data, or anything the student's code said
after meeting one.

Every way a cell can stop costs that cell: a cell that runs past its time,
or ends its process, is left out (and the notebook run again without it);
a graded cell whose check runs out of time, or whose sandbox ends, scores 0
with a message that says so; the rest of the notebook is graded. Each pass
has a deadline (``Limits.total_seconds``).
"""

from __future__ import annotations

import ast
import builtins
import dataclasses
import functools
import json
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
    """A graded submission: each run cell's report and each graded cell's verdict.

    ``pending`` lists the graded cells whose hidden tests are still to run
    (their check on the notebook's own cases passed). A report goes from the
    first pass to the second as JSON (``to_json``, ``from_json``).
    """

    cells: dict[int, CellReport] = field(default_factory=dict)
    verdicts: dict[int, Verdict] = field(default_factory=dict)
    pending: list[int] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps(
            {
                "cells": {i: dataclasses.asdict(c) for i, c in self.cells.items()},
                "verdicts": {
                    i: {"passed": v.passed, "message": v.message, "exercise": v.exercise}
                    for i, v in self.verdicts.items()
                },
                "pending": self.pending,
            }
        )

    @classmethod
    def from_json(cls, text: str) -> Report:
        data = json.loads(text)
        return cls(
            {int(i): CellReport(**c) for i, c in data["cells"].items()},
            {int(i): Verdict(**v) for i, v in data["verdicts"].items()},
            [int(i) for i in data["pending"]],
        )


def grade_notebook(
    cells: list[Cell],
    package: dict,
    *,
    notebook: Path | None = None,
    slot: int = 0,
    limits: Limits = DEFAULT_LIMITS,
) -> Report:
    """Grade a submission's code ``cells`` (in order): both passes, one after the other.

    ``make grade`` runs the first pass for the whole class before the second
    pass of any submission (``tools/course.py``), so that no sandbox whose
    output a feedback page shows runs after one that has met a hidden case.
    """
    report = check_visible(cells, package, notebook=notebook, slot=slot, limits=limits)
    return check_hidden(report, cells, package, notebook=notebook, slot=slot, limits=limits)


def check_visible(
    cells: list[Cell],
    package: dict,
    *,
    notebook: Path | None = None,
    slot: int = 0,
    limits: Limits = DEFAULT_LIMITS,
) -> Report:
    """The first pass: the student's cells, and each graded cell's check on the notebook's
    own cases, in one sandbox that meets no hidden case.

    Everything a feedback page shows comes from here: what the cells printed,
    and the checks' messages. A cell that stops the sandbox (its time ran
    out, its process ended) is left out, and the cells run again, in a new
    sandbox, without it. A graded cell whose check passed and that has hidden
    tests is left ``pending``. The pass has ``limits.total_seconds``.
    """
    report = Report()
    run = _Run(cells, package, notebook, slot, limits, report, shown=True)
    for cell in [c for c in cells if c.kind == "graded"]:
        session = run.just_above(cell)
        if session is None:
            report.verdicts[cell.index] = Verdict(False, run.why_not)
            continue
        verdict, pending = run_visible(cell, session, report, cells)
        report.verdicts[cell.index] = verdict
        if pending:
            report.pending.append(cell.index)
    run.end()
    return report


def check_hidden(
    report: Report,
    cells: list[Cell],
    package: dict,
    *,
    notebook: Path | None = None,
    slot: int = 0,
    limits: Limits = DEFAULT_LIMITS,
) -> Report:
    """The second pass: each pending graded cell's hidden tests, in a fresh sandbox each.

    Of these sandboxes nothing is kept but whether the hidden cases passed,
    and if not, whether the function ran out of time or its process ended.
    """
    run = _Run(cells, package, notebook, slot, limits, report, shown=False)
    by_index = {c.index: c for c in cells}
    for index in list(report.pending):
        cell, before = by_index[index], report.verdicts[index]
        session = run.just_above(cell)
        if session is None:
            report.verdicts[index] = Verdict(False, run.why_not, before.exercise)
        else:
            report.verdicts[index] = run_hidden(cell, session, before)
        run.end()
    report.pending.clear()
    return report


class _Run:
    """A pass's sandboxes: the one running now, the cells left out, the deadline, the report.

    With ``shown``, what the cells print goes into the report (the first
    pass); without, nothing of it is kept (the second).
    """

    def __init__(
        self, cells, package, notebook, slot, limits: Limits, report: Report, *, shown: bool
    ) -> None:
        self.cells, self.package, self.notebook = cells, package, notebook
        self.slot, self.limits, self.report, self.shown = slot, limits, report, shown
        self.deadline = time.monotonic() + limits.total_seconds
        self.left_out: set[int] = set()
        self.shown_chars = 0
        self.why_not = f"{FAIL} Not graded."
        code = [c for c in cells if c.kind != "graded"]
        self.too_many = {c.index for c in code[limits.max_cells :]}
        self.lecture = lecture_names(cells)
        self.session: Session | None = None
        self.done = -1  # the index of the last cell the session has run

    def just_above(self, graded: Cell) -> Session | None:
        """The sandbox, having run every cell above ``graded``; ``None`` if none could.

        The sandbox running now goes on from where it is, if it is alive;
        otherwise a new one runs the cells from the top, without those left out.
        """
        while True:
            if time.monotonic() > self.deadline:
                self.why_not = (
                    f"{FAIL} Not graded: the notebook used up its {self.limits.total_seconds:g} s "
                    "of grading time before this cell."
                )
                self.end()
                return None
            if self.session is None or not self.session.sandbox.alive():
                if not self._start():
                    return None
            assert self.session is not None
            cells = [
                c for c in self.cells if self.done < c.index < graded.index and c.kind != "graded"
            ]
            if self._run(self.session, cells):
                return self.session
            self.end()

    def _start(self) -> bool:
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
            return False
        self.session, self.done = Session(sandbox), -1
        return True

    def end(self) -> None:
        """End the sandbox running now, if any."""
        if self.session is not None:
            self.session.sandbox.kill()
        self.session, self.done = None, -1

    def _run(self, session: Session, cells: list[Cell]) -> bool:
        """Run ``cells`` in order; False if one stopped the sandbox (it is then left out)."""
        for cell in cells:
            if time.monotonic() > self.deadline:
                return False
            self.done = cell.index
            if cell.index in self.left_out:
                continue
            if cell.index in self.too_many:
                self._note(cell, f"Grading ran the first {self.limits.max_cells} code cells only.")
                continue
            try:
                reply = session.run_cell(cell.source)
            except (TimeUp, SandboxError) as stop:
                if not (isinstance(stop, TimeUp) and stop.kind == "deadline"):
                    self.left_out.add(cell.index)
                    it = "it " if isinstance(stop, TimeUp) else ""
                    self._note(cell, f"Grading left this cell out: {it}{stop.reason}.")
                return False
            if self.shown and cell.index not in self.report.cells:
                self.report.cells[cell.index] = self._report(reply)
        return True

    def _note(self, cell: Cell, note: str) -> None:
        if self.shown and cell.index not in self.report.cells:
            self.report.cells[cell.index] = CellReport(note=note)

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


def run_visible(
    graded: Cell, session: Session, report: Report, cells: list[Cell]
) -> tuple[Verdict, bool]:
    """Run a graded cell's visible code in the grader: its verdict, and whether its hidden
    tests are still to run.

    The names it needs from the notebook are looked up in ``session``'s
    sandbox; every other name is the grader's own package (and ``math``). A
    failure is reported with the check's own message: these are the
    notebook's own cases.
    """
    visible, hidden = split_hidden(graded.source)
    if not visible.strip():  # all hidden (or markers wrong): the second pass says
        return Verdict(True, "" if hidden.strip() else f"{PASS} nothing to check."), bool(
            hidden.strip()
        )
    namespace = dict(grading_namespace())
    try:
        missing = _look_up(graded.source, session, namespace)
    except (TimeUp, SandboxError) as stop:
        if isinstance(stop, TimeUp) and stop.kind == "deadline":
            return Verdict(False, f"{FAIL} Not graded: the notebook {stop.reason}."), False
        return Verdict(False, f"{FAIL} Not graded: looking up your function, {stop.reason}."), False
    try:
        shown = _execute(visible, namespace)
    except ExerciseFailed as failed:
        return Verdict(False, failed.result.message, failed.result.exercise), False
    except NameError as error:
        if error.name in missing:
            return Verdict(False, _not_defined(missing[error.name], report, cells)), False
        return Verdict(False, f"{FAIL} NameError: {error}"), False
    except (SealedStop, SealedTimeUp) as stop:
        return Verdict(False, f"{FAIL} Your code {stop.reason}."), False
    except Exception as error:  # the visible code is the student's to see
        return Verdict(False, f"{FAIL} {type(error).__name__}: {error}"), False
    exercise = getattr(shown, "exercise", "exercise")
    message = getattr(shown, "message", None) or f"{PASS} {exercise}: passed."
    return Verdict(True, message, exercise), bool(hidden.strip())


def run_hidden(graded: Cell, session: Session, before: Verdict) -> Verdict:
    """Run a graded cell's hidden tests in the grader; the verdict says only how they went.

    ``before`` is the verdict of its visible code (passed). A failure says
    whether the function ran out of time or its process ended, and nothing
    else: not the case, nor anything the sandbox said.
    """
    exercise = before.exercise
    _, hidden = split_hidden(graded.source)
    namespace = dict(grading_namespace())
    try:
        if _look_up(graded.source, session, namespace):  # gone since the first pass
            return Verdict(False, _redacted(exercise, graded.source, None), exercise)
        _execute(hidden, namespace)
    except ExerciseFailed as failed:
        exercise = failed.result.exercise if exercise == "exercise" else exercise
        return Verdict(False, _redacted(exercise, graded.source, session.stopped), exercise)
    except TimeUp as stop:
        if stop.kind == "deadline":
            return Verdict(False, f"{FAIL} Not graded: the notebook {stop.reason}.", exercise)
        return Verdict(False, _redacted(exercise, graded.source, "time"), exercise)
    except (SandboxError, SealedStop, SealedTimeUp):
        return Verdict(
            False, _redacted(exercise, graded.source, session.stopped or "ended"), exercise
        )
    except Exception:  # the hidden tests' own error: the log has it, the feedback not
        _log.exception("the hidden tests of a graded cell could not run")
        return Verdict(False, _hidden_broke(exercise), exercise)
    if not before.message:
        return Verdict(True, f"{PASS} {exercise}: right on every case.", exercise)
    return Verdict(True, before.message + f"\n{PASS} Right on the hidden cases too.", exercise)


def _look_up(source: str, session: Session, namespace: dict) -> dict[str, Missing]:
    """Bind in ``namespace`` the notebook's names ``source`` needs; those it lacks, apart."""
    missing: dict[str, Missing] = {}
    for name in student_names(source, namespace):
        found = session.lookup(name)
        if isinstance(found, Missing):
            missing[name] = found
        else:
            namespace[name] = found
    return missing


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
