"""Your search beside the reference: what a student's function read, step by step.

A check that runs a student's search (``check_minimax``, ``check_depth_limited``,
``check_alphabeta``, ``check_expectimax``, ``check_maxn``) can also say *where*
the student's function first did something other than the package's search.
This module builds, one per search, a ``Comparison`` (``aisearch.exercises.parting``,
which also writes its sentences): both runs on one case tree, the nodes each read, in
order (the student's through a ``RecordingGame``, the reference's from its
``Trace``), the values each gave, the first step where they part, and a
sentence, built from what the reference search did, that says what differs:

- a node read that the reference never reads ("alpha-beta had already cut C at
  2 ≤ α = 3"), or one below the depth limit;
- a node the reference reads that the student's function skipped, and why the
  reference could not skip it (no cut was possible yet);
- the same nodes in another order;
- the same nodes, but a value that differs ("both read C; B has returned 12
  in your search, 3 in minimax's"), said at the step where that node is
  finished (the step of its return), with what the node should have done
  with its children's values.

Step ``k`` is the ``k``-th node read (0 is the root); one last step, after
every node read, is the search returning. On the reference side step ``k`` is
the trace's event that reads its ``k``-th node. Values on the student's side
are what the student's function returns when it is called at each node, as
the checks call it (alpha-beta's only at the root: its value elsewhere depends
on the window). ``shown`` gives a check's result its comparison (``show=True``).
The viewer in ``aisearch.viz.compare`` draws a ``Comparison``; this module
imports no drawing library.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..alphabeta import alphabeta
from ..expectimax import expectimax
from ..game import require_bool
from ..games.gametree import GameTree
from ..maxn import maxn
from ..minimax import minimax
from ..trace import EXIT, LEAF, Trace
from .checking import _is_number
from .parting import Comparison, _parting
from .recording import RecordingGame

# Building a comparison, one per search -------------------------------------------------


def compare_minimax(fn: Callable, tree: GameTree, case: str) -> Comparison:
    """``fn(game, state)`` beside ``minimax`` on ``tree``: reads, and values at every node."""
    return _compare(
        "minimax",
        case,
        tree,
        _traced(tree, lambda t: minimax(tree, tracer=t)),
        lambda game: fn(game, tree.root),
        _values_everywhere(fn, tree),
    )


def compare_depth_limited(fn: Callable, tree: GameTree, case: str, root, depth: int) -> Comparison:
    """``fn(game, state, depth)`` called at ``root`` beside ``minimax(tree, root, depth=depth)``.

    A node ``p`` plies under ``root`` is valued by calling ``fn`` there with
    ``depth - p``; the picture is drawn on the whole subtree, so that reads
    below the limit show.
    """
    plies = _plies(tree, root)
    values = {}
    for state, ply in plies.items():
        if ply <= depth:
            got = _quietly(fn, RecordingGame(tree), state, depth - ply)
            if got is not _RAISED:
                values[state] = got
    canvas = _traced(tree, lambda t: minimax(tree, root, tracer=t))
    return _compare(
        "depth-limited minimax",
        case,
        tree,
        _traced(tree, lambda t: minimax(tree, root, depth=depth, tracer=t)),
        lambda game: fn(game, root, depth),
        values,
        canvas=canvas,
        depth=depth,
    )


def compare_alphabeta(fn: Callable, tree: GameTree, case: str) -> Comparison:
    """``fn(game, state, alpha, beta)`` with the full window beside ``alphabeta`` on ``tree``.

    Only the root's value is compared (a node's value inside alpha-beta
    depends on its window); the leaves show their utilities on both sides.
    """
    inf = float("inf")
    return _compare(
        "alpha-beta",
        case,
        tree,
        _traced(tree, lambda t: alphabeta(tree, tracer=t)),
        lambda game: fn(game, tree.root, -inf, inf),
        {leaf: tree.utility(leaf, "MAX") for leaf in tree.leaves()},
        only_root=True,
    )


def compare_expectimax(fn: Callable, tree: GameTree, case: str) -> Comparison:
    """``fn(game, state)`` beside ``expectimax`` on a tree with chance nodes."""
    return _compare(
        "expectimax",
        case,
        tree,
        _traced(tree, lambda t: expectimax(tree, tracer=t)),
        lambda game: fn(game, tree.root),
        _values_everywhere(fn, tree),
    )


def compare_maxn(fn: Callable, tree: GameTree, case: str) -> Comparison:
    """``fn(game, state)`` (a vector) beside ``maxn`` on a tree of three or more players."""
    values = {s: tuple(v) for s, v in _values_everywhere(fn, tree).items() if _is_vector(v)}
    return _compare(
        "max^n",
        case,
        tree,
        _traced(tree, lambda t: maxn(tree, tracer=t)),
        lambda game: fn(game, tree.root),
        values,
    )


_RAISED = object()
"""What ``_quietly`` returns when the student's function raised."""


