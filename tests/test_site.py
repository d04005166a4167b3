"""The course's website (make site): it builds without a warning, its links and
pictures hold, every lecture has its page, banner and first frames, and no page
gives away a solution, a hidden test or an instructor's note.

The site is built once for the session by ``tools/site.py`` (the notebooks'
runs are cached by content, so a build after ``make site`` reads them back);
``make site`` runs this file after its build. The browser audit of every page
is tests/browser/test_site_pages.py.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
HTML = ROOT / "_build" / "site" / "html"
STUDENT = sorted((ROOT / "notebooks").glob("*/*.ipynb"))
INSTRUCTOR = sorted((ROOT / "instructor").glob("*/*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

pytestmark = [pytest.mark.site, pytest.mark.xdist_group("site")]

sys.path.insert(0, str(ROOT / "site" / "_ext"))
from course_site import fold, folded_headings  # noqa: E402


@pytest.fixture(scope="session")
def built() -> subprocess.CompletedProcess:
    """``tools/site.py`` run once: its output, with Sphinx's warnings as errors."""
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "site.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1800,
    )


@pytest.fixture(scope="session")
def pages(built) -> dict[Path, str]:
    assert built.returncode == 0, built.stdout + built.stderr
    found = {
        path: path.read_text(encoding="utf-8")
        for path in HTML.rglob("*.html")
        if not {"_static", "_sources"} & set(path.relative_to(HTML).parts)
    }
    assert len(found) >= len(STUDENT) + 3
    return found


class Links(HTMLParser):
    """The addresses a page points at, and the ids it holds."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []  # (tag, address)
        self.ids: set[str] = set()
        self.images: list[dict[str, str | None]] = []

    def handle_starttag(self, tag, attrs):
        named = dict(attrs)
        if named.get("id"):
            self.ids.add(named["id"])
        if named.get("name") and tag == "a":
            self.ids.add(named["name"])
        for key in ("href", "src"):
            if named.get(key):
                self.links.append((tag, named[key]))
        if tag == "img":
            self.images.append(named)


def parsed(text: str) -> Links:
    links = Links()
    links.feed(text)
    return links


def test_the_site_builds_without_a_warning(built):
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    assert "WARNING" not in built.stderr, built.stderr[-3000:]
    assert (HTML / "index.html").exists()


def test_every_internal_link_and_picture_resolves(pages):
    ids = {path: parsed(text).ids for path, text in pages.items()}
    broken = []
    for path, text in pages.items():
        for tag, address in parsed(text).links:
            parts = urlsplit(address)
            if parts.scheme in {"http", "https", "mailto", "data"}:
                # The site works offline: nothing it loads comes from elsewhere.
                if tag in {"script", "img", "link"} and parts.scheme in {"http", "https"}:
                    broken.append(f"{path.relative_to(HTML)}: loads {address}")
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if not target.exists():
                broken.append(f"{path.relative_to(HTML)}: {address} (no such file)")
            elif parts.fragment and target in ids and unquote(parts.fragment) not in ids[target]:
                broken.append(f"{path.relative_to(HTML)}: {address} (no such anchor)")
    assert not broken, "\n".join(broken[:30])


def lecture_page(notebook: Path) -> Path:
    return HTML / "notebooks" / notebook.stem / f"{notebook.stem}.html"


def aima_row(stem: str) -> str:
    for line in (ROOT / "docs" / "instructors.md").read_text(encoding="utf-8").splitlines():
        if line.startswith(f"| `{stem}` |"):
            return line.split("|")[2].strip()
    raise AssertionError(f"docs/instructors.md has no row for {stem}")


@pytest.mark.parametrize("notebook", STUDENT, ids=lambda path: path.stem)
def test_each_lecture_has_a_page_with_its_banner(pages, notebook):
    text = " ".join(page_text(pages[lecture_page(notebook)]).split())
    assert "Run this lecture live" in text
    assert "make lab" in text and f"{notebook.stem}.ipynb" in text
    aima = aima_row(notebook.stem)
    if aima.lower() == "none":
        assert "follows no section of the textbook" in text
    else:
        assert f"in AIMA 4e: {aima}" in text
    assert "Not done yet" in text, "the exercises' graded cells should fail, as for a student"


@pytest.mark.parametrize("notebook", STUDENT, ids=lambda path: path.stem)
def test_each_widget_shows_its_first_frame_with_its_words(pages, notebook):
    """Every widget output is drawn; every picture in it has a text alternative."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    text = pages[lecture_page(notebook)]
    drawn = text.count('<div class="aisearch-static-widget">')
    assert "(a widget: run the notebook to use it)" not in text
    assert WIDGET_VIEW not in text
    images = [
        image
        for image in parsed(text).images
        if "aisearch-static-image" in (image.get("class") or "")
    ]
    assert len(images) <= drawn * 4
    for image in images:
        assert (image.get("alt") or "").strip(), "a viewer's picture needs its text alternative"
    if any(
        "StepViewer" in "".join(c["source"]) or "step_through" in "".join(c["source"])
        for c in cells
    ):
        assert drawn > 0 and images, f"{notebook.stem} shows a viewer: its first frame is missing"


