"""Every label the package draws can be read: inside its glyph or clear of the others.

Measured with matplotlib's own text extents (``aisearch.viz.labels``), on the
course's figures (``aisearch.figures``), on trees whose values are as wide as
the course's (long negative numbers, bounds, fractions, value vectors) at
their first, middle and last steps, and on every figure of every notebook.
"""

import pathlib

import matplotlib.figure
import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.markers import MarkerStyle
from notebook_figures import NOTEBOOKS, notebook_label_problems

from aisearch import (
    MCTSTrace,
    Trace,
    TranspositionTable,
    alphabeta,
    expectimax,
    maxn,
    mcts,
    minimax,
)
from aisearch.games import GameTree, TicTacToe
from aisearch.viz import MCTSFigure, TreeFigure, frame_strip
from aisearch.viz.labels import label_problems

# The checker itself ---------------------------------------------------------------


def test_two_texts_on_top_of_each_other_are_reported():
    figure = Figure(figsize=(3, 1))
    figure.text(0.3, 0.5, "roll 1 (1/2)")
    figure.text(0.32, 0.52, "roll 2 (1/2)")
    assert label_problems(figure) == ["'roll 1 (1/2)' overlaps 'roll 2 (1/2)'"]


def test_two_numbers_that_touch_read_as_one_and_are_reported():
    figure = Figure(figsize=(3, 1))
    two = figure.text(0.5, 0.5, "2", ha="right")
    figure.text(0.5, 0.5, "1", ha="left")
    assert label_problems(figure) == ["'2' overlaps '1'"]
    two.set_x(0.4)  # a tenth of three inches apart: clear
    assert label_problems(figure) == []


def test_a_text_past_the_edge_is_reported_unless_the_figure_is_shown_cropped():
    figure = Figure(figsize=(2, 1))
    figure.text(0.9, 0.5, "far to the right")
    assert label_problems(figure) == ["'far to the right' leaves the figure"]
    assert label_problems(figure, tight=True) == []


def test_empty_and_invisible_texts_and_axes_turned_off_are_ignored():
    figure = Figure(figsize=(2, 1))
    figure.text(0.5, 0.5, "here")
    figure.text(0.5, 0.5, "   ")
    figure.text(0.5, 0.5, "hidden").set_visible(False)
    ax = figure.add_axes((0, 0, 1, 1))
    ax.set_xlabel("a label far outside")
    ax.set_axis_off()
    assert label_problems(figure) == []


def test_tick_labels_that_collide_are_reported():
    figure = Figure(figsize=(1.2, 1))
    ax = figure.add_axes((0.2, 0.3, 0.7, 0.6))
    ax.set_xticks(range(8), [f"label {i}" for i in range(8)])
    assert any("overlaps" in p for p in label_problems(figure))


# The course's figures --------------------------------------------------------------


