"""A class tournament, sealed: each student's agent in a sandbox of its own, the referee outside.

An instructor puts each student's agent in ``submitted/<student>/tournament/``
(``agent.py`` defining ``agent(game, state, time_left)``, or a notebook whose
code cells define it) and ``run_tournament`` plays them against each other
and against the reference agents (``aisearch.agents``):

- Each student's agent runs in the sandbox that grading uses (``sandbox.py``):
  no other agent's file, no tests or grades, no network, nothing written that
  outlives it, its processes, memory and computing time limited. Its code is
  sent to it as a cell; the package is left out there, as in grading, so an
  agent brings every piece it uses.
- The referee (this module) keeps the game and decides everything: it asks
  the agent for a move through the pipe (``remote.RemoteFunction``; the game
  crosses as a handle whose questions the referee answers, a state and a move
  as plain data, ``wire``), with ``limit_for(move_time)`` seconds of the
  sandbox's computing and as much waiting. The reference agents are the
  package's own, trusted, and run in the referee's process under the clock of
  ``aisearch.matches``.
- A move that is not made loses that game, with its reason (``FORFEITS``): a
  **timeout** (out of computing time, or waiting: ``time.sleep``), a
  **crash** (an exception, a process that ended, a call into the package),
  an **illegal move** (a plain value that is not a legal action), or **bad
  output** (something that is not plain data, or bytes written into the
  pipe). The tournament goes on; a sandbox that was stopped is started anew
  for the agent's next move.

Pairings: a **round robin** (every pair meets) while the field has at most
``ROUND_ROBIN_UP_TO`` agents, a **Swiss** tournament beyond (``rounds``
rounds, each agent meeting one of about its score it has not met yet), or
either by choice (``pairing=``). Every pairing is a match: each opening
twice, each agent moving first once. Pairings are independent jobs, run on
``jobs`` processes (``concurrent.futures``). The standings rate each agent by
a Bradley–Terry fit (``aisearch.matches.ratings``) with its 95 % interval.
"""

from __future__ import annotations

import concurrent.futures
import csv
import html
import json
import math
import multiprocessing
import multiprocessing.util
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...agents import REFERENCE_AGENTS, Agent
from ...matches import Played, _ask, limit_for, openings, ratings
from ..recording import _Delegated
from . import wire
from .remote import RemoteFunction, SealedStop, SealedTimeUp, Session, package_names
from .sandbox import Limits, Sandbox, SandboxError

FORFEITS = ("timeout", "crash", "illegal move", "bad output")
"""Why an agent can lose a game other than by the rules, as the standings count them."""
ROUND_ROBIN_UP_TO = 24
"""With ``pairing="auto"``, the largest field that plays a round robin; a larger one is Swiss."""
SLOT_BASE = 200
"""The first sandbox slot of a tournament (grading's slots are below)."""
LOAD_SECONDS = 20.0
"""Computing time an agent's file may take to load (its definitions, its tables)."""


@dataclass(frozen=True)
class Entrant:
    """An agent in the tournament: a student's (``cells``: its code, run sealed off) or a
    reference (``make``: a fresh agent of the package, run by the referee)."""

    name: str
    cells: tuple[str, ...] = ()
    make: Callable[[], Agent] | None = field(default=None, compare=False)

    @property
    def is_reference(self) -> bool:
        return self.make is not None


def entrants_from(submitted: Path) -> list[Entrant]:
    """The students' agents in ``submitted/<student>/tournament/``, by student, sorted.

    ``agent.py`` is taken as one cell; otherwise the one notebook (``*.ipynb``)
    there, its code cells in order. A student with neither is left out.

    Raises:
        ValueError: ``submitted`` is not a folder.
    """
    if not Path(submitted).is_dir():
        raise ValueError(f"entrants_from: submitted must be a folder, got {str(submitted)!r}")
    found = []
    for folder in sorted(Path(submitted).glob("*/tournament")):
        student, cells = folder.parent.name, _cells_in(folder)
        if cells is not None:
            found.append(Entrant(student, cells))
    return found


