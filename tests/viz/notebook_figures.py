"""Run a notebook in a kernel and report the label problems of every figure it made.

The notebook's own cells run unchanged, between two cells of ours: the first
keeps every matplotlib ``Figure`` the notebook makes (pyplot's inline
backend closes its figures once shown, but a closed figure can still be
drawn); the last draws each of them with ``aisearch.viz.labels`` and, for
every ``StepViewer`` still alive, its picture at the first, middle and last
step. It prints the problems as JSON, which we read from the cell's output.
The outputs of the notebook's own cells are read too: every picture they show
must be an ``<img>`` with a non-empty ``alt`` (``images_without_alt``).
"""

from __future__ import annotations

import html
import json
import pathlib
import re
import sys

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

# The instructor source: every cell runs there, the checks' viewers included.
NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "instructor"

KEEP_FIGURES = """\
import matplotlib.figure as _labels_figure
_labels_made = []
_labels_init = _labels_figure.Figure.__init__

def _labels_keep(self, *args, **kwargs):
    _labels_init(self, *args, **kwargs)
    _labels_made.append((get_ipython().execution_count, self))

_labels_figure.Figure.__init__ = _labels_keep
"""

REPORT = """\
import gc as _labels_gc
import json as _labels_json
from aisearch.viz import StepViewer as _LabelsViewer
from aisearch.viz.labels import label_problems as _labels_problems

_labels_figure.Figure.__init__ = _labels_init
_labels_save = {save_to!r}
_labels_report = []
_labels_viewers = [o for o in _labels_gc.get_objects() if isinstance(o, _LabelsViewer)]
_labels_in_viewers = {id(v.figure) for v in _labels_viewers}
for _cell, _figure in _labels_made:
    if id(_figure) not in _labels_in_viewers:
        # Figures of pyplot are shown cropped to what they draw (bbox_inches="tight").
        # So is a figure shown by aisearch.viz.show, which closes it.
        _tight = (_figure.canvas.manager is not None
                  or getattr(_figure, "_aisearch_shown_tight", False))
        _labels_report += [f"figure of cell {_cell}: {p}"
                           for p in _labels_problems(_figure, tight=_tight)]
        if _labels_save:
            _figure.savefig(f"{_labels_save}/cell{_cell}_{id(_figure)}.png",
                            bbox_inches="tight" if _tight else None)
for _viewer in _labels_viewers:
    _last = len(_viewer.trace) - 1
    for _step in sorted({0, _last // 2, _last}):
        _viewer.step = _step
        _labels_report += [f"viewer of {len(_viewer.trace)} steps at step {_step}: {p}"
                           for p in _labels_problems(_viewer.figure)]
        if _labels_save:
            _viewer.figure.savefig(f"{_labels_save}/viewer{id(_viewer)}_{_step}.png")
print("LABELS" + _labels_json.dumps({"figures": len(_labels_made),
                                     "viewers": len(_labels_viewers),
                                     "problems": _labels_report}))
"""


def notebook_label_problems(name: str, timeout: int = 600, save_to: str = "") -> dict:
    """Run ``instructor/<name>`` (``02_alpha_beta/02_alpha_beta.ipynb``) and return ``{"figures", "viewers", "problems"}``.

    ``figures`` counts the figures the notebook made, ``viewers`` the step
    viewers alive at its end, ``problems`` lists ``label_problems`` of them all.
    With ``save_to`` (a folder), every picture checked is also saved there, to look at.
    """
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    notebook.cells = (
        [nbformat.v4.new_code_cell(KEEP_FIGURES)]
        + [c for c in notebook.cells if c.cell_type == "code"]
        + [nbformat.v4.new_code_cell(REPORT.replace("{save_to!r}", repr(save_to)))]
    )
    # The kernel runs this very interpreter, as nbval's --nbval-current-env does.
    manager = KernelManager()
    manager.kernel_cmd = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    client = NotebookClient(
        notebook,
        km=manager,
        timeout=timeout,
        resources={"metadata": {"path": str((NOTEBOOKS / name).parent)}},
    )
    client.execute()
    for output in notebook.cells[-1].outputs:
        text = output.get("text", "")
        if text.startswith("LABELS"):
            report = json.loads(text[len("LABELS") :])
            report["images_without_alt"] = images_without_alt(notebook.cells[1:-1])
            return report
    raise AssertionError(f"{name}: the report cell printed nothing: {notebook.cells[-1].outputs}")


ALT = re.compile(r'<img\b[^>]*\balt="([^"]*)"')


def images_without_alt(cells) -> list[str]:
    """The pictures that ``cells``' outputs show without a text alternative: an
    ``image/png`` output whose HTML is not an ``<img>`` with a non-empty ``alt``
    (JupyterLab shows the HTML first), as ``"cell 3: ..."``."""
    found = []
    for index, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/png" not in data:
                continue
            alt = ALT.search(data.get("text/html", ""))
            if alt is None or not html.unescape(alt.group(1)).strip():
                source = cell.source.strip().splitlines()[-1][:60]
                found.append(f"cell {index} ({source!r}): an image without alt")
    return found
