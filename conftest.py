"""Clearer nbval failures for the course notebooks (`make notebooks`).

nbval names a failing cell "Cell 4", counting code cells only and from 0, and
shows a changed output as a diff whose - and + are easy to read the wrong way
round. This hook rewrites the failure of a notebook cell so that it

* names the cell as Jupyter numbers it: its place among all the cells of the
  notebook, markdown included, counting from 1, then its stored execution count
  [n], and its first line of code, so it can be found in JupyterLab;
* shows the stored output and the new output, each under its own heading;
* says what to do: refresh the notebook if the change was meant, or find what
  in the code or a package changed it if it was not.

A cell that raised an error keeps nbval's error and traceback, under the same
name. Only nbval's cell items are touched; the unit tests in tests/ are not.
"""

from __future__ import annotations

from itertools import zip_longest

import nbformat
import pytest
from nbval.plugin import IPyNbCell, NbCellError, coalesce_streams

MARKER = "# NBVAL_"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if isinstance(item, IPyNbCell) and call.when == "call" and report.failed:
        cell, name = jupyter_cell(item)
        path = shown_path(item)
        report.location = (*report.location[:2], f"{path}, {name}")
        error = call.excinfo.value if call.excinfo else None
        changed = isinstance(error, NbCellError) and str(error) == "Cell outputs differ"
        what = "the new output differs from the stored output" if changed else error
        head = f"{name}: {what}\n  notebook: {path}\n  first line of code: {first_line(cell)}\n"
        report.longrepr = head + (changed_output(item, cell) if changed else f"\n{report.longrepr}")
    return report


def jupyter_cell(item):
    """The failing cell as stored on disk, and its name as Jupyter numbers it."""
    # Read afresh: nbval merges the stored streams in place when it compares.
    cells = nbformat.read(item.path, as_version=4).cells
    number = [n for n, cell in enumerate(cells, 1) if cell.cell_type == "code"][item.cell_num]
    cell = cells[number - 1]
    count = f" [{cell.execution_count}]" if cell.execution_count else ""
    return cell, f"cell {number}{count} (nbval's {item.name})"


def shown_path(item) -> str:
    """The notebook's path from where pytest was started (the repository root), else in full."""
    try:
        return str(item.path.relative_to(item.config.invocation_params.dir))
    except ValueError:
        return str(item.path)


def first_line(cell) -> str:
    """The first line that is code, not nbval's marker: what to search for in JupyterLab."""
    lines = [line for line in cell.source.splitlines() if line.strip()]
    return next((line for line in lines if not line.startswith(MARKER)), "(empty cell)")


def text(outputs) -> str:
    """What Jupyter shows below a cell, as text."""
    parts = []
    for out in coalesce_streams(list(outputs)):
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type == "error":
            parts.append(f"{out.ename}: {out.evalue}")
        else:
            data = out.get("data", {})
            parts.append(data.get("text/plain") or "<" + ", ".join(data) + ">")
    return "\n".join(part.rstrip("\n") for part in parts)


def indented(shown: str) -> str:
    return "\n".join("    " + line for line in shown.splitlines()) or "    (no output)"


def changed_output(item, cell) -> str:
    stored, new = text(cell.outputs), text(item.test_outputs or [])
    lines = [
        "",
        "Stored output (in the notebook file):",
        indented(stored),
        "New output (running the cell now):",
        indented(new),
    ]
    pairs = zip_longest(stored.splitlines(), new.splitlines(), fillvalue="(nothing)")
    for number, (old, now) in enumerate(pairs, 1):
        if old != now:
            lines += [
                "",
                f"First difference, line {number}:",
                f"  stored: {old}",
                f"  new:    {now}",
            ]
            break
    return "\n".join(lines + ["", *advice(item)])


def advice(item) -> list[str]:
    edition, assignment = item.path.parent.parent.name, item.path.stem
    source = f"instructor/{assignment}/{assignment}.ipynb"
    if edition == "notebooks":
        meant = [
            "If the change was intended, make this student edition again from its source:",
            f"    make release NB={assignment}",
            "(first store the source's new output, if it changed too, with",
            f"    .venv/bin/python tools/refresh.py {source})",
        ]
    else:
        meant = [
            "If the change was intended, store the new output with:",
            f"    .venv/bin/python tools/refresh.py {shown_path(item)}",
        ]
        if edition == "instructor":
            meant.append(f"then make the student edition again: make release NB={assignment}")
    return meant + [
        "If it was not intended: the code (aisearch) or an installed package changed what",
        "the notebook shows; find that change before refreshing.",
    ]