def _cells_in(folder: Path) -> tuple[str, ...] | None:
    script = folder / "agent.py"
    if script.is_file() and not script.is_symlink():
        return (script.read_text(errors="replace"),)
    notebooks = sorted(p for p in folder.glob("*.ipynb") if p.is_file() and not p.is_symlink())
    if len(notebooks) != 1:
        return None
    try:
        cells = json.loads(notebooks[0].read_text(errors="replace"))["cells"]
        return tuple(
            "".join(c["source"]) if isinstance(c["source"], list) else str(c["source"])
            for c in cells
            if c.get("cell_type") == "code"
        )
    except (ValueError, KeyError, TypeError):
        return ("raise ValueError('the notebook could not be read')",)


def references(names: Sequence[str] = tuple(REFERENCE_AGENTS), evaluate=None) -> list[Entrant]:
    """The reference agents ``names`` (of ``REFERENCE_AGENTS``), named ``reference: <name>``;
    ``evaluate``, if given, replaces their Isolation evaluation (Connect Four's, say)."""
    unknown = [n for n in names if n not in REFERENCE_AGENTS]
    if unknown:
        raise ValueError(
            f"references: no reference agent {unknown[0]!r}; there are {', '.join(REFERENCE_AGENTS)}"
        )
    found = []
    for name in names:
        make = REFERENCE_AGENTS[name]
        if evaluate is not None and name != "random":
            make = _with_evaluation(name, evaluate)
        found.append(Entrant(f"reference: {name}", make=make))
    return found


def _with_evaluation(name: str, evaluate) -> Callable[[], Agent]:
    from ... import agents

    makers: dict[str, Callable[..., Agent]] = {
        "greedy": agents.greedy_agent,
        "alphabeta": agents.alphabeta_agent,
        "deepening": agents.deepening_agent,
    }
    return lambda: makers[name](evaluate=evaluate)


# One student's agent in its sandbox ---------------------------------------------------


class SealedAgent:
    """A student's agent in a sandbox of its own, started when first asked, and anew
    after a move that stopped it."""

    def __init__(self, entrant: Entrant, package: dict, slot: int, limits: Limits) -> None:
        self.entrant, self.package, self.slot, self.limits = entrant, package, slot, limits
        self.sandbox: Sandbox | None = None
        self.function: RemoteFunction | None = None
        self.started = 0

    def _start(self) -> str | None:
        """Start the sandbox and load the agent; ``None``, or why it cannot play (a crash).

        Every cell runs, as grading runs a notebook: a cell that fails (one that
        plots, or calls the package, which is left out) does not stop the
        others, and the agent plays if ``agent`` is defined in the end.
        """
        self.close()
        self.started += 1
        failed = None
        try:
            self.sandbox = Sandbox(self.package, slot=self.slot, limits=self.limits).start()
            session = Session(self.sandbox)
            for source in self.entrant.cells:
                error = session.run_cell(source).get("error")
                if error and failed is None:
                    failed = (
                        f"loading the agent raised {error.get('type', 'an error')}: "
                        f"{str(error.get('message', ''))[:200]}"
                    )
            found = session.lookup("agent")
        except SandboxError as error:
            self.close()
            return f"crash (loading the agent: {error.reason})"
        if not isinstance(found, RemoteFunction):
            why = failed or "its code defines no function"
            return f"crash ({why}; no `agent(game, state, time_left)`)"
        self.function = found
        return None

    def move(self, game, state, move_time: float) -> tuple[Any, str | None]:
        """``(action, None)``, or ``(None, why the agent loses)``."""
        if self.function is None or self.sandbox is None or not self.sandbox.alive():
            if (why := self._start()) is not None:
                self.close()
                return None, why
        assert self.function is not None
        limit = limit_for(move_time)
        try:
            with self.function.limited(limit):
                action = self.function(game, state, move_time)
        except SealedTimeUp as stop:
            return None, f"timeout (it {stop.reason}; {move_time:g} s a move)"
        except SealedStop as stop:
            kind = (
                "bad output"
                if "cannot read" in stop.reason or "out of turn" in stop.reason
                else "crash"
            )
            return None, f"{kind} ({stop.reason})"
        except _Delegated as delegated:
            return None, (
                f"crash (it calls {delegated.search}, which is not in its sandbox: an agent "
                "brings every piece it uses)"
            )
        except Exception as error:  # the agent's own exception, rebuilt by the referee
            return None, f"crash ({type(error).__name__}: {str(error)[:200]})"
        if isinstance(action, wire.Opaque):
            return None, f"bad output (it returned {action!r}, not a move)"
        if action not in game.actions(state):
            return None, f"illegal move {action!r:.80}"
        return action, None

    def close(self) -> None:
        if self.sandbox is not None:
            self.sandbox.kill()
        self.sandbox, self.function = None, None


