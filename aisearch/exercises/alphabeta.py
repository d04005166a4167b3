"""Notebook 02's check: alpha-beta, its value and exactly the nodes it visits.

Besides the value, the check compares the nodes the student's function
asks about with those ``alphabeta`` visits. To say which line of the loop is
wrong, it runs alpha-beta with every combination of the usual slips (an update
or a cut on the wrong bound, the window passed down wrongly, turns counted
from the first call) and keeps those that match what the student's function
did on every case tree. The book's ``alphabeta`` runs the searches it can:
the right one, and turns counted from the first call, on the tree as that
search sees it. A slip in a line of the loop needs the loop written with
that line changed: ``_loop_with_slips``, the one copy of the loop here.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from functools import partial
from typing import Any

from ..alphabeta import alphabeta
from ..games.gametree import GameTree
from ..trace import CUTOFF, Trace
from .cases import _Cases, _chosen_cases, _tree_problem, case_trees
from .checking import (
    FAIL,
    CheckResult,
    _call,
    _failure_for_exception,
    _finite,
    _is_number,
    _name,
    _names,
    _not_a_function,
    _passed,
    _plural,
    _preorder,
    _Raised,
    _same,
    _show,
    _type_problem,
)
from .comparison import _plies, compare_alphabeta, shown
from .guard import TIME_LIMIT, _guarded, _trying
from .minimax import _FIRST_CALL, _max_view, _misnamed_player
from .recording import RecordingGame


@_guarded("alpha-beta")
def check_alphabeta(
    fn: Callable, *, cases=None, show: bool = False, time_limit: float = TIME_LIMIT
) -> CheckResult:
    """Check ``fn(game, state, alpha, beta) -> value``, alpha-beta from MAX's point of view.

    ``fn`` is called at the root of each case tree with ``(-inf, +inf)``. Its
    value must be the minimax value, and it must visit exactly the nodes (and
    the leaves in the same order) that ``alphabeta(..., prune_on_equal=True)``
    visits. The message names the nodes visited that alpha-beta prunes, with
    the cutoff that prunes them, or the nodes it skipped that alpha-beta needs,
    and recognises the usual mistakes: cutting only on strict inequality,
    leaves in a different order, children looked at before the loop reaches
    them, and, by trying the textbook's loop with each usual slip on every
    case tree (with the full window and two narrower ones), a bound updated
    or a cut tested wrongly at MAX or at MIN nodes, a cut turned round, the
    window passed down as (beta, alpha), unchanged (or never narrowed: the
    two look the same) or full, MAX decided by counting plies from the first
    call, and no pruning at all; and ``game.to_move(state)`` compared with a
    name no player has, such as 'max'.

    ``cases``, if given, replaces the case trees: a dict ``{name: GameTree}``
    or a list of trees (named ``"tree 1"``, ``"tree 2"``, ...), of MAX and
    MIN without chance. The slips are then diagnosed on these trees.

    With ``show=True`` the result also carries the ``comparison`` of ``fn``
    with ``alphabeta`` on the first case it fails (the first case if it
    passes), which Jupyter shows under the message, step by step: the nodes
    each read, and the first step where they part.

    >>> from aisearch.games import GameTree
    >>> def minimax_value(game, state, alpha, beta):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, "MAX")
    ...     values = [minimax_value(game, game.result(state, a), alpha, beta)
    ...               for a in game.actions(state)]
    ...     return max(values) if game.to_move(state) == "MAX" else min(values)
    >>> hidden = {"hidden tree 1": GameTree.from_nested([[3, 5], [2, 9]])}
    >>> print(check_alphabeta(minimax_value, cases=hidden))
    ... # doctest: +ELLIPSIS
    ✗ alpha-beta: on the hidden tree 1, the value 3 is right but the nodes visited are not alpha-beta's.
    ...
    (a case given to the check: hidden tree 1; to try it yourself: GameTree.from_nested([[3, 5], [2, 9]]))

    Raises:
        ValueError: ``cases`` is empty, or not trees alpha-beta can search
            (the message names the bad entry).
    """
    trees = _chosen_cases(cases, case_trees, _tree_problem(alphabeta), kind="search")
    return shown(
        partial(_check_alphabeta, trees=trees),
        fn,
        show,
        lambda case: compare_alphabeta(fn, trees[case], case),
    )


def _check_alphabeta(fn: Callable, cases: list, trees: _Cases) -> CheckResult:
    """``check_alphabeta``'s verdict on ``trees``; ``cases`` gathers the names of the cases tried."""
    exercise = "alpha-beta"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    visited_total = 0
    for name, tree in trees.items():
        case = name
        cases.append(name)
        _trying(name)
        game = RecordingGame(tree)
        try:
            got = _call(fn, game, tree.root, -math.inf, math.inf)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        problem = _type_problem(exercise, fn, got, case, "")
        if problem is not None:
            return problem
        trace = Trace(tree)
        alphabeta(tree, tracer=trace)
        expected = _max_view(tree, tree.root)
        reference = trace.visited()
        leaves = set(tree.leaves())
        mine_leaves = [n for n in game.visited if n in leaves]
        reference_leaves = [n for n in reference if n in leaves]
        right_value = _same(got, expected)
        if right_value and mine_leaves == reference_leaves and set(game.visited) == set(reference):
            visited_total += len(reference)
            continue
        message = _alphabeta_message(
            exercise,
            fn,
            tree,
            case,
            got,
            expected,
            game,
            trace,
            lambda: _diagnose_alphabeta(fn, trees),
        )
        return CheckResult(exercise, False, "\n".join([message, *trees.look_at(name)]))
    return _passed(
        exercise,
        f"right values, and exactly alpha-beta's visits "
        f"({visited_total} nodes), on {_plural(len(trees), 'tree')}.",
    )


