"""A sweep of what a student writes, each outcome classified (issue 29, round two).

    PYTHONPATH=. python tests/student_sweep.py [--family WORD] [--show KIND]

Each case is a student's own game class with one broken method, an
evaluation, a hook, an odd tree, a reused or huge trace, or a bad argument
to a picture or a player, run in a process of its own under a time limit
(``user_code_cases.outcome``'s harness). What it does is put in one of six
kinds:

- ``right``: returned, and the case knows the answer and it is that one;
- ``clear``: a ValueError or TypeError whose message names the culprit, or
  an error raised inside the student's own code (its traceback ends there);
- ``unclear``: a ValueError or TypeError from the package that does not;
- ``raw``: any other exception from inside the package (AttributeError,
  IndexError, an assertion...);
- ``silent``: returned where it should have refused, or a wrong answer;
- ``hang``: no answer within the time limit.

The defects this sweep found are fixed in the package, and each class of
them is a case of ``tests/user_code_cases.py``; this script is kept to run
the sweep again (on the code before a change, with ``PYTHONPATH`` pointing
at it, to compare).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import traceback
from collections import Counter, defaultdict
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

import aisearch
from aisearch.games import GameTree, TicTacToe

TIME_LIMIT = 10.0
HERE = str(Path(__file__).resolve())
_NO_ANSWER = object()


@dataclass(frozen=True)
class Case:
    family: str
    name: str
    run: object
    words: tuple[str, ...] = ()  # a clear error names one of these
    answer: object = _NO_ANSWER  # or the right answer (compared with ==)
    method: str = ""  # and names this method of the game, if given


CASES: list[Case] = []


def case(family, name, run, *words, answer=_NO_ANSWER, method=""):
    CASES.append(Case(family, name, run, words, answer, method))


# --- a student's game: take 1 or 2 stones, who takes the last wins ----------------------------


class Stones:
    """12 stones; the first line (one stone a ply) has 4 left after the 8 plies
    every search checks. Each subclass breaks one method where 3 or fewer are left."""

    def initial_state(self):
        return (12, "A")

    def to_move(self, s):
        return s[1]

    def actions(self, s):
        return [a for a in (1, 2) if a <= s[0]]

    def result(self, s, a):
        return (s[0] - a, "B" if s[1] == "A" else "A")

    def is_terminal(self, s):
        return s[0] == 0

    def utility(self, s, p):
        return -1 if s[1] == p else 1

    def __repr__(self):
        return type(self).__name__ + "()"


def _deep(s):
    return s[0] <= 3


class ToMoveNone(Stones):
    def to_move(self, s):
        if not _deep(s):
            return s[1]


class ToMoveIndex(Stones):
    def to_move(self, s):
        return (0 if s[1] == "A" else 1) if _deep(s) else s[1]


class ToMoveLower(Stones):
    def to_move(self, s):
        return s[1].lower() if _deep(s) else s[1]


class ActionsSet(Stones):
    def actions(self, s):
        return set(super().actions(s)) if _deep(s) else super().actions(s)


class ActionsNone(Stones):
    def actions(self, s):
        return None if _deep(s) else super().actions(s)


class ActionsGenerator(Stones):
    def actions(self, s):
        return (a for a in super().actions(s)) if _deep(s) else super().actions(s)


class ActionsSpent(Stones):
    """A generator that an earlier loop of the student's own used up."""

    def actions(self, s):
        if not _deep(s):
            return super().actions(s)
        moves = (a for a in super().actions(s))
        list(moves)
        return moves


class UtilityNone(Stones):
    def utility(self, s, p):
        if s[1] == p:
            return -1  # the student forgot the other case


class UtilityString(Stones):
    def utility(self, s, p):
        return "lose" if s[1] == p else "win"


class UtilityNan(Stones):
    def utility(self, s, p):
        return math.nan if s[1] != p else -1


class UtilityNumpyNan(Stones):
    def utility(self, s, p):
        return np.float64("nan") if s[1] != p else np.float64(-1)


class ResultNone(Stones):
    def result(self, s, a):
        if not _deep(s):
            return super().result(s, a)


class TerminalNone(Stones):
    def is_terminal(self, s):
        if s[0] > 0:
            return False  # the student forgot: return True at 0


