"""Drawing max^n traces: vectors at the nodes, a colour per player to move."""

from matplotlib.colors import to_rgba

from aisearch import Trace, alphabeta
from aisearch.games import GameTree
from aisearch.maxn import maxn
from aisearch.viz import TreeFigure, step_through, style
from aisearch.viz.tree import legend_handles

THREE = ("P1", "P2", "P3")
SHALLOW = [[(5, 3, 2), (4, 2, 4)], [(1, 6, 3), (3, 3, 4)]]


def traced(max_sum=10):
    tree = GameTree.from_nested(SHALLOW, players=THREE)
    trace = Trace(tree)
    maxn(tree, tracer=trace, max_sum=max_sum)
    return trace


def ids(trace):
    return {row.state: n for n, row in trace.nodes().items()}


def rgba(color):
    return tuple(float(c) for c in to_rgba(color))


def test_nodes_are_filled_by_the_player_to_move_and_show_vectors():
    trace = traced()
    figure = TreeFigure(trace, step=-1)
    node = ids(trace)
    a, b, c, d, g = (figure.node_style(node[n]) for n in "ABCDG")
    # The active root keeps its player's fill; only its outline marks it.
    assert a["facecolor"] == rgba(style.player_color(THREE, "P1"))
    assert a["edgecolor"] == rgba(style.NODE_LOOKS[style.ACTIVE].edge)
    assert a["linewidth"] == style.ACTIVE_RING_WIDTH > b["linewidth"]
    assert figure.highlighted() == [node["A"]]
    assert b["facecolor"] == rgba(style.player_color(THREE, "P2")) == c["facecolor"]
    assert b["facecolor"] != rgba(style.player_color(THREE, "P1"))
    assert d["marker"] == "s" and d["facecolor"] == rgba("#ffffff")  # terminal: plain
    assert g["facecolor"] == rgba(style.NODE_LOOKS["pruned"].face)
    assert a["value"] == "(5,3,2)" and c["value"] == "(1,6,3)" and d["value"] == "(5,3,2)"
    assert a["label"] == "A" and a["window"] == ""
    assert a["marker"] == style.OTHER_MARKER == "o"


def test_unseen_nodes_are_a_tint_of_their_players_colour():
    trace = traced()
    figure = TreeFigure(trace, step=0)
    c = figure.node_style(ids(trace)["C"])
    assert c["facecolor"] == rgba(style._tint(style.player_color(THREE, "P2"), style.UNSEEN_TINT))
    assert c["value"] == ""


def test_legend_names_the_players_and_two_player_legends_are_unchanged():
    labels = [h.get_label() for h in legend_handles(traced())]
    assert labels[:3] == ["P1 to move", "P2 to move", "P3 to move"]
    assert "pruned" in labels and "MAX" not in labels
    two = Trace()
    alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=two)
    two_labels = [h.get_label() for h in legend_handles(two)]
    assert two_labels[:2] == ["MAX", "MIN"] and not any("to move" in t for t in two_labels)
    assert style.players_of(two) == ()


def test_step_through_a_maxn_search():
    trace = traced()
    viewer = step_through(trace)
    viewer.next_button.click()
    assert viewer.step == 1
    assert viewer.sentence.value == "<b>Enter B (P2 to move) by action a1 from A.</b>"
    viewer.step = -1
    assert "Done: A is worth (5,3,2) for (P1, P2, P3)." in viewer.sentence.value
    assert viewer.image.value[:4] == b"\x89PNG"


def test_the_active_node_of_every_step_keeps_its_players_fill():
    trace = traced()
    figure = TreeFigure(trace)
    rows = trace.nodes()
    for step in range(len(trace)):
        figure.update(step)
        node = trace[step].node
        assert figure.highlighted() == [node]
        look = figure.node_style(node)
        if not rows[node].terminal:
            assert look["facecolor"] == rgba(style.player_color(THREE, rows[node].role))
        assert look["edgecolor"] == rgba(style.NODE_LOOKS[style.ACTIVE].edge)


def test_the_legend_shows_the_active_node_as_a_ring():
    handles = {h.get_label(): h for h in legend_handles(traced())}
    active = handles[style.LEGEND_NAMES[style.ACTIVE]]
    assert active.get_facecolor() == rgba("white")
    assert active.get_edgecolor() == rgba(style.NODE_LOOKS[style.ACTIVE].edge)
