"""Every figure shows itself with a text alternative that says what it shows."""

import html
import re

import IPython.display
import matplotlib.pyplot as plt
import pytest
from nbformat.v4 import new_code_cell, new_output
from notebook_figures import images_without_alt

from aisearch import MCTSTrace, Trace, alphabeta, mcts
from aisearch.description import describe_frame
from aisearch.games import ConnectFour, GameTree, TicTacToe
from aisearch.tournament import Standing, TournamentTable
from aisearch.viz import (
    MCTSFigure,
    TreeFigure,
    describe_figure,
    draw_board,
    draw_connect4,
    draw_step,
    draw_tournament,
    frame_strip,
    set_description,
    show,
)
from aisearch.viz.alt_text import describe_axes, image_html
from aisearch.viz.canvas import new_figure
from aisearch.viz.focus import FocusFigure


def alt_of(bundle: dict) -> str:
    """The ``alt`` of the ``<img>`` in a display bundle's HTML (which must hold the PNG)."""
    found = re.fullmatch(
        r'<img alt="([^"]*)" src="data:image/png;base64,[A-Za-z0-9+/=]+">', bundle["text/html"]
    )
    assert found, bundle["text/html"][:200]
    assert bundle["image/png"].startswith(b"\x89PNG")
    return html.unescape(found.group(1))


def test_a_tree_figure_is_an_img_whose_alt_describes_its_frame(textbook):
    figure = TreeFigure(textbook, step=11)
    alt = alt_of(figure._repr_mimebundle_())
    assert alt.startswith(f"Search tree of {len(textbook.nodes())} nodes, drawn whole.\n")
    assert alt.endswith(describe_frame(textbook, textbook.frame(11)))
    assert "Pruned so far: I, J." in alt
    # The step viewer asks for any frame's words (its picture's alt text).
    assert figure.describe(textbook.frame(3)).endswith(describe_frame(textbook, textbook.frame(3)))
    figure.update(3)
    assert describe_frame(textbook, textbook.frame(3)) in alt_of(figure._repr_mimebundle_())
    # The bare Figure (what draw_step returns) says the same.
    assert figure.figure.description == figure.description
    assert alt_of(figure.figure._repr_mimebundle_()) == figure.description


def test_draw_step_figures_and_axes_carry_their_frame(textbook):
    assert "Cutoff at C" in draw_step(textbook, 11).description
    fig, axes = plt.subplots(1, 2)
    try:
        draw_step(textbook, 11, ax=axes[0])
        draw_step(textbook, -1, ax=axes[1])
        text = describe_figure(fig)
        assert text.startswith("2 panels. Panel 1: Search tree. Step 11 of 21.")
        assert "Panel 2: Search tree. Step 21 of 21." in text
    finally:
        plt.close(fig)


def test_a_large_trace_is_described_in_focus():
    trace = Trace(TicTacToe())
    alphabeta(trace.game, "XO..X..O.", tracer=trace)
    figure = FocusFigure(trace, step=40)
    alt = alt_of(figure._repr_mimebundle_())
    assert "drawn in focus" in alt
    assert all(trace.label(n) in alt for n in figure.frame.stack)


def test_an_mcts_figure_gives_visits_and_means():
    tree = GameTree.from_nested([[1, 1, -1], [0, 0]])
    trace = MCTSTrace(tree)
    mcts(tree, iterations=6, seed=0, tracer=trace)
    alt = alt_of(MCTSFigure(trace, step=-1)._repr_mimebundle_())
    assert "A (6 visits, mean 0.33)" in alt


def test_a_frame_strip_describes_each_panel(textbook):
    figure = frame_strip(textbook, steps=[2, 11], columns=2)
    text = figure.description
    assert text.startswith("2 steps of a search tree, side by side.")
    assert "Panel 1: Step 2 of 21." in text and "Panel 2: Step 11 of 21." in text


def test_boards_are_read_cell_by_cell():
    ax = draw_board(TicTacToe(), "XXXOO....", title="X has won")
    text = ax.figure.description
    assert 'Tic-tac-toe board "X has won"' in text
    assert "row 1: X, X, X; row 2: O, O, empty" in text
    assert "X wins along row 1, column 1; row 1, column 2; row 1, column 3." in text
    marked = draw_board(TicTacToe(), "X.O......", highlight=[(1, 1)])
    assert "Marked: row 2, column 2." in marked.figure.description
    game = ConnectFour(4, 4)
    c4 = draw_connect4(game, game.from_moves("1122"), highlight=game.cell(0, 0))
    try:
        text = describe_figure(c4.figure)
        assert "column 1: X, O; column 2: X, O; column 3: empty" in text
        assert "Ringed in white: column 1 row 1." in text
    finally:
        plt.close(c4.figure)


def test_a_tournament_chart_gives_every_players_numbers():
    rows = [Standing("max^n", 48, 23, 2, 23, 2.0, 0.01), Standing("random", 48, 2, 1, 45, None, 0)]
    ax = draw_tournament(TournamentTable(rows, [], 48, 0), title="coins")
    try:
        text = describe_figure(ax.figure)
        assert text.startswith('Tournament "coins"')
        assert "max^n: 23 wins, 2 draws, 23 losses, 24 points" in text
        assert "random: 2 wins, 1 draw, 45 losses, 2.5 points" in text
    finally:
        plt.close(ax.figure)