def _alphabeta_message(exercise, fn, tree, case, got, expected, game, trace, diagnose) -> str:
    name = _name(fn)
    visited, searched = game.visited, game.searched
    root_note = " (its root is a MIN node)" if tree.to_move(tree.root) == "MIN" else ""
    lines = []
    if not _same(got, expected):
        lines.append(
            f"{FAIL} {exercise}: on the {case}{root_note}, the root is worth "
            f"{_show(expected)} to MAX; `{name}` returned {_show(got)}."
        )
    else:
        lines.append(
            f"{FAIL} {exercise}: on the {case}{root_note}, the value "
            f"{_show(got)} is right but the nodes visited are not alpha-beta's."
        )
    if isinstance(got, float) and math.isinf(got) and _finite(expected):
        lines.append(
            f"Hint: {_show(got)} is the starting value of a node that its children never "
            "changed. Either it found no children to look at: a terminal state has no "
            "actions. Check game.is_terminal(state) first and return "
            "game.utility(state, 'MAX') there. Or it combined them the other way round: a "
            "MAX node keeps max(value, child), a MIN node min(value, child)."
        )
        return "\n".join(lines)
    reference = trace.visited()
    order = {n: i for i, n in enumerate(_preorder(tree))}
    mine, theirs = set(visited), set(reference)
    extra = sorted(mine - theirs, key=lambda n: order[n])
    missing = sorted(theirs - mine, key=lambda n: order[n])
    leaves = set(tree.leaves())
    strict = Trace()
    alphabeta(tree, prune_on_equal=False, tracer=strict)
    mine_leaves = [n for n in visited if n in leaves]
    reference_leaves = [n for n in reference if n in leaves]

    if mine_leaves and mine_leaves[0] != reference_leaves[0]:
        lines.append(
            f"Your function tries the actions in another order: its first leaf is "
            f"{mine_leaves[0]!r}, alpha-beta's is {reference_leaves[0]!r}."
        )
        lines.append(
            "Hint: try the actions in the order game.actions(state) gives them; "
            "what alpha-beta prunes depends on that order."
        )
        return "\n".join(lines)
    if extra and not missing and _same(got, expected) and set(searched) == theirs:
        glanced = _tops(tree, extra)
        questions = sorted(set().union(*(game.asked[n] for n in extra)))
        lines.append(
            f"Your function asked the game about {_names(glanced)} "
            f"({', '.join(questions)}) without searching "
            f"{'it' if len(glanced) == 1 else 'them'}; alpha-beta prunes "
            f"{'it' if len(glanced) == 1 else 'them'} and never asks."
        )
        lines.append(
            "Hint: look at a child only when the loop reaches it: take "
            "game.result(state, a) inside the loop and let the recursive call ask "
            "whether it is terminal. A cut then ends the loop before the next child "
            "is asked about."
        )
        return "\n".join(lines)

    hints = []
    if extra and set(searched) == set(tree.nodes):
        lines.append(
            f"Your function visited every node: nothing was pruned, but alpha-beta "
            f"never looks at {_names(_tops(tree, extra))}."
        )
        hints.append(
            "Hint: pass alpha and beta down to the recursive calls, update them as "
            "values come back (a MAX node raises alpha = max(alpha, value), a MIN "
            "node lowers beta = min(beta, value)), and stop a node as soon as its "
            "value reaches the bound of the player above (MAX at value >= beta, MIN "
            "at value <= alpha)."
        )
    elif mine == set(strict.visited()) and extra:
        lines.append(
            f"Your function also visited {_names(_tops(tree, extra))}, which alpha-beta "
            "prunes when a value equals the bound."
        )
        lines.append(
            "Hint: you cut only when a value passes the bound strictly; the textbook "
            "cuts on equality too (MAX stops at value >= beta, MIN at value <= alpha). "
            "The root value is the same either way; the package's "
            "alphabeta(..., prune_on_equal=False) is your variant."
        )
        return "\n".join(lines)
    elif extra:
        lines.append(
            f"Your function visited {_names(_tops(tree, extra))}, which alpha-beta prunes:"
        )
        lines += [f"  {s}" for s in _cutoffs_that_skip(tree, trace, _tops(tree, extra))]
    if missing:
        first = missing[0]
        event = next(e for e in trace if e.state == first and e.kind in ("enter", "leaf"))
        alpha, beta = event.alpha, event.beta
        parent = tree.parent(first)
        lines.append(
            f"Your function never visited {_names(_tops(tree, missing))}, which "
            "alpha-beta must look at."
        )
        lines.append(
            f"  When alpha-beta reaches {first!r} (a child of {parent!r}), alpha = "
            f"{_show(alpha)} and beta = {_show(beta)}: no cut is possible "
            f"yet at {parent!r}."
        )
        hints = [
            "Hint: check the cut and the updates. A MAX node stops when its value is "
            ">= beta, a MIN node when its value is <= alpha: each compares with the bound "
            "of the player above it. Comparing with the node's own bound, the one it "
            "updates itself (alpha at MAX, beta at MIN), cuts too early. A MAX node "
            "raises alpha = max(alpha, value), a MIN node lowers beta = min(beta, value); "
            "neither changes the other bound."
        ]
    misnamed = (
        None
        if _same(got, expected)
        else _misnamed_player(
            fn, tree, [(tree.root, math.inf, got)], tree.root, -math.inf, math.inf
        )
    )
    if misnamed is not None:
        lines.append(misnamed)
    elif extra or missing:
        diagnosis = diagnose()
        lines += diagnosis if diagnosis else hints
    elif mine_leaves != reference_leaves:
        lines.append(
            f"The leaves are right but in another order: alpha-beta visits "
            f"{_names(reference_leaves)}; yours {_names(mine_leaves)}."
        )
        lines.append("Hint: try the actions in the order game.actions(state) gives them.")
    return "\n".join(lines)


