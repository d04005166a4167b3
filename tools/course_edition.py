"""The course's two steps in nbgrader's making of the student edition.

nbgrader clears solutions and hidden tests; these two do what it has no step
for. ``nbgrader_config.py`` adds them after nbgrader's own steps, so that
``nbgrader generate_assignment`` (from the command line, ``make release`` or
the formgrader's button) always makes the same student edition.
"""

from __future__ import annotations

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

INSTRUCTOR_TAG = "instructor"
EXPECTED_TO_FAIL_TAG = "raises-exception"


def is_graded(cell) -> bool:
    """True for an nbgrader test cell that scores points."""
    return bool(cell.metadata.get("nbgrader", {}).get("grade")) and cell.cell_type == "code"


class LeaveOutInstructorCells(Preprocessor):
    """Drop the cells tagged ``instructor``: answers to "Try this", notes on the checks."""

    enabled = Bool(True)  # nbconvert's preprocessors are off unless enabled

    def preprocess(self, nb, resources):
        nb.cells = [c for c in nb.cells if INSTRUCTOR_TAG not in c.metadata.get("tags", [])]
        return nb, resources


class MarkGradedCellsExpectedToFail(Preprocessor):
    """Tag each graded code cell ``raises-exception``.

    In the student edition every graded cell fails until its exercise is done;
    the tag tells nbval and nbclient to expect an error there. CI still compares
    the error's text with the stored one (the check's "Not done yet" message),
    so any other failure fails CI.
    """

    enabled = Bool(True)

    def preprocess_cell(self, cell, resources, index):
        if is_graded(cell):
            tags = cell.metadata.setdefault("tags", [])
            if EXPECTED_TO_FAIL_TAG not in tags:
                tags.append(EXPECTED_TO_FAIL_TAG)
        return cell, resources
