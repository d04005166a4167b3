"""Bad inputs a student's own code can hand the package, one case each.

Each case is a function that calls a public search, game or helper with a
game, evaluation, hook or argument that is wrong in one way, and a list of
words the error must contain (the culprit's name). ``tests/test_user_code.py``
runs every case in a process of its own with a time limit, and asserts a
``ValueError`` or ``TypeError`` naming the culprit: a case may never return a
value, crash deep inside the package, or hang.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import aisearch
from aisearch.games import DiceNim, GameTree, TicTacToe
from aisearch.trace import Trace


@dataclass(frozen=True)
class Case:
    family: str
    name: str
    run: Callable[[], object]
    words: tuple[str, ...]  # what the message must name (any one, case-insensitive)


CASES: list[Case] = []


def case(family: str, name: str, *words: str):
    def add(run):
        CASES.append(Case(family, name, run, words))
        return run

    return add


# --- values: what evaluate and utility return -----------------------------------------------

BAD_VALUES = {
    "nan": math.nan,
    "None": None,
    "a string": "3",
    "a tuple": (1, 2),
    "a bool": True,
}

TWO_PLAYER_SEARCHES = {
    "minimax": lambda g, **o: aisearch.minimax(g, **o),
    "alphabeta": lambda g, **o: aisearch.alphabeta(g, **o),
    "negamax": lambda g, **o: aisearch.negamax(g, **o),
    "alphabeta+table": lambda g, **o: aisearch.alphabeta(
        g, table=aisearch.TranspositionTable(), **o
    ),
    "expectimax": lambda g, **o: aisearch.expectimax(g, **o),
    "paranoid": lambda g, **o: aisearch.paranoid(g, **o),
    "quiescence_search": lambda g, depth=9, **o: aisearch.quiescence_search(
        g, depth=depth, noisy=lambda game, state: [], **o
    ),
    "iterative_deepening": lambda g, depth, **o: aisearch.iterative_deepening(
        g, max_depth=depth, **o
    ),
}


def _evaluation_returning(value):
    def my_evaluation(game, state, player):
        return value

    return my_evaluation


def _vector_form(search: str, label: str) -> bool:
    """Whether the value is legitimate for this search: paranoid (as max^n) reads a
    tuple with one entry per player as the value vector (``aisearch.game.value_vector``)."""
    return search == "paranoid" and label == "a tuple"


for _label, _value in BAD_VALUES.items():
    for _search, _call in TWO_PLAYER_SEARCHES.items():
        if _vector_form(_search, _label):
            continue

        def _run(call=_call, value=_value):
            return call(TicTacToe(), depth=2, evaluate=_evaluation_returning(value))

        case("evaluate returns a bad value", f"{_search}, {_label}", "my_evaluation")(_run)


class _BadUtility(TicTacToe):
    """Tic-tac-toe whose utility returns ``value`` at every end."""

    def __init__(self, value):
        super().__init__()
        self.value = value

    def utility(self, state, player):
        return self.value


_LATE = "XOXOXO..."  # X to move; every line ends within three plies

UTILITY_SEARCHES = {
    **{k: v for k, v in TWO_PLAYER_SEARCHES.items() if k != "iterative_deepening"},
    "memo_minimax": lambda g, **o: aisearch.memo_minimax(g, **o),
    "mcts": lambda g, **o: aisearch.mcts(g, iterations=20, seed=1, **o),
    "playout_value": lambda g, state: aisearch.playout_value(g, state, playouts=5, seed=1),
    "count_outcomes": lambda g, **o: aisearch.count_outcomes(g, **o),
}
for _label, _value in BAD_VALUES.items():
    for _search, _call in UTILITY_SEARCHES.items():
        if _vector_form(_search, _label):
            continue

        def _run(call=_call, value=_value):
            return call(_BadUtility(value), state=_LATE)

        case("utility returns a bad value", f"{_search}, {_label}", "utility")(_run)


def _three_player(leaf):
    return GameTree.from_nested(
        [[leaf, (1, 2, 3)], [(3, 2, 1), (2, 2, 2)]], players=("P1", "P2", "P3")
    )


@case("utility returns a bad value", "maxn, nan in a vector", "nan")
def _maxn_nan():
    tree = _three_player((1, 2, 3))

    class NanTree(type(tree)):
        pass

    def utility(state, player):
        return (math.nan, 1, 1)

    tree.utility = utility  # a user's game whose utility gives NaN
    return aisearch.maxn(tree)


@case("utility returns a bad value", "GameTree leaf nan", "nan")
def _tree_nan():
    return GameTree.from_nested([[1, math.nan], [2, 3]])


@case("utility returns a bad value", "GameTree leaf nan vector", "nan")
def _tree_nan_vector():
    return _three_player((math.nan, 1, 1))


# --- is_terminal and actions ----------------------------------------------------------------


class _NoneTerminal(TicTacToe):
    def is_terminal(self, state):
        return None


for _search in ("minimax", "alphabeta", "negamax"):

    def _run(name=_search):
        return TWO_PLAYER_SEARCHES[name](_NoneTerminal(), depth=None, state=_LATE)

    case("is_terminal returns None", _search, "is_terminal", "actions")(_run)


@case("is_terminal returns None", "count_games", "is_terminal", "actions")
def _count_none_terminal():
    return aisearch.count_games(_NoneTerminal(), _LATE)


@case("is_terminal returns None", "count_positions", "is_terminal", "actions")
def _positions_none_terminal():
    return aisearch.count_positions(_NoneTerminal(), _LATE)


class _SetActions(TicTacToe):
    def actions(self, state):
        return set(super().actions(state))


class _GeneratorActions(TicTacToe):
    def actions(self, state):
        return (a for a in super().actions(state))


for _game in (_SetActions, _GeneratorActions):
    for _search in ("alphabeta", "negamax", "minimax"):

        def _run(game=_game, name=_search):
            return TWO_PLAYER_SEARCHES[name](game(), depth=None, state=_LATE)

        case("actions not a sequence", f"{_search}, {_game.__name__}", "actions", "sequence")(_run)

    def _run_mcts(game=_game):
        return aisearch.mcts(game(), _LATE, iterations=20, seed=1)

    case("actions not a sequence", f"mcts, {_game.__name__}", "actions", "sequence")(_run_mcts)


# --- the game and the state -----------------------------------------------------------------


@case("state of the wrong kind", "alphabeta, a list", "state")
def _list_state():
    return aisearch.alphabeta(TicTacToe(), ["X", ".", "."])


@case("state of the wrong kind", "minimax, a short string", "state")
def _short_state():
    return aisearch.minimax(TicTacToe(), "XO")


@case("state of the wrong kind", "negamax, a number", "state")
def _number_state():
    return aisearch.negamax(TicTacToe(), 7)


@case("state of the wrong kind", "mcts, a list", "state")
def _mcts_list_state():
    return aisearch.mcts(TicTacToe(), [1, 2], iterations=5, seed=1)


@case("state of the wrong kind", "count_games, a tuple", "state")
def _count_tuple_state():
    return aisearch.count_games(TicTacToe(), (1, 2))


@case("state of the wrong kind", "play_game, a dict", "state")
def _play_dict_state():
    return aisearch.play_game(
        TicTacToe(), [aisearch.random_player(1), aisearch.random_player(2)], {"a": 1}
    )


@case("state of the wrong kind", "expectimax on Dice Nim, a string", "state")
def _dicenim_string_state():
    return aisearch.expectimax(DiceNim(stones=5, die=2), "five")


class _NoUtility:
    def initial_state(self):
        return 0

    def to_move(self, s):
        return "A" if s % 2 == 0 else "B"

    def actions(self, s):
        return [1, 2]

    def result(self, s, a):
        return s + a

    def is_terminal(self, s):
        return s >= 4


for _name, _call in {
    "count_games": lambda g: aisearch.count_games(g),
    "count_positions": lambda g: aisearch.count_positions(g),
    "play_game": lambda g: aisearch.play_game(
        g, {"A": aisearch.random_player(1), "B": aisearch.random_player(2)}
    ),
    "mcts": lambda g: aisearch.mcts(g, iterations=5, seed=1),
    "playout_value": lambda g: aisearch.playout_value(g, 0, playouts=3, seed=1),
    "iterative_deepening": lambda g: aisearch.iterative_deepening(g, max_depth=2),
}.items():

    def _run(call=_call):
        return call(_NoUtility())

    case("game missing a method", _name, "utility")(_run)


@case("finished game given to a player", "random_player", "terminal", "over", "no actions")
def _random_on_finished():
    return aisearch.random_player(1)(TicTacToe(), "XXXOO....")


# --- hooks ----------------------------------------------------------------------------------


def _order_none(game, state, actions):
    return None


def _order_drops(game, state, actions):
    return actions[:1]


for _hook in (_order_none, _order_drops):
    for _search in ("alphabeta", "negamax", "alphabeta+table"):

        def _run(hook=_hook, name=_search):
            return TWO_PLAYER_SEARCHES[name](TicTacToe(), depth=None, state=_LATE, order=hook)

        case("order hook", f"{_search}, {_hook.__name__}", "order")(_run)


@case("hook not callable", "search_player(search=3)", "search")
def _search_not_callable():
    return aisearch.search_player(3)(TicTacToe(), _LATE)


@case("hook not callable", "mcts(playout='random')", "playout")
def _playout_not_callable():
    return aisearch.mcts(TicTacToe(), iterations=5, playout="random")


@case("hook not callable", "play_game with a string player", "player")
def _player_not_callable():
    return aisearch.play_game(TicTacToe(), ["me", aisearch.random_player(1)])


@case("hook not callable", "iterative_deepening(search=None)", "search")
def _deepening_search_none():
    return aisearch.iterative_deepening(TicTacToe(), _LATE, max_depth=2, search="alphabeta")


# --- games that never end, and deep trees ---------------------------------------------------


class _Endless:
    """A counter that two players raise by 1 forever: no end."""

    players = ("A", "B")
    zero_sum = True

    def initial_state(self):
        return 0

    def to_move(self, s):
        return "AB"[s % 2]

    def actions(self, s):
        return [1]

    def result(self, s, a):
        return s + a

    def is_terminal(self, s):
        return False

    def utility(self, s, p):
        return 0

    def __repr__(self):
        return "Endless()"


for _name, _call in {
    "mcts": lambda g: aisearch.mcts(g, iterations=3, seed=1),
    "count_games": lambda g: aisearch.count_games(g),
    "count_positions": lambda g: aisearch.count_positions(g),
    "play_game": lambda g: aisearch.play_game(
        g, [aisearch.random_player(1), aisearch.random_player(2)]
    ),
    "playout_value": lambda g: aisearch.playout_value(g, 0, playouts=2, seed=1),
    "minimax": lambda g: aisearch.minimax(g),
    "alphabeta": lambda g: aisearch.alphabeta(g),
    "negamax": lambda g: aisearch.negamax(g),
    "memo_minimax": lambda g: aisearch.memo_minimax(g),
}.items():

    def _run(call=_call):
        return call(_Endless())

    case("a game that never ends", _name, "end", "plies", "deep", "recursion")(_run)


# --- the start state, result() and to_move (issue 29) --------------------------------------


class _Nim:
    """Take 1 to 3 stones from 5; whoever takes the last one wins. A student's
    own game, with no players or zero_sum declared; the variants below break
    one method each."""

    def initial_state(self):
        return (5, "A")

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        return [a for a in (1, 2, 3) if a <= s[0]]

    def result(self, s, a):
        return (s[0] - a, "B" if s[1] == "A" else "A")

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s, p):
        return -1 if s[1] == p else 1  # the player to move at the end has lost

    def __repr__(self):
        return type(self).__name__ + "()"


class _SetNim(_Nim):
    def actions(self, s):
        return set(super().actions(s))


START_SEARCHES = {
    "minimax": lambda g: aisearch.minimax(g),
    "alphabeta": lambda g: aisearch.alphabeta(g),
    "negamax": lambda g: aisearch.negamax(g),
    "expectimax": lambda g: aisearch.expectimax(g),
    "mcts": lambda g: aisearch.mcts(g, iterations=20, seed=1),
    "count_games": lambda g: aisearch.count_games(g),
    "play_game": lambda g: aisearch.play_game(
        g, {"A": aisearch.random_player(1), "B": aisearch.random_player(2)}
    ),
}

for _search, _call in START_SEARCHES.items():

    def _run(call=_call):
        return call(_SetNim())

    case("actions not a sequence", f"{_search}, from the initial state", "actions", "sequence")(
        _run
    )


class _ListNim(_Nim):
    """A list state that result() changes in place and returns."""

    def initial_state(self):
        return [5, "A"]

    def result(self, s, a):
        s[0] -= a
        s[1] = "B" if s[1] == "A" else "A"
        return s


class _Board:
    """A student's board: a list inside, hashed and compared by its contents."""

    def __init__(self, stones, mover):
        self.stones, self.mover = [stones], mover

    def __hash__(self):
        return hash((self.stones[0], self.mover))

    def __eq__(self, other):
        return (self.stones, self.mover) == (other.stones, other.mover)

    def __repr__(self):
        return f"Board({self.stones[0]}, {self.mover!r})"