def instructor_only_lines(notebook: Path) -> set[str]:
    """The lines of ``notebook``'s solutions and hidden tests that the student
    edition and the docs never show: long enough to be telling."""
    shown = "\n".join(
        [p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")]
        + [p.read_text(encoding="utf-8") for p in STUDENT]
    )
    lines, inside = set(), False
    for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]:
        for line in "".join(cell["source"]).splitlines():
            marker = line.strip()
            if marker in {"### BEGIN SOLUTION", "### BEGIN HIDDEN TESTS"}:
                inside = True
            elif marker in {"### END SOLUTION", "### END HIDDEN TESTS"}:
                inside = False
            elif inside and len(marker) >= 24 and json.dumps(marker)[1:-1] not in shown:
                lines.add(marker)
        inside = False
    return lines


def page_text(text: str) -> str:
    """What a page says, its markup and its highlighting spans left out."""
    words = re.sub(r"<[^>]+>", "", text)
    return (
        words.replace("&quot;", '"')
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
    )


def test_no_page_holds_a_solution_or_hidden_test(pages):
    secret = set().union(*(instructor_only_lines(path) for path in INSTRUCTOR))
    assert len(secret) > 20, "the instructor source should hold solutions to look for"
    lectures = {lecture_page(notebook) for notebook in STUDENT} | {HTML / "index.html"}
    found = []
    for path, text in pages.items():
        words = page_text(text)
        found += [f"{path.relative_to(HTML)}: {line}" for line in secret if line in words]
        if path in lectures:
            # The docs explain nbgrader's markers; a lecture page never holds one.
            for marker in (
                "BEGIN SOLUTION",
                "END SOLUTION",
                "BEGIN HIDDEN TESTS",
                "For instructors",
            ):
                if marker in words:
                    found.append(f"{path.relative_to(HTML)}: {marker}")
    assert not found, "\n".join(found[:20])


def test_a_folded_more_section_is_drawn_folded(tmp_path):
    """A heading stored folded in JupyterLab becomes a ``<details>`` whose summary is
    the heading; a heading not stored folded stays open."""
    from docutils import nodes
    from docutils.core import publish_doctree

    notebook = tmp_path / "lecture.ipynb"
    notebook.write_text(
        json.dumps(
            {
                "cells": [
                    {"cell_type": "markdown", "metadata": {}, "source": ["## Main"]},
                    {
                        "cell_type": "markdown",
                        "metadata": {"jp-MarkdownHeadingCollapsed": True},
                        "source": ["## More: deep pruning\n", "Why it fails."],
                    },
                ]
            }
        )
    )
    assert folded_headings(notebook) == {"More: deep pruning"}
    doctree = publish_doctree(
        "Title\n=====\n\nMain\n----\n\nText.\n\nMore: deep pruning\n------------------\n\nWhy.\n"
    )
    fold(doctree, folded_headings(notebook))
    folded = [
        node for node in doctree.findall(nodes.section) if type(node).__name__ == "folded_section"
    ]
    assert [node.next_node(nodes.title).astext() for node in folded] == ["More: deep pruning"]
    assert type(folded[0][1]).__name__ == "summary_end"


