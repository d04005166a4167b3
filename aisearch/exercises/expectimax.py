"""Notebook 04's check: expectiminimax, with chance nodes whose odds are not equal.

The student's function is called at every node of ``chance_case_trees()``;
the hints tell a plain mean, a chance node treated as a player, and a test
for the chance node that never matches.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from ..expectimax import expectimax
from ..games.gametree import CHANCE, GameTree
from .cases import _RANDOM_SEEDS, _Cases, _chosen_cases, _tree_problem
from .checking import (
    CheckResult,
    _answers_at_every_node,
    _names,
    _not_a_function,
    _passed,
    _plural,
    _role,
    _same,
    _show,
    _wrong_at_nodes,
)
from .comparison import compare_expectimax, shown
from .guard import TIME_LIMIT, _guarded, _trying
from .recording import _not_players


def chance_case_trees() -> dict[str, GameTree]:
    """The trees of ``check_expectimax``, by name: MAX, MIN and chance layers,
    with probabilities that are not all equal.

    >>> chance_case_trees()["'MAX over dice, unequal odds' tree"].chance_outcomes("B")
    (('b1', 0.9), ('b2', 0.1))
    """
    trees = {
        "'MAX over dice, unequal odds' tree": GameTree.from_nested(
            [[(0.9, 10), (0.1, -5)], [(0.5, 2), (0.5, 3)]], layers=("max", "chance")
        ),
        "'max, chance, min' tree": GameTree.from_nested(
            [[(0.25, [3, 5]), (0.75, [9, 1])], [(0.6, [4, 6]), (0.4, [2, 8])]],
            layers=("max", "chance", "min"),
        ),
    }
    for seed in _RANDOM_SEEDS:
        rng = random.Random(seed)
        tree = GameTree.random(
            3, (2, 3), values=(-5, 5), seed=seed, layers=("max", "chance", "min")
        )
        trees[f"random tree, seed {seed}"] = _reweighed(tree, rng)
    return trees


def _reweighed(tree: GameTree, rng: random.Random) -> GameTree:
    """The same tree with random, unequal probabilities at its chance nodes."""
    probabilities = {}
    for node in tree.nodes:
        if tree.role(node) == "chance":
            weights = [rng.randint(1, 4) for _ in tree.children(node)]
            for child, w in zip(tree.children(node), weights, strict=True):
                probabilities[(node, child)] = w / sum(weights)
    values = {n: tree.value(n) for n in tree.nodes if tree.value(n) is not None}
    return GameTree.from_edges(tree.edges(), values, tree.role, probabilities=probabilities)


def _expected_for_max(tree: GameTree, node) -> float:
    value = expectimax(tree, node).value
    return -value if tree.to_move(node) == "MIN" else value


@_guarded("expectimax")
def check_expectimax(
    fn: Callable, *, cases=None, show: bool = False, time_limit: float = TIME_LIMIT
) -> CheckResult:
    """Check ``fn(game, state) -> value``, the expectiminimax value for MAX.

    ``fn`` is called at every node of each of ``chance_case_trees()``; the
    message names the first node in preorder whose value is wrong, with the
    value expected, and a hint when a chance node is averaged without its
    probabilities or treated as an opponent.

    ``cases``, if given, replaces those trees: a dict ``{name: GameTree}`` or
    a list of trees (named ``"tree 1"``, ``"tree 2"``, ...) of MAX, MIN and
    (usually) chance nodes.

    With ``show=True`` the result also carries the ``comparison`` of ``fn``
    with ``expectimax`` on the first case it fails (the first case if it
    passes), which Jupyter shows under the message, step by step.

    >>> from aisearch.games import GameTree
    >>> dice = GameTree.from_nested([[(0.8, 1), (0.2, 6)], [(0.5, 2), (0.5, 3)]],
    ...                             layers=("max", "chance"))
    >>> def plain_mean(game, state):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, "MAX")
    ...     values = [plain_mean(game, game.result(state, a)) for a in game.actions(state)]
    ...     if game.to_move(state) == "chance":
    ...         return sum(values) / len(values)
    ...     return max(values) if game.to_move(state) == "MAX" else min(values)
    >>> print(check_expectimax(plain_mean, cases=[dice]).message.splitlines()[0])
    ✗ expectimax: on the tree 1, node 'A' (MAX) is worth 2.5 to MAX; `plain_mean` returned 3.5.

    Raises:
        ValueError: ``cases`` is empty, or not trees expectimax can search
            (the message names the bad entry).
    """
    trees = _chosen_cases(cases, chance_case_trees, _tree_problem(expectimax))
    return shown(
        partial(_check_expectimax, trees=trees),
        fn,
        show,
        lambda case: compare_expectimax(fn, trees[case], case),
    )


def _check_expectimax(fn: Callable, cases: list, trees: _Cases) -> CheckResult:
    """``check_expectimax``'s verdict on ``trees``; ``cases`` gathers the cases tried."""
    exercise = "expectimax"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked = 0
    for name, tree in trees.items():
        cases.append(name)
        _trying(name)
        asked: set = set()
        got_at, wrong, problem = _answers_at_every_node(
            exercise, fn, tree, name, _expected_for_max, asked
        )
        if problem is not None:
            return problem
        checked += len(got_at)
        if wrong:
            message = _expectimax_message(fn, tree, name, got_at, wrong, asked)
            return CheckResult(exercise, False, "\n".join([message, *trees.look_at(name)]))
    return _passed(exercise, f"right at all {checked} nodes of {_plural(len(trees), 'tree')}.")


