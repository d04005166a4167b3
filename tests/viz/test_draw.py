"""Drawing traces: what each node and edge looks like at a step, and the outputs."""

import doctest
import importlib
import io
import re
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.transforms import Bbox
from PIL import Image

from aisearch import Trace, alphabeta, quiescence_search
from aisearch.figures import main as make_figures
from aisearch.games import TicTacToe
from aisearch.quiescence import threat_moves
from aisearch.trace import Tracing
from aisearch.viz import (
    TreeFigure,
    animate,
    draw_board,
    draw_step,
    frame_strip,
    save_frames,
    style,
    to_networkx,
    tree_layout,
)

CUTOFF_AT_C = 11


def ids(trace):
    """State name -> node id."""
    return {row.state: n for n, row in trace.nodes().items()}


def rgba(color):
    return tuple(float(c) for c in to_rgba(color))


def pixels(png: bytes):
    return np.asarray(Image.open(io.BytesIO(png)).convert("RGBA"))


@pytest.fixture
def at_cutoff(textbook):
    return TreeFigure(textbook, step=CUTOFF_AT_C)


def test_the_cutoff_frame_is_drawn_as_the_textbook_shows(textbook, at_cutoff):
    n = ids(textbook)
    assert textbook[CUTOFF_AT_C].kind == "cutoff"
    assert at_cutoff.highlighted() == [n["C"]]
    c = at_cutoff.node_style(n["C"])
    assert c["facecolor"] == rgba(style.NODE_LOOKS["active"].face)
    assert (c["value"], c["window"], c["marker"]) == ("2", "α=3 β=2", "v")
    a = at_cutoff.node_style(n["A"])
    assert a["facecolor"] == rgba(style.NODE_LOOKS["stack"].face)
    assert (a["value"], a["window"], a["marker"]) == ("3", "α=3 β=+∞", "^")
    b = at_cutoff.node_style(n["B"])
    assert b["facecolor"] == rgba(style.NODE_LOOKS["done"].face)
    assert b["edgecolor"] == rgba(style.NODE_LOOKS["done"].edge)
    assert (b["value"], b["window"]) == ("3", "")
    for leaf, value in zip("EFGH", ("3", "12", "8", "2"), strict=False):
        assert at_cutoff.node_style(n[leaf])["value"] == value
    for pruned in "IJ":
        look = at_cutoff.node_style(n[pruned])
        assert look["edgecolor"] == rgba(style.NODE_LOOKS["pruned"].edge)
        assert look["value"] == ""
    for unseen in "DKLM":
        look = at_cutoff.node_style(n[unseen])
        assert look["edgecolor"] == rgba(style.NODE_LOOKS["unseen"].edge)
        assert look["value"] == ""
        assert look["label"] == unseen


def edge_styles(tree_figure, trace):
    """Child state -> (RGBA colour, width, is dashed) of the edge into it."""
    drawing = tree_figure.drawing
    nodes = trace.nodes()
    colors = drawing.edges.get_colors()
    widths = drawing.edges.get_linewidths()
    dashes = drawing.edges.get_linestyles()
    return {
        nodes[child].state: (
            tuple(float(v) for v in colors[i]),
            float(widths[i]),
            dashes[i][1] is not None,
        )
        for i, child in enumerate(drawing.edge_children)
    }


