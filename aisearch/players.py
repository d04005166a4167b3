"""Players, and playing a game between them.

A player is a plain function ``(game, state) -> action``. Any search becomes
a player by returning the action of its result; a random player picks a
uniformly random legal action from its own seeded generator, so a game
between random players is reproducible.

>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> record = play_game(game, {"X": search_player(), "O": random_player(seed=3)})
>>> record.outcome, len(record.moves) <= 9
({'X': 1, 'O': -1}, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from .alphabeta import alphabeta
from .game import Game

Player = Callable[[Any, Any], Any]


def random_player(seed=None) -> Player:
    """A player that picks a uniformly random legal action, from its own seeded generator."""
    rng = random.Random(seed)

    def play(game, state):
        actions = game.actions(state)
        return actions[rng.randrange(len(actions))]

    play.__name__ = f"random_player(seed={seed!r})"
    return play


def search_player(search: Callable = alphabeta, **options) -> Player:
    """A player that plays the action ``search(game, state, **options)`` returns.

    >>> from aisearch import minimax
    >>> player = search_player(minimax, depth=2)
    """

    def play(game, state):
        return search(game, state, **options).action

    name = getattr(search, "__name__", "search")
    shown = ", ".join(f"{k}={v!r}" for k, v in options.items())
    play.__name__ = f"{name}_player({shown})"
    return play


class GameRecord(NamedTuple):
    """A finished (or stopped) game: who played, the moves, the states and the outcome."""

    players: dict
    moves: list
    states: list
    """Every state from the start to the end, ``len(moves) + 1`` of them."""
    outcome: dict | None
    """Each player's utility at the end, ``None`` if stopped before the end."""


def play_game(game: Game, players: Mapping | Sequence, state=None, *,
              max_moves: int | None = None) -> GameRecord:
    """Play from ``state`` (the initial state by default) until the game ends.

    Args:
        players: a mapping from each of the game's players (as ``to_move``
            names them) to a player function, or a sequence in the order of
            ``game.players``.
        max_moves: stop after this many moves even if the game goes on.

    Raises:
        ValueError: a player without a function, or a function that returns
            an illegal action (the message names both).
    """
    if not isinstance(players, Mapping):
        names = getattr(game, "players", None)
        if names is None or len(names) != len(players):
            raise ValueError(
                "give players as a mapping {player: function}, or a sequence "
                "matching game.players"
            )
        players = dict(zip(names, players, strict=True))
    state = game.initial_state() if state is None else state
    moves: list = []
    states = [state]
    while not game.is_terminal(state):
        if max_moves is not None and len(moves) >= max_moves:
            return GameRecord(dict(players), moves, states, None)
        mover = game.to_move(state)
        if mover not in players:
            raise ValueError(f"no player function for {mover!r}, who is to move in {state!r}")
        action = players[mover](game, state)
        if action not in game.actions(state):
            name = getattr(players[mover], "__name__", repr(players[mover]))
            raise ValueError(
                f"player {mover!r} ({name}) chose {action!r}, which is not a legal "
                f"action in {state!r}"
            )
        state = game.result(state, action)
        moves.append(action)
        states.append(state)
    outcome = {p: game.utility(state, p) for p in players}
    return GameRecord(dict(players), moves, states, outcome)