class TerminalRaises(Stones):
    def is_terminal(self, s):
        if _deep(s):
            raise KeyError(s)
        return False


BROKEN = {  # the method a clear message names, and what else it names (one of)
    ToMoveNone: ("to_move", "None"),
    ToMoveIndex: ("to_move", "0", "1"),
    ToMoveLower: ("to_move", "'a'", "'b'"),
    ActionsSet: ("actions", "a set"),
    ActionsNone: ("actions", "NoneType"),
    ActionsGenerator: ("actions", "generator"),
    ActionsSpent: ("actions", "generator"),
    UtilityNone: ("utility", "None"),
    UtilityString: ("utility", "'lose'", "'win'"),
    UtilityNan: ("utility", "nan"),
    UtilityNumpyNan: ("utility", "nan"),
    ResultNone: ("result", "None"),
    TerminalNone: ("is_terminal", "no actions"),
    TerminalRaises: ("", "KeyError"),  # the student's own error, from their line
}

SEARCHES = {
    "minimax": lambda g: aisearch.minimax(g).value,
    "alphabeta": lambda g: aisearch.alphabeta(g).value,
    "negamax": lambda g: aisearch.negamax(g).value,
    "alphabeta+table": lambda g: aisearch.alphabeta(g, table=aisearch.TranspositionTable()).value,
    "expectimax": lambda g: aisearch.expectimax(g).value,
    "memo_minimax": lambda g: aisearch.memo_minimax(g).value,
    "mcts": lambda g: aisearch.mcts(g, iterations=200, seed=1),
    "iterative_deepening": lambda g: aisearch.iterative_deepening(
        g, max_depth=14, evaluate=lambda game, s, p: 0
    ),
    "count_games": lambda g: aisearch.count_games(g),
    "play_game": lambda g: aisearch.play_game(
        g, {"A": aisearch.random_player(1), "B": aisearch.random_player(2)}
    ),
}

LOSS, GAMES = -1, 233  # 12 stones is a loss for the first player; 233 ways to take them
LEGITIMATE = {
    # Counting reads neither to_move nor utility, and any order of the actions.
    **{(g, "count_games"): GAMES for g in BROKEN if g.__name__.startswith(("ToMove", "Utility"))},
    (ActionsSet, "count_games"): GAMES,
    (ActionsGenerator, "count_games"): GAMES,
    # A set or a fresh generator, looped over once at a node, gives the same value.
    **{(g, s): LOSS for g in (ActionsSet, ActionsGenerator) for s in ("minimax", "expectimax")},
    (ActionsSet, "memo_minimax"): LOSS,
    (ActionsGenerator, "memo_minimax"): LOSS,
}
for _game, (_method, *_words) in BROKEN.items():
    for _search, _call in SEARCHES.items():
        if _game is ToMoveLower and _search not in ("negamax", "alphabeta+table", "mcts"):
            continue  # 'a' and 'b' are two more players: minimax's paranoid value is right
        case(
            "a student's game, one method broken",
            f"{_search}, {_game.__name__}",
            lambda call=_call, game=_game: call(game()),
            *_words,
            answer=LEGITIMATE.get((_game, _search), _NO_ANSWER),
            method=_method,
        )

# --- evaluations ------------------------------------------------------------------------------

_MID = "X...O...."


def _value_with(value, search):
    def my_evaluation(game, state, player):
        return value

    return search(TicTacToe(), _MID, depth=2, evaluate=my_evaluation)


DEPTH_SEARCHES = {
    "minimax": aisearch.minimax,
    "alphabeta": aisearch.alphabeta,
    "negamax": aisearch.negamax,
}
for _search, _fn in DEPTH_SEARCHES.items():
    # (negamax values a leaf for its mover: a constant evaluation is not zero-sum)
    for _label, _value in {
        "None": None,
        "a str": "0.5",
        "NaN": math.nan,
        "a list": [0.5],
        "a bool": False,
        "a complex": 1j,
    }.items():
        case(
            "evaluation returns a bad value",
            f"{_search}, {_label}",
            lambda fn=_fn, v=_value: _value_with(v, fn),
            "my_evaluation",
        )
    for _label, _value in {
        "a Fraction": Fraction(1, 2),
        "numpy float64": np.float64(0.5),
        "numpy int64": np.int64(1),
        "-inf everywhere": -math.inf,
    }.items():
        if _search == "negamax":
            continue
        case(
            "evaluation returns a legitimate value",
            f"{_search}, {_label}",
            lambda fn=_fn, v=_value: _value_with(v, fn).value,
            answer=_value,
        )