def test_edges_show_path_best_child_and_pruning(textbook, at_cutoff):
    edges = edge_styles(at_cutoff, textbook)
    look = style.EDGE_LOOKS
    assert edges["C"] == (rgba(look["path"].color), look["path"].width, False)
    assert edges["B"] == (rgba(look["best"].color), look["best"].width, False)
    assert edges["E"] == (rgba(look["best"].color), look["best"].width, False)
    assert edges["H"] == (rgba(look["best"].color), look["best"].width, False)
    assert edges["F"] == (rgba(look["visited"].color), look["visited"].width, False)
    assert edges["I"] == (rgba(look["pruned"].color), look["pruned"].width, True)
    assert edges["J"][2] is True
    assert edges["D"] == (rgba(look["unseen"].color), look["unseen"].width, True)  # dashed
    # Not by width alone: the best child's edge is a double line, the path's is not.
    cores = dict(
        zip(
            at_cutoff.drawing.edge_children,
            at_cutoff.drawing.edge_cores.get_linewidths(),
            strict=True,
        )
    )
    by_state = {textbook.nodes()[n].state: float(w) for n, w in cores.items()}
    assert by_state["B"] == look["best"].core > 0
    assert by_state["C"] == 0 and by_state["F"] == 0


def test_stack_and_pruned_nodes_differ_by_more_than_their_outline(textbook, at_cutoff):
    named = {row.state: n for n, row in textbook.nodes().items()}
    looks = {s: at_cutoff.node_style(n) for s, n in named.items()}
    assert looks["A"]["double_outline"] and not looks["A"]["crossed"]  # on the stack
    assert looks["I"]["crossed"] and not looks["I"]["double_outline"]  # pruned
    assert not looks["B"]["double_outline"] and not looks["B"]["crossed"]  # done
    assert not looks["K"]["double_outline"] and not looks["K"]["crossed"]  # not yet visited


def test_the_final_frame_shows_the_principal_variation(textbook):
    final = TreeFigure(textbook, step=-1)
    edges = edge_styles(final, textbook)
    thick = {
        state for state, (_, width, _) in edges.items() if width == style.EDGE_LOOKS["best"].width
    }
    assert thick == {"B", "E", "H", "M"}  # A<-B<-E, and each MIN node's best leaf
    assert final.highlighted() == [0]
    assert final.counters.get_text().endswith("cutoffs 1   ·   pruned 2")


def test_caption_counters_and_legend(textbook, at_cutoff):
    assert at_cutoff.caption.get_text().replace("\n", " ") == textbook.sentence(CUTOFF_AT_C)
    assert at_cutoff.counters.get_text() == (
        f"step 11 of {len(textbook) - 1}   ·   visited 7   ·   leaves 4   ·   "
        "cutoffs 1   ·   pruned 2"
    )
    labels = [t.get_text() for t in at_cutoff.legend.get_texts()]
    assert labels == [
        "MAX",
        "MIN",
        "terminal",
        "active node",
        "on the stack",
        "done",
        "not yet visited",
        "pruned",
        "best child",
    ]


def test_minimax_has_no_windows_and_no_pruned_legend(textbook_minimax):
    tree_figure = TreeFigure(textbook_minimax, step=-1)
    assert tree_figure.drawing.window_texts == {}
    labels = [t.get_text() for t in tree_figure.legend.get_texts()]
    assert "pruned" not in labels and "best child" in labels
    assert [tree_figure.node_style(n)["value"] for n in range(4)] == ["3", "3", "3", "12"]


def test_update_restyles_the_same_artists(textbook, at_cutoff):
    ax = at_cutoff.figure.axes[0]
    before = list(ax.get_children())
    for step in range(len(textbook)):
        at_cutoff.update(step)
    assert list(ax.get_children()) == before
    assert len(at_cutoff.figure.axes) == 1
    assert at_cutoff.step == len(textbook) - 1


def test_fast_png_is_the_same_picture_as_savefig(textbook, at_cutoff):
    for step in (0, 4, CUTOFF_AT_C, len(textbook) - 1):
        fast = at_cutoff.png(step)
        buffer = io.BytesIO()
        at_cutoff.figure.savefig(buffer, format="png")
        assert fast.startswith(b"\x89PNG")
        assert np.array_equal(pixels(fast), pixels(buffer.getvalue())), f"step {step}"


