"""Drawing MCTS traces: the growing tree, and the same viewer and exports as alpha-beta."""

import math

import pytest
from matplotlib.colors import to_rgba
from matplotlib.text import Text

from aisearch.games import GameTree, TicTacToe
from aisearch.mcts import MCTSTrace, mcts
from aisearch.trace import format_value
from aisearch.viz import StepViewer, animate, frame_strip, save_frames, step_through
from aisearch.viz.accessible import AltImage
from aisearch.viz.mcts import (
    ACTIVE_EDGE,
    SCORE_COLOR,
    UNVISITED_FACE,
    MCTSFigure,
    draw_mcts_step,
    node_text,
)


@pytest.fixture
def hidden_win():
    """Fifteen iterations on the tree where a1 hides a win::

                      A (max)
                a1 /          \\ a2
              B (min)          C (min)
             /      \\          /  \\
          D (max)   E (max)    0    0
    """
    tree = GameTree.from_nested([[[1, -1, -1, -1], [-1, -1, -1, 1]], [0, 0]])
    trace = MCTSTrace(tree)
    mcts(tree, iterations=15, seed=0, tracer=trace)
    return trace


def test_the_figure_shows_only_the_nodes_in_the_tree_at_each_step(hidden_win):
    figure = MCTSFigure(hidden_win, step=0)
    assert figure.node_style(0)["shown"] and figure.node_style(0)["text"] == "0 / –"
    assert figure.node_style(0)["facecolor"] == to_rgba(UNVISITED_FACE)
    assert figure.node_style(0)["dashed"]
    later = [n for n in hidden_win.nodes() if n != 0]
    assert all(figure.node_style(n)["size"] == 0 for n in later)
    last = figure.update(-1)
    for n in last.present:
        style = figure.node_style(n)
        assert style["shown"] and style["size"] > 0
        assert style["text"] == node_text(last, n)
    assert figure.node_style(0)["text"].startswith("15 / ")


def test_size_edge_width_and_colour_follow_visits_and_means(hidden_win):
    figure = MCTSFigure(hidden_win, step=-1)
    frame = figure.frame
    root_children = hidden_win.nodes()[0].children
    busy, quiet = sorted(root_children, key=lambda n: -frame.visits[n])
    assert frame.visits[busy] > frame.visits[quiet]
    assert figure.node_style(busy)["size"] > figure.node_style(quiet)["size"]
    assert figure.drawing.edge_width(busy) > figure.drawing.edge_width(quiet)
    assert figure.node_style(0)["size"] > figure.node_style(busy)["size"]
    # Blue is good for MAX, red bad: compare the blue and red channels.
    for n in frame.present:
        mean = frame.mean[n]
        face = figure.node_style(n)["facecolor"]
        if mean is not None and mean > 0.2:
            assert face[2] > face[0]
        elif mean is not None and mean < -0.2:
            assert face[0] > face[2]


def test_the_active_node_is_outlined(hidden_win):
    figure = MCTSFigure(hidden_win)
    for step in range(len(hidden_win)):
        figure.update(step)
        assert figure.highlighted() == [hidden_win[step].node]
        assert figure.node_style(hidden_win[step].node)["edgecolor"] == to_rgba(ACTIVE_EDGE)


def test_the_step_viewer_takes_an_mcts_trace(hidden_win):
    viewer = step_through(hidden_win)
    assert isinstance(viewer, StepViewer) and isinstance(viewer.image, AltImage)
    assert isinstance(viewer.tree_figure, MCTSFigure)
    assert viewer.slider.max == len(hidden_win) - 1
    assert viewer.sentence.value == (
        "<b>The tree starts as the root A alone (MAX to move), with no visits.</b>"
    )
    before = bytes(viewer.image.value)
    viewer.next_button.click()
    assert viewer.step == 1 and bytes(viewer.image.value) != before
    assert "add B to the tree" in viewer.sentence.value
    viewer.step = -1
    assert "iterations done 15" in viewer.counters.value and "nodes" in viewer.counters.value
    assert viewer.frame.counts["iterations"] == 15