def _evaluation_needs_two(game, state):
    return 0


for _search, _fn in DEPTH_SEARCHES.items():
    case(
        "evaluation of the wrong shape",
        f"{_search}, (game, state)",
        lambda fn=_fn: fn(TicTacToe(), _MID, depth=2, evaluate=_evaluation_needs_two),
        "evaluate",
    )
    case(
        "evaluation of the wrong shape",
        f"{_search}, the game's method unbound (legitimate: self is the game)",
        lambda fn=_fn: fn(TicTacToe(), _MID, depth=2, evaluate=TicTacToe.evaluate).value,
        answer=_fn(TicTacToe(), _MID, depth=2).value,
    )

# --- hooks ------------------------------------------------------------------------------------


def _order_generator(game, state, actions):
    return (a for a in reversed(actions))


def _order_none(game, state, actions):
    actions.sort()


def _order_drops(game, state, actions):
    return actions[:1]


def _order_strings(game, state, actions):
    return [str(a) for a in actions]


_TRUE_VALUE = aisearch.minimax(TicTacToe(), _MID).value

case(
    "order hook",
    "alphabeta, a generator (legitimate)",
    lambda: aisearch.alphabeta(TicTacToe(), _MID, order=_order_generator).value,
    answer=_TRUE_VALUE,
)
for _name, _hook, _words in (
    ("returns None (sorted in place)", _order_none, ("_order_none", "None")),
    ("drops moves", _order_drops, ("_order_drops",)),
    ("returns strings", _order_strings, ("_order_strings",)),
    ("is a list", [(1, 1)], ("order",)),
):
    for _search in ("alphabeta", "negamax", "iterative_deepening"):
        if _search == "iterative_deepening":

            def _run(hook=_hook):
                return aisearch.iterative_deepening(
                    TicTacToe(), _MID, max_depth=3, evaluate=lambda g, s, p: 0, order=hook
                )

        else:

            def _run(hook=_hook, fn=DEPTH_SEARCHES[_search]):
                return fn(TicTacToe(), _MID, order=hook)

        case("order hook", f"{_search}, {_name}", _run, *_words)


def _noisy_set(game, state):
    return set(game.actions(state))


def _noisy_str(game, state):
    return "all"


for _name, _hook, _words in (
    ("a set", _noisy_set, ("_noisy_set", "set")),
    ("a str", _noisy_str, ("_noisy_str", "all")),
    ("not a function", "threats", ("noisy",)),
):
    case(
        "noisy hook",
        f"quiescence_search, {_name}",
        lambda hook=_hook: aisearch.quiescence_search(
            TicTacToe(), _MID, depth=1, evaluate=lambda g, s, p: 0, noisy=hook
        ),
        *_words,
    )

# --- odd trees --------------------------------------------------------------------------------

for _label, _tree, _words, _answer in (
    ("an empty tree", [], ("empty", "leaf", "children"), _NO_ANSWER),
    ("an empty subtree", [[1, 2], []], ("empty", "leaf", "children"), _NO_ANSWER),
    ("a None leaf", [[1, None], [2, 3]], ("None",), _NO_ANSWER),
    ("a str leaf", [[1, "2"], [2, 3]], ("'2'",), _NO_ANSWER),
    ("a bool leaf", [[1, True], [2, 3]], ("True",), _NO_ANSWER),
    ("a NaN leaf", [[1, math.nan], [2, 3]], ("nan",), _NO_ANSWER),
    ("inf leaves", [[math.inf, 1], [-math.inf, 3]], (), 1),
    ("Fraction leaves", [[Fraction(1, 3), 1], [Fraction(1, 2), 3]], (), Fraction(1, 2)),
    ("numpy leaves", [[np.int64(2), np.float64(1.5)], [np.int64(4), 3]], (), 3),
    ("a dict", {"a": 1}, ("list", "nested"), _NO_ANSWER),
    ("a bare number (a leaf)", 5, (), 5),
):
    for _search in ("minimax", "alphabeta", "negamax"):
        _fn = getattr(aisearch, _search)
        case(
            "odd trees",
            f"{_search}, {_label}",
            lambda fn=_fn, tree=_tree: fn(GameTree.from_nested(tree)).value,
            *_words,
            answer=_answer,
        )

