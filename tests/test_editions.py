"""The committed student edition is what nbgrader makes from the instructor source.

``tools/course.py`` generates every assignment afresh in a scratch folder, with
the course's ``nbgrader_config.py``, and compares it cell by cell with
``notebooks/``. An instructor who edits ``instructor/`` and forgets ``make
release`` fails here, with the notebook and cell named.
"""

import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import course  # noqa: E402


@pytest.mark.slow
def test_the_student_edition_is_in_step_with_the_instructor_source():
    assert course.out_of_step() == [], "run `make release`"


@pytest.mark.slow
def test_an_edited_source_is_reported_out_of_step(tmp_path):
    import shutil

    for part in ("instructor", "notebooks", "tools"):
        shutil.copytree(ROOT / part, tmp_path / part)
    shutil.copy(ROOT / "nbgrader_config.py", tmp_path)
    path = tmp_path / "instructor" / "02_alpha_beta" / "02_alpha_beta.ipynb"
    nb = nbformat.read(path, as_version=4)
    nb.cells[0].source += "\n\nA sentence the lecturer added."
    nbformat.write(nb, path)
    assert course.out_of_step(tmp_path) == [
        "notebooks/02_alpha_beta/02_alpha_beta.ipynb: cell 1 differs from the source (source)"
    ]
