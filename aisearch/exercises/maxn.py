"""Notebook 07's checks: max^n vectors, written as code and backed up by hand.

``check_maxn`` calls the student's function at every node of three- and
four-player trees; ``check_maxn_by_hand`` reads the vectors written for
``BACKUP_TREE``, which ``draw_backup_tree`` draws before it is solved.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from ..games.gametree import GameTree
from ..maxn import maxn
from ..trace import Trace
from .cases import _Cases, _chosen_cases, _tree_problem
from .checking import (
    FAIL,
    CheckResult,
    _call,
    _failure_for_exception,
    _is_number,
    _name,
    _names,
    _not_a_function,
    _passed,
    _path_taken,
    _plural,
    _preorder,
    _Raised,
    _returned_none,
    _show,
)
from .comparison import compare_maxn, shown
from .guard import TIME_LIMIT, _guarded, _trying
from .recording import RecordingGame

BACKUP_TREE = [[(2, 5, 3), (6, 1, 3)], [(4, 4, 2), (3, 2, 5)], [(1, 3, 6), (5, 3, 2)]]
"""The tree of notebook 07's by-hand exercise: A is P1's, B C D are P2's.

D's two leaves tie for P2 (3 each); keeping the last of them instead of the
first would change A's choice too."""


def maxn_case_trees() -> dict[str, GameTree]:
    """The three- and four-player trees ``check_maxn`` tries, by name."""
    three = ("P1", "P2", "P3")
    return {
        "exercise tree": GameTree.from_nested(BACKUP_TREE, players=three),
        "tree with ties": GameTree.from_nested(
            [[(1, 4, 5), (6, 4, 0)], [(3, 2, 5), (0, 2, 8)]], players=three
        ),
        "tree where P1 moves twice in a row": GameTree.random(
            3, (1, 3), players=three, total=9, seed=11, layers=("P1", "P1", "P2")
        ),
        "random three-player tree": GameTree.random(3, (2, 3), players=three, total=10, seed=3),
        "random four-player tree": GameTree.random(
            3, 2, players=("N", "E", "S", "W"), values=(0, 9), seed=5
        ),
    }


def _maxn_vector(tree: GameTree, node) -> tuple:

    vector: tuple = maxn(tree, node).value  # type: ignore[assignment]  # max^n values are vectors
    return vector


def _is_vector(x, n: int) -> bool:
    return isinstance(x, (tuple, list)) and len(x) == n and all(_is_number(v) for v in x)


@_guarded("max^n")
def check_maxn(
    fn: Callable, *, cases=None, show: bool = False, time_limit: float = TIME_LIMIT
) -> CheckResult:
    """Check ``fn(game, state) -> vector``, the max^n value vector of ``state``.

    ``fn`` is called at every node of each of ``maxn_case_trees()`` (ties,
    a player moving twice, four players); the message names the first node in
    preorder whose vector is wrong, with the vector expected, and a hint for
    the usual slips: every node choosing by one fixed player's entry (the root
    player's, say), every player minimising, the last of tied children kept,
    a number or a ``(vector, action)`` pair instead of a vector.

    ``cases``, if given, replaces those trees: a dict ``{name: GameTree}`` or
    a list of trees (named ``"tree 1"``, ``"tree 2"``, ...) with a vector of
    utilities at each leaf.

    With ``show=True`` the result also carries the ``comparison`` of ``fn``
    with ``maxn`` on the case it reports (the first case if it passes),
    which Jupyter shows under the message, step by step.

    >>> tree = GameTree.from_nested([[(1, 2, 3), (3, 1, 2)], [(2, 3, 1)]], players=("A", "B", "C"))
    >>> def first_leaf(game, state):
    ...     while not game.is_terminal(state):
    ...         state = game.result(state, game.actions(state)[0])
    ...     return tuple(game.utility(state, p) for p in game.players)
    >>> print(check_maxn(first_leaf, cases=[tree]).message.splitlines()[0])
    ✗ max^n: on the tree 1, node 'A' (A to move) is worth (2, 3, 1); `first_leaf` returned (1, 2, 3).

    Raises:
        ValueError: ``cases`` is empty, or not trees max^n can search (the
            message names the bad entry).
    """
    trees = _chosen_cases(cases, maxn_case_trees, _tree_problem(maxn, players="any"))
    return shown(
        partial(_check_maxn, trees=trees),
        fn,
        show,
        lambda case: compare_maxn(fn, trees[case], case),
    )


