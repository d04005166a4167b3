"""Notebook 01's checks: minimax, and minimax with a depth limit.

Both call the student's function at every node of the case trees and name
the first wrong node; the hints come from searches with one usual slip each
(max and min swapped, turns counted from the first call, 0 at the depth
limit, ...) that are tried against every answer. The alpha-beta check uses
the same slips and ``_max_view``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial

from ..games.gametree import GameTree
from ..minimax import minimax
from .cases import _Cases, _chosen_cases, _evaluated_tree_problem, _tree_problem, case_trees
from .checking import (
    FAIL,
    CheckResult,
    _answer,
    _answers_at_every_node,
    _name,
    _names,
    _none_below,
    _not_a_function,
    _passed,
    _path_taken,
    _plural,
    _preorder,
    _role,
    _same,
    _show,
    _wrong_at_nodes,
)
from .comparison import Comparison, compare_depth_limited, compare_minimax, shown
from .guard import TIME_LIMIT, _guarded, _trying
from .recording import _PLAYERS, RecordingGame, _not_players


def _swapped(tree: GameTree) -> GameTree:
    """The same tree with MAX and MIN exchanged at every node."""
    flip = {"max": "min", "min": "max"}
    return GameTree.from_edges(
        tree.edges(),
        {n: tree.value(n) for n in tree.nodes if tree.value(n) is not None},
        {n: flip[tree.role(n)] for n in tree.nodes},
        root=tree.root,
    )


@_guarded("minimax")
def check_minimax(
    fn: Callable, *, cases=None, show: bool = False, time_limit: float = TIME_LIMIT
) -> CheckResult:
    """Check ``fn(game, state) -> value``, the minimax value from MAX's point of view.

    ``fn`` is called at every node of each case tree (``case_trees()``); the
    message names the first node in preorder whose value is wrong, with the
    value expected, and says which pattern the wrong values follow (MAX and
    MIN swapped, leaves valued for the wrong player, turns counted from the
    first call instead of asked of the state, ``game.to_move(state)``
    compared with a name no player has, such as 'max').

    ``cases``, if given, replaces the case trees: a dict ``{name: GameTree}``
    or a list of trees (named ``"tree 1"``, ``"tree 2"``, ...), of MAX and
    MIN without chance; a hidden test's own trees, which the student never saw.

    With ``show=True`` the result also carries the ``comparison`` of ``fn``
    with ``minimax`` on the first case it fails (the first case if it
    passes), which Jupyter shows under the message, step by step.

    >>> from aisearch.games import GameTree
    >>> def first_leaf(game, state):
    ...     while not game.is_terminal(state):
    ...         state = game.result(state, game.actions(state)[0])
    ...     return game.utility(state, "MAX")
    >>> print(check_minimax(first_leaf, cases={"hidden": GameTree.from_nested([[1, 2], [3, 4]])}))
    ... # doctest: +ELLIPSIS
    ✗ minimax: on the hidden, node 'A' (MAX) is worth 3 to MAX; `first_leaf` returned 1.
    ...
    (a case given to the check: hidden; to try it yourself: GameTree.from_nested([[1, 2], [3, 4]]))

    Raises:
        ValueError: ``cases`` is empty, or not trees minimax can search
            (the message names the bad entry).
    """
    trees = _chosen_cases(cases, case_trees, _tree_problem(minimax), kind="search")
    return shown(
        partial(_check_minimax, trees=trees),
        fn,
        show,
        lambda case: compare_minimax(fn, trees[case], case),
    )


def _check_minimax(fn: Callable, cases: list, trees: _Cases) -> CheckResult:
    """``check_minimax``'s verdict on ``trees``; ``cases`` gathers the names of the cases tried."""
    exercise = "minimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    for name, tree in trees.items():
        case = name
        cases.append(name)
        _trying(name)
        got_at, wrong, problem = _answers_at_every_node(exercise, fn, tree, case, _max_view)
        if problem is not None:
            return problem
        checked += len(got_at)
        if wrong:
            message = _minimax_message(exercise, fn, tree, case, got_at, wrong)
            return CheckResult(exercise, False, "\n".join([message, *trees.look_at(name)]))
    return _passed(exercise, f"right at all {checked} nodes of {_plural(len(trees), 'tree')}.")


