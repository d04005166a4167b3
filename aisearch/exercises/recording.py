"""What a student's function asks of the game, and who asks it.

A check learns what a student's search did by the questions it asks: the
``RecordingGame`` passes every question on to the game and notes the state it
was about, and the ``_Mover`` that its ``to_move`` can answer notes what the
function compares the player to move with (``mover == "max"`` never matches).
While a check runs (``_WATCH``, set by ``aisearch.exercises.guard``), a question
that comes from the package's own search means the student's function handed
the work to it: the ``RecordingGame`` stops the check with ``_Delegated``,
naming that search.
"""

from __future__ import annotations

import contextvars
import functools
import os
import sys
from dataclasses import dataclass
from types import FrameType
from typing import Any

from ..games.gametree import CHANCE, GameTree

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The folder of ``aisearch``: a frame outside it is the student's code."""


# Recording what a function asks ------------------------------------------------


def _passed_on(question: str):
    """A ``RecordingGame`` method that notes its state, then asks the wrapped game."""

    def ask(self, state, *args):
        self._note(state, question)
        return getattr(self.game, question)(state, *args)

    ask.__name__ = ask.__qualname__ = question
    return ask


class RecordingGame:
    """A game that notes every state it is asked about, in order.

    Every question about a state (``to_move``, ``actions``, ``result``,
    ``is_terminal``, ``utility``, ``evaluate``, ``chance_outcomes`` in a game
    with chance, and a ``GameTree``'s
    ``children``, ``role``, ``value`` and ``parent``) is passed on to the game
    and its state noted. ``visited`` lists the states in the order they were
    first asked about, and ``asked`` the questions asked about each.
    ``searched`` leaves out the states that were only glanced at (asked only
    ``is_terminal``, ``to_move``, ``role`` or ``parent``): a search that
    checks every child before its loop glances at children it then prunes.
    Everything else is the wrapped game's.

    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> game = RecordingGame(tree)
    >>> game.is_terminal("A"), game.actions("A")[0], game.utility("E", "MAX")
    (False, 'a1', 3)
    >>> game.is_terminal("F")
    True
    >>> game.visited, game.searched
    (['A', 'E', 'F'], ['A', 'E'])
    >>> sorted(game.asked["A"])
    ['actions', 'is_terminal']
    """

    GLANCES = frozenset({"is_terminal", "to_move", "role", "parent"})
    """Questions that look at a state without searching it."""

    def __init__(self, game) -> None:
        self.game = game
        self.visited: list = []
        self.asked: dict = {}

    def _note(self, state, question: str) -> None:
        try:
            questions = self.asked.get(state)
        except TypeError:  # an unhashable "state": the game will complain itself
            return
        if questions is None:
            # Who asks is looked at once a state, when it is new: a search the
            # student's code hands the work to soon asks about a state of its own.
            if _WATCH.get() is not None and (search := _package_search_asking()) is not None:
                raise _Delegated(search)
            self.asked[state] = questions = set()
            self.visited.append(state)
        questions.add(question)

    @property
    def searched(self) -> list:
        """The visited states asked more than a glance (actions, result, utility, ...)."""
        return [s for s in self.visited if self.asked[s] - self.GLANCES]

    # Each question is noted, then passed on as it was asked.
    to_move = _passed_on("to_move")
    actions = _passed_on("actions")
    result = _passed_on("result")
    is_terminal = _passed_on("is_terminal")
    utility = _passed_on("utility")
    evaluate = _passed_on("evaluate")
    children = _passed_on("children")
    role = _passed_on("role")
    value = _passed_on("value")
    parent = _passed_on("parent")

    def __getattr__(self, name):
        if _WATCH.get() is not None and (search := _package_search_asking()) is not None:
            raise _Delegated(search)
        found = getattr(self.game, name)  # an AttributeError for what the game lacks
        if name == "chance_outcomes":  # only for games that have chance
            return _passed_on(name).__get__(self)
        return found

    def __repr__(self) -> str:
        return f"RecordingGame({self.game!r})"


# While a check runs: who asks --------------------------------------------------------


