"""The failure message of `make notebooks` (the repository's conftest.py).

A small notebook with a stale checked output and a cell that raises runs under
nbval in a subprocess started from the repository root. pytest loads a
conftest.py only from the folders of the paths it is given and their parents,
so the root conftest.py does not apply to a notebook in a temporary folder (not
even with --rootdir or -c): the test copies it beside the notebook, which is
where it sits for instructor/ and notebooks/, an ancestor folder.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook, new_output

ROOT = Path(__file__).resolve().parent.parent


def stale_notebook() -> nbformat.NotebookNode:
    """Cell 4 [1] prints 42 but stores 41; cell 6 raises where no error is expected."""
    checked = new_code_cell("# NBVAL_CHECK_OUTPUT\nprint(x + 1)", execution_count=1)
    checked.outputs = [new_output("stream", name="stdout", text="41\n")]
    return new_notebook(
        cells=[
            new_markdown_cell("# A lecture"),
            new_code_cell("x = 41"),
            new_markdown_cell("The answer:"),
            checked,
            new_markdown_cell("A mistake:"),
            new_code_cell('raise ValueError("boom")'),
        ]
    )


@pytest.mark.slow
def test_failures_name_the_cell_as_jupyter_numbers_it(tmp_path):
    notebook = tmp_path / "lecture.ipynb"
    nbformat.write(stale_notebook(), notebook)
    shutil.copy(ROOT / "conftest.py", tmp_path)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "--nbval-lax", "--nbval-current-env"]
        + [str(notebook), "-p", "no:cacheprovider", "--color=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = run.stdout
    assert run.returncode == 1, out + run.stderr
    assert "2 failed" in out

    # The changed output: the 4th cell counting markdown, with its execution count.
    assert "cell 4 [1] (nbval's Cell 1): the new output differs from the stored output" in out
    assert "first line of code: print(x + 1)" in out
    stored = out.index("Stored output")
    new = out.index("New output")
    assert stored < out.index("    41", stored) < new < out.index("    42", new)
    assert f".venv/bin/python tools/refresh.py {notebook}" in out
    assert "was not intended: the code (aisearch) or an installed package" in out

    # The error keeps nbval's message and traceback, under the cell's name.
    assert "cell 6 (nbval's Cell 2): Cell execution caused an exception" in out
    assert "Traceback" in out and "boom" in out
