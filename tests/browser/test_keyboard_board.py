"""A whole tic-tac-toe game played from the keyboard alone, in JupyterLab.

Notebook 03's board: Shift+Tab from "new game" reaches the board's one tab
stop, the arrow keys move between cells, Enter plays. After every reply the
status region (role "status", polite, the same element all game) says both
moves in words, and the keyboard focus is still on the board, on the cell
just played: it never falls to the page.
"""

from __future__ import annotations

import re

import pytest
from pages import wait_until

pytestmark = pytest.mark.browser

NAME = re.compile(r"^row (\d), column (\d), (empty|X|O)")
FOCUSED_JS = """(grid) => {
  const active = document.activeElement;
  return {inside: grid.contains(active), name: active && active.getAttribute('aria-label')};
}"""


def focused(grid) -> dict:
    return grid.evaluate(FOCUSED_JS)


def cell_of(name: str) -> tuple[int, int]:
    match = NAME.match(name or "")
    assert match, f"not a cell's name: {name!r}"
    return int(match.group(1)) - 1, int(match.group(2)) - 1


def test_a_game_played_from_the_keyboard_alone(lab_notebook, screenshots):
    notebook = lab_notebook("03_evaluation_and_depth")
    page = notebook.page
    board = (
        page.locator(".jp-OutputArea-output > .widget-vbox")
        .filter(has=page.get_by_role("button", name="show me its search"))
        .first
    )
    board.scroll_into_view_if_needed()
    grid = board.get_by_role("group", name="board, 3 rows by 3 columns")
    status = grid.locator("xpath=..").get_by_role("status")
    assert status.get_attribute("aria-live") == "polite"
    cells = grid.get_by_role("button")

    # Keyboard only: Enter on "new game", then Shift+Tab to the board.
    board.get_by_role("button", name="new game").focus()
    page.keyboard.press("Enter")
    wait_until(
        lambda: [cells.nth(i).inner_text().strip() for i in range(9)] == [""] * 9,
        "an empty board after new game",
    )
    status.evaluate("(s) => s.setAttribute('data-seen', 'at the start')")
    page.keyboard.press("Shift+Tab")
    here = wait_until(lambda: (f := focused(grid))["inside"] and f, "the focus on the board")
    assert here["name"] == "row 1, column 1, empty", "the tab stop is the first legal cell"
    ring = grid.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }"
    )
    assert ring == ["solid", 3, "rgb(17, 17, 17)"], f"a visible focus ring: {ring}"
    tab_stops = grid.evaluate("(g) => [...g.querySelectorAll('button')].map(b => b.tabIndex)")
    assert sorted(tab_stops) == [-1] * 8 + [0], "one tab stop: the arrow keys do the rest"

    moves = 0
    while "Your move" in (said := status.text_content()) or moves == 0:
        marks = [cells.nth(i).inner_text().strip() for i in range(9)]
        target = divmod(marks.index(""), 3) if moves else (1, 1)  # the centre first
        row, column = cell_of(focused(grid)["name"])
        keys = ["ArrowDown"] * (target[0] - row) + ["ArrowUp"] * (row - target[0])
        keys += ["ArrowRight"] * (target[1] - column) + ["ArrowLeft"] * (column - target[1])
        for key in keys:
            page.keyboard.press(key)
        assert cell_of(focused(grid)["name"]) == target, f"the arrows {keys} reached {target}"
        page.keyboard.press("Enter")
        moves += 1
        you = f"You played row {target[0] + 1}, column {target[1] + 1}."
        said = wait_until(
            lambda you=you: (
                (t := status.text_content()).startswith(you) and "thinking" not in t and t
            ),
            f"the announcement of move {moves} and its reply",
        )
        if moves == 1:
            screenshots(board, "first-move-from-the-keyboard")
        reply = re.search(r"The computer played row (\d), column (\d)\.", said)
        if reply:
            r, c = int(reply.group(1)) - 1, int(reply.group(2)) - 1
            assert cells.nth(3 * r + c).inner_text().strip() == "O", said
        else:
            assert "Game over" in said, f"no reply and no end: {said}"
        now = focused(grid)
        assert now["inside"], f"after move {moves} the focus left the board: {now}"
        assert cell_of(now["name"]) == target and now["name"].endswith(", X"), now
    screenshots(board, "game-over-from-the-keyboard")
    assert re.search(r"Game over: (you won|you lost|a draw)\.$", said), said
    assert moves >= 3
    assert status.get_attribute("data-seen") == "at the start", "the status region stayed in place"


LEGAL_JS = """(grid) => [...grid.querySelectorAll('button')]
  .map((b, k) => [k, b.getAttribute('aria-disabled') === 'false', b.getAttribute('aria-label')])"""