def _check_maxn(fn: Callable, cases: list, trees: _Cases) -> CheckResult:
    """``check_maxn``'s verdict on ``trees``; the last of ``cases`` is the case it reports."""
    exercise = "max^n"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    checked, first_wrong, choices = 0, None, []
    for name, tree in trees.items():
        cases.append(name)
        _trying(name)
        got_at, failure = _maxn_answers(exercise, fn, name, tree)
        if failure is not None:
            if first_wrong is None:
                return failure
            break  # report the earlier wrong vector: it came first
        checked += len(got_at)
        wrong = [node for node, got in got_at.items() if got != _maxn_vector(tree, node)]
        # Every choice made between right children shows the rule the code follows.
        for node, got in got_at.items():
            kids = tree.children(node)
            if kids and all(c not in wrong for c in kids):
                choices.append((tree, node, got, [got_at[c] for c in kids]))
        if wrong and first_wrong is None:
            first_wrong = (name, tree, got_at, wrong)
    if first_wrong is None:
        return _passed(exercise, f"right at all {checked} nodes of {_plural(len(trees), 'tree')}.")
    name, tree, got_at, wrong = first_wrong
    cases.append(name)
    # The first wrong node whose children are right is where the slip is.
    culprit = next((w for w in wrong if all(c not in wrong for c in tree.children(w))), wrong[0])
    text = _maxn_message(fn, tree, name, culprit, got_at[culprit], rule=_maxn_rule(choices))
    text += f"\nWrong at {len(wrong)} of {len(tree.nodes)} nodes (preorder): {_names(wrong)}."
    return CheckResult(exercise, False, "\n".join([text, *trees.look_at(name)]))


def _maxn_answers(exercise, fn, name, tree) -> tuple[dict, CheckResult | None]:
    """``fn``'s vector at every node of ``tree`` (preorder), or the failure that stopped it."""
    n = len(tree.players)
    got_at: dict = {}
    for node in _preorder(tree):
        at = f", at node {node!r} ({tree.to_move(node)} to move)"
        try:
            got = _call(fn, RecordingGame(tree), node)
        except _Raised as raised:
            return got_at, _failure_for_exception(exercise, fn, raised.error, name, at)
        if got is None:
            return got_at, _returned_none(exercise, fn, name, at, _path_taken(tree, node))
        if not _is_vector(got, n):
            return got_at, CheckResult(
                exercise,
                False,
                (
                    f"{FAIL} {exercise}: on the {name}{at}, `{_name(fn)}` returned {got!r}; "
                    f"expected a tuple of {n} numbers, one per player of {tree.players!r}.\n"
                    + _maxn_shape_hint(got, n)
                ),
            )
        got_at[node] = tuple(got)
    return got_at, None


def _maxn_rule(choices: list) -> str | None:
    """The wrong rule that explains every choice seen, as a hint, or ``None``.

    ``choices`` holds ``(tree, node, vector chosen, children's vectors)`` for
    nodes whose children were right. Tried: every player minimising its own
    entry; every node maximising one fixed entry (index ``j``).
    """

    def own(tree, node):
        return tree.players.index(tree.to_move(node))

    def telling(pick):
        # The rule must pick a child, and differ from max^n somewhere.
        return all(got in kids and pick(t, n, got, kids) for t, n, got, kids in choices) and any(
            got[own(t, n)] < max(v[own(t, n)] for v in kids) for t, n, got, kids in choices
        )

    if choices and telling(
        lambda t, n, got, kids: got[own(t, n)] == min(v[own(t, n)] for v in kids)
    ):
        return (
            "Hint: you minimised: at every node your function takes the child lowest in the "
            "mover's own entry. In max^n every player maximises its own entry."
        )
    for j in range(min(len(t.players) for t, *_ in choices) if choices else 0):
        if telling(lambda t, n, got, kids, j=j: got[j] == max(v[j] for v in kids)):
            tree = choices[0][0]
            root = ", the root player's," if tree.to_move(tree.root) == tree.players[j] else ","
            return (
                f"Hint: at every node your function takes the child best in "
                f"{_entry_name(tree, j)}{root} whoever moves there. Each player "
                "chooses by its own entry: index game.players.index(game.to_move(state))."
            )
    return None


def _maxn_shape_hint(got, n: int) -> str:
    """Why ``got`` is not a vector of ``n`` numbers, as a hint."""
    if isinstance(got, (tuple, list)) and len(got) == 2 and _is_vector(got[0], n):
        return "Hint: return only the vector, not a (vector, action) pair."
    if _is_vector(getattr(got, "value", None), n):
        return "Hint: return the vector itself (here `.value`), not the search result."
    if _is_number(got):
        return (
            "Hint: in max^n a state is worth a vector, one entry per player, not a single "
            "number: return the whole vector of the child you pick."
        )
    return "Hint: a leaf's vector is tuple(game.utility(state, p) for p in game.players)."


