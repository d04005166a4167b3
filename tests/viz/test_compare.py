"""The viewer of ``show=True``: your search and the reference, stepped together."""

import math

import ipywidgets as widgets
import pytest
from matplotlib.colors import to_rgba

from aisearch import Trace, alphabeta
from aisearch.exercises import (
    case_trees,
    check_alphabeta,
    check_depth_limited,
    check_expectimax,
    check_maxn,
    check_minimax,
)
from aisearch.exercises.comparison import compare_alphabeta
from aisearch.viz import compare, style
from aisearch.viz.accessible import AltImage, LiveText, StepSlider
from aisearch.viz.compare import ComparisonFigure, ComparisonViewer, draw_comparison
from aisearch.viz.labels import drawn_texts, label_problems
from tests import test_exercises


def alphabeta_without_pruning(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [
        alphabeta_without_pruning(game, game.result(state, a), alpha, beta)
        for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def alphabeta_right(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    is_max = game.to_move(state) == "MAX"
    value = -math.inf if is_max else math.inf
    for a in game.actions(state):
        v = alphabeta_right(game, game.result(state, a), alpha, beta)
        value = max(value, v) if is_max else min(value, v)
        alpha, beta = (max(alpha, value), beta) if is_max else (alpha, min(beta, value))
        if alpha >= beta:
            return value
    return value


def minimax_swapped(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [minimax_swapped(game, game.result(state, a)) for a in game.actions(state)]
    return min(values) if game.to_move(state) == "MAX" else max(values)


def depth_limited_too_deep(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if depth < 0:
        return game.evaluate(state, "MAX")
    values = [
        depth_limited_too_deep(game, game.result(state, a), depth - 1) for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def expectimax_plain_max_at_chance(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [
        expectimax_plain_max_at_chance(game, game.result(state, a)) for a in game.actions(state)
    ]
    return min(values) if game.to_move(state) == "MIN" else max(values)


def maxn_root_player_everywhere(game, state):
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in game.players)
    vectors = [
        maxn_root_player_everywhere(game, game.result(state, a)) for a in game.actions(state)
    ]
    return max(vectors, key=lambda v: v[0])


@pytest.fixture
def no_pruning():
    tree = case_trees()["textbook tree"]
    return compare_alphabeta(alphabeta_without_pruning, tree, "textbook tree")


def ids(figure):
    return figure.canvas.ids


def test_the_viewer_starts_where_the_two_part(no_pruning):
    viewer = ComparisonViewer(no_pruning)
    assert isinstance(viewer, widgets.VBox)
    assert isinstance(viewer.slider, StepSlider) and isinstance(viewer.image, AltImage)
    assert isinstance(viewer.sentence, LiveText) and viewer.image.alt
    assert viewer.step == no_pruning.parting
    assert (viewer.slider.min, viewer.slider.max) == (0, no_pruning.last_step)
    assert no_pruning.why in viewer.sentence.value.replace("&#x27;", "'")
    assert bytes(viewer.image.value).startswith(b"\x89PNG")
    figure = viewer.comparison_figure
    mine, theirs = no_pruning.reads(viewer.step)
    assert figure.yours.highlighted() == [ids(figure)[mine]]
    assert figure.reference.highlighted() == [ids(figure)[theirs]]
    assert "they part here" in figure.header.get_text()
    assert [ring.get_visible() for ring in figure.rings] == [True, True]
    assert viewer.parting_button.description == f"where they part (step {no_pruning.parting})"


def test_next_and_previous_change_both_pictures_and_the_sentence(no_pruning):
    viewer = ComparisonViewer(no_pruning)
    figure = viewer.comparison_figure
    start, image, sentence = viewer.step, bytes(viewer.image.value), viewer.sentence.value
    viewer.next_button.click()
    assert viewer.step == start + 1
    mine, theirs = no_pruning.reads(start + 1)
    assert figure.yours.highlighted() == [ids(figure)[mine]]
    assert figure.reference.highlighted() == [ids(figure)[theirs]]
    assert bytes(viewer.image.value) != image and viewer.sentence.value != sentence
    assert f"They parted at step {start}" in viewer.sentence.value
    assert not any(ring.get_visible() for ring in figure.rings)
    viewer.previous_button.click()
    viewer.previous_button.click()
    assert viewer.step == start - 1
    both = no_pruning.reads(start - 1)[0]
    assert figure.yours.highlighted() == figure.reference.highlighted() == [ids(figure)[both]]
    assert (
        viewer.sentence.value == f"<b style='color:#111111'>Step {start - 1}: both read {both}.</b>"
    )
    assert "the same so far" in figure.header.get_text()
    viewer.parting_button.click()
    assert viewer.step == start


def test_setting_the_slider_redraws_and_the_ends_disable_the_buttons(no_pruning):
    viewer = ComparisonViewer(no_pruning)
    viewer.slider.value = 0
    assert viewer.previous_button.disabled and not viewer.next_button.disabled
    viewer.previous_button.click()  # clamped: nothing before step 0
    assert viewer.step == 0
    root = viewer.comparison_figure.canvas.ids[no_pruning.root]
    assert viewer.comparison_figure.yours.highlighted() == [root]
    viewer.step = no_pruning.last_step
    assert viewer.next_button.disabled
    # Both have returned: your side has read everything it read, and shows its value.
    figure = viewer.comparison_figure
    assert figure.your_title.get_text() == "Your search: returned 3"
    assert figure.yours.node_style(root)["value"] == "3"
    with pytest.raises(ValueError, match="step 99"):
        viewer.step = 99


def test_your_side_draws_only_what_your_search_read(no_pruning):
    figure = ComparisonFigure(no_pruning, step=3)
    unseen = to_rgba(style.NODE_LOOKS["unseen"].edge)
    read = set(no_pruning.yours[:4])
    for state, node in figure.canvas.ids.items():
        edge = figure.yours.node_style(node)["edgecolor"]
        assert (edge == unseen) == (state not in read), state


def test_the_reference_side_shows_the_cut_and_your_side_does_not(no_pruning):
    figure = ComparisonFigure(no_pruning)  # at the parting step: after alpha-beta's cut at C
    pruned = to_rgba(style.NODE_LOOKS["pruned"].face)
    cut = [figure.canvas.ids[s] for s in Trace.pruned(no_pruning.trace)]
    assert all(figure.reference.node_style(n)["facecolor"] == pruned for n in cut)
    assert not any(figure.yours.node_style(n)["facecolor"] == pruned for n in cut)


def test_a_right_search_agrees_throughout():
    result = check_alphabeta(alphabeta_right, show=True)
    viewer = ComparisonViewer(result.comparison)
    assert viewer.step == result.comparison.last_step
    assert viewer.parting_button.disabled
    assert "they agree throughout" in viewer.sentence.value
    assert "they agree throughout" in viewer.comparison_figure.header.get_text()
    assert not any(ring.get_visible() for ring in viewer.comparison_figure.rings)


def test_a_value_that_differs_is_ringed_on_both_sides():
    comparison = check_minimax(minimax_swapped, show=True).comparison
    figure = ComparisonFigure(comparison)
    node = figure.canvas.ids[comparison.parted_at[0]]
    for ring in figure.rings:
        assert ring.get_visible()
        assert tuple(ring.get_xydata()[0]) == figure.layout[node]
    mine, theirs = (
        comparison.your_values[comparison.parted_at[0]],
        comparison.reference_values[comparison.parted_at[0]],
    )
    assert figure.yours.node_style(node)["value"] == str(mine)
    assert figure.reference.node_style(node)["value"] == str(theirs)


def test_the_depth_limited_view_draws_the_nodes_below_the_limit():
    comparison = check_depth_limited(depth_limited_too_deep, show=True).comparison
    figure = ComparisonFigure(comparison)
    mine, theirs = comparison.reads(comparison.parting)
    assert theirs is None  # with depth=0 the reference reads the root alone, and returns
    below = case_trees("depth")[comparison.case].children(comparison.root)
    assert mine in below and figure.canvas.ids[mine] in figure.layout
    assert figure.yours.highlighted() == [figure.canvas.ids[mine]]
    labels = [t.get_text() for t in figure.figure.legends[0].get_texts()]
    assert f"depth limit (depth={comparison.depth})" in labels


def test_the_depth_limited_view_is_at_the_depth_the_message_names():
    # The function ignores the limit: the message names the root at depth 0, and the
    # picture, its legend and its sentence are at depth 0 too.
    result = check_depth_limited(depth_limited_too_deep, show=True)
    comparison = result.comparison
    root = comparison.root
    assert f"node {root!r} (MAX) searched to depth 0" in result.message
    assert comparison.depth == 0
    figure = ComparisonFigure(comparison)
    labels = [t.get_text() for t in figure.figure.legends[0].get_texts()]
    assert "depth limit (depth=0)" in labels
    assert "with depth=0" in comparison.sentence(figure.step)
    # The reference evaluates the root and stops; your side reads under the line.
    assert figure.reference.highlighted() == [figure.canvas.ids[root]]
    assert figure.reference_title.get_text().startswith("Depth-limited minimax: returned")
    assert comparison.reads(figure.step)[0] in case_trees("depth")[comparison.case].children(root)


CASES = [
    (check_alphabeta, alphabeta_without_pruning),
    (check_minimax, minimax_swapped),
    (check_depth_limited, depth_limited_too_deep),
    (check_expectimax, expectimax_plain_max_at_chance),
    (check_maxn, maxn_root_player_everywhere),
]


@pytest.mark.parametrize(("check", "fn"), CASES, ids=lambda x: x.__name__)
def test_every_label_can_be_read_at_notebook_width(check, fn):
    figure = ComparisonFigure(check(fn, show=True).comparison)
    assert figure.figure.get_figwidth() * figure.figure.dpi <= 1000
    assert label_problems(figure.figure) == []
    # The actions' labels aside (the sentences never need them), text of 9 pixels or more.
    actions = {id(t) for d in (figure.yours, figure.reference) for t in d.action_texts.values()}
    sizes = [
        text.get_fontsize() * figure.figure.dpi / 72
        for text, _ in drawn_texts(figure.figure)
        if id(text) not in actions
    ]
    assert min(sizes) >= 9


RINGED = [
    *CASES,
    (check_depth_limited, test_exercises.depth_limited_by_parity),  # the root, at the end
    (check_depth_limited, test_exercises.depth_limited_turns_from_the_first_call),
    (check_alphabeta, test_exercises.alphabeta_alternating),  # a leaf, and a window beside
    (check_minimax, test_exercises.minimax_leaf_for_player_to_move),  # a leaf's long name
]


def _node_texts(drawing, node):
    kinds = (drawing.label_texts, drawing.value_texts, drawing.window_texts)
    return [
        t
        for kind in kinds
        if (t := kind.get(node)) is not None and t.get_visible() and t.get_text().strip()
    ]


@pytest.mark.parametrize(("check", "fn"), RINGED, ids=lambda x: x.__name__)
def test_the_ring_covers_no_name_nor_other_text_of_its_node(check, fn):
    comparison = check(fn, show=True).comparison
    figure = ComparisonFigure(comparison)  # at the step where they part
    assert label_problems(figure.figure) == []
    renderer = figure.figure.canvas.get_renderer()
    ringed = 0
    for side, (drawing, state) in enumerate(
        zip((figure.yours, figure.reference), comparison.parted_at, strict=True)
    ):
        ring = figure.ring_extent(side)
        if state is None:
            assert ring is None
            continue
        ringed += 1
        node = figure.canvas.ids[state]
        x, y = (ring.x0 + ring.x1) / 2, (ring.y0 + ring.y1) / 2
        inner = ring.width / 2 - style_ring_width_pixels(figure)
        names = [drawing.label_texts[node]] if node in drawing.label_texts else []
        assert names or not drawing.label_texts, f"{state} has no name drawn"
        for text in {*names, *_node_texts(drawing, node)}:
            box = text.get_window_extent(renderer)
            corners = [(box.x0, box.y0), (box.x0, box.y1), (box.x1, box.y0), (box.x1, box.y1)]
            inside = all((cx - x) ** 2 + (cy - y) ** 2 < inner**2 for cx, cy in corners)
            assert inside or not box.overlaps(ring), (text.get_text(), box, ring)
    assert ringed >= 1


def style_ring_width_pixels(figure):
    return compare.RING_WIDTH * figure.figure.dpi / 72


def test_texts_moved_out_of_the_ring_go_back_at_the_next_step():
    comparison = check_minimax(minimax_swapped, show=True).comparison
    figure = ComparisonFigure(comparison, step=comparison.parting - 1)
    renderer = figure.figure.canvas.get_renderer()
    node = figure.canvas.ids[comparison.parted_at[0]]
    name = figure.yours.label_texts[node]
    before = name.get_window_extent(renderer)
    figure.update(comparison.parting)
    moved = name.get_window_extent(renderer)
    assert moved.x1 < before.x1  # moved left, out of the ring
    assert not moved.overlaps(figure.ring_extent(0))
    assert before.overlaps(figure.ring_extent(0))  # where it stood, the ring would cover it
    figure.update(comparison.parting + 1)
    assert figure.ring_extent(0) is None
    assert name.get_window_extent(renderer).bounds == before.bounds


def test_the_ring_is_in_the_legend_when_the_two_part(no_pruning):
    labels = [t.get_text() for t in ComparisonFigure(no_pruning).figure.legends[0].get_texts()]
    assert "where they part" in labels
    legend = ComparisonFigure(no_pruning).figure.legends[0]
    handle = legend.legend_handles[labels.index("where they part")]
    assert to_rgba(handle.get_markeredgecolor()) == to_rgba(compare.PARTING_COLOR)
    agree = check_alphabeta(alphabeta_right, show=True).comparison
    labels = [t.get_text() for t in ComparisonFigure(agree).figure.legends[0].get_texts()]
    assert "where they part" not in labels


@pytest.mark.parametrize(("check", "fn"), CASES, ids=lambda x: x.__name__)
def test_every_step_can_be_read(check, fn):
    comparison = check(fn, show=True).comparison
    figure = ComparisonFigure(comparison)
    for step in range(comparison.last_step + 1):
        figure.update(step)
        assert label_problems(figure.figure) == [], step


def test_a_check_result_shows_its_message_and_the_viewer_in_jupyter():
    result = check_alphabeta(alphabeta_without_pruning, show=True)
    bundle = result._repr_mimebundle_()
    assert bundle["text/plain"] == result.message == str(result)
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert isinstance(result.view, ComparisonViewer)
    assert result.view is result.view  # made once
    assert result.view.step == result.comparison.parting


def test_draw_comparison_gives_a_figure_at_a_chosen_step(no_pruning):
    figure = draw_comparison(no_pruning, 0)
    texts = [t.get_text() for t in figure.texts]
    assert any(t.startswith("Step 0 of") for t in texts)
    with pytest.raises(ValueError, match="step -1"):
        draw_comparison(no_pruning, -1)


def test_the_reference_trace_is_alphabeta_s_own(no_pruning):
    trace = Trace(no_pruning.tree)
    alphabeta(no_pruning.tree, tracer=trace)
    assert [e.kind for e in no_pruning.trace] == [e.kind for e in trace]
