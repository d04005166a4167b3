"""A class tournament, sealed (aisearch.exercises.sealed.arena): attacks stopped, forfeits told.

A synthetic class of ten agents plays the references on 5 x 5 Isolation at a
short clock: two honest agents (one prints as it plays) and eight that
attack the seal or break the rules. Each attack is sealed off and loses its
games with the right reason; the honest agents and the references rank as
they should, and the standings are written.
"""

from __future__ import annotations

import csv
import json
import os
from pathlib import Path

import pytest

from aisearch.exercises.sealed.arena import (
    FORFEITS,
    Entrant,
    entrants_from,
    forfeit_kind,
    references,
    round_robin,
    run_tournament,
    swiss_round,
    write_standings,
)
from aisearch.exercises.sealed.sandbox import bubblewrap
from aisearch.games import Isolation

MOVE_TIME = 0.05

HONEST = """
def agent(game, state, time_left):
    # One ply: leave the opponent the fewest moves, keep the most of one's own.
    me = game.to_move(state)
    other = "O" if me == "X" else "X"
    best, chosen = None, None
    for action in game.actions(state):
        after = game.result(state, action)
        value = len(game.moves_from(after, me)) - 2 * len(game.moves_from(after, other))
        if best is None or value > best:
            best, chosen = value, action
    return chosen
"""

PRINTER = """
import os, sys

def agent(game, state, time_left):
    # Prints and writes to its standard streams: they lead nowhere, the pipe is elsewhere.
    print('{"op": "returned", "value": [0, 0]}')
    sys.stderr.write("noise\\n")
    os.write(1, b'{"op": "returned", "value": [0, 0]}\\n')
    os.write(2, b"more noise\\n")
    return game.actions(state)[0]
"""

ATTACKS = {
    "reader": "def agent(game, state, time_left):\n    return open({other!r}).read()\n",
    "writer": (
        "def agent(game, state, time_left):\n"
        "    with open({planted!r}, 'w') as out:\n"
        "        out.write('written from a sandbox')\n"
        "    return game.actions(state)[0]\n"
    ),
    "sleeper": (
        "import time\n\ndef agent(game, state, time_left):\n"
        "    time.sleep(30)\n    return game.actions(state)[0]\n"
    ),
    "cheater": "def agent(game, state, time_left):\n    return (99, 99)\n",
    "crasher": "def agent(game, state, time_left):\n    return 1 / 0\n",
    "forker": (
        "import os\n\ndef agent(game, state, time_left):\n    while True:\n        os.fork()\n"
    ),
    "hog": "def agent(game, state, time_left):\n    return len(bytearray(8 * 2**30))\n",
    "jammer": (
        "import os\n\ndef agent(game, state, time_left):\n"
        "    for fd in range(3, 12):\n"
        "        try:\n            os.write(fd, b'}} not json {{\\n')\n"
        "        except OSError:\n            pass\n"
        "    return game.actions(state)[0]\n"
    ),
}

EXPECTED = {  # the attack -> the forfeit it loses every game by, and a word of its reason
    "reader": ("crash", "FileNotFoundError"),
    "writer": ("crash", "Error"),
    "sleeper": ("timeout", "waited"),
    "cheater": ("illegal move", "(99, 99)"),
    "crasher": ("crash", "ZeroDivisionError"),
    "hog": ("crash", "MemoryError"),
    "jammer": ("bad output", "cannot read"),
}


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    try:
        bubblewrap()
    except RuntimeError as missing:
        pytest.skip(str(missing))
    root = tmp_path_factory.mktemp("class")
    submitted = root / "submitted"
    planted = root / "planted.txt"
    sources = {"ada": HONEST, "printer": PRINTER}
    for name, source in ATTACKS.items():
        sources[name] = source.format(
            other=str(submitted / "ada" / "tournament" / "agent.py"), planted=str(planted)
        )
    for name, source in sources.items():
        folder = submitted / name / "tournament"
        folder.mkdir(parents=True)
        (folder / "agent.py").write_text(source)
    (submitted / "nobody" / "tournament").mkdir(parents=True)  # no agent: left out
    entrants = entrants_from(submitted) + references(("random", "deepening"))
    seen: list[tuple[int, int, str]] = []
    # What already runs under this process (another test's kernels, in a shared
    # worker) is not the tournament's to end.
    before = set(_descendants(os.getpid()))
    result = run_tournament(
        entrants,
        Isolation(5, 5),
        move_time=MOVE_TIME,
        starts=1,
        progress=lambda done, total, text: seen.append((done, total, text)),
    )
    paths = write_standings(result, root / "tournament")
    return result, paths, planted, seen, before


def _row(rows, name):
    return next(r for r in rows if r["agent"] == name)


def test_every_student_with_an_agent_plays_every_other_and_the_references(played):
    result, _, _, seen, _ = played
    names = {e.name for e in result.entrants}
    assert "nobody" not in names and {"ada", "reference: deepening"} <= names
    assert len(result.games) == 2 * len(names) * (len(names) - 1) // 2  # one opening, twice
    assert [done for done, _, _ in seen] == list(range(1, len(seen) + 1))
    assert seen[-1][1] == len(seen)  # progress counts the pairings, to the last