def test_png_changes_with_the_step_and_honours_dpi(at_cutoff):
    first, second = at_cutoff.png(0), at_cutoff.png(1)
    assert not np.array_equal(pixels(first), pixels(second))
    width, height = at_cutoff.figure.canvas.get_width_height()
    assert pixels(second).shape == (height, width, 4)
    assert pixels(at_cutoff.png(dpi=50)).shape[1] == round(width / 2)


def test_tree_figures_stay_out_of_pyplot(textbook):
    before = plt.get_fignums()
    TreeFigure(textbook).png()
    draw_step(textbook, 3)
    frame_strip(textbook, [0, 1])
    assert plt.get_fignums() == before


def test_draw_step_returns_the_figure(textbook):
    figure = draw_step(textbook, CUTOFF_AT_C)
    assert isinstance(figure, Figure)
    # Shows in Jupyter even where pyplot (and its inline backend) was never loaded.
    assert figure._repr_png_().startswith(b"\x89PNG")
    assert figure.texts[0].get_text().startswith("Cutoff at C")
    fig, axes = plt.subplots(1, 2)
    try:
        assert draw_step(textbook, 2, ax=axes[1]) is fig
        assert axes[1].get_title(loc="left") == "2. E is terminal: utility 3."
    finally:
        plt.close(fig)


def test_bad_steps_and_empty_traces_are_errors(textbook):
    with pytest.raises(ValueError, match="outside this trace's steps 0..21"):
        TreeFigure(textbook, step=22)
    with pytest.raises(ValueError, match="the trace is empty"):
        TreeFigure(Trace())


def test_a_chance_node_is_a_circle():
    # A hand-made trace: MAX at the root over one chance leaf.
    trace = Trace()
    tracing = Tracing(trace, role_of={"root": "max", "dice": "chance"}.get)
    tracing.enter("root", None)
    tracing.leaf("dice", "roll", 4, False)  # cut off: not terminal
    tracing.update(4)
    tracing.exit(4)
    tree_figure = TreeFigure(trace, step=-1)
    assert tree_figure.node_style(1)["marker"] == "o"
    assert [t.get_text() for t in tree_figure.legend.get_texts()][:2] == ["MAX", "chance"]


def test_labels_and_windows_avoid_the_edges(random40):
    tree_figure = TreeFigure(random40, step=30)
    drawing = tree_figure.drawing
    renderer = tree_figure.figure.canvas.get_renderer()
    texts = [
        t for t in (*drawing.label_texts.values(), *drawing.window_texts.values()) if t.get_text()
    ]
    edges = drawing.edges
    paths = [edges.get_transform().transform(seg) for seg in edges.get_segments()]
    crossings = 0
    for text in texts:
        box = text.get_window_extent(renderer)
        for (x0, y0), (x1, y1) in paths:
            xs = np.linspace(x0, x1, 200)
            ys = np.linspace(y0, y1, 200)
            crossings += bool(((xs > box.x0) & (xs < box.x1) & (ys > box.y0) & (ys < box.y1)).any())
    assert crossings == 0


def test_to_networkx(textbook):
    graph = to_networkx(textbook, step=CUTOFF_AT_C)
    n = ids(textbook)
    assert graph.number_of_nodes() == 13 and graph.number_of_edges() == 12
    assert graph.nodes[n["C"]]["status"] == "stack"
    assert graph.nodes[n["C"]]["window"] == (3, 2)
    assert graph.nodes[n["I"]]["status"] == "pruned" and graph.nodes[n["I"]]["value"] is None
    assert graph.nodes[n["A"]]["pos"] == tree_layout(textbook)[n["A"]] == (4, 0)
    assert graph.edges[n["A"], n["D"]]["action"] == "a3"
    plain = to_networkx(textbook)
    assert "status" not in plain.nodes[0] and plain.nodes[0]["role"] == "max"


def test_frame_strip(textbook):
    figure = frame_strip(textbook, [2, CUTOFF_AT_C, -1], columns=2)
    assert len(figure.axes) == 3
    headings = [t.get_text() for t in figure.texts]
    assert headings[0] == "2. E is terminal: utility 3."
    assert headings[2] == f"{len(textbook) - 1}. Done: A is worth 3 to MAX."
    with pytest.raises(ValueError, match="columns"):
        frame_strip(textbook, columns=0)


