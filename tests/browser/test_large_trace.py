"""A real game's search on a laptop and a projector: notebook 03's tic-tac-toe
board and the search behind its reply, at 1366 x 768 with JupyterLab's file
browser open, and at 1280 x 720 with it closed.

The board and the viewer must fit the notebook's width, the picture must be
shown at its own size (never stretched or squeezed), the viewer must fit the
screen's height, and a step must redraw the picture.
"""

from __future__ import annotations

import re

import pytest
from pages import LabNotebook, StepViewer, wait_until

pytestmark = pytest.mark.browser


SCREENS = {"laptop": (1366, 768, True), "projector": (1280, 720, False)}
"""Width, height, and whether the file browser is open."""


@pytest.fixture(params=list(SCREENS))
def screen(request, browser, lab_server):
    width, height, files = SCREENS[request.param]
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        notebook = LabNotebook.open_and_run(
            page, lab_server, "03_evaluation_and_depth/03_evaluation_and_depth.ipynb"
        )
        yield notebook, request.param, files
    finally:
        context.close()


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not drawn"
    return found


def test_a_large_trace_and_a_board_fit_the_screen(screen, screenshots):
    lab, name, files = screen
    page = lab.page
    if files:
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        browser_panel = page.locator("#filebrowser")
        wait_until(lambda: browser_panel.is_visible(), "the file browser to open")
        assert box(browser_panel)["width"] > 150, "the file browser is open beside the notebook"
    notebook = page.locator(".jp-NotebookPanel:visible .jp-WindowedPanel-outer").first
    area = box(notebook)

    boards = page.locator(".jp-OutputArea-output > .widget-vbox").filter(
        has=page.get_by_role("button", name="show me its search")
    )
    board = boards.first
    board.scroll_into_view_if_needed()
    board.get_by_role("button", name="new game").click()
    cells = board.locator(".aisearch-grid button")
    wait_until(lambda: cells.count() == 9, "a 3 x 3 board")
    board.get_by_role("button", name="row 2, column 2, empty").click()
    wait_until(
        lambda: [cells.nth(i).inner_text().strip() for i in range(9)].count("O") == 1,
        "the computer's reply",
    )
    grid = box(board.locator(".aisearch-grid"))
    assert area["x"] <= grid["x"] and grid["x"] + grid["width"] <= area["x"] + area["width"]
    assert grid["width"] >= 3 * 40, f"cells squeezed: the board is {grid['width']} px wide"

    board.get_by_role("button", name="show me its search").click()
    # The viewer: the box whose own child is the picture.
    viewer_box = board.locator(".widget-vbox:has(> .aisearch-alt-image)")
    wait_until(lambda: viewer_box.count() == 1, "the viewer of the computer's search")
    viewer = StepViewer(viewer_box.first)
    state = viewer.settled_state()
    assert re.search(r"step \d+ of (\d+)", state.counters)
    steps = int(re.search(r"of (\d+)", state.counters).group(1))
    assert steps > 1000, f"a real search, not a textbook tree: {steps} steps"
    viewer.locator.scroll_into_view_if_needed()
    screenshots(page, f"{name}-viewer")

    shown = box(viewer.locator)
    assert area["x"] <= shown["x"] and shown["x"] + shown["width"] <= area["x"] + area["width"] + 1
    assert shown["height"] <= area["height"], (
        f"the viewer ({shown['height']:.0f} px) is taller than the notebook's "
        f"visible area ({area['height']:.0f} px)"
    )
    image = viewer.locator.locator(":scope > .aisearch-alt-image img")
    natural, drawn = image.evaluate("(i) => [i.naturalWidth, i.getBoundingClientRect().width]")
    assert abs(natural - drawn) <= 1, (
        f"the picture is drawn {drawn} px wide, its own size {natural}"
    )

    back = viewer.previous()
    assert back.step == state.step - 1 and back.src != state.src
    screenshots(viewer.locator, "viewer-after-previous")