class _BoardNim(_Nim):
    """Boards that result() changes in place and returns."""

    def initial_state(self):
        return _Board(5, "A")

    def to_move(self, s):
        return s.mover

    def actions(self, s):
        return [a for a in (1, 2, 3) if a <= s.stones[0]]

    def result(self, s, a):
        s.stones[0] -= a
        s.mover = "B" if s.mover == "A" else "A"
        return s

    def is_terminal(self, s):
        return s.stones[0] == 0

    def utility(self, s, p):
        return -1 if s.mover == p else 1


class _Plain:
    """A state with neither a hash nor a repr of its own: only its contents tell."""

    def __init__(self, stones=5, mover="A"):
        self.stones, self.mover = stones, mover


class _PlainNim(_BoardNim):
    def initial_state(self):
        return _Plain()

    def actions(self, s):
        return [a for a in (1, 2, 3) if a <= s.stones]

    def result(self, s, a):
        s.stones -= a
        s.mover = "B" if s.mover == "A" else "A"
        return s

    def is_terminal(self, s):
        return s.stones == 0


class _LateBoardNim(_BoardNim):
    """Changes the board in place only for the second action: the first line looks fine."""

    def result(self, s, a):
        if a == 1:
            return _Board(s.stones[0] - 1, "B" if s.mover == "A" else "A")
        return super().result(s, a)