# Recognising a slip in the textbook's loop, by running alpha-beta with each one on every
# case tree: the book's alphabeta itself where it can (no slip, or turns counted from the
# first call: the tree as such a search sees it), a loop with the slip written in elsewhere.

_MAX_UPDATES = {  # how a MAX node changes (alpha, beta) once its value so far is v
    "right": lambda v, alpha, beta: (max(alpha, v), beta),
    "none": lambda v, alpha, beta: (alpha, beta),
    "lowers beta": lambda v, alpha, beta: (alpha, min(beta, v)),
    "raises beta": lambda v, alpha, beta: (alpha, max(beta, v)),
    "lowers alpha": lambda v, alpha, beta: (min(alpha, v), beta),
}
_MIN_UPDATES = {
    "right": lambda v, alpha, beta: (alpha, min(beta, v)),
    "none": lambda v, alpha, beta: (alpha, beta),
    "raises alpha": lambda v, alpha, beta: (max(alpha, v), beta),
    "lowers alpha": lambda v, alpha, beta: (min(alpha, v), beta),
    "raises beta": lambda v, alpha, beta: (alpha, max(beta, v)),
}
_MAX_CUTS = {  # when a MAX node stops
    "right": lambda v, alpha, beta: v >= beta,
    "never": lambda v, alpha, beta: False,
    "own bound": lambda v, alpha, beta: v >= alpha,
    "below alpha": lambda v, alpha, beta: v <= alpha,
    "below beta": lambda v, alpha, beta: v <= beta,
}
_MIN_CUTS = {
    "right": lambda v, alpha, beta: v <= alpha,
    "never": lambda v, alpha, beta: False,
    "own bound": lambda v, alpha, beta: v <= beta,
    "above beta": lambda v, alpha, beta: v >= beta,
    "above alpha": lambda v, alpha, beta: v >= alpha,
}
_PASSES = {  # a child's window, from (alpha, beta) now, as entered, and whether at MAX
    "right": lambda now, entered, at_max: now,
    "swapped": lambda now, entered, at_max: (now[1], now[0]),
    "as entered": lambda now, entered, at_max: entered,
    "full": lambda now, entered, at_max: (-math.inf, math.inf),
    # Only the bound the node keeps itself: a MAX node alpha, a MIN node beta.
    "own only": lambda now, entered, at_max: (now[0], math.inf) if at_max else (-math.inf, now[1]),
}
_RIGHT_LINES = {
    "max update": "at a MAX node, after each child: alpha = max(alpha, value) (MAX raises "
    "alpha and leaves beta as it came from above)",
    "min update": "at a MIN node, after each child: beta = min(beta, value) (MIN lowers beta "
    "and leaves alpha as it came from above)",
    "max cut": "a MAX node stops when value >= beta: beta is what MIN above it can already "
    "force; alpha is the MAX node's own bound, and reaching it proves nothing",
    "min cut": "a MIN node stops when value <= alpha: alpha is what MAX above it can already "
    "force; beta is the MIN node's own bound, and reaching it proves nothing",
    "pass down": "each child is searched with the node's alpha and beta, in that order, as "
    "they are after the last update",
    "turns": "MAX moves where game.to_move(state) == 'MAX', asked at every state",
}
_LINES = tuple(_RIGHT_LINES)
_RULE_LINES = ("max update", "min update", "max cut", "min cut")
_SLIPS = {  # (line, slip) -> what the student's code does, for the slips told apart alone
    ("pass down", "swapped"): (
        "your recursive calls pass (beta, alpha): each child gets the two bounds swapped. "
        "Pass them in the order of the parameters: NAME(game, child, alpha, beta)"
    ),
    ("pass down", "as entered"): (
        # Never updating both bounds, and updating them but passing the old ones, do
        # exactly the same: the hint names both.
        "your children always get the window the node was called with: either alpha and "
        "beta are never updated, or the updated values are not what you pass to the "
        "children. After each child a MAX node raises alpha = max(alpha, value) and a MIN "
        "node lowers beta = min(beta, value); call each child with alpha and beta as they "
        "are after the last update"
    ),
    ("pass down", "own only"): (
        "your recursive calls pass down only the bound a node keeps itself (a MAX node "
        "alpha, a MIN node beta) and make the other infinite: a bound from two levels up "
        "never reaches the grandchildren, so the deep cutoffs are lost. Call each child "
        "with both: NAME(game, child, alpha, beta)"
    ),
    ("pass down", "full"): (
        "your recursive calls give every child the full window (-inf, +inf): what a node "
        "has learnt never reaches its children. Call each child with the node's alpha and "
        "beta, as they are after the last update"
    ),
    ("min cut", "above alpha"): (
        "your MIN nodes stop when value >= alpha: the comparison is turned round. A MIN "
        "node stops when value <= alpha: MAX above already has alpha elsewhere, and this "
        "MIN node can hold MAX to value or less, so MAX will never come here"
    ),
    ("max cut", "below beta"): (
        "your MAX nodes stop when value <= beta: the comparison is turned round. A MAX "
        "node stops when value >= beta: MIN above already has beta elsewhere, and this MAX "
        "node can get value or more, so MIN will never come here"
    ),
    ("turns", "first call"): (
        f"{_FIRST_CALL}: at a MIN root it maximises, and a game may give a player two moves "
        "in a row. Ask game.to_move(state) at every state"
    ),
}