def _minimax_message(exercise, fn, tree, case, got_at, wrong) -> str:
    first = wrong[0]
    expected = {n: _max_view(tree, n) for n in tree.nodes}
    lines = _wrong_at_nodes(exercise, fn, tree, case, got_at, wrong, expected)
    wrong_leaves = [n for n in wrong if not tree.children(n)]
    swapped = _swapped(tree)
    if wrong_leaves:
        leaf = wrong_leaves[0]
        negated = all(_same(got_at[n], -expected[n]) for n in wrong_leaves)
        lines.append(
            f"Hint: a leaf is worth its utility for MAX: leaf {leaf!r} is worth "
            f"{_show(expected[leaf])}, you returned {_show(got_at[leaf])}. "
            + (
                "Ask game.utility(state, 'MAX'), not the utility for the player to move there."
                if negated
                else "Return game.utility(state, 'MAX') at a terminal state."
            )
        )
    elif (
        misnamed := _misnamed_player(
            fn, tree, [(n, math.inf, got_at[n]) for n in tree.nodes], first
        )
    ) is not None:
        lines.append(misnamed)
    elif all(_same(got_at[n], _max_view(swapped, n)) for n in tree.nodes) and {
        tree.to_move(n) for n in wrong
    } == {"MAX", "MIN"}:
        # Only when the swap explains every node, and shows at both kinds of node:
        # returning the first child's value also looks like max at one MIN node.
        lines.append(_DEPTH_SLIPS[("evaluate", "swapped")])
    elif all(
        _same(got_at[n], _depth_variant(tree, n, math.inf, "evaluate", "first call"))
        for n in tree.nodes
    ):
        lines.append(_DEPTH_SLIPS[("evaluate", "first call")])
    elif all(_same(got_at[n], -expected[n]) for n in wrong):
        lines.append(
            "Hint: your values are MIN's, the negation of MAX's: return values from "
            "MAX's point of view at every node."
        )
    else:
        culprit = next(
            n for n in wrong if all(_same(got_at[c], expected[c]) for c in tree.children(n))
        )
        kids = ", ".join(f"{c}={_show(expected[c])}" for c in tree.children(culprit))
        take = "largest" if tree.to_move(culprit) == "MAX" else "smallest"
        lines.append(
            f"Hint: at {culprit!r} ({_role(tree, culprit)}) your children's values are "
            f"right ({kids}) but you returned {_show(got_at[culprit])}: a "
            f"{_role(tree, culprit)} node takes the {take} of them."
        )
    return "\n".join(lines)


