"""Tournaments: every agent against every other, in every seat, from one seed.

Which evaluation function is better, which depth is worth its time? Play
them against each other. ``tournament`` plays every seating of the players
(for two players: each pairing with both colours, since moving first can
matter) the same number of games, and counts each player's wins, draws and
losses, the mean depth its searches reached and its mean time per move.

A game is won by the player with the strictly highest utility at the end,
drawn by players tied for the highest, and lost by the others; so it works
for games of more than two players as well.

Reproducible from ``seed``: the random opening moves (``openings``), the
chance outcomes and the players made by factories all come from generators
seeded from it, so the same seed gives the same table (the times apart).
Deterministic players (fixed-depth searches) need ``openings`` to play
different games against each other.
"""

from __future__ import annotations

import inspect
import itertools
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from .game import Game, optional, require_callable, require_count
from .players import GameRecord, check_play_options, play_game


class Standing(NamedTuple):
    """One player's line of the table."""

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    mean_depth: float | None
    """Mean depth its searches reached per move (``None`` for a player that does not search)."""
    mean_seconds: float
    """Mean time per move (machine-dependent)."""

    @property
    def points(self) -> float:
        """Wins plus half the draws."""
        return self.wins + self.draws / 2


class TournamentTable:
    """The result of ``tournament``: standings, and every game played.

    ``rows()`` lists a ``Standing`` per player, in the order the players
    were given; ``to_text()`` prints them as a table; ``records`` holds each
    game as ``(seating, GameRecord)``.
    """

    def __init__(self, standings: list, records: list, games: int, seed):
        self._standings, self.records, self.games, self.seed = standings, records, games, seed

    def rows(self) -> list[Standing]:
        return list(self._standings)

    def __getitem__(self, name: str) -> Standing:
        for row in self._standings:
            if row.name == name:
                return row
        raise KeyError(name)

    def results(self) -> list[tuple]:
        """``(name, wins, draws, losses)`` per player: the part that does not depend on timing."""
        return [(r.name, r.wins, r.draws, r.losses) for r in self._standings]

    def to_text(self, times: bool = True) -> str:
        """The table as text; ``times=False`` leaves out the time column (for checked output)."""
        width = max(6, *(len(r.name) for r in self._standings))
        head = f"{'player':{width}}  games  wins  draws  losses  points  mean depth"
        head += "  ms/move" if times else ""
        lines = [head]
        for r in self._standings:
            depth = "-" if r.mean_depth is None else f"{r.mean_depth:.2f}"
            line = (
                f"{r.name:{width}}  {r.games:5}  {r.wins:4}  {r.draws:5}  {r.losses:6}"
                f"  {r.points:6g}  {depth:>10}"
            )
            if times:
                line += f"  {1000 * r.mean_seconds:7.2f}"
            lines.append(line)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        import html

        return f"<pre>{html.escape(self.to_text())}</pre>"


