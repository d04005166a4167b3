"""Games as search problems.

A game, in the textbook's formulation, has six parts: an initial state, the
player to move in a state, the actions available there, the state that results
from an action, a test for the end of the game, and the utility of a finished
game for a player. Every search in this package talks to a game only through
these six methods, so a new game needs nothing else.

A game object holds only parameters (a board size, the shape of a tree); the
states are separate, immutable and hashable values, so that a state can be a
dictionary key, sit in a trace, and never change behind a search's back.

Games of chance add chance states, where nobody chooses: ``to_move`` answers
``CHANCE`` there, and ``chance_outcomes(state)`` lists each outcome with its
probability (``actions`` lists the same outcomes, in the same order, and
``result`` applies one), as dice or a shuffled card would.

Two-player zero-sum games are the common case: ``utility(state, p)`` is the
negation of ``utility(state, q)`` for the two players ``p`` and ``q``. A game
may say so with ``zero_sum = True`` (or ``False``); negamax and the searches
in its form rely on it and check it first (``refuse_unless_two_player_zero_sum``).
A game may also offer ``evaluate(state, player)``, its own heuristic estimate
of a non-terminal state, used when a search is cut off at a depth limit.

Games of more than two players (searched by ``aisearch.maxn``) list their
players in ``game.players``, and a state's value is a vector: a tuple with
one entry per player, in ``game.players`` order. Their ``utility(state,
player)`` and ``evaluate(state, player)`` may return either ``player``'s own
number or that whole vector; ``value_vector`` reads either. The two-player
zero-sum case stays as above: one number, from ``player``'s point of view.

Everything a game may offer besides the six methods is listed, with what it
means, in ``OPTIONAL_MEMBERS`` below; the protocols ``ChanceGame``,
``SymmetricGame`` and ``MultiplayerGame`` type the three larger ones. A
search reads an optional member only through ``optional``, and checks the
game up front with ``check_game``: a game it cannot search is refused before
the first node, with a message that says why. The checks of what else the
user's code hands a search (utilities and evaluations that must be real
numbers, chance outcomes, depths and counts) are ``aisearch.validation``'s,
offered here too.

``Game`` is generic in its state, action and player types: a tic-tac-toe
game is a ``Game[str, tuple[int, int], str]``, and a search typed
``(game: Game[State, Action, Player], state: State) -> Action`` says that
the action it returns is one of that game's.
"""

from __future__ import annotations

import math
import os
import pickle
import random
import sys
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NamedTuple, Protocol, TypeVar, runtime_checkable

# `name as name`: offered here too, where the package and the notebooks first found them.
from .validation import HOOK_SHAPES
from .validation import PROBABILITY_TOLERANCE as PROBABILITY_TOLERANCE
from .validation import check_depth as check_depth
from .validation import check_outcomes as check_outcomes
from .validation import name_of as name_of
from .validation import named_after as named_after
from .validation import real_value as real_value
from .validation import require_bool as require_bool
from .validation import require_callable as require_callable
from .validation import require_count as require_count
from .validation import value_vector as value_vector

# A state, an action and a player are any hashable values; each game says
# which (a tic-tac-toe state is a str, its actions (row, column) pairs).
State = TypeVar("State", bound=Hashable)
Action = TypeVar("Action", bound=Hashable)
Player = TypeVar("Player", bound=Hashable)
Evaluation = Callable[[Any, Any, Any], float]
"""An evaluation function ``(game, state, player) -> float``."""
Order = Callable[[Any, Any, list[Any]], Iterable[Any]]
"""An ``order`` hook ``(game, state, actions) -> the same actions, reordered``."""

CHANCE = "chance"
"""What ``to_move`` answers at a chance state."""


@runtime_checkable
class Game(Protocol[State, Action, Player]):
    """The six parts of a game, as the searches use them.

    ``actions(state)`` returns the legal actions in a fixed, documented order;
    every search explores them in that order, so traces are reproducible.
    ``result`` returns a new state and never changes the old one (every search
    checks this in its first plies: ``check_first_plies``).

    Any object with the six methods is a game: ``Game`` is a protocol, and
    a game need not name it. The built-in games name it all the same, to say
    what their states, actions and players are (``class
    TicTacToe(Game[str, Square, str])``) and so that mypy checks their six
    methods against it.
    """

    def initial_state(self) -> State: ...

    def to_move(self, state: State) -> Player: ...

    def actions(self, state: State) -> Sequence[Action]: ...

    def result(self, state: State, action: Action) -> State: ...

    def is_terminal(self, state: State) -> bool: ...

    def utility(self, state: State, player: Player) -> float: ...