for _search, _call in START_SEARCHES.items():
    for _game, _words in (
        (_ListNim, ("hashable",)),
        (_BoardNim, ("result",)),
        (_PlainNim, ("result",)),
        (_LateBoardNim, ("result",)),
    ):

        def _run(call=_call, game=_game):
            return call(game())

        case("result changes its state", f"{_search}, {_game.__name__}", *_words)(_run)


@case("result changes its state", "count_games, beyond the first plies", "result")
def _count_late_plain():
    """result() changes states of 3 stones or fewer, beyond the first plies that every
    search checks: counting, which calls result on every state, still names it
    (and does not take the same object met again for a cycle)."""

    class Late(_PlainNim):
        def result(self, s, a):
            if s.stones > 3:
                return _Plain(s.stones - a, "B" if s.mover == "A" else "A")
            return super().result(s, a)

    return aisearch.count_games(Late(), _Plain(12))


class _NoReturnToMove(_Nim):
    def to_move(self, s):
        pass  # the student forgot: return s[1]


class _ChanceWithoutOutcomes(_Nim):
    def to_move(self, s):
        return "chance"


for _search, _call in START_SEARCHES.items():

    def _run(call=_call):
        return call(_NoReturnToMove())

    case("to_move returns None", _search, "to_move")(_run)

    def _run_chance(call=_call):
        return call(_ChanceWithoutOutcomes())

    case("to_move says chance, without chance_outcomes", _search, "chance_outcomes")(_run_chance)


