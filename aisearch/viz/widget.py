"""Stepping through a trace in Jupyter: play, slider, previous and next.

``StepViewer`` is an ``ipywidgets.VBox``: a row of controls (``StepControls``:
play and pause, back to the start, previous and next, a slider), the
step's sentence, the picture, and the counters. The picture is the PNG of
one ``TreeFigure``, restyled and re-rendered in place at every step, so a
long session makes no new figures. The viewer takes either kind of trace:
an ``aisearch.Trace`` of minimax, alpha-beta or expectimax (drawn by
``TreeFigure``) or an ``aisearch.mcts.MCTSTrace`` (drawn by ``MCTSFigure``,
the tree growing with its visit counts and mean values).

The controls are joined with ``ipywidgets.link``, in the kernel, rather
than ``jslink`` in the browser: every step has to reach the kernel anyway to
be drawn, and a kernel-side link works in Colab too.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..trace import step_index
from .controls import StepControls
from .mcts import figure_for
from .style import counters_text


class StepViewer(widgets.VBox):
    """A widget that steps backwards and forwards through a trace.

    Args:
        trace: an ``aisearch.Trace`` of a search (``Trace(game)`` also shows
            the subtrees the cutoffs pruned), or an ``aisearch.mcts.MCTSTrace``.
        step: the step shown first (negative counts from the end).
        interval: milliseconds per step when playing.
        figure_options: passed to ``TreeFigure`` (``figsize``, ``dpi``, ...),
            or to ``MCTSFigure`` for an MCTS trace.

    Attributes:
        controls: the ``StepControls`` (``play_button``, ``start_button``, ...).
        play, slider, previous_button, next_button: the controls' hidden
            ``Play`` (its ``value`` is the step, ``playing`` whether it plays),
            slider, and buttons.
        sentence, counters: ``HTML`` widgets explaining the step.
        image: the ``Image`` widget that shows the picture.
        tree_figure: the ``TreeFigure`` (``MCTSFigure``) that draws it;
            ``figure`` is its matplotlib ``Figure``, the only one the viewer
            ever makes.

    Raises:
        ValueError: if the trace is empty or ``step`` is outside it.

    >>> from aisearch import alphabeta, Trace
    >>> from aisearch.games import GameTree
    >>> trace = Trace()
    >>> _ = alphabeta(GameTree.from_nested([[3, 12], [2, 4]]), tracer=trace)
    >>> viewer = StepViewer(trace)
    >>> viewer.next_button.click()
    >>> viewer.step, viewer.sentence.value
    (1, '<b>Enter B (MIN) by action a1 from A, with α = −∞, β = +∞.</b>')
    """

    def __init__(self, trace, *, step: int = 0, interval: int = 800, **figure_options):
        figure_options.setdefault("caption", False)
        self.tree_figure = figure_for(trace, step=step, **figure_options)
        self.trace = trace
        self.figure = self.tree_figure.figure
        first = self.tree_figure.frame.step
        self.controls = StepControls(len(trace), step=first, interval=interval)
        self.play, self.slider = self.controls.player, self.controls.slider
        self.previous_button = self.controls.previous_button
        self.next_button = self.controls.next_button
        self.sentence = widgets.HTML()
        self.counters = widgets.HTML()
        self.image = widgets.Image(
            format="png", layout=widgets.Layout(max_width="100%", height="auto")
        )
        self.slider.observe(self._on_slider, names="value")
        super().__init__([self.controls, self.sentence, self.image, self.counters])
        self._show(first)

    @property
    def step(self) -> int:
        """The step shown; set it to show another (negative counts from the end)."""
        return self.slider.value

    @step.setter
    def step(self, step: int) -> None:
        self.slider.value = step_index(self.trace.events, step, "a search")

    @property
    def frame(self):
        """The ``Frame`` of the step shown."""
        return self.tree_figure.frame

    def _on_slider(self, change) -> None:
        self._show(change["new"])

    def _show(self, step: int) -> None:
        frame = self.tree_figure.update(step)
        self.image.value = self.tree_figure.png()
        self.sentence.value = f"<b>{html.escape(frame.sentence)}</b>"
        own = getattr(self.tree_figure, "counters_text", None)  # an MCTS figure counts iterations
        counts = own(frame) if own is not None else counters_text(frame, len(self.trace))
        self.counters.value = f"<span style='color:#555'>{html.escape(counts)}</span>"
        self.previous_button.disabled = step == 0
        self.next_button.disabled = step == self.slider.max

    def __repr__(self) -> str:
        return f"<StepViewer at step {self.step} of {len(self.trace) - 1}>"


def step_through(trace, **options) -> StepViewer:
    """A ``StepViewer`` for ``trace``: the one-line way to watch a search.

    ``options`` go to ``StepViewer`` (``step``, ``interval``, ``figsize``, ...).
    """
    return StepViewer(trace, **options)
