"""Re-run the course notebooks and store only the outputs that CI checks.

After changing a notebook, run it here instead of saving it from Jupyter:

    .venv/bin/python tools/refresh.py               # both editions, every notebook
    .venv/bin/python tools/refresh.py instructor/01_minimax/01_minimax.ipynb
    .venv/bin/python tools/refresh.py --check       # change nothing; exit 1 if stale

An instructor edits ``instructor/`` and refreshes it; ``make release`` makes the
student edition in ``notebooks/`` from it and refreshes that.

Each notebook is executed top to bottom in a fresh ``python3`` kernel (with
nbclient, from the notebook's own folder; a cell tagged ``raises-exception``, a
graded cell of the student edition, may fail). Then only the cells whose first
line is ``# NBVAL_CHECK_OUTPUT``, or tagged ``nbval-check-output``, keep their
outputs, numbered 1, 2, 3, ...;
every other code cell is cleared (no outputs, ``execution_count`` None).
Widget state, timing metadata, folding and the Python version are dropped, so
a refresh on another machine gives the same file. CI
(``pytest --nbval-lax``) then compares the kept outputs with a fresh run.
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

CHECKED = "# NBVAL_CHECK_OUTPUT"
CHECKED_TAG = "nbval-check-output"
ROOT = Path(__file__).resolve().parent.parent
VOLATILE_CELL_METADATA = ("execution", "collapsed", "scrolled", "jupyter")


def is_checked(cell) -> bool:
    """True for a code cell whose output is checked: by its first line, or by its tag."""
    lines = cell.source.lstrip().splitlines()
    marked = bool(lines) and lines[0].strip() == CHECKED
    return cell.cell_type == "code" and (marked or CHECKED_TAG in cell.metadata.get("tags", []))


def execute(nb, folder: Path, timeout: int = 600, kernel_name: str = "python3"):
    """Run every cell of ``nb`` in a fresh kernel started in ``folder``; returns ``nb``."""
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name=kernel_name,
        resources={"metadata": {"path": str(folder)}},
        record_timing=False,
        store_widget_state=False,
    )
    client.execute()
    return nb


def coalesce_streams(outputs) -> list:
    """Join consecutive stream outputs of the same name: a kernel may split a print."""
    joined = []
    for output in outputs:
        previous = joined[-1] if joined else None
        if (
            output.output_type == "stream"
            and previous is not None
            and previous.output_type == "stream"
            and previous.name == output.name
        ):
            previous.text += output.text
        else:
            joined.append(output)
    return joined


def keep_checked_outputs(nb):
    """Clear unchecked cells, number the checked ones 1, 2, ..., drop volatile metadata."""
    count = 0
    for cell in nb.cells:
        for key in VOLATILE_CELL_METADATA:
            cell.metadata.pop(key, None)
        if cell.cell_type != "code":
            continue
        if is_checked(cell):
            count += 1
            cell.execution_count = count
            cell.outputs = coalesce_streams(cell.outputs)
            for output in cell.outputs:
                if output.output_type == "execute_result":
                    output.execution_count = count
        else:
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    language = nb.metadata.get("language_info", {})
    nb.metadata["language_info"] = {"name": language.get("name", "python")}
    nb.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    return nb


def refresh(path: Path, *, write: bool = True, timeout: int = 600) -> bool:
    """Execute and clean one notebook; returns True if the file changes (or would)."""
    original = nbformat.read(path, as_version=4)
    nb = keep_checked_outputs(execute(copy.deepcopy(original), path.parent, timeout))
    nbformat.validate(nb)
    changed = nbformat.writes(nb) != nbformat.writes(original)
    if write and changed:
        nbformat.write(nb, path)
    return changed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "notebooks",
        nargs="*",
        type=Path,
        help="notebooks to refresh (default: every notebook of both editions)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; exit 1 if a notebook's stored outputs are stale",
    )
    parser.add_argument("--timeout", type=int, default=600, help="seconds allowed per cell")
    args = parser.parse_args(argv)
    paths = args.notebooks or sorted(
        [*ROOT.glob("instructor/*/*.ipynb"), *ROOT.glob("notebooks/*/*.ipynb")]
    )
    stale = []
    for path in paths:
        changed = refresh(path, write=not args.check, timeout=args.timeout)
        verb = ("is stale" if args.check else "updated") if changed else "unchanged"
        print(f"{path}: {verb}")
        if changed:
            stale.append(path)
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
