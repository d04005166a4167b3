"""Quiescence search: do not stop looking in the middle of a fight.

A depth-limited search evaluates the positions where it stops as if they were
calm. If the position is in the middle of an exchange (a capture that will be
answered, a threat to win next move), the evaluation misjudges it: the
search cannot see the blow that falls one ply past its limit, and may even
play moves that only push the blow beyond its horizon. That is the
**horizon effect**.

The remedy: at the depth limit, evaluate only *quiet* positions. Where the
position is noisy, keep searching, but only the noisy moves, until every
line reaches a quiet position (or the end of the game). Noisy moves are few,
so the extra search is small.

What is noisy is the game's business. The protocol: a function
``noisy(game, state) -> actions`` lists the noisy actions of ``state`` (a
subset of ``game.actions(state)``, in the game's order); an empty list means
the position is quiet. Pass it as ``noisy=``, or give the game a method
``noisy_actions(state)``. For tic-tac-toe, ``threat_moves`` says that a move
which wins at once, or blocks the opponent's immediate win, is noisy.

With ``stand_pat=True`` the player to move at a noisy position may also
decline every noisy move and take the evaluation (as in chess, where not
capturing is usually possible). In tic-tac-toe a threat must be answered,
so the default is ``False``: a noisy position is worth its best noisy move.

``quiescence_search`` is the engine's alpha-beta (``aisearch.engine``) with
its quiescence options, run on ``RootView``, the game seen from the root
player's side; ``mark_horizon`` adds the horizon to the trace.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .engine import negamax_engine
from .game import (
    Evaluation,
    Game,
    check_depth,
    check_game,
    missing_evaluation,
    name_of,
    named_after,
    optional,
    real_value,
    require_bool,
    resolve_evaluate,
)
from .paranoid import GameView
from .result import SearchResult
from .tracing import ENTER, LEAF
from .validation import require_hooks

Noisy = Callable[[Game, object], list]

MAX, MIN = "max", "min"
"""The two sides of ``RootView``."""


class RootView(GameView):
    """``game`` as quiescence sees it: ``player`` (MAX) against every other mover (MIN).

    Quiescence values every position for the player to move at the root,
    and takes every other mover as the opponent, as ``alphabeta`` does; so
    it searches any game without chance, zero-sum or not. The engine it runs
    on is negamax, which needs a two-player zero-sum game: this view is
    that game. A state's utility or evaluation for MAX is ``player``'s, for
    MIN its negation; states, actions and results are the game's own. It
    prints as the game, so that messages name the game the user gave.

    >>> from aisearch.games import TicTacToe
    >>> game = TicTacToe()
    >>> view = RootView(game, "O", lambda game, state, player: game.evaluate(state, player))
    >>> view.to_move("X........"), view.utility("XXXOO....", "max"), view
    ('max', -1, TicTacToe())
    """

    players = (MAX, MIN)
    search = "quiescence_search"
    zero_sum = True
    """What one side gains the other loses: the engine's negamax applies."""

    def __init__(self, game: Game, player, evaluate: Evaluation):
        super().__init__(game, player)
        self._evaluate = evaluate
        # Traces speak for the game's MAX if it names one (a GameTree searched
        # from a MIN node), as they would searching the game itself.
        named = optional(game, "max_player")
        self.max_player = MAX if named is None or named == player else MIN

    def __repr__(self) -> str:
        return repr(self.game)

    def to_move(self, state):
        return self.side(state, MAX, MIN)

    def utility(self, state, side) -> float:
        utility = self.game.utility
        value = real_value(utility(state, self.player), utility, state)
        return value if side == MAX else -value

    def evaluate(self, state, side) -> float:
        evaluate = self._evaluate
        value = real_value(evaluate(self.game, state, self.player), evaluate, state)
        return value if side == MAX else -value


def threat_moves(game, state: str) -> list:
    """Tic-tac-toe's noisy moves: those that win at once, or block the opponent's win.

    A ``noisy`` function for ``quiescence_search``; the threat test itself is
    the game's, ``TicTacToe.threat_moves`` (it reads the board's lines).

    >>> from aisearch.games import TicTacToe
    >>> game = TicTacToe()
    >>> threat_moves(game, game.from_rows("X..", "XO.", ".O."))  # X blocks O, or wins
    [(0, 1), (2, 0)]
    """
    return game.threat_moves(state)


