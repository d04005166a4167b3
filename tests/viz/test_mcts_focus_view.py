"""Large MCTS traces in the viewer: drawn in focus and context, readable, and
saying what the tree held (each number held against the frame or a walk)."""

import pytest
from matplotlib.collections import LineCollection
from matplotlib.colors import to_hex

from aisearch.games import GameTree, TicTacToe
from aisearch.mcts import MCTSTrace, mcts
from aisearch.mcts_trace import EXPAND, SELECT
from aisearch.narration import move_text
from aisearch.trace import format_value
from aisearch.viz import animate, frame_strip, save_frames, step_through
from aisearch.viz.focus import OPEN_MARK, WHOLE_TREE_LIMIT
from aisearch.viz.labels import label_problems
from aisearch.viz.mcts import (
    ACTIVE_EDGE,
    PATH_COLOR,
    UNVISITED_FACE,
    UNVISITED_LINESTYLE,
    MCTSFigure,
    MCTSFocusFigure,
    draw_mcts_step,
    figure_for,
    node_text,
)


@pytest.fixture(scope="module")
def large():
    trace = MCTSTrace(TicTacToe())
    mcts(TicTacToe(), iterations=500, seed=0, tracer=trace)
    return trace


@pytest.fixture(scope="module")
def figure(large):
    return MCTSFocusFigure(large)


