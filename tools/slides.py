"""Slides of a lecture: a notebook as live reveal.js slides, the viewers stepping.

    make slides NB=02                          # or, the same:
    .venv/bin/python tools/slides.py 02        # 02_alpha_beta
    .venv/bin/python tools/slides.py           # a list of all the notebooks

It makes a slide copy of the notebook (from the instructor source, in which
every cell runs) in ``slides/<name>/`` (ignored by git; the notebooks
themselves are never changed) and serves it with Voilà's own ``reveal``
template: Voilà runs the copy in a fresh kernel and shows it as reveal.js
slides (reveal.js comes inside the ``voila`` package: nothing is fetched when
it runs), with every code cell's code left out and the widgets live, so the
step-through viewers step and the boards reply. Space or → goes to the next
slide, Shift+Space or ← back, Esc shows them all. The page is served on this
machine only (127.0.0.1) and opens in the browser; Ctrl+C here stops it.

Why not RISE (``jupyterlab-rise``): its slides are a JupyterLab app of their
own that cannot load the widget manager of ipywidgets 8 (its
``@jupyter-widgets/jupyterlab-manager`` asks for a shared module,
``@jupyterlab/console``, that RISE's app does not have), so every viewer shows
as the text ``<StepViewer at step 0 of 21>``; upstream issues
jupyterlab-contrib/rise#119 and #126.

What the copy leaves out, and why (a lecture, not the exercises):

* cells tagged ``instructor`` (instructors' notes and answers, the "For
  instructors" section);
* the exercises: every section (a heading and all below it up to the next
  heading of its level or higher) whose heading begins with "Exercise", or that
  directly holds a student's cell (an nbgrader ``solution`` cell or a ``# Your
  turn`` placeholder), whole: its task, its placeholder, its graded cell and
  its ``check_...(..., show=True)`` viewer; and, wherever they stand, nbgrader
  ``solution`` and ``grade`` cells, ``# Your turn`` cells and the code cells
  that call a check (``check_...(``);
* the "More" sections (a heading that begins with "More" and all below it up
  to the next heading of its level or higher): what is secondary stays out of
  the projected lecture, as it stays folded in the notebook; a lecturer who
  wants one shows it from the notebook itself. A markdown cell is first split at its
  headings, so that a heading written at the end of a cell of text (``...text
  ## Exercise: ...``) starts a section of its own.

How the copy is cut into slides (``metadata.slideshow.slide_type``, which
nbconvert's and Voilà's reveal templates read):

* a ``#`` or ``##`` heading begins a slide; a ``###`` (or deeper) heading a
  subslide (below it: Space or ↓);
* text that follows code (a markdown cell after a code cell) begins a
  subslide: the notebook's rhythm of text, then its code's output, one
  subslide each;
* a code cell that shows a widget (its last line calls a widget of
  ``aisearch.viz``: ``step_through(...)``, a board) gets a subslide of its own,
  and the cell after it begins the next one, so the viewer has the screen to
  itself; every other cell continues the slide;
* a slide taller than the screen scrolls (reveal's ``scroll`` option of the
  template).

The slides are ``SLIDE_WIDTH`` × ``SLIDE_HEIGHT`` pixels, which reveal.js
scales to the window: at 1280 × 720 (less reveal's 4 % margin) the scale is
1, so a viewer's picture is drawn at its own width, and its controls, sentence
and picture fit one slide; a larger screen enlarges everything alike.
"""

from __future__ import annotations

import argparse
import ast
import copy
import os
import re
import shutil
import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "instructor"
SLIDES = ROOT / "slides"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from present import find_notebook, voila_command  # noqa: E402  (tools/ is not a package)

# 1280 × 720 less reveal.js's margin (4 % of each side's length): scale 1 at 1280 × 720.
SLIDE_WIDTH, SLIDE_HEIGHT = 1228, 691
# reveal.js's style sheets (its script is in Voilà's own bundle, 6.0.1): from the npm
# package of the same version, installed by `make slides` into the environment.
REVEAL_VERSION = "6.0.1"
REVEAL_PACKAGE = Path(sys.prefix) / "reveal.js" / "node_modules" / "reveal.js"
REVEAL_THEME = "white"  # its fonts are inside its style sheet: nothing is fetched
REVEAL = {
    "url_prefix": "voila/files/reveal.js",  # the copies beside the slide copy
    "theme": REVEAL_THEME,
    "width": SLIDE_WIDTH,
    "height": SLIDE_HEIGHT,
    "scroll": True,  # a slide taller than the screen scrolls instead of being cut
    "transition": "none",
    "number": "c/t",  # "slide 3/9" in the corner
}

