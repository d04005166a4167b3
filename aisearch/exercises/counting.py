"""Notebook 00's check: counting the complete games below a state.

``check_count_games`` compares the student's count with the package's own,
and when it is wrong, says which other count it is (tree nodes, moves,
distinct positions, finished boards).
"""

from __future__ import annotations

from collections.abc import Callable

from ..counting import count_games, count_positions, count_tree_nodes
from .cases import _chosen_cases, _tic_tac_toe_cases, case_trees
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
from .guard import TIME_LIMIT, _guarded, _trying
from .recording import RecordingGame


@_guarded("count_games")
def check_count_games(fn: Callable, *, cases=None, time_limit: float = TIME_LIMIT) -> CheckResult:
    """Check ``fn(game, state) -> int``, the number of complete games from ``state``.

    Cases: tic-tac-toe positions from a finished game up to the empty board
    (255,168 games), then the textbook tree and the Pacman tree. When an
    answer is wrong, the message says whether it equals another count (tree
    nodes, distinct positions, moves, non-terminal nodes).

    ``cases``, if given, replaces them: a dict ``{name: (game, state)}`` or a
    list of ``(game, state)`` pairs (named ``"position 1"``, ...).

    >>> from aisearch.games import TicTacToe
    >>> game = TicTacToe()
    >>> def one_game(game, state):
    ...     return 1
    >>> position = game.from_rows("XOX", ".O.", "X..")
    >>> print(check_count_games(one_game, cases=[(game, position)]))
    ✗ count_games: on the position 1, expected 17 complete games, `one_game` returned 1.
    (a case given to the check: position 1; to try it yourself: (TicTacToe(), 'XOX.O.X..'))

    Raises:
        ValueError: ``cases`` is empty, or holds something other than a
            ``(game, state)`` pair (the message names the bad entry).
    """
    exercise = "count_games"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    chosen = _chosen_cases(cases, _default_cases, _position_problem, unnamed="position")
    for case, (g, state) in chosen.items():
        _trying(case)
        try:
            got = _call(fn, RecordingGame(g), state)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        problem = _type_problem(exercise, fn, got, case, "", "a whole number")
        if problem is not None:
            return problem
        expected = count_games(g, state)
        if got == expected:
            continue
        lines = [
            f"{FAIL} {exercise}: on the {case}, expected {expected:,} complete "
            f"game{'' if expected == 1 else 's'}, "
            f"`{_name(fn)}` returned {_show(got)}."
        ]
        lines += _counting_hints(g, state, got)
        return CheckResult(exercise, False, "\n".join([*lines, *chosen.look_at(case)]))
    if chosen.given:
        return _passed(exercise, f"right on all {_plural(len(chosen), 'case')}.")
    return _passed(
        exercise, f"right on all {len(chosen)} cases, including 255,168 games from the empty board."
    )


def _default_cases() -> dict:
    """The check's own cases, by name: tic-tac-toe positions, then two trees."""
    game, boards = _tic_tac_toe_cases()
    cases = {f"tic-tac-toe position '{state}' ({name})": (game, state) for name, state in boards}
    trees = case_trees()
    cases.update(
        {name: (trees[name], trees[name].root) for name in ("textbook tree", "Pacman tree")}
    )
    return cases


def _position_problem(case) -> str | None:
    """What is wrong with a case of ``check_count_games`` (``None`` if nothing)."""
    if not isinstance(case, tuple) or len(case) != 2:
        return "not a (game, state) pair"
    game = case[0]
    missing = [m for m in ("is_terminal", "actions", "result") if not hasattr(game, m)]
    if missing:
        return f"whose game has no {', '.join(missing)}: give (game, state)"
    return None


def _counting_hints(game, state, got) -> list[str]:
    nodes = count_tree_nodes(game, state)
    games = count_games(game, state)
    known = [
        (0, "Hint: a terminal state is one complete game: return 1 there, not 0."),
        (
            nodes,
            f"Hint: {got:,} is the number of nodes of the game tree (every position on "
            "every path, the start included). Count a game only where it ends, at a "
            "terminal state.",
        ),
        (
            nodes - 1,
            f"Hint: {got:,} is the number of moves in the tree (every node but the "
            "start). Count a game only where it ends, at a terminal state.",
        ),
        (
            nodes - games,
            f"Hint: {got:,} is the number of non-terminal nodes. A finished game "
            "(a terminal state) counts 1; a position counts the games below it.",
        ),
        (
            count_positions(game, state),
            f"Hint: {got:,} is the number of distinct positions (each board once). Games that "
            "reach the same board by different move orders are different games: count paths, "
            "not boards.",
        ),
        (
            _distinct_terminal_positions(game, state),
            f"Hint: {got:,} is the number of distinct finished boards: each board counted once, "
            "as a set of seen states does. Games that end on the same board by different move "
            "orders are different games: count paths, and remember nothing between them (a "
            "default argument such as `seen=set()` is also shared by every call).",
        ),
    ]
    for number, hint in known:
        if got == number:
            return [hint]
    return []


def _distinct_terminal_positions(game, state) -> int:
    """How many different terminal states can be reached from ``state``."""
    seen, stack, finished = {state}, [state], 0
    while stack:
        s = stack.pop()
        if game.is_terminal(s):
            finished += 1
            continue
        for a in game.actions(s):
            child = game.result(s, a)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return finished
