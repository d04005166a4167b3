"""What the browser tests see of the course: a notebook in JupyterLab, a viewer, a board.

The same ``StepViewer`` and ``DiceNimTable`` classes work in JupyterLab, in
Notebook 7 and in the presentation page (Voilà): all render ipywidgets into the same DOM
(``.widget-vbox``, ``.aisearch-step-slider``, ``.aisearch-alt-image img``, buttons by their
text). Every action waits for the kernel's answer in the page itself: the
counters line says the step the slider shows, the picture is a new, loaded
image, the board's pile shrinks.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

RUN_SECONDS = 150  # a whole notebook, kernel start included
ANSWER_SECONDS = 20  # one click: the kernel redraws and sends a new picture

# Text that shows a widget was not drawn: the kernel's plain-text fallback
# (``StepViewer(children=(...))``), or the widget manager's own complaints.
NOT_RENDERED = re.compile(
    r"\w\(children=|Error displaying widget|Loading widget|"
    r"Failed to load model"
)


def wait_until(condition, what: str, timeout: float = ANSWER_SECONDS, poll: float = 0.1):
    """Poll ``condition()`` until it returns something true; fail naming ``what``."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(poll)


# -- a notebook opened in JupyterLab or Notebook 7 ---------------------------------------

# Where each front end opens a notebook, by its path from the server's root. Both
# are served by the same Jupyter server when the ``notebook`` package is installed;
# Notebook 7 is built of JupyterLab's parts, so ``window.jupyterapp`` (exposed by
# the server's options) has the same shell, commands and notebook panel in both.
FRONT_ENDS = {"lab": "lab/tree/{path}", "notebook": "notebooks/{path}"}