GAME_METHODS = ("initial_state", "to_move", "actions", "result", "is_terminal", "utility")
"""The six methods every game has."""


@runtime_checkable
class ChanceGame(Game[State, Action, Player], Protocol):
    """A game with chance states, where ``to_move`` answers ``CHANCE``."""

    def chance_outcomes(self, state: State) -> Sequence[tuple[Action, float]]: ...


@runtime_checkable
class SymmetricGame(Game[State, Action, Player], Protocol):
    """A game whose board can be turned and mirrored (``aisearch.symmetry``)."""

    symmetries: Sequence[str]

    def transform(self, state: State, name: str) -> State: ...

    def transform_action(self, action: Action, name: str) -> Action: ...

    def inverse(self, name: str) -> str: ...


@runtime_checkable
class MultiplayerGame(Game[State, Action, Player], Protocol):
    """A game that lists its players; with more than two, values are vectors."""

    players: Sequence[Player]


OPTIONAL_MEMBERS = {
    "players": "the players, in the order of value vectors (MultiplayerGame)",
    "zero_sum": "True if one player's gain is always the other's loss; negamax and "
    "the table searches rely on it",
    "max_player": "whose side a trace speaks from (a GameTree's 'MAX'); by default "
    "the player to move at the root",
    "evaluate": "evaluate(state, player) -> float, the game's own estimate of a "
    "state at a depth limit",
    "chance_outcomes": "chance_outcomes(state) -> [(outcome, probability)] at a "
    "chance state (ChanceGame)",
    "has_chance_nodes": "whether chance states occur; by default, whether the game "
    "has chance_outcomes",
    "symmetries": "the names of the board's symmetries, 'identity' first, with "
    "transform, transform_action and inverse (SymmetricGame)",
    "transform": "transform(state, name) -> the state turned or mirrored by name",
    "transform_action": "transform_action(action, name) -> the action in the turned board",
    "inverse": "inverse(name) -> the symmetry that undoes name",
    "noisy_actions": "noisy_actions(state) -> the moves quiescence search keeps "
    "searching past the depth limit",
    "max_plies": "the most moves a game can last (iterative deepening stops there)",
    "is_state": "is_state(state) -> whether state is one of this game's states; the "
    "searches refuse anything else up front",
    "label": "label(state) -> a short name for a node in pictures and sentences",
    "move_name": "move_name(action) -> the move as the game's board names it, counted "
    "from 1 ('column 3', 'row 3, column 2'), for sentences, menus and pictures",
    "render": "render(state) -> the board as text",
    "picture": "picture(state, action=None) -> Picture, what the position looks like, "
    "for drawing it small (aisearch.viz.glyphs); action, the move that led to "
    "state, marks the cell it filled",
}
"""What a game may offer besides ``GAME_METHODS``, and what each means."""


class Picture(NamedTuple):
    """What a position looks like: a game's ``picture(state)`` (see
    ``OPTIONAL_MEMBERS``), which ``aisearch.viz.glyphs`` draws as a small board.

    ``kind`` says what is drawn:

    - ``"grid"``: marks on a grid, as on paper (tic-tac-toe, Isolation);
    - ``"columns"``: discs dropped in the columns of an upright board
      (Connect Four);
    - ``"pile"``: a pile of stones and a die (Dice Nim); ``rows`` is empty.

    In ``rows`` (top row first, one character a cell) ``"X"`` is the first
    player's mark, disc or piece (drawn as a cross, or a filled disc), ``"O"``
    the second player's (a ring, or a ringed disc), ``"."`` an open cell and
    ``"#"`` a blocked one (drawn dark).

    >>> Picture(("X.O", ".X.", "..O"), "grid", last=(2, 2))
    Picture(rows=('X.O', '.X.', '..O'), kind='grid', last=(2, 2), to_move=None, pile=None, start=None, roll=None, die=None)
    """

    rows: tuple[str, ...] = ()
    kind: str = "grid"
    last: tuple[int, int] | None = None
    """``(row, column)`` of the mark the last move placed (row 0 at the top), if known."""
    to_move: str | None = None
    """For a game of pieces (Isolation): ``"X"`` or ``"O"``, whose piece moves
    next (drawn on a light square); ``None`` where the marks say it."""
    pile: int | None = None
    """For a pile: the stones left."""
    start: int | None = None
    """For a pile: the stones it started with (those taken are drawn faintly)."""
    roll: int | None = None
    """For a pile: the face the die shows, ``None`` before it is rolled."""
    die: int | None = None
    """For a pile: the number of faces of the die."""