_FRAME = object()
"""In the names of ``_book_search``'s frame, which no tree's own node can equal."""


def _book_search(tree: GameTree, window: tuple, *, by_ply: bool = False) -> tuple:
    """``(value, searched)``: the book's ``alphabeta`` on ``tree``, its root searched with
    ``window``, and with MAX told by asking the state, or (``by_ply``) by counting plies
    from the root, as a ``maximizing`` flag flipped at each call does.

    ``alphabeta`` searches its root with the whole window: the root is given ``window``
    by a frame of nodes above it, a MAX node whose first leaf is worth alpha, over a MIN
    node whose first leaf is worth beta, over the root (a leaf for a finite bound only).
    ``searched`` leaves the frame out; the value is the root's with the whole window.
    """
    alpha, beta = window
    # Nodes of the frame are pairs, not the names GameTree's types expect: no name can equal one.
    frame: list[Any] = [(_FRAME, part) for part in ("max", "min", "alpha", "beta")]
    top, middle, low, high = frame
    edges: list[Any] = [(top, "down", middle), (middle, "root", tree.root)]
    values: dict[Any, float] = {}
    if alpha > -math.inf:
        edges.insert(0, (top, "alpha", low))
        values[low] = alpha
    if beta < math.inf:
        edges.insert(-1, (middle, "beta", high))
        values[high] = beta
    plies = _plies(tree, tree.root)
    roles = {top: "max", middle: "min"} | {
        n: ("min" if plies[n] % 2 else "max") if by_ply else tree.role(n) for n in tree.nodes
    }
    values |= {n: tree.utility(n, "MAX") for n in tree.leaves()}
    framed = GameTree.from_edges(edges + tree.edges(), values, roles, root=top)
    trace = Trace()
    value = alphabeta(framed, tracer=trace).value
    return value, [s for s in trace.visited() if s not in (top, middle, low, high)]