def test_exports_take_an_mcts_trace(hidden_win, tmp_path):
    strip = frame_strip(hidden_win, steps=[0, 5, -1], columns=3)
    assert len(strip.axes) == 3
    paths = save_frames(hidden_win, tmp_path, steps=[0, -1], dpi=40)
    assert [p.name for p in paths] == ["step_000.png", f"step_{len(hidden_win) - 1:03d}.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths)
    html = animate(hidden_win, steps=[0, 1], dpi=30)
    assert "<script" in html
    figure = draw_mcts_step(hidden_win, 7)
    assert figure.texts[0].get_text().startswith("Iteration")


def test_a_tic_tac_toe_tree_is_drawn_with_node_numbers():
    trace = MCTSTrace(TicTacToe())
    mcts(
        TicTacToe(), TicTacToe().from_rows("XO.", "OX.", "..."), iterations=15, seed=0, tracer=trace
    )
    figure = MCTSFigure(trace, step=-1, dpi=40)
    assert figure.png().startswith(b"\x89PNG")
    assert trace.label(0) == "XO.OX...."
    assert trace.label(0) in trace.sentence(0)


def test_a_node_with_no_visit_is_dashed_and_a_node_with_mean_zero_is_not(hidden_win):
    figure = MCTSFigure(hidden_win)
    expansions = [e for e in hidden_win if e.kind == "expand" and e.node != 0]  # not the root
    assert len(expansions) >= 3
    seen_zero_mean, solid = False, 0
    for event in expansions:
        frame = figure.update(event.step)  # the new node is in the tree, its playout to come
        assert frame.visits[event.node] == 0 and figure.node_style(event.node)["dashed"]
        edge = figure.drawing.children_with_edges.index(event.node)
        assert figure.drawing.edges.get_linestyles()[edge][1] is not None
        for n in frame.present:
            if frame.visits[n] > 0:
                assert not figure.node_style(n)["dashed"]
                seen_zero_mean |= frame.mean[n] == 0
                solid += 1
    assert solid >= len(expansions)  # the root at least, at every step: never vacuous
    assert seen_zero_mean  # white nodes with visits exist, and they are drawn solid
    labels = [t.get_text() for t in figure.figure.legends[0].get_texts()]
    assert "no visit yet" in labels


def test_a_select_step_writes_each_compared_childs_uct_score_above_it(hidden_win):
    """The scores are recomputed from the tree just before the step (UCT from the
    chooser's view: MIN negates MAX's mean), not read from the event."""
    figure = MCTSFigure(hidden_win)
    nodes = hidden_win.nodes()
    selects = hidden_win.of_kind("select")
    assert any(nodes[e.parent].role == "min" for e in selects)
    for e in selects:
        figure.update(e.step)
        before = hidden_win.frame(e.step - 1)
        sign = 1 if nodes[e.parent].role == "max" else -1
        expected = {}
        for child in nodes[e.parent].children:
            n, total = before.visits[child], before.visits[e.parent]
            bonus = math.sqrt(2) * math.sqrt(math.log(total) / n)
            expected[child] = sign * before.mean[child] + bonus
        for node in nodes:
            shown = figure.node_style(node)["score"]
            if node in expected:
                assert shown.split()[-1] == format_value(expected[node]), (e.step, node)
            else:
                assert shown == ""
        best = max(expected.values())
        assert math.isclose(expected[e.node], best)
        chosen = figure.drawing.score_texts[e.node]
        assert chosen.get_fontweight() == "bold"
        assert to_rgba(chosen.get_color()) == to_rgba(ACTIVE_EDGE)
        others = [figure.drawing.score_texts[c] for c in expected if c != e.node]
        assert all(to_rgba(t.get_color()) == to_rgba(SCORE_COLOR) for t in others)
    other = next(e for e in hidden_win if e.kind != "select")
    figure.update(other.step)
    assert all(figure.node_style(n)["score"] == "" for n in nodes)


def test_uct_scores_stay_clear_of_every_other_label():
    game = TicTacToe()
    trace = MCTSTrace(game)
    mcts(game, game.from_rows("XO.", "O.X", "..."), iterations=40, seed=0, tracer=trace)
    figure = MCTSFigure(trace)
    for e in trace.of_kind("select"):
        figure.update(e.step)
        figure.figure.canvas.draw()
        renderer = figure.figure.canvas.get_renderer()
        found = figure.figure.findobj(Text)
        texts = [
            t
            for i, t in enumerate(found)
            if t not in found[:i]  # each text once
            and t.get_visible()
            and t.get_text().strip()
            and not (t.axes is not None and not t.axes.axison)
        ]
        boxes = [t.get_window_extent(renderer) for t in texts]
        for i, a in enumerate(boxes):
            assert figure.figure.bbox.contains(a.x0 + 0.5, a.y0 + 0.5)
            for b in boxes[i + 1 :]:
                overlap = a.intersection(a, b)
                assert overlap is None or overlap.width <= 0.5 or overlap.height <= 0.5, (
                    e.step,
                    [t.get_text() for t in texts],
                )
