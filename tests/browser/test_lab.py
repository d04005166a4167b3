"""The course as students see it: notebooks run in JupyterLab, in headless Chromium.

Kernel-side tests prove the Python half of a widget; these prove the other
half: that it is drawn (not printed as ``StepViewer(children=...)``), that a
click reaches the kernel and comes back as a new sentence and a new picture,
and that a figure is shown once.
"""

from __future__ import annotations

import inspect
import re
import time
from pathlib import Path

import nbformat
import pytest
from pages import DiceNimBoard, StepViewer

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "instructor"


def widget_names() -> set[str]:
    """The names in ``aisearch.viz`` that make a widget: classes, and functions returning one."""
    import ipywidgets

    import aisearch.viz as viz

    names = set()
    for name in viz.__all__:
        thing = getattr(viz, name)
        if inspect.isclass(thing) and issubclass(thing, ipywidgets.Widget):
            names.add(name)
    for name in viz.__all__:
        thing = getattr(viz, name)
        returns = (
            getattr(inspect.signature(thing), "return_annotation", None)
            if inspect.isfunction(thing)
            else None
        )
        if isinstance(returns, str) and returns in names:
            names.add(name)
    return names


def notebooks_with_widgets() -> list[str]:
    """Every course notebook whose code shows a widget, by name without ``.ipynb``."""
    made = re.compile(r"\b(ipywidgets|widgets\.\w+|" + "|".join(sorted(widget_names())) + r")\(")
    found = []
    for path in sorted(NOTEBOOKS.glob("*/*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        if any(cell.cell_type == "code" and made.search(cell.source) for cell in cells):
            found.append(path.stem)
    return found


@pytest.mark.parametrize("name", notebooks_with_widgets())
def test_notebook_widgets_work(lab_notebook, screenshots, name):
    """Run All Cells: no error, every widget drawn; every viewer steps and draws once."""
    notebook = lab_notebook(name)
    notebook.wait_for_widgets()
    screenshots(notebook.page, "after-run-all")
    assert notebook.problems() == []
    assert notebook.widget_count() > 0, f"{name} was picked for its widgets, but showed none"
    for number, viewer in enumerate(StepViewer.all_in(notebook.page), start=1):
        viewer.locator.scroll_into_view_if_needed()
        first = viewer.settled_state()
        assert (first.outputs_in_cell, first.images_in_cell) == (1, 1), (
            f"viewer {number}: the cell should show the viewer's picture only"
        )
        # Forward then back (back then forward at the last step): the sentence
        # and picture change each way, and the viewer ends where it started.
        moves = (
            (viewer.previous, viewer.next)
            if first.next_disabled
            else (viewer.next, viewer.previous)
        )
        moved = moves[0]()
        back = moves[1]()
        screenshots(viewer.locator, f"viewer-{number}-step-{moved.step}")
        assert back.step == first.step and back.sentence == first.sentence
        assert (back.outputs_in_cell, back.images_in_cell) == (1, 1)


def test_alpha_beta_step_viewer(lab_notebook, screenshots):
    """Notebook 02's first viewer: next, previous, the slider dragged, Play."""
    notebook = lab_notebook("02_alpha_beta")
    viewers = StepViewer.all_in(notebook.page)
    assert viewers, f"no step-through viewer drawn in 02_alpha_beta: {notebook.problems()}"
    viewer = viewers[0]
    viewer.locator.scroll_into_view_if_needed()
    start = viewer.settled_state()
    screenshots(viewer.locator, f"start-step-{start.step}")
    assert start.sentence and start.image_loaded

    seen = [start]
    for action in ("next", "next", "previous"):
        state = getattr(viewer, action)()
        screenshots(viewer.locator, f"{action}-step-{state.step}")
        seen.append(state)
    assert [s.step for s in seen] == [start.step, start.step + 1, start.step + 2, start.step + 1]
    assert seen[3].sentence == seen[1].sentence  # back is the same step, told the same way
    assert len({s.src for s in seen}) == 4  # but every step sent a new picture

    last = int(viewer.locator.locator(".aisearch-step-slider input").get_attribute("max"))
    dragged = viewer.drag_slider(0.6)
    screenshots(viewer.locator, f"dragged-step-{dragged.step}")
    assert abs(dragged.step - round(0.6 * last)) <= 1, f"dragged to 60% of 0..{last}"
    assert dragged.sentence not in {s.sentence for s in seen}

    played = viewer.play_until(2)
    screenshots(viewer.locator, f"played-step-{played.step}")
    assert played.step >= dragged.step + 2 and played.sentence != dragged.sentence

    for state in (*seen, dragged, played):
        assert (state.outputs_in_cell, state.images_in_cell) == (1, 1), (
            "exactly one figure: the viewer's picture, no stray matplotlib output"
        )


def test_dice_nim_board_replies(lab_notebook, screenshots):
    """Notebook 04's Dice Nim board: click a take button, the computer's reply appears."""
    notebook = lab_notebook("04_expectimax")
    boards = DiceNimBoard.all_in(notebook.page)
    assert boards, f"no Dice Nim board (buttons 'take k') in 04_expectimax: {notebook.problems()}"
    board = boards[0]
    board.locator.scroll_into_view_if_needed()
    board.new_game()
    screenshots(board.locator, "new-game")
    takes = board.enabled_takes()
    assert takes and takes[0] == 1, f"after a roll, 'take 1' is always allowed: {takes}"
    stones = board.stones()
    reply, line = board.take(1)
    screenshots(board.locator, "after-take-1")
    assert line.startswith("turn 1:"), line
    if stones > 1:
        assert reply >= 1, f"the computer took no stone from the pile: {board.text()}"
        assert re.search(r"took 1\b.*took \d", line), f"no reply in the turn's line: {line}"


def test_tic_tac_toe_board_replies(lab_notebook, screenshots):
    """Notebook 03's tic-tac-toe board: click the centre, the computer's O appears."""
    from pages import wait_until

    notebook = lab_notebook("03_evaluation_and_depth")
    page = notebook.page
    boards = page.locator(".jp-OutputArea-output > .widget-vbox").filter(
        has=page.get_by_role("button", name="show me its search")
    )
    assert boards.count() >= 1, f"no game board in 03_evaluation_and_depth: {notebook.problems()}"
    board = boards.first
    board.scroll_into_view_if_needed()
    board.get_by_role("button", name="new game").click()
    cells = board.locator(".aisearch-grid button")
    wait_until(
        lambda: (
            cells.count() == 9 and all(cells.nth(i).inner_text().strip() == "" for i in range(9))
        ),
        "an empty 3 x 3 board",
    )
    screenshots(board, "new-game")
    centre = board.get_by_role("button", name="row 2, column 2, empty")
    assert centre.get_attribute("aria-disabled") == "false", "the centre must be a legal move"
    centre.click()
    marks = wait_until(
        lambda: (m := [cells.nth(i).inner_text().strip() for i in range(9)]).count("O") == 1 and m,
        "the computer's O on the board",
    )
    screenshots(board, "after-the-centre")
    assert marks[4] == "X" and marks.count("X") == 1, marks
    centre = cells.nth(4)  # its name now says X
    assert "aisearch-legal" not in centre.get_attribute("class"), "a used cell shows no dot"
    assert centre.get_attribute("aria-label") == "row 2, column 2, X"
    thinking = board.inner_text()
    assert re.search(r"searched to depth \d+ .* and played row \d, column \d", thinking), thinking


def test_connect_four_board_replies(lab_notebook, screenshots):
    """Notebook 06's Connect Four board: click a column, the computer's reply appears."""
    from pages import wait_until

    notebook = lab_notebook("06_connect_four")
    page = notebook.page
    boards = page.locator(".jp-OutputArea-output > .widget-vbox").filter(
        has=page.get_by_role("button", name="column 1", exact=True)
    )
    assert boards.count(), (
        f"no Connect Four board (buttons 'column 1' ...) in 06_connect_four: {notebook.problems()}"
    )
    board = boards.first
    board.scroll_into_view_if_needed()
    board.get_by_role("button", name="new game").click()
    wait_until(lambda: "turn 1:" not in board.inner_text(), "a new game")
    assert board.locator("div[title='X'], div[title='O']").count() == 0, "a new board is empty"
    screenshots(board, "new-game")
    board.get_by_role("button", name="column 3", exact=True).click()
    text = wait_until(
        lambda: "turn 1:" in (t := board.inner_text()) and t,
        "the computer's reply to a stone in column 3",
    )
    screenshots(board, "after-column-3")
    line = next(line for line in text.splitlines() if line.startswith("turn 1:"))
    assert re.fullmatch(r"turn 1: you 3, computer [1-5]", line.strip()), line
    wait_until(
        lambda: board.locator("div[title='X'], div[title='O']").count() == 2,
        "two stones drawn on the board",
    )
    assert "Your move" in board.inner_text()


OPEN_COLUMNS_JS = """(board) => [...board.querySelectorAll('button[aria-label^="column "]')]
  .filter((b) => b.getAttribute('aria-disabled') === 'false')
  .map((b) => b.getAttribute('aria-label'))"""


def test_the_real_connect_four_board_plays_a_whole_game(lab_notebook, screenshots):
    """Notebook 06's 7 x 6 board (budget 1 s): a whole game, each reply seen in
    the page, and the end announced. Its replies' times under load are
    ``benchmarks/board_under_load.py``'s: here only a sanity bound, far above
    the budget, that a search which ignored its clock would pass."""
    from pages import wait_until

    budget, sanity = 1.0, 10.0
    notebook = lab_notebook("06_connect_four")
    page = notebook.page
    # Column 7's name changes as discs land in it ("column 7, full"): match its start.
    boards = page.locator(".jp-OutputArea-output > .widget-vbox").filter(
        has=page.get_by_role("button", name=re.compile(r"^column 7\b"))
    )
    assert boards.count(), f"no 7 x 6 board in 06_connect_four: {notebook.problems()}"
    board = boards.first
    board.scroll_into_view_if_needed()
    # Other tests share the page and may have played on this board: start afresh.
    board.get_by_role("button", name="new game").click()
    wait_until(lambda: "turn 1:" not in board.inner_text(), "a new game")
    replies, turn = [], 0
    while "Your move" in board.inner_text():
        turn += 1
        # The open columns' names, read in one go: a name changes when a disc
        # lands (", the computer's last move"), and the states may arrive just
        # after the status text.
        open_columns = wait_until(
            lambda: board.evaluate(OPEN_COLUMNS_JS), "an open column to click"
        )
        # Centre columns first, as a player would, so that games last.
        column = board.get_by_role("button", name=open_columns[len(open_columns) // 2], exact=True)
        started = time.monotonic()
        column.click()
        wait_until(
            lambda turn=turn: (
                f"turn {turn}:" in (t := board.inner_text())
                and ("Your move" in t or "win" in t or "draw" in t)
            ),
            f"the computer's reply on turn {turn}",
        )
        replies.append(time.monotonic() - started)
    text = board.inner_text()
    screenshots(board, "real-board-game-over")
    assert re.search(r"You win!|The computer wins\.|A draw\.", text), text
    assert re.search(r"Its last move: (solved|searched \d+ moves deep)", text), text
    assert max(replies) <= sanity * budget, [round(r, 2) for r in replies]