def _loop_with_slips(tree: GameTree, rules: dict, node, alpha, beta, searched: list):
    """The textbook's alpha-beta with the given update, cut and passing rules; notes the
    nodes searched in ``searched``. A slip is a line of the loop written otherwise, so
    the book's ``alphabeta`` cannot run it: only this copy of the loop can."""
    searched.append(node)
    if tree.is_terminal(node):
        return tree.utility(node, "MAX")
    is_max = tree.to_move(node) == "MAX"
    update = _MAX_UPDATES[rules["max update"]] if is_max else _MIN_UPDATES[rules["min update"]]
    cut = _MAX_CUTS[rules["max cut"]] if is_max else _MIN_CUTS[rules["min cut"]]
    window = _PASSES[rules["pass down"]]
    entered = (alpha, beta)
    value = -math.inf if is_max else math.inf
    for child in tree.children(node):
        child_alpha, child_beta = window((alpha, beta), entered, is_max)
        v = _loop_with_slips(tree, rules, child, child_alpha, child_beta, searched)
        value = max(value, v) if is_max else min(value, v)
        if rules["update first"]:
            alpha, beta = update(value, alpha, beta)
        if cut(value, alpha, beta):
            return value
        if not rules["update first"]:
            alpha, beta = update(value, alpha, beta)
    return value


def _searched_with_slips(rules: dict, tree: GameTree, window: tuple) -> tuple:
    """``(value, searched)`` of ``_loop_with_slips`` at the root of ``tree``."""
    alpha, beta = window
    searched: list = []
    return _loop_with_slips(tree, rules, tree.root, alpha, beta, searched), searched


def _visits(tree: GameTree, searched) -> tuple:
    """What must agree: the set of nodes searched, and the leaves in order."""
    leaves = set(tree.leaves())
    return set(searched), [n for n in searched if n in leaves]


def _probe_windows(tree: GameTree) -> list[tuple]:
    """The windows ``fn`` is called with at the root: the full one, then two half-open ones
    that end at the root's value, so that a root which cuts, or children given the
    root's own window, show in the visits."""
    value = _max_view(tree, tree.root)
    return [(-math.inf, math.inf), (-math.inf, value), (value, math.inf)]


def _searches_to_try() -> list[tuple[dict, Callable]]:
    """Every search to try, with the slips it makes (``{line: slip}``): the book's
    ``alphabeta``, with no slip; the same with MAX decided by counting plies from the
    first call (a ``maximizing`` flag flipped at each call); and the loop with any slips
    in the updates and cuts (updating before or after the cut test) and the window passed
    down right, or one slip in passing the window down."""
    searches: list[tuple[dict, Callable]] = [
        ({}, _book_search),
        ({"turns": "first call"}, partial(_book_search, by_ply=True)),
    ]
    rules = [
        dict(zip(_RULE_LINES, choice, strict=True), **{"pass down": "right"})
        for choice in itertools.product(_MAX_UPDATES, _MIN_UPDATES, _MAX_CUTS, _MIN_CUTS)
    ]
    rules += [dict.fromkeys(_RULE_LINES, "right") | {"pass down": slip} for slip in _PASSES]
    for rule in rules:
        slips = {line: slip for line, slip in rule.items() if slip != "right"}
        if slips:  # with none, the loop is the book's alphabeta, tried above
            searches += [
                (slips, partial(_searched_with_slips, rule | {"update first": first}))
                for first in (True, False)
            ]
    return searches


