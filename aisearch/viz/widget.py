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

from ..focus import Overview
from ..narration import move_text
from ..trace import bound_text, step_index
from .accessible import VIEWER, AltImage, LiveText, ViewerKeys, focus_css
from .arguments import require_positive, require_trace
from .controls import StepControls
from .focus import WIDTH as FOCUS_WIDTH
from .mcts import figure_for, is_mcts_trace
from .style import counters_text


def _count(nodes: int) -> str:
    return "1 node" if nodes == 1 else f"{nodes:,} nodes"


_WHOLE = -1
"""The menu's value for "the whole search" (no node has a negative id)."""


class StepViewer(widgets.VBox):
    """A widget that steps backwards and forwards through a trace.

    Args:
        trace: an ``aisearch.Trace`` of a search (``Trace(game)`` also shows
            the subtrees the cutoffs pruned), or an ``aisearch.mcts.MCTSTrace``.
        step: the step shown first (negative counts from the end).
        interval: milliseconds per step when playing.
        focus: a node whose subtree to step through (the slider then runs
            over the steps the search spent inside it); ``None``, the whole
            search. A large trace (``aisearch.viz.focus``) also offers its
            collapsed subtrees in the ``subtree`` menu, to open one.
        figure_options: passed to ``TreeFigure`` (``figsize``, ``dpi``, ...),
            to ``FocusFigure`` for a large trace, or to ``MCTSFigure`` for an
            MCTS trace.

    Attributes:
        controls: the ``StepControls`` (``play_button``, ``start_button``, ...).
        play, slider, previous_button, next_button: the controls' hidden
            ``Play`` (its ``value`` is the step, ``playing`` whether it plays),
            slider, and buttons.
        sentence, counters: ``HTML`` widgets explaining the step.
        image: the ``Image`` widget that shows the picture.
        subtree: the menu of the subtrees that can be opened (large traces),
            ``None`` otherwise.
        tree_figure: the ``TreeFigure`` (``FocusFigure``, ``MCTSFigure``) that draws it;
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

    _choosing = False

    def __init__(self, trace, *, step: int = 0, interval: int = 800, focus=None, **figure_options):
        require_trace(trace, "StepViewer")
        require_positive(interval, "interval", "StepViewer", optional=False)
        figure_options.setdefault("caption", False)
        # No wider than a notebook's output area, so that it is never shrunk.
        self.tree_figure = figure_for(trace, step=step, fit=FOCUS_WIDTH, **figure_options)
        self.trace = trace
        self.figure = self.tree_figure.figure
        first = self.tree_figure.frame.step
        # The subtree menu needs an overview that can list a subtree's steps; an
        # MCTS tree grows a little everywhere at each iteration, so it has none.
        overview = getattr(self.tree_figure, "overview", None)
        self.overview = overview if hasattr(overview, "steps") else None
        self.controls = StepControls(len(trace), step=first, interval=interval)
        self.play, self.slider = self.controls.player, self.controls.slider
        self.previous_button = self.controls.previous_button
        self.next_button = self.controls.next_button
        # The sentence is announced as it changes (a live region that stays in
        # place), and the picture carries the frame in words (its alt text).
        self.sentence = LiveText()
        self.counters = widgets.HTML()
        self.image = AltImage(format="png")
        self.slider.observe(self._on_slider, names="value")
        self.subtree = None
        rows = [self.controls, self.sentence, self.image, self.counters]
        if self.overview is not None:
            self.subtree = widgets.Dropdown(
                description="open",
                tooltip="step through one subtree (its steps only), or the whole search",
                layout=widgets.Layout(width="min(100%, 520px)"),
            )
            self.subtree.observe(self._on_subtree, names="value")
            rows.insert(1, self.subtree)
        elif focus is not None:
            if is_mcts_trace(trace):
                raise ValueError(
                    f"focus={focus!r}: an MCTS tree grows a little everywhere at each "
                    "iteration, so a subtree has no steps of its own to go through"
                )
            self.overview = Overview(trace)
        # Its own focus ring, thick enough to see (scoped to the viewer), and its
        # controls' keys kept from the page around it (the slides' reveal.js).
        rows.insert(-1, ViewerKeys(css=focus_css(), layout=widgets.Layout(display="none")))
        super().__init__(rows)
        self.add_class(VIEWER)
        self.focus = None
        if focus is not None:
            self.focus_on(focus)
        self._show(self.slider.value)

    @property
    def step(self) -> int:
        """The step shown; set it to show another (negative counts from the end)."""
        return self.slider.value

    @step.setter
    def step(self, step: int) -> None:
        index = step_index(self.trace.events, step, "a search")
        if not self.slider.min <= index <= self.slider.max:
            raise ValueError(
                f"step {step} is outside the subtree open now (steps {self.slider.min}.."
                f"{self.slider.max}): call focus_on(None) to go through the whole search"
            )
        self.slider.value = index

    @property
    def frame(self):
        """The ``Frame`` of the step shown."""
        return self.tree_figure.frame

    def focus_on(self, node) -> None:
        """Step through ``node``'s subtree only (``None``: the whole search again).

        The slider runs over the steps the search spent inside the subtree,
        from its first visit to its return, and starts at the first; back on
        the whole search it stays at the step shown.

        Raises:
            ValueError: ``node`` is not in the trace, or was never visited.
        """
        if node is None:
            steps = range(len(self.trace))
        else:
            if self.overview is None:
                self.overview = Overview(self.trace)
            steps = self.overview.steps(node)
        self.focus = node
        first, last = steps[0], steps[-1]
        self.controls.play_button.value = False
        shown = self.slider.value if node is None else first
        # Widen before narrowing, so that min never passes max on the way.
        self.slider.min, self.play.min = 0, 0
        self.slider.max = self.play.max = last
        self.slider.value = shown
        self.slider.min = self.play.min = first
        self._show(self.slider.value)

    def _on_subtree(self, change) -> None:
        if self._choosing:
            return
        self.focus_on(None if change["new"] == _WHOLE else change["new"])

    def _subtree_options(self) -> None:
        """The menu: the whole search, the subtree open now, and every subtree
        drawn beside the path that the search visits, now or later."""
        if self.subtree is None:
            return
        assert self.overview is not None
        view = self.tree_figure.view
        options = [("the whole search", _WHOLE)]
        if self.focus is not None:
            options.append((f"open: {self._describe(self.focus, len(self.trace) - 1)}", self.focus))
        for row in view.rows:
            for n in row:
                if n == self.focus or n in view.open or n not in self.overview.end:
                    continue
                if self.overview.end[n] - n > 1:  # a subtree, not a lone leaf
                    options.append((self._describe(n, view.step), n))
        self._choosing = True
        try:
            self.subtree.options = options
            self.subtree.value = _WHOLE if self.focus is None else self.focus
        finally:
            self._choosing = False

    def _describe(self, node, step: int) -> str:
        """``(1, 2) from O.X.X....: 137 nodes, value ≤0, a cutoff inside``, as at
        ``step``; a subtree the search has not reached yet says how big it will be."""
        assert self.overview is not None
        nodes = self.trace.nodes()
        row = nodes[node]
        if row.parent is None:
            return f"the whole search: {_count(self.overview.subtree(node, step).held)}"
        parent = "the root" if nodes[row.parent].parent is None else self.trace.label(row.parent)
        action = (
            move_text(self.trace.game, row.action)
            if row.action is not None
            else self.trace.label(node)
        )
        summary = self.overview.subtree(node, step)
        if summary.visited == 0:
            return f"{action} from {parent}: searched later, {_count(summary.held)}"
        frame = self.trace.frame(step)
        value = frame.value.get(node)
        said = (
            "" if value is None else f", value {bound_text(value, frame.bound.get(node, 'exact'))}"
        )
        cut = ", a cutoff inside" if summary.cut else ""
        so_far = " so far" if summary.visited < summary.held else ""
        return f"{action} from {parent}: {_count(summary.visited)}{so_far}{said}{cut}"

    def _on_slider(self, change) -> None:
        self._show(change["new"])

    def _show(self, step: int) -> None:
        frame = self.tree_figure.update(step)
        # At its own size, never stretched: the text in it is sized in pixels.
        self.image.width = round(self.figure.get_figwidth() * self.figure.dpi)
        self.image.alt = self.picture_text(frame)
        self.image.value = self.tree_figure.png()
        self.sentence.value = f"<b>{html.escape(frame.sentence)}</b>"
        own = getattr(self.tree_figure, "counters_text", None)  # an MCTS figure counts iterations
        counts = own(frame) if own is not None else counters_text(frame, len(self.trace))
        if self.focus is not None:
            counts += f"   ·   in the open subtree: steps {self.slider.min}–{self.slider.max}"
        self.counters.value = f"<span style='color:#555'>{html.escape(counts)}</span>"
        self.previous_button.disabled = step == self.slider.min
        self.next_button.disabled = step == self.slider.max
        self._subtree_options()

    def picture_text(self, frame) -> str:
        """The picture in words, for its text alternative: what the frame shows."""
        describe = getattr(self.tree_figure, "describe", None)
        if describe is not None:
            return describe(frame)
        return frame.sentence

    def __repr__(self) -> str:
        return f"<StepViewer at step {self.step} of {len(self.trace) - 1}>"


def step_through(trace, **options) -> StepViewer:
    """A ``StepViewer`` for ``trace``: the one-line way to watch a search.

    ``options`` go to ``StepViewer`` (``step``, ``interval``, ``figsize``, ...).
    """
    require_trace(trace, "step_through")
    return StepViewer(trace, **options)