def test_a_chart_is_read_from_what_was_plotted():
    figure = new_figure((4, 3))
    ax = figure.add_subplot()
    ax.bar(["tic-tac-toe", "chess"], [5.5, 123], label="size")
    ax.plot([1, 2, 3], [10, 100, 1000], "o-", label="nodes")
    ax.plot(range(30), range(30))
    ax.axhline(0)  # a reference line: not read out
    ax.scatter([0, 1], [1, 0], label="samples")
    ax.set_yscale("log")
    ax.set_xlabel("depth")
    ax.set_title("Growth")
    text = describe_axes(ax)
    assert text.startswith('Chart "Growth", x axis depth; y axis (log scale): ')
    assert "bars size: tic-tac-toe 5.5, chess 123" in text
    assert "line nodes: (1, 10), (2, 100), (3, 1,000)" in text
    assert "line: 30 points from (0, 0) to (29, 29)" in text
    assert "2 points samples" in text
    assert text.count("line") == 2
    heat = new_figure((3, 3)).add_subplot()
    heat.imshow([[0, 1], [1, 0]])
    heat.text(0, 0, "take 1\n1/2")
    assert describe_axes(heat) == "Chart: a colour map of 2 by 2 cells; written on it: take 1 1/2."
    set_description(ax, "my own words")
    assert figure.description == "my own words"
    with pytest.raises(ValueError, match="non-empty"):
        set_description(ax, " ")
    with pytest.raises(ValueError, match="Figure or Axes"):
        set_description("a figure", "words")


def test_show_displays_a_pyplot_figure_with_its_alt_and_closes_it(monkeypatch):
    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda bundle, raw: shown.append(bundle))
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [1, 2])
    show(fig, alt="two bars: a 1, b 2")
    assert alt_of(shown[0]) == "two bars: a 1, b 2"
    assert not plt.fignum_exists(fig.number)
    fig, ax = plt.subplots()
    ax.bar(["a", "b"], [1, 2])
    show()  # pyplot's current figure, described from its data
    assert alt_of(shown[1]) == "Chart: bars: a 1, b 2."
    with pytest.raises(ValueError, match="alt must say"):
        show(new_figure((1, 1)), alt="")
    with pytest.raises(ValueError, match="Figure or Axes"):
        show("figure")


def test_image_html_escapes_the_alt_and_refuses_none():
    assert 'alt="1 &lt; 2 &amp; &quot;3&quot;"' in image_html(b"x", '1 < 2 & "3"')
    with pytest.raises(ValueError, match="alt"):
        image_html(b"x", "  ")


def test_the_notebook_harness_finds_an_image_without_alt():
    png = {"image/png": "iVBORw0KGgo="}
    good = new_code_cell(
        "show(fig)",
        outputs=[
            new_output("display_data", data={**png, "text/html": '<img alt="a chart" src="x">'})
        ],
    )
    bare = new_code_cell("plt.show()", outputs=[new_output("display_data", data=png)])
    empty = new_code_cell(
        "x",
        outputs=[new_output("display_data", data={**png, "text/html": '<img alt=" " src="x">'})],
    )
    assert images_without_alt([good]) == []
    assert images_without_alt([good, bare, empty]) == [
        "cell 1 ('plt.show()'): an image without alt",
        "cell 2 ('x'): an image without alt",
    ]


def crossed_names(figure) -> set[str]:
    trace = figure.trace
    return {trace.label(n) for n in figure.drawing.order if figure.node_style(n)["crossed"]}


def pruned_names(description: str) -> set[str]:
    line = next((x for x in description.split("\n") if x.startswith("Pruned so far: ")), "")
    names = line.removeprefix("Pruned so far: ").rstrip(".").replace(", and under them", ",")
    return set(names.split(", ")) - {""}


@pytest.mark.parametrize("tree", ["textbook", "notebook 02's deeper tree"])
def test_the_words_count_and_name_the_nodes_the_picture_crosses_out(tree):
    """Notebook 02, alphabeta-13: its panel 2 said "pruned 2 ... Pruned so far:
    K, G" with K, G, N and O crossed out. The picture is right (N and O are
    never read, because of the cutoff at C); the words now say so."""
    game = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    if tree != "textbook":
        game = GameTree.random(3, 2, seed=41)
    trace = Trace(game)
    alphabeta(game, tracer=trace)
    figure = TreeFigure(trace)
    for step in range(len(trace)):
        figure.update(step)
        crossed = crossed_names(figure)
        assert pruned_names(figure.description) == crossed, step
        pruned = figure.frame.counts["pruned"]
        said = f"pruned {pruned}" + (f" ({len(crossed)} nodes)" if len(crossed) > pruned else "")
        assert figure.counters.get_text().endswith(said), step
    assert crossed == ({"I", "J"} if tree == "textbook" else {"K", "G", "N", "O"})
    # The frame strip of the notebook's cell says the same under each panel.
    cuts = [e.step for e in trace.of_kind("cutoff")]
    strip = frame_strip(trace, steps=cuts, columns=2, panel_size=(5.0, 3.4))
    counters = [t.get_text() for ax in strip.axes for t in ax.texts if "visited" in t.get_text()]
    figure.update(cuts[-1])
    assert counters[-1].endswith(said)
    assert describe_figure(strip).endswith(describe_frame(trace, cuts[-1], under_pruned=True))