# --- reused and huge traces -------------------------------------------------------------------


def _reused():
    trace = aisearch.Trace()
    aisearch.alphabeta(TicTacToe(), _MID, tracer=trace)
    return aisearch.alphabeta(TicTacToe(), _MID, tracer=trace)


def _trace_into_mcts():
    return aisearch.mcts(TicTacToe(), _MID, iterations=10, seed=0, tracer=aisearch.Trace())


def _huge_frame_past_the_end():
    trace = aisearch.Trace()
    aisearch.alphabeta(TicTacToe(), tracer=trace)
    return trace.frame(len(trace.events))


def _huge_figure():
    import matplotlib

    matplotlib.use("Agg")
    from aisearch.viz import TreeFigure

    trace = aisearch.Trace()
    aisearch.alphabeta(TicTacToe(), tracer=trace)
    figure = TreeFigure(trace)
    return "drawn" if figure.png(-1)[:4] == b"\x89PNG" else "not drawn"


def _huge_whole_drawing():
    import matplotlib

    matplotlib.use("Agg")
    from aisearch.viz import TreeFigure

    trace = aisearch.Trace()
    aisearch.alphabeta(TicTacToe(), tracer=trace)
    return TreeFigure(trace, layout="whole")


case("traces", "a Trace reused", _reused, "Trace", "trace")
case("traces", "a Trace handed to mcts", _trace_into_mcts, "MCTSTrace")
case("traces", "a huge trace's frame past the end", _huge_frame_past_the_end, "step")
case("traces", "a huge trace drawn in focus", _huge_figure, answer="drawn")
case("traces", "a huge trace drawn whole", _huge_whole_drawing, "1,000", "1000", "layout")
case("traces", "frame(1.5)", lambda: _filled().frame(1.5), "step")
case("traces", "frame('last')", lambda: _filled().frame("last"), "step")


def _filled():
    trace = aisearch.Trace()
    aisearch.alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6]]), tracer=trace)
    return trace


# --- pictures and players ---------------------------------------------------------------------


def _viz():
    import matplotlib

    matplotlib.use("Agg")
    import aisearch.viz

    return aisearch.viz


for _label, _call, _words in (
    ("TreeFigure png(dpi=1.5)", lambda v: v.TreeFigure(_filled()).png(dpi=1.5), ("dpi",)),
    ("TreeFigure png(dpi=0)", lambda v: v.TreeFigure(_filled()).png(dpi=0), ("dpi",)),
    ("TreeFigure png(dpi='high')", lambda v: v.TreeFigure(_filled()).png(dpi="high"), ("dpi",)),
    ("TreeFigure(dpi=-5)", lambda v: v.TreeFigure(_filled(), dpi=-5), ("dpi",)),
    ("draw_board on a short state", lambda v: v.draw_board(TicTacToe(), "XO"), ("XO",)),
    ("draw_board on None", lambda v: v.draw_board(TicTacToe(), None), ("None",)),
    ("draw_board on a list", lambda v: v.draw_board(TicTacToe(), list("X" * 9)), ("a board",)),
    ("frame_strip(steps=[999])", lambda v: v.frame_strip(_filled(), steps=[999]), ("999",)),
    ("draw_step(step=99)", lambda v: v.draw_step(_filled(), 99), ("99",)),
    ("TreeFigure(figsize=(0, 3))", lambda v: v.TreeFigure(_filled(), figsize=(0, 3)), ("figsize",)),
):
    case("pictures", _label, lambda call=_call: call(_viz()), *_words)


def _canonical(state):
    from aisearch.symmetry import canonical

    return canonical(TicTacToe(), state)


def _centre_first(state, actions):
    from aisearch.games.tictactoe import centre_first

    return centre_first(TicTacToe(), state, actions)


