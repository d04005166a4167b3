"""What a player decided, and how: the players a board is handed.

A player is a plain function ``(game, state) -> action``. A ``SearchPlayer``
is one that also keeps its last ``Decision``: the action, its value, the depth
searched, the line it expects, the time and nodes it took, the trace of the
search if it was asked to record one, and, if the player says it, the
decision in words. ``aisearch.players`` makes them (``depth_player``,
``timed_player``), and so does ``aisearch.connect4_player``.

The boards of ``aisearch.viz`` never search: they are handed a player and
show its decisions, so they name these types and no search. A board that a
notebook hands no player takes its default from ``BOARD_DEFAULTS``, which
``aisearch/__init__.py`` fills (the package is always imported before its
``viz``).

>>> def decide(game, state, recording):
...     return Decision(state, "a1", 3, 1, ("a1",), 0.0, 4)
>>> player = SearchPlayer(decide, "always_a1")
>>> player(None, "A"), player.last.value, player.decisions
('a1', 3, 1)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, NamedTuple

from .game import Evaluation, require_bool


class Decision(NamedTuple):
    """What a search player decided last, and how.

    ``depth`` is the depth of the search that chose ``action`` (for a timed
    player the deepest completed iteration, 0 if it fell back on the first
    legal move), ``value`` its value for the player, ``line`` the principal
    line from the position (the action first), ``seconds`` the time taken,
    ``nodes`` the nodes searched (a timed player: by all its iterations),
    ``trace`` the ``Trace`` of the search that chose ``action`` when the
    player records (``trace=True``; for a timed player the deepest completed
    iteration's), ``traces`` every completed iteration's trace, shallowest
    first (a depth player's one), ``last_nodes`` the nodes of the search
    that chose ``action`` (a timed player: of its deepest iteration),
    ``summary`` the decision in words, for a board to show, when the player
    says it (``connect4_player`` does: "solved: ...", "searched 9 moves
    deep: ..."), and ``retrace``, for a player that records nothing while it
    plays (``connect4_player``: a recording would slow it down under its
    clock), a function that runs the search that chose ``action`` again,
    recording it, and returns this decision with its ``trace`` and
    ``traces`` (the searches are deterministic: it is the same search).
    """

    state: Any
    action: Any
    value: float | None
    depth: int
    line: tuple[Any, ...]
    seconds: float
    nodes: int
    trace: Any = None
    traces: tuple[Any, ...] = ()
    last_nodes: int | None = None
    summary: str = ""
    retrace: Callable[[], Decision] | None = None


class SearchPlayer:
    """A player function ``(game, state) -> action`` that keeps its ``last`` ``Decision``.

    Made by ``depth_player``, ``timed_player`` and ``connect4_player``; call
    it like any player. ``decide(game, state, recording) -> Decision`` makes
    each decision. ``evaluate`` is the evaluation function it searches with
    (``None``: the game's own). ``trace`` says whether it records each
    decision's search (``last.trace``); a board that shows the computer's
    search turns it on. A player whose clock a recording would spoil may
    instead leave it off and give each decision a ``retrace``
    (``connect4_player`` does).
    """

    def __init__(
        self,
        decide: Callable[[Any, Any, bool], Decision],
        name: str,
        evaluate: Evaluation | None = None,
        *,
        trace: bool = False,
    ):
        require_bool(trace, "trace")
        self._decide = decide
        self.evaluate = evaluate
        self.trace = trace
        self.__name__ = name
        self.last: Decision | None = None
        self.decisions = 0

    def __call__(self, game: Any, state: Any) -> Any:
        started = time.perf_counter()
        require_bool(self.trace, "trace")
        decision = self._decide(game, state, self.trace)
        self.last = decision._replace(seconds=time.perf_counter() - started)
        self.decisions += 1
        return decision.action

    def __repr__(self) -> str:
        return self.__name__


BOARD_DEFAULTS: dict[str, Callable[..., Any]] = {}
"""What a board of ``aisearch.viz`` takes when it is handed none, by name:
``"connect4_player"`` (``(time_limit, weak=...) -> SearchPlayer``),
``"connect4_scores"`` (the column scores under the Connect Four board) and
``"dicenim_search"`` (Dice Nim's B). ``aisearch/__init__.py`` fills it."""


def board_default(name: str) -> Callable[..., Any]:
    """The default ``name`` from ``BOARD_DEFAULTS``.

    Raises:
        ValueError: none is registered under ``name``.
    """
    if name not in BOARD_DEFAULTS:
        raise ValueError(
            f"no default {name!r} for the board: aisearch/__init__.py registers it in "
            "aisearch.decision.BOARD_DEFAULTS, or hand the board one"
        )
    return BOARD_DEFAULTS[name]