def test_isolation_played_from_the_keyboard_alone(lab_notebook, screenshots):
    """Notebook 03's 6 x 6 Isolation board: Tab reaches the board, the arrow
    keys reach a legal cell (one the queen can move to), Enter moves there.
    After each reply the status region says both moves and the focus is still
    on the board, on the cell just played; the board's marks agree."""
    page = lab_notebook("03_evaluation_and_depth").page
    board = (
        page.locator(".jp-OutputArea-output > .widget-vbox")
        .filter(has=page.get_by_role("group", name="board, 6 rows by 6 columns"))
        .first
    )
    board.scroll_into_view_if_needed()
    grid = board.get_by_role("group", name="board, 6 rows by 6 columns")
    status = grid.locator("xpath=..").get_by_role("status")
    assert status.get_attribute("aria-live") == "polite"

    board.get_by_role("button", name="new game").focus()
    page.keyboard.press("Enter")
    wait_until(lambda: status.text_content().startswith("New game."), "a new game")
    page.keyboard.press("Shift+Tab")
    wait_until(lambda: focused(grid)["inside"], "the focus on the board")
    for move in range(1, 4):
        legal = [k for k, ok, _ in grid.evaluate(LEGAL_JS) if ok]
        if not legal:
            break
        here = cell_of(focused(grid)["name"])
        target = divmod(legal[len(legal) // 2], 6)  # a legal cell, off the edges
        keys = ["ArrowDown"] * (target[0] - here[0]) + ["ArrowUp"] * (here[0] - target[0])
        keys += ["ArrowRight"] * (target[1] - here[1]) + ["ArrowLeft"] * (here[1] - target[1])
        for key in keys:
            page.keyboard.press(key)
        assert cell_of(focused(grid)["name"]) == target, f"the arrows {keys} reached {target}"
        page.keyboard.press("Enter")
        you = f"You played row {target[0] + 1}, column {target[1] + 1}."
        said = wait_until(
            lambda you=you: (
                (t := status.text_content()).startswith(you) and "thinking" not in t and t
            ),
            f"the announcement of move {move} and its reply",
        )
        assert re.search(r"The computer played row \d, column \d\.|Game over", said), said
        now = focused(grid)
        assert now["inside"], f"after move {move} the focus left the board: {now}"
        assert cell_of(now["name"]) == target, now
        screenshots(board, f"isolation-move-{move}")
        if "Game over" in said:
            break
    assert move >= 2, "at least two moves played from the keyboard"


def test_connect_four_played_from_the_keyboard_alone(lab_notebook, screenshots):
    """Notebook 06's 5 x 4 board: Shift+Tab reaches the columns, the arrows move
    between them, Enter drops a stone. After each reply two more stones are
    drawn, the status region says it is your move again (or the game is
    over), and the focus is still on the column just played."""
    page = lab_notebook("06_connect_four").page
    board = (
        page.locator(".jp-OutputArea-output > .widget-vbox")
        .filter(has=page.get_by_role("button", name="column 1", exact=True))
        .first
    )
    board.scroll_into_view_if_needed()
    grid = board.get_by_role("group", name="columns")
    status = grid.locator("xpath=..").get_by_role("status")
    stones = board.locator("div[title='X'], div[title='O']")

    board.get_by_role("button", name="new game").focus()
    page.keyboard.press("Enter")
    wait_until(lambda: stones.count() == 0 and "Your move" in status.text_content(), "new game")
    for _ in range(8):  # back past the first-move toggles to the columns' one tab stop
        page.keyboard.press("Shift+Tab")
        if focused(grid)["inside"]:
            break
    first = wait_until(lambda: (f := focused(grid))["inside"] and f, "the focus on the columns")
    assert re.match(r"column \d", first["name"]), first
    for move, target in enumerate((3, 2, 4), start=1):
        column = int(re.match(r"column (\d)", focused(grid)["name"]).group(1))
        keys = ["ArrowRight"] * (target - column) + ["ArrowLeft"] * (column - target)
        for key in keys:
            page.keyboard.press(key)
        assert focused(grid)["name"].startswith(f"column {target}"), focused(grid)
        before, was = stones.count(), status.text_content()
        page.keyboard.press("Enter")
        said = wait_until(
            lambda was=was: (
                (t := status.text_content()) != was
                and "thinking" not in t
                and ("Your move" in t or "Game over" in t)
                and t
            ),
            f"the reply to a stone in column {target}",
        )
        assert f"column {target}" in said, said
        now = focused(grid)
        assert now["inside"] and now["name"].startswith(f"column {target}"), now
        screenshots(board, f"connect-four-move-{move}")
        if "Game over" in said:
            break
        wait_until(lambda before=before: stones.count() == before + 2, "your stone and its reply")