for _label, _call, _words in (
    ("canonical on a short state", lambda: _canonical("XO"), ("XO",)),
    ("canonical on None", lambda: _canonical(None), ("None",)),
    ("canonical on a list", lambda: _canonical(list("X........")), ("list",)),
    ("centre_first on actions (3, 3)", lambda: _centre_first(_MID, [(3, 3)]), ("(3, 3)",)),
    ("centre_first on actions as ints", lambda: _centre_first(_MID, [4, 0]), ("4",)),
    ("centre_first on None", lambda: _centre_first(_MID, None), ("None",)),
):
    case("symmetry and order helpers", _label, _call, *_words)


def _illegal_player(game, state):
    return (3, 3)


def _none_player(game, state):
    return None


def _failing_player(game, state):
    raise RuntimeError("my player failed")


for _label, _players, _words in (
    ("an illegal move", [_illegal_player, aisearch.random_player(1)], ("(3, 3)",)),
    ("a None move", [_none_player, aisearch.random_player(1)], ("None",)),
    ("a player that raises", [_failing_player, aisearch.random_player(1)], ("RuntimeError",)),
    ("one player only", [aisearch.random_player(1)], ("player",)),
    ("a dict missing O", {"X": aisearch.random_player(1)}, ("'O'",)),
    ("a player that is a str", ["minimax", aisearch.random_player(1)], ("minimax",)),
):
    case(
        "players",
        f"play_game, {_label}",
        lambda players=_players: aisearch.play_game(TicTacToe(), players),
        *_words,
    )

# --- running and classifying ------------------------------------------------------------------


def _child(run, pipe):
    try:
        value = run()
    except Exception as error:  # noqa: BLE001 (what was raised is the finding)
        frames = traceback.extract_tb(error.__traceback__)
        own = bool(frames) and frames[-1].filename == HERE
        pipe.send(("raised", type(error).__name__, str(error), own))
    else:
        try:
            pipe.send(("returned", value, None, None))
        except Exception:  # noqa: BLE001 (a value that does not pickle)
            pipe.send(("returned", repr(value)[:200], None, None))


def classify(c: Case) -> tuple[str, str]:
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(c.run, send), daemon=True)
    process.start()
    send.close()
    if not receive.poll(TIME_LIMIT):
        process.kill()
        process.join()
        return "hang", f"no answer in {TIME_LIMIT:g} s"
    what, a, b, own = receive.recv()
    process.join()
    if what == "returned":
        if c.answer is not _NO_ANSWER and a == c.answer:
            return "right", repr(a)[:120]
        return "silent", repr(a)[:120]
    kind, message = a, b
    if own and c.answer is _NO_ANSWER:
        return "clear", f"{kind} in the student's own code: {message}"
    named = c.method in message and (
        any(w.lower() in message.lower() for w in c.words) or kind in c.words
    )
    if kind in ("ValueError", "TypeError"):
        # A case with an answer and words is a broken game a search may answer
        # right (as it never reads the broken part) or refuse by name.
        return ("clear" if named else "unclear"), f"{kind}: {message}"
    if named and c.answer is _NO_ANSWER and kind in c.words:
        return "clear", f"{kind}: {message}"
    return "raw", f"{kind}: {message}"


KINDS = ("right", "clear", "unclear", "raw", "silent", "hang")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--family", default="")
    parser.add_argument("--show", default="unclear,raw,silent,hang")
    args = parser.parse_args(argv)
    show = set(args.show.split(","))
    tally: dict[str, Counter] = defaultdict(Counter)
    for c in CASES:
        if args.family not in c.family:
            continue
        kind, detail = classify(c)
        tally[c.family][kind] += 1
        if kind in show:
            print(f"{kind:8} {c.family} / {c.name}: {detail[:200]}")
    print(f"\n{'family':40}" + "".join(f"{k:>8}" for k in KINDS))
    for family, counts in tally.items():
        print(f"{family:40}" + "".join(f"{counts[k]:>8}" for k in KINDS))
    total = sum(tally.values(), Counter())
    print(
        f"{'all ' + str(sum(total.values())) + ' cases':40}"
        + "".join(f"{total[k]:>8}" for k in KINDS)
    )


if __name__ == "__main__":
    sys.exit(main())