CELLS_JS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return panel.content.widgets.map((cell, index) => {
    if (cell.model.type !== 'code') return null;
    const outputs = cell.model.sharedModel.outputs || [];
    const area = cell.node.querySelector('.jp-OutputArea');
    return {
      index,
      source: cell.model.sharedModel.getSource().slice(0, 60),
      executed: cell.model.sharedModel.execution_count !== null,
      errors: outputs.filter(o => o.output_type === 'error').map(o => `${o.ename}: ${o.evalue}`),
      widget_outputs: outputs.filter(o => o.data && o.data['application/vnd.jupyter.widget-view+json']).length,
      widgets_drawn: area ? area.querySelectorAll(':scope .jp-OutputArea-output > .jupyter-widgets').length : 0,
      text: area ? area.textContent : '',
    };
  }).filter(cell => cell !== null);
}"""


@dataclass
class LabNotebook:
    """A notebook open in JupyterLab (or in Notebook 7), every cell run once."""

    page: object
    path: str

    @classmethod
    def open_and_run(cls, page, server, path: str, front_end: str = "lab") -> LabNotebook:
        """Open ``path``, run all cells with the app's own command, wait for the idle kernel.

        ``front_end`` is ``"lab"`` (JupyterLab) or ``"notebook"`` (Notebook 7).
        """
        page.goto(server.page_url(FRONT_ENDS[front_end].format(path=path)))
        page.wait_for_function(
            """(path) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                 const kernel = w && w.context && w.context.path === path && w.sessionContext
                   && w.sessionContext.session && w.sessionContext.session.kernel;
                 return kernel && kernel.status === 'idle'; }""",
            arg=path,
            timeout=RUN_SECONDS * 1000,
        )
        # Lab's file browser takes width from the notebook (Notebook 7 has none open).
        page.evaluate("() => window.jupyterapp.shell.collapseLeft?.()")
        # Run > Run All Cells; its promise settles when the last cell has run.
        page.evaluate("""() => { window.__runAll = undefined;
            window.jupyterapp.commands.execute('notebook:run-all-cells').then(
              ok => { window.__runAll = String(ok); },
              error => { window.__runAll = 'error: ' + error; }); }""")
        page.wait_for_function("() => window.__runAll !== undefined", timeout=RUN_SECONDS * 1000)
        page.wait_for_function(
            "() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status"
            " === 'idle'",
            timeout=RUN_SECONDS * 1000,
        )
        notebook = cls(page, path)
        result = page.evaluate("() => window.__runAll")
        assert result == "true", f"{path}: Run All Cells ended with {result}: {notebook.problems()}"
        return notebook

    def cells(self) -> list[dict]:
        return self.page.evaluate(CELLS_JS)

    def wait_for_widgets(self, timeout: float = ANSWER_SECONDS) -> None:
        """Wait until every widget output has a drawn view (or time runs out)."""
        try:
            wait_until(
                lambda: all(c["widgets_drawn"] >= c["widget_outputs"] for c in self.cells()),
                "the widgets to be drawn",
                timeout,
            )
        except AssertionError:
            pass  # problems() says which cell, and how

    def problems(self) -> list[str]:
        """Everything a student would see wrong: errors, unrun cells, undrawn widgets."""
        found = []
        for cell in self.cells():
            where = f"cell {cell['index']} ({cell['source'].splitlines()[0] if cell['source'] else ''!r})"
            if not cell["executed"] and cell["source"].strip():
                found.append(f"{where} was not run")
            found += [f"{where} raised {error}" for error in cell["errors"]]
            if cell["widgets_drawn"] < cell["widget_outputs"]:
                found.append(
                    f"{where}: {cell['widget_outputs']} widget(s) output, "
                    f"{cell['widgets_drawn']} drawn"
                )
            if cell["widget_outputs"] and (match := NOT_RENDERED.search(cell["text"])):
                found.append(f"{where} shows {match.group(0)!r} instead of a widget")
        return found

    def widget_count(self) -> int:
        return sum(cell["widget_outputs"] for cell in self.cells())


# -- the step-through viewer -------------------------------------------------------------

VIEWER_STATE_JS = """(viewer) => {
  const html = viewer.querySelectorAll(':scope > .widget-html .widget-html-content');
  const live = viewer.querySelector(':scope > .aisearch-live-text [role=status]');
  const image = viewer.querySelector(':scope > .aisearch-alt-image img');
  const buttons = [...viewer.querySelectorAll('button.widget-button')];
  const button = (text) => buttons.find(b => b.textContent.includes(text));
  const area = viewer.closest('.jp-OutputArea') || viewer.parentElement;
  return {
    sentence: live ? live.textContent.trim() : null,
    counters: html.length ? html[html.length - 1].textContent.trim() : null,
    readout: viewer.querySelector('.aisearch-step-slider .aisearch-readout').textContent.trim(),
    src: image ? image.src : null,
    image_loaded: !!image && image.complete && image.naturalWidth > 0,
    previous_disabled: button('previous').getAttribute('aria-disabled') === 'true',
    next_disabled: button('next').getAttribute('aria-disabled') === 'true',
    outputs_in_cell: area.querySelectorAll('.jp-OutputArea-output').length,
    images_in_cell: area.querySelectorAll('img').length,
  };
}"""

STEP = re.compile(r"step (\d+) of (\d+)")


@dataclass(frozen=True)
class ViewerState:
    sentence: str
    counters: str
    readout: str
    src: str
    image_loaded: bool
    previous_disabled: bool
    next_disabled: bool
    outputs_in_cell: int
    images_in_cell: int

    @property
    def step(self) -> int:
        return int(self.readout)

    @property
    def settled(self) -> bool:
        """The kernel has answered: the counters name the slider's step, the picture loaded."""
        match = STEP.search(self.counters or "")
        return bool(match) and match.group(1) == self.readout and self.image_loaded