@pytest.mark.parametrize("attack", sorted(EXPECTED))
def test_each_attack_loses_every_game_by_its_own_forfeit(played, attack):
    result, _, _, _, _ = played
    kind, word = EXPECTED[attack]
    games = [g for a, b, g in result.games if attack in (a, b)]
    lost = [g for g in games if g.winner != attack]
    # It wins only where another attack moved first and forfeited.
    assert all(g.reason.split(":")[0] in ATTACKS for g in games if g.winner == attack)
    assert len(lost) >= len(games) // 2
    assert all(forfeit_kind(g.reason, attack) == kind for g in lost)
    assert all(word in g.reason for g in lost), lost[0].reason


def test_a_fork_bomb_is_stopped_and_loses(played):
    result, _, _, _, _ = played
    games = [g for a, b, g in result.games if "forker" in (a, b)]
    lost = [g for g in games if g.winner != "forker"]
    assert len(lost) >= len(games) // 2
    assert all(forfeit_kind(g.reason, "forker") in FORFEITS for g in lost)


def test_nothing_was_read_or_written_outside_and_nothing_outlives_the_sandboxes(played):
    result, _, planted, _, before = played
    assert not planted.exists()
    reader = [g.reason for a, b, g in result.games if g.reason.startswith("reader: ")]
    assert reader and all("No such file" in reason for reason in reader)  # ada's is not there
    # every sandbox the referee started has ended
    assert [p for p in _descendants(os.getpid()) if p not in before] == []


def _descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (its children, theirs, ...), read from /proc."""
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{parent}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{parent}/task/{task}/children") as children:
                    below = [int(c) for c in children.read().split()]
            except OSError:
                continue
            found += below
            todo += below
    return found


def test_the_printer_plays_on_and_honest_agents_rank_sensibly(played):
    result, _, _, _, _ = played
    rows = result.standings()
    assert all(_row(rows, "printer")[kind] == 0 for kind in FORFEITS)
    assert all(_row(rows, "ada")[kind] == 0 for kind in FORFEITS)
    deepening, random = _row(rows, "reference: deepening"), _row(rows, "reference: random")
    assert deepening["rating"] > random["rating"]
    assert deepening["rank"] <= 3 and _row(rows, "ada")["rank"] <= 4
    for attack in EXPECTED:
        assert _row(rows, attack)["rating"] < random["rating"]


def test_the_standings_are_written_with_ratings_and_intervals(played):
    result, paths, _, _, _ = played
    with open(paths["csv"]) as table:
        rows = list(csv.DictReader(table))
    assert [r["agent"] for r in rows] == [r["agent"] for r in result.standings()]
    assert all(int(r["low"]) <= int(r["rating"]) <= int(r["high"]) for r in rows)
    assert {"timeout", "crash", "illegal move", "bad output"} <= set(rows[0])
    page = paths["html"].read_text()
    assert "Crosstable" in page and "reference: deepening" in page and "ZeroDivisionError" in page
    games = json.loads(paths["games"].read_text())
    assert len(games) == len(result.games) and games[0]["moves"] is not None


# Pairings, without a sandbox -------------------------------------------------------------


def test_a_round_robin_pairs_each_two_once():
    assert round_robin(["a", "b", "c"]) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_a_swiss_round_pairs_by_score_and_avoids_rematches():
    scores = {"a": 3, "b": 2, "c": 2, "d": 0, "e": 1}
    assert swiss_round("abcde", scores, set()) == [("a", "b"), ("c", "e")]  # d sits out
    assert swiss_round("abcde", scores, {frozenset("ab")}) == [("a", "c"), ("b", "e")]


def test_a_tournament_refuses_what_it_cannot_play():
    game = Isolation(5, 5)
    one = [Entrant("a", ("def agent(g, s, t):\n    return None\n",))]
    with pytest.raises(ValueError, match="at least two entrants"):
        run_tournament(one, game)
    with pytest.raises(ValueError, match="pairing must be"):
        run_tournament(one * 1 + references(("random",)), game, pairing="league")
    with pytest.raises(ValueError, match="no reference agent 'perfect'"):
        references(("perfect",))
    with pytest.raises(ValueError, match="submitted must be a folder"):
        entrants_from(Path("/no/such/folder"))


def test_a_notebook_s_agent_plays_though_a_cell_fails_and_a_file_without_one_crashes(tmp_path):
    try:
        bubblewrap()
    except RuntimeError as missing:
        pytest.skip(str(missing))
    cells = [
        "from aisearch import match\nmatch()  # the package is left out: this cell fails",
        HONEST,
    ]
    notebook = {"cells": [{"cell_type": "code", "source": c} for c in cells]}
    folder = tmp_path / "submitted" / "nora" / "tournament"
    folder.mkdir(parents=True)
    (folder / "project.ipynb").write_text(json.dumps(notebook))
    empty = tmp_path / "submitted" / "ed" / "tournament"
    empty.mkdir(parents=True)
    (empty / "agent.py").write_text("x = 1\n")
    entrants = entrants_from(tmp_path / "submitted")
    assert [e.name for e in entrants] == ["ed", "nora"]
    result = run_tournament(entrants, Isolation(5, 5), move_time=MOVE_TIME, starts=1)
    assert [g.winner for _, _, g in result.games] == ["nora", "nora"]
    assert all("defines no function" in g.reason for _, _, g in result.games)
