"""Large traces in the viewer: drawn in focus and context, readable, and the
subtrees opened from a menu or with ``focus=``."""

import re

import pytest

from aisearch import Trace, alphabeta
from aisearch.connect4_solver import solve
from aisearch.focus import Overview
from aisearch.games import ConnectFour, GameTree, Isolation, TicTacToe
from aisearch.games.connect4 import threats_and_centre
from aisearch.viz import StepViewer, TreeFigure, step_through
from aisearch.viz.focus import CUT_MARK, OPEN_MARK, FocusFigure, is_large
from aisearch.viz.labels import label_problems
from aisearch.viz.mcts import figure_for


@pytest.fixture(scope="module")
def tictactoe():
    trace = Trace(TicTacToe())
    alphabeta(TicTacToe(), tracer=trace)
    return trace


def large_traces():
    yield "tic-tac-toe", None
    isolation = Isolation(5, 5)
    trace = Trace(isolation)
    alphabeta(isolation, isolation.result(isolation.initial_state(), (2, 2)), depth=4, tracer=trace)
    yield "Isolation depth 4", trace
    c4 = ConnectFour(5, 4)
    trace = Trace(c4)
    alphabeta(c4, c4.from_moves("33"), depth=6, evaluate=threats_and_centre, tracer=trace)
    yield "Connect Four 5x4 depth 6", trace
    real = ConnectFour()
    trace = Trace(real)
    solve(real, real.from_moves(SOLVED), upto="table", tracer=trace)
    yield "Connect Four solver, 7x6, 26 stones", trace


SOLVED = "66772366717352144112345442"
"""A 7 x 6 position from seeded random play that the solver explores in about 4,000 positions."""


def test_large_traces_are_drawn_in_focus_and_small_ones_whole(tictactoe):
    assert isinstance(figure_for(tictactoe), FocusFigure)
    small = Trace()
    alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=small)
    assert not is_large(small) and isinstance(figure_for(small), TreeFigure)
    # A whole-tree option asks for the whole tree.
    assert isinstance(figure_for(small, show_labels=True), TreeFigure)


