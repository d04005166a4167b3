"""Matches between agents: both colours from every opening, forfeits kept, intervals and ratings."""

from __future__ import annotations

import math
import random
import re
import time

import pytest

from aisearch.agents import (
    REFERENCE_AGENTS,
    alphabeta_agent,
    deepening_agent,
    greedy_agent,
    random_agent,
)
from aisearch.games import ConnectFour, Isolation
from aisearch.matches import match, openings, ratings, wilson_interval

SMALL = Isolation(5, 5)


def test_wilson_interval_matches_the_formula_and_stays_in_bounds():
    # Wilson's interval is where (p_hat - p)^2 = z^2 p (1 - p) / n: the roots of
    # a quadratic in p, solved here independently of the package's closed form.
    z, n, p_hat = 1.959963984540054, 20, 14 / 20
    a, b, c = 1 + z * z / n, -(2 * p_hat + z * z / n), p_hat * p_hat
    roots = sorted((-b + s * math.sqrt(b * b - 4 * a * c)) / (2 * a) for s in (-1, 1))
    assert wilson_interval(14, 20) == pytest.approx(roots)
    assert wilson_interval(0, 10)[0] == 0 and wilson_interval(10, 10)[1] == pytest.approx(1)
    assert wilson_interval(0, 10)[1] > 0  # not empty at 0 successes
    wide, narrow = wilson_interval(7, 10), wilson_interval(700, 1000)
    assert wide[1] - wide[0] > 5 * (narrow[1] - narrow[0])
    with pytest.raises(ValueError, match="trials"):
        wilson_interval(3, 0)


def test_openings_are_different_unfinished_and_seeded():
    starts = openings(SMALL, 8, seed=3)
    assert len(set(starts)) == 8
    assert not any(SMALL.is_terminal(s) for s in starts)
    assert all(s.x is not None and s.o is not None for s in starts)  # both pieces placed
    assert starts == openings(SMALL, 8, seed=3) != openings(SMALL, 8, seed=4)


def test_every_opening_is_played_with_each_agent_first():
    result = match(SMALL, greedy_agent(), random_agent(1), starts=4, move_time=0.5)
    assert len(result.games) == 8
    for number in range(4):
        firsts = [g.first for g in result.games if g.opening == number]
        assert sorted(firsts) == ["greedy", "random"]
    assert result.wins + result.draws + result.losses == 8
    assert all(g.reason == "game over" for g in result.games)


def test_stronger_references_beat_weaker_ones():
    greedy = match(SMALL, greedy_agent(), random_agent(2), starts=6, move_time=0.5)
    searching = match(SMALL, alphabeta_agent(3), greedy_agent(), starts=6, move_time=0.5)
    assert greedy.score > 0.5 and searching.score > 0.5, (str(greedy), str(searching))


def test_the_deepening_reference_gives_its_search_a_share_of_the_time(monkeypatch):
    """How long a move takes is measured in benchmarks, not here: this checks
    the share of ``time_left`` the agent hands its search, and its move."""
    import aisearch.agents as agents

    asked = []
    real = agents.iterative_deepening

    def spy(game, state, **options):
        asked.append(options["time_limit"])
        return real(game, state, **options)

    monkeypatch.setattr(agents, "iterative_deepening", spy)
    game = Isolation()
    state = openings(game, 1, seed=0)[0]
    action = deepening_agent()(game, state, 0.2)
    assert asked == [pytest.approx(agents.SAFETY * 0.2)] and 0 < agents.SAFETY < 1
    assert action in game.actions(state)
    assert list(REFERENCE_AGENTS) == ["random", "greedy", "alphabeta", "deepening"]


def loops_forever(game, state, time_left):
    while True:
        try:
            time.sleep(0.01)
        except Exception:  # a student's catch-all must not swallow the clock
            pass


def crashes(game, state, time_left):
    return 1 / 0


def illegal(game, state, time_left):
    return (-1, -1)


@pytest.mark.parametrize(
    "agent, reason",
    [(loops_forever, "timeout"), (crashes, "error (ZeroDivisionError"), (illegal, "illegal move")],
    ids=["timeout", "crash", "illegal"],
)
def test_a_forfeit_loses_that_game_only_and_says_why(agent, reason):
    result = match(
        SMALL, agent, random_agent(0), starts=2, move_time=0.05, names=("student", "random")
    )
    assert len(result.games) == 4 and result.losses == 4
    assert all(g.reason.startswith(f"student: {reason}") for g in result.games)
    assert len(result.forfeits("student")) == 4
    assert f"lost 4 by {reason.split(' (')[0]}" in str(result)


def test_draws_count_half():
    game = ConnectFour(4, 4)  # 4 x 4 Connect Four is a draw with good play
    result = match(
        game,
        alphabeta_agent(8, evaluate=lambda g, s, p: 0),
        alphabeta_agent(8, evaluate=lambda g, s, p: 0),
        starts=1,
        move_time=5,
    )
    assert result.draws == 2 and result.score == 0.5


def simulated(strengths: dict[str, float], games: int, seed: int) -> list:
    """Results drawn from known Elo strengths, every pair ``games`` times."""
    rng, names, results = random.Random(seed), list(strengths), []
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = 1 / (1 + 10 ** ((strengths[b] - strengths[a]) / 400))
            results += [(a, b, 1 if rng.random() < p else 0) for _ in range(games)]
    return results


def test_ratings_recover_known_strengths_within_their_intervals():
    truth = {"weak": -300, "middle": 0, "strong": 300}
    table = ratings(simulated(truth, 400, seed=1))
    assert list(table) == ["strong", "middle", "weak"]
    for a in truth:
        for b in truth:
            if a < b:
                fitted = table[a].elo - table[b].elo
                error = math.hypot(table[a].high - table[a].elo, table[b].high - table[b].elo)
                assert abs(fitted - (truth[a] - truth[b])) < error, (a, b, fitted)
    assert table["middle"].games == 800


def test_an_agent_that_won_every_game_has_a_finite_rating():
    table = ratings([("a", "b", 1)] * 10 + [("b", "c", 0.5)] * 4)
    assert math.isfinite(table["a"].elo) and table["a"].elo > table["b"].elo
    assert table["b"].elo == pytest.approx(table["c"].elo, abs=60)
    with pytest.raises(ValueError, match="score"):
        ratings([("a", "b", 2)])


def test_ratings_take_whole_matches_and_print_rounded():
    one = match(SMALL, greedy_agent(), random_agent(3), starts=3, move_time=0.5)
    two = match(SMALL, alphabeta_agent(2), random_agent(4), starts=3, move_time=0.5)
    table = ratings([one, two])
    assert set(table) == {"greedy", "random", "alphabeta (depth 2)"}
    assert table["random"].games == 12
    assert re.fullmatch(
        r"[+-]\d+ \(95 % interval [+-]\d+ to [+-]\d+; 12 games\)", str(table["random"])
    )
    with pytest.raises(ValueError, match="triples or MatchResults"):
        ratings([["a", "b", 1]])


def test_forfeits_are_summed_by_cause():
    result = match(
        SMALL, crashes, random_agent(0), starts=2, move_time=0.05, names=("student", "random")
    )
    assert str(result).endswith("; lost 4 by error")