@_guarded("depth-limited minimax")
def check_depth_limited(
    fn: Callable, *, cases=None, show: bool = False, time_limit: float = TIME_LIMIT
) -> CheckResult:
    """Check ``fn(game, state, depth) -> value``, depth-limited minimax for MAX.

    At the depth limit a non-terminal state is worth ``game.evaluate(state,
    "MAX")``; a terminal state is worth its utility at any depth. ``fn`` is
    called at every interior node with every depth from 0 to that node's
    height; the message names the first wrong (node, depth), and says when the
    answers are those of a search one ply deeper or shallower, or of no limit,
    or of a usual slip (0 at the limit, max and min swapped, the player to
    move decided by counting plies or by the depth's parity, or compared
    with a name no player has, such as 'max').

    ``cases``, if given, replaces the case trees (``case_trees("depth")``): a
    dict ``{name: GameTree}`` or a list of trees (``"tree 1"``, ...), of MAX
    and MIN, with a value (the evaluation) at every interior node too.

    With ``show=True`` the result also carries the ``comparison`` of ``fn``
    with depth-limited ``minimax`` on the first case it fails (the first case
    if it passes), called at the root with the smallest depth at which the
    two part (``_depth_to_show``), which Jupyter shows under the message.

    >>> def no_limit(game, state, depth):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, "MAX")
    ...     values = [no_limit(game, game.result(state, a), depth) for a in game.actions(state)]
    ...     return max(values) if game.to_move(state) == "MAX" else min(values)
    >>> result = check_depth_limited(no_limit, cases=[case_trees("depth")["Pacman tree"]])
    >>> result.passed, result.message.splitlines()[-1]
    (False, '(a case given to the check: tree 1)')

    Raises:
        ValueError: ``cases`` is empty, or holds a tree without a value at
            some interior node (the message names the bad entry).
    """
    trees = _chosen_cases(cases, lambda: case_trees("depth"), _evaluated_tree_problem, kind="depth")
    return shown(
        partial(_check_depth_limited, trees=trees),
        fn,
        show,
        lambda case: _depth_to_show(fn, trees[case], case),
    )


def _check_depth_limited(fn: Callable, cases: list, trees: _Cases) -> CheckResult:
    """``check_depth_limited``'s verdict on ``trees``; ``cases`` gathers the cases tried."""
    exercise = "depth-limited minimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    for name, tree in trees.items():
        case = name
        cases.append(name)
        _trying(name)
        answers, wrong = [], []
        for node in _preorder(tree):
            height = tree.height(node)
            if height == 0:
                continue
            for depth in range(height + 1):
                at = f", at node {node!r} ({_role(tree, node)}) with depth={depth}"
                got, problem = _answer(
                    exercise,
                    fn,
                    case,
                    at,
                    RecordingGame(tree),
                    node,
                    depth,
                    where=_path_taken(tree, node, depth),
                    find_none=lambda tree=tree, case=case, node=node, depth=depth: _none_below(
                        exercise, fn, tree, case, node, depth
                    ),
                )
                if problem is not None:
                    return problem
                checked += 1
                answers.append((node, depth, got))
                if not _same(got, _max_view(tree, node, depth=depth)):
                    wrong.append((node, depth, got))
        if wrong:
            message = _depth_message(exercise, fn, tree, case, wrong, answers)
            return CheckResult(exercise, False, "\n".join([message, *trees.look_at(name)]))
    return _passed(
        exercise, f"right for all {checked} (node, depth) pairs of {_plural(len(trees), 'tree')}."
    )


def _depth_to_show(fn: Callable, tree: GameTree, case: str) -> Comparison:
    """The comparison to show for ``fn`` on ``tree``: at the root with the smallest depth
    (from 0) at which ``fn`` and depth-limited minimax part; failing that, at the first
    inner node (preorder) and depth where they part; failing that, the whole tree.

    The check tries the root first, depth 0 first, too: when its message names the root
    at some depth, a wrong value there is a parting and every smaller depth was right at
    the root, so the view shows that depth unless a read or a value below the root
    parts sooner (its sentence then names the depth it shows).
    """
    calls = [(tree.root, d) for d in range(tree.height() + 1)] + [
        (node, d)
        for node in _preorder(tree)[1:]
        if tree.children(node)
        for d in range(tree.height(node) + 1)
    ]
    for node, depth in calls:
        comparison = compare_depth_limited(fn, tree, case, node, depth)
        if comparison.parting is not None:
            return comparison
    return compare_depth_limited(fn, tree, case, tree.root, tree.height())