class _ThreeNim(_Nim):
    """Three players, named nowhere but by to_move."""

    def result(self, s, a):
        return (s[0] - a, {"A": "B", "B": "C", "C": "A"}[s[1]])


for _search in ("mcts", "negamax", "alphabeta+table"):

    def _run(name=_search):
        if name == "mcts":
            return aisearch.mcts(_ThreeNim(), iterations=20, seed=1)
        return TWO_PLAYER_SEARCHES[name](_ThreeNim())

    case("three unnamed players in a two-player search", _search, "two-player")(_run)


class _InfiniteNim(_Nim):
    def utility(self, s, p):
        return math.inf if s[1] == p else -math.inf


@case("infinite utility in an average", "mcts", "utility", "inf")
def _mcts_infinite():
    return aisearch.mcts(_InfiniteNim(), iterations=100, seed=1)


@case("infinite utility in an average", "playout_value", "utility", "inf")
def _playout_infinite():
    return aisearch.playout_value(_InfiniteNim(), playouts=20, seed=1)


# --- to_move wrong past the plies check_first_plies follows -----------------------------------


class _DeepNim(_Nim):
    """14 stones: the first line (one stone a ply) has 6 left after the 8 plies that
    every search checks; ``to_move`` answers ``wrong`` once 4 or fewer are left."""

    wrong: object = None

    def initial_state(self):
        return (14, "A")

    def to_move(self, s):
        return self.wrong if s[0] <= 4 else s[1]


def _deep_nim(wrong):
    game = _DeepNim()
    game.wrong = wrong
    return game


DEEP_SEARCHES = {
    **{name: TWO_PLAYER_SEARCHES[name] for name in ("minimax", "alphabeta", "negamax")},
    "alphabeta+table": TWO_PLAYER_SEARCHES["alphabeta+table"],
    "expectimax": TWO_PLAYER_SEARCHES["expectimax"],
    "quiescence_search": lambda g: aisearch.quiescence_search(
        g, depth=20, evaluate=_ZERO, noisy=lambda game, state: []
    ),
    "iterative_deepening": lambda g: aisearch.iterative_deepening(g, max_depth=20, evaluate=_ZERO),
    "memo_minimax": lambda g: aisearch.memo_minimax(g),
    "mcts": lambda g: aisearch.mcts(g, iterations=300, seed=1),
    "star1": lambda g: aisearch.star1(g, bounds=(-1, 1)),
}

for _search, _call in DEEP_SEARCHES.items():
    for _wrong, _words in (
        (None, ("to_move", "None")),
        (0, ("to_move", "0")),
        ("chance", ("chance_outcomes",)),
    ):

        def _run(call=_call, wrong=_wrong):
            return call(_deep_nim(wrong))

        case("to_move wrong past the first plies", f"{_search}, {_wrong!r}", *_words)(_run)

for _search in ("negamax", "alphabeta+table", "mcts"):

    def _run(call=DEEP_SEARCHES[_search]):
        return call(_deep_nim("C"))

    case(
        "three unnamed players in a two-player search",
        f"{_search}, 'C' past the first plies",
        "two-player",
    )(_run)


# --- actions that are no sequence past the first plies (the sweep of round two) --------------------


class _DeepActionsNim(_DeepNim):
    """``actions`` answers ``wrong(actions)`` once 4 or fewer stones are left."""

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        actions = super().actions(s)
        return self.wrong(actions) if s[0] <= 4 else actions


def _spent(actions):
    generator = (a for a in actions)
    list(generator)
    return generator


def _deep_actions(wrong):
    game = _DeepActionsNim()
    game.wrong = wrong
    return game


DEEP_ACTION_SEARCHES = {
    **{name: DEEP_SEARCHES[name] for name in ("minimax", "alphabeta", "negamax")},
    "alphabeta+table": DEEP_SEARCHES["alphabeta+table"],
    "memo_minimax": DEEP_SEARCHES["memo_minimax"],
    "mcts": DEEP_SEARCHES["mcts"],
    "count_games": lambda g: aisearch.count_games(g),
    "play_game": START_SEARCHES["play_game"],
}
for _search, _call in DEEP_ACTION_SEARCHES.items():
    for _label, _wrong, _word in (
        ("a set", set, "set"),
        ("None", lambda actions: None, "NoneType"),
        ("a spent generator", _spent, "generator"),
    ):
        if _search == "count_games" and _label == "a set":
            continue  # counting takes the actions in any order: a set counts right
        if _search in ("minimax", "memo_minimax") and _label == "a set":
            continue  # looped over once: the same value, as the sweep counts it

        def _run(call=_call, wrong=_wrong):
            return call(_deep_actions(wrong))

        case("actions not a sequence past the first plies", f"{_search}, {_label}", _word)(_run)