# A game, a pairing ------------------------------------------------------------------------

Mover = Callable[[Any, Any, float], tuple[Any, "str | None"]]


def play_game(
    game, seats: dict[Any, tuple[str, Mover]], state, move_time: float, opening: int
) -> Played:
    """Play one game from ``state``; ``seats`` gives each player ``(name, mover)``, where
    ``mover(game, state, move_time)`` is ``(action, None)`` or ``(None, why it loses)``."""
    first = seats[game.to_move(state)][0]
    moves: list = []
    while not game.is_terminal(state):
        player = game.to_move(state)
        name, mover = seats[player]
        action, lost = mover(game, state, move_time)
        if lost is not None:
            (winner,) = [n for p, (n, _) in seats.items() if p != player]
            return Played(opening, first, tuple(moves), winner, f"{name}: {lost}")
        state = game.result(state, action)
        moves.append(action)
    values = {name: game.utility(state, player) for player, (name, _) in seats.items()}
    best = max(values.values())
    winners = [name for name, value in values.items() if value == best]
    return Played(
        opening, first, tuple(moves), winners[0] if len(winners) == 1 else None, "game over"
    )


class Referee:
    """Plays pairings: keeps each student's sandbox between games (one referee a process)."""

    def __init__(
        self, entrants: Sequence[Entrant], game, starts: Sequence, move_time: float,
        limits: Limits, package: dict, worker: int = 0,
    ) -> None:  # fmt: skip
        self.entrants = {e.name: e for e in entrants}
        self.game, self.starts, self.move_time, self.limits = game, list(starts), move_time, limits
        self.package = package
        students = [e.name for e in entrants if not e.is_reference]
        self.slots = {n: SLOT_BASE + worker * len(students) + i for i, n in enumerate(students)}
        self.seated: dict[str, SealedAgent] = {}

    def mover(self, name: str) -> Mover:
        entrant = self.entrants[name]
        if entrant.make is not None:
            agent = entrant.make()
            return lambda game, state, move_time: _ask(agent, game, state, move_time)
        if name not in self.seated:
            self.seated[name] = SealedAgent(entrant, self.package, self.slots[name], self.limits)
        return self.seated[name].move

    def pairing(self, a: str, b: str) -> list[Played]:
        """Every opening twice, ``a`` first once and ``b`` first once."""
        played, players = [], tuple(self.game.players)
        for number, state in enumerate(self.starts):
            mover = self.game.to_move(state)
            other = players[1] if mover == players[0] else players[0]
            for first, second in ((a, b), (b, a)):
                seats = {mover: (first, self.mover(first)), other: (second, self.mover(second))}
                played.append(play_game(self.game, seats, state, self.move_time, number))
        return played

    def close(self) -> None:
        for seated in self.seated.values():
            seated.close()
        self.seated.clear()


_REFEREE: Referee | None = None


def _start_worker(counter, arguments: tuple) -> None:
    """A pool process's referee, with sandbox slots of its own; closed as the process ends."""
    global _REFEREE
    with counter.get_lock():
        counter.value += 1
        worker = counter.value
    entrants, game, starts, move_time, limits, package = arguments
    _REFEREE = Referee(entrants, game, starts, move_time, limits, package, worker=worker)
    multiprocessing.util.Finalize(None, _REFEREE.close, exitpriority=10)


def _play_pairing(a: str, b: str) -> tuple[str, str, list[Played]]:
    assert _REFEREE is not None
    return a, b, _REFEREE.pairing(a, b)


# Pairings ------------------------------------------------------------------------------


def round_robin(names: Sequence[str]) -> list[tuple[str, str]]:
    """Every pair of ``names`` once."""
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :]]


