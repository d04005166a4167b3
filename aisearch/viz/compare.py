"""Your search beside the reference: one tree drawn twice, stepped together.

A check run with ``show=True`` carries a comparison of the student's function
with the package's search on one case tree (``aisearch.exercises.comparison``).
This module draws it: the same tree twice, side by side (or one above the
other when the tree is too wide for both in a notebook's width), "your
search" on the left and the reference search on the right. Step ``k`` is the
``k``-th node each side reads. The reference side is the reference trace's
frame at the event that reads its ``k``-th node, drawn as ``TreeDrawing``
draws any frame; the student's side is a frame made from the reads alone:
the node read now is active, the nodes above it on the stack, the nodes read
before done (with the student's value once it has finished with them), the
rest not yet read.

``ComparisonFigure`` is the matplotlib figure; ``ComparisonViewer`` the widget
with one slider, previous and next buttons, and a button that goes to the
step where the two part; under the pictures the comparison's sentence for the
step, and a text description of both pictures for readers who cannot see
them. Like the rest of ``aisearch.viz`` it only reads what the comparison
holds; it never runs a search or the student's function.
"""

from __future__ import annotations

import html
import io
from typing import cast

import ipywidgets as widgets
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.lines import Line2D
from matplotlib.transforms import offset_copy

import aisearch.viz.style as style

from ..trace import EXIT, STACK, UNSEEN, Frame, format_value
from .accessible import (
    VIEWER,
    AltImage,
    LiveText,
    StepButton,
    StepSlider,
    ViewerKeys,
    focus_css,
)
from .canvas import new_figure
from .layout import tree_layout
from .legend import legend_handles
from .tree import TreeDrawing

__all__ = ["ComparisonFigure", "ComparisonViewer", "draw_comparison"]

WIDEST = 9.6
"""Inches (at 100 dpi, pixels / 100) a comparison may take: about a notebook's width."""
GAP = 0.25
"""Inches between the two trees side by side."""
HEADER = 0.34
"""Inches of the header line (the step, and where the two part)."""
TITLE = 0.3
"""Inches of each tree's title."""
LEGEND_ROW = 0.25
"""Inches per row of the legend."""
DEPTH_LOOK = style.EdgeLook("#8e44ad", 1.2, (0, (5, 3)))
"""The dashed line under the nodes at a depth limit."""
PARTING_COLOR = "#b42318"
"""The header's and the titles' colour at and after the step where the two part."""
RING = 1.6
"""The parting ring's diameter, in node sizes: clear of a triangle's or a square's corners."""
RING_WIDTH = 1.8
"""The parting ring's line width, in points."""
RING_CLEARANCE = 2.0
"""Points between the parting ring and a text of its node moved out of its way."""


class _Canvas:
    """The tree both pictures are drawn on: the comparison's ``canvas`` trace (every
    node either side may read), whose values are sized for every value either
    side shows, so that no value outgrows the room its drawing gave it."""

    def __init__(self, comparison):
        self.trace = comparison.canvas
        self.ids = {row.state: n for n, row in self.trace.nodes().items()}
        first = self.trace[0]
        shown = list(comparison.your_values.items()) + list(comparison.reference_values.items())
        self.samples = [
            first._replace(kind=EXIT, node=self.ids[s], value=_drawable(v), alpha=None, beta=None)
            for s, v in shown
            if s in self.ids
        ]

    def __iter__(self):
        yield from self.trace
        yield from self.samples

    def __len__(self) -> int:
        return len(self.trace)

    def __getitem__(self, step: int):
        return self.trace[step]

    def __getattr__(self, name):
        return getattr(self.trace, name)


def _drawable(value):
    """A value as a picture can write it: numbers and vectors as they are, a list as
    a vector, anything else (a student's string, say) as its short repr."""
    if isinstance(value, list):
        value = tuple(value)
    if isinstance(value, (int, float, tuple)) or value is None:
        return value
    text = repr(value)
    return text if len(text) <= 12 else text[:11] + "…"