def sample_steps(trace):
    """The first and last steps, a few in between, and a deep select step."""
    deep = max((e for e in trace if e.kind == SELECT), key=lambda e: (len(e.path), e.step))
    return [0, 3, len(trace) // 4, len(trace) // 2, deep.step, len(trace) - 1]


def below(trace, node):
    nodes, out, todo = trace.nodes(), [], [node]
    while todo:
        n = todo.pop()
        out.append(n)
        todo.extend(nodes[n].children)
    return out


def test_large_mcts_traces_are_drawn_in_focus_and_small_ones_whole(large):
    assert len(large.nodes()) > WHOLE_TREE_LIMIT
    assert isinstance(figure_for(large), MCTSFocusFigure)
    small = MCTSTrace(TicTacToe())
    mcts(TicTacToe(), iterations=40, seed=0, tracer=small)
    assert isinstance(figure_for(small), MCTSFigure)
    # A whole-tree option asks for the whole tree.
    assert isinstance(figure_for(large, node_size=6), MCTSFigure)
    # MCTSFigure itself gives the focused view of a large trace, as TreeFigure does.
    assert isinstance(MCTSFigure(large), MCTSFocusFigure)
    assert isinstance(MCTSFigure(large, show_labels=False), MCTSFigure)


def test_the_viewer_draws_a_tree_too_wide_for_the_notebook_in_focus():
    """40 iterations on tic-tac-toe: 41 nodes, but 30 leaves side by side, too
    wide for a notebook (the whole drawing would be shrunk until its numbers
    collide); a narrow tree is drawn whole."""
    wide = MCTSTrace(TicTacToe())
    mcts(TicTacToe(), iterations=40, seed=0, tracer=wide)
    assert len(wide.nodes()) <= WHOLE_TREE_LIMIT
    assert isinstance(step_through(wide).tree_figure, MCTSFocusFigure)
    narrow = GameTree.from_nested([[[1, -1], [-1, 1]], [0, 0]])
    trace = MCTSTrace(narrow)
    mcts(narrow, iterations=12, seed=0, tracer=trace)
    assert isinstance(step_through(trace).tree_figure, MCTSFigure)


@pytest.mark.parametrize("caption", [False, True])
def test_every_text_is_large_enough_and_clear_of_the_others(large, caption):
    figure = MCTSFocusFigure(large, caption=caption)
    for step in sample_steps(large):
        figure.update(step)
        texts = [t for t in figure.figure.findobj(lambda a: hasattr(a, "get_fontsize"))]
        texts = [t for t in texts if getattr(t, "get_text", lambda: "")()]
        assert texts
        for text in texts:
            pixels = text.get_fontsize() * figure.figure.dpi / 72
            assert pixels >= 9, f"step {step}: {text.get_text()!r} is {pixels:.1f} px"
        assert label_problems(figure.figure) == [], f"step {step}"
        assert figure.highlighted() == [large[step].node]


def test_it_fits_a_laptop_with_the_file_browser_open(figure):
    width, height = figure.figure.get_size_inches() * figure.figure.dpi
    assert width <= 940 and height <= 620


def summary_of(text: str) -> str:
    """A text written under a node, from its summary on (``▸4`` of ``(0, 1) ▸4``)."""
    return text[text.index(OPEN_MARK) :] if OPEN_MARK in text else text


def test_what_is_written_is_the_tree_at_that_step(large, figure):
    for step in sample_steps(large):
        frame = figure.update(step)
        present = set(frame.present)
        drawing = figure.drawing
        # A crowded row writes a node's move before its summary: "(0, 1) ▸4".
        written = [summary_of(t.get_text()) for t in figure.ax.texts]
        # The path in full, then the children in the tree by then, of every node on it.
        assert figure.view.path == frame.path
        drawn = set(drawing.places)
        expected = {0} | {c for n in frame.path for c in large.nodes()[n].children if c in present}
        assert drawn == expected, step
        for n in drawn:
            if drawing.modes[n] >= 2:  # values written beside the node
                assert node_text(frame, n) in written
            under = len(present.intersection(below(large, n)))
            summary = f"{OPEN_MARK}{under:,}"
            if n not in frame.path and under > 1 and drawing.modes[n] >= 2:
                assert summary in written, (step, n)
        summaries = [t for t in written if t.startswith(OPEN_MARK)]
        assert len(summaries) == len([n for n in figure.view.collapsed() if drawing.modes[n] >= 2])


def test_a_select_step_writes_the_scores_compared(large, figure):
    selects = [e for e in large if e.kind == SELECT and not e.chance][-40:]
    every = 0
    for event in selects:
        figure.update(event.step)
        written = {t.get_text() for t in figure.ax.texts if t.get_text().startswith("UCT")}
        shown = {s for s in event.scores if figure.drawing.modes[s.node] >= 2}
        assert written == {f"UCT {format_value(s.score)}" for s in shown}
        chosen = next(s for s in event.scores if s.node == event.node)
        assert chosen in shown  # the child chosen is on the path: always written
        every += len(shown) == len(event.scores)
        # A child's score, under its numbers, is clear of its count of nodes below.
        assert label_problems(figure.figure) == [], event.step
    assert every >= 1  # some rows have room for every score (others write values only)


def test_looks_say_path_active_unvisited_and_mean(large, figure):
    expand = next(e for e in large if e.kind == EXPAND and e.iteration > 300)
    frame = figure.update(expand.step)
    looks = figure.drawing.looks
    new = looks[expand.node]
    assert new.edge == ACTIVE_EDGE and new.line == UNVISITED_LINESTYLE
    assert new.face == to_hex(UNVISITED_FACE)
    assert all(looks[n].edge == PATH_COLOR for n in frame.path[:-1])
    for n, look in looks.items():
        mean = frame.mean[n]
        red, blue = int(look.face[1:3], 16), int(look.face[5:7], 16)
        if mean is not None and mean > 0.2:
            assert blue > red
        elif mean is not None and mean < -0.2:
            assert red > blue


def test_an_edge_is_wider_the_more_of_its_parents_visits_it_had(large, figure):
    frame = figure.update(-1)
    drawing = figure.drawing
    edges = next(c for c in figure.ax.collections if isinstance(c, LineCollection))
    width_at = {
        round(segment[-1][0], 6): width
        for segment, width in zip(edges.get_segments(), edges.get_linewidths(), strict=True)
    }
    children = [n for n in figure.view.rows[1]]
    widths = {n: width_at[round(drawing.places[n][0], 6)] for n in children}
    by_visits = sorted(children, key=lambda n: frame.visits[n])
    assert widths[by_visits[-1]] > widths[by_visits[0]]
    assert sorted(widths.values()) == [widths[n] for n in by_visits]


def test_stepping_the_viewer(large):
    viewer = step_through(large, step=1000)
    assert isinstance(viewer.tree_figure, MCTSFocusFigure)
    assert viewer.subtree is None  # an MCTS subtree has no run of steps to open
    viewer.next_button.click()
    assert viewer.step == 1001 and viewer.frame.step == 1001
    assert viewer.image.value == viewer.tree_figure.png()
    assert "iterations" in viewer.counters.value and "nodes" in viewer.counters.value
    viewer.step = -1
    viewer.next_button.click()
    assert viewer.step == len(large) - 1


def test_static_views_draw_it_in_focus_too(large, tmp_path):
    figure = draw_mcts_step(large, 900)
    assert figure.texts and label_problems(figure) == []
    strip = frame_strip(large, [10, 900], columns=2)
    assert any(OPEN_MARK in t.get_text() for ax in strip.axes for t in ax.texts)
    paths = save_frames(large, tmp_path, steps=[5, 6])
    assert [p.name for p in paths] == ["step_0005.png", "step_0006.png"]
    assert "<img" in animate(large, steps=[7, 8])


def test_a_small_tree_is_still_drawn_whole():
    tree = GameTree.from_nested([[1, -1], [0, 0]])
    trace = MCTSTrace(tree)
    mcts(tree, iterations=10, seed=0, tracer=trace)
    assert isinstance(figure_for(trace), MCTSFigure)
    assert not any(OPEN_MARK in t.get_text() for t in draw_mcts_step(trace).axes[0].texts)


@pytest.mark.parametrize("seed", [0, 2, 3])
def test_200_iterations_on_tic_tac_toe_in_the_viewer_read_clearly_with_every_move(seed):
    """The viewer on 200 iterations of tic-tac-toe: its numbers collided
    ("1 / 12 / −0.51 / 0") and no node carried its move. Now every number is
    clear of the others and every node drawn writes the move that reached it
    (beside it, under it, or above it in a crowded row); the path's nodes are
    drawn as boards."""
    import re

    trace = MCTSTrace(TicTacToe())
    mcts(TicTacToe(), iterations=200, seed=seed, tracer=trace)
    viewer = step_through(trace)
    figure = viewer.tree_figure
    assert isinstance(figure, MCTSFocusFigure)
    for step in range(0, len(trace), len(trace) // 12):
        viewer.step = step
        assert label_problems(figure.figure) == [], step
        # Moves as the board names them, counted from 1: "3,2" is row 3, column 2.
        moves = [t for t in figure.ax.texts if re.match(r"[1-3],[1-3]( |$)", t.get_text())]
        assert len(moves) == len(figure.drawing.places) - 1, step  # all but the root's
        boards = [a for a in figure.ax.get_children() if type(a).__name__ == "AnnotationBbox"]
        assert len(boards) == len(figure.view.path), step


def test_a_whole_mcts_tree_leaves_out_what_has_no_clear_place_and_writes_moves():
    """Drawn whole though 15 inches are too few for it (as MCTSFigure(trace)
    does for 101 nodes): most visited nodes first, each text where it is clear
    of the others, or left out; the moves written left of the nodes."""
    trace = MCTSTrace(TicTacToe())
    mcts(TicTacToe(), iterations=100, seed=0, tracer=trace)
    figure = MCTSFigure(trace)
    assert isinstance(figure, MCTSFigure)
    for step in (0, len(trace) // 2, len(trace) - 1):
        figure.update(step)
        assert label_problems(figure.figure) == [], step
    drawing = figure.drawing
    assert 0 in drawing.value_texts  # the root, placed first
    assert 0 < len(drawing.value_texts) < len(trace.nodes())
    moves = {n: t.get_text() for n, t in drawing.label_texts.items()}
    game = TicTacToe()
    assert moves and all(
        text == move_text(game, trace.nodes()[n].action, short=True) for n, text in moves.items()
    )
