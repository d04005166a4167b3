"""The cases the checks try: the textbook tree, a Pacman tree, ties, seeded random trees.

``case_trees()`` gives the trees of the minimax and alpha-beta checks (and,
with evaluations at interior nodes, of the depth-limited one) by name, so
that a student can look at the case a message names; the tic-tac-toe
positions are those the counting check walks.
"""

from __future__ import annotations

import random

from ..games.gametree import GameTree
from ..games.tictactoe import TicTacToe

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