def swiss_round(
    names: Sequence[str], scores: dict[str, float], met: set[frozenset]
) -> list[tuple[str, str]]:
    """One Swiss round: by score (best first, ties in ``names``' order), each agent meets
    the next one below it it has not met yet; with an odd field the last one sits out."""
    order = sorted(names, key=lambda n: -scores.get(n, 0))
    pairs, waiting = [], list(order)
    while len(waiting) > 1:
        a = waiting.pop(0)
        b = next((x for x in waiting if frozenset((a, x)) not in met), waiting[0])
        waiting.remove(b)
        pairs.append((a, b))
    return pairs


def swiss_rounds(field_size: int) -> int:
    """The Swiss rounds for a field: enough for a clear winner, log2 of the field, plus two."""
    return math.ceil(math.log2(max(field_size, 2))) + 2


# The tournament -------------------------------------------------------------------------


@dataclass
class TournamentResult:
    """Every game of a tournament, by pairing, and what the standings need."""

    entrants: list[Entrant]
    pairing: str
    move_time: float
    starts: list
    games: list[tuple[str, str, Played]] = field(default_factory=list)
    """``(a, b, game)``: the pairing's two agents (``a`` named first), and the game."""

    def results(self) -> list[tuple[str, str, float]]:
        return [
            (a, b, 1 if g.winner == a else 0.5 if g.winner is None else 0) for a, b, g in self.games
        ]

    def forfeits(self, name: str) -> list[Played]:
        """The games ``name`` lost by a timeout, a crash, an illegal move or bad output."""
        return [g for a, b, g in self.games if name in (a, b) and g.reason.startswith(f"{name}: ")]

    def standings(self) -> list[dict]:
        """One row an agent, best rating first: the rating, its interval, the games and
        their results, and the games lost by each kind of forfeit."""
        table = ratings(self.results())
        rows: list[dict] = []
        for name, rating in table.items():
            played = [(a, b, g) for a, b, g in self.games if name in (a, b)]
            row = {
                "rank": len(rows) + 1,
                "agent": name,
                "kind": "reference" if self._entrant(name).is_reference else "student",
                "rating": round(rating.elo),
                "low": round(rating.low),
                "high": round(rating.high),
                "games": len(played),
                "won": sum(g.winner == name for _, _, g in played),
                "drawn": sum(g.winner is None for _, _, g in played),
                "lost": sum(g.winner not in (None, name) for _, _, g in played),
            }
            for kind in FORFEITS:
                row[kind] = sum(forfeit_kind(g.reason, name) == kind for _, _, g in played)
            rows.append(row)
        return rows

    def _entrant(self, name: str) -> Entrant:
        return next(e for e in self.entrants if e.name == name)

    def crosstable(self) -> dict[str, dict[str, tuple[float, int]]]:
        """``table[a][b]``: ``a``'s points against ``b``, and their games."""
        table: dict[str, dict[str, tuple[float, int]]] = {}
        for a, b, score in self.results():
            for x, y, s in ((a, b, score), (b, a, 1 - score)):
                points, games = table.setdefault(x, {}).get(y, (0.0, 0))
                table[x][y] = (points + s, games + 1)
        return table


def forfeit_kind(reason: str, name: str) -> str | None:
    """The kind of forfeit (one of ``FORFEITS``) by which ``name`` lost a game that ended
    for ``reason``; ``None`` if it did not lose it that way. A reference's crash, named
    ``error`` by ``aisearch.matches``, is a crash."""
    if not reason.startswith(f"{name}: "):
        return None
    why = reason.removeprefix(f"{name}: ")
    if why.startswith("error"):
        return "crash"
    return next((kind for kind in FORFEITS if why.startswith(kind)), None)


