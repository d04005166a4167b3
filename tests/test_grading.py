"""A synthetic class, graded end to end by nbgrader as `make grade` grades a real one.

Six students hand in notebook 02 (alpha-beta, 3 points): a right answer, alpha-beta
cutting on the wrong side, an endless loop, a student who redefines the check and
edits the graded cell, one who patches ``aisearch.exercises`` in the kernel, and one
who deletes the graded cell. They are made from the committed student edition, the
file students receive, and graded in a copy of the course with `tools/course.py
grade`: nbgrader's autograde, feedback and export, with the course's
``nbgrader_config.py``. The gradebook must give the right answer its 3 points and
every other submission 0, the feedback must carry the check's own message, and no
feedback page may show the hidden tests.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
ASSIGNMENT = "02_alpha_beta"
POINTS = 3

RIGHT = """
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if game.to_move(state) == "MAX":
        value = -math.inf
        for a in game.actions(state):
            value = max(value, alphabeta_value(game, game.result(state, a), alpha, beta))
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return value
    value = math.inf
    for a in game.actions(state):
        value = min(value, alphabeta_value(game, game.result(state, a), alpha, beta))
        if value <= alpha:
            return value
        beta = min(beta, value)
    return value
"""

# MIN cuts when its value reaches beta, the test MAX should make: the wrong side.
WRONG_SIDE = RIGHT.replace("if value <= alpha:", "if value >= beta:")

ENDLESS = """
    while True:
        pass
"""

# No pruning at all: right values, too many nodes.
NO_PRUNING = """
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [alphabeta_value(game, game.result(state, a), alpha, beta)
              for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)
"""

REDEFINED_CHECK = """

from aisearch.exercises import CheckResult


def check_alphabeta(fn, show=False):
    return CheckResult("alpha-beta", True, "✓ alpha-beta: all right.")


def assert_passed(result):
    return result
"""

PATCHED_PACKAGE = """

import aisearch.exercises as exercises
import aisearch.exercises.alphabeta
import aisearch.exercises.grading
from aisearch.exercises import CheckResult


def always_right(fn, show=False, **options):
    return CheckResult("alpha-beta", True, "✓ alpha-beta: all right.")


exercises.check_alphabeta = aisearch.exercises.alphabeta.check_alphabeta = always_right
exercises.assert_passed = aisearch.exercises.grading.assert_passed = lambda result: result
CheckResult.__bool__ = lambda self: True
from aisearch.exercises import assert_passed, check_alphabeta  # noqa: E402
"""


def _submission(edition, body: str, *, after: str = "", graded_cell=None):
    """The student edition with ``body`` in place of the stub (and ``after`` it)."""
    nb = nbformat.from_dict(edition)
    stub = "    raise NotImplementedError  # replace this line with your code"
    cells = []
    for cell in nb.cells:
        grading = cell.metadata.get("nbgrader", {})
        if grading.get("solution"):
            assert stub in cell.source
            cell.source = cell.source.replace(stub, body.strip("\n")) + after
        if grading.get("grade"):
            if graded_cell == "delete":
                continue
            if graded_cell is not None:
                cell.source = graded_cell
        cells.append(cell)
    nb.cells = cells
    return nb


STUDENTS = {
    "right": dict(body=RIGHT),
    "wrong_side": dict(body=WRONG_SIDE),
    "endless_loop": dict(body=ENDLESS),
    "redefines_the_check": dict(
        body=NO_PRUNING, after=REDEFINED_CHECK, graded_cell='print("✓ all right")'
    ),
    "patches_the_package": dict(body=NO_PRUNING, after=PATCHED_PACKAGE),
    "deletes_the_graded_cell": dict(body=NO_PRUNING, graded_cell="delete"),
}
EXPECTED_POINTS = {student: 0.0 for student in STUDENTS} | {"right": float(POINTS)}


@pytest.fixture(scope="module")
def graded_class(tmp_path_factory):
    """Grade the synthetic class in a copy of the course: its folder, and how the run went."""
    course = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "tools", course / "tools")
    shutil.copytree(ROOT / "instructor" / ASSIGNMENT, course / "instructor" / ASSIGNMENT)
    edition = nbformat.read(ROOT / "notebooks" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    for student, how in STUDENTS.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(_submission(edition, **how), folder / f"{ASSIGNMENT}.ipynb")
    # A file saved under a browser's download name: named and skipped, the class graded.
    misnamed = course / "submitted" / "misnamed" / ASSIGNMENT
    misnamed.mkdir(parents=True)
    nbformat.write(_submission(edition, body=RIGHT), misnamed / f"{ASSIGNMENT} (1).ipynb")
    run = subprocess.run(
        [sys.executable, str(course / "tools" / "course.py"), "grade"],
        cwd=course,
        timeout=900,
        capture_output=True,
        text=True,
    )
    return SimpleNamespace(folder=course, run=run)


def test_a_misnamed_submission_is_named_and_skipped(graded_class):
    run = graded_class.run
    assert run.returncode == 1, run.stderr
    assert (
        f"NOT GRADED: {graded_class.folder}/submitted/misnamed/{ASSIGNMENT}: expected "
        f"{ASSIGNMENT}.ipynb, found {ASSIGNMENT} (1).ipynb" in run.stdout
    )
    assert "1 submission(s) not graded" in run.stderr
    for student in STUDENTS:
        assert f"graded {student}/{ASSIGNMENT}" in run.stdout


def _feedback(course: Path, student: str) -> str:
    return (course / "feedback" / student / ASSIGNMENT / f"{ASSIGNMENT}.html").read_text()


def test_the_gradebook_gives_each_submission_its_points(graded_class):
    with open(graded_class.folder / "grades.csv", newline="") as file:
        rows = list(csv.DictReader(file))
    scores = {row["student_id"]: float(row["score"]) for row in rows}
    assert scores == EXPECTED_POINTS
    assert {float(row["max_score"]) for row in rows} == {float(POINTS)}


@pytest.mark.parametrize(
    "student, says",
    [
        ("right", "✓ alpha-beta"),
        ("wrong_side", "✗ alpha-beta"),
        ("endless_loop", "did not finish within"),
        ("redefines_the_check", "✗ alpha-beta"),
        ("patches_the_package", "✗ alpha-beta"),
        ("deletes_the_graded_cell", "was missing from the submission"),
        ("deletes_the_graded_cell", "✗ alpha-beta"),
    ],
)
def test_the_feedback_carries_the_check_s_message(graded_class, student, says):
    assert says in _feedback(graded_class.folder, student)


def test_the_feedback_shows_a_check_s_viewer_as_its_message(graded_class):
    # The show=True cell under the graded one: no kernel in a feedback page, so its message.
    page = _feedback(graded_class.folder, "wrong_side")
    assert page.count("✗ alpha-beta") >= 2
    assert "widget-view" not in page


@pytest.mark.parametrize("student", list(STUDENTS))
def test_no_feedback_shows_the_hidden_tests(graded_class, student):
    page = _feedback(graded_class.folder, student)
    assert "HIDDEN TESTS" not in page
    assert "pristine" not in page
    assert "seed=2026" not in page
