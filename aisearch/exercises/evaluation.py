"""Notebook 03's check: an evaluation function for Isolation that beats a baseline.

The student's evaluation plays a seeded tournament, one ply deep, against
``isolation_baseline`` (stay near the centre); it passes by winning at least
``EVALUATION_TO_BEAT`` of the games.
"""

from __future__ import annotations

from collections.abc import Callable

from ..evaluation import distance_to_centre
from ..games.isolation import Isolation
from ..players import depth_player, random_player
from ..tournament import tournament
from .checking import (
    FAIL,
    CheckResult,
    _call,
    _failure_for_exception,
    _name,
    _not_a_function,
    _passed,
    _plural,
    _Raised,
    _show,
    _type_problem,
)
from .guard import _guarded, _trying
from .unaided import _unaided

EVALUATION_GAMES = 150
"""Games per colour in ``check_isolation_evaluation``'s tournament."""
EVALUATION_TIME_LIMIT = 60.0
"""Seconds ``check_isolation_evaluation`` gives the evaluation (``time_limit=``): its two
tournaments take about 0.4 s each with the mobility difference on this course's machines;
an evaluation that thinks harder (a flood fill, say) may take many times that.
"""
EVALUATION_TO_BEAT = 0.58
"""The share of the games an evaluation must win against the baseline.

An evaluation as good as the baseline wins about half of the 300 games
(give or take 2.9 %, one standard error), so 58 % is a real improvement; the
mobility difference wins about 67 % (64 to 70 % over twelve independent
seeds), own moves minus twice the opponent's about 63 % (60 to 67 %).
"""


def isolation_baseline(game, state, player) -> float:
    """The baseline to beat: stay near the centre (minus the distance to it)."""

    return distance_to_centre(game, state, player)


def _against_baseline(game, evaluate):
    """``evaluate``'s row of the seeded tournament against ``isolation_baseline``."""

    players = {"yours": depth_player(1, evaluate), "baseline": depth_player(1, isolation_baseline)}
    table = tournament(players, game, games=EVALUATION_GAMES, seed=0, openings=2, progress=False)
    return table["yours"]


def _passes(row) -> bool:
    """Whether a tournament row wins the share an evaluation needs."""
    return row.wins / row.games >= EVALUATION_TO_BEAT


@_guarded("isolation evaluation")
def check_isolation_evaluation(
    fn: Callable, *, time_limit: float = EVALUATION_TIME_LIMIT
) -> CheckResult:
    """Check that ``fn(game, state, player)`` beats ``isolation_baseline`` in a seeded tournament.

    Both players look one move ahead (``depth_player(1, ...)``) on the 7 x 7
    knight board; they meet ``EVALUATION_GAMES`` times with each colour, after
    two random opening moves (seed 0). ``fn`` passes if it wins at least
    ``EVALUATION_TO_BEAT`` of the games. First, its values must be numbers
    strictly inside the utilities (``-game.win`` to ``game.win``) on sample
    positions: an evaluation must never look better than a win. A failing
    evaluation that gives X and O the same value everywhere is told that it
    ignores ``player`` (the common slip: counting for ``game.to_move(state)``);
    one that loses most games, and whose negation would pass, that its sign is
    turned round. ``fn`` may not call the package's evaluations (nor the
    game's ``evaluate``, nor any other function of the package outside the
    games' rules): the message says to count moves with ``game.moves_from``.
    """

    exercise = "isolation evaluation"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    unaided = _unaided(fn, exercise)  # calling the package's evaluations fails the check
    _trying("7 x 7 board")
    game = Isolation(7, 7)
    mover = random_player(seed=0)
    state = game.initial_state()
    samples = []  # (value for X, value for O) at each sample position
    for ply in range(12):
        values = []
        for player in game.players:
            at = f" (after {_plural(ply, 'random move')}, for {player})"
            try:
                got = _call(unaided, game, state, player)
            except _Raised as raised:
                return _failure_for_exception(exercise, fn, raised.error, "7 x 7 board", at)
            if (problem := _type_problem(exercise, fn, got, "7 x 7 board", at)) is not None:
                return problem
            values.append(got)
            if not -game.win < got < game.win:
                return CheckResult(
                    exercise,
                    False,
                    (
                        f"{FAIL} {exercise}: `{_name(fn)}` gave {_show(got)}{at}, outside the "
                        f"utilities' range ({-game.win}, {game.win}): a position would look better "
                        "than a won game (or worse than a lost one). Keep your values smaller."
                    ),
                )
        samples.append(tuple(values))
        if game.is_terminal(state):
            break
        state = game.result(state, mover(game, state))
    _trying("tournament")
    try:
        yours = _against_baseline(game, unaided)
    except Exception as error:  # the student's code: report, never crash
        return _failure_for_exception(exercise, fn, error, "tournament")
    share = yours.wins / yours.games
    summary = (
        f"`{_name(fn)}` won {yours.wins} of {yours.games} games against the baseline "
        f"(stay near the centre)"
    )
    if share >= EVALUATION_TO_BEAT:
        return _passed(exercise, f"{summary}: {share:.0%}, at least {EVALUATION_TO_BEAT:.0%}.")
    if len({x for x, o in samples}) > 1 and all(x == o for x, o in samples):
        hint = (
            f"Hint: `{_name(fn)}` gave X and O the same value in all {len(samples)} "
            "sample positions, so it ignores `player`. The value is for `player` "
            '("X" or "O"), whoever is to move: count '
            "game.moves_from(state, player), not the moves of game.to_move(state)."
        )
    elif share < 0.5 and (flipped := _negated_passes(game, unaided)) is not None:
        hint = (
            f"Hint: the sign is turned round: with its values negated, `{_name(fn)}` wins "
            f"{flipped.wins} of {flipped.games} games ({flipped.wins / flipped.games:.0%}). "
            "The search takes the move with the highest value for the player, so a higher "
            "value must mean better for `player` (for mobility: `player`'s moves minus the "
            "opponent's)."
        )
    else:
        hint = (
            "Hint: in Isolation you lose when you run out of moves. Count them: "
            "game.moves_from(state, player) lists the cells a player's piece could go to."
        )
    return CheckResult(
        exercise,
        False,
        (
            f"{FAIL} {exercise}: {summary}: {share:.0%}, and {EVALUATION_TO_BEAT:.0%} is needed. "
            + hint
        ),
    )


def _negated_passes(game, fn: Callable):
    """The tournament of ``fn`` negated against the baseline, if it passes; ``None``
    if it does not, or if ``fn`` raises in a position only that tournament
    reaches (the student's code: the hint is then left to the general one)."""
    try:
        flipped = _against_baseline(game, lambda g, state, p: -fn(g, state, p))
    except Exception:
        return None
    return flipped if _passes(flipped) else None