PICTURE_KINDS = ("grid", "columns", "pile")
"""The kinds of ``Picture``."""

PICTURE_MARKS = "XO.#"
"""The characters of a ``Picture``'s rows."""


def optional(game: object, name: str, default: Any = None) -> Any:
    """The optional member ``name`` of ``game`` (see ``OPTIONAL_MEMBERS``), or ``default``.

    >>> from aisearch.games import GameTree
    >>> optional(GameTree.from_nested([1, 2]), "max_player")
    'MAX'
    """
    if name not in OPTIONAL_MEMBERS:
        raise ValueError(
            f"{name!r} is not an optional member of a game: {sorted(OPTIONAL_MEMBERS)}"
        )
    return getattr(game, name, default)


def check_game(
    game: Game[State, Action, Player],
    search: str,
    state: State | None = None,
    *,
    chance: bool = False,
    zero_sum: bool = False,
    symmetry: bool = False,
) -> None:
    """Refuse, up front, a game that ``search`` cannot search.

    Every game needs the six ``GAME_METHODS``. The state the search starts
    from (``state``, or the initial state if it is ``None``) must be one of
    the game's states (``check_state``), and the first plies of play from it
    must keep the rules a search relies on (``check_first_plies``). Unless
    ``chance`` (the search weighs chance states, as expectimax does), a game
    with chance states is refused; ``zero_sum`` asks for a two-player
    zero-sum game (see ``refuse_unless_two_player_zero_sum``); ``symmetry``
    for a ``SymmetricGame``.

    Raises:
        ValueError: naming the game, the search and what is missing.

    >>> from aisearch.games import TicTacToe
    >>> check_game(TicTacToe, "minimax")
    Traceback (most recent call last):
    ...
    ValueError: minimax needs a game object, but got the class TicTacToe: pass TicTacToe()
    """
    if isinstance(game, type):
        raise ValueError(
            f"{search} needs a game object, but got the class {game.__name__}: "
            f"pass {game.__name__}()"
        )
    missing = [m for m in GAME_METHODS if not callable(getattr(game, m, None))]
    if missing:
        raise ValueError(
            f"{search} needs a game with the six methods of aisearch.Game, but {game!r} "
            f"has no {', '.join(missing)}"
        )
    given = state is not None
    start = state if state is not None else game.initial_state()
    check_state(game, start, search, given=given)
    if not chance:
        refuse_chance(game, search)
    check_first_plies(game, start)
    if zero_sum:
        refuse_unless_two_player_zero_sum(game, start, search)
    if symmetry:
        require_symmetry(game)


def check_state(
    game: Game[State, Action, Player], state: State, search: str, *, given: bool = True
) -> None:
    """Refuse a ``state`` that ``game`` says is not one of its states, or that
    cannot be a state at all (states must be hashable), and a first move list
    that is not a sequence.

    A game tells its own states with the optional ``is_state(state)``; the
    built-in games all do. ``actions(state)`` must return a sequence (a list or
    a tuple) in a fixed order, so that every search explores the same order
    and a trace can be replayed: a set or a generator is refused here, once,
    at the state the search starts from. ``given`` says whether the caller
    passed ``state`` (else it is the game's ``initial_state()``, and the
    message names that).

    >>> from aisearch.games import TicTacToe
    >>> check_state(TicTacToe(), "XO", "minimax")
    Traceback (most recent call last):
    ...
    ValueError: minimax was given the state 'XO', which is not a state of TicTacToe(): ...
    """
    try:
        hash(state)
    except TypeError:
        if not given:
            raise ValueError(
                f"{search} starts from {game!r}.initial_state(), which returned "
                f"{state!r}, a {type(state).__name__}: a state must be hashable and never "
                "change (a str, a tuple, a frozen dataclass), and result() must return a "
                "new state rather than change the one it is given"
            ) from None
        raise ValueError(
            f"{search} was given the state {state!r}, a {type(state).__name__}: a state "
            f"must be hashable (a str, a tuple, a frozen dataclass), as {game!r}'s "
            "initial_state() is"
        ) from None
    is_state = optional(game, "is_state")
    if is_state is not None and not is_state(state):
        if not given:
            raise ValueError(
                f"{search} starts from {game!r}.initial_state(), which returned "
                f"{state!r}, and {game!r}.is_state() says that is not one of its states"
            )
        raise ValueError(
            f"{search} was given the state {state!r}, which is not a state of {game!r}: "
            f"start from {game!r}.initial_state() or a state its result() returned"
        )
    if not game.is_terminal(state):
        sequence_of_actions(game, state, game.actions(state))


