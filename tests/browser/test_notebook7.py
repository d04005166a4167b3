"""The course in the classic interface, Notebook 7, as well as in JupyterLab.

The ``notebook`` package (from the ``jupyter`` metapackage) adds Notebook 7's
pages to the same Jupyter server the other tests start for JupyterLab: ``/tree``
lists the files, ``/notebooks/<path>`` opens one. Notebook 7 is built of
JupyterLab's parts, so the page objects of JupyterLab work there unchanged; this
test proves they do, and that the step viewer is drawn and steps there too.

The notebook is found by a glob, so the test works whether the course keeps its
notebooks side by side (``notebooks/01_minimax.ipynb``) or one to a folder
(``notebooks/01_minimax/01_minimax.ipynb``).
"""

from __future__ import annotations

import urllib.request

import pytest
from pages import LabNotebook, StepViewer, wait_until

pytestmark = pytest.mark.browser

# Its first viewer comes early (cell 5) and the whole notebook runs in seconds.
NOTEBOOK = "01_minimax.ipynb"
SCREENSHOT = "/tmp/nb7-viewer.png"

LIVE_JS = """(viewer) => {
  const region = viewer.querySelector('.aisearch-live-text [role=status]');
  return region && {text: region.textContent.trim(), polite: region.getAttribute('aria-live')};
}"""


def course_entries(course_copy) -> set[str]:
    """The names the server's root lists for the course: notebooks, or their folders."""
    return {
        path.relative_to(course_copy).parts[0]
        for path in course_copy.glob("**/*.ipynb")
        if ".ipynb_checkpoints" not in path.parts
    }


@pytest.fixture
def notebook7_page(browser, lab_server):
    """A page of its own. The browser is started before the server (as ``lab_notebook``
    does) so that the browser's teardown, which fails on any process started after the
    browser and still alive, runs after the server and its kernels have stopped."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_timeout(30_000)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_tree_lists_the_course_notebooks(notebook7_page, lab_server, course_copy, screenshots):
    """``/tree`` answers 200 (not 404) and Notebook 7's file list names every notebook."""
    with urllib.request.urlopen(lab_server.page_url("tree"), timeout=30) as answer:
        assert answer.status == 200
        assert "notebookPage" in answer.read().decode(), "not Notebook 7's tree page"
    expected = course_entries(course_copy)
    assert expected, f"no notebook in {course_copy}"

    page = notebook7_page
    page.goto(lab_server.page_url("tree"))
    listing = page.locator(".jp-DirListing-content .jp-DirListing-itemText")
    listing.first.wait_for()
    shown = wait_until(
        lambda: (names := set(listing.all_inner_texts())) >= expected and names,
        f"/tree to list {sorted(expected)}",
    )
    screenshots(page, "tree")
    assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
    assert expected <= shown


def test_the_step_viewer_works_in_notebook_7(notebook7_page, lab_server, course_copy, screenshots):
    """Notebook 01 run in Notebook 7: drawn widgets; next, next, previous, ArrowRight on
    the slider and the dragged slider each bring a new sentence in the live region and a
    new picture."""
    found = sorted(course_copy.glob(f"**/{NOTEBOOK}"))
    assert len(found) == 1, f"{NOTEBOOK} in the course: {found}"
    path = found[0].relative_to(course_copy).as_posix()

    page = notebook7_page
    notebook = LabNotebook.open_and_run(page, lab_server, path, front_end="notebook")
    assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
    assert page.url.split("?")[0].endswith(f"/notebooks/{path}"), page.url
    notebook.wait_for_widgets()
    assert notebook.problems() == []
    viewers = StepViewer.all_in(page)
    assert viewers, f"no step viewer drawn in {path} in Notebook 7"
    viewer = viewers[0]
    viewer.locator.scroll_into_view_if_needed()

    start = viewer.settled_state()
    live = viewer.locator.evaluate(LIVE_JS)
    assert live and live["polite"] == "polite", f"the sentence is no polite live region: {live}"
    assert start.sentence and live["text"] == start.sentence and start.image_loaded
    assert (start.outputs_in_cell, start.images_in_cell) == (1, 1)
    screenshots(viewer.locator, f"start-step-{start.step}")

    seen = [start]
    for action in ("next", "next", "previous"):
        state = getattr(viewer, action)()
        screenshots(viewer.locator, f"{action}-step-{state.step}")
        seen.append(state)
    assert [s.step for s in seen] == [start.step, start.step + 1, start.step + 2, start.step + 1]
    assert len({s.sentence for s in seen[:3]}) == 3, "every step is told in its own sentence"
    assert seen[3].sentence == seen[1].sentence
    assert len({s.src for s in seen}) == 4, "every step sent a new picture"
    assert viewer.locator.evaluate(LIVE_JS)["text"] == seen[3].sentence

    # From the keyboard: Notebook 7's own shortcuts (arrows move between cells in
    # command mode) must leave the focused slider's arrow keys to the slider.
    slider = viewer.locator.get_by_role("slider", name="step")
    slider.focus()
    page.keyboard.press("ArrowRight")
    keyed = wait_until(
        lambda: (s := viewer.settled_state()).step == seen[3].step + 1 and s,
        "ArrowRight on the focused slider: the next step",
    )
    assert keyed.sentence == seen[2].sentence and keyed.src != seen[3].src
    assert slider.evaluate("(s) => document.activeElement === s"), "the slider lost the focus"

    last = int(viewer.locator.locator(".aisearch-step-slider input").get_attribute("max"))
    dragged = viewer.drag_slider(0.6)
    assert abs(dragged.step - round(0.6 * last)) <= 1, f"dragged to 60% of 0..{last}"
    assert dragged.sentence not in {s.sentence for s in seen}
    assert (dragged.outputs_in_cell, dragged.images_in_cell) == (1, 1)
    viewer.locator.screenshot(path=SCREENSHOT)
    screenshots(page, f"dragged-step-{dragged.step}-page")
