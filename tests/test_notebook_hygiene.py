"""The course notebooks are stored the way CI, students and nbgrader need them.

CI runs both editions with ``pytest --nbval-lax``: only cells whose first line
is ``# NBVAL_CHECK_OUTPUT``, or tagged ``nbval-check-output``, have their stored
outputs compared, so those cells must hold outputs, and every other cell must
hold none (stale pictures and widget state only bloat the files and confuse
diffs). ``tools/refresh.py`` writes notebooks this way; these tests catch a
notebook saved from Jupyter instead. The student edition must hold no
solution, no hidden test and no instructors' cell, and every graded cell there
is expected to fail with the check's "Not done yet"; in the instructor source
every exercise is an nbgrader solution cell followed by a graded cell.
"""

import inspect
import re
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output
from nbformat.validator import NotebookValidationError

ROOT = Path(__file__).resolve().parent.parent
STUDENT = sorted(ROOT.glob("notebooks/*/*.ipynb"))
INSTRUCTOR = sorted(ROOT.glob("instructor/*/*.ipynb"))
CHECKED = "# NBVAL_CHECK_OUTPUT"
CHECKED_TAG = "nbval-check-output"
TEACHING_ORDER = [
    "00_introduction",
    "01_minimax",
    "02_alpha_beta",
    "03_evaluation_and_depth",
    "04_expectimax",
    "05_caching_and_symmetry",
    "06_connect_four",
    "07_multiplayer",
    "08_monte_carlo",
]
NOT_FOR_STUDENTS = ("### BEGIN SOLUTION", "### BEGIN HIDDEN TESTS", "### BEGIN MARK SCHEME")


def tags(cell) -> list:
    return cell.metadata.get("tags", [])


def is_checked(cell) -> bool:
    lines = cell.source.lstrip().splitlines()
    marked = bool(lines) and lines[0].strip() == CHECKED
    return cell.cell_type == "code" and (marked or CHECKED_TAG in tags(cell))


def grading(cell) -> dict:
    return cell.metadata.get("nbgrader", {})


def problems(nb) -> list[str]:
    """Everything wrong with how ``nb`` is stored, one sentence each (empty if fine)."""
    found: list[str] = []
    try:
        nbformat.validate(nb)
    except (nbformat.ValidationError, NotebookValidationError) as error:
        return [f"not a valid notebook: {str(error).splitlines()[0]}"]
    if "widgets" in nb.metadata:
        found.append("widget state saved in the notebook metadata ('widgets')")
    if nb.metadata.get("kernelspec", {}).get("name") != "python3":
        found.append("kernel is not 'python3'")
    for index, cell in enumerate(nb.cells):
        where = f"cell {index}"
        if "input(" in cell.source and cell.cell_type == "code":
            found.append(f"{where} calls input(): CI has no standard input")
        if cell.cell_type != "code":
            continue
        if is_checked(cell):
            if not cell.outputs:
                found.append(f"{where} is marked {CHECKED} but has no stored output")
            if cell.execution_count is None:
                found.append(f"{where} is marked {CHECKED} but has no execution count")
        else:
            if cell.outputs:
                found.append(f"{where} has stored outputs but is not marked {CHECKED}")
            if cell.execution_count is not None:
                found.append(
                    f"{where} has execution_count {cell.execution_count}, "
                    "expected None (not a checked cell)"
                )
    counts = [c.execution_count for c in nb.cells if is_checked(c)]
    if counts != list(range(1, len(counts) + 1)):
        found.append(f"checked cells are numbered {counts}, expected 1, 2, 3, ...")
    return found


def student_edition_problems(nb) -> list[str]:
    """What the student edition must not hold, and how its graded cells must fail."""
    found = []
    for index, cell in enumerate(nb.cells):
        where = f"cell {index}"
        for marker in NOT_FOR_STUDENTS:
            if marker in cell.source:
                found.append(f"{where} holds {marker!r}: not for students")
        if "instructor" in tags(cell):
            found.append(f"{where} is an instructors' cell")
        if grading(cell).get("grade"):
            if "raises-exception" not in tags(cell) or not is_checked(cell):
                found.append(f"{where} is graded but not tagged raises-exception and checked")
            errors = [o for o in cell.outputs if o.output_type == "error"]
            if not errors or not errors[0].evalue.startswith("Not done yet"):
                found.append(f"{where} is graded but its stored output is not 'Not done yet'")
    return found