FIRST_PLIES = 8
"""How many plies ``check_first_plies`` follows from the start of a search."""


def check_first_plies(game: Game[State, Action, Player], state: State) -> None:
    """Refuse a game that breaks, in the first plies from ``state``, a rule
    that every search relies on and could not see break later without a cost
    at every node.

    Along the line of play that takes the first action, for ``FIRST_PLIES``
    plies: ``to_move`` names a player (not ``None``, a missing ``return``),
    or ``'chance'`` only in a game with ``chance_outcomes``; ``actions`` is a
    sequence; and ``result``, for every action there, returns a hashable
    state and leaves the one it was given as it was (``checked_result``). A
    ``result`` that changes its state in place would make a search read, for
    the second action, the state the first one left behind. A state made of
    immutable parts (strs, numbers, and tuples, NamedTuples and frozen
    dataclasses of them, as the built-in games' states are) cannot change,
    so only its first action is taken, to go one ply down.

    Raises:
        ValueError: naming the game, the method, the state and what it returned.

    >>> class Pile:  # a list that result() changes in place
    ...     def to_move(self, s): return "A"
    ...     def actions(self, s): return [1]
    ...     def is_terminal(self, s): return False
    ...     def result(self, s, a):
    ...         s.stones.append(a)
    ...         return s
    ...     def __repr__(self): return "Pile()"
    >>> class Stones:
    ...     def __init__(self): self.stones = []
    ...     def __repr__(self): return f"Stones({self.stones})"
    >>> check_first_plies(Pile(), Stones())
    Traceback (most recent call last):
    ...
    ValueError: Pile().result(Stones([]), 1) changed the state it was given, to Stones([1]): ...
    """
    players = optional(game, "players")
    declared = None if players is None else tuple(players)
    met: list[Any] = []
    for _ in range(FIRST_PLIES):
        if game.is_terminal(state):
            return
        mover = game.to_move(state)
        if mover is None:
            raise ValueError(
                f"{game!r}.to_move({state!r}) returned None: to_move must return the "
                f"player to move (or {CHANCE!r} at a chance state); is a return missing?"
            )
        if declared is not None and mover != CHANCE and mover not in declared:
            raise ValueError(
                f"{game!r}.to_move({state!r}) returned {mover!r}, which is not one of "
                f"{game!r}.players {declared!r}"
            )
        if mover == CHANCE and not callable(getattr(game, "chance_outcomes", None)):
            raise ValueError(
                f"{game!r}.to_move({state!r}) returned {CHANCE!r}, but {game!r} has no "
                "chance_outcomes: a game with chance states lists each outcome with its "
                f"probability in chance_outcomes(state) (see aisearch.ChanceGame), and "
                f"no player may be called {CHANCE!r}"
            )
        if mover != CHANCE and mover not in met:
            new_mover(game, state, mover, met, "the search")
        actions = sequence_of_actions(game, state, game.actions(state))
        if not actions:
            return  # the search itself names a non-terminal state without actions
        tried = actions[:1] if is_immutable(state) else actions
        children = [checked_result(game, state, action) for action in tried]
        state = children[0]