def _entry_name(tree: GameTree, j: int) -> str:
    """``P2's entry (index 1)``: the player's name, and its index as ``game.players.index`` counts.

    One way of numbering everywhere, by hand and in code alike (counting from 1
    by hand and from 0 in code made the same slip read two ways).
    """
    return f"{tree.players[j]}'s entry (index {j})"


def _maxn_choice_hint(tree: GameTree, node, got: tuple, kids: list, by_hand: bool) -> str:
    """The hint for a child's vector that is not the one the mover picks.

    Tells a later tied child, the child best in some other player's entry, and
    the child worst in some entry (a minimisation) apart.
    """
    mover = tree.to_move(node)
    i = tree.players.index(mover)
    own = _entry_name(tree, i)
    if got[i] == max(v[i] for v in kids):
        return f"Hint: the children tie at {_show(got[i])} for {mover}: keep the first of them " + (
            "from the left." if by_hand else "in the order of game.actions (use >, not >=)."
        )
    others = [j for j in range(len(tree.players)) if j != i and got[j] == max(v[j] for v in kids)]
    worst = got[i] == min(v[i] for v in kids)
    if others:
        names = " and ".join(_entry_name(tree, j) for j in others)
        also = f", the worst for {mover}" if worst else ""
        return (
            f"Hint: you picked the child best in {names}{also}; but at {node!r} it is "
            f"{mover} who chooses, by its own entry, {own}."
        )
    if worst:
        return (
            f"Hint: you minimised: your vector is the child lowest in {own}. In max^n "
            f"every player maximises its own entry, and at {node!r} {mover} chooses."
        )
    return f"Hint: at {node!r} it is {mover} who chooses: the child largest in {own}."


def _maxn_message(
    fn, tree: GameTree, case: str, node, got, by_hand: bool = False, rule: str | None = None
) -> str:
    expected = _maxn_vector(tree, node)
    mover = tree.to_move(node)
    said = "you wrote" if by_hand else f"`{_name(fn)}` returned"
    lines = [
        f"{FAIL} max^n: on the {case}, node {node!r} ({mover} to move) is worth "
        f"{_show(expected)}; {said} {_show(got)}."
    ]
    kids = [_maxn_vector(tree, c) for c in tree.children(node)]
    if not kids:
        lines.append("Hint: a leaf is worth its utilities for every player, in game.players order.")
    elif not isinstance(got, tuple) or got not in kids:
        lines.append(
            f"Hint: a node's vector is one of its children's vectors ({_names(kids)}), taken whole."
        )
    else:
        hint = _maxn_choice_hint(tree, node, got, kids, by_hand)
        if rule is not None and "tie" not in hint:
            hint = (
                rule + f" At {node!r} that is "
                f"{_entry_name(tree, tree.players.index(tree.to_move(node)))}."
            )
        lines.append(hint)
    return "\n".join(lines)


def check_maxn_by_hand(answers: dict) -> CheckResult:
    """Check vectors backed up by hand on ``BACKUP_TREE``: ``{"B": (..), "C": (..), ...}``.

    Every interior node (A, B, C, D) needs its max^n vector. The message
    names keys that are not interior nodes (such as ``"b"``), else the first
    wrong vector (children before parents) and why, else every node still
    missing its vector.
    """
    exercise = "max^n by hand"
    tree = maxn_case_trees()["exercise tree"]
    if not isinstance(answers, dict):
        return CheckResult(
            exercise,
            False,
            f"{FAIL} {exercise}: give a dict "
            "{node: vector}, such as {'B': (1, 2, 3), ...}; got "
            f"{answers!r}.",
        )
    interior = [n for n in reversed(tree.nodes) if tree.children(n)]
    unknown = [k for k in answers if k not in interior]
    if unknown:
        leaves = [k for k in unknown if k in tree.nodes]
        why = (
            (
                f" ({_names(leaves)} {'is a leaf' if len(leaves) == 1 else 'are leaves'}: "
                "its vector is given)"
            )
            if leaves
            else ""
        )
        return CheckResult(
            exercise,
            False,
            (
                f"{FAIL} {exercise}: the dict has {_names(unknown)}, which "
                f"{'is not one of' if len(unknown) == 1 else 'are not among'} the nodes to fill in{why}. "
                f"The nodes are {_names(sorted(interior))}, written as capital letters."
            ),
        )
    missing = [n for n in sorted(interior) if answers.get(n) in (None, ...)]
    if len(missing) == len(interior):
        return CheckResult(
            exercise,
            False,
            "Not done yet: fill in the vectors of "
            f"{_names(missing)} in the dict, then run this check again.",
            attempted=False,
        )
    if (problem := _one_chooser_by_hand(exercise, tree, answers)) is not None:
        return problem
    for node in interior:
        got = answers.get(node)
        if got is None or got is ...:
            continue
        if not _is_vector(got, 3) or tuple(got) != _maxn_vector(tree, node):
            shown = tuple(got) if _is_vector(got, 3) else got
            return CheckResult(
                exercise,
                False,
                _maxn_message(None, tree, "exercise tree", node, shown, by_hand=True),
            )
    if missing:
        return CheckResult(
            exercise,
            False,
            (
                f"{FAIL} {exercise}: the vectors given are right so far, but "
                f"{_names(missing)} {'has' if len(missing) == 1 else 'have'} no vector yet."
            ),
        )
    return _passed(
        exercise, f"all four vectors are right: A is worth {_show(_maxn_vector(tree, tree.root))}."
    )


