"""Negamax and the searches in its form refuse games they cannot search.

Negamax negates a child's value to get its parent's: right for two players
whose gains are each other's losses, meaningless otherwise. Each refusal is
checked for naming the game and the assumption it breaks.
"""

import re

import pytest

from aisearch import alphabeta, minimax, negamax
from aisearch.caching import TABLE_SEARCH, TranspositionTable, table_search
from aisearch.game import refuse_unless_two_player_zero_sum
from aisearch.games import GameTree, TicTacToe
from aisearch.games.coinrow import CoinRow
from aisearch.games.connect4 import ConnectFour
from aisearch.paranoid import Paranoid

from trees import paranoid_by_definition

THREE = ("P1", "P2", "P3")

#                 A (P1)
#          a1 /          \ a2
#         B (P2)          C (P2)
#       /      \        /       \
#   D (5,3,2) E (4,2,4) F (1,6,3) G (3,3,4)
#
# Negamax, before it refused, returned -3 here: at B it took P2's best
# entry, max(3, 2) = 3, and negated it for P1; at C -max(6, 3) = -6; at A
# max(-3, -6) = -3, a number that is nobody's value. Minimax gives P1 its
# paranoid value, min(5, 4) = 4 by a1.
SHALLOW = [[(5, 3, 2), (4, 2, 4)], [(1, 6, 3), (3, 3, 4)]]
COINS = (3, 9, 1, 2, 7, 4, 8, 5)


def three_player_tree() -> GameTree:
    return GameTree.from_nested(SHALLOW, players=THREE)


def two_player_coin_row() -> CoinRow:
    # Each player's utility is the coins it took: constant-sum, not zero-sum.
    return CoinRow(COINS, players=("A", "B"))


def message(game, search: str, assumption: str) -> str:
    """The start of a refusal: the search, its assumption, and the game by name."""
    return re.escape(f"{search} assumes a {assumption}") + ".*" + re.escape(repr(game))


SEARCHES = {
    "negamax": lambda g: negamax(g),
    "negamax(prune=False)": lambda g: negamax(g, prune=False),
    "negamax with a table": lambda g: negamax(g, table=TranspositionTable()),
    "alphabeta with a table": lambda g: alphabeta(g, table=TranspositionTable()),
    "alphabeta with symmetry": lambda g: alphabeta(g, symmetry=True),
    "table_search": lambda g: table_search(g),
}
NAMES = {"negamax": "negamax", "negamax(prune=False)": "negamax"}


@pytest.mark.parametrize("search", SEARCHES)
def test_three_players_are_refused(search):
    tree = three_player_tree()
    assert minimax(tree).value == paranoid_by_definition(tree, "A", "P1") == 4
    name = NAMES.get(search, TABLE_SEARCH)
    with pytest.raises(ValueError, match=message(tree, name, "two-player game")):
        SEARCHES[search](tree)


@pytest.mark.parametrize("search", SEARCHES)
def test_a_game_that_is_not_zero_sum_is_refused(search):
    game = two_player_coin_row()
    name = NAMES.get(search, TABLE_SEARCH)
    with pytest.raises(ValueError, match=message(game, name, "zero-sum game")):
        SEARCHES[search](game)
    # minimax and alphabeta value every state from the root player's side, which
    # is right for any two players: the refusal points there.
    assert (
        minimax(game).value
        == alphabeta(game).value
        == paranoid_by_definition(game, game.initial_state(), "A")
    )


def test_the_refusal_says_what_to_use_instead():
    with pytest.raises(ValueError, match="search it with aisearch.maxn, or aisearch.paranoid"):
        negamax(CoinRow(COINS))
    with pytest.raises(ValueError, match="search it with aisearch.minimax or aisearch.alphabeta"):
        negamax(two_player_coin_row())


def test_a_declared_zero_sum_is_believed_both_ways():
    class Declared(TicTacToe):
        zero_sum = False

        def __repr__(self):
            return "Declared()"

    declared = "negamax assumes a zero-sum game, and Declared() declares zero_sum = False"
    with pytest.raises(ValueError, match=re.escape(declared)):
        negamax(Declared(), "XOXOXO...")
    # Declared True with the players listed, it is believed: no line is probed,
    # so an end that is not zero-sum goes unseen; undeclared, it is found.
    unfair = Movers(("X", "Y"), {"X": 2, "Y": 1})
    unfair.players = ("X", "Y")
    with pytest.raises(ValueError, match="zero-sum game"):
        refuse_unless_two_player_zero_sum(unfair, 0, "negamax")
    unfair.zero_sum = True
    refuse_unless_two_player_zero_sum(unfair, 0, "negamax")
    assert ConnectFour.zero_sum is True and TicTacToe.zero_sum is True


class Movers:
    """A game with no ``players`` list: a line of ``len(movers)`` plies, each
    state moved by the next name in ``movers``, ending with ``ends`` utilities."""

    def __init__(self, movers, ends):
        self.movers, self.ends = movers, ends

    def __repr__(self):
        return f"Movers({self.movers!r})"

    def initial_state(self):
        return 0

    def to_move(self, state):
        return self.movers[state % len(self.movers)]  # and someone at the end

    def actions(self, state):
        return () if self.is_terminal(state) else ("a", "b")

    def result(self, state, action):
        return state + 1

    def is_terminal(self, state):
        return state == len(self.movers)

    def utility(self, state, player):
        return self.ends[player]


def test_players_are_counted_along_the_line_when_the_game_lists_none():
    three = Movers(("X", "Y", "Z"), {"X": 1, "Y": -1, "Z": 0})
    with pytest.raises(
        ValueError,
        match=message(three, "negamax", "two-player game") + ".*has 3 players \\('X', 'Y', 'Z'\\)",
    ):
        negamax(three)
    two = Movers(("X", "Y", "X"), {"X": 2, "Y": -2})
    assert negamax(two).value == minimax(two).value == 2
    unfair = Movers(("X", "Y"), {"X": 2, "Y": 1})
    with pytest.raises(
        ValueError,
        match=message(unfair, "negamax", "zero-sum game") + ".*gives 2 and 1 at the end 2",
    ):
        negamax(unfair)


def test_the_check_is_done_from_the_searched_state():
    # Z moves only at the start: from the root the line meets three players,
    # from state 1 on only X and Y, a zero-sum pair.
    late = Movers(("Z", "X", "Y", "X"), {"X": 1, "Y": -1, "Z": 0})
    with pytest.raises(ValueError, match="has 3 players"):
        refuse_unless_two_player_zero_sum(late, 0, "negamax")
    refuse_unless_two_player_zero_sum(late, 1, "negamax")
    assert negamax(late, 1).value == minimax(late, 1).value
    # A zero-sum two-player game passes, from any state.
    game = TicTacToe()
    for state in (game.initial_state(), "XO.......", "XXXOO...."):
        refuse_unless_two_player_zero_sum(game, state, "negamax")


def test_the_paranoid_reduction_is_two_player_zero_sum_and_negamax_searches_it():
    tree = three_player_tree()
    for player in THREE:
        reduced = Paranoid(tree, player)
        expected = paranoid_by_definition(tree, "A", player)
        # negamax answers for the mover at the root, P1: "me" or "rest".
        for value in (negamax(reduced).value, alphabeta(reduced, table=TranspositionTable()).value):
            assert (value if player == "P1" else -value) == expected