def test_save_frames(textbook, tmp_path):
    paths = save_frames(textbook, tmp_path / "slides", steps=[0, 5, CUTOFF_AT_C], dpi=40)
    assert [p.name for p in paths] == ["step_000.png", "step_005.png", "step_011.png"]
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths)
    [svg] = save_frames(textbook, tmp_path, fmt="svg", steps=[1])
    assert svg.name == "step_001.svg" and "<svg" in svg.read_text()


def test_animate_embeds_one_frame_per_step(textbook):
    html = animate(textbook, interval=300, steps=[0, 1, 2, CUTOFF_AT_C], dpi=30)
    assert "<script" in html
    assert len(re.findall(r"data:image/png;base64", html)) == 4
    # The interval comes back through frames per second: 300 ms or a hair under.
    assert re.search(r"\b(299\.\d+|300(\.0)?)\b", html)


def test_draw_board_strikes_the_winning_line():
    game = TicTacToe()
    ax = draw_board(game, "XXXOO....")
    strokes = [line for line in ax.lines if line.get_color() == style_highlight()]
    assert len(strokes) == 1
    assert list(strokes[0].get_xdata()) == [0.5, 2.5] and list(strokes[0].get_ydata()) == [0.5, 0.5]
    quiet = draw_board(game, "X.O......", coordinates=True)
    assert not [line for line in quiet.lines if line.get_color() == style_highlight()]
    assert len(quiet.patches) == 1  # one O
    assert sorted(t.get_text() for t in quiet.texts)[:2] == ["(0, 1)", "(1, 0)"]
    assert len(quiet.texts) == 7
    assert not hasattr(game, "draw")  # the game draws nothing: draw_board is viz's
    with pytest.raises(ValueError, match="not a board"):
        draw_board(game, "XO")
    with pytest.raises(ValueError):
        draw_board(game, "XXXXXXXXX")  # impossible position


def style_highlight():
    from aisearch.viz.boards import HIGHLIGHT_EDGE

    return HIGHLIGHT_EDGE


@pytest.mark.parametrize(
    "name",
    ["layout", "graph", "tree", "widget", "boards", "style", "contrast", "colour_pairs", "alt_text"]
    + ["connect4", "standings"],
)
def test_viz_doctests(name):
    module = importlib.import_module(f"aisearch.viz.{name}")
    failures, tried = doctest.testmod(module)
    assert failures == 0
    assert tried > 0 or name == "style"


def test_figures_are_written_and_reproducible(tmp_path):
    written = make_figures(["--out", str(tmp_path / "a")])
    names = sorted(p.name for p in written)
    assert names == sorted(
        [
            "alphabeta_strip.png",
            "connect4_board.png",
            "expectimax_final.png",
            "focus_connect4.png",
            "focus_isolation.png",
            "focus_tictactoe.png",
            "maxn_final.png",
            "mcts_final.png",
            "minimax_final.png",
            "table_hit.png",
            "tictactoe_board.png",
            "viewer.png",
        ]
    )
    # The repository's figures/ holds exactly these (run `make figures` after adding one).
    committed = Path(__file__).resolve().parents[2] / "figures"
    assert sorted(p.name for p in committed.glob("*.png")) == names
    again = make_figures(["--out", str(tmp_path / "b"), "viewer.png", "mcts_final.png"])
    for path in again:
        assert path.read_bytes() == (tmp_path / "a" / path.name).read_bytes(), path.name


