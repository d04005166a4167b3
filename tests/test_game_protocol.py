"""The game protocol: what every search checks up front, and the optional members."""

import re

import pytest

from aisearch import alphabeta, expectimax, maxn, mcts, minimax, negamax, paranoid, star1
from aisearch.caching import memo_minimax
from aisearch.game import (
    OPTIONAL_MEMBERS,
    ChanceGame,
    Game,
    MultiplayerGame,
    SymmetricGame,
    check_game,
    optional,
)
from aisearch.games import CoinRow, DiceNim, GameTree, TicTacToe
from aisearch.quiescence import quiescence_search

SEARCHES = {
    "minimax": lambda g: minimax(g),
    "alphabeta": lambda g: alphabeta(g),
    "negamax": lambda g: negamax(g),
    "a table search (alphabeta or negamax with a table)": lambda g: alphabeta(g, symmetry=True),
    "memo_minimax": lambda g: memo_minimax(g),
    "expectimax": lambda g: expectimax(g),
    "star1": lambda g: star1(g, bounds=(-1, 1)),
    "quiescence_search": lambda g: quiescence_search(g, depth=1, evaluate=lambda *a: 0),
    "maxn": lambda g: maxn(g),
    "mcts": lambda g: mcts(g, iterations=5),
}


class NoUtility:
    """A game whose author forgot ``utility``; every other method raises if asked."""

    def initial_state(self):
        raise AssertionError("asked before the check")

    to_move = actions = result = is_terminal = initial_state


@pytest.mark.parametrize("name", SEARCHES)
def test_every_search_refuses_a_class_for_a_game(name):
    with pytest.raises(ValueError, match=r"got the class TicTacToe: pass TicTacToe\(\)"):
        SEARCHES[name](TicTacToe)


@pytest.mark.parametrize("name", SEARCHES)
def test_every_search_names_a_missing_method_before_the_first_node(name):
    with pytest.raises(ValueError, match=re.escape(name) + ".* has no utility"):
        SEARCHES[name](NoUtility())


def test_paranoid_names_the_game_it_cannot_search():
    with pytest.raises(ValueError, match="not one of the game's players"):
        paranoid(TicTacToe(), player="Z")


def test_the_protocols_say_what_a_game_offers():
    assert isinstance(TicTacToe(), Game) and isinstance(TicTacToe(), SymmetricGame)
    assert isinstance(DiceNim(), ChanceGame) and not isinstance(TicTacToe(), ChanceGame)
    assert isinstance(CoinRow(), MultiplayerGame)
    assert not isinstance(GameTree.from_nested([1, 2]), SymmetricGame)


def test_optional_reads_only_documented_members():
    assert optional(TicTacToe(), "zero_sum") is True
    assert optional(TicTacToe(), "noisy_actions") is None
    with pytest.raises(ValueError, match="'zerosum' is not an optional member"):
        optional(TicTacToe(), "zerosum")
    assert all(isinstance(text, str) and text for text in OPTIONAL_MEMBERS.values())


def test_check_game_passes_a_game_it_can_search():
    check_game(TicTacToe(), "minimax", symmetry=True, zero_sum=True)
    check_game(DiceNim(), "expectimax", chance=True)
    with pytest.raises(ValueError, match="has chance nodes, which minimax would treat"):
        check_game(DiceNim(), "minimax")