def _quietly(fn, *args):
    try:
        return fn(*args)
    except Exception:  # the student's code: a value it cannot give is left out
        return _RAISED


def _values_everywhere(fn, tree: GameTree) -> dict:
    """``fn(game, state)`` at every node, as the checks call it (raised: left out)."""
    values = {}
    for state in tree.nodes:
        got = _quietly(fn, RecordingGame(tree), state)
        if got is not _RAISED:
            values[state] = got
    return values


def _is_vector(x) -> bool:
    return isinstance(x, (tuple, list)) and all(_is_number(v) for v in x)


def _traced(tree: GameTree, search) -> Trace:
    trace = Trace(tree)
    search(trace)
    return trace


def _compare(
    search: str,
    case: str,
    tree: GameTree,
    trace: Trace,
    run: Callable,
    your_values: dict,
    *,
    canvas: Trace | None = None,
    depth: int | None = None,
    only_root: bool = False,
) -> Comparison:
    """Run the student's function once at the root (``run(game)``), and compare."""
    game = _QuestionLog(tree)
    error = None
    try:
        got = run(game)
    except Exception as raised:  # the student's code: the reads so far still tell
        got, error = None, f"{type(raised).__name__}: {raised}"
    root = trace[0].state
    your_values = dict(your_values)
    if error is None:
        your_values[root] = tuple(got) if search == "max^n" and _is_vector(got) else got
    else:
        your_values.pop(root, None)
    glanced = game.glanced()
    comparison = Comparison(
        search,
        case,
        tree,
        trace,
        trace if canvas is None else canvas,
        tuple(game.visited),
        tuple(trace.visited()),
        your_values,
        _reference_values(trace),
        glanced,
        depth,
        error,
    )
    parting, why, parted_at = _parting(comparison, only_root)
    return replace(comparison, parting=parting, why=why, parted_at=parted_at)


class _QuestionLog(RecordingGame):
    """A ``RecordingGame`` that also keeps its questions in order, to tell what was
    asked about each state before the next new state was."""

    def __init__(self, game) -> None:
        super().__init__(game)
        self.log: list = []

    def _note(self, state, question: str) -> None:
        super()._note(state, question)
        try:
            if state in self.asked:
                self.log.append((state, question))
        except TypeError:  # an unhashable "state": not noted
            pass

    def glanced(self) -> dict:
        """The states only glanced at (``GLANCES``) when they were read: asked nothing
        else before the next new state was; with the questions asked."""
        reading: dict = {}
        current = None
        for state, question in self.log:
            if state not in reading:
                reading[state], current = set(), state
            if state == current:
                reading[state].add(question)
        return {s: sorted(q) for s, q in reading.items() if not q - self.GLANCES}


def _reference_values(trace: Trace) -> dict:
    """The value each node returns in ``trace`` (a leaf's, or its exit's), by state."""
    return {e.state: e.value for e in trace if e.kind in (LEAF, EXIT)}


def _plies(tree: GameTree, root) -> dict:
    """Every state under ``root`` and its ply below it."""
    plies, stack = {}, [(root, 0)]
    while stack:
        node, ply = stack.pop()
        plies[node] = ply
        stack.extend((child, ply + 1) for child in tree.children(node))
    return plies


def shown(check: Callable, fn: Callable, show: bool, compare: Callable[[str], Comparison]):
    """``check(fn, cases)``'s ``CheckResult``, carrying ``compare(case)`` if ``show``.

    ``check`` appends the name of each case it tries to ``cases``; the last
    is the one it failed on (or, if it passed, the first is shown). Nothing
    is compared when ``show`` is False, when the function is still the
    skeleton (``result.attempted`` is False) or when no case was tried (the
    check was not given a function).

    Raises:
        ValueError: ``show`` is not True or False.
    """
    require_bool(show, "show")
    cases: list = []
    result = check(fn, cases)
    if not show or not result.attempted or not cases:
        return result
    return replace(result, comparison=compare(cases[0] if result.passed else cases[-1]))