def run_tournament(
    entrants: Sequence[Entrant],
    game,
    *,
    move_time: float = 0.1,
    starts: Sequence | int = 2,
    pairing: str = "auto",
    rounds: int | None = None,
    jobs: int = 1,
    limits: Limits | None = None,
    seed: int = 0,
    progress: Callable[[int, int, str], None] | None = None,
) -> TournamentResult:
    """Play the tournament of ``entrants`` at ``game``: each student's agent sealed off.

    Args:
        entrants: the students' agents (``entrants_from``) and the references
            (``references``), each name once.
        move_time: the seconds each move may take (``time_left``); a move is
            stopped after ``limit_for(move_time)`` seconds of computing.
        starts: the openings each pairing plays (each twice), or how many to draw.
        pairing: ``"round robin"``, ``"swiss"``, or ``"auto"`` (a round robin up to
            ``ROUND_ROBIN_UP_TO`` agents, Swiss beyond).
        rounds: the Swiss rounds (``swiss_rounds`` of the field by default).
        jobs: the processes that play pairings at once.
        limits: the sandbox's limits (``tournament_limits(move_time)`` by default).
        progress: called with ``(pairings done, pairings in all, what happened)``.

    Raises:
        ValueError: fewer than two entrants, a name twice, a game for other than two
            players, an unknown ``pairing``, or ``move_time`` or ``jobs`` not positive.
    """
    names = [e.name for e in entrants]
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError(
            f"run_tournament needs at least two entrants, each name once: got {names!r:.200}"
        )
    if len(tuple(getattr(game, "players", ()))) != 2:
        raise ValueError(f"run_tournament needs a two-player game, got {game!r}")
    if pairing == "auto":
        pairing = "round robin" if len(names) <= ROUND_ROBIN_UP_TO else "swiss"
    if pairing not in ("round robin", "swiss"):
        raise ValueError(f"pairing must be 'round robin', 'swiss' or 'auto', got {pairing!r}")
    if not move_time > 0 or not jobs >= 1:
        raise ValueError(
            f"run_tournament needs move_time > 0 and jobs >= 1, got {move_time!r}, {jobs!r}"
        )
    if isinstance(starts, int):
        starts = openings(game, starts, seed=seed)
    result = TournamentResult(list(entrants), pairing, move_time, list(starts))
    limits = limits or tournament_limits(move_time)
    arguments = (list(entrants), game, list(starts), move_time, limits, package_names())
    if pairing == "round robin":
        schedule = [round_robin(names)]
    else:
        schedule = [[]] * (rounds or swiss_rounds(len(names)))
    total = (
        sum(len(r) for r in schedule)
        if pairing == "round robin"
        else len(schedule) * (len(names) // 2)
    )
    done = 0
    play = _pool(jobs, arguments)
    try:
        met: set[frozenset] = set()
        for planned in schedule:
            pairs = planned or swiss_round(names, _scores(result), met)
            for a, b, played in play(pairs):
                met.add(frozenset((a, b)))
                result.games += [(a, b, g) for g in played]
                done += 1
                if progress is not None:
                    progress(done, total, _told(a, b, played))
    finally:
        play.close()
    return result


def tournament_limits(move_time: float) -> Limits:
    """The sandbox's limits for a tournament at ``move_time`` a move: grading's, with waiting
    cut to the move's limit (a sleeping agent is stopped soon) and no overall deadline."""
    return Limits(
        idle_seconds=max(0.5, limit_for(move_time)),
        cell_seconds=LOAD_SECONDS,
        total_seconds=7 * 24 * 3600.0,
        memory_bytes=2**30,
        memory_total=2**30,
        processes=16,
    )


def _scores(result: TournamentResult) -> dict[str, float]:
    scores: dict[str, float] = {}
    for a, b, score in result.results():
        scores[a] = scores.get(a, 0) + score
        scores[b] = scores.get(b, 0) + 1 - score
    return scores


def _told(a: str, b: str, played: list[Played]) -> str:
    points = sum(1 if g.winner == a else 0.5 if g.winner is None else 0 for g in played)
    text = f"{a} {points:g}–{len(played) - points:g} {b}"
    lost = [g.reason for g in played if g.reason != "game over"]
    return text + (f"; forfeits: {'; '.join(lost)[:200]}" if lost else "")


class _Pool:
    """Plays a round's pairings: here (one job), or on a pool of processes."""

    def __init__(self, jobs: int, arguments: tuple) -> None:
        self.jobs = jobs
        if jobs == 1:
            self.referee: Referee | None = Referee(*arguments)
            self.executor = None
        else:
            self.referee = None
            context = multiprocessing.get_context("fork")
            counter = context.Value("i", 0)
            self.executor = concurrent.futures.ProcessPoolExecutor(
                jobs, mp_context=context, initializer=_start_worker, initargs=(counter, arguments)
            )

    def __call__(self, pairs: list[tuple[str, str]]):
        if self.referee is not None:
            for a, b in pairs:
                yield a, b, self.referee.pairing(a, b)
            return
        assert self.executor is not None
        futures = [self.executor.submit(_play_pairing, a, b) for a, b in pairs]
        for future in concurrent.futures.as_completed(futures):
            yield future.result()

    def close(self) -> None:
        if self.referee is not None:
            self.referee.close()
        if self.executor is not None:
            self.executor.shutdown()


def _pool(jobs: int, arguments: tuple) -> _Pool:
    return _Pool(jobs, arguments)


# What the instructor reads ---------------------------------------------------------------

COLUMNS = ("rank", "agent", "kind", "rating", "low", "high", "games", "won", "drawn", "lost",
           *FORFEITS)  # fmt: skip


def write_standings(result: TournamentResult, folder: Path) -> dict[str, Path]:
    """Write ``standings.csv``, ``standings.html`` and ``games.json`` into ``folder``.

    The CSV has a row an agent (``COLUMNS``: the rating and its 95 % interval
    on the Elo scale, the games, and the games lost by each kind of forfeit);
    the page shows it, the crosstable and every forfeit with its reason;
    ``games.json`` holds every game's start and moves, for a board to replay.
    """
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    rows = result.standings()
    paths = {
        "csv": folder / "standings.csv",
        "html": folder / "standings.html",
        "games": folder / "games.json",
    }
    with open(paths["csv"], "w", newline="") as out:
        writer = csv.DictWriter(out, COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    paths["html"].write_text(_page(result, rows))
    games = [
        {
            "pairing": [a, b],
            "first": g.first,
            "opening": g.opening,
            "start": wire.encode(result.starts[g.opening]),
            "moves": [wire.encode(m) for m in g.moves],
            "winner": g.winner,
            "reason": g.reason,
        }
        for a, b, g in result.games
    ]
    paths["games"].write_text(json.dumps(games))
    return paths


def _page(result: TournamentResult, rows: list[dict]) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(c)}</th>" for c in COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(str(row[c]))}</td>" for c in COLUMNS) + "</tr>" for row in rows
    )
    names = [row["agent"] for row in rows]
    cross = result.crosstable()
    cross_head = "".join(f"<th>{esc(n)}</th>" for n in names)
    cross_body = ""
    for a in names:
        cells = []
        for b in names:
            points, games = cross.get(a, {}).get(b, (None, 0))
            cells.append(f"<td>{'' if points is None else f'{points:g}/{games}'}</td>")
        cross_body += f"<tr><th>{esc(a)}</th>{''.join(cells)}</tr>"
    forfeits = "".join(
        f"<li>{esc(a)} – {esc(b)}, opening {g.opening + 1}, {esc(g.first)} first: "
        f"{esc(g.reason)}</li>"
        for a, b, g in result.games
        if g.reason != "game over"
    )
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Tournament standings</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #999;padding:0.2em 0.5em;text-align:right}}</style></head>
<body><h1>Tournament standings</h1>
<p>{len(result.games)} games, {esc(result.pairing)}, {result.move_time:g} s a move,
{len(result.starts)} openings a pairing, each played twice. Ratings: a Bradley–Terry fit
on the Elo scale (0 is the field's mean) with its 95 % interval.</p>
<table><tr>{head}</tr>{body}</table>
<h2>Crosstable (points of the row's agent / games)</h2>
<table><tr><th></th>{cross_head}</tr>{cross_body}</table>
<h2>Forfeits</h2><ul>{forfeits or "<li>none</li>"}</ul>
</body></html>
"""


def print_progress(done: int, total: int, text: str) -> None:
    """A line a pairing on standard error: how far, and what happened."""
    print(f"[{done:>{len(str(total))}}/{total}] {text}", file=sys.stderr, flush=True)
