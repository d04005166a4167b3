"""How long each course notebook takes to run top to bottom, and its slowest cell.

    .venv/bin/python tools/notebook_times.py                      # every notebook
    .venv/bin/python tools/notebook_times.py instructor/03_*/*.ipynb

Each notebook runs in a fresh ``python3`` kernel, from its own folder, as
``tools/refresh.py`` runs it (nothing is written back). The kernel records
when each cell started and finished; the table gives the whole run (kernel
start included), the time of the cells, and the slowest cell with the first
line of its source. The goals (issue "Speed where students feel it") are a
notebook under 20 s and no cell over 5 s on the course's 2-core machine.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

# The instructor source: every cell runs there (the student edition stops at an exercise).
HERE = Path(__file__).resolve().parent.parent / "instructor"
NOTEBOOK_GOAL, CELL_GOAL = 20.0, 5.0


def cell_seconds(cell) -> float:
    """Seconds between the kernel starting and finishing ``cell`` (0 if not recorded)."""
    timing = cell.get("metadata", {}).get("execution", {})
    start, end = timing.get("iopub.execute_input"), timing.get("shell.execute_reply")
    if not (start and end):
        return 0.0
    parse = datetime.datetime.fromisoformat
    return (parse(end.replace("Z", "+00:00")) - parse(start.replace("Z", "+00:00"))).total_seconds()


def time_notebook(path: Path) -> tuple[float, float, float, str]:
    """``(whole run, cells, slowest cell, its first line)`` for the notebook at ``path``."""
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    started = time.perf_counter()
    client.execute()
    whole = time.perf_counter() - started
    code = [c for c in nb.cells if c.cell_type == "code"]
    seconds = [cell_seconds(c) for c in code]
    slowest = max(range(len(code)), key=seconds.__getitem__)
    first = next((line for line in code[slowest].source.splitlines() if line.strip()), "")
    return whole, sum(seconds), seconds[slowest], f"cell {slowest + 1}: {first[:48]}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="*", type=Path)
    paths = parser.parse_args(argv).notebooks or sorted(HERE.glob("[0-9][0-9]_*/*.ipynb"))
    print(f"{'notebook':32}{'run s':>8}{'cells s':>9}{'slowest s':>11}  slowest cell")
    over = 0
    for path in paths:
        whole, cells, slowest, where = time_notebook(path)
        late = whole > NOTEBOOK_GOAL or slowest > CELL_GOAL
        over += late
        mark = "  <- over the goal" if late else ""
        print(f"{path.stem:32}{whole:8.1f}{cells:9.1f}{slowest:11.1f}  {where}{mark}")
    print(
        f"goals: a notebook under {NOTEBOOK_GOAL:g} s, no cell over {CELL_GOAL:g} s; "
        f"{over} of {len(paths)} notebooks over"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