class ComparisonFigure:
    """One matplotlib figure: the case tree twice, your search and the reference.

    Args:
        comparison: an ``aisearch.exercises.comparison.Comparison``.
        step: the step shown first; by default where the two part (the last
            step if they agree throughout).
        dpi: pixels per inch of ``png``.

    Attributes:
        figure: the matplotlib ``Figure`` (unknown to pyplot).
        yours, reference: the ``TreeDrawing`` of each side.
        header, your_title, reference_title: the texts that change per step.
    """

    def __init__(self, comparison, *, step: int | None = None, dpi: float = 100):
        self.comparison = comparison
        self.canvas = _Canvas(comparison)
        self.layout = tree_layout(self.canvas)
        handles = legend_handles(self.canvas)
        if comparison.parting is not None:
            handles.append(
                Line2D(
                    [],
                    [],
                    label="where they part",
                    linestyle="none",
                    marker="o",
                    markersize=10,
                    markerfacecolor="none",
                    markeredgecolor=PARTING_COLOR,
                    markeredgewidth=RING_WIDTH,
                )
            )
        if comparison.depth is not None:
            handles.append(
                Line2D(
                    [],
                    [],
                    label=f"depth limit (depth={comparison.depth})",
                    color=DEPTH_LOOK.color,
                    linewidth=DEPTH_LOOK.width,
                    linestyle=DEPTH_LOOK.line,
                )
            )
        self.width, tree_height, self.side_by_side = _sizes(self.layout)
        columns = min(len(handles), 5 if self.width < 8 else 7)
        legend_rows = -(-len(handles) // columns)
        bottom = 0.1 + LEGEND_ROW * legend_rows
        panels = 1 if self.side_by_side else 2
        width = 2 * self.width + GAP if self.side_by_side else self.width
        self.figure = new_figure((width, HEADER + panels * (TITLE + tree_height) + bottom), dpi)
        axes = [self.figure.add_axes((0, 0, 1, 1)) for _ in range(2)]
        self._place(axes, tree_height, bottom, 0.0)
        self.yours = TreeDrawing(axes[0], self.canvas, layout=self.layout)
        self.reference = TreeDrawing(axes[1], self.canvas, layout=self.layout)
        # A value beside the root stands above the tree's axes: the titles go above it.
        above = _above_axes(self.yours)
        if above > 0:
            self._place(axes, tree_height, bottom, above)
        height = self.figure.get_figheight()
        # A red ring round the node each side's sentence is about, where they part;
        # the texts of that node it would cover are moved out of it (``_clear_ring``).
        self.rings = [
            ax.plot(
                [0],
                [0],
                linestyle="none",
                marker="o",
                markersize=RING * drawing.node_size,
                markerfacecolor="none",
                markeredgecolor=PARTING_COLOR,
                markeredgewidth=RING_WIDTH,
                zorder=2.5,
            )[0]
            for ax, drawing in zip(axes, (self.yours, self.reference), strict=True)
        ]
        self._moved: list = []
        if comparison.depth is not None:
            for ax in axes:  # under the nodes at the limit, above the actions' labels
                ax.axhline(
                    -(comparison.depth + 0.3),
                    zorder=0.4,
                    color=DEPTH_LOOK.color,
                    linewidth=DEPTH_LOOK.width,
                    linestyle=DEPTH_LOOK.line,
                )
        self.header = self.figure.text(
            0.01, 1 - 0.08 / height, "", ha="left", va="top", fontsize=10.5
        )
        pad = 4 + 72 * above
        self.your_title = axes[0].set_title("", loc="left", fontsize=10, pad=pad)
        self.reference_title = axes[1].set_title("", loc="left", fontsize=10, pad=pad)
        self.figure.legend(
            handles=handles,
            loc="lower center",
            ncol=columns,
            bbox_to_anchor=(0.5, 0.04 / height),
            frameon=False,
            fontsize=8.5,
            handlelength=1.6,
            columnspacing=1.2,
            handletextpad=0.5,
        )
        self.step = -1
        self.update(_first_step(comparison) if step is None else step)

    def _place(self, axes: list, tree_height: float, bottom: float, above: float) -> None:
        """Size the figure and place the two trees' axes (inches, from the top): the
        header, then per tree its title, ``above`` (room for texts over the root)
        and the tree; the legend's ``bottom`` band last. The axes keep their size
        in inches whatever ``above`` is, so a drawing made in them stays right."""
        panel = TITLE + above + tree_height
        panels = 1 if self.side_by_side else 2
        height = HEADER + panels * panel + bottom
        width = self.figure.get_figwidth()
        self.figure.set_size_inches(width, height)
        for i, ax in enumerate(axes):
            if self.side_by_side:
                left, top = i * (self.width + GAP), HEADER + TITLE + above
            else:
                left, top = 0.0, HEADER + TITLE + above + i * panel
            ax.set_position(
                (
                    (left + 0.015 * self.width) / width,
                    1 - (top + tree_height) / height,
                    0.97 * self.width / width,
                    tree_height / height,
                )
            )

    # Frames ----------------------------------------------------------------------------

    def your_frame(self, step: int) -> Frame:
        """Your side at ``step`` as a ``Frame`` of the canvas (node ids of ``canvas``)."""
        c, ids = self.comparison, self.canvas.ids
        status = dict.fromkeys(self.canvas.nodes(), UNSEEN)
        for state, mark in c.your_status(step).items():
            if state in ids:
                status[ids[state]] = mark
        active = ids.get(c.your_active(step), 0)
        value = {ids[s]: _drawable(v) for s, v in c.your_finished(step).items() if s in ids}
        stack = [n for n in _path_to(self.canvas, active) if status[n] == STACK] + [active]
        event = self.canvas[0]._replace(node=active)
        return Frame(step, event, status, value, {}, {}, stack, {}, c.sentence(step), {})

    def reference_frame(self, step: int) -> Frame:
        """The reference side at ``step``: the trace's frame, in the canvas's node ids."""
        c = self.comparison
        frame = c.trace.frame(c.reference_step(step))
        if c.canvas is c.trace:
            return frame
        to = {n: self.canvas.ids[row.state] for n, row in c.trace.nodes().items()}
        status = dict.fromkeys(self.canvas.nodes(), UNSEEN)
        status.update({to[n]: s for n, s in frame.status.items()})
        return frame._replace(
            event=frame.event._replace(node=to[frame.event.node]),
            status=status,
            value={to[n]: v for n, v in frame.value.items()},
            window={to[n]: w for n, w in frame.window.items()},
            best={to[n]: to[b] for n, b in frame.best.items()},
            stack=[to[n] for n in frame.stack],
            bound={to[n]: b for n, b in frame.bound.items()},
        )

    # Showing a step ------------------------------------------------------------------------

    def update(self, step: int) -> None:
        """Show ``step`` on both sides (``0 .. comparison.last_step``)."""
        c = self.comparison
        step = c.check_step(step)
        self.step = step
        self.yours.update(self.your_frame(step))
        self.reference.update(self.reference_frame(step))
        mine, theirs = c.reads(step)
        parted = c.parting is not None and step >= c.parting
        color = PARTING_COLOR if parted else "#111111"
        self.your_title.set_text(f"Your search: {_reading(mine, c.your_values.get(c.root))}")
        self.reference_title.set_text(
            f"{_capital(c.search)}: {_reading(theirs, c.reference_values.get(c.root))}"
        )
        for title in (self.your_title, self.reference_title):
            title.set_color(color)
        for text, transform, visible in self._moved:
            text.set_transform(transform)
            text.set_visible(visible)
        self._moved = []
        sides = (self.yours, self.reference)
        for ring, drawing, state in zip(self.rings, sides, c.parted_at, strict=True):
            node = self.canvas.ids.get(state)
            ring.set_visible(step == c.parting and node is not None)
            if node is not None:
                ring.set_data(*([v] for v in self.layout[node]))
            if ring.get_visible():
                self._clear_ring(drawing, node)
        self.header.set_text(_header(c, step))
        self.header.set_color(color)

    def ring_extent(self, side: int):
        """The pixel box of the parting ring on ``side`` (0 yours, 1 the reference's),
        its line's width included; ``None`` when the ring is not shown."""
        ring = self.rings[side]
        if not ring.get_visible():
            return None
        # A line's extent reaches the middle of its marker's outline: add the outer half.
        box = ring.get_window_extent(_renderer(self.figure))
        return box.padded(RING_WIDTH / 2 * self.figure.dpi / 72)

    def _ring_circle(self, side: int) -> tuple[float, float, float, float]:
        """The ring's centre in pixels, and its outer and inner radius in pixels."""
        box = self.ring_extent(side)
        assert box is not None, "only a ring that is shown has a circle"
        outer = box.width / 2
        inner = outer - RING_WIDTH * self.figure.dpi / 72
        return (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, outer, inner

    def _clear_ring(self, drawing: TreeDrawing, node: int) -> None:
        """Move the texts of ``node`` (name, value, window) out of its parting ring.

        A text inside the ring (a name written in its node) stays. A text beside
        the node moves sideways, away from it (above the root there is no room);
        one straight above or under it (a leaf's value and name) moves up or
        down. The texts on one side move together, by what the nearest of them
        needs to clear the ring by ``RING_CLEARANCE``, so that texts stacked on
        one side keep their order and spacing. A text that would leave the figure
        so, or a window that would meet another text, is hidden at this step
        instead (a window is only how the node was searched).
        ``update`` puts them back at the next step.
        """
        side = 0 if drawing is self.yours else 1
        x, y, outer, inner = self._ring_circle(side)
        reach = outer + RING_CLEARANCE * self.figure.dpi / 72
        renderer = _renderer(self.figure)
        groups: dict[tuple[int, int], list] = {}
        shifts: dict[tuple[int, int], float] = {}
        for text in _texts_of(drawing, node):
            box = text.get_window_extent(renderer)
            corners = [(box.x0, box.y0), (box.x0, box.y1), (box.x1, box.y0), (box.x1, box.y1)]
            if all((cx - x) ** 2 + (cy - y) ** 2 < inner**2 for cx, cy in corners):
                continue
            if box.x0 >= x or box.x1 <= x:
                way = (1 if box.x0 >= x else -1, 0)
            else:
                way = (0, 1 if box.y0 >= y else -1)
            groups.setdefault(way, []).append(text)
            near = {
                (1, 0): box.x0 - x,
                (-1, 0): x - box.x1,
                (0, 1): box.y0 - y,
                (0, -1): y - box.y1,
            }[way]
            meets = box.x0 < x + reach and box.x1 > x - reach and box.y0 < y + reach
            meets = meets and box.y1 > y - reach
            if meets:
                shifts[way] = max(shifts.get(way, 0.0), reach - near)
        figure = self.figure.bbox
        moving = {id(t) for texts in groups.values() for t in texts}
        others = [
            t.get_window_extent(renderer)
            for kind in (
                drawing.label_texts,
                drawing.value_texts,
                drawing.window_texts,
                drawing.probability_texts,
                drawing.action_texts,
            )
            for t in kind.values()
            if id(t) not in moving and t.get_visible() and t.get_text().strip()
        ]
        windows = {id(t) for t in drawing.window_texts.values()}
        for way, shift in shifts.items():
            dx, dy = way[0] * shift, way[1] * shift
            for text in groups[way]:
                self._moved.append((text, text.get_transform(), text.get_visible()))
                box = text.get_window_extent(renderer).translated(dx, dy)
                leaves = box.x0 < figure.x0 or box.x1 > figure.x1 or box.y0 < figure.y0
                meets = id(text) in windows and any(box.overlaps(o) for o in others)
                if leaves or meets:
                    text.set_visible(False)
                else:
                    text.set_transform(offset_copy(text.get_transform(), x=dx, y=dy, units="dots"))

    def png(self, step: int | None = None) -> bytes:
        """The PNG bytes of ``step`` (by default the step shown now)."""
        if step is not None:
            self.update(step)
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()

    def _repr_png_(self) -> bytes:
        return self.png()

    def __repr__(self) -> str:
        return f"<ComparisonFigure at step {self.step} of {self.comparison.last_step}>"


def _renderer(figure):
    """The renderer of ``figure``'s Agg canvas (``new_figure`` gives it one), to measure texts."""
    return cast(FigureCanvasAgg, figure.canvas).get_renderer()


def _above_axes(drawing: TreeDrawing) -> float:
    """Inches the texts of the root written above it (a value too wide for it) may
    reach above ``drawing``'s axes; 0 if none does. Measured with the widest value
    the root's texts take, as the drawing placed them (a line is as tall whatever
    its digits)."""
    root = next(n for n, row in drawing.nodes.items() if row.parent is None)
    figure = drawing.ax.figure
    renderer = _renderer(figure)
    top = drawing.ax.get_window_extent(renderer).y1
    reach = top
    for text in _texts_of(drawing, root, shown_only=False):
        if not text.get_visible():
            continue
        before = text.get_text()
        text.set_text(before or "0")
        reach = max(reach, text.get_window_extent(renderer).y1)
        text.set_text(before)
    return (reach - top) / figure.dpi


def _texts_of(drawing: TreeDrawing, node: int, *, shown_only: bool = True) -> list:
    """The texts written for ``node`` that show now: its name, value, window, badge."""
    kinds = (drawing.label_texts, drawing.value_texts, drawing.window_texts, drawing.badge_texts)
    texts = [text for kind in kinds if (text := kind.get(node)) is not None]
    if not shown_only:
        return texts
    return [t for t in texts if t.get_visible() and t.get_text().strip()]


def _sizes(layout: dict) -> tuple[float, float, bool]:
    """``(width of one tree, height of one tree, side by side?)`` in inches.

    About 0.42 inches per leaf keeps a node's value in type of 8 points or
    more; two trees go side by side only if both fit in ``WIDEST``.
    """
    xs = [x for x, _ in layout.values()]
    levels = 1 - min(y for _, y in layout.values())
    width = min(WIDEST, max(3.4, 0.42 * (max(xs) - min(xs) + 1) + 0.6))
    height = 0.62 * levels + 0.45
    return width, height, 2 * width + GAP <= WIDEST


def _first_step(comparison) -> int:
    """Where the two part; the last step (their agreement) if they never do."""
    return comparison.last_step if comparison.parting is None else comparison.parting


def _path_to(canvas: _Canvas, node: int) -> list[int]:
    """The canvas's node ids from the root down to ``node``'s parent."""
    nodes = canvas.nodes()
    path, parent = [], nodes[node].parent
    while parent is not None:
        path.append(parent)
        parent = nodes[parent].parent
    return path[::-1]


def _reading(state, value) -> str:
    if state is None:
        return f"returned {format_value(_drawable(value)) or 'nothing'}"
    return f"reads {state}"


def _header(c, step: int) -> str:
    where = f"Step {step} of {c.last_step}"
    if c.parting is None:
        return f"{where}: they agree throughout"
    if step == c.parting:
        return f"{where}: they part here"
    if step < c.parting:
        return f"{where}: the same so far (they part at step {c.parting})"
    return f"{where} (they parted at step {c.parting})"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def draw_comparison(comparison, step: int | None = None, **options):
    """The two pictures at ``step`` (by default where they part) as a ``Figure``.

    ``options`` go to ``ComparisonFigure`` (``dpi``).
    """
    return ComparisonFigure(comparison, step=step, **options).figure


class ComparisonViewer(widgets.VBox):
    """A widget that steps your search and the reference together.

    Args:
        comparison: an ``aisearch.exercises.comparison.Comparison``.
        step: the step shown first; by default where the two part (the last
            step if they agree throughout).
        figure_options: passed to ``ComparisonFigure`` (``dpi``).

    Attributes:
        slider, previous_button, next_button: the controls (one for both sides).
        parting_button: goes to the step where the two part (disabled if they never do).
        sentence: ``LiveText``, what happens at the step (``comparison.sentence``),
            announced when it changes.
        description: ``HTML``, both pictures in words (``comparison.describe``).
        image: the ``AltImage`` showing the picture, with both pictures in
            words as its text alternative.
        comparison_figure: the ``ComparisonFigure`` that draws it.
    """

    def __init__(self, comparison, *, step: int | None = None, **figure_options):
        self.comparison = comparison
        first = _first_step(comparison) if step is None else comparison.check_step(step)
        self.comparison_figure = ComparisonFigure(comparison, step=first, **figure_options)
        self.slider = StepSlider(value=first, min=0, max=comparison.last_step, label="step")
        # aria-disabled at either end, so that the keyboard focus stays on them.
        self.previous_button = StepButton(description="◀ previous", tooltip="previous step")
        self.next_button = StepButton(description="next ▶", tooltip="next step")
        parting = comparison.parting
        self.parting_button = widgets.Button(
            description="where they part"
            if parting is None
            else f"where they part (step {parting})",
            tooltip="go to the first step where your search and the reference differ",
            disabled=parting is None,
            layout=widgets.Layout(width="auto"),
        )
        self.sentence = LiveText()  # announced as it changes
        self.description = widgets.HTML()
        self.image = AltImage(format="png")  # the pictures in words as its text alternative
        self.slider.observe(lambda change: self._show(change["new"]), names="value")
        self.previous_button.on_click(lambda _: self._move(-1))
        self.next_button.on_click(lambda _: self._move(+1))
        self.parting_button.on_click(lambda _: self._go_to_parting())
        controls = widgets.HBox(
            [self.previous_button, self.slider, self.next_button, self.parting_button]
        )
        style = ViewerKeys(css=focus_css(), layout=widgets.Layout(display="none"))
        super().__init__([controls, self.image, self.sentence, self.description, style])
        self.add_class(VIEWER)
        self._show(first)

    @property
    def step(self) -> int:
        """The step shown; set it to show another."""
        return self.slider.value

    @step.setter
    def step(self, step: int) -> None:
        self.slider.value = self.comparison.check_step(step)

    def _move(self, by: int) -> None:
        self.slider.value = min(max(self.slider.value + by, 0), self.slider.max)

    def _go_to_parting(self) -> None:
        if self.comparison.parting is not None:
            self.slider.value = self.comparison.parting

    def _show(self, step: int) -> None:
        c = self.comparison
        figure = self.comparison_figure.figure
        self.image.width = round(figure.get_figwidth() * figure.dpi)
        self.image.alt = c.describe(step)
        self.image.value = self.comparison_figure.png(step)
        parted = c.parting is not None and step == c.parting
        color = PARTING_COLOR if parted else "#111111"
        self.sentence.value = f"<b style='color:{color}'>{html.escape(c.sentence(step))}</b>"
        self.description.value = (
            "<details><summary>The pictures in words</summary>"
            f"<p>{html.escape(c.describe(step))}</p></details>"
        )
        self.previous_button.disabled = step == 0
        self.next_button.disabled = step == self.slider.max

    def __repr__(self) -> str:
        return f"<ComparisonViewer at step {self.step} of {self.comparison.last_step}>"