def _one_chooser_by_hand(exercise, tree: GameTree, answers: dict) -> CheckResult | None:
    """A failure if the vectors given are those of one player choosing at every node.

    Only when every vector given agrees with that player choosing (the first
    of ties, by its own entry), and two or more of them are wrong (one wrong
    choice is told at its node).
    """
    given = {n: tuple(v) for n, v in answers.items() if _is_vector(v, len(tree.players))}
    if sum(v != _maxn_vector(tree, n) for n, v in given.items()) < 2:
        return None
    for j, player in enumerate(tree.players):
        if all(v == _one_chooser(tree, n, j) for n, v in given.items()):
            others = [n for n in sorted(given) if tree.to_move(n) != player]
            by_mover: dict = {}
            for n in others:
                by_mover.setdefault(tree.to_move(n), []).append(n)
            movers = "; ".join(
                f"{_and(nodes)} {'is' if len(nodes) == 1 else 'are'} {mover}'s"
                for mover, nodes in by_mover.items()
            )
            return CheckResult(
                exercise,
                False,
                (
                    f"{FAIL} {exercise}: your vectors are those of {player} choosing at every node, "
                    f"by {_entry_name(tree, j)}; but {movers}.\n"
                    "Hint: at each node the player to move there chooses, by its own entry: "
                    + "; ".join(
                        f"{n} is worth {_show(_maxn_vector(tree, n))}, not {_show(given[n])}"
                        for n in others
                        if given[n] != _maxn_vector(tree, n)
                    )
                    + "."
                ),
            )
    return None


def _and(items) -> str:
    """``B``, ``B and C``, ``B, C and D``."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _one_chooser(tree: GameTree, node, j: int) -> tuple:
    """The vector of ``node`` if the player of entry ``j`` chose everywhere (first of ties)."""
    if not tree.children(node):
        return tuple(tree.value(node))
    best = None
    for child in tree.children(node):
        vector = _one_chooser(tree, child, j)
        if best is None or vector[j] > best[j]:
            best = vector
    assert best is not None  # a node that is not a leaf has children
    return best


def draw_backup_tree(ax=None):
    """A picture of exercise 1's tree (``BACKUP_TREE``) before it is solved.

    Every node is in the colour of the player to move there, with its name;
    the leaves carry their vectors, the nodes to back up none. Returns the
    ``Figure``.

    >>> figure = draw_backup_tree()
    >>> sorted(t.get_text() for t in figure.axes[0].texts if t.get_text().startswith("("))[:2]
    ['(1,3,6)', '(2,5,3)']
    """
    from ..viz import style
    from ..viz.canvas import new_figure
    from ..viz.tree import TreeDrawing, legend_handles

    tree = maxn_case_trees()["exercise tree"]
    trace = Trace(tree)
    maxn(tree, tracer=trace)
    if ax is None:
        ax = new_figure(figsize=(7.5, 2.8)).add_subplot()
    drawing = TreeDrawing(ax, trace, show_actions=False)
    # The first frame: nothing searched yet, so no node has a value. Then
    # every node drawn as plainly "done", with no active node.
    drawing.update(trace.frame(0))
    done = style.NODE_LOOKS["done"]
    for members, collection in drawing.markers.values():
        rows = [drawing.nodes[n] for n in members]
        collection.set_facecolors(
            [done.face if r.terminal else style.player_color(tree.players, r.role) for r in rows]
        )
        collection.set_edgecolors([done.edge] * len(rows))
        collection.set_linewidths([done.width] * len(rows))
    for n, row in drawing.nodes.items():
        if n in drawing.label_texts:
            drawing.label_texts[n].set_color(done.text)
        if not row.children:
            drawing.value_texts[n].set_text(style.number_text(tree.value(row.state)))
    movers = {f"{tree.to_move(n)} to move" for n in tree.nodes if tree.children(n)}
    players = [h for h in legend_handles(trace) if h.get_label() in movers]
    ax.legend(handles=players, loc="upper left", fontsize=8, frameon=False)
    ax.set_title("Exercise 1: back up the vectors of A, B, C and D", loc="left", fontsize=10)
    return ax.figure