class _UndeclaredRoot(_Nim):
    """Declares its players, and names another at the start."""

    players = ("A", "B")

    def initial_state(self):
        return (5, "C")


@case("to_move wrong past the first plies", "a first player outside game.players", "players")
def _first_player_outside():
    return aisearch.minimax(_UndeclaredRoot())


@case("to_move returns None", "play_game, a player the mapping lacks", "to_move")
def _play_game_lacks_a_player():
    return aisearch.play_game(_deep_nim(0), {"A": aisearch.random_player(1), "B": _random_b()})


def _random_b():
    return aisearch.random_player(2)


@case("trace reused", "a Trace handed to mcts", "MCTSTrace")
def _trace_into_mcts():
    return aisearch.mcts(TicTacToe(), _LATE, iterations=5, seed=0, tracer=Trace())


@case("symmetry and order helpers", "centre_first on (3, 3)", "centre_first")
def _centre_first_off_the_board():
    from aisearch.games.tictactoe import centre_first

    return centre_first(TicTacToe(), _LATE, [(3, 3)])


@case("symmetry and order helpers", "alphabeta order=centre_first on another game", "centre_first")
def _centre_first_on_nim():
    from aisearch.games.tictactoe import centre_first

    return aisearch.alphabeta(_Nim(), order=centre_first)


# --- one argument, one rule -----------------------------------------------------------------


def _two_randoms():
    return [aisearch.random_player(1), aisearch.random_player(2)]


@case("arguments", "play_game(max_moves=-1)", "max_moves")
def _max_moves_negative():
    return aisearch.play_game(TicTacToe(), _two_randoms(), max_moves=-1)


@case("arguments", "play_game(max_moves=2.5)", "max_moves")
def _max_moves_float():
    return aisearch.play_game(TicTacToe(), _two_randoms(), max_moves=2.5)


@case("arguments", "play_game(openings=1.5)", "openings")
def _openings_float():
    return aisearch.play_game(TicTacToe(), _two_randoms(), openings=1.5)


@case("arguments", "play_game(openings=-1)", "openings")
def _openings_negative():
    return aisearch.play_game(TicTacToe(), _two_randoms(), openings=-1)


@case("arguments", "play_game(openings=True)", "openings")
def _openings_bool():
    return aisearch.play_game(TicTacToe(), _two_randoms(), openings=True)


def _small_trace():
    trace = Trace()
    aisearch.alphabeta(GameTree.from_nested([[3, 12], [2, 4]]), tracer=trace)
    return trace


@case("arguments", "Trace.frame(True)", "step")
def _frame_true():
    return _small_trace().frame(True)


@case("arguments", "Trace.frame(1.5)", "step")
def _frame_float():
    return _small_trace().frame(1.5)


@case("arguments", "Trace.sentence(True)", "step")
def _sentence_true():
    return _small_trace().sentence(True)


@case("arguments", "Trace.sentence('2')", "step")
def _sentence_string():
    return _small_trace().sentence("2")


@case("arguments", "alphabeta(prune_on_equal='no')", "prune_on_equal")
def _prune_on_equal():
    return aisearch.alphabeta(TicTacToe(), _LATE, prune_on_equal="no")


@case("arguments", "quiescence_search(max_extension=-1)", "max_extension")
def _max_extension():
    return aisearch.quiescence_search(TicTacToe(), _LATE, depth=1, max_extension=-1)


@case("arguments", "chance outcomes summing to 0.999999999", "0.99999999899", "within")
def _probability_digits():
    return aisearch.check_outcomes("roll", [(1, 0.5), (2, 0.499999999)])


# --- a trace reused (issue 29, item 5) -------------------------------------------------------

_TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


@case("trace reused", "alphabeta twice into one Trace", "Trace")
def _trace_reused():
    tree = GameTree.from_nested(_TEXTBOOK)
    trace = Trace()
    aisearch.alphabeta(tree, tracer=trace)  # the cell, run once
    return aisearch.alphabeta(tree, tracer=trace)  # and again


@case("trace reused", "minimax after alphabeta into one Trace", "Trace")
def _trace_reused_by_another_search():
    tree = GameTree.from_nested(_TEXTBOOK)
    trace = Trace(tree)
    aisearch.alphabeta(tree, tracer=trace)
    return aisearch.minimax(tree, tracer=trace)


@case("trace reused", "mcts twice into one MCTSTrace", "MCTSTrace")
def _mcts_trace_reused():
    tree = GameTree.from_nested(_TEXTBOOK)
    trace = aisearch.MCTSTrace(tree)
    aisearch.mcts(tree, iterations=5, seed=0, tracer=trace)
    return aisearch.mcts(tree, iterations=5, seed=0, tracer=trace)


# --- hooks that are not functions, or return the wrong thing (item 8) -----------------------

_ZERO = _evaluation_returning(0)

for _search in ("alphabeta", "negamax", "alphabeta+table"):

    def _run(name=_search):
        return TWO_PLAYER_SEARCHES[name](TicTacToe(), depth=None, state=_LATE, order="centre")

    case("hook not callable", f"{_search}(order='centre')", "order")(_run)