def _depth_message(exercise, fn, tree, case, wrong, answers) -> str:
    node, depth, got = wrong[0]
    expected = _max_view(tree, node, depth=depth)
    lines = [
        f"{FAIL} {exercise}: on the {case}, node {node!r} ({_role(tree, node)}) searched to "
        f"depth {depth} is worth {_show(expected)} to MAX; `{_name(fn)}` returned {_show(got)}.",
        f"Wrong for {_plural(len(wrong), '(node, depth) pair')}, first: "
        + ", ".join(f"{n!r} at depth {d}" for n, d, _ in wrong[:4])
        + ".",
    ]
    slip = _misnamed_player(fn, tree, answers, node, depth) or _depth_slip(tree, answers)
    if slip is not None:
        lines.append(slip)
        return "\n".join(lines)
    # In order of preference when two patterns explain as many answers: forgetting
    # depth - 1 looks like "one ply deeper" on a tree of height 2, and a terminal
    # state evaluated at the limit like "one ply shallower".
    patterns = {
        "evaluated a terminal": (
            "Hint: a terminal state is worth its utility whatever the depth: ask "
            "game.is_terminal(state) before testing depth == 0. The evaluation is only a "
            "guess (in this tree it counts dots eaten, and does not know that Pacman was "
            "caught); at the end of the game the utility is known."
        ),
        "no limit": (
            "Hint: your answers ignore the depth limit: evaluate with "
            "game.evaluate(state, 'MAX') when depth is 0, and pass depth - 1 "
            "(not depth) to the recursive calls."
        ),
        "deeper": (
            "Hint: your answers are those of a search one ply deeper than asked: stop "
            "when depth reaches 0 (depth counts the plies still allowed), and pass "
            "depth - 1 to the children."
        ),
        "shallower": (
            "Hint: your answers are those of a search one ply shallower than asked: "
            "with depth=1 the children are evaluated, with depth=0 the state itself."
        ),
        "wrong player": (
            "Hint: at the limit, evaluate for MAX: game.evaluate(state, 'MAX'), "
            "not for the player to move there."
        ),
    }
    tally = dict.fromkeys(patterns, 0)
    for n, d, g in wrong:
        if _same(g, _evaluating_terminals(tree, n, d)):
            tally["evaluated a terminal"] += 1
        if _same(g, _max_view(tree, n)):
            tally["no limit"] += 1
        if _same(g, _max_view(tree, n, depth=d + 1)):
            tally["deeper"] += 1
        if d >= 1 and _same(g, _max_view(tree, n, depth=d - 1)):
            tally["shallower"] += 1
        if d == 0 and _same(g, -tree.evaluate(n, "MAX")):
            tally["wrong player"] += 1
    best = max(tally, key=lambda name: tally[name])  # the first of equals
    if tally[best] * 2 >= len(wrong):
        lines.append(patterns[best])
    return "\n".join(lines)


_FIRST_CALL = (
    "your function decides who moves by counting plies from its first call (MAX "
    "there, then in turn), not by asking the state"
)
"""The slip of a ``maximizing=True`` flag flipped at each call, as every check names it."""

_DEPTH_SLIPS = {  # (value at the limit, who maximises) -> the hint; tried in this order
    ("zero", "to_move"): (
        "Hint: at the depth limit your function returns 0: a state that is not terminal is "
        "worth game.evaluate(state, 'MAX') when depth is 0, the evaluation function's guess "
        "at its value, not 0."
    ),
    ("evaluate", "swapped"): (
        "Hint: your MAX nodes take the smallest child value and your MIN nodes the largest: "
        "max and min are swapped (MAX moves where game.to_move(state) == 'MAX')."
    ),
    ("evaluate", "first call"): (
        f"Hint: {_FIRST_CALL}: called at a MIN node it maximises. The check calls it at "
        "every node, and a game may give a player two moves in a row: ask "
        "game.to_move(state) at every state."
    ),
    ("evaluate", "even depth"): (
        "Hint: your function decides who moves by the parity of depth (MAX when depth is "
        "even): depth counts the plies left to search, not whose turn it is. Ask "
        "game.to_move(state) at every state."
    ),
    ("evaluate", "odd depth"): (
        "Hint: your function decides who moves by the parity of depth (MAX when depth is "
        "odd): depth counts the plies left to search, not whose turn it is. Ask "
        "game.to_move(state) at every state."
    ),
}


