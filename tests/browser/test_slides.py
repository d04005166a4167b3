"""The slides (tools/slides.py: Voilà's reveal template): one viewer per screen, live, no exercises."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import nbformat
import pytest
from pages import NOT_RENDERED, RUN_SECONDS, StepViewer, wait_until

pytestmark = pytest.mark.browser

SHOWN = "02_alpha_beta"  # a step-through viewer, an exercise with a show=True check
SCREEN = {"width": 1280, "height": 720}
SCREENSHOT = Path("/tmp/slide-viewer.png")

# The slide on screen: a vertical subslide inside the present slide, or the slide itself.
PRESENT_JS = """() => {
  const outer = document.querySelector('.reveal .slides > section.present');
  if (!outer) return null;
  const inner = outer.querySelector(':scope > section.present');
  const slide = inner || outer;
  return {text: slide.innerText.slice(0, 80),
          viewer: !!slide.querySelector('.aisearch-step-slider')};
}"""

# Where the slide show is: the present slide's place, and its subslide's.
WHERE_JS = """() => {
  const slides = [...document.querySelectorAll('.reveal .slides > section')];
  const outer = slides.find(s => s.classList.contains('present'));
  const inner = outer ? [...outer.querySelectorAll(':scope > section')] : [];
  return [slides.indexOf(outer), inner.findIndex(s => s.classList.contains('present'))];
}"""

# Every slide's text, hidden ones too (textContent, not what is on screen).
ALL_TEXT_JS = "() => document.querySelector('.reveal .slides').textContent"
HEADINGS_JS = """() => [...document.querySelectorAll('.reveal .slides :is(h1, h2, h3, h4)')]
  .map(h => h.textContent.replace('¶', '').trim())"""


def inside(box, screen) -> bool:
    return (
        box is not None
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= screen["width"]
        and box["y"] + box["height"] <= screen["height"]
    )


def test_slides_show_a_live_viewer_on_one_screen_and_no_exercise(
    browser, slides_server, course_copy, screenshots
):
    server = slides_server(SHOWN[:2])
    copy = nbformat.read(server.root / SHOWN / f"{SHOWN}.ipynb", as_version=4)
    source = nbformat.read(course_copy / SHOWN / f"{SHOWN}.ipynb", as_version=4)

    # The copy: no nbgrader cell, no instructor cell, no check; a slide type everywhere.
    for cell in copy.cells:
        assert "instructor" not in cell.metadata.get("tags", []), cell.source[:80]
        nbgrader = cell.metadata.get("nbgrader", {})
        assert not (nbgrader.get("solution") or nbgrader.get("grade")), cell.source[:80]
        assert not re.search(r"check_\w+\(|# Your turn", cell.source), cell.source[:80]
        assert cell.metadata["slideshow"]["slide_type"] in {"slide", "subslide", "-"}
    viewers_in_copy = sum("step_through(" in c.source for c in copy.cells)
    assert viewers_in_copy == 1
    assert sum("step_through(" in c.source or "show=True" in c.source for c in source.cells) > 1

    page = browser.new_page(viewport=SCREEN)
    try:
        # Voilà runs every cell before the slides are drawn.
        page.goto(server.page_url(""), timeout=RUN_SECONDS * 1000)
        page.locator(".reveal .slides > section").first.wait_for(timeout=RUN_SECONDS * 1000)
        page.wait_for_function(
            "() => document.querySelector('.reveal.ready') !== null", timeout=RUN_SECONDS * 1000
        )
        # The widgets are drawn after the slides, once the kernel has run every cell.
        page.locator(".aisearch-step-slider").first.wait_for(
            state="attached", timeout=RUN_SECONDS * 1000
        )
        page.wait_for_timeout(1000)  # any other widget output of the last cells
        screenshots(page, "first-slide")

        # Nothing of the exercises or of the instructors' notes, on any slide.
        text = page.evaluate(ALL_TEXT_JS)
        headings = page.evaluate(HEADINGS_JS)
        assert headings and headings[0].startswith("02"), headings
        for heading in headings:
            assert not re.match(r"(exercise|for instructors)", heading, re.I), headings
        for banned in ("Not done yet", "For instructors", "Your turn", "Where does it go wrong"):
            assert banned not in text, f"the slides show {banned!r}"
        for code in ("from aisearch", "step_through(", "def alphabeta_value", "BEGIN SOLUTION"):
            assert code not in text, f"the slides show code: {code!r}"
        assert "Traceback" not in text and not NOT_RENDERED.search(text), text[-2000:]
        # Every viewer drawn, on screen or not (a hidden slide's buttons have no role).
        drawn = page.locator(".reveal .jp-OutputArea-output > .widget-vbox .aisearch-step-slider")
        assert drawn.count() == viewers_in_copy, "a check's viewer (show=True) is on the slides"

        # Space, slide after slide, to the viewer's.
        for _ in range(40):
            if page.evaluate(PRESENT_JS)["viewer"]:
                break
            page.keyboard.press("Space")
            page.wait_for_timeout(150)
        else:
            pytest.fail("no slide with the step-through viewer within 40 presses of Space")
        page.wait_for_timeout(500)  # reveal's layout settles
        viewers = StepViewer.all_in(page)
        assert len(viewers) == 1, f"{len(viewers)} viewers on the viewer's slide"
        viewer = viewers[0]
        start = viewer.settled_state()

        # Its controls, sentence and picture all on the 1280 x 720 screen.
        parts = {
            "controls": viewer.locator.locator(".aisearch-step-slider").locator(".."),
            "play": viewer.locator.get_by_role("button", name=re.compile("play")),
            "next": viewer.locator.get_by_role("button", name="next ▶"),
            "sentence": viewer.locator.locator(":scope > .aisearch-live-text"),
            "picture": viewer.locator.locator(":scope > .aisearch-alt-image img"),
        }
        boxes = {name: part.first.bounding_box() for name, part in parts.items()}
        page.screenshot(path=SCREENSHOT)
        screenshots(page, f"viewer-step-{start.step}")
        print("boxes at 1280 x 720:", boxes)
        for name, box in boxes.items():
            assert inside(box, SCREEN), f"the viewer's {name} is off the screen: {box}"

        # Live: next brings a new sentence and picture from the kernel.
        moved = viewer.next()
        assert moved.sentence != start.sentence and moved.src != start.src
        assert moved.step == start.step + 1
        page.screenshot(path=SCREENSHOT)
        screenshots(page, f"viewer-step-{moved.step}")
        assert inside(parts["picture"].first.bounding_box(), SCREEN)
        wait_until(lambda: page.evaluate(PRESENT_JS)["viewer"], "the viewer's slide to stay")

        # A key pressed on a control of the viewer is the control's: Space on
        # "next" steps the search and the slide stays (it turned the slide too).
        slide = page.evaluate(WHERE_JS)
        parts["next"].first.focus()
        for key in ("Space", "Enter"):
            before = viewer.settled_state()
            page.keyboard.press(key)
            wait_until(
                lambda before=before: (s := viewer.state()).settled and s.step == before.step + 1,
                f"{key} on next ▶ to step the search",
            )
            page.wait_for_timeout(600)  # a slide turn takes reveal's transition
            assert page.evaluate(WHERE_JS) == slide, f"{key} on next ▶ turned the slide"
        page.keyboard.press("ArrowRight")  # the slide show's key: on a button, the button's
        page.wait_for_timeout(600)
        assert page.evaluate(WHERE_JS) == slide, "ArrowRight on next ▶ turned the slide"
        screenshots(page, "viewer-after-space-on-next")
    finally:
        page.close()


def test_the_slide_copy_leaves_out_every_exercise(tmp_path):
    """Every notebook: no student's, graded, check or instructor cell; no Exercise or More heading."""
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import slides

    for source in sorted(slides.NOTEBOOKS.glob("*/*.ipynb")):
        nb = nbformat.read(slides.make_copy(source, tmp_path), as_version=4)
        for cell in nb.cells:
            assert slides.left_out(cell) is None, (source.name, cell.source[:80])
            found = slides.heading(cell)
            assert not (found and re.match(r"(exercise|for instructors|more\b)", found[1], re.I))
        assert nb.cells[0].metadata["slideshow"]["slide_type"] == "slide"
    shutil.rmtree(tmp_path, ignore_errors=True)
