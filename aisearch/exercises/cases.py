"""The cases the checks try: the textbook tree, a Pacman tree, ties, seeded random trees.

``case_trees()`` gives the trees of the minimax and alpha-beta checks (and,
with evaluations at interior nodes, of the depth-limited one) by name, so
that a student can look at the case a message names; the tic-tac-toe
positions are those the counting check walks.

A check can also be given its cases (``cases=``, for an instructor's hidden
test): ``_chosen_cases`` checks them once, up front, and names them, and a
message about one of them says it was given to the check instead of telling
the student to fetch it from ``case_trees()``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..games.gametree import GameTree
from ..games.tictactoe import TicTacToe
from ..minimax import minimax

_RANDOM_SEEDS = (3, 7, 11)


def _pacman_tree() -> GameTree:
    """Pacman (MAX) next to a dot, with a ghost (MIN) close by.

    Eating the dot (+10 at once) lets the ghost trap Pacman; backing away
    into the tunnel scores nothing now but leads to the power pellet.
    """
    edges = [
        ("start", "eat dot", "dot eaten"),
        ("start", "back away", "in tunnel"),
        ("dot eaten", "ghost blocks", "trapped"),
        ("dot eaten", "ghost waits", "free"),
        ("trapped", "up", "caught above"),
        ("trapped", "down", "caught below"),
        ("free", "next dot", "two dots"),
        ("free", "stay", "one dot"),
        ("in tunnel", "ghost chases", "chased"),
        ("in tunnel", "ghost turns", "alone"),
        ("chased", "pellet", "pellet eaten"),
        ("chased", "turn back", "met ghost"),
        ("alone", "pellet", "pellet alone"),
    ]
    values = {
        # leaves: the score of the game from there
        "caught above": -500,
        "caught below": -500,
        "two dots": 20,
        "one dot": 10,
        "pellet eaten": 30,
        "met ghost": -500,
        "pellet alone": 15,
        # interior: what a one-look evaluation (dots eaten so far) says
        "start": 0,
        "dot eaten": 10,
        "in tunnel": 0,
        "trapped": 10,
        "free": 10,
        "chased": 0,
        "alone": 0,
    }
    roles = {
        "start": "max",
        "dot eaten": "min",
        "in tunnel": "min",
        "trapped": "max",
        "free": "max",
        "chased": "max",
        "alone": "max",
    }
    return GameTree.from_edges(edges, values, roles)


class _GuessingTree(GameTree):
    """A tree whose evaluation function also scores finished games, and gets them wrong.

    A real evaluation function is a guess that knows nothing of how the game
    ended; only the utility does. Here ``evaluate`` at a leaf returns its
    entry in ``guesses`` instead of its utility, so a depth-limited search
    that evaluates a terminal state at the depth limit, instead of asking
    ``is_terminal`` first, gets a different value.
    """

    guesses: dict = {}

    def evaluate(self, state, player) -> float:
        if state in self.guesses:
            return self._for(player, self.guesses[state])
        return super().evaluate(state, player)


def _pacman_tree_with_guesses() -> GameTree:
    """The Pacman tree, evaluated everywhere by the dots eaten so far (caught or not)."""
    tree = _pacman_tree()
    guessing = _GuessingTree.from_edges(
        tree.edges(),
        {n: tree.value(n) for n in tree.nodes},
        {n: tree.role(n) for n in tree.nodes},
        root=tree.root,
    )
    assert isinstance(guessing, _GuessingTree)
    guessing.guesses = {
        "caught above": 10,
        "caught below": 10,
        "two dots": 20,
        "one dot": 10,
        "pellet eaten": 0,
        "met ghost": 0,
        "pellet alone": 0,
    }
    return guessing


def _with_evaluations(tree: GameTree, seed: int, spread: int = 9) -> GameTree:
    """The same tree with a seeded random evaluation at every interior node."""
    rng = random.Random(seed)
    values = {
        n: tree.value(n) if tree.value(n) is not None else rng.randint(-spread, spread)
        for n in tree.nodes
    }
    return GameTree.from_edges(
        tree.edges(), values, {n: tree.role(n) for n in tree.nodes}, root=tree.root
    )


def case_trees(kind: str = "search") -> dict[str, GameTree]:
    """The trees the checks use, by name, so that a failing case can be looked at.

    ``kind="search"`` gives the trees of ``check_minimax`` and
    ``check_alphabeta``; ``kind="depth"`` those of ``check_depth_limited``
    (the same shapes with an evaluation at every interior node; in the
    Pacman tree the evaluation also gives finished games a score, which
    differs from their utility).

    >>> list(case_trees())[:3]
    ['textbook tree', 'Pacman tree', 'tree with ties']
    >>> case_trees()["textbook tree"].to_nested()
    [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    """
    if kind not in ("search", "depth"):
        raise ValueError(f"kind must be 'search' or 'depth', got {kind!r}")
    trees = {
        "textbook tree": GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]),
        "Pacman tree": _pacman_tree(),
        "tree with ties": GameTree.from_nested([[5, 3], [3, 9], [2, 7]]),
    }
    for seed in _RANDOM_SEEDS:
        trees[f"random tree, seed {seed}"] = GameTree.random(3, (2, 3), values=(-5, 5), seed=seed)
    trees["random tree with a MIN root"] = GameTree.random(
        3, (2, 3), values=(-5, 5), seed=5, root_role="min"
    )
    # Four plies: a bound from the root reaches a MIN node three levels down (a deep
    # cutoff), which a search that passes only one bound to each child misses.
    trees["random tree of depth 4, seed 0"] = GameTree.random(4, 2, values=(-9, 9), seed=0)
    if kind == "search":
        return trees
    textbook = trees["textbook tree"]
    return {
        "textbook tree": _with_evaluations(textbook, seed=1),
        "Pacman tree": _pacman_tree_with_guesses(),
        **{
            name: _with_evaluations(tree, seed=i)
            for i, (name, tree) in enumerate(trees.items())
            if name.startswith("random")
        },
    }


def _tic_tac_toe_cases():
    game = TicTacToe()
    boards = [
        ("a finished game: X has won", ("XXX", "OO.", "...")),
        ("four moves to go", ("XOX", ".O.", "X..")),
        ("four moves to go, O to block", ("XXO", ".O.", "X..")),
        ("after three moves", ("X..", ".O.", "..X")),
        ("after two moves", ("X..", ".O.", "...")),
        ("the empty board", ("...", "...", "...")),
    ]
    return game, [(name, game.from_rows(*rows)) for name, rows in boards]


def _look_at(name: str, kind: str = "search") -> str:
    """The line that tells how to get a failing case's tree."""
    args = "" if kind == "search" else repr(kind)
    return (
        f"To look at this tree: from aisearch.exercises import case_trees; "
        f"tree = case_trees({args})[{name!r}]"
    )


# Cases given to a check (cases=) ------------------------------------------------


class _Cases(dict):
    """The cases a check tries, by name; ``given`` when they came from ``cases=``.

    ``kind`` is the ``case_trees`` kind a default case comes from (``None``
    for cases that ``case_trees`` does not offer).
    """

    def __init__(self, named, *, given: bool, kind: str | None = None) -> None:
        super().__init__(named)
        self.given = given
        self.kind = kind

    def look_at(self, name: str) -> list[str]:
        """The lines that end a message about case ``name``: where to find it.

        A given case is written out where it is short enough to paste (a tree
        ``from_nested`` gives back, a board, a tuple of numbers), since the
        student may never have seen it: a hidden test's case.
        """
        if self.given:
            written = _written(self[name])
            return [
                f"(a case given to the check: {name}"
                + (f"; to try it yourself: {written})" if written else ")")
            ]
        return [] if self.kind is None else [_look_at(name, self.kind)]


def _written(case) -> str | None:
    """Python that rebuilds ``case``, if it is short; ``None`` otherwise.

    >>> _written(GameTree.from_nested([[3, 1], [2]], root_role="min"))
    "GameTree.from_nested([[3, 1], [2]], root_role='min')"
    >>> _written((0.5, 3, 10, 1.0))
    '(0.5, 3, 10, 1.0)'
    """
    if isinstance(case, GameTree):
        if case.is_multiplayer or any(case.role(n) == "chance" for n in case.nodes):
            return None
        role = case.role(case.root)
        try:
            again = GameTree.from_nested(case.to_nested(), root_role=role)
        except ValueError:
            return None
        same = again.nodes == case.nodes and all(
            again.value(n) == case.value(n) and again.role(n) == case.role(n) for n in case.nodes
        )
        if not same:
            return None
        written = f"GameTree.from_nested({case.to_nested()!r}"
        return written + (f", root_role={role!r})" if role != "max" else ")")
    text = repr(case)
    return text if len(text) <= 160 and "<" not in text else None


def _chosen_cases(
    cases,
    default: Callable[[], dict],
    problem_with: Callable[[object], str | None],
    *,
    unnamed: str = "tree",
    kind: str | None = None,
) -> _Cases:
    """The cases a check tries: ``default()`` if ``cases`` is None, else ``cases``, named.

    ``cases`` is a dict ``{name: case}`` or a list of cases, named
    ``"{unnamed} 1"``, ``"{unnamed} 2"``, ... ``problem_with(case)`` says what
    is wrong with one case (``None`` if nothing), so that a bad case is
    refused here, before any student code runs.

    >>> tree = GameTree.from_nested([[1, 2], [3]])
    >>> list(_chosen_cases([tree], dict, lambda case: None))
    ['tree 1']
    >>> _chosen_cases({"mine": 3}, dict, lambda case: "not a GameTree")
    Traceback (most recent call last):
    ...
    ValueError: cases: 'mine' is 3, not a GameTree

    Raises:
        ValueError: ``cases`` is not a dict or a list, is empty, has a name
            that is not a string, or a case ``problem_with`` refuses; the
            message names ``cases`` and the bad entry.
    """
    if cases is None:
        return _Cases(default(), given=False, kind=kind)
    if isinstance(cases, dict):
        named = list(cases.items())
    elif isinstance(cases, (list, tuple)):
        named = [(f"{unnamed} {i}", case) for i, case in enumerate(cases, 1)]
    else:
        raise ValueError(f"cases must be a dict {{name: case}} or a list of cases, got {cases!r}")
    if not named:
        raise ValueError("cases is empty: give the check at least one case")
    for name, case in named:
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"cases: a case's name must be a non-empty string, got {name!r}")
        if (why := problem_with(case)) is not None:
            raise ValueError(f"cases: {name!r} is {case!r}, {why}")
    return _Cases(named, given=True, kind=kind)