@case("hook not callable", "quiescence_search(noisy='threats')", "noisy")
def _noisy_not_callable():
    return aisearch.quiescence_search(TicTacToe(), depth=1, evaluate=_ZERO, noisy="threats")


@case("hook not callable", "iterative_deepening(order=3)", "order")
def _deepening_order_not_callable():
    return aisearch.iterative_deepening(TicTacToe(), _LATE, max_depth=2, order=3)


@case("hook not callable", "depth_player(2, evaluate='mobility')", "evaluate")
def _depth_player_evaluate():
    return aisearch.depth_player(2, "mobility")


@case("hook not callable", "timed_player(search='alphabeta')", "search")
def _timed_player_search():
    return aisearch.timed_player(1.0, search="alphabeta")


def _noisy_none(game, state):
    return None


def _noisy_set(game, state):
    return set(game.actions(state)[:1])


def _noisy_illegal(game, state):
    return [(5, 5)]


for _hook in (_noisy_none, _noisy_set, _noisy_illegal):
    for _stand_pat in (False, True):

        def _run(hook=_hook, stand_pat=_stand_pat):
            return aisearch.quiescence_search(
                TicTacToe(), depth=1, evaluate=_ZERO, noisy=hook, stand_pat=stand_pat
            )

        case("noisy hook", f"{_hook.__name__}, stand_pat={_stand_pat}", _hook.__name__)(_run)


@case("noisy hook", "the game's noisy_actions returning None", "noisy_actions")
def _game_noisy_none():
    class QuietNever(TicTacToe):
        def noisy_actions(self, state):
            return None

    return aisearch.quiescence_search(QuietNever(), depth=1, evaluate=_ZERO)


for _hook in (_order_none, _order_drops):

    def _run(hook=_hook):
        return aisearch.iterative_deepening(TicTacToe(), max_depth=2, evaluate=_ZERO, order=hook)

    case("order hook", f"iterative_deepening, {_hook.__name__}", "order")(_run)


# --- arguments of the wrong type (item 9) and the rest of a sweep (item 10) -----------------

ARGUMENT_CASES = {
    "play_game(players=None)": (
        lambda: aisearch.play_game(TicTacToe(), None),
        "players",
    ),
    "play_game(players=a function)": (
        lambda: aisearch.play_game(TicTacToe(), aisearch.random_player(1)),
        "players",
    ),
    "play_game(seed=[1])": (
        lambda: aisearch.play_game(TicTacToe(), _two_randoms(), seed=[1]),
        "seed",
    ),
    "win_rates(players=3)": (lambda: aisearch.win_rates(TicTacToe(), 3, games=2), "players"),
    "random_player(seed={})": (lambda: aisearch.random_player({}), "seed"),
    "GameTree.from_nested(layers='max')": (
        lambda: GameTree.from_nested([[1, 2], [3, 4]], layers="max"),
        "layers",
    ),
    "GameTree.from_nested(players='abc')": (
        lambda: GameTree.from_nested([[1, 2], [3, 4]], players="abc"),
        "players",
    ),
    "GameTree.from_nested(layers=2)": (
        lambda: GameTree.from_nested([[1, 2], [3, 4]], layers=2),
        "layers",
    ),
    "GameTree.from_nested(names=3)": (
        lambda: GameTree.from_nested([[1, 2], [3, 4]], names=3),
        "names",
    ),
    "GameTree.from_nested(root_role=['max'])": (
        lambda: GameTree.from_nested([[1, 2], [3, 4]], root_role=["max"]),
        "root",
    ),
    "iterative_deepening(depth=2)": (
        lambda: aisearch.iterative_deepening(TicTacToe(), _LATE, depth=2),
        "depth",
    ),
    "iterative_deepening(tracer=Trace())": (
        lambda: aisearch.iterative_deepening(TicTacToe(), _LATE, max_depth=2, tracer=Trace()),
        "tracer",
    ),
    "iterative_deepening(use_line='yes')": (
        lambda: aisearch.iterative_deepening(TicTacToe(), _LATE, max_depth=2, use_line="yes"),
        "use_line",
    ),
    "quiescence_search(stand_pat='yes')": (
        lambda: aisearch.quiescence_search(
            TicTacToe(), depth=1, evaluate=_ZERO, noisy=lambda g, s: [], stand_pat="yes"
        ),
        "stand_pat",
    ),
    "paranoid(None)": (lambda: aisearch.paranoid(None), "paranoid"),
    "paranoid([a game])": (lambda: aisearch.paranoid([TicTacToe()]), "paranoid"),
    "memo_minimax(symmetry='yes')": (
        lambda: aisearch.memo_minimax(TicTacToe(), _LATE, symmetry="yes"),
        "symmetry",
    ),
    "count_games(symmetric=1)": (
        lambda: aisearch.count_games(TicTacToe(), _LATE, symmetric=1),
        "symmetric",
    ),
    "alphabeta_with_naive_cache(cache='x')": (
        lambda: aisearch.alphabeta_with_naive_cache(TicTacToe(), _LATE, cache="x"),
        "cache",
    ),
    "estimate_branching_factor(None)": (
        lambda: aisearch.estimate_branching_factor(None),
        "estimate_branching_factor",
    ),
    "estimate_branching_factor(playouts=True)": (
        lambda: aisearch.estimate_branching_factor(TicTacToe(), playouts=True),
        "playouts",
    ),
    "estimate_branching_factor on a game that never ends": (
        lambda: aisearch.estimate_branching_factor(_Endless(), playouts=1),
        "end",
    ),
    "estimate_pi(seed='x')": (lambda: aisearch.estimate_pi(10, seed="x"), "seed"),
    "pi_error_curve(ns=None)": (lambda: aisearch.pi_error_curve(None), "ns"),
    "playout_value(player='Z')": (
        lambda: aisearch.playout_value(TicTacToe(), _LATE, "Z", playouts=2),
        "player",
    ),
    "playout_value(seed=[1])": (
        lambda: aisearch.playout_value(TicTacToe(), _LATE, playouts=2, seed=[1]),
        "seed",
    ),
    "check_outcomes('roll', None)": (lambda: aisearch.check_outcomes("roll", None), "outcomes"),
    "check_outcomes('roll', [0.5, 0.5])": (
        lambda: aisearch.check_outcomes("roll", [0.5, 0.5]),
        "outcomes",
    ),
    "Zobrist(9, pieces=None)": (lambda: aisearch.Zobrist(9, None), "pieces"),
    "Zobrist(9, 'XO', seed=[1])": (lambda: aisearch.Zobrist(9, "XO", seed=[1]), "seed"),
    "collision_rate(positions=None)": (
        lambda: aisearch.collision_rate(TicTacToe(), None, 8),
        "positions",
    ),
    "CoinRow(coins=None)": (lambda: _coin_row(coins=None), "coins"),
    "CoinRow(players=3)": (lambda: _coin_row(players=3), "players"),
}


