"""Notebook 06's real 7 x 6 Connect Four board on a laptop's screen (1366 x 768,
JupyterLab's file browser open): nothing of it is cut off, and "show me its
search" opens the search that chose the computer's reply.

The board's column scores sit under its grid, one under each column: all
seven must be seen, none behind a scroll bar, and the words under them must
wrap, not be cut.
"""

from __future__ import annotations

import re

import pytest
from pages import LabNotebook, StepViewer, wait_until

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 768}

CUT_OFF_JS = """(board) => [...board.querySelectorAll('*')]
  .filter((e) => e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 1
    && getComputedStyle(e).overflowX !== 'visible')
  .map((e) => `${e.tagName}.${[...e.classList].join('.')}: ${e.scrollWidth} in ${e.clientWidth}`)"""
"""Every element of the board whose content is wider than its box and does not
show it (a scroll bar, or clipped), but for the text only a screen reader
reads (one pixel wide on purpose): described, for the message."""


@pytest.fixture
def laptop(browser, lab_server):
    context = browser.new_context(viewport=LAPTOP)
    context.set_default_timeout(30_000)
    try:
        page = context.new_page()
        notebook = LabNotebook.open_and_run(
            page, lab_server, "06_connect_four/06_connect_four.ipynb"
        )
        page.evaluate("() => window.jupyterapp.commands.execute('filebrowser:activate')")
        wait_until(lambda: page.locator("#filebrowser").is_visible(), "the file browser to open")
        yield notebook
    finally:
        context.close()


def real_board(page):
    boards = page.locator(".jp-OutputArea-output > .widget-vbox").filter(
        has=page.get_by_role("button", name=re.compile(r"^column 7\b"))
    )
    assert boards.count(), "no 7 x 6 board in 06_connect_four"
    board = boards.first
    board.scroll_into_view_if_needed()
    return board


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found is not None, f"{locator} is not drawn"
    return found


def test_the_real_board_and_its_seven_scores_fit_a_laptop(laptop, screenshots):
    page = laptop.page
    board = real_board(page)
    board.get_by_role("button", name="new game").click()
    scores = board.locator("table.aisearch-scores td")
    wait_until(lambda: scores.count() == 7, "the seven column scores of a new game")
    screenshots(board, "laptop-new-game")
    cut = board.evaluate(CUT_OFF_JS)
    assert cut == [], f"cut off: {cut}"
    grid = box(board.locator("table.aisearch-grid-board"))
    row = box(board.locator("table.aisearch-scores"))
    assert row["width"] <= grid["width"] + 1, (row, grid)  # under the grid, a score a column
    area = box(page.locator(".jp-NotebookPanel:visible .jp-WindowedPanel-outer").first)
    for i in range(7):
        cell = box(scores.nth(i))
        assert scores.nth(i).inner_text().strip(), f"score {i + 1} is empty"
        fits = scores.nth(i).evaluate("(e) => e.scrollWidth <= e.clientWidth + 1")
        assert fits, f"score {i + 1} ({scores.nth(i).inner_text()}) is wider than its column"
        assert (
            grid["x"] - 1 <= cell["x"]
            and cell["x"] + cell["width"] <= grid["x"] + grid["width"] + 1
        )
        assert cell["x"] + cell["width"] <= area["x"] + area["width"], f"score {i + 1} off the page"
    caption = board.locator(".aisearch-scores-caption")
    assert caption.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1"), "the caption is cut"
    # The panel's text beside the board, or below it: never over it.
    panel = box(board.get_by_role("button", name="new game"))
    assert panel["x"] >= grid["x"] + grid["width"] or panel["y"] >= row["y"] + row["height"]


def test_show_me_its_search_opens_the_search_that_chose_the_reply(laptop, screenshots):
    page = laptop.page
    board = real_board(page)
    board.get_by_role("button", name="new game").click()
    wait_until(lambda: "turn 1:" not in board.inner_text(), "a new game")
    board.get_by_role("button", name="column 4", exact=True).click()
    text = wait_until(
        lambda: "Its last move:" in (t := board.inner_text()) and t,
        "the computer's reply and how it chose it",
    )
    line = re.search(r"Its last move: (.+)", text).group(1)
    assert re.search(r"\([\d,]+ nodes?", line), f"the decision line gives no node count: {line}"
    board.get_by_role("button", name="show me its search").click()
    viewer_box = board.locator(".widget-vbox:has(> .aisearch-alt-image)")
    wait_until(lambda: viewer_box.count() == 1, "the viewer of the computer's search", timeout=60)
    viewer = StepViewer(viewer_box.first)
    state = viewer.settled_state()
    assert re.search(r"step \d+ of \d+", state.counters)
    reply = re.search(r"turn 1: you 4, computer (\d)", board.inner_text()).group(1)
    note = board.inner_text()
    assert re.search(rf"(chose column {reply}|score of column {reply})", note), note
    viewer.locator.scroll_into_view_if_needed()
    screenshots(board, "laptop-its-search")
    back = viewer.previous()
    assert back.step == state.step - 1 and back.src != state.src
