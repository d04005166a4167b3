"""make tournament: every student's agent against the others and the references, sealed off.

Each student's agent is in ``submitted/<student>/tournament/``: ``agent.py``
defining ``agent(game, state, time_left)``, or the project notebook whose code
cells define it. Each runs in a sandbox of its own (grading's), the referee in
this process; the standings go to ``tournament/standings.csv``,
``tournament/standings.html`` and every game to ``tournament/games.json``
(``aisearch.exercises.sealed.arena`` says how).

    python tools/tournament.py [--game isolation|connect4] [--move-time 0.1]
        [--openings 2] [--pairing auto|round-robin|swiss] [--rounds N] [--jobs N]
        [--references random,greedy,alphabeta,deepening]
        [--submitted submitted] [--out tournament]
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from aisearch.agents import REFERENCE_AGENTS
from aisearch.exercises.sealed.arena import (
    entrants_from,
    print_progress,
    references,
    run_tournament,
    write_standings,
)
from aisearch.exercises.sealed.sandbox import SandboxUnavailable, bubblewrap
from aisearch.games import ConnectFour, Isolation
from aisearch.games.connect4 import threats_and_centre

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["isolation", "connect4"], default="isolation")
    parser.add_argument("--move-time", type=float, default=0.1, help="seconds a move")
    parser.add_argument("--openings", type=int, default=2, help="openings a pairing, each twice")
    parser.add_argument(
        "--pairing", choices=["auto", "round-robin", "swiss"], default="auto",
        help="auto: a round robin up to 24 agents, Swiss beyond",
    )  # fmt: skip
    parser.add_argument("--rounds", type=int, help="Swiss rounds (default: log2 of the field + 2)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="pairings at once")
    parser.add_argument("--references", default=",".join(REFERENCE_AGENTS))
    parser.add_argument("--submitted", type=Path, default=ROOT / "submitted")
    parser.add_argument("--out", type=Path, default=ROOT / "tournament")
    args = parser.parse_args(argv)
    try:
        bubblewrap()
    except SandboxUnavailable as missing:
        print(f"make tournament: {missing}", file=sys.stderr)
        return 2
    if not args.submitted.is_dir():
        print(f"make tournament: no folder {args.submitted} of submissions", file=sys.stderr)
        return 2
    students = entrants_from(args.submitted)
    if args.game == "isolation":
        game, evaluate = Isolation(7, 7), None
    else:
        game, evaluate = ConnectFour(7, 6), threats_and_centre
    chosen = [n.strip() for n in args.references.split(",") if n.strip()]
    entrants = students + references(chosen, evaluate=evaluate)
    print(
        f"{len(students)} students' agents and {len(chosen)} references, {args.game}, "
        f"{args.move_time:g} s a move, on {args.jobs} processes",
        file=sys.stderr,
    )
    result = run_tournament(
        entrants,
        game,
        move_time=args.move_time,
        starts=args.openings,
        pairing=args.pairing.replace("-", " "),
        rounds=args.rounds,
        jobs=args.jobs,
        progress=print_progress,
    )
    paths = write_standings(result, args.out)
    for row in result.standings():
        lost = ", ".join(
            f"{row[k]} {k}" for k in ("timeout", "crash", "illegal move", "bad output") if row[k]
        )
        print(
            f"{row['rank']:>3}. {row['agent']:<28} {row['rating']:+5d} "
            f"({row['low']:+d} to {row['high']:+d})  {row['won']}-{row['drawn']}-{row['lost']}"
            + (f"  lost by {lost}" if lost else "")
        )
    print(f"standings: {paths['csv']} and {paths['html']}; games: {paths['games']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
