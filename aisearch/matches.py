"""Matches between agents: games under a clock, a win rate with its interval, ratings.

A **match** (``match``) plays an agent against an opponent from a set of
random openings, each opening twice, once with each agent moving first, so
that neither gains from the openings or from moving first. Each move is asked
of an agent with ``time_left``, the seconds per move; an agent that overruns
it (by more than the grace, ``limit_for``), crashes or answers an illegal move
loses that game, and the reason is kept: the match goes on.

How many games are enough? The score (wins, and half of each draw, over the
games) comes with a 95 % **Wilson interval** (``wilson_interval``; E. B.
Wilson, "Probable inference, the law of succession, and statistical
inference", JASA 22, 1927): 20 games that end 14 to 6 say 0.70, somewhere
between 0.48 and 0.85; 200 games that end the same way, between 0.63 and 0.76.

Many agents are ranked by ``ratings``: a maximum-likelihood Bradley–Terry fit
(R. A. Bradley and M. E. Terry, Biometrika 39, 1952; the MM algorithm of D. R.
Hunter, Annals of Statistics 32, 2004), on the Elo scale: 400 points more
means winning 10 games to 1.

The clock of an agent run here is the wall clock, stopped by a signal in the
main thread (a Jupyter kernel's cells run there): it stops a loop that never
ends. A match runs its agents in this process: it is for a student trying
their own agent in their own kernel. It must not grade or rank anyone's
agent: an agent run here can read and change anything this process can.
A graded match or a class tournament must run each agent sealed off in a
process of its own: ``aisearch.exercises.sealed.arena`` (``make tournament``)
runs each student's agent in grading's sandbox.
"""

from __future__ import annotations

import math
import random
import signal
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple

from .game import Game, require_callable

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def limit_for(move_time: float) -> float:
    """The seconds after which a move is stopped: ``move_time`` and a grace of
    half of it, at least 50 ms (a busy machine's scheduling is not the agent's fault).

    >>> limit_for(0.1), limit_for(1.0)
    (0.15000000000000002, 1.5)
    """
    return move_time + max(0.05, 0.5 * move_time)


class Played(NamedTuple):
    """One game of a match: which ``opening`` (its number), who moved ``first``
    (an agent's name), the ``moves``, the ``winner`` (a name, ``None`` for a
    draw) and the ``reason`` the game ended (``"game over"``, or what the
    loser did: a timeout, a crash, an illegal move)."""

    opening: int
    first: str
    moves: tuple
    winner: str | None
    reason: str