def _coin_row(**options):
    from aisearch.games import CoinRow

    return CoinRow(**options)


for _name, (_call, _word) in ARGUMENT_CASES.items():
    case("arguments", _name, _word)(_call)


def _viz():
    import matplotlib

    matplotlib.use("Agg")
    import aisearch.viz

    return aisearch.viz


def _filled_trace():
    trace = Trace()
    aisearch.alphabeta(GameTree.from_nested(_TEXTBOOK), tracer=trace)
    return trace


def _filled_mcts_trace():
    tree = GameTree.from_nested(_TEXTBOOK)
    trace = aisearch.MCTSTrace(tree)
    aisearch.mcts(tree, iterations=5, seed=0, tracer=trace)
    return trace


VIZ_CASES = {
    "step_through(None)": (lambda v: v.step_through(None), "step_through"),
    "step_through(a SearchResult)": (
        lambda v: v.step_through(aisearch.alphabeta(GameTree.from_nested(_TEXTBOOK))),
        "step_through",
    ),
    "draw_step(None)": (lambda v: v.draw_step(None), "draw_step"),
    "draw_step(an MCTSTrace)": (lambda v: v.draw_step(_filled_mcts_trace()), "draw_mcts_step"),
    "draw_step(ax='left')": (lambda v: v.draw_step(_filled_trace(), ax="left"), "ax"),
    "TreeFigure(figsize=8)": (lambda v: v.TreeFigure(_filled_trace(), figsize=8), "figsize"),
    "TreeFigure(label='state')": (lambda v: v.TreeFigure(_filled_trace(), label="state"), "label"),
    "TreeFigure(layout=[])": (lambda v: v.TreeFigure(_filled_trace(), layout=[]), "layout"),
    "TreeFigure(min_font=None)": (
        lambda v: v.TreeFigure(_filled_trace(), min_font=None),
        "min_font",
    ),
    "TreeFigure(caption='yes')": (
        lambda v: v.TreeFigure(_filled_trace(), caption="yes"),
        "caption",
    ),
    "frame_strip(steps=3)": (lambda v: v.frame_strip(_filled_trace(), steps=3), "steps"),
    "frame_strip(columns=None)": (
        lambda v: v.frame_strip(_filled_trace(), columns=None),
        "columns",
    ),
    "frame_strip(panel_size=4)": (
        lambda v: v.frame_strip(_filled_trace(), panel_size=4),
        "panel_size",
    ),
    "animate(None)": (lambda v: v.animate(None), "animate"),
    "to_networkx(None)": (lambda v: v.to_networkx(None), "to_networkx"),
    "tree_layout('trace')": (lambda v: v.tree_layout("trace"), "tree_layout"),
    "MCTSFigure(a Trace)": (lambda v: v.MCTSFigure(_filled_trace()), "TreeFigure"),
    "draw_mcts_step(None)": (lambda v: v.draw_mcts_step(None), "draw_mcts_step"),
    "StepViewer(focus=[1])": (lambda v: v.StepViewer(_filled_trace(), focus=[1]), "node"),
    "draw_board(ax='left')": (lambda v: v.draw_board(TicTacToe(), _LATE, ax="left"), "ax"),
    "draw_board(highlight='x')": (
        lambda v: v.draw_board(TicTacToe(), _LATE, highlight="x"),
        "highlight",
    ),
    "draw_connect4(None)": (lambda v: v.draw_connect4(None), "ConnectFour"),
    "draw_connect4(highlight=None)": (
        lambda v: v.draw_connect4(_connect_four(), highlight=None),
        "highlight",
    ),
    "draw_tournament(None)": (lambda v: v.draw_tournament(None), "draw_tournament"),
    "GameBoard(None, a player)": (
        lambda v: v.GameBoard(None, aisearch.random_player(1)),
        "GameBoard",
    ),
    "GameBoard(opponent='minimax')": (lambda v: v.GameBoard(TicTacToe(), "minimax"), "opponent"),
    "ConnectFourBoard(scorer='solve')": (lambda v: v.ConnectFourBoard(scorer="solve"), "scorer"),
    "ConnectFourBoard(start=44)": (lambda v: v.ConnectFourBoard(start=44), "start"),
    "DiceNimTable(search='expectimax')": (
        lambda v: v.DiceNimTable(search="expectimax"),
        "search",
    ),
    "DiceNimTable(game=TicTacToe())": (lambda v: v.DiceNimTable(TicTacToe()), "DiceNim"),
    "tidy_layout(None, 'A')": (lambda v: v.tidy_layout(None, "A"), "children"),
    "show(alt=3)": (lambda v: v.show(alt=3), "alt"),
    "TreeFigure png(dpi=1.5)": (lambda v: v.TreeFigure(_filled_trace()).png(dpi=1.5), "dpi"),
    "TreeFigure png(dpi='high')": (lambda v: v.TreeFigure(_filled_trace()).png(dpi="high"), "dpi"),
    "TreeFigure(dpi=2)": (lambda v: v.TreeFigure(_filled_trace(), dpi=2), "dpi"),
    "MCTSFigure png(dpi=0.5)": (lambda v: v.MCTSFigure(_filled_mcts_trace()).png(dpi=0.5), "dpi"),
}


