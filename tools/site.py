"""Build the course's website: the student edition, run, with the docs beside it.

    .venv/bin/python tools/site.py            # make site: _build/site/html/index.html
    .venv/bin/python tools/site.py --jobs 1   # one notebook at a time

The notebooks are stored without their outputs, so the site runs them: each
student-edition notebook (``notebooks/<id>/<id>.ipynb``) is executed in a fresh
kernel from its own folder, on as many cores as ``--jobs`` gives (its graded
cells, tagged ``raises-exception``, fail with "Not done yet", as they do for a
student). A run is cached in ``_build/site/run/`` under a digest of what it
depends on: the notebook, the package's source, the Python version and
``RUN_VERSION``. A second build
runs only the notebooks whose digest changed.

A widget needs a kernel, and a page has none. Each widget output is replaced by
its first frame, drawn from the widget state that nbclient stores
(``store_widget_state``): its pictures with their text alternatives, its
sentences and its counters, with no controls that would do nothing
(``static_widget``). The page's banner says how to run the lecture live.

Then Sphinx (MyST-NB, ``site/conf.py``) builds the pages from
``_build/site/src``: one page per lecture, the docs, and a front page, with
every warning an error.
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import html
import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
DOCS = ROOT / "docs"
SITE = ROOT / "site"
BUILD = ROOT / "_build" / "site"
RUNS = BUILD / "run"
SOURCE = BUILD / "src"
HTML = BUILD / "html"
TIMEOUT = 900
RUN_VERSION = "1"
"""Part of every run's digest: raise it when ``execute`` changes what a run holds."""

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
# Widgets that are controls: they do nothing without a kernel, so the page leaves
# them out (the banner says where they work).
CONTROLS = {
    "ButtonModel",
    "PlayModel",
    "IntSliderModel",
    "FloatSliderModel",
    "SelectionSliderModel",
    "DropdownModel",
    "ToggleButtonsModel",
    "ToggleButtonModel",
    "CheckboxModel",
    "RadioButtonsModel",
    "IntTextModel",
    "TextModel",
}
CONTROL_CLASSES = {"StepSlider", "StepButton", "ViewerKeys"}


def lectures() -> list[Path]:
    """The student edition's notebooks, in teaching order."""
    return sorted(NOTEBOOKS.glob("*/*.ipynb"))


def package_digest() -> str:
    """A digest of what a run's outputs depend on besides its notebook."""
    digest = hashlib.sha256()
    digest.update(f"{RUN_VERSION} {sys.version_info[:2]}".encode())
    for path in sorted((ROOT / "aisearch").rglob("*.py")):
        digest.update(path.relative_to(ROOT).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def run_path(notebook: Path, package: str) -> Path:
    """Where the run of ``notebook`` is cached, named by the digest of its inputs."""
    digest = hashlib.sha256(package.encode() + notebook.read_bytes()).hexdigest()[:16]
    return RUNS / f"{notebook.stem}-{digest}.ipynb"


def execute(notebook: Path, target: Path) -> str:
    """Run ``notebook`` in a fresh kernel from its folder; write the run to ``target``."""
    from nbclient import NotebookClient

    nb = nbformat.read(notebook, as_version=4)
    # The kernel draws inline as Jupyter does, whatever backend the build was given.
    os.environ.pop("MPLBACKEND", None)
    client = NotebookClient(
        nb,
        timeout=TIMEOUT,
        kernel_name="python3",
        resources={"metadata": {"path": str(notebook.parent)}},
        record_timing=False,
        store_widget_state=True,
    )
    client.execute()
    partial = target.with_suffix(".partial")
    nbformat.write(nb, partial)
    partial.replace(target)
    return notebook.stem


def run_all(jobs: int) -> dict[str, Path]:
    """Each lecture's run, from the cache or run now (``jobs`` at a time)."""
    RUNS.mkdir(parents=True, exist_ok=True)
    package = package_digest()
    runs = {notebook: run_path(notebook, package) for notebook in lectures()}
    missing = [(notebook, run) for notebook, run in runs.items() if not run.exists()]
    if missing:
        print(f"site: running {len(missing)} of {len(runs)} notebooks, {jobs} at a time")
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(execute, notebook, run) for notebook, run in missing]
            for future in futures:
                print(f"site: ran {future.result()}")
    keep = set(runs.values())
    for old in RUNS.glob("*.ipynb"):
        if old not in keep:
            old.unlink()
    return {notebook.stem: run for notebook, run in runs.items()}


