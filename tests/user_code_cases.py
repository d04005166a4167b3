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