def markdown_cell(source: str, folded: bool = False) -> dict:
    metadata = {"jp-MarkdownHeadingCollapsed": True} if folded else {}
    return {"cell_type": "markdown", "metadata": metadata, "source": source.splitlines(True)}


def test_sphinx_draws_a_folded_section_as_details(tmp_path):
    """Through Sphinx and MyST-NB, as the site is built: the "More" section is a
    ``<details>`` whose summary is its heading, holding its subsections; the
    sections before and after it stay open; the lecture has its banner."""
    source = tmp_path / "src"
    shutil.copytree(ROOT / "site", source, ignore=shutil.ignore_patterns("__pycache__"))
    (source / "index.md").write_text(
        "# Front\n\n```{toctree}\nnotebooks/09_test/09_test\ndocs/instructors\n```\n"
    )
    (source / "docs").mkdir()
    (source / "docs" / "instructors.md").write_text(
        "# Guide\n\n| notebook | AIMA 4e |\n|---|---|\n| `09_test` | 5.9; Figure 5.99 |\n"
    )
    cells = [
        markdown_cell("# 09 · A test lecture\n\nThe question."),
        markdown_cell("## Main\n\nThe idea."),
        markdown_cell("## More: deep pruning\n\nWhy it fails.", folded=True),
        markdown_cell("### A detail\n\nInside the fold."),
        markdown_cell("## What to remember\n\nOpen again."),
    ]
    notebook = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (source / "notebooks" / "09_test").mkdir(parents=True)
    (source / "notebooks" / "09_test" / "09_test.ipynb").write_text(json.dumps(notebook))
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-b",
            "html",
            "-q",
            "-W",
            str(source),
            str(tmp_path / "html"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    page = (tmp_path / "html" / "notebooks" / "09_test" / "09_test.html").read_text()
    opened, closed = page.index('<details class="more-section"'), page.index("</details>")
    fold = page[opened:closed]
    assert re.search(r"<summary>\s*<h2>More: deep pruning</h2>\s*</summary>", fold), fold[:400]
    assert "Inside the fold." in fold and "<h3>A detail" in fold
    assert "The idea." in page[:opened] and "Open again." in page[closed:]
    assert "Reading alongside, in AIMA 4e: 5.9; Figure 5.99" in page


def test_the_folded_sections_of_the_lectures_are_folded_on_their_pages(pages):
    for notebook in STUDENT:
        text = pages[lecture_page(notebook)]
        for heading in folded_headings(notebook):
            summary = re.search(
                r'<details class="more-section"[^>]*><summary>\s*<h\d[^>]*>(.*?)</h\d>', text, re.S
            )
            assert summary, f"{notebook.stem}: {heading!r} should be folded"
            assert any(
                heading in page_text(m) for m in re.findall(r"<summary>(.*?)</summary>", text, re.S)
            )


MATHS = re.compile(r'<(div|span) class="math[^"]*"[^>]*>.*?</\1>', re.S)


def test_no_lecture_shows_raw_maths(pages):
    """Formulas are set as maths, for MathJax (shipped with the site) to draw:
    outside a maths element no ``$$`` or ``\\begin{`` is left in what a page says,
    and a page with maths loads MathJax from the site itself."""
    raw, without = [], []
    for notebook in STUDENT:
        page = pages[lecture_page(notebook)]
        prose = page_text(MATHS.sub(" ", page))
        if "$$" in prose or "\\begin{" in prose:
            raw.append(lecture_page(notebook))
        if MATHS.search(page) and not re.search(r'<script[^>]+src="[^"]*mathjax[^"]*"', page):
            without.append(lecture_page(notebook))
    assert not raw, f"pages that show LaTeX as text: {raw}"
    assert not without, f"pages with maths but no MathJax: {without}"
