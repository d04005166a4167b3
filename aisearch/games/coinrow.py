"""Coin row: a small game for three (or more) players, each for itself.

A row of coins lies on the table, each with a value. The players take turns,
P1, P2, P3, P1, ...; on a turn a player takes the coin at the left end or the
coin at the right end of the row (with one coin left there is only
``"left"``). When the row is empty each player's utility is the total value
of the coins it took, so the utilities are non-negative and always add up to
the value of the whole row: a constant-sum game, the setting of Korf's
shallow pruning (``maxn(game, max_sum=game.total)``).

Greed is not enough: taking the bigger end can uncover a big coin for the
next player. With three players, what one player gives away goes to
*someone*, and who that is decides which opponents end up on the same side.

A row of ``n`` coins has ``2 ** (n - 1)`` complete games (two choices on
every turn but the last), so rows of 8 to 12 coins are searched in a blink.

>>> game = CoinRow((1, 5, 2, 6))
>>> state = game.initial_state()
>>> game.actions(state)
('left', 'right')
>>> state = game.result(state, "right")
>>> game.describe(state)
'row 1 5 2 | P1 6, P2 0, P3 0 | P2 to move'
>>> game.utility(game.result(game.result(game.result(state, "left"), "left"), "left"), "P2")
1
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from numbers import Integral
from typing import Any, NamedTuple, cast

from ..game import MultiplayerGame

LEFT, RIGHT = "left", "right"


class CoinRowState(NamedTuple):
    """The coins ``coins[left:right]`` are still on the table; ``scores`` per player."""

    left: int
    right: int
    scores: tuple[int, ...]
    mover: int
    """Index in ``game.players`` of the player to move."""


class CoinRow(MultiplayerGame[CoinRowState, str, str]):
    """Players take a coin from either end of a row; each scores what it took.

    Args:
        coins: the values of the coins, left to right: whole numbers >= 0, at
            least one coin.
        players: the players' names, in turn order (three by default).

    Raises:
        ValueError: no coins, a coin that is not a whole number >= 0, or fewer
            than two (or repeated) players.
    """

    def __init__(
        self,
        coins: Sequence[int] = (3, 9, 1, 2, 7, 4, 8, 5),
        players: Sequence[str] = ("P1", "P2", "P3"),
    ) -> None:
        for argument, given in (("coins", coins), ("players", players)):
            if not isinstance(given, Iterable):
                raise ValueError(
                    f"CoinRow was given {argument}={given!r}: {argument} must be a list or a tuple"
                )
        coins = tuple(coins)
        if not coins:
            raise ValueError("coins is empty: the row needs at least one coin")
        for i, c in enumerate(coins):
            if isinstance(c, bool) or not isinstance(c, Integral) or c < 0:
                raise ValueError(f"coin {i} is {c!r}: coins must be whole numbers >= 0")
        players = tuple(players)
        if len(players) < 2 or len(set(players)) != len(players):
            raise ValueError(f"players must be at least two different names, got {players!r}")
        self.coins = tuple(int(c) for c in coins)
        self.players = players
        self._index = {p: i for i, p in enumerate(players)}

    @classmethod
    def random(
        cls,
        n: int = 8,
        *,
        high: int = 9,
        seed: int | None = None,
        players: Sequence[str] = ("P1", "P2", "P3"),
    ) -> CoinRow:
        """A row of ``n`` coins with values from 0 to ``high``, seeded.

        >>> CoinRow.random(6, seed=1).coins
        (2, 9, 1, 4, 1, 7)
        """
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a whole number >= 1, got {n!r}")
        rng = random.Random(seed)
        return cls([rng.randint(0, high) for _ in range(n)], players)

    @property
    def total(self) -> int:
        """The value of the whole row: what the utilities always add up to."""
        return sum(self.coins)

    def is_state(self, state: object) -> bool:
        """Whether ``state`` is a ``CoinRowState`` (the searches refuse anything else)."""
        return isinstance(state, CoinRowState)

    def __repr__(self) -> str:
        return f"CoinRow(coins={self.coins!r}, players={self.players!r})"

    # The six parts of a game ------------------------------------------------

    def initial_state(self) -> CoinRowState:
        return CoinRowState(0, len(self.coins), (0,) * len(self.players), 0)

    def to_move(self, state: CoinRowState) -> str:
        return self.players[self._check(state).mover]

    def actions(self, state: CoinRowState) -> tuple[str, ...]:
        """``("left", "right")``; ``("left",)`` with one coin; ``()`` at the end."""
        left, right = self._check(state)[:2]
        if right - left >= 2:
            return (LEFT, RIGHT)
        return (LEFT,) if right > left else ()

    def result(self, state: CoinRowState, action: str) -> CoinRowState:
        left, right, scores, mover = self._check(state)
        if action not in self.actions(state):
            raise ValueError(
                f"{action!r} is not a legal action in {state!r}: the actions are "
                f"{list(self.actions(state))!r}"
            )
        if action == LEFT:
            coin, left = self.coins[left], left + 1
        else:
            coin, right = self.coins[right - 1], right - 1
        scores = scores[:mover] + (scores[mover] + coin,) + scores[mover + 1 :]
        return CoinRowState(left, right, scores, (mover + 1) % len(self.players))

    def is_terminal(self, state: CoinRowState) -> bool:
        left, right = self._check(state)[:2]
        return left >= right

    def utility(self, state: CoinRowState, player: str) -> int:
        """The total value of the coins ``player`` took (at the end of the game)."""
        if not self.is_terminal(state):
            raise ValueError(f"{state!r} is not terminal: it has no utility")
        return state.scores[self._player(player)]

    def evaluate(self, state: CoinRowState, player: str) -> float:
        """A guess for a game in progress: ``player``'s coins plus an equal share of the rest."""
        left, right, scores, _ = self._check(state)
        rest = sum(self.coins[left:right])
        return scores[self._player(player)] + rest / len(self.players)

    # Looking at a state -----------------------------------------------------

    def describe(self, state: CoinRowState) -> str:
        """One line: the coins left, the scores, who moves."""
        left, right, scores, mover = self._check(state)
        row = " ".join(map(str, self.coins[left:right])) or "empty"
        points = ", ".join(f"{p} {s}" for p, s in zip(self.players, scores, strict=True))
        end = "game over" if left >= right else f"{self.players[mover]} to move"
        return f"row {row} | {points} | {end}"

    def _player(self, player: str) -> int:
        try:
            return self._index[player]
        except (KeyError, TypeError):
            raise ValueError(f"player must be one of {self.players!r}, got {player!r}") from None

    def _check(self, state: Any) -> CoinRowState:
        """``state`` if it is a state of this game; raise ``ValueError`` otherwise.

        A ``CoinRowState`` is trusted (the game makes them, and searches ask
        about each one several times); anything else is checked in full.
        """
        if type(state) is CoinRowState:
            return state
        if not (
            isinstance(state, tuple)
            and len(state) == 4
            and isinstance(state[2], tuple)
            and len(state[2]) == len(self.players)
            and 0 <= state[0] <= state[1] <= len(self.coins)
            and 0 <= state[3] < len(self.players)
        ):
            raise ValueError(f"{state!r} is not a state of {self!r}")
        return cast(CoinRowState, state)
