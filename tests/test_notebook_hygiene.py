"""The course notebooks are stored the way CI and students need them.

CI runs them with ``pytest --nbval-lax``: only cells whose first line is
``# NBVAL_CHECK_OUTPUT`` have their stored outputs compared, so those cells
must hold outputs, and every other cell must hold none (stale pictures and
widget state only bloat the files and confuse diffs). ``notebooks/refresh.py``
writes notebooks this way; these tests catch a notebook saved from Jupyter
instead.
"""

from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output
from nbformat.validator import NotebookValidationError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
CHECKED = "# NBVAL_CHECK_OUTPUT"
SOLUTIONS_HEADING = "## Solutions (for instructors)"
TEACHING_ORDER = [
    "00_introduction.ipynb",
    "01_minimax.ipynb",
    "02_alpha_beta.ipynb",
    "03_evaluation_and_depth.ipynb",
    "04_expectimax.ipynb",
    "05_caching_and_symmetry.ipynb",
    "06_connect_four.ipynb",
    "07_multiplayer.ipynb",
    "08_monte_carlo.ipynb",
]


def is_checked(cell) -> bool:
    lines = cell.source.lstrip().splitlines()
    return cell.cell_type == "code" and bool(lines) and lines[0].strip() == CHECKED


def is_solution(cell) -> bool:
    return "solution" in cell.metadata.get("tags", [])


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
    solutions_section = next(
        (
            i
            for i, c in enumerate(nb.cells)
            if c.cell_type == "markdown" and c.source.startswith(SOLUTIONS_HEADING)
        ),
        None,
    )
    for index, cell in enumerate(nb.cells):
        where = f"cell {index}"
        if "input(" in cell.source and cell.cell_type == "code":
            found.append(f"{where} calls input(): CI has no standard input")
        if is_solution(cell):
            if not cell.metadata.get("jupyter", {}).get("source_hidden"):
                found.append(
                    f"{where} is a solution whose code is not folded away (jupyter.source_hidden)"
                )
            if solutions_section is None or index < solutions_section:
                found.append(f"{where} is a solution outside the '{SOLUTIONS_HEADING}' section")
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


def test_the_notebooks_exist_in_teaching_order():
    present = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert present == TEACHING_ORDER
    assert all(name[:2].isdigit() and name[2] == "_" for name in present), present


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("*.ipynb")), ids=lambda p: p.name)
def test_notebook_is_stored_cleanly(path):
    nb = nbformat.read(path, as_version=4)
    assert problems(nb) == [], f"{path.name}: run `python notebooks/refresh.py {path}`"
    assert any(is_checked(c) for c in nb.cells), "no checked cell: CI would check nothing"


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
        new_code_cell("def solution(): ...", metadata={"tags": ["solution"]}),
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
    assert "cell 5 is a solution whose code is not folded away (jupyter.source_hidden)" in found
    assert "cell 5 is a solution outside the '## Solutions (for instructors)' section" in found
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
        new_markdown_cell(f"{SOLUTIONS_HEADING}\n\nTry first."),
        new_code_cell(
            "def solution(): ...",
            metadata={"tags": ["solution"], "jupyter": {"source_hidden": True}},
        ),
    ]
    assert problems(nb) == []


def test_refresh_folds_solutions_away_and_nothing_else():
    import importlib.util

    spec = importlib.util.spec_from_file_location("refresh", NOTEBOOKS / "refresh.py")
    refresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(refresh)
    nb = new_notebook(
        cells=[
            new_code_cell("x = 1", metadata={"jupyter": {"source_hidden": True}}),
            new_code_cell("def solution(): ...", metadata={"tags": ["solution"]}),
        ]
    )
    refresh.keep_checked_outputs(nb)
    assert "jupyter" not in nb.cells[0].metadata
    assert nb.cells[1].metadata["jupyter"] == {"source_hidden": True}
    nbformat.validate(nb)