def quiescence_search(
    game: Game,
    state=None,
    *,
    depth: int,
    evaluate: Evaluation | None = None,
    noisy: Noisy | None = None,
    stand_pat: bool = False,
    max_extension: int | None = None,
    tracer=None,
) -> SearchResult:
    """Alpha-beta to ``depth``, then noisy moves only until the position is quiet.

    Args:
        depth: plies of full search (every move); past it only noisy moves.
        evaluate: ``(game, state, player) -> float`` for quiet positions.
        noisy: ``(game, state) -> actions``, the noisy actions of a state
            (empty when quiet); default ``game.noisy_actions(state)``.
        stand_pat: let the player at a noisy position take the evaluation
            instead of a noisy move.
        max_extension: at most this many plies past ``depth`` (then evaluate
            anyway); ``None`` for no limit.
        tracer: as for ``alphabeta``; the noisy plies appear in the tree, and
            every event carries ``horizon`` (= ``depth``) and, at and past
            the horizon, whether its position is ``noisy``.

    Returns:
        ``SearchResult`` as ``alphabeta``; ``stats.max_depth`` shows how far
        past ``depth`` the noisy lines went.

    Raises:
        ValueError: a bad depth, no evaluation, or no way to tell noisy moves;
            a ``noisy`` that is not a function, or (past the depth limit)
            returns anything but a list of legal actions.
    """
    check_game(game, "quiescence_search", state)
    if state is None:
        state = game.initial_state()
    check_depth(depth)
    if depth is None:
        raise ValueError("quiescence_search needs a depth: past it, only noisy moves are searched")
    check_depth(max_extension, "max_extension")
    require_bool(stand_pat, "stand_pat")
    require_hooks("quiescence_search", noisy=noisy, tracer=tracer)
    evaluate = resolve_evaluate(game, evaluate)
    if evaluate is None:
        raise missing_evaluation(state)
    if noisy is None:
        own = optional(game, "noisy_actions")
        if own is None:
            raise ValueError(
                f"{game!r} has no noisy_actions(state): pass noisy=(game, state) -> actions"
            )

        @named_after(own)
        def game_noisy(game: Game, s: object) -> Any:
            return own(s)

        noisy = game_noisy
    checked = checked_noisy(noisy)
    view = RootView(game, game.to_move(state), evaluate)
    return negamax_engine(
        view,
        state,
        depth=depth,
        noisy=lambda _view, s: checked(game, s),
        max_extension=max_extension,
        stand_pat=stand_pat,
        tracer=mark_horizon(tracer, game, depth, checked),
        name="quiescence_search",
    )


def checked_noisy(noisy: Noisy) -> Noisy:
    """``noisy``, with what it returns checked: a list or a tuple of legal
    actions of the state (empty where the position is quiet).

    It is called only at and past the depth limit, so the check costs
    nothing above it; a hook that returned ``None`` or a set would otherwise
    make every position quiet (plain alpha-beta) or search in no fixed order,
    and an illegal move would be played.

    >>> from aisearch.games import TicTacToe
    >>> def my_noisy(game, state):
    ...     return None
    >>> checked_noisy(my_noisy)(TicTacToe(), "X...O....")
    Traceback (most recent call last):
    ...
    ValueError: noisy hook must return a list of the noisy actions of 'X...O....' (an empty list where it is quiet): my_noisy returned None
    """

    @named_after(noisy)
    def checked(game: Game, state: object) -> Any:
        moves = noisy(game, state)
        if not isinstance(moves, (list, tuple)):
            raise ValueError(
                f"noisy hook must return a list of the noisy actions of {state!r} (an empty "
                f"list where it is quiet): {name_of(noisy)} returned {moves!r}"
            )
        if moves:
            legal = game.actions(state)
            illegal = [a for a in moves if a not in legal]
            if illegal:
                raise ValueError(
                    f"noisy hook must return legal actions of {state!r}: {name_of(noisy)} "
                    f"returned {moves!r}, of which {illegal!r} are not among its actions "
                    f"{list(legal)!r}"
                )
        return moves

    return checked


def mark_horizon(tracer, game: Game, depth: int, noisy: Noisy):
    """``tracer``, given every node's event with the horizon marked: the
    ``horizon`` (= ``depth``), and at or past it whether the node is ``noisy``
    (an entered node is; a leaf is quiet, or still noisy where
    ``max_extension`` stopped the search; ``None`` at terminal states)."""
    if not callable(tracer):
        return tracer  # None, or something the engine refuses by name

    def marked(event):
        past = event.depth >= depth
        if event.kind == ENTER:
            event = event._replace(horizon=depth, noisy=True if past else None)
        elif event.kind == LEAF:
            is_noisy = bool(noisy(game, event.state)) if past and not event.terminal else None
            event = event._replace(horizon=depth, noisy=is_noisy)
        tracer(event)

    return marked
