"""The viewer's controls: play and pause, back to the start, a step at a time, a slider.

``StepControls`` is a row of labelled controls over the steps ``0 .. steps -
1``: "play", which reads "pause" while playing (pausing stops at the step
shown), "start" (back to the first step: 0, or the slider's ``min`` when a
viewer steps through one subtree), "◀ previous", the slider (described
"step") and "next ▶". Each has a tooltip, and each works from the keyboard:
Tab moves between them, Enter or Space presses a button, the arrow keys,
Home and End move the slider. At the first step "previous", and at the last
"next", say they cannot be pressed (``aria-disabled``: ``StepButton``) and
keep the keyboard focus. The play, pause and start symbols are Font
Awesome icons, which ipywidgets' own Play draws with (so wherever widgets
are drawn, they are): the media characters U+23EE and U+23F8 are missing
from common fonts such as DejaVu and show as empty boxes there.

The film runs in the browser, so that it keeps time however busy the kernel
is: a hidden ``ipywidgets.Play`` is its clock. Its ``value`` is joined to the
slider and its ``playing`` to the play button, in the kernel
(``ipywidgets.link``, which works in Colab too). In ipywidgets 8 the Play's
front end moves ``value`` on by one every ``interval`` milliseconds while
``playing`` is true, and after the last step sets ``playing`` back to false
(``repeat`` is off), so the button reads "play" again. Pressed at the last
step, play starts again from step 0.
"""

from __future__ import annotations

import ipywidgets as widgets

from ..game import require_count
from .accessible import RING_OFFSET, RING_WIDTH, StepButton, StepSlider

RING_ROOM = RING_WIDTH + RING_OFFSET
"""Pixels a focused control's ring reaches past it."""

PLAY, PAUSE = "play", "pause"
"""The play button's description, and its Font Awesome icon, stopped and playing."""
PLAY_TIP, PAUSE_TIP, AGAIN_TIP = (
    "play the steps one after another",
    "pause at this step",
    "play again from the start",
)


class StepControls(widgets.HBox):
    """Play/pause, start, previous, next and a slider over ``steps`` steps.

    Args:
        steps: how many steps there are (at least 1): the slider runs from 0
            to ``steps - 1``.
        step: the step shown first.
        interval: milliseconds per step while playing.

    Attributes:
        play_button: a ``ToggleButton``: pressed ("pause") while playing.
        start_button: a ``Button``; previous_button, next_button:
            ``StepButton``\\ s (``aisearch.viz.accessible``).
        slider: the ``StepSlider`` (``aisearch.viz.accessible``); its
            ``value`` is the step shown, and
            what the owner of the controls observes.
        player: the hidden ``Play`` that moves the slider while playing.

    Raises:
        ValueError: naming ``steps``, ``step`` or ``interval`` if it is not a
            whole number in range.

    >>> controls = StepControls(5, step=4)
    >>> controls.play_button.value = True  # at the last step: from the start
    >>> controls.slider.value, controls.play_button.description
    (0, 'pause')
    >>> controls.play_button.value = False
    >>> controls.play_button.description
    'play'
    """

    def __init__(self, steps: int, *, step: int = 0, interval: int = 800):
        last = require_count(steps, "steps", 1) - 1
        if require_count(step, "step") > last:
            raise ValueError(f"step must be at most {last} (steps={steps}), got {step!r}")
        require_count(interval, "interval", 1)
        # A named range input ("step 3 of 20" to a screen reader): a stock
        # IntSlider's label is not tied to its handle.
        # "of" the whole trace's last step, also while it runs over one subtree.
        self.slider = StepSlider(value=step, min=0, max=last, label="step", total=last)
        self.player = widgets.Play(
            value=step,
            min=0,
            max=last,
            step=1,
            interval=interval,
            show_repeat=False,
            layout=widgets.Layout(display="none"),
        )
        self.play_button = widgets.ToggleButton(
            value=False,
            description=PLAY,
            icon=PLAY,
            tooltip=PLAY_TIP,
            layout=widgets.Layout(width="6.5em"),  # one width for both labels: nothing jumps
        )
        self.start_button = widgets.Button(
            description="start",
            icon="step-backward",
            tooltip="back to the start",
            layout=widgets.Layout(width="auto"),
        )
        # At the first (last) step, previous (next) says so with aria-disabled and
        # keeps the keyboard focus: a disabled button would drop it to the page.
        self.previous_button = StepButton(description="◀ previous", tooltip="previous step")
        self.next_button = StepButton(description="next ▶", tooltip="next step")
        # Observed before the links are made, so that play at the last step
        # sends the browser step 0 before it sends playing.
        self.play_button.observe(self._on_play, names="value")
        self.slider.observe(lambda _: self._label(), names="value")
        self._links = (
            widgets.link((self.player, "value"), (self.slider, "value")),
            widgets.link((self.play_button, "value"), (self.player, "playing")),
        )
        self.start_button.on_click(lambda _: self._go(self.slider.min))
        self.previous_button.on_click(lambda _: self._go(self.slider.value - 1))
        self.next_button.on_click(lambda _: self._go(self.slider.value + 1))
        super().__init__(
            [
                self.play_button,
                self.start_button,
                self.previous_button,
                self.slider,
                self.next_button,
                self.player,
            ],
            # Room around the row for a focused button's ring, which the row's
            # overflow would clip; and between the buttons, so that it covers none.
            layout=widgets.Layout(
                flex_flow="row wrap", align_items="center", padding=f"{RING_ROOM}px"
            ),
        )
        for button in (self.start_button, self.previous_button, self.next_button):
            # Neighbours 2 x 3 px apart: a ring's 5 px reach stays clear of the next one.
            button.layout.margin = f"0 {(RING_ROOM + 1) // 2}px"
        self._label()

    def _on_play(self, change) -> None:
        if change["new"] and self.slider.value == self.slider.max:
            self.slider.value = self.slider.min
        self._label()

    def _go(self, step: int) -> None:
        """Pause, and show ``step``, clamped to the steps (a click past either
        end, possible with ``click()`` on a disabled button, does nothing)."""
        self.play_button.value = False
        self.slider.value = min(max(step, self.slider.min), self.slider.max)

    def _label(self) -> None:
        """Say on each control what it would do now."""
        playing, step = self.play_button.value, self.slider.value
        self.play_button.description = self.play_button.icon = PAUSE if playing else PLAY
        at_end = step == self.slider.max
        self.play_button.tooltip = PAUSE_TIP if playing else AGAIN_TIP if at_end else PLAY_TIP
        self.previous_button.disabled = step == self.slider.min
        self.next_button.disabled = at_end
