"""The viewer's play/pause and start, and a board's refused click, seen in JupyterLab.

The kernel-side tests prove what the Python half does; this proves that the
browser's half agrees: the hidden Play really runs the film and really stops
on pause, "start" really goes back, a click on a taken cell really shows a
message, and the board's style sheet really reaches the page (cells of full
size at any width, dark marks, a ring on the computer's move).
"""

from __future__ import annotations

import re
import time

import pytest
from pages import StepViewer, wait_until

from aisearch.viz.board_style import CELL_PX, MARK_COLOURS

pytestmark = pytest.mark.browser

PROJECTOR = {"width": 1366, "height": 768}


def rgb(colour: str) -> str:
    """``#rrggbb`` as the browser's computed style writes it."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def test_play_pause_start_and_a_refused_click(lab_notebook, screenshots):
    notebook = lab_notebook("02_alpha_beta")
    page = notebook.page
    page.set_viewport_size(PROJECTOR)
    try:
        viewer = StepViewer.all_in(page)[0]
        viewer.locator.scroll_into_view_if_needed()
        viewer.start()
        play = viewer.play_button()
        assert play.inner_text().strip() == "play" and play.get_attribute("title")

        play.click()
        wait_until(lambda: "pause" in play.inner_text(), "the play button to read pause")
        wait_until(lambda: viewer.state().step >= 2, "play to move the slider on its own")
        play.click()
        wait_until(lambda: "play" in play.inner_text(), "the button to read play again")
        time.sleep(1)  # a step the browser sent before the pause may still arrive
        paused = viewer.settled_state()
        time.sleep(2.5)  # three intervals of 800 ms: a running film would have moved
        assert viewer.settled_state().step == paused.step >= 2, "pause stops where it is"
        screenshots(viewer.locator, f"paused-step-{paused.step}")

        # The keyboard: Space on the focused play button plays, Space again pauses.
        play.focus()
        page.keyboard.press("Space")
        wait_until(lambda: viewer.state().step > paused.step, "Space to start the film")
        page.keyboard.press("Space")
        wait_until(lambda: "play" in play.inner_text(), "Space to pause it")

        assert viewer.start().step == 0
        screenshots(viewer.locator, "back-at-the-start")
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})

    notebook = lab_notebook("03_evaluation_and_depth")
    page = notebook.page
    page.set_viewport_size(PROJECTOR)
    try:
        board = (
            page.locator(".jp-OutputArea-output > .widget-vbox")
            .filter(has=page.get_by_role("button", name="show me its search"))
            .first
        )
        board.scroll_into_view_if_needed()
        board.get_by_role("button", name="new game").click()
        cells = board.locator(".aisearch-grid button")
        wait_until(
            lambda: all(cells.nth(i).inner_text().strip() == "" for i in range(9)),
            "an empty board",
        )
        centre = board.get_by_role("button", name=re.compile(r"^row 2, column 2, "))
        centre.click()
        wait_until(
            lambda: [cells.nth(i).inner_text().strip() for i in range(9)].count("O") == 1,
            "the computer's O",
        )
        # Taken: aria-disabled, which Playwright would wait out; a person can still click.
        assert centre.get_attribute("aria-disabled") == "true"
        centre.click(force=True)  # refused, with a message on the board
        message = board.locator(".aisearch-message")
        wait_until(lambda: message.count() == 1, "the message for a taken cell")
        assert message.inner_text() == "Row 2, column 2 is taken: pick an empty cell marked •."
        assert message.is_visible()
        marks = [cells.nth(i).inner_text().strip() for i in range(9)]
        assert marks.count("X") == 1 and marks.count("O") == 1, marks
        screenshots(board, "a-taken-cell-refused")

        # The style sheet reached the page: dark, full-size marks, never faded,
        # and a ring on the computer's O.
        look = centre.evaluate(
            """(b) => { const s = getComputedStyle(b), r = b.getBoundingClientRect();
                 return {color: s.color, opacity: s.opacity, width: r.width, weight: s.fontWeight}; }"""
        )
        assert look == {
            "color": rgb(MARK_COLOURS["X"]),
            "opacity": "1",
            "width": CELL_PX,
            "weight": "800",
        }
        ring = board.locator("button.aisearch-last")
        assert ring.count() == 1 and ring.inner_text().strip() == "O"
        assert ring.evaluate("(b) => getComputedStyle(b).boxShadow") != "none"

        # A narrow page: the text goes below the board, the cells keep their size.
        page.set_viewport_size({"width": 420, "height": 768})
        grid = board.locator(".aisearch-grid")

        def below() -> bool:
            top, box = message.bounding_box()["y"], grid.bounding_box()
            return top > box["y"] + box["height"] - 1

        wait_until(below, "the text to wrap below the board")
        assert centre.bounding_box()["width"] == CELL_PX
        screenshots(board, "narrow-page")
        # Wide again, and settled, so that the next test clicks where things are.
        page.set_viewport_size({"width": 1400, "height": 1000})
        wait_until(lambda: not below(), "the text back beside the board")
        # A new game clears the marks in the page too (an empty description
        # would leave the old text on a button).
        board.get_by_role("button", name="new game").click()
        wait_until(
            lambda: all(cells.nth(i).inner_text().strip() == "" for i in range(9)),
            "the marks to go on a new game",
        )
        assert message.count() == 0 and board.locator("button.aisearch-last").count() == 0
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})
