"""The feedback pages students get from `make grade`, read in Chromium as they read them.

A small class hands in notebook 02 (a right answer, a wrong one, and one that adds
its own HTML and prints a long line) and is graded as `make grade` grades it. Each
page is opened at a laptop's width and at a phone's: it must hold no WCAG 2.1 AA
violation (axe-core, the whole page), load nothing from outside, fit its width (no
line of code or output runs out of its box), show the points at the top and above
each graded cell, and run none of a student's HTML.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from axe import audit, table

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent.parent
ASSIGNMENT = "02_alpha_beta"
sys.path.insert(0, str(ROOT / "tests"))

from test_grading import RIGHT, WRONG_SIDE, _submission  # noqa: E402

OWN_HTML = nbformat.v4.new_markdown_cell(
    "## My notes <b>bold</b><script>window.ran = true</script>"
    '<img src="x" onerror="window.ran = true">'
)
LONG_LINE = nbformat.v4.new_code_cell("print('x' * 400)")
STUDENTS = {
    "right": dict(body=RIGHT),
    "wrong_side": dict(body=WRONG_SIDE),
    "own_html": dict(body=RIGHT, added=[OWN_HTML, LONG_LINE]),
}
SIZES = {"laptop": (1280, 800), "phone": (390, 844)}


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    course = tmp_path_factory.mktemp("course")
    shutil.copy(ROOT / "nbgrader_config.py", course)
    shutil.copytree(ROOT / "tools", course / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "instructor" / ASSIGNMENT, course / "instructor" / ASSIGNMENT)
    edition = nbformat.read(ROOT / "notebooks" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb", 4)
    for student, how in STUDENTS.items():
        folder = course / "submitted" / student / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(_submission(edition, **how), folder / f"{ASSIGNMENT}.ipynb")
    run = subprocess.run(
        [sys.executable, str(course / "tools" / "course.py"), "grade"],
        cwd=course,
        capture_output=True,
        text=True,
        timeout=600,
        env={**__import__("os").environ, "AISEARCH_GRADING_SLOT_BASE": "30"},
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return {s: course / "feedback" / s / ASSIGNMENT / f"{ASSIGNMENT}.html" for s in STUDENTS}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("student", STUDENTS)
def test_a_feedback_page_is_readable_and_accessible(browser, pages, screenshots, student, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    outside: list[str] = []
    page.on(
        "request",
        lambda request: (
            outside.append(request.url) if not request.url.startswith("file:") else None
        ),
    )
    page.goto(pages[student].as_uri())
    try:
        points = "3 of 3 points" if student != "wrong_side" else "0 of 3 points"
        assert page.locator("h1").first.inner_text() == f"{ASSIGNMENT}: {points}"
        heading = page.locator("h2.graded-heading", has_text="Graded cell")
        assert heading.inner_text().endswith(points)
        screenshots(page, f"{student}-{size}-top")
        violations = audit(page)
        assert not violations, table(violations)
        assert outside == []
        too_wide = page.evaluate(
            "() => [...document.querySelectorAll('pre')]"
            ".filter(p => p.scrollWidth > p.clientWidth + 1).length"
        )
        assert too_wide == 0
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        assert page.evaluate("() => window.ran === undefined")
    finally:
        context.close()


def test_a_failed_check_is_marked_by_more_than_its_colour(browser, pages):
    page = browser.new_page()
    page.goto(pages["wrong_side"].as_uri())
    error = page.locator("div.output_error").first
    assert error.inner_text().startswith("ExerciseFailed: ✗ alpha-beta")
    page.close()