@dataclass
class _Watch:
    """The check running now (in this thread or task): what a guard's message needs."""

    exercise: str
    fn: Any
    case: str | None = None


_WATCH: contextvars.ContextVar[_Watch | None] = contextvars.ContextVar("_WATCH", default=None)


class _Delegated(BaseException):
    """A question came from the package's own search: the student's function called it."""

    def __init__(self, search: str) -> None:
        super().__init__(search)
        self.search = search


_EXERCISES_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_GAME_FILES = (os.path.join(_PACKAGE_DIR, "games") + os.sep, os.path.join(_PACKAGE_DIR, "game.py"))


def _package_search_asking() -> str | None:
    """The package function whose search asks the game this question, if it is one.

    Called from ``RecordingGame``: the frames of the exercises are skipped;
    the first frame above them is the code that asked. If that is in the
    package (outside the exercises, and outside the games, which may ask
    themselves), the outermost package frame in that run of frames is the
    function the student's code called: its public name is returned.
    """
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and _part_of(frame.f_code.co_filename) == "exercises":
        frame = frame.f_back
    entry = None
    while frame is not None and _part_of(frame.f_code.co_filename) == "search":
        entry, frame = frame, frame.f_back
    return None if entry is None else _public_name(entry)


@functools.lru_cache(maxsize=256)
def _part_of(filename: str) -> str:
    """``"exercises"``, ``"games"`` or ``"search"`` (the rest of the package) for a file of
    the package; ``"outside"`` for any other (the student's code)."""
    path = os.path.abspath(filename)
    if not path.startswith(_PACKAGE_DIR + os.sep):
        return "outside"
    if path.startswith(_EXERCISES_DIR):
        return "exercises"
    return "games" if path.startswith(_GAME_FILES) else "search"


def _public_name(frame) -> str:
    """``aisearch.alphabeta`` for a function the package offers at the top, else
    ``aisearch.caching.memo_minimax``; said as ``aisearch`` in a ``pristine()`` copy too."""
    module = frame.f_globals.get("__name__", "")
    top, _, rest = module.partition(".")
    function = frame.f_code.co_name
    if function in getattr(sys.modules.get(top), "__all__", ()):
        return f"aisearch.{function}"
    return ".".join(["aisearch", rest, function] if rest else ["aisearch", function])


# Watching what game.to_move's answers are compared with ----------------------------


class _Mover(str):
    """A player's name that notes every string it is compared with (``mover == "CHANCE"``)."""

    compared: set

    def __eq__(self, other):
        if isinstance(other, str):
            self.compared.add(str(other))
        return str.__eq__(self, other)

    def __ne__(self, other):
        return not self == other

    __hash__ = str.__hash__


class _MoverRecordingGame(RecordingGame):
    """A ``RecordingGame`` whose ``to_move`` answers a ``_Mover`` sharing ``compared``."""

    def __init__(self, game, compared: set) -> None:
        super().__init__(game)
        self.compared = compared

    def to_move(self, state):
        mover = _Mover(super().to_move(state))
        mover.compared = self.compared
        return mover


def _compared_with(fn, tree: GameTree, node, *args) -> set:
    """The strings ``fn(game, node, *args)`` compared ``game.to_move``'s answers with (``==``).

    Asked once more, apart from the check itself: a ``_Mover`` is equal to its
    name but not the same object, and code that tests ``is CHANCE`` should
    not fail the check because of it.
    """
    compared: set = set()
    try:
        fn(_MoverRecordingGame(tree, compared), node, *args)
    except Exception:  # the student's code: what it compared before failing still tells
        pass
    return compared


_PLAYERS = {name.casefold(): name for name in ("MAX", "MIN", CHANCE)}
"""The names ``game.to_move`` answers, by the way a student may spell them ('max')."""


def _not_players(fn, tree: GameTree, node, *args) -> set:
    """The strings, other than the names ``game.to_move`` answers, that ``fn(game, node,
    *args)`` compared its answers with: a test against one of them never matches."""
    return _compared_with(fn, tree, node, *args) - set(_PLAYERS.values())
