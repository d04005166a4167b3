"""WCAG 2.1 AA in the real browser: axe-core on everything the course itself draws.

Each notebook that shows a figure or a widget is run once in JupyterLab and
its outputs audited; the step viewer, every board (after a move) and the
presentation page are audited as a student meets them. Every audit of ours
must find nothing. The lecture's text (Markdown cells, drawn in JupyterLab's
or Voilà's styles) and the rest of each page (JupyterLab's or Voilà's own:
upstream) are audited too, and only reported.

Every audit, ours and upstream, is written to
tests/browser/screenshots/accessibility-audit.md, for the record of counts.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from axe import (
    MARKDOWN,
    OUTPUTS,
    Violation,
    audit,
    audit_element,
    counts,
    in_lab_notebook,
    table,
)
from pages import RUN_SECONDS, DiceNimBoard, StepViewer, wait_until

pytestmark = pytest.mark.browser

NOTEBOOKS = Path(__file__).resolve().parents[2] / "instructor"
REPORT = Path(__file__).resolve().parent / "screenshots" / "accessibility-audit.md"
BOARD = ".jp-OutputArea-output > .widget-vbox"
# The notebook presented: it has step viewers and a board (Dice Nim).
PRESENTED = "04_expectimax"


def shows_something(source: str) -> bool:
    """Whether a code cell draws a figure or a widget: matplotlib, ipywidgets, aisearch.viz,
    or an exercise check asked to show its tree."""
    import aisearch.viz as viz

    makers = "|".join(re.escape(name) for name in viz.__all__)
    return bool(re.search(rf"\b(plt\.\w+|widgets\.\w+|{makers})\(|show=True", source))


def notebooks_that_show() -> list[str]:
    """Every course notebook with a cell that draws a figure or a widget."""
    found = []
    for path in sorted(NOTEBOOKS.glob("*/*.ipynb")):
        cells = nbformat.read(path, as_version=4).cells
        if any(cell.cell_type == "code" and shows_something(cell.source) for cell in cells):
            found.append(path.stem)
    return found


@pytest.fixture(scope="module")
def record():
    """``record(scope, whose, violations)`` notes an audit; all are written out at the end."""
    rows: list[tuple[str, str, list[Violation]]] = []

    def note(scope: str, whose: str, violations: list[Violation]) -> None:
        rows.append((scope, whose, violations))

    yield note
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    lines = ["| scope | whose | violations | rule ×nodes |", "|---|---|---|---|"]
    for scope, whose, violations in rows:
        nodes = sum(v.nodes for v in violations)
        lines.append(
            f"| {scope} | {whose} | {len(violations)} rules, {nodes} nodes | {counts(violations)} |"
        )
    details = [
        f"\n## {scope} ({whose})\n\n```\n{table(v)}\n```\n{targets(v)}"
        for scope, whose, v in rows
        if v
    ]
    REPORT.write_text("\n".join(["# axe-core audit, WCAG 2.1 A and AA\n", *lines, *details, ""]))


def targets(violations: list[Violation], most: int = 8) -> str:
    """The failing elements of each rule (at most ``most``), as a Markdown list."""
    lines = []
    for v in violations:
        shown = [t if len(t) <= 150 else "…" + t[-149:] for t in v.targets[:most]]
        more = f" (and {v.nodes - most} more)" if v.nodes > most else ""
        lines.append(f"- {v.rule}: " + "; ".join(f"`{t}`" for t in shown) + more)
    return "\n".join(lines)


def assert_none(violations: list[Violation], where: str) -> None:
    assert not violations, (
        f"{where}: {len(violations)} WCAG 2.1 AA rules broken\n{table(violations)}"
    )


def record_the_rest(record, page, where: str, app: str, markdown: str) -> None:
    """Note, without judging, the lecture's text (``markdown``: ours, in ``app``'s
    styles) and the rest of the page (``app``'s own: upstream)."""
    record(f"{where}: lecture text", "ours, reported", audit(page, include=[markdown]))
    # The page as it stands at its top (what JupyterLab draws around the cells
    # repeats all the way down), so that every notebook is judged alike.
    page.evaluate(
        """() => { window.scrollTo(0, 0);
             document.querySelectorAll('.jp-WindowedPanel-outer').forEach(e => e.scrollTop = 0); }"""
    )
    rest = audit(page, exclude=[OUTPUTS, MARKDOWN])
    record(f"{where}: the rest of {app}", "upstream", rest)


def wait_for_pictures(page, selector: str) -> None:
    """Every picture in ``selector`` loaded: an image still loading is judged half-drawn."""
    wait_until(
        lambda: page.evaluate(
            "(s) => [...document.querySelectorAll(s + ' img')]"
            ".every(i => i.complete && i.naturalWidth > 0)",
            selector,
        ),
        f"the pictures in {selector} to load",
    )


# -- every notebook's outputs, in JupyterLab -----------------------------------------------


@pytest.mark.parametrize("name", notebooks_that_show())
def test_notebook_outputs(lab_notebook, record, screenshots, name):
    """Run All, then audit every output of the notebook: its figures, texts and widgets."""
    notebook = lab_notebook(name)
    notebook.wait_for_widgets()
    page = notebook.page
    assert notebook.problems() == [], "the audit would judge a broken notebook"
    ours = in_lab_notebook(page, OUTPUTS)
    shown = page.locator(f"{ours} img, {ours} svg, {ours} .jupyter-widgets").count()
    assert shown, f"{name} was picked for its figures or widgets, but shows none"
    wait_for_pictures(page, ours)
    screenshots(page, "after-run-all")
    violations = audit(page, include=[ours])
    record(f"notebook {name}: outputs", "ours", violations)
    record_the_rest(record, page, f"notebook {name}", "JupyterLab", in_lab_notebook(page, MARKDOWN))
    assert_none(violations, f"{name}'s outputs in JupyterLab")


PLANT_JS = """(outputs) => {
  const all = document.querySelectorAll(outputs), host = all[all.length - 1];
  document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer').scrollTop = 0;
  host.insertAdjacentHTML('beforeend', '<div id="planted-fault" style="background: #fff">'
    + '<span style="color: #bbb">too pale to read</span>'
    + '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"></div>');
  return document.getElementById('planted-fault').getBoundingClientRect().top > innerHeight;
}"""


def test_the_audit_judges_what_a_student_sees(lab_notebook):
    """The audit itself: faults planted in a notebook's last output, out of view, are
    found (grey text on white, a picture without alt). In JupyterLab axe-core alone
    would take every output for hidden and judge no contrast at all (see axe.py)."""
    page = lab_notebook("02_alpha_beta").page
    below_the_fold = page.evaluate(PLANT_JS, in_lab_notebook(page, OUTPUTS))
    try:
        assert below_the_fold, "the planted faults should start out of view"
        found = {v.rule: v for v in audit(page, include=["#planted-fault"])}
        assert {"color-contrast", "image-alt"} <= set(found), table(list(found.values()))
        assert found["color-contrast"].html.startswith("<span")
        assert found["image-alt"].html.startswith("<img")
    finally:
        page.evaluate("() => document.getElementById('planted-fault').remove()")


# -- the step viewer ------------------------------------------------------------------------


def test_step_viewer(lab_notebook, record, screenshots):
    """Notebook 02's first viewer after one step: its buttons, slider, picture and sentence."""
    notebook = lab_notebook("02_alpha_beta")
    viewers = StepViewer.all_in(notebook.page)
    assert viewers, f"no step-through viewer drawn in 02_alpha_beta: {notebook.problems()}"
    viewer = viewers[0]
    viewer.locator.scroll_into_view_if_needed()
    start = viewer.settled_state()
    moved = viewer.previous() if start.next_disabled else viewer.next()
    screenshots(viewer.locator, f"step-{moved.step}")
    violations = audit_element(viewer.locator)
    record("step viewer (02, first, after a step)", "ours", violations)
    assert_none(violations, "the step viewer")


# -- every board, after a move --------------------------------------------------------------


def game_board(page, cells: int):
    """The ``GameBoard`` (tic-tac-toe, Isolation) with ``cells`` cells, drawn in ``page``."""
    boards = page.locator(BOARD).filter(has=page.get_by_role("button", name="show me its search"))
    found = [
        boards.nth(i)
        for i in range(boards.count())
        if boards.nth(i).locator("button.aisearch-cell").count() == cells
    ]
    assert found, f"no board of {cells} cells (with 'show me its search') in the page"
    return found[0]


def moves_made(board) -> int:
    """How many moves the board's status lists (``moves (row,column): 2,2 1,1``)."""
    match = re.search(r"moves \(row,column\): (.*)", board.inner_text())
    return len(re.findall(r"\b\d+,\d+\b", match.group(1))) if match else 0


def play_a_cell(board, cell: str):
    """New game, click ``cell`` (a selector within the board), wait for the computer's reply."""
    board.scroll_into_view_if_needed()
    board.get_by_role("button", name="new game").click()
    wait_until(lambda: moves_made(board) == 0, "a new game")
    board.locator(cell).first.click()
    wait_until(
        lambda: moves_made(board) == 2 and "Your move" in board.inner_text(),
        "the computer's reply",
        timeout=60,
    )


def tic_tac_toe(page):
    board = game_board(page, 9)
    play_a_cell(board, 'button[aria-label="row 2, column 2, empty"]')
    return board


def isolation(page):
    board = game_board(page, 36)
    play_a_cell(board, "button.aisearch-legal")
    return board


def dice_nim(page):
    boards = DiceNimBoard.all_in(page)
    assert boards, "no Dice Nim board (buttons 'take k') in the page"
    board = boards[0]
    board.locator.scroll_into_view_if_needed()
    board.new_game()
    board.take(1)
    return board.locator


def connect_four(columns: int):
    def play(page):
        last = page.get_by_role("button", name=re.compile(rf"^column {columns}\b"))
        beyond = page.get_by_role("button", name=re.compile(rf"^column {columns + 1}\b"))
        boards = page.locator(BOARD).filter(has=last).filter(has_not=beyond)
        assert boards.count(), f"no Connect Four board of {columns} columns in the page"
        board = boards.first
        board.scroll_into_view_if_needed()
        board.get_by_role("button", name="new game").click()
        wait_until(lambda: "turn 1:" not in board.inner_text(), "a new game")
        board.get_by_role("button", name="column 3", exact=True).click()
        wait_until(
            lambda: "turn 1:" in (t := board.inner_text()) and "Your move" in t,
            "the computer's reply to a stone in column 3",
        )
        return board

    return play


BOARDS = {
    "tic-tac-toe": ("03_evaluation_and_depth", tic_tac_toe),
    "isolation": ("03_evaluation_and_depth", isolation),
    "dice-nim": ("04_expectimax", dice_nim),
    "connect-four-5x4": ("06_connect_four", connect_four(5)),
    "connect-four-7x6": ("06_connect_four", connect_four(7)),
}


@pytest.mark.parametrize("game", list(BOARDS))
def test_board_after_a_move(lab_notebook, record, screenshots, game):
    """A board after your move and the computer's reply: cells, status, buttons."""
    name, play = BOARDS[game]
    page = lab_notebook(name).page
    board = play(page)
    screenshots(board, "after-a-move")
    violations = audit_element(board)
    record(f"board {game} ({name[:2]}, after a move)", "ours", violations)
    assert_none(violations, f"the {game} board")


def test_search_viewer_of_a_board(lab_notebook, record, screenshots):
    """Tic-tac-toe's "show me its search": the viewer of a real search, opened by a click."""
    page = lab_notebook("03_evaluation_and_depth").page
    board = tic_tac_toe(page)
    board.get_by_role("button", name="show me its search").click()
    found = board.locator(".widget-vbox:has(> .aisearch-alt-image)")
    wait_until(lambda: found.count() == 1, "the viewer of the computer's search")
    viewer = StepViewer(found.first)
    viewer.settled_state()
    screenshots(viewer.locator, "search-viewer")
    violations = audit_element(viewer.locator)
    record("search viewer of the tic-tac-toe board (03)", "ours", violations)
    assert_none(violations, "the viewer of the board's search")


# -- the presentation mode (Voilà) ----------------------------------------------------------


def test_presentation(browser, present_server, record, screenshots):
    """Notebook 04 presented: its outputs after a viewer step and a move on the board."""
    server = present_server(PRESENTED[:2])
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    try:
        page.goto(server.page_url(""), timeout=RUN_SECONDS * 1000)
        page.locator(BOARD).first.wait_for(timeout=RUN_SECONDS * 1000)
        viewer = StepViewer.all_in(page)[0]
        viewer.locator.scroll_into_view_if_needed()
        start = viewer.settled_state()
        viewer.previous() if start.next_disabled else viewer.next()
        dice_nim(page)
        wait_for_pictures(page, OUTPUTS)
        screenshots(page, "presented")
        violations = audit(page, include=[OUTPUTS])
        record(f"presentation of {PRESENTED}: outputs", "ours", violations)
        record_the_rest(record, page, f"presentation of {PRESENTED}", "Voilà", MARKDOWN)
        assert_none(violations, f"the presentation of {PRESENTED}")
    finally:
        page.close()