def instructor_source_problems(nb) -> list[str]:
    """Every exercise is a solution region and a graded cell after it, with hidden cases
    where its check takes them."""
    found = []
    cells = nb.cells
    for index, cell in enumerate(cells):
        where = f"cell {index}"
        if cell.cell_type == "code" and cell.source.startswith("# Your turn"):
            if "optional" in cell.source.splitlines()[0] or not grading(cell).get("solution"):
                # Answers that are not functions (a dict by hand) follow in an
                # instructors' cell; the optional ones are not graded.
                if "instructor" not in tags(cells[index + 1]):
                    found.append(f"{where} is an exercise without a solution")
                continue
            if "### BEGIN SOLUTION" not in cell.source:
                found.append(f"{where} is a solution cell without a solution region")
            following = next((c for c in cells[index + 1 :] if c.cell_type == "code"), None)
            if following is None or not grading(following).get("grade"):
                found.append(f"{where} is an exercise not followed by a graded cell")
        if (
            grading(cell).get("grade")
            and "### BEGIN HIDDEN TESTS" not in cell.source
            and takes_cases(cell.source)
        ):
            found.append(f"{where} is graded without hidden cases")
    if not any(grading(c).get("grade") for c in cells):
        found.append("no graded cell")
    return found


def takes_cases(source: str) -> bool:
    """Whether the check a graded cell calls can be given hidden cases (``cases=``).

    An evaluation's tournament and the vectors worked out by hand have none:
    their graded cell runs the same check, in the grader.
    """
    import aisearch.exercises

    names = re.findall(r"\b(check_\w+)\(", source)
    return any(
        "cases" in inspect.signature(getattr(aisearch.exercises, name)).parameters for name in names
    )


def test_both_editions_hold_the_notebooks_in_teaching_order():
    for edition in (STUDENT, INSTRUCTOR):
        assert [p.parent.name for p in edition] == TEACHING_ORDER
        assert all(p.stem == p.parent.name for p in edition), edition


@pytest.mark.parametrize("path", STUDENT + INSTRUCTOR, ids=lambda p: str(p.relative_to(ROOT)))
def test_notebook_is_stored_cleanly(path):
    nb = nbformat.read(path, as_version=4)
    assert problems(nb) == [], f"{path.name}: run `python tools/refresh.py {path}`"
    assert any(is_checked(c) for c in nb.cells), "no checked cell: CI would check nothing"


@pytest.mark.parametrize("path", STUDENT, ids=lambda p: p.parent.name)
def test_the_student_edition_holds_no_solution_and_fails_as_expected(path):
    assert student_edition_problems(nbformat.read(path, as_version=4)) == []


@pytest.mark.parametrize("path", INSTRUCTOR, ids=lambda p: p.parent.name)
def test_the_instructor_source_has_a_solution_and_hidden_tests_per_exercise(path):
    assert instructor_source_problems(nbformat.read(path, as_version=4)) == []


def test_the_checker_rejects_a_badly_stored_notebook(tmp_path):
    nb = new_notebook(
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        }
    )
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    picture = new_output("display_data", data={"image/png": "iVBORw0KGgo="})
    nb.cells = [
        new_markdown_cell("# A lecture"),
        new_code_cell(
            "print(1 + 1)",
            execution_count=3,
            outputs=[new_output("stream", name="stdout", text="2\n")],
        ),
        new_code_cell(f"{CHECKED}\nprint(2)", execution_count=None),
        new_code_cell("plot()", execution_count=None, outputs=[picture]),
        new_code_cell("name = input('your name? ')"),
    ]
    path = tmp_path / "bad.ipynb"
    nbformat.write(nb, path)
    found = problems(nbformat.read(path, as_version=4))
    assert "widget state saved in the notebook metadata ('widgets')" in found
    assert "cell 1 has stored outputs but is not marked # NBVAL_CHECK_OUTPUT" in found
    assert "cell 1 has execution_count 3, expected None (not a checked cell)" in found
    assert "cell 2 is marked # NBVAL_CHECK_OUTPUT but has no stored output" in found
    assert "cell 2 is marked # NBVAL_CHECK_OUTPUT but has no execution count" in found
    assert "cell 3 has stored outputs but is not marked # NBVAL_CHECK_OUTPUT" in found
    assert "cell 4 calls input(): CI has no standard input" in found
    assert "checked cells are numbered [None], expected 1, 2, 3, ..." in found