# ---------------------------------------------------------------- widgets, drawn once


def _model_html(model_id: str, state: dict) -> str:
    """The static HTML of one widget model and its children, controls left out."""
    entry = state.get(model_id)
    if entry is None:
        return ""
    name = entry.get("model_name", "")
    values = entry.get("state", {})
    if name in CONTROLS or values.get("_anywidget_id", "").rsplit(".", 1)[-1] in CONTROL_CLASSES:
        return ""
    if name in {"VBoxModel", "HBoxModel", "BoxModel", "GridBoxModel"}:
        children = [_model_html(_reference(child), state) for child in values.get("children", [])]
        inner = "".join(child for child in children if child)
        if not inner:
            return ""
        kind = "row" if name == "HBoxModel" else "column"
        return f'<div class="aisearch-static-{kind}">{inner}</div>'
    if name in {"HTMLModel", "HTMLMathModel"}:
        return f"<div>{values.get('value', '')}</div>" if values.get("value") else ""
    if name == "LabelModel":
        return f"<p>{html.escape(values.get('value', ''))}</p>" if values.get("value") else ""
    if name == "OutputModel":
        return "".join(_output_html(output) for output in values.get("outputs", []))
    if name in {"ImageModel", "AnyModel"} and "value" in entry.get("_buffers", {}):
        return _picture_html(entry["_buffers"]["value"], values)
    if name == "AnyModel" and "buttons" in values:
        return _board_html(values)
    if name == "AnyModel" and values.get("value"):
        return f"<div>{values['value']}</div>"
    if name == "IntProgressModel" and values.get("description"):
        return f"<p>{html.escape(values['description'])}</p>"
    return ""


def _picture_html(data: str, values: dict) -> str:
    """A viewer's picture, with its text alternative as ``alt`` and, for a sighted
    reader who wants it, in a fold below the picture."""
    words = values.get("alt", "") or values.get("description", "")
    width = values.get("width")
    size = f' width="{width}"' if isinstance(width, int) and width > 0 else ""
    picture = (
        f'<img class="aisearch-static-image" src="data:image/png;base64,{data}"'
        f' alt="{html.escape(words, quote=True)}"{size}>'
    )
    if not words:
        return picture
    lines = "<br>".join(html.escape(line) for line in words.splitlines())
    return (
        f'{picture}<details class="aisearch-static-words"><summary>The picture in words'
        f"</summary><p>{lines}</p></details>"
    )


def _board_html(values: dict) -> str:
    """A board of buttons (``aisearch.viz.buttons.ButtonGrid``) as a table of its cells."""
    columns = max(1, int(values.get("columns", 1)))
    cells = [str(button.get("text", "")) for button in values.get("buttons", [])]
    rows = [cells[start : start + columns] for start in range(0, len(cells), columns)]
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    # The page cannot play: the caption says so, and where to play.
    caption = (
        html.escape(values.get("label", "board")) + " (a picture: run the lecture live to play)"
    )
    announcement = values.get("announcement", "")
    said = f"<p>{html.escape(announcement)}</p>" if announcement else ""
    return f'<table class="aisearch-static-board"><caption>{caption}</caption>{body}</table>{said}'


def _reference(value: str) -> str:
    return value.removeprefix("IPY_MODEL_")


def _output_html(output: dict) -> str:
    """An Output widget's output as HTML: a picture, HTML, or text."""
    data = output.get("data", {})
    if "image/png" in data:
        alt = html.escape(str(data.get("text/plain", "")), quote=True)
        return f'<img class="aisearch-static-image" src="data:image/png;base64,{data["image/png"]}" alt="{alt}">'
    if "text/html" in data:
        return str(data["text/html"])
    text = output.get("text") or data.get("text/plain", "")
    return f"<pre>{html.escape(str(text))}</pre>" if text else ""