def _is_factory(player: Callable) -> bool:
    """A factory makes a player and takes no arguments; a player takes ``(game, state)``."""
    try:
        parameters = inspect.signature(player).parameters.values()
    except (TypeError, ValueError):
        return False
    required = [
        p
        for p in parameters
        if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return not required


class _Progress:
    """A progress bar: an ipywidgets bar in a notebook kernel, text on stderr otherwise."""

    def __init__(self, total: int, shown):
        self.total, self.done, self.bar, self.call = total, 0, None, None
        if callable(shown):
            self.call = shown
        elif shown:
            self.bar = self._widget(total)
        self.text = bool(shown) and self.call is None and self.bar is None

    @staticmethod
    def _widget(total):
        ipython = sys.modules.get("IPython")
        shell = ipython.get_ipython() if ipython is not None else None
        if shell is None or type(shell).__name__ != "ZMQInteractiveShell":
            return None
        try:
            import ipywidgets as widgets
            from IPython.display import display
        except ImportError:
            return None
        bar = widgets.IntProgress(value=0, min=0, max=total, description="games")
        display(bar)
        return bar

    def step(self):
        self.done += 1
        if self.call is not None:
            self.call(self.done, self.total)
        elif self.bar is not None:
            self.bar.value = self.done
            self.bar.description = f"{self.done}/{self.total}"
        elif self.text:
            end = "\n" if self.done == self.total else ""
            print(f"\rgames {self.done}/{self.total}", end=end, file=sys.stderr, flush=True)


def tournament(
    players: Mapping[str, Callable],
    game: Game | Any,
    *,
    games: int = 2,
    seed: int = 0,
    openings: int = 0,
    progress: bool | Callable = True,
    max_moves: int | None = None,
) -> TournamentTable:
    """Play every seating of ``players`` in ``game``, ``games`` times each.

    Args:
        players: ``{name: player}``, where a player is a function ``(game,
            state) -> action``, or a factory: a function of no arguments that
            makes a fresh player for each game.
        game: a game with ``players`` (the seats, in the order they move).
        games: games per seating (for two players, per pairing and colour).
        seed: seeds the opening moves, the chance outcomes and nothing else;
            game ``i`` of the tournament uses ``seed + i``.
        openings: play this many random moves (from the game's seeded
            generator) before the players take over, so that deterministic
            players meet in different positions.
        progress: ``True`` for a progress bar (a widget in a notebook, text
            elsewhere), ``False`` for none, or a function ``(done, total)``.
        max_moves: stop a game after this many moves (then it is a draw for
            everyone); ``None`` for none.

    Returns:
        a ``TournamentTable``.

    Raises:
        ValueError: fewer players than the game has seats, a non-callable
            player, a bad ``games`` or ``openings``, or a player's illegal
            move (named).

    >>> from aisearch.games import TicTacToe
    >>> from aisearch.players import depth_player, random_player
    >>> table = tournament({"depth 2": depth_player(2), "random": lambda: random_player(seed=1)},
    ...                    TicTacToe(), games=5, progress=False)
    >>> table.results()
    [('depth 2', 10, 0, 0), ('random', 0, 0, 10)]
    """
    seats = tuple(optional(game, "players", ()))
    if len(seats) < 2:
        raise ValueError(f"{game!r} must name its seats in game.players (at least two)")
    if not isinstance(players, Mapping) or len(players) < len(seats):
        raise ValueError(f"give at least {len(seats)} players as {{name: player}}, got {players!r}")
    for name, player in players.items():
        require_callable(player, f"player {name!r}", "(game, state) -> action, or a factory of one")
    require_count(games, "games", 1)
    check_play_options(max_moves, openings)
    if not isinstance(progress, bool) and not callable(progress):
        raise ValueError(
            f"progress must be True, False or a function (done, total), got {progress!r}"
        )
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, got {seed!r}")
    names = list(players)
    seatings = list(itertools.permutations(names, len(seats)))
    counts = {name: [0, 0, 0] for name in names}
    depths: dict = {name: [] for name in names}
    seconds: dict = {name: [] for name in names}
    bar = _Progress(len(seatings) * games, progress)
    records, number = [], 0
    for seating in seatings:
        for _ in range(games):
            seated = {
                seat: _fresh(players[name]) for seat, name in zip(seats, seating, strict=True)
            }
            timed = {
                seat: _timing(player, name, depths, seconds)
                for (seat, player), name in zip(seated.items(), seating, strict=True)
            }
            record = play_game(
                game, timed, seed=seed + number, openings=openings, max_moves=max_moves
            )
            records.append((seating, record))
            _score(record, seats, seating, counts)
            number += 1
            bar.step()
    standings = []
    for name in names:
        wins, draws, losses = counts[name]
        mean_depth = sum(depths[name]) / len(depths[name]) if depths[name] else None
        mean_seconds = sum(seconds[name]) / len(seconds[name]) if seconds[name] else 0.0
        standings.append(
            Standing(name, wins + draws + losses, wins, draws, losses, mean_depth, mean_seconds)
        )
    return TournamentTable(standings, records, games, seed)


def _fresh(player: Callable) -> Callable:
    return player() if _is_factory(player) else player


def _timing(player: Callable, name: str, depths: dict, seconds: dict) -> Callable:
    """``player``, noting its time per move and, if it records decisions, the depth reached."""

    def play(game, state):
        started = time.perf_counter()
        action = player(game, state)
        seconds[name].append(time.perf_counter() - started)
        last = getattr(player, "last", None)
        if last is not None and hasattr(last, "depth"):
            depths[name].append(last.depth)
        return action

    play.__name__ = getattr(player, "__name__", name)
    return play


def _score(record: GameRecord, seats: tuple, seating: tuple, counts: dict) -> None:
    """Add the game's win, draws and losses to ``counts`` (a stopped game is a draw for all)."""
    if record.outcome is None:
        for name in seating:
            counts[name][1] += 1
        return
    best = max(record.outcome.values())
    leaders = [seat for seat, u in record.outcome.items() if u == best]
    for seat, name in zip(seats, seating, strict=True):
        if seat not in leaders:
            counts[name][2] += 1
        elif len(leaders) == 1:
            counts[name][0] += 1
        else:
            counts[name][1] += 1


def seatings(names, seats: int) -> list[tuple]:
    """Every order of ``seats`` different players from ``names``: the games' seatings."""
    return list(itertools.permutations(names, seats))