def test_the_checker_rejects_an_invalid_notebook():
    nb = new_notebook(cells=[new_code_cell("x = 1")])
    del nb.cells[0]["outputs"]  # a code cell must have an outputs list
    found = problems(nb)
    assert found[0].startswith("not a valid notebook: 'outputs' is a required property"), found


def test_the_checker_accepts_a_clean_notebook():
    nb = new_notebook(
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        }
    )
    nb.cells = [
        new_code_cell("x = 2"),
        new_code_cell(
            f"{CHECKED}\nprint(x)",
            execution_count=1,
            outputs=[new_output("stream", name="stdout", text="2\n")],
        ),
        new_markdown_cell("## Exercise"),
    ]
    assert problems(nb) == []


def test_the_student_edition_checker_rejects_solutions_and_silent_graded_cells():
    graded = {"grade": True, "solution": False, "locked": True, "points": 1, "grade_id": "t"}
    nb = new_notebook(
        cells=[
            new_code_cell("def f():\n    ### BEGIN SOLUTION\n    return 1\n    ### END SOLUTION"),
            new_code_cell("x = 1", metadata={"tags": ["instructor"]}),
            new_code_cell("assert_passed(check(f))", metadata={"nbgrader": graded}),
        ]
    )
    found = student_edition_problems(nb)
    assert "cell 0 holds '### BEGIN SOLUTION': not for students" in found
    assert "cell 1 is an instructors' cell" in found
    assert "cell 2 is graded but not tagged raises-exception and checked" in found
    assert "cell 2 is graded but its stored output is not 'Not done yet'" in found


def test_the_instructor_source_checker_wants_solutions_and_hidden_tests():
    solution = {"grade": False, "solution": True, "locked": False, "grade_id": "f"}
    graded = {"grade": True, "solution": False, "locked": True, "points": 1, "grade_id": "t"}
    nb = new_notebook(
        cells=[
            new_code_cell("# Your turn\ndef f():\n    ...", metadata={"nbgrader": solution}),
            new_code_cell("assert_passed(check_minimax(f))", metadata={"nbgrader": graded}),
            new_code_cell("assert_passed(check_maxn_by_hand(f))", metadata={"nbgrader": graded}),
        ]
    )
    found = instructor_source_problems(nb)
    assert "cell 0 is a solution cell without a solution region" in found
    assert "cell 1 is graded without hidden cases" in found
    assert not any(line.startswith("cell 2 ") for line in found)  # its check takes no cases


def test_refresh_drops_folding_and_keeps_tagged_outputs():
    import importlib.util

    spec = importlib.util.spec_from_file_location("refresh", ROOT / "tools" / "refresh.py")
    refresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(refresh)
    stream = new_output("stream", name="stdout", text="1\n")
    nb = new_notebook(
        cells=[
            new_code_cell("x = 1", metadata={"jupyter": {"source_hidden": True}}),
            new_code_cell("print(1)", metadata={"tags": [CHECKED_TAG]}, outputs=[stream]),
            new_code_cell("print(2)", outputs=[stream]),
        ]
    )
    refresh.keep_checked_outputs(nb)
    assert "jupyter" not in nb.cells[0].metadata
    assert nb.cells[1].outputs and nb.cells[1].execution_count == 1
    assert not nb.cells[2].outputs and nb.cells[2].execution_count is None
    nbformat.validate(nb)