def _connect_four():
    from aisearch.games import ConnectFour

    return ConnectFour(5, 4)


for _name, (_call, _word) in VIZ_CASES.items():

    def _run(call=_call):
        return call(_viz())

    case("viz arguments", _name, _word)(_run)


# --- running a case -------------------------------------------------------------------------

TIME_LIMIT = 10.0
"""Seconds a case may take before it counts as a hang."""


def _child(run, pipe) -> None:
    try:
        value = run()
    except Exception as error:  # noqa: BLE001 (what was raised is the finding)
        pipe.send(("raised", type(error).__name__, str(error)))
    else:
        pipe.send(("returned", type(value).__name__, repr(value)[:200]))


def outcome(case: Case, time_limit: float = TIME_LIMIT) -> tuple[str, str]:
    """What ``case`` does, run in a process of its own: ``(kind, detail)``.

    ``kind`` is ``clear`` (a ValueError or TypeError whose message names the
    culprit), ``unclear`` (any other exception, or a message without the
    culprit's name), ``returned`` (a value: a silently wrong answer) or
    ``hang`` (still running after ``time_limit`` seconds).
    """
    import multiprocessing

    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(case.run, send), daemon=True)
    process.start()
    send.close()
    if not receive.poll(time_limit):
        process.kill()
        process.join()
        return "hang", f"no answer in {time_limit:g} s"
    what, kind, detail = receive.recv()
    process.join()
    if what == "returned":
        return "returned", f"{kind}: {detail}"
    named = any(word.lower() in detail.lower() for word in case.words)
    if kind in ("ValueError", "TypeError") and named:
        return "clear", f"{kind}: {detail}"
    return "unclear", f"{kind}: {detail}"


if __name__ == "__main__":
    from collections import Counter, defaultdict

    tally: dict[str, Counter] = defaultdict(Counter)
    for c in CASES:
        kind, detail = outcome(c)
        tally[c.family][kind] += 1
        if kind != "clear":
            print(f"{kind:9} {c.family} / {c.name}: {detail[:160]}")
    kinds = ("clear", "unclear", "returned", "hang")
    print(f"\n{'family':36}" + "".join(f"{k:>10}" for k in kinds))
    for family, counts in tally.items():
        print(f"{family:36}" + "".join(f"{counts[k]:>10}" for k in kinds))
    total = sum(tally.values(), Counter())
    print(f"{'all ' + str(len(CASES)) + ' cases':36}" + "".join(f"{total[k]:>10}" for k in kinds))


# --- the lead's files: flags and hooks of alphabeta, the engine and mcts --------------------------


@case("arguments", "alphabeta symmetry='yes'", "symmetry")
def _alphabeta_symmetry_not_a_bool():
    return aisearch.alphabeta(TicTacToe(), symmetry="yes")


@case("arguments", "negamax prune='no'", "prune")
def _negamax_prune_not_a_bool():
    return aisearch.negamax(TicTacToe(), "XOXOXO...", prune="no")


@case("hook not callable", "alphabeta tracer='x'", "tracer")
def _alphabeta_tracer_not_callable():
    return aisearch.alphabeta(TicTacToe(), "XOXOXO...", tracer="x")


@case("arguments", "mcts seed=[1]", "seed")
def _mcts_seed_a_list():
    return aisearch.mcts(TicTacToe(), iterations=5, seed=[1])


@case("hook not callable", "mcts tracer='x'", "tracer")
def _mcts_tracer_not_callable():
    return aisearch.mcts(TicTacToe(), iterations=5, tracer="x")