def _expectimax_message(
    fn, tree: GameTree, case: str, got_at: dict, wrong: list, asked: set
) -> str:
    """What is wrong; ``asked`` holds the names of the game methods ``fn`` called."""
    expected = {n: _expected_for_max(tree, n) for n in tree.nodes}
    lines = _wrong_at_nodes("expectimax", fn, tree, case, got_at, wrong, expected)
    culprit = next(
        (
            n
            for n in wrong
            if tree.children(n) and all(_same(got_at[c], expected[c]) for c in tree.children(n))
        ),
        None,
    )
    if culprit is None:
        if any(not tree.children(n) for n in wrong):
            lines.append("Hint: a leaf is worth game.utility(state, 'MAX').")
        return "\n".join(lines)
    kids = [expected[c] for c in tree.children(culprit)]
    got = got_at[culprit]
    if tree.role(culprit) == "chance":
        shown = ", ".join(
            f"{c}={_show(expected[c])} (p={_show(tree.probability(culprit, c))})"
            for c in tree.children(culprit)
        )
        lines.append(f"At chance node {culprit!r} the children's values are right: {shown}.")
        chose = (
            "smallest" if _same(got, min(kids)) else "largest" if _same(got, max(kids)) else None
        )
        strange = (
            _not_players(fn, tree, culprit)
            if chose is not None and "chance_outcomes" not in asked
            else set()
        )
        if strange:
            player = "MIN" if chose == "smallest" else "MAX"
            lines.append(
                f"Hint: your function took the {chose} of them, as a {player} node does, and never "
                "called game.chance_outcomes: its test for a chance node never matched. It "
                f"compares game.to_move(state) with {_names(sorted(strange))}, but at a chance "
                f"node game.to_move(state) is {CHANCE!r} (aisearch.CHANCE): compare with that."
            )
        elif _same(got, sum(kids) / len(kids)):
            lines.append(
                "Hint: you took the plain mean; weigh each child by its probability "
                "from game.chance_outcomes(state)."
            )
        elif _same(got, min(kids)) or _same(got, max(kids)):
            lines.append(
                "Hint: a chance node does not choose: it is worth the sum of "
                "probability x value over its outcomes."
            )
        else:
            lines.append(
                "Hint: a chance node is worth the sum of probability x value over "
                "game.chance_outcomes(state)."
            )
    else:
        take = "largest" if tree.role(culprit) == "max" else "smallest"
        lines.append(
            f"Hint: at {culprit!r} ({_role(tree, culprit)}) the children's values are "
            f"right but you returned {_show(got)}: a {_role(tree, culprit)} node takes "
            f"the {take} of them."
        )
    return "\n".join(lines)