def _diagnose_alphabeta(fn, trees: dict) -> list[str]:
    """Hint lines naming the lines of the loop that explain ``fn``'s mistake.

    ``fn`` is run at the root of every case tree with the full window, and
    with two narrower ones (``_probe_windows``). Every search of
    ``_searches_to_try`` (the book's alphabeta; the same with turns counted
    from the first call; the loop with every combination of the usual slips:
    an update that changes the wrong bound or none, a cut that compares with
    the wrong bound, the wrong way round, or never happens; updating before
    or after the cut test; the window passed down swapped, unchanged, halved
    or full) is run with the same windows, and those that give ``fn``'s value
    (with the full window) and visits (with every window) on all the trees
    are kept. A function that prunes nothing with any window ignores alpha
    and beta, and is told so. Slips cannot always be told apart (a MIN node
    that never lowers beta looks exactly like a MAX node that never cuts), so
    the hint names every line wrong in one of the simplest combinations that
    fit, or the slip itself when only one fits. Empty if none fits, or if the
    book's alphabeta does, or if every update and cut would be named (then the
    general hint says as much).
    """
    observed = []  # (tree, window, value or None, visits)
    for tree in trees.values():
        for window in _probe_windows(tree):
            game = RecordingGame(tree)
            try:
                got = fn(game, tree.root, *window)
            except Exception:  # the student's code: this call tells nothing
                continue
            if _is_number(got):
                full = math.isinf(window[0]) and math.isinf(window[1])
                observed.append((tree, window, got if full else None, _visits(tree, game.searched)))
    if observed and all(visits[0] == set(tree.nodes) for tree, _, _, visits in observed):
        # A missing cut and ignored bounds visit the same nodes: say both.
        return [
            "Hint: your function prunes nothing, even when it is called with a narrow "
            "window: either the cut tests are missing (or never true), or alpha and beta "
            "are not used. Stop a node as soon as its value reaches the bound of the "
            "player above (MAX at value >= beta, MIN at value <= alpha), pass alpha and "
            "beta down to the recursive calls, and update them as values come back (a MAX "
            "node raises alpha = max(alpha, value), a MIN node lowers beta = min(beta, "
            "value))."
        ]
    slips = []
    for wrong, search in _searches_to_try():
        for tree, window, got, visits in observed:
            value, searched = search(tree, window)
            if (got is not None and not _same(value, got)) or _visits(tree, searched) != visits:
                break
        else:
            slips.append(wrong)
    if not slips or not all(slips):  # nothing fits, or the book's alphabeta does
        return []
    fewest = min(len(wrong) for wrong in slips)
    simplest = [
        dict(wrong) for wrong in {tuple(sorted(w.items())) for w in slips if len(w) == fewest}
    ]
    seen = len({id(tree) for tree, *_ in observed})
    trees_seen = f"all {seen} trees" if seen > 1 else "the one tree"
    if len(simplest) == 1 and all(slip in _SLIPS for slip in simplest[0].items()):
        return [
            f"Hint: on {trees_seen}, with the full window and narrower ones, your "
            "values and visits are those of alpha-beta where "
            + "; and ".join(_SLIPS[slip] for slip in simplest[0].items()).replace("NAME", _name(fn))
            + "."
        ]
    suspects = set().union(*simplest)
    if suspects >= {"max update", "min update", "max cut", "min cut"}:
        return []
    lead = "one of these lines" if fewest == 1 else "these lines"
    return [
        f"Hint: on {trees_seen}, your values and visits are those of "
        f"alpha-beta with a slip in {lead}; each should read:"
    ] + [f"  {_RIGHT_LINES[line]}" for line in _LINES if line in suspects]


def _tops(tree: GameTree, nodes) -> list:
    """The nodes of ``nodes`` whose parent is not among them (subtree roots)."""
    chosen = set(nodes)
    return [n for n in nodes if tree.parent(n) not in chosen]


def _cutoffs_that_skip(tree: GameTree, trace: Trace, states) -> list[str]:
    """What the cutoffs in ``trace`` that skip any of ``states`` say."""
    wanted = set(states)
    return [trace.sentence(e.step) for e in trace.of_kind(CUTOFF) if wanted & set(e.skipped_states)]