@pytest.fixture
def made_figures(monkeypatch):
    """Every matplotlib figure made while the test runs."""
    made = []
    init = matplotlib.figure.Figure.__init__

    def keep(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(matplotlib.figure.Figure, "__init__", keep)
    return made


def test_every_course_figure_can_be_read(made_figures, tmp_path):
    import matplotlib.style

    from aisearch import figures

    problems = {}
    with matplotlib.style.context("default"):
        for name, make in figures.FIGURES.items():
            made_figures.clear()
            make(tmp_path / name)
            assert made_figures, name
            problems[name] = [p for f in made_figures for p in label_problems(f)]
    assert problems == {name: [] for name in figures.FIGURES}


# Trees with values as wide as the course's ----------------------------------------


def traced(search, tree, **options):
    trace = Trace(tree)
    search(tree, tracer=trace, **options)
    return trace


def wide_traces():
    """Traces whose values are long negatives, bounds, fractions and vectors."""
    negatives = GameTree.from_nested([[-490, 12, -8], [-2, 400, -61], [-14, 5, -333]])
    deep = GameTree.random(3, 3, seed=4)  # 40 nodes, values of two digits
    dice = GameTree.from_nested(
        [[(1 / 3, -1), (1 / 3, 0.667), (1 / 3, -0.001)], [(0.5, [2, -7]), (0.5, [-3, 1])]],
        layers=("max", "chance", "min"),
    )
    vectors = GameTree.from_nested(
        [
            [[(3, 3, 4), (1, 4, 5)], [(6, 2, 2), (2, 6, 2)]],
            [[(5, 1, 4), (7, 12, 1)], [(0, 9, 10), (4, 3, 3)]],
        ],
        players=("P1", "P2", "P3"),
    )
    game = TicTacToe()
    return {
        "alpha-beta, negatives": traced(alphabeta, negatives),
        "minimax, negatives": traced(minimax, negatives),
        "alpha-beta, 40 nodes": traced(alphabeta, deep),
        "expectimax, fractions": traced(expectimax, dice),
        "max^n, vectors": traced(maxn, vectors),
        "table, tic-tac-toe": traced(
            alphabeta, game, state="..O.XX.XO", table=TranspositionTable()
        ),
    }


WIDE = wide_traces()


def some_steps(trace) -> list[int]:
    last = len(trace) - 1
    return sorted({0, last // 4, last // 2, 3 * last // 4, last})


@pytest.mark.parametrize("name", WIDE)
def test_tree_labels_never_touch_at_any_width(name):
    trace = WIDE[name]
    figure = TreeFigure(trace)
    problems = {
        s: label_problems(figure.figure) for s in some_steps(trace) if figure.update(s) is not None
    }
    assert problems == {s: [] for s in some_steps(trace)}


@pytest.mark.parametrize("name", WIDE)
def test_tree_labels_never_touch_in_a_strip(name):
    trace = WIDE[name]
    assert label_problems(frame_strip(trace, some_steps(trace)[1:4], columns=3)) == []


def inside_its_glyph(drawing, node, renderer) -> bool:
    """Whether the node's value text, drawn at the node, has its middle band
    (half its font size high) inside the node's marker."""
    text = drawing.value_texts[node]
    box = text.get_window_extent(renderer)
    marker, i = drawing.slot[node]
    collection = drawing.markers[marker][1]
    style = MarkerStyle(marker)
    pixels = np.sqrt(collection.get_sizes()[0]) * drawing.ax.figure.dpi / 72
    outline = style.get_path().transformed(style.get_transform().frozen().scale(pixels))
    x, y = drawing.ax.transData.transform(drawing.layout[node])
    half = text.get_fontsize() * drawing.ax.figure.dpi / 72 / 4
    middle = (box.y0 + box.y1) / 2
    corners = [(bx - x, by - y) for bx in (box.x0, box.x1) for by in (middle - half, middle + half)]
    return bool(outline.contains_points(corners).all())


@pytest.mark.parametrize("name", [n for n in WIDE if "vectors" not in n])
def test_a_value_written_in_its_node_stays_inside_it(name):
    trace = WIDE[name]
    figure = TreeFigure(trace)
    drawing = figure.drawing
    renderer = figure.figure.canvas.get_renderer()
    spilled = []
    for step in some_steps(trace):
        figure.update(step)
        figure.figure.canvas.draw()
        for node, text in drawing.value_texts.items():
            at_node = tuple(text.get_position()) == tuple(drawing.layout[node])
            centred = text.get_ha() == "center" and text.get_va() == "center"
            if (
                text.get_text()
                and at_node
                and centred
                and not inside_its_glyph(drawing, node, renderer)
            ):
                spilled.append((step, text.get_text()))
    assert spilled == []


def test_an_mcts_tree_can_be_read_as_it_grows():
    tree = GameTree.from_nested([[[1, -1, -1, -1], [-1, -1, -1, 1]], [0, 0], [[-1, 1], [1, 0]]])
    trace = MCTSTrace(tree)
    mcts(tree, iterations=60, seed=3, tracer=trace)
    figure = MCTSFigure(trace)
    problems = {
        s: label_problems(figure.figure) for s in some_steps(trace) if figure.update(s) is not None
    }
    assert problems == {s: [] for s in some_steps(trace)}


# Charts -------------------------------------------------------------------------------


def test_narrow_counts_in_a_tournament_chart_never_run_together():
    """Notebook 07's last row: 2 wins and 1 draw side by side read "21"."""
    import matplotlib.pyplot as plt

    from aisearch.tournament import Standing, TournamentTable
    from aisearch.viz import draw_tournament

    rows = [
        Standing("max^n", 48, 23, 2, 23, 2.0, 0.01),
        Standing("random", 48, 2, 1, 45, None, 0.0),
    ]
    fig, ax = plt.subplots(figsize=(3.7, 2.2), layout="constrained")
    draw_tournament(TournamentTable(rows, [], 48, 0), ax=ax, title="a narrow chart")
    try:
        assert label_problems(fig, tight=True) == []
        counts = [t.get_text() for t in ax.texts if "points" not in t.get_text()]
        assert "23" in counts  # wide segments keep their counts
        assert ax.get_xlabel() == "games"
    finally:
        plt.close(fig)


# Every notebook -------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    "name", sorted(str(p.relative_to(NOTEBOOKS)) for p in pathlib.Path(NOTEBOOKS).glob("*/*.ipynb"))
)
def test_every_figure_of_a_notebook_can_be_read(name):
    report = notebook_label_problems(name)
    assert report["figures"] > 0
    assert report["problems"] == []
    assert report["images_without_alt"] == []
