"""nbgrader's autograde, sealed off: the step that replaces nbgrader's ``Execute``.

nbgrader grades a notebook by running it in a kernel and giving each graded
cell its points if it runs without an error. In that kernel the student's
code could read the hidden tests, change the check, or rewrite files. Here,
``SealedExecute`` takes ``Execute``'s place in ``Autograde.autograde_preprocessors``
(``nbgrader_config.py``) and grades with ``aisearch.exercises.sealed``: the
student's cells run in a sandbox, one fresh sandbox a graded cell, and the
graded cells (restored by nbgrader from the gradebook, hidden tests and all)
run in this process, calling the student's functions in the sandbox. Each
graded cell gets the check's verdict as its output (an error when it failed,
so nbgrader's ``SaveAutoGrades`` gives it 0); the student's own cells get
what they printed. Everything else of nbgrader's autograde (restoring the
graded cells, the gradebook, feedback, export) is nbgrader's own.

The parallel slot (``AISEARCH_GRADING_SLOT``, set by ``course.py grade``) picks
the sandbox's user id when grading runs as root, so that submissions graded
at the same time never share a process limit. ``AISEARCH_GRADING_PASS`` runs one
of grading's two passes (``visible``: the cells and the checks on the
notebook's own cases, whose report is kept in ``.grading/reports``; ``hidden``:
the hidden cases, from that report); ``course.py grade`` runs the first for the
whole class before the second, and without it both run one after the other.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

import nbformat
from nbgrader.preprocessors import NbGraderPreprocessor
from traitlets import Unicode

from aisearch.exercises.sealed.notebook import (
    Cell,
    Report,
    check_hidden,
    check_visible,
    grade_notebook,
)
from aisearch.exercises.sealed.remote import package_names
from aisearch.exercises.sealed.sandbox import Limits


@functools.lru_cache(maxsize=1)
def _package() -> dict:
    return package_names()


def prepare() -> None:
    """Make what every submission's grading needs once, before the grading processes fork."""
    _package()


@functools.lru_cache(maxsize=32)
def course_sources(path: Path) -> frozenset[str]:
    """The sources of a notebook's code cells that the course wrote (no solution, no grade)."""
    if not path.exists():
        return frozenset()
    nb = nbformat.read(path, as_version=4)
    return frozenset(
        cell.source
        for cell in nb.cells
        if cell.cell_type == "code"
        and not cell.metadata.get("nbgrader", {}).get("grade")
        and not cell.metadata.get("nbgrader", {}).get("solution")
    )


def cells_of(nb, course: frozenset[str]) -> list[Cell]:
    """The notebook's code cells, each marked graded, the course's, or the student's."""
    cells = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        grading = cell.metadata.get("nbgrader", {})
        if grading.get("grade"):
            kind = "graded"
        elif grading.get("solution") or cell.source not in course:
            kind = "student"
        else:
            kind = "course"
        name = grading.get("grade_id", "") if grading.get("solution") else ""
        cells.append(Cell(index, cell.source, kind, name))
    return cells


class SealedExecute(NbGraderPreprocessor):
    """Grade the notebook sealed off, and put each cell's outcome in its outputs."""

    course_root = Unicode("", help="The course directory (instructor/, submitted/).").tag(
        config=True
    )

    def preprocess(self, nb, resources):
        info = resources["nbgrader"]
        root = Path(self.course_root or os.getcwd())
        source = root / "instructor" / info["assignment"] / f"{info['notebook']}.ipynb"
        folder = Path(self.config.CourseDirectory.get("submitted_directory", "submitted"))
        submitted = (root / folder / info["student"] / info["assignment"] / source.name).resolve()
        cells = cells_of(nb, course_sources(source))
        arguments = dict(
            notebook=submitted if submitted.is_file() and not submitted.is_symlink() else None,
            slot=int(os.environ.get("AISEARCH_GRADING_SLOT", "0")),
            limits=Limits(),
        )
        kept = root / ".grading" / "reports" / info["assignment"] / info["student"] / source.name
        step = os.environ.get("AISEARCH_GRADING_PASS", "both")
        if step == "visible":
            report = check_visible(cells, _package(), **arguments)
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.with_suffix(".json").write_text(report.to_json())
        elif step == "hidden" and kept.with_suffix(".json").exists():
            report = Report.from_json(kept.with_suffix(".json").read_text())
            report = check_hidden(report, cells, _package(), **arguments)
        else:
            report = grade_notebook(cells, _package(), **arguments)
        for index, cell in enumerate(nb.cells):
            as_text(cell)
            if cell.cell_type != "code":
                continue
            cell.execution_count = None
            if index in report.verdicts:
                outputs = report.verdicts[index].outputs()
            elif index in report.cells and _shown(cells, index):
                outputs = report.cells[index].outputs()
            else:
                outputs = []
            cell.outputs = [nbformat.from_dict(o) for o in outputs]
        nb.cells.insert(0, nbformat.v4.new_markdown_cell(ABOUT, metadata={"tags": ["graded-note"]}))
        return nb, resources


ABOUT = (
    "**Graded sealed off.** Your code ran in a sandbox of its own, where the package's "
    "functions are not available: only your own code is graded. The lecture's cells are "
    "shown without their output, your own cells with what they printed. Each graded cell "
    "below says what its check found."
)
"""The note at the top of every graded notebook and feedback page."""

_TAG = re.compile(r"[\w.-]{1,60}")


def as_text(cell) -> None:
    """Make what a student wrote in ``cell`` show as text in the feedback and the formgrader.

    nbgrader's feedback and formgrade templates render markdown as HTML
    without cleaning it, so a script in a student's markdown cell would run in
    the instructor's browser. A markdown or raw cell that nbgrader did not
    restore from the gradebook (not locked) is shown as its text, in a code
    block, and a cell's tags (written into HTML attributes) keep only plain
    names.
    """
    tags = cell.metadata.get("tags")
    if tags is not None:
        cell.metadata["tags"] = [t for t in tags if isinstance(t, str) and _TAG.fullmatch(t)]
    if cell.cell_type in ("markdown", "raw") and not cell.metadata.get("nbgrader", {}).get(
        "locked"
    ):
        fence = "~" * (max((len(run) for run in re.findall(r"~+", cell.source)), default=0) + 3)
        cell.cell_type = "markdown"
        cell.source = f"{fence}\n{cell.source}\n{fence}"
        cell.pop("attachments", None)
        cell.metadata.pop("format", None)
        cell.metadata.pop("raw_mimetype", None)


def _shown(cells: list[Cell], index: int) -> bool:
    """Whether a cell's output goes into the feedback: the student's own cells only."""
    return any(c.index == index and c.kind == "student" for c in cells)