def new_mover(
    game: object,
    state: object,
    mover: Any,
    seen: list[Any],
    search: str,
    *,
    two_players: bool = False,
) -> Any:
    """``mover``, which ``game.to_move(state)`` answered and which ``search`` has
    not met before (not in ``seen``), once it is seen to be a player; it is
    then added to ``seen``.

    A search asks this only for a player it has not met, so it costs nothing
    a node: its test of who moves compares with the players it knows (MAX's,
    and the one it met next), and only a new answer comes here. Without it,
    any answer that is not MAX's own would be read as MIN's, so a ``to_move``
    that answers ``None`` (a missing ``return``), ``'chance'`` in a game
    without ``chance_outcomes``, or something that is no player at all, past
    the plies ``check_first_plies`` follows, would be searched silently as MIN.

    Refused: ``None``; ``'chance'`` in a game without ``chance_outcomes``;
    an unhashable value; a player that is not one of the
    game's ``players`` when it lists them; a player of another type than
    every player met so far (``0`` where the players are ``'X'`` and
    ``'O'``); and, when the search is for ``two_players``, a third one.

    >>> from aisearch.games import TicTacToe
    >>> new_mover(TicTacToe(), "XO.......", 0, ["X"], "minimax")
    Traceback (most recent call last):
    ...
    ValueError: TicTacToe().to_move('XO.......') returned 0, which is not one of TicTacToe().players ('X', 'O')
    """
    where = f"{game!r}.to_move({state!r}) returned {mover!r}"
    if mover is None:
        raise ValueError(
            f"{where}: to_move must return the player to move (or {CHANCE!r} at a "
            "chance state); is a return missing?"
        )
    if mover == CHANCE:
        if callable(getattr(game, "chance_outcomes", None)):
            return mover
        raise ValueError(
            f"{where}, but {game!r} has no chance_outcomes: a game with chance states "
            "lists each outcome with its probability in chance_outcomes(state) (see "
            f"aisearch.ChanceGame), and no player may be called {CHANCE!r}"
        )
    try:
        hash(mover)
    except TypeError:
        raise ValueError(
            f"{where}, {_a(type(mover).__name__)}: a player must be hashable (a str, an int)"
        ) from None
    declared = optional(game, "players")
    if declared is not None and mover not in tuple(declared):
        raise ValueError(f"{where}, which is not one of {game!r}.players {tuple(declared)!r}")
    met = " and ".join(repr(p) for p in seen)
    if seen and not any(isinstance(mover, type(p)) or isinstance(p, type(mover)) for p in seen):
        kinds = " or ".join(_a(kind) for kind in sorted({type(p).__name__ for p in seen}))
        players = (
            f"players {search} has met are {met}, each"
            if len(seen) > 1
            else (f"player {search} has met is {met},")
        )
        raise ValueError(
            f"{where}, {_a(type(mover).__name__)}, but the {players} {kinds}: to_move "
            "must return one of the game's players"
        )
    if two_players and len(seen) >= 2:
        raise ValueError(
            f"{where}, a third player after {met}: {search} assumes a two-player game; "
            "search it with aisearch.maxn, or aisearch.paranoid (one player against the "
            "rest), or check to_move"
        )
    seen.append(mover)
    return mover


def _a(noun: str) -> str:
    """``noun`` with its article: ``a str``, ``an int``."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def checked_result(game: Game[State, Action, Player], state: State, action: Action) -> State:
    """``game.result(state, action)``, refused if it is not hashable or if the
    call changed ``state``: its hash, its ``repr`` or, when it can be pickled,
    its contents (a state made of immutable parts is not looked at)."""
    before = None if is_immutable(state) else _snapshot(state)
    child = game.result(state, action)
    if before is not None and _snapshot(state) != before:
        shown, now = before[1], repr(state)
        raise ValueError(
            f"{game!r}.result({shown}, {action!r}) changed the state it was given"
            f"{f', to {now}' if now != shown else ' (its contents)'}: result must return "
            "a new state and leave the old one as it was (copy it first, or use "
            "immutable states: a tuple, a str, a frozen dataclass), because a search "
            "comes back to it for the other actions"
        )
    try:
        hash(child)
    except TypeError:
        shown = repr(state) if before is None else before[1]
        raise ValueError(
            f"{game!r}.result({shown}, {action!r}) returned {child!r}, a "
            f"{type(child).__name__}: a state must be hashable and never change (a "
            "str, a tuple, a frozen dataclass)"
        ) from None
    return child


_ATOMS = (str, int, float, complex, bytes, bool, type(None))


def is_immutable(value: object) -> bool:
    """Whether ``value`` is made of parts that nothing can change: strs,
    numbers, and tuples (a ``NamedTuple`` too), frozensets and frozen
    dataclasses of them.

    >>> is_immutable(("XO.", 3)), is_immutable(("XO.", [3]))
    (True, False)
    """
    kind = type(value)
    if kind in _ATOMS:
        return True
    if isinstance(value, (tuple, frozenset)):
        return _holds_only_its_items(kind) and all(is_immutable(part) for part in value)
    params = getattr(value, "__dataclass_params__", None)
    if params is not None and params.frozen:
        fields = getattr(value, "__dataclass_fields__", {})
        return all(is_immutable(getattr(value, name)) for name in fields)
    return False


_ITEMS_ONLY: dict[type, bool] = {}


def _holds_only_its_items(kind: type) -> bool:
    """Whether a tuple or frozenset of type ``kind`` (a ``NamedTuple``, say)
    holds nothing but its items: no ``__dict__`` or ``__slots__`` of its own
    (remembered per type, as this runs for every state checked)."""
    known = _ITEMS_ONLY.get(kind)
    if known is None:
        known = _ITEMS_ONLY[kind] = not any(
            "__dict__" in vars(c) or getattr(c, "__slots__", ()) for c in kind.__mro__
        )
    return known


def _snapshot(state: object) -> tuple[int, str, bytes | None]:
    """What must not change about ``state``: its hash, its ``repr``, and its
    contents as pickled (``None`` if it cannot be pickled: a class defined
    inside a function, say)."""
    try:
        contents: bytes | None = pickle.dumps(state)
    except Exception:  # noqa: BLE001 (whatever pickling raises, the other two remain)
        contents = None
    return hash(state), repr(state), contents


def sequence_of_actions(game: object, state: object, actions: object) -> Sequence[Any]:
    """``actions``, as ``game.actions(state)`` returned them, if it is a sequence.

    Raises:
        ValueError: naming the game and the type it returned, if it is a set, a
            generator or anything else without a fixed order.
    """
    if isinstance(actions, (list, tuple, range)):
        return actions
    raise ValueError(
        f"{game!r}.actions({state!r}) returned a {type(actions).__name__}: actions must "
        "return a sequence (a list or a tuple) in a fixed order, so that every search "
        "explores the moves in the same order (return list(...) of it)"
    )


DEFAULT_MAX_PLIES = 10_000
"""How many moves the functions that play or count to the end follow before
they stop with an error, for a game that names no ``max_plies`` of its own."""


def ply_limit(game: object) -> int:
    """The most moves a line of play may take before it counts as endless: the
    game's ``max_plies`` if it names one, else ``DEFAULT_MAX_PLIES``."""
    declared: int | None = optional(game, "max_plies")
    return DEFAULT_MAX_PLIES if declared is None else declared