def _is_game_tree(x) -> bool:
    """True for a ``GameTree``, made by this copy of the package or by another
    (``pristine()`` loads one, whose class is not this one)."""
    return any(
        k.__name__ == "GameTree" and k.__module__.endswith("games.gametree")
        for k in type(x).__mro__
    )


def _tree_problem(search: Callable, players: str = "two") -> Callable[[object], str | None]:
    """What is wrong with a case tree for a check that compares with ``search``.

    A case must be a ``GameTree`` (of ``players``: ``"two"``, MAX and MIN, or
    ``"any"`` number) that ``search`` accepts: the check runs it once here,
    so a tree it refuses (chance nodes for minimax, say) is refused up front.
    """

    def problem_with(tree) -> str | None:
        if not _is_game_tree(tree):
            return "not a GameTree"
        if players == "two" and tree.is_multiplayer:
            return f"a tree of {len(tree.players)} players; this check needs MAX and MIN"
        try:
            search(tree)
        except ValueError as error:
            return f"a tree the check cannot search: {error}"
        return None

    return problem_with


def _evaluated_tree_problem(tree) -> str | None:
    """What is wrong with a case tree for the depth-limited check (``None`` if nothing)."""
    if (problem := _tree_problem(minimax)(tree)) is not None:
        return problem
    bare = [n for n in tree.nodes if tree.value(n) is None]
    if bare:
        return (
            f"a tree with no evaluation at {', '.join(repr(n) for n in bare[:6])}: "
            "a depth-limited search evaluates any node at its limit, so give every node a value"
        )
    return None