def test_names_and_actions_are_left_out_when_they_do_not_fit(textbook):
    from aisearch import alphabeta

    roomy = TreeFigure(textbook).drawing
    assert len(roomy.label_texts) == 13 and len(roomy.action_texts) == 12
    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, game.from_rows("XOX", ".O.", "..."), tracer=trace)
    crowded = TreeFigure(trace, step=60, layout=tree_layout(trace))  # drawn whole, as asked
    assert len(trace.nodes()) > 200
    assert crowded.drawing.label_texts == {} and crowded.drawing.action_texts == {}
    assert crowded.node_style(0)["label"] == "" and crowded.node_style(0)["window"] != ""
    forced = TreeFigure(trace, show_labels=True, show_actions=True).drawing
    assert forced.label_texts[0].get_text() == "XOX.O...."
    assert forced.action_texts[1].get_text() == "2,1"  # row 2, column 1, as the board says


def test_bounds_are_written_as_bounds_and_terminals_are_squares(textbook):
    tree_figure = TreeFigure(textbook, step=-1)
    drawing = tree_figure.drawing
    ids = {row.state: row.id for row in textbook.nodes().values()}
    values = {s: drawing.value_texts[i].get_text() for s, i in ids.items()}
    # C was cut (worth at most 2); D returned 2 <= alpha = 3, but all its
    # leaves were read: exactly 2 (AIMA 4e, Figure 5.5(f)).
    assert (values["A"], values["B"], values["C"], values["D"]) == ("3", "3", "≤2", "2")
    assert tree_figure.node_style(ids["E"])["marker"] == "s"
    assert tree_figure.node_style(ids["B"])["marker"] == "v"


def test_chance_edges_carry_probabilities_and_the_node_its_running_sum():
    from aisearch import expectimax
    from aisearch.games import GameTree

    tree = GameTree.from_nested([[(0.25, 4), (0.75, 8)], [5, 6]], layers=("max", "chance"))
    trace = Trace(tree)
    expectimax(tree, tracer=trace)
    first_weighing = next(e.step for e in trace if e.kind == "chance")
    tree_figure = TreeFigure(trace, step=first_weighing, show_actions=True)
    drawing = tree_figure.drawing
    ids = {row.state: row.id for row in trace.nodes().values()}
    # The action and the probability of a chance edge share one label, on the edge.
    assert drawing.probability_texts[ids["D"]].get_text() == "b1 (1/4)"
    assert drawing.probability_texts[ids["F"]].get_text() == "c1 (1/2)"
    assert drawing.action_texts[ids["B"]].get_text() == "a1"
    assert ids["D"] not in drawing.action_texts
    assert drawing.value_texts[ids["B"]].get_text() == "1"  # 0.25 * 4 so far
    assert tree_figure.node_style(ids["B"])["marker"] == "o"
    bare = TreeFigure(trace, step=-1, show_actions=False).drawing
    assert bare.probability_texts[ids["E"]].get_text() == "3/4"
    assert bare.action_texts == {}


def test_probabilities_are_simple_fractions_or_short_decimals():
    texts = [style.probability_text(p) for p in (1 / 3, 1 / 6, 2 / 3, 5 / 12, 0.25, 1.0)]
    assert texts == ["1/3", "1/6", "2/3", "5/12", "1/4", "1"]
    # Not a fraction with a denominator up to 12: a decimal of three digits at most.
    assert [style.probability_text(p) for p in (0.35, 1 / 13, 0.123456)] == [
        "0.35",
        "0.0769",
        "0.123",
    ]
    # Within 1e-9 of 1/3, as a sum of floats may be; further off, a decimal.
    assert style.probability_text(1 - 2 / 3 + 1e-12) == "1/3"
    assert style.probability_text(1 / 3 + 1e-6) == "0.333"


def probability_boxes(tree_figure):
    """Window extents of a TreeFigure's probability labels: the texts and their white boxes."""
    tree_figure.figure.canvas.draw()
    renderer = tree_figure.figure.canvas.get_renderer()
    texts = list(tree_figure.drawing.probability_texts.values())
    return (
        [t.get_window_extent(renderer) for t in texts],
        [t.get_bbox_patch().get_window_extent(renderer) for t in texts],
    )


