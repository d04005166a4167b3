"""The presentation mode (tools/present.py, Voilà): no code shown, widgets live."""

from __future__ import annotations

import pytest
from pages import NOT_RENDERED, RUN_SECONDS, DiceNimBoard, StepViewer

pytestmark = pytest.mark.browser

# Notebook 04 has both: step-through viewers and the Dice Nim board.
PRESENTED = "04_expectimax"


def test_presentation_shows_no_code_and_live_widgets(browser, present_server, screenshots):
    server = present_server(PRESENTED[:2])
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        # Voilà runs every cell before it answers: the page comes whole.
        page.goto(server.page_url(""), timeout=RUN_SECONDS * 1000)
        viewers = page.locator(".jp-OutputArea-output > .widget-vbox")
        viewers.first.wait_for(timeout=RUN_SECONDS * 1000)
        screenshots(page, "page")
        body = page.locator("body").inner_text()

        assert page.locator(".jp-MarkdownOutput").count() > 0, "the lecture's text is missing"
        assert page.locator(".jp-CodeCell").count() > 0, "no cell output at all"
        code = page.locator(
            ".jp-CodeCell .jp-InputArea, .jp-InputPrompt, .cm-editor, .CodeMirror, .jp-Editor"
        )
        assert code.count() == 0, "the presentation shows code cells"
        for code in ("from aisearch", "step_through(", "DiceNimTable("):
            assert code not in body, f"the presentation shows code: {code!r}"
        assert "Traceback" not in body and not NOT_RENDERED.search(body), body[-2000:]

        viewer = StepViewer.all_in(page)[0]
        viewer.locator.scroll_into_view_if_needed()
        start = viewer.settled_state()
        screenshots(viewer.locator, f"viewer-step-{start.step}")
        moved = viewer.previous() if start.next_disabled else viewer.next()
        screenshots(viewer.locator, f"viewer-step-{moved.step}")
        assert moved.sentence != start.sentence and moved.src != start.src
        assert (moved.outputs_in_cell, moved.images_in_cell) == (1, 1)

        board = DiceNimBoard.all_in(page)[0]
        board.locator.scroll_into_view_if_needed()
        stones = board.stones()
        reply, line = board.take(1)
        screenshots(board.locator, "board-after-take-1")
        assert line.startswith("turn 1:")
        if stones > 1:
            assert reply >= 1, f"the computer did not reply: {board.text()}"
    finally:
        page.close()