# Added to the theme's sheet in the copy: the theme sets slide text at 42 px, for slides
# of a few words; a notebook's text, its outputs and its widgets keep the sizes
# nbconvert's reveal template gives them (20 px), and headings their case.
COURSE_CSS = """
/* tools/slides.py: the course's outputs and widgets at the size of the slides' text */
.reveal .jp-OutputArea-output { font-size: var(--jp-content-font-size1, 20px); }
.reveal h1, .reveal h2, .reveal h3, .reveal h4 { text-transform: none; }
"""

HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
FENCE = re.compile(r"^\s*(```|~~~)")
YOUR_TURN = re.compile(r"^\s*#\s*Your turn", re.IGNORECASE)
CHECK_CALL = re.compile(r"^\s*(?:print\(|assert_passed\()*check_\w+\(", re.MULTILINE)
EXERCISE = re.compile(r"^exercise\b", re.IGNORECASE)
MORE = re.compile(r"^more\b", re.IGNORECASE)


# -- what stays, and where the slides begin -------------------------------------------


def heading(cell) -> tuple[int, str] | None:
    """``(level, text)`` of a markdown cell that starts with a heading, else None."""
    if cell.cell_type != "markdown":
        return None
    match = HEADING.match(cell.source.lstrip("\n").split("\n", 1)[0])
    return (len(match.group(1)), match.group(2).strip()) if match else None


def split_at_headings(cells: list) -> list:
    """Each markdown cell cut before each of its headings (not inside fenced code)."""
    out = []
    for cell in cells:
        if cell.cell_type != "markdown":
            out.append(cell)
            continue
        parts: list[list[str]] = []
        lines: list[str] = []
        fenced = False
        for line in cell.source.split("\n"):
            if FENCE.match(line):
                fenced = not fenced
            if not fenced and HEADING.match(line) and any(x.strip() for x in lines):
                parts.append(lines)
                lines = []
            lines.append(line)
        parts.append(lines)
        for i, part in enumerate(parts):
            piece = copy.deepcopy(cell)
            piece.source = "\n".join(part).strip("\n")
            if i:  # a new cell: an id of its own
                piece["id"] = f"{cell.get('id', 'cell')}-{i}"
            out.append(piece)
    return out


def is_student_cell(cell) -> bool:
    """A student's cell: an nbgrader solution cell or a ``# Your turn`` placeholder."""
    nbgrader = cell.metadata.get("nbgrader", {})
    return bool(nbgrader.get("solution")) or (
        cell.cell_type == "code" and bool(YOUR_TURN.match(cell.source))
    )


def left_out(cell) -> str | None:
    """Why a cell stays out of the slides wherever it stands, or None."""
    nbgrader = cell.metadata.get("nbgrader", {})
    if "instructor" in cell.metadata.get("tags", []):
        return "instructor"
    if nbgrader.get("solution") or nbgrader.get("grade"):
        return "nbgrader"
    if cell.cell_type == "code" and YOUR_TURN.match(cell.source):
        return "your turn"
    if cell.cell_type == "code" and CHECK_CALL.search(cell.source):
        return "check"
    return None


def exercise_cells(cells: list) -> set[int]:
    """The indices of the cells in exercise and "More" sections (see the module's docstring)."""
    dropped: set[int] = set()
    for start, cell in enumerate(cells):
        if (found := heading(cell)) is None:
            continue
        level, title = found
        later = [j for j in range(start + 1, len(cells)) if heading(cells[j])]
        end = next((j for j in later if heading(cells[j])[0] <= level), len(cells))
        # The cells directly under the heading: up to its first subheading.
        direct_end = next((j for j in later if j < end), end)
        if (
            EXERCISE.match(title)
            or MORE.match(title)
            or any(is_student_cell(cells[j]) for j in range(start, direct_end))
        ):
            dropped.update(range(start, end))
    return dropped


def slide_cells(cells: list) -> list:
    """The cells of the lecture: the notebook's, without the exercises, the "More"
    sections and instructor cells."""
    cells = split_at_headings(cells)
    exercises = exercise_cells(cells)
    return [c for i, c in enumerate(cells) if i not in exercises and left_out(c) is None]


@cache
def widget_makers() -> frozenset[str]:
    """The names in ``aisearch.viz`` that make a widget: classes, and functions returning one."""
    import inspect

    import ipywidgets

    import aisearch.viz as viz

    names = {
        name
        for name in viz.__all__
        if inspect.isclass(thing := getattr(viz, name)) and issubclass(thing, ipywidgets.Widget)
    }
    for name in viz.__all__:
        thing = getattr(viz, name)
        if inspect.isfunction(thing) and inspect.signature(thing).return_annotation in names:
            names.add(name)
    return frozenset(names)


def shows_widget(cell) -> bool:
    """Whether a code cell's last line shows a widget: a call of one of ``widget_makers()``."""
    if cell.cell_type != "code":
        return False
    try:
        body = ast.parse(cell.source).body
    except SyntaxError:
        return False
    if not body or not isinstance(body[-1], ast.Expr) or not isinstance(body[-1].value, ast.Call):
        return False
    call = body[-1].value
    if isinstance(call.func, ast.Name) and call.func.id == "display" and call.args:
        call = call.args[0]
        if not isinstance(call, ast.Call):
            return False
    func = call.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return name in widget_makers()