def endless(game: object, state: object, plies: int, what: str) -> ValueError:
    """The error for a line of play that has gone on for ``plies`` moves."""
    return ValueError(
        f"{what} played {plies} moves from the start without reaching an end of {game!r} "
        f"(last state {state!r}): is_terminal must become true on every line of play. "
        "A game that can last longer can say so with a max_plies attribute"
    )


@contextmanager
def within_recursion(search: str, game: object) -> Iterator[None]:
    """Turn Python's ``RecursionError`` inside ``search`` into a clear ``ValueError``.

    A search without a depth limit recurses once per move; on a game that never
    ends, or whose lines are longer than Python's recursion limit allows, it
    would stop with ``RecursionError`` deep inside the package.
    """
    try:
        yield
    except RecursionError:
        raise ValueError(
            f"{search} went deeper than Python's recursion limit "
            f"({sys.getrecursionlimit()}) in {game!r}: does every line of play end "
            "(is_terminal true)? For a long game pass depth= (and an evaluation)"
        ) from None
    except TypeError as error:
        blame_actions(game, error)
        raise


_PACKAGE = os.path.dirname(__file__)


def blame_actions(game: Any, error: TypeError) -> None:
    """Name ``game.actions`` if ``error``, raised inside the package, came from
    the actions of the state it was searching not being a sequence.

    The searches check ``actions`` at the states of the first plies
    (``check_first_plies``); deeper, a set, None or a generator fails where a
    search indexes or loops over it (``'NoneType' object is not iterable``),
    an error that names no method. Checking each node's actions would cost
    every search a test a node; looking here costs nothing until something
    has gone wrong: the innermost frame, if it is the package's, holds the
    state (``state`` or ``s``) whose actions are asked again.
    """
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None or not tb.tb_frame.f_code.co_filename.startswith(_PACKAGE):
        return  # raised in the user's own code: its traceback says where
    local = tb.tb_frame.f_locals
    for name in ("state", "s"):
        if name in local:
            state = local[name]
            break
    else:
        return
    try:
        actions = game.actions(state)
    except Exception:  # noqa: BLE001 (not the answer asked for: leave the first error)
        return
    sequence_of_actions(game, state, actions)  # raises, naming the game and the type


def require_symmetry(game: object) -> tuple[str, ...]:
    """The game's ``symmetries``; ``ValueError`` naming the game if it has none."""
    names = optional(game, "symmetries")
    missing = [m for m in ("transform", "transform_action", "inverse") if not hasattr(game, m)]
    if not names or missing:
        raise ValueError(
            f"{game!r} offers no symmetries: a game needs `symmetries`, `transform`, "
            "`transform_action` and `inverse` for symmetry=True (see aisearch.symmetry)"
        )
    if names[0] != "identity":
        raise ValueError(f"{game!r}.symmetries must start with 'identity', got {names!r}")
    return tuple(names)