@pytest.mark.parametrize("name, trace", list(large_traces()))
def test_every_text_is_large_enough_and_clear_of_the_others(name, trace, tictactoe):
    trace = trace or tictactoe
    figure = FocusFigure(trace, caption=False)
    for step in (0, len(trace) // 3, len(trace) // 2, len(trace) - 1):
        figure.update(step)
        texts = [t for t in figure.figure.findobj(lambda a: hasattr(a, "get_fontsize"))]
        texts = [t for t in texts if getattr(t, "get_text", lambda: "")()]
        assert texts
        for text in texts:
            pixels = text.get_fontsize() * figure.figure.dpi / 72
            assert pixels >= 9, f"{name}, step {step}: {text.get_text()!r} is {pixels:.1f} px"
        assert label_problems(figure.figure) == [], f"{name}, step {step}"
        assert figure.highlighted() == [trace.events[step].node] or (
            trace.events[step].node not in figure.drawing.places
        )


def test_the_summaries_written_are_the_overviews(tictactoe):
    figure = FocusFigure(tictactoe, step=20000, caption=False)
    view = Overview(tictactoe).at(20000)
    # A row with room writes each node's move before its summary: "(0, 1) ▸1,244 ✂".
    texts = [t.get_text() for t in figure.ax.texts]
    written = {t[t.index(OPEN_MARK) :] if OPEN_MARK in t else t for t in texts}
    for n in view.collapsed():
        summary = view.subtrees[n]
        text = f"{OPEN_MARK}{summary.visited:,}" + (f" {CUT_MARK}" if summary.cut else "")
        assert text in written
    assert len(view.collapsed()) >= 5


@pytest.mark.parametrize("name, trace", list(large_traces()))
def test_it_fits_a_laptop_with_the_file_browser_open(name, trace, tictactoe):
    figure = FocusFigure(trace or tictactoe, caption=False)
    width, height = figure.figure.get_size_inches() * figure.figure.dpi
    assert width <= 940 and height <= 430, name


def test_a_path_too_deep_for_its_rows_names_the_moves_it_leaves_out():
    game = ConnectFour()
    trace = Trace(game)
    solve(game, game.from_moves(SOLVED), upto="table", tracer=trace)
    figure = FocusFigure(trace, caption=False)
    deepest = max(range(len(trace)), key=lambda s: len(trace.frame(s).stack))
    figure.update(deepest)
    drawing = figure.drawing
    path = trace.frame(deepest).stack
    assert drawing.elided == path[1 : len(drawing.elided) + 1] and drawing.elided
    line = next(t.get_text() for t in figure.ax.texts if "levels not drawn" in t.get_text())
    # Columns counted from 1, as the board's buttons count them.
    moves = [str(trace.nodes()[n].action + 1) for n in path[1 : len(drawing.elided) + 2]]
    assert line.endswith(" ".join(moves)) and f"{len(drawing.elided)} levels" in line
    assert path[0] in drawing.places and path[-1] in drawing.places
    assert not set(drawing.elided) & set(drawing.places)


def test_the_viewer_opens_a_collapsed_subtree_and_steps_inside_it(tictactoe):
    viewer = step_through(tictactoe, step=-1)
    assert isinstance(viewer.tree_figure, FocusFigure) and viewer.subtree is not None
    values = [v for _, v in viewer.subtree.options]
    node = values[2]
    steps = Overview(tictactoe).steps(node)
    viewer.subtree.value = node
    assert viewer.focus == node and (viewer.slider.min, viewer.slider.max) == (steps[0], steps[-1])
    assert viewer.step == steps[0] and viewer.frame.event.node == node
    # Said as in the counters: of the whole trace's last step, not of the subtree's.
    assert viewer.slider.value_text == f"step {steps[0]} of {len(tictactoe) - 1}"
    viewer.next_button.click()
    assert viewer.step == steps[0] + 1 and viewer.image.value == viewer.tree_figure.png()
    viewer.step = steps[-1]
    viewer.next_button.click()  # the subtree's last step: nothing further
    assert viewer.step == steps[-1] and viewer.next_button.disabled
    with pytest.raises(ValueError, match="outside the subtree open now"):
        viewer.step = 0
    viewer.subtree.value = -1  # the whole search again
    assert viewer.focus is None and (viewer.slider.min, viewer.slider.max) == (
        0,
        len(tictactoe) - 1,
    )


def test_focus_in_the_api_and_on_a_small_tree():
    trace = Trace()
    alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
    viewer = StepViewer(trace, focus=5)  # C
    assert trace.label(5) == "C" and (viewer.slider.min, viewer.slider.max) == (8, 12)
    assert viewer.subtree is None
    with pytest.raises(ValueError, match="was never visited"):
        StepViewer(Trace_with_pruned := _pruned_trace(), focus=_pruned_node(Trace_with_pruned))


def _pruned_trace():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    trace = Trace(tree)
    alphabeta(tree, tracer=trace)
    return trace


def _pruned_node(trace):
    return next(n for n, row in trace.nodes().items() if row.pruned is not None)


def test_an_mcts_trace_has_no_subtree_to_focus_on():
    from aisearch import MCTSTrace, mcts

    game = TicTacToe()
    trace = MCTSTrace(game)
    mcts(game, iterations=20, seed=0, tracer=trace)
    with pytest.raises(ValueError, match="focus=3: an MCTS tree grows"):
        StepViewer(trace, focus=3)


def test_the_tree_and_its_menu_name_connect_fours_columns_from_one():
    game = ConnectFour()
    trace = Trace(game)
    solve(game, game.from_moves(SOLVED), upto="table", tracer=trace)
    figure = FocusFigure(trace, caption=False)
    figure.update(len(trace) - 1)
    written = [t.get_text() for t in figure.ax.texts]
    columns = {str(c + 1) for c in range(game.width)}
    actions = [w for w in written if w in columns]
    assert actions and "0" not in written  # the edges say 1-7, never column 0
    viewer = step_through(trace, step=len(trace) - 1)
    described = [label for label, _ in viewer.subtree.options[1:]]
    assert described and all(re.match(r"column [1-7] from ", d) for d in described)
    assert not any("C4State" in d for d in described)


def board_boxes(figure) -> list:
    """The window extent, in pixels, of each small board the focused view draws
    in its tree, its frame and second outline included."""
    from matplotlib.offsetbox import AnnotationBbox
    from matplotlib.patches import Rectangle
    from matplotlib.transforms import Bbox

    figure.figure.canvas.draw()
    renderer = figure.figure.canvas.get_renderer()
    frames = [p for p in figure.ax.patches if isinstance(p, Rectangle)]
    boxes = []
    for artist in figure.ax.get_children():
        if not isinstance(artist, AnnotationBbox):
            continue
        box = artist.get_window_extent(renderer)
        for frame in frames:  # the outlines around it, each line's outer half too
            outer = frame.get_window_extent(renderer)
            if outer.contains(*box.get_points().mean(axis=0)):
                half = frame.get_linewidth() / 2 * figure.figure.dpi / 72
                box = Bbox.union([box, outer.padded(half)])
        boxes.append(box)
    return boxes


def glyph_problems(figure) -> list[str]:
    boxes = board_boxes(figure)
    axes = figure.ax.get_window_extent(figure.figure.canvas.get_renderer())
    found = []
    for i, box in enumerate(boxes):
        # The axes clip the frames drawn around a board: inside them, it is whole.
        if box.x0 < axes.x0 - 0.5 or box.x1 > axes.x1 + 0.5:
            found.append(f"board {i} leaves the tree's axes sideways")
        if box.y0 < axes.y0 - 0.5 or box.y1 > axes.y1 + 0.5:
            found.append(f"board {i} is clipped at the top or bottom")
        for j, other in enumerate(boxes[:i]):
            wide = min(box.x1, other.x1) - max(box.x0, other.x0)
            high = min(box.y1, other.y1) - max(box.y0, other.y0)
            if wide > 0.5 and high > 0.5:
                found.append(f"boards {j} and {i} overlap")
    return found


@pytest.mark.parametrize(
    "options", [{}, {"caption": False}, {"figsize": (9.2, 3.0)}, {"figsize": (6.4, 4.8)}]
)
def test_the_boards_down_the_path_are_whole_and_clear_of_each_other(options, tictactoe):
    """The root's board was clipped at the top (its frame, by the axes), and on
    a deep path each board ran into the next row's."""
    isolation = Isolation(5, 5)
    deep = Trace(isolation)
    alphabeta(isolation, isolation.result(isolation.initial_state(), (2, 2)), depth=4, tracer=deep)
    for trace in (tictactoe, deep):
        figure = FocusFigure(trace, **options)
        steps = range(0, len(trace), len(trace) // 12)
        for step in steps:
            figure.update(step)
            drawn = [n for n in figure.view.path if n in figure.drawing.places]
            assert len(board_boxes(figure)) == len(drawn), step  # a deep path leaves some out
            assert glyph_problems(figure) == [], step


def test_the_board_check_sees_boards_as_large_as_their_rows(tictactoe, monkeypatch):
    """Boards a row tall, their outlines beyond it (as before): the root's is
    clipped, and on a deep path two of them overlap."""
    import aisearch.viz.focus_drawing as focus_drawing

    monkeypatch.setattr(focus_drawing, "BOARD_SHARE", 1.0)
    monkeypatch.setattr(focus_drawing, "BOARD_OUTLINE", 0.0)
    figure = FocusFigure(tictactoe, step=1195)
    found = glyph_problems(figure)
    assert any("clipped" in p for p in found) and any("overlap" in p for p in found)