def _states(nb) -> dict:
    """The stored widget models by id, each with its binary buffers in base64."""
    stored = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    models = {}
    for model_id, entry in stored.items():
        entry = copy.deepcopy(dict(entry))
        buffers = {}
        for buffer in entry.get("buffers", []):
            path = buffer.get("path", [])
            if len(path) == 1:
                buffers[path[0]] = buffer.get("data", "")
        entry["_buffers"] = buffers
        models[model_id] = entry
    return models


def static_widgets(nb) -> None:
    """Replace every widget output of ``nb`` by its first frame, drawn as HTML."""
    models = _states(nb)
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW not in data:
                continue
            drawn = _model_html(data[WIDGET_VIEW]["model_id"], models)
            output["data"] = {
                "text/html": f'<div class="aisearch-static-widget">{drawn}</div>'
                if drawn
                else '<p class="aisearch-static-widget">(a widget: run the notebook to use it)</p>'
            }
    nb.metadata.pop("widgets", None)


# ---------------------------------------------------------------- the Sphinx source


def _write_if_changed(path: Path, text: str | bytes) -> None:
    """Write ``path`` only if its content changes: Sphinx then rebuilds only what did."""
    data = text.encode() if isinstance(text, str) else text
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def assemble(runs: dict[str, Path]) -> None:
    """Lay out ``_build/site/src`` as the repository is laid out, so that the docs'
    and the notebooks' relative links hold: the site's own pages (``site/``), the
    docs, the figures they show, the licences, and each lecture's run at
    ``notebooks/<id>/<id>.ipynb``, its widgets drawn as HTML."""
    wanted: dict[Path, bytes] = {}
    for folder, into in ((SITE, ""), (DOCS, "docs"), (ROOT / "figures", "figures")):
        for path in folder.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                wanted[SOURCE / into / path.relative_to(folder)] = path.read_bytes()
    for name in ("LICENSE", "LICENSE-content.md"):
        wanted[SOURCE / name] = (ROOT / name).read_bytes()
    for stem, run in runs.items():
        nb = nbformat.read(run, as_version=4)
        static_widgets(nb)
        wanted[SOURCE / "notebooks" / stem / f"{stem}.ipynb"] = nbformat.writes(nb).encode()
    for path, data in wanted.items():
        _write_if_changed(path, data)
    if SOURCE.exists():
        for path in SOURCE.rglob("*"):
            if path.is_file() and path not in wanted:
                path.unlink()


def builder_digest() -> str:
    """A digest of what draws the pages (``site/`` and this file): Sphinx rebuilds
    only the pages whose source changed, so a change here must start afresh."""
    digest = hashlib.sha256()
    for path in sorted([*(ROOT / "site").rglob("*"), Path(__file__).resolve()]):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(ROOT).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()[:16]


def build(warnings_are_errors: bool = True) -> int:
    """Run Sphinx on ``_build/site/src`` into ``_build/site/html``; afresh
    (``-E``, every page written again) when the builder itself changed."""
    stamp = BUILD / "builder.digest"
    fresh = not stamp.exists() or stamp.read_text() != builder_digest()
    command = [
        sys.executable,
        "-m",
        "sphinx",
        "-b",
        "html",
        "-q",
        "-d",
        str(BUILD / "doctrees"),
        str(SOURCE),
        str(HTML),
    ]
    if warnings_are_errors:
        command[5:5] = ["-W", "--keep-going"]
    if fresh:
        command[5:5] = ["-E", "-a"]
    status = subprocess.call(command, cwd=ROOT)
    if status == 0:
        stamp.write_text(builder_digest())
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--run-only", action="store_true", help="run the notebooks, build nothing")
    args = parser.parse_args(argv)
    runs = run_all(max(1, args.jobs))
    if args.run_only:
        return 0
    assemble(runs)
    status = build()
    if status == 0:
        print(f"site: {HTML / 'index.html'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