def assert_apart(boxes):
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b), (a, b)


@pytest.mark.parametrize(
    "spec, figsize",
    [
        ([[1, 2, 3], [4, 5, 6]], None),  # notebook 04's tree: 0.3330.333 once
        ([[1, 2, 3], [4, 5, 6]], (4.0, 2.6)),  # the same, cramped
        ([[1, 2, 3, 4, 5, 6], [3, 3]], None),  # a die
        ([[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]], (6.4, 3.0)),
        ([[(0.35, 1), (0.3, 2), (0.35, 3)], [(1 / 7, 1)] * 7], (5.0, 3.0)),  # decimals
    ],
)
@pytest.mark.parametrize("show_actions", [False, True])
def test_probability_labels_never_overlap(spec, figsize, show_actions):
    from aisearch import expectimax
    from aisearch.games import GameTree

    tree = GameTree.from_nested(spec, layers=("max", "chance"))
    trace = Trace(tree)
    expectimax(tree, tracer=trace)
    tree_figure = TreeFigure(trace, step=-1, figsize=figsize, show_actions=show_actions)
    drawing = tree_figure.drawing
    chance_edges = [n for n, row in trace.nodes().items() if row.probability is not None]
    texts, boxes = probability_boxes(tree_figure)
    assert_apart(boxes)
    assert_apart(texts)
    if figsize is None:  # roomy: every probability is written
        assert sorted(drawing.probability_texts) == sorted(chance_edges)
        assert all("/" in t.get_text() for t in drawing.probability_texts.values())
    # Nor does a label cover a node (a square around its marker).
    half = 0.5 * drawing.node_size * tree_figure.figure.dpi / 72
    for n in drawing.layout:
        x, y = drawing.ax.transData.transform(drawing.layout[n])
        node = Bbox.from_extents(x - half, y - half, x + half, y + half)
        assert not any(box.overlaps(node) for box in boxes), n


def test_three_equal_chances_are_written_one_third_apart_on_their_edges():
    from aisearch import expectimax
    from aisearch.games import GameTree

    tree = GameTree.from_nested([[0, 0, 3], [-3, 3, 6]], layers=("max", "chance"))
    trace = Trace(tree)
    expectimax(tree, tracer=trace)
    figure, ax = plt.subplots(figsize=(6, 3.8))
    try:
        draw_step(trace, ax=ax, show_actions=False)
        drawing_texts = [t for t in ax.texts if t.get_text() == "1/3"]
        assert len(drawing_texts) == 6
        figure.canvas.draw()
        renderer = figure.canvas.get_renderer()
        assert_apart([t.get_window_extent(renderer) for t in drawing_texts])
        # Each label lies on its edge, nearer the child than the parent.
        nodes = trace.nodes()
        for n, row in nodes.items():
            if row.probability is None:
                continue
            (px, py), (x, y) = [tree_layout(trace)[k] for k in (row.parent, n)]
            label = next(
                t
                for t in drawing_texts
                if t.get_position()[0]
                == pytest.approx(px + (t.get_position()[1] - py) / (y - py) * (x - px))
            )
            assert 0.5 < (label.get_position()[1] - py) / (y - py) < 1
    finally:
        plt.close(figure)


def test_probability_labels_are_drawn_over_the_edges_in_the_fast_png():
    from aisearch import expectimax
    from aisearch.games import GameTree

    tree = GameTree.from_nested([[1, 2, 3], [4, 5, 6]], layers=("max", "chance"))
    trace = Trace(tree)
    expectimax(tree, tracer=trace)
    tree_figure = TreeFigure(trace, step=-1)
    fast = np.asarray(Image.open(io.BytesIO(tree_figure.png())))
    buffer = io.BytesIO()
    tree_figure.figure.savefig(buffer, format="png")
    slow = np.asarray(Image.open(io.BytesIO(buffer.getvalue())))
    assert np.array_equal(fast, slow)
    changing = tree_figure.drawing.changing_artists()
    edges, label = (
        changing.index(tree_figure.drawing.edges),
        changing.index(next(iter(tree_figure.drawing.probability_texts.values()))),
    )
    assert edges < label


