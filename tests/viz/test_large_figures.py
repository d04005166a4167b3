"""A figure asked of a trace too large to draw whole: the focused view, in about a second.

``TreeFigure(trace)`` and ``MCTSFigure(trace)`` are what the README and the
notebooks write; on tic-tac-toe's 2,316-node alpha-beta the whole drawing took
16 s and drew a grey mat. Past ``WHOLE_TREE_LIMIT`` nodes they now give the
focused view that ``step_through`` draws, whose artists are a few dozen
whatever the trace's size; a whole drawing asked of more than
``WHOLE_TREE_MOST`` nodes is refused with the reason. Timing-free: the kind of
figure and the number of its artists are checked, not seconds
(``benchmarks/viewer.py`` times them).
"""

import pytest

from aisearch import Trace, alphabeta, minimax
from aisearch.games import GameTree, TicTacToe
from aisearch.viz import TreeFigure, frame_strip
from aisearch.viz.focus import WHOLE_TREE_LIMIT, FocusFigure
from aisearch.viz.static import STRIP_SPREAD
from aisearch.viz.tree import WHOLE_TREE_MOST

MOST_ARTISTS = 250
"""Far more than a focused frame draws (a few dozen markers and texts), far
fewer than a whole drawing of a large trace (a text or two per node)."""


@pytest.fixture(scope="module")
def centre():
    """The README's "Draw your own tree" on tic-tac-toe: alpha-beta after X takes
    the centre, 2,316 nodes visited (3,277 with the pruned children)."""
    game = TicTacToe()
    trace = Trace(game)
    alphabeta(game, game.result(game.initial_state(), (1, 1)), tracer=trace)
    return trace


@pytest.fixture(scope="module")
def uniform():
    """Minimax on a uniform tree of depth 4 and branching 10: 11,111 nodes."""

    def nested(depth, seed):
        if depth == 0:
            return (seed * 7919) % 19 - 9
        return [nested(depth - 1, seed * 10 + i) for i in range(10)]

    tree = GameTree.from_nested(nested(4, 1))
    trace = Trace(tree)
    minimax(tree, tracer=trace)
    return trace


def artists(figure) -> int:
    return sum(len(ax.get_children()) for ax in figure.figure.axes)


@pytest.mark.parametrize("name", ["centre", "uniform"])
def test_tree_figure_of_a_large_trace_is_the_focused_view(name, request):
    trace = request.getfixturevalue(name)
    assert len(trace.nodes()) > WHOLE_TREE_LIMIT
    figure = TreeFigure(trace, step=-1)
    assert isinstance(figure, FocusFigure)
    for step in (0, len(trace) // 2, -1):
        figure.update(step)
        assert artists(figure) < MOST_ARTISTS
    assert figure.png().startswith(b"\x89PNG")
    # The options both figures take are passed on; the README's projector call too.
    sized = TreeFigure(trace, step=3, figsize=(8, 4.5), dpi=80, min_font=6.3, caption=False)
    assert isinstance(sized, FocusFigure) and sized.step == 3 and sized.caption is None
    assert tuple(sized.figure.get_size_inches()) == (8, 4.5)


def test_a_small_trace_is_still_drawn_whole(textbook):
    figure = TreeFigure(textbook, step=-1)
    assert type(figure) is TreeFigure and len(figure.drawing.order) == 13


def test_a_whole_drawing_too_large_to_read_is_refused_with_the_reason(centre):
    with pytest.raises(ValueError, match=r"3,277 nodes are too many to draw whole \(at most"):
        TreeFigure(centre, show_labels=False)
    assert len(centre.nodes()) > WHOLE_TREE_MOST


def test_a_type_larger_than_the_focused_views_is_refused(centre):
    with pytest.raises(ValueError, match="min_font=9: the focused view"):
        TreeFigure(centre, min_font=9)


def test_a_strip_of_a_long_trace_spreads_a_few_steps_from_first_to_last(uniform, textbook):
    figure = frame_strip(uniform)
    headings = [t.get_text() for t in figure.texts if t.get_text()[:1].isdigit()]
    steps = [int(h.split(".")[0]) for h in headings]
    assert len(steps) == STRIP_SPREAD and steps[0] == 0 and steps[-1] == len(uniform) - 1
    assert steps == sorted(steps)
    assert len(frame_strip(textbook).axes) == len(textbook)  # a short trace: every step