class MatchResult(NamedTuple):
    """A match between ``agent`` and ``opponent`` (their names), game by game."""

    agent: str
    opponent: str
    games: tuple[Played, ...]

    @property
    def wins(self) -> int:
        return sum(g.winner == self.agent for g in self.games)

    @property
    def losses(self) -> int:
        return sum(g.winner == self.opponent for g in self.games)

    @property
    def draws(self) -> int:
        return sum(g.winner is None for g in self.games)

    @property
    def score(self) -> float:
        """The agent's wins and half its draws, over the games."""
        return (self.wins + self.draws / 2) / len(self.games)

    @property
    def interval(self) -> tuple[float, float]:
        """The score's 95 % Wilson interval."""
        return wilson_interval(self.wins + self.draws / 2, len(self.games))

    def results(self) -> list[tuple[str, str, float]]:
        """Each game as ``(agent, opponent, agent's score)``, as ``ratings`` takes them."""
        return [
            (
                self.agent,
                self.opponent,
                1 if g.winner == self.agent else 0.5 if g.winner is None else 0,
            )
            for g in self.games
        ]

    def forfeits(self, name: str) -> list[Played]:
        """The games ``name`` lost by a timeout, a crash or an illegal move."""
        return [g for g in self.games if g.winner not in (None, name) and g.reason != "game over"]

    def __str__(self) -> str:
        low, high = self.interval
        text = (
            f"{self.agent} against {self.opponent}: {self.wins} won, {self.draws} drawn, "
            f"{self.losses} lost of {len(self.games)}; score {self.score:.2f} "
            f"(95 % interval {low:.2f} to {high:.2f})"
        )
        causes: dict[str, int] = {}
        for game in self.forfeits(self.agent):
            cause = game.reason.removeprefix(f"{self.agent}: ").split(" (")[0]
            causes[cause] = causes.get(cause, 0) + 1
        if causes:
            text += "; lost " + ", ".join(f"{n} by {cause}" for cause, n in causes.items())
        return text


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials``.

    Unlike ``p ± z * sqrt(p(1-p)/n)`` it stays inside [0, 1] and is not empty
    at 0 or n successes.

    >>> [round(x, 2) for x in wilson_interval(14, 20)]
    [0.48, 0.85]
    >>> [round(x, 2) for x in wilson_interval(20, 20)]
    [0.84, 1.0]
    """
    if trials < 1 or not 0 <= successes <= trials:
        raise ValueError(
            f"wilson_interval needs 0 <= successes <= trials, trials >= 1: got {successes}, {trials}"
        )
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z / (1 + z * z / trials) * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials**2))
    return max(0.0, centre - half), min(1.0, centre + half)


def openings(game: Game, count: int, *, plies: int = 2, seed: int = 0) -> list[Any]:
    """``count`` different positions after ``plies`` random moves from the start
    (Isolation: both pieces placed), drawn with ``seed``; none is finished.

    Raises:
        ValueError: ``count`` or ``plies`` below 0 or 1, or fewer different
            openings than ``count`` found in 100 tries each.
    """
    if count < 1 or plies < 0:
        raise ValueError(f"openings needs count >= 1 and plies >= 0: got {count}, {plies}")
    rng, found = random.Random(seed), dict[Any, None]()
    for _ in range(100 * count):
        state = game.initial_state()
        for _ in range(plies):
            actions = game.actions(state)
            state = game.result(state, actions[rng.randrange(len(actions))])
        if not game.is_terminal(state):
            found.setdefault(state, None)
        if len(found) == count:
            return list(found)
    raise ValueError(f"only {len(found)} different openings of {plies} plies found, not {count}")


class _OutOfTime(BaseException):
    """A move overran its limit. A ``BaseException``, so that the agent's own
    ``except Exception:`` cannot swallow it."""


def _ask(agent: Callable, game: Game, state: Any, move_time: float) -> tuple[Any, str | None]:
    """``(action, None)``, or ``(None, why the agent loses)``."""
    limit = limit_for(move_time)
    clock = threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer")
    started = time.perf_counter()
    if clock:
        previous = signal.signal(signal.SIGALRM, _ring)
        signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        action = agent(game, state, move_time)
    except _OutOfTime:
        return None, f"timeout (stopped after {limit:.2f} s; {move_time:g} s a move)"
    except Exception as error:  # the agent's crash: a lost game, not a stopped match
        return None, f"error ({type(error).__name__}: {error})"
    finally:
        if clock:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    took = time.perf_counter() - started
    if took > limit:
        return None, f"timeout ({took:.2f} s; {move_time:g} s a move)"
    if action not in game.actions(state):
        return None, f"illegal move {action!r}"
    return action, None


def _ring(signum: int, frame: object) -> None:
    raise _OutOfTime


def play_match_game(
    game: Game, seats: dict[Any, tuple[str, Callable]], state: Any, move_time: float, opening: int
) -> Played:
    """Play one game from ``state``; ``seats`` gives each of the game's players
    ``(name, agent)``."""
    first = seats[game.to_move(state)][0]
    moves: list = []
    while not game.is_terminal(state):
        mover = game.to_move(state)
        name, agent = seats[mover]
        action, lost = _ask(agent, game, state, move_time)
        if lost is not None:
            (winner,) = [n for p, (n, _) in seats.items() if p != mover]
            return Played(opening, first, tuple(moves), winner, f"{name}: {lost}")
        state = game.result(state, action)
        moves.append(action)
    values = {name: game.utility(state, player) for player, (name, _) in seats.items()}
    best = max(values.values())
    winners = [name for name, v in values.items() if v == best]
    return Played(
        opening, first, tuple(moves), winners[0] if len(winners) == 1 else None, "game over"
    )


def match(
    game: Game,
    agent: Callable,
    opponent: Callable,
    *,
    starts: Sequence[Any] | int = 10,
    move_time: float = 0.1,
    seed: int = 0,
    names: tuple[str, str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> MatchResult:
    """Play ``agent`` against ``opponent`` from each start, once with each moving first.

    Args:
        game: a two-player game.
        agent, opponent: ``(game, state, time_left) -> action``.
        starts: the positions to start from, or how many ``openings`` to draw
            with ``seed``.
        move_time: the seconds each move may take (``time_left``).
        names: the two agents' names; by default their ``__name__``.
        progress: called with ``(games played, games in all)`` after each game.

    Returns:
        ``MatchResult``: every game with its winner and why it ended; its
        ``score``, ``interval`` and ``str`` say how strong ``agent`` is.

    >>> from aisearch.games import Isolation
    >>> from aisearch.agents import alphabeta_agent, random_agent
    >>> result = match(Isolation(5, 5), alphabeta_agent(2), random_agent(1), starts=3)
    >>> result.wins + result.draws + result.losses
    6
    """
    require_callable(agent, "agent", "(game, state, time_left) -> action")
    require_callable(opponent, "opponent", "(game, state, time_left) -> action")
    if not move_time > 0:
        raise ValueError(f"move_time must be a positive number of seconds, got {move_time!r}")
    players = tuple(getattr(game, "players", ()))
    if len(players) != 2:
        raise ValueError(f"match needs a two-player game (its players), got {game!r}")
    a, b = names or (getattr(agent, "__name__", "agent"), getattr(opponent, "__name__", "opponent"))
    if a == b:
        a, b = f"{a} (1)", f"{b} (2)"
    if isinstance(starts, int):
        starts = openings(game, starts, seed=seed)
    played, total = [], 2 * len(starts)
    for number, state in enumerate(starts):
        mover = game.to_move(state)
        other = players[1] if mover == players[0] else players[0]
        for seats in (
            {mover: (a, agent), other: (b, opponent)},
            {mover: (b, opponent), other: (a, agent)},
        ):
            played.append(play_match_game(game, seats, state, move_time, number))
            if progress is not None:
                progress(len(played), total)
    return MatchResult(a, b, tuple(played))


class Rating(NamedTuple):
    """An agent's rating on the Elo scale (the field's mean at 0), its 95 %
    interval, and the games it is based on."""

    elo: float
    low: float
    high: float
    games: int

    def __str__(self) -> str:
        return (
            f"{self.elo:+.0f} (95 % interval {self.low:+.0f} to {self.high:+.0f}; "
            f"{self.games} games)"
        )


def ratings(
    results: Iterable[tuple[str, str, float] | MatchResult], *, iterations: int = 1000
) -> dict[str, Rating]:
    """Bradley–Terry ratings from game results ``(a, b, score of a)`` (1, ½ or 0),
    or from whole matches (``MatchResult``s, each game a result).

    The strength ``p`` of each agent maximises the likelihood of the results,
    where ``a`` beats ``b`` with probability ``p_a / (p_a + p_b)`` and a draw
    counts as half a win each way; every agent also gets one virtual draw
    against an agent of the field's mean strength, so that one that won (or
    lost) every game still has a finite rating. The interval is ±1.96
    standard errors from the likelihood's curvature at the fit (each agent's
    own term, the others held fixed). Sorted best first.

    >>> table = ratings([("a", "b", 1), ("a", "b", 1), ("a", "b", 0), ("b", "c", 1)])
    >>> [name for name in table]
    ['a', 'b', 'c']
    """
    wins: dict[str, float] = {}
    games: dict[str, int] = {}
    pairs: dict[tuple[str, str], int] = {}
    triples: list[tuple[str, str, float]] = []
    for result in results:
        if isinstance(result, MatchResult):
            triples += result.results()
        elif isinstance(result, tuple) and len(result) == 3:
            triples.append(result)
        else:
            shown = repr(result)
            raise ValueError(
                "ratings takes (a, b, score of a) triples or MatchResults, got "
                f"{shown[:80] + '…' if len(shown) > 80 else shown}"
            )
    for a, b, score in triples:
        if score not in (0, 0.5, 1) or a == b:
            raise ValueError(
                f"a result is (a, b, score of a) with score 1, 0.5 or 0 and a != b: "
                f"got {(a, b, score)!r}"
            )
        for name, points in ((a, score), (b, 1 - score)):
            wins[name] = wins.get(name, 0) + points
            games[name] = games.get(name, 0) + 1
        key = (min(a, b), max(a, b))
        pairs[key] = pairs.get(key, 0) + 1
    names = list(wins)
    for name in names:
        wins[name] += 0.5  # the virtual draw against the mean
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for i in names:
            total = 1 / (strength[i] + 1)  # the virtual game
            for (a, b), n in pairs.items():
                if i in (a, b):
                    j = b if i == a else a
                    total += n / (strength[i] + strength[j])
            new[i] = wins[i] / total
        mean = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        new = {i: v / mean for i, v in new.items()}
        done = max(abs(math.log(new[i] / strength[i])) for i in names) < 1e-10
        strength = new
        if done:
            break
    scale = 400 / math.log(10)
    table = {}
    for i in names:
        information = strength[i] / (strength[i] + 1) ** 2
        for (a, b), n in pairs.items():
            if i in (a, b):
                j = b if i == a else a
                information += n * strength[i] * strength[j] / (strength[i] + strength[j]) ** 2
        elo, error = scale * math.log(strength[i]), scale * Z95 / math.sqrt(information)
        table[i] = Rating(elo, elo - error, elo + error, games[i])
    return dict(sorted(table.items(), key=lambda item: -item[1].elo))
