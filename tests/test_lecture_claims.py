"""Claims the lectures make in words, held against what the package does.

Each test names the notebook and the sentence it keeps true. Where the
sentence is in the notebook, the test also checks that the notebook still
says it, so that the two change together.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from aisearch import mcts
from aisearch.games import ConnectFour, Isolation, TicTacToe

ROOT = Path(__file__).resolve().parent.parent


def markdown(notebook: str) -> str:
    """The markdown of an instructor notebook, lines joined as a reader reads them."""
    path = next((ROOT / "instructor").glob(f"{notebook}*/*.ipynb"))
    cells = json.loads(path.read_text())["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return " ".join(text.split())


# --- 05: "a few XORs per move (two where pieces are placed, ... four in Isolation)" -------


def features(game, state) -> set:
    """What a Zobrist key would XOR together for ``state``: one number per
    (piece, cell) or blocked cell, and one for the side to move."""
    if isinstance(game, TicTacToe):
        pieces = {(mark, i) for i, mark in enumerate(state) if mark != "."}
    elif isinstance(game, ConnectFour):
        grid = game.grid(state)
        pieces = {(mark, r, c) for r, row in enumerate(grid) for c, mark in enumerate(row)}
        pieces = {p for p in pieces if p[0] in "XO"}
    else:
        blocked = {
            ("blocked", i) for i in range(state.blocked.bit_length()) if state.blocked >> i & 1
        }
        pieces = blocked | {("X", state.x), ("O", state.o)}
    return pieces | {("side", game.to_move(state))}


def xors_per_move(game, state, plies: int, seed: int) -> set[int]:
    """The numbers of XORs a move needs, over a random game from ``state``:
    the features that change (a side counts once: it flips)."""
    rng, counts = random.Random(seed), set()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        after = game.result(state, rng.choice(list(game.actions(state))))
        changed = features(game, state) ^ features(game, after)
        counts.add(len(changed) - 1)  # the two side numbers are one XOR
        state = after
    return counts


@pytest.mark.parametrize("game", [TicTacToe(), ConnectFour()], ids=["tic-tac-toe", "connect4"])
def test_a_placed_piece_costs_two_xors(game):
    for seed in range(5):
        assert xors_per_move(game, game.initial_state(), 40, seed) == {2}


def test_an_isolation_move_costs_four_xors():
    game = Isolation()
    for seed in range(5):
        state = game.initial_state()
        rng = random.Random(seed)
        for _ in range(2):  # both pieces placed: from here on pieces move
            state = game.result(state, rng.choice(list(game.actions(state))))
        assert xors_per_move(game, state, 30, seed) == {4}
    text = markdown("05")
    assert "two in a game where pieces are placed" in text
    assert "four in Isolation" in text


# --- 08: "grows by one node per iteration (none when ... a finished game)" -----------------


def test_mcts_grows_by_at_most_one_node_an_iteration_and_can_fall_behind():
    game = TicTacToe()
    near_end = "XOXOXO..."  # few moves left: iterations soon reach finished games
    for iterations in (1, 5, 50, 500):
        found = mcts(game, near_end, iterations=iterations, seed=1)
        assert found.stats.nodes <= iterations + 1
    assert mcts(game, near_end, iterations=500, seed=1).stats.nodes < 501
    text = markdown("08")
    assert "none when the iteration reaches a finished game" in text
    assert "at most one node per iteration" in text