class StepViewer:
    """The ``aisearch.viz.StepViewer`` drawn in a page."""

    def __init__(self, locator):
        self.locator = locator
        self.page = locator.page

    @classmethod
    def all_in(cls, page) -> list[StepViewer]:
        # The viewer itself is the output (a check's show=True output is a box holding
        # the message and a comparison viewer: not a step viewer).
        viewers = (
            page.locator(".jp-OutputArea-output > .widget-vbox.aisearch-viewer")
            .filter(has=page.locator(".aisearch-step-slider"))
            .filter(has=page.get_by_role("button", name="next ▶"))
        )
        return [cls(viewers.nth(i)) for i in range(viewers.count())]

    def state(self) -> ViewerState:
        return ViewerState(**self.locator.evaluate(VIEWER_STATE_JS))

    def settled_state(self) -> ViewerState:
        return wait_until(lambda: (s := self.state()).settled and s, "the viewer to settle")

    def _after(self, action, expected_step, what: str) -> ViewerState:
        before = self.settled_state()
        action()

        def answered():
            now = self.state()
            return (
                now.settled
                and now.src != before.src
                and now.sentence != before.sentence
                and (expected_step is None or now.step == expected_step(before))
                and now
            )

        return wait_until(answered, f"{what}: a new step sentence and picture from the kernel")

    def next(self) -> ViewerState:
        return self._after(
            lambda: self.locator.get_by_role("button", name="next ▶").click(),
            lambda before: before.step + 1,
            "next ▶",
        )

    def previous(self) -> ViewerState:
        return self._after(
            lambda: self.locator.get_by_role("button", name="◀ previous").click(),
            lambda before: before.step - 1,
            "◀ previous",
        )

    def drag_slider(self, fraction: float) -> ViewerState:
        """Drag the slider's handle with the mouse to ``fraction`` of its track."""
        track = self.locator.locator(".aisearch-step-slider input[type=range]")
        track.scroll_into_view_if_needed()
        box = track.bounding_box()
        value, low, high = (
            float(track.evaluate(f"(i) => i.{name}")) for name in ("value", "min", "max")
        )
        y = box["y"] + box["height"] / 2
        # The thumb's centre runs from half a thumb in from either end; about 8 px here.
        inset = 8
        span = box["width"] - 2 * inset
        start = box["x"] + inset + span * (value - low) / max(1, high - low)
        mouse = self.page.mouse

        def drag():
            mouse.move(start, y)
            mouse.down()
            mouse.move(box["x"] + inset + fraction * span, y, steps=12)
            mouse.up()

        self._after(drag, None, "dragging the slider")
        # continuous_update sends every step passed: wait for the last one.
        return wait_until(
            lambda: (s := self.settled_state()) == self.state() and s, "the slider to come to rest"
        )

    def play_button(self):
        """The play/pause toggle ("play", "pause" while playing)."""
        return self.locator.locator("button.widget-toggle-button").first

    def play_until(self, steps: int) -> ViewerState:
        """Press play, wait until it has moved ``steps`` steps on its own, press pause."""
        play = self.play_button()
        before = self.settled_state()
        play.click()
        try:
            wait_until(
                lambda: self.state().step >= before.step + steps,
                f"play to advance {steps} steps",
                timeout=ANSWER_SECONDS,
            )
        finally:
            if "pause" in play.inner_text():  # the same button pauses (unless it reached the end)
                play.click()
        time.sleep(1)  # a step already sent may still arrive
        return self.settled_state()

    def start(self) -> ViewerState:
        """Press "start": back to step 0."""
        self.locator.get_by_title("back to the start").click()
        return wait_until(
            lambda: (s := self.settled_state()).step == 0 and s, "the viewer back at step 0"
        )


# -- the Dice Nim board -----------------------------------------------------------------

LEFT = re.compile(r"\((\d+) left\)")
TURN = re.compile(r"^turn \d+:.*$", re.MULTILINE)


class DiceNimBoard:
    """The ``aisearch.viz.DiceNimTable`` drawn in a page: ``take k`` buttons and a pile."""

    def __init__(self, locator):
        self.locator = locator
        self.page = locator.page

    @classmethod
    def all_in(cls, page) -> list[DiceNimBoard]:
        boards = page.locator(".jp-OutputArea-output > .widget-vbox").filter(
            has=page.get_by_role("button", name=re.compile(r"^take \d+$"))
        )
        return [cls(boards.nth(i)) for i in range(boards.count())]

    def text(self) -> str:
        return self.locator.locator(".widget-html-content").first.inner_text()

    def stones(self) -> int:
        match = LEFT.search(self.text())
        assert match, f"no '(N left)' on the board:\n{self.text()}"
        return int(match.group(1))

    def enabled_takes(self) -> list[int]:
        buttons = self.locator.get_by_role("button", name=re.compile(r"^take \d+$"))
        return [
            int(buttons.nth(i).inner_text().split()[1])
            for i in range(buttons.count())
            if buttons.nth(i).get_attribute("aria-disabled") == "false"
        ]

    def new_game(self) -> str:
        before = self.text()
        self.locator.get_by_role("button", name="new game").click()
        return wait_until(
            lambda: not TURN.search(t := self.text()) and t,
            f"a new game (the board was:\n{before})",
        )

    def take(self, k: int) -> tuple[int, str]:
        """Click ``take k``; wait for the computer's reply; return (stones it took, its line)."""
        stones, turns = self.stones(), TURN.findall(self.text())
        self.locator.get_by_role("button", name=f"take {k}").click()
        text = wait_until(
            lambda: len(TURN.findall(t := self.text())) > len(turns) and t,
            f"a new turn on the board after 'take {k}'",
        )
        line = TURN.findall(text)[-1]
        return stones - k - self.stones(), line