def test_dice_nim_edges_say_the_roll_and_the_take():
    from aisearch import expectimax
    from aisearch.games import DiceNim

    game = DiceNim(stones=3, die=2)
    trace = Trace(game)
    expectimax(game, tracer=trace)
    tree_figure = TreeFigure(trace, step=-1, caption=False, figsize=(11, 6), show_actions=True)
    drawing = tree_figure.drawing
    nodes = trace.nodes()
    rolls = {
        drawing.probability_texts[n].get_text()
        for n, row in nodes.items()
        if row.probability is not None
    }
    takes = {
        drawing.action_texts[n].get_text()
        for n, row in nodes.items()
        if row.parent is not None and row.probability is None
    }
    assert rolls == {"roll 1 (1/2)", "roll 2 (1/2)"} and takes == {"1", "2"}
    assert_apart(probability_boxes(tree_figure)[1])
    # Each label stands on its own edge's outer side, so it never covers the
    # sibling's edge: roll 1 wholly left of the chance node, roll 2 right of it.
    renderer = tree_figure.figure.canvas.get_renderer()
    to_display = drawing.ax.transData.transform
    for n, text in drawing.probability_texts.items():
        box = text.get_bbox_patch().get_window_extent(renderer)
        parent_x = to_display(drawing.layout[nodes[n].parent])[0]
        if drawing.layout[n][0] < drawing.layout[nodes[n].parent][0]:
            assert box.x1 < parent_x, text.get_text()
        else:
            assert box.x0 > parent_x, text.get_text()
    # Narrower: where "roll 1 (1/2)" has no room, the probability alone, still apart.
    narrow = TreeFigure(trace, step=-1, caption=False, figsize=(7, 5), show_actions=True)
    texts = [t.get_text() for t in narrow.drawing.probability_texts.values()]
    assert len(texts) == 16 and "1/2" in texts
    assert set(texts) <= {"1/2", "roll 1 (1/2)", "roll 2 (1/2)"}
    assert_apart(probability_boxes(narrow)[1])
    # Too narrow even for that: left out, never drawn over each other.
    cramped = TreeFigure(trace, step=-1, caption=False, figsize=(4, 3.5))
    assert cramped.drawing.probability_texts == {}


def test_a_quiescence_tree_marks_the_nodes_past_its_horizon():
    """A line under the depth limit, not a colour: every node below it lies past
    the horizon, every node above it does not; the legend names it."""
    game = TicTacToe()
    trace = Trace(game)
    quiescence_search(game, ".X....X.O", depth=2, noisy=threat_moves, tracer=trace)
    figure = TreeFigure(trace, step=-1, layout=tree_layout(trace))  # whole, though large
    drawing = figure.drawing
    (y_line, _) = drawing.horizon_line.get_ydata()
    depths = {n: row.depth for n, row in trace.nodes().items()}
    assert any(d > 2 for d in depths.values())
    for n, d in depths.items():
        assert figure.node_style(n)["past_horizon"] == (d > 2)
        assert (drawing.layout[n][1] < y_line) == (d > 2)
    assert style.LEGEND_NAMES[style.HORIZON] in [t.get_text() for t in figure.legend.get_texts()]
    assert drawing.horizon_line.get_linestyle() not in ("-", "solid")

    plain = Trace(game)
    alphabeta(game, ".X....X.O", depth=2, tracer=plain)
    figure = TreeFigure(plain, step=-1, layout=tree_layout(plain))
    assert figure.drawing.horizon_line is None
    labels = [t.get_text() for t in figure.legend.get_texts()]
    assert style.LEGEND_NAMES[style.HORIZON] not in labels