def set_slide_types(cells: list) -> None:
    """``metadata.slideshow.slide_type`` of every cell, by the rules of the module's docstring."""
    after_widget = after_code = False
    for index, cell in enumerate(cells):
        found = heading(cell)
        widget = shows_widget(cell)
        if index == 0 or (found and found[0] <= 2):
            kind = "slide"
        elif found or widget or after_widget or (cell.cell_type == "markdown" and after_code):
            kind = "subslide"
        else:
            kind = "-"
        cell.metadata["slideshow"] = {"slide_type": kind}
        after_widget, after_code = widget, cell.cell_type == "code"


def make_copy(source: Path, slides: Path) -> Path:
    """The slide copy of ``source``: ``slides/<folder>/<name>.ipynb``, its folder's other files too."""
    import nbformat

    nb = nbformat.read(source, as_version=4)
    nb.cells = slide_cells(nb.cells)
    for cell in nb.cells:
        if cell.cell_type == "code":  # Voilà runs it afresh
            cell.outputs, cell.execution_count = [], None
    set_slide_types(nb.cells)
    nb.metadata.pop("widgets", None)
    folder = slides / source.parent.name
    if folder.exists():
        shutil.rmtree(folder)
    shutil.copytree(
        source.parent, folder, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "*.ipynb")
    )
    target = folder / source.name
    nbformat.write(nb, target)
    return target


def copy_reveal_styles(package: Path, folder: Path) -> None:
    """reveal.js's style sheets into ``folder/reveal.js/dist/``, where the slides ask for them."""
    sheets = [Path("dist/reveal.css"), Path(f"dist/theme/{REVEAL_THEME}.css")]
    missing = [str(package / sheet) for sheet in sheets if not (package / sheet).is_file()]
    if missing:
        raise SystemExit(
            f"slides: reveal.js {REVEAL_VERSION}'s style sheets are missing ({', '.join(missing)}). "
            "`make slides` installs them; or run\n"
            f"  npm install --prefix {package.parents[1]} reveal.js@{REVEAL_VERSION}\n"
            "(Debian: apt-get install npm), or name another copy with --reveal."
        )
    for sheet in sheets:
        (folder / "reveal.js" / sheet).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(package / sheet, folder / "reveal.js" / sheet)
    with open(folder / "reveal.js" / sheets[1], "a") as theme:
        theme.write(COURSE_CSS)


# -- the command ---------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "notebook", nargs="?", help="number, name or path of a notebook; none lists them all"
    )
    parser.add_argument(
        "--notebooks",
        type=Path,
        default=NOTEBOOKS,
        help="the folder of the course's notebooks, one folder each (default: %(default)s)",
    )
    parser.add_argument(
        "--slides",
        type=Path,
        default=SLIDES,
        help="where the slide copy is made and served from (default: %(default)s)",
    )
    parser.add_argument(
        "--reveal",
        type=Path,
        default=REVEAL_PACKAGE,
        help="reveal.js's npm package, for its style sheets (default: %(default)s)",
    )
    parser.add_argument("--port", type=int, help="the port (default: Voilà's, 8866 or next)")
    parser.add_argument("--token", help="require this token in the address (default: none)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    parser.add_argument(
        "--copy-only",
        action="store_true",
        help="make the slide copy, print its path, serve nothing",
    )
    args = parser.parse_args(argv)
    if not args.notebook:
        known = "\n".join(f"  {p.stem}" for p in sorted(args.notebooks.glob("*/*.ipynb")))
        raise SystemExit(f"slides: name a notebook (make slides NB=02); the notebooks:\n{known}")
    source = find_notebook(args.notebook, args.notebooks).resolve()
    target = make_copy(source, args.slides.resolve())
    copy_reveal_styles(args.reveal, target.parent)
    if args.copy_only:
        print(target)
        return
    command = voila_command(
        target, port=args.port, token=args.token, open_browser=not args.no_browser
    )
    command += [
        "--template=reveal",
        f"--VoilaConfiguration.resources={{'reveal': {REVEAL!r}}}",
        # Voilà serves the copy's folder's pictures, and here the style sheets too.
        r"--VoilaConfiguration.file_allowlist=['.*\.(png|jpg|gif|svg|css)']",
    ]
    print(f"slides: {target} as slides, {SLIDE_WIDTH} x {SLIDE_HEIGHT}", flush=True)
    # The kernel runs in the copy's folder, as in JupyterLab; exec keeps this
    # process's id, so stopping it stops Voilà.
    os.chdir(target.parent)
    os.execvp(command[0], command)


if __name__ == "__main__":
    main()