def _depth_slip(tree: GameTree, answers) -> str | None:
    """The hint of the usual slip whose search gives every one of ``answers``, or ``None``.

    ``answers`` holds ``(node, depth, value returned)`` for every pair asked on
    ``tree``; a slip is named only if its search agrees with all of them.
    """
    for (at_limit, maximiser), hint in _DEPTH_SLIPS.items():
        if all(
            _same(got, _depth_variant(tree, node, depth, at_limit, maximiser))
            for node, depth, got in answers
        ):
            return hint
    return None


def _depth_variant(
    tree: GameTree, node, depth: float, at_limit: str, maximiser: str, ply: int = 0
) -> float:
    """Depth-limited minimax for MAX with a slip: ``at_limit`` is ``"evaluate"`` or ``"zero"``;
    ``maximiser`` says who takes the max: the player ``to_move`` (right), the other one
    (``swapped``), the ``first call`` and every second ply after it, whoever moves at an
    ``even depth`` (``odd depth``), or one player at every node (``MAX everywhere``,
    ``MIN everywhere``)."""
    if tree.is_terminal(node):
        return tree.utility(node, "MAX")
    if depth == 0:
        return 0 if at_limit == "zero" else tree.evaluate(node, "MAX")
    is_max = {
        "to_move": tree.to_move(node) == "MAX",
        "swapped": tree.to_move(node) == "MIN",
        "first call": ply % 2 == 0,
        "even depth": depth % 2 == 0,
        "odd depth": depth % 2 == 1,
        "MAX everywhere": True,
        "MIN everywhere": False,
    }[maximiser]
    values = [
        _depth_variant(tree, c, depth - 1, at_limit, maximiser, ply + 1)
        for c in tree.children(node)
    ]
    return max(values) if is_max else min(values)


def _evaluating_terminals(tree: GameTree, node, depth: int) -> float:
    """Depth-limited minimax for MAX that tests ``depth == 0`` before ``is_terminal``."""
    if depth == 0:
        return tree.evaluate(node, "MAX")
    if tree.is_terminal(node):
        return tree.utility(node, "MAX")
    values = [_evaluating_terminals(tree, c, depth - 1) for c in tree.children(node)]
    return max(values) if tree.to_move(node) == "MAX" else min(values)


def _misnamed_player(fn, tree: GameTree, answers, node, *args) -> str | None:
    """The hint for ``game.to_move(state)`` compared with a name no player has, or ``None``.

    Named only when the answers show that the test never matched: ``answers``
    holds ``(node, depth, value returned)`` (``depth=math.inf`` for a search
    without a limit), and every one of them must be that of a search in which
    every node takes the smallest (or every node the largest) child value.
    ``fn`` is then called once more at ``node`` with ``*args``, to see which
    strings it compares ``game.to_move``'s answers with.
    """
    took = next(
        (
            took
            for took, everyone in (("smallest", "MIN everywhere"), ("largest", "MAX everywhere"))
            if all(
                _same(got, _depth_variant(tree, n, depth, "evaluate", everyone))
                for n, depth, got in answers
            )
        ),
        None,
    )
    if took is None:
        return None
    strange = sorted(_not_players(fn, tree, node, *args))
    if not strange:
        return None
    right = sorted({_PLAYERS[s.casefold()] for s in strange if s.casefold() in _PLAYERS})
    return (
        f"Hint: your function compares game.to_move(state) with {_names(strange)}, but "
        "game.to_move(state) answers 'MAX' or 'MIN' here, and strings match only when "
        "they are exactly the same: that test never matched, so every node took the "
        f"{took} of its children's values. Compare with {_names(right or ['MAX'])}."
    )


def _max_view(tree: GameTree, node, **options):
    """The package's minimax value of ``node`` from MAX's point of view."""
    value = minimax(tree, node, **options).value
    return value if tree.to_move(node) == "MAX" else -value