def draw_outcome(game: Any, state: object, rng: random.Random) -> Any:
    """An outcome of the chance state ``state``, drawn by its probability with ``rng``.

    One draw of ``rng.random()`` per call, walked along the outcomes in the
    game's order; the last outcome absorbs any rounding in the sum. Every
    sampler of chance states (playouts, MCTS's selection, ``play_game``)
    draws this way, so the same seed gives the same outcomes everywhere.

    >>> class Coin:
    ...     def chance_outcomes(self, state):
    ...         return [("heads", 0.5), ("tails", 0.5)]
    >>> rng = random.Random(1)  # draws 0.134, 0.847, 0.764, 0.255
    >>> [draw_outcome(Coin(), "toss", rng) for _ in range(4)]
    ['heads', 'tails', 'tails', 'heads']
    """
    if not callable(getattr(game, "chance_outcomes", None)):
        new_mover(game, state, CHANCE, [], "a sampler of chance")  # refused: no outcomes
    outcomes = check_outcomes(state, game.chance_outcomes(state))
    u = rng.random()
    for outcome, p in outcomes:
        u -= p
        if u < 0:
            return outcome
    return outcomes[-1][0]


def has_chance(game: object) -> bool:
    """Whether ``game`` has chance states (its ``has_chance_nodes``, else whether it
    offers ``chance_outcomes`` at all)."""
    return bool(optional(game, "has_chance_nodes", hasattr(game, "chance_outcomes")))


def refuse_chance(game: object, search: str) -> None:
    """Raise ``ValueError`` if ``game`` has chance states, which ``search`` cannot weigh."""
    if has_chance(game):
        raise ValueError(
            f"{game!r} has chance nodes, which {search} would treat as an opponent: "
            "use aisearch.expectimax"
        )


PROBE_PLIES = 10_000
"""How far ``refuse_unless_two_player_zero_sum`` follows first actions to find an end."""


def refuse_unless_two_player_zero_sum(
    game: Game[State, Action, Player], state: State, search: str
) -> None:
    """Raise ``ValueError`` unless ``game`` is, as far as can be seen, two-player zero-sum.

    ``search`` (negamax and everything in its form) negates a child's value to
    get its parent's, which is right only when there are exactly two players
    and one's gain is the other's loss. OpenSpiel's ``alpha_beta_search``
    refuses other games the same way, up front. What is checked, once, before
    the search:

    - the players: ``game.players`` if the game lists them, else the players
      met on the line below; exactly two;
    - zero-sum: ``game.zero_sum`` if the game declares it; otherwise the end of
      one line of play, the one reached from ``state`` by always taking the
      first action, must have ``utility(end, p) == -utility(end, q)`` for the
      two players ``p`` and ``q``.

    One end is evidence, not proof: a game that is zero-sum at that end and
    not at another passes, and the evaluation function is not checked.

    Raises:
        ValueError: naming ``game``, ``search`` and the assumption it breaks.

    >>> from aisearch.games import GameTree
    >>> three = GameTree.from_nested([[(5, 3, 2), (4, 2, 4)]], players=("P1", "P2", "P3"))
    >>> refuse_unless_two_player_zero_sum(three, "A", "negamax")
    Traceback (most recent call last):
    ...
    ValueError: negamax assumes a two-player game, but <GameTree ...> has 3 players ('P1', 'P2', 'P3'): ...
    """
    declared = optional(game, "players")
    if declared is not None:
        _refuse_players(game, tuple(declared), search)
    zero_sum = optional(game, "zero_sum")
    if zero_sum is False:
        raise ValueError(
            f"{search} assumes a zero-sum game, and {game!r} declares zero_sum = False"
        )
    if zero_sum and declared is not None:
        return
    end, movers = _first_line(game, state, search)
    players: tuple[Player, ...] = tuple(declared) if declared is not None else movers
    if len(players) > 2:
        _refuse_players(game, players, search, "as its to_move answers on the line of first moves")
    if not zero_sum and end is not None and len(players) == 2:
        _check_zero_sum_at(game, end, players, search)


def _refuse_players(
    game: object, players: tuple[object, ...], search: str, found: str = ""
) -> None:
    if len(players) != 2:
        raise ValueError(
            f"{search} assumes a two-player game, but {game!r} has {len(players)} "
            f"player{'s' * (len(players) != 1)} {players!r}{f' ({found})' if found else ''}: "
            "search it with aisearch.maxn, or aisearch.paranoid (one player against the rest)"
        )


def _first_line(
    game: Game[State, Action, Player], state: State, search: str
) -> tuple[State, tuple[Player, ...]] | tuple[None, tuple[Player, ...]]:
    """The end reached from ``state`` by always taking the first action (``None``
    if there is none within ``PROBE_PLIES``), and the players met on the way
    (each checked by ``new_mover``: None or another type is no player)."""
    movers: list[Player] = []
    for _ in range(PROBE_PLIES):
        if game.is_terminal(state):
            return state, tuple(movers)
        mover = game.to_move(state)
        if mover not in movers and mover != CHANCE:  # chance is nobody's turn
            new_mover(game, state, mover, movers, search)
        actions = sequence_of_actions(game, state, game.actions(state))
        if not actions:
            break  # not an end: the search itself will name this state
        state = game.result(state, actions[0])
    return None, tuple(movers)


def _check_zero_sum_at(
    game: Game[State, Action, Player], end: State, players: tuple[Player, ...], search: str
) -> None:
    first, second = value_vector(game, end, game.utility, players)
    if not math.isclose(first, -second, rel_tol=1e-9, abs_tol=1e-9):
        raise ValueError(
            f"{search} assumes a zero-sum game, utility(s, {players[0]!r}) == "
            f"-utility(s, {players[1]!r}), but {game!r} gives {first!r} and {second!r} "
            f"at the end {end!r} (reached by first actions): search it with "
            "aisearch.minimax or aisearch.alphabeta, which value every state from one "
            "player's side"
        )


def resolve_evaluate(game: object, evaluate: Evaluation | None) -> Evaluation | None:
    """The evaluation function a depth-limited search should use.

    An explicit ``evaluate(game, state, player)`` wins; otherwise the game's own
    ``evaluate(state, player)`` method, if it has one; otherwise ``None``.
    """
    if evaluate is not None:
        if not callable(evaluate):
            raise ValueError(
                f"evaluate must be a function (game, state, player) -> float, got {evaluate!r}"
            )
        return evaluate
    own = optional(game, "evaluate")
    if own is None:
        return None

    @named_after(own)
    def game_evaluate(game: object, state: object, player: object) -> Any:
        return own(state, player)  # checked by the search, as real_value

    return game_evaluate


def leaf_evaluation(game: object, evaluate: Evaluation | None) -> Evaluation:
    """The evaluation a depth-limited search calls at a non-terminal leaf.

    ``resolve_evaluate``'s choice; or, when there is none, a function that
    refuses with ``missing_evaluation`` if a search ever needs it (a search
    that always reaches the end never does).
    """
    chosen = resolve_evaluate(game, evaluate)
    if chosen is not None:
        return chosen

    def none_given(game: object, state: object, player: object) -> float:
        raise missing_evaluation(state)

    return none_given


def missing_evaluation(state: object) -> ValueError:
    """The error for a depth limit that reaches a non-terminal state with no evaluation."""
    return ValueError(
        f"depth limit reached at non-terminal state {state!r} but there is no evaluation "
        "function: pass evaluate=(game, state, player) -> float, or give the game an "
        "evaluate(state, player) method"
    )


def no_actions(state: object) -> ValueError:
    """The error for a state that is not terminal but offers no action."""
    return ValueError(
        f"state {state!r} is not terminal but has no actions: a game must end "
        "(is_terminal true) where no move is possible"
    )


def undefined_average(state: object) -> ValueError:
    """The error for a chance state whose average is not a number (NaN)."""
    return ValueError(
        f"chance state {state!r} has no expected value: its outcomes mix +inf and "
        "-inf values (or give inf a probability of 0), whose average is undefined; "
        "use large finite values for wins and losses"
    )


def ordered(
    order: Callable[[Any, Any, list[Action]], Iterable[Action]] | None,
    game: object,
    state: object,
    actions: Sequence[Action],
) -> Sequence[Action]:
    """Apply an ``order(game, state, actions)`` hook, checking that it only reorders.

    An ``order`` that is not a function is named at the first node it is
    asked at (``require_callable``), at no cost to a hook that is one.

    >>> ordered("centre", None, "X........", [(0, 1), (1, 1)])
    Traceback (most recent call last):
    ...
    ValueError: order must be a function (game, state, actions) -> the actions reordered, got 'centre'
    """
    if order is None:
        return actions
    try:
        returned = order(game, state, list(actions))
    except TypeError:
        require_callable(order, "order", HOOK_SHAPES["order"])
        raise  # the hook's own error
    try:
        reordered = list(returned)
    except TypeError:
        raise ValueError(
            f"order hook must return a reordering of the actions of {state!r}: "
            f"{name_of(order)} returned {returned!r} for {list(actions)!r}"
        ) from None
    if len(reordered) != len(actions) or set(reordered) != set(actions):
        raise ValueError(
            f"order hook must return a reordering of the actions of {state!r}: "
            f"{name_of(order)} returned {reordered!r} for {list(actions)!r}"
        )
    return reordered
