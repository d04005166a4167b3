"""Notebook 06's check: four in a row on a Connect Four bitboard.

Hand-made lines and near misses, then the stones of seeded random games on
two board sizes; a wrong answer is drawn, with the direction of the missed
four or the step where | (or) stands for & (and).
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable

from ..games.connect4 import ConnectFour
from .cases import _chosen_cases
from .checking import (
    FAIL,
    CheckResult,
    _agrees_everywhere,
    _bool_problem,
    _call,
    _failure_for_exception,
    _is_number,
    _name,
    _not_a_function,
    _passed,
    _plural,
    _Raised,
)
from .guard import TIME_LIMIT, _guarded, _trying
from .unaided import _unaided


def _four_cases() -> list:
    """``(case name, bits, width, height)``: one player's stones, seeded, on two boards.

    Hand-made lines in the four directions and near misses (three in a row,
    a gap, a line that would need the spare bit on top of a column), then
    both players' stones along seeded random games on 7x6 and 5x4 boards.
    """

    game = ConnectFour()
    cell = game.cell
    cases: list[tuple] = [
        ("vertical four in column 1", sum(cell(0, r) for r in range(4))),
        ("horizontal four in the bottom row", sum(cell(c, 0) for c in range(2, 6))),
        ("diagonal four going up to the right", sum(cell(c, c) for c in range(4))),
        ("diagonal four going down to the right", sum(cell(c + 3, 5 - c) for c in range(4))),
        ("three in a column", sum(cell(2, r) for r in range(3))),
        ("a row of four with a gap", cell(0, 1) + cell(1, 1) + cell(3, 1) + cell(4, 1)),
        (
            "the top two cells of column 1 and the bottom two of column 2",
            cell(0, 4) + cell(0, 5) + cell(1, 0) + cell(1, 1),
        ),
        ("three on a diagonal and one off it", cell(1, 0) + cell(2, 1) + cell(3, 2) + cell(4, 2)),
    ]
    cases = [(f"7x6 board, {name}", bits, 7, 6) for name, bits in cases]
    rng = random.Random(6)
    for board in (ConnectFour(7, 6), ConnectFour(5, 4)):
        for number in range(40):
            state = board.initial_state()
            while not board.is_terminal(state):
                state = board.play(state, rng.choice(board.actions(state)))
                for player, bits in board.stones(state).items():
                    cases.append(
                        (
                            f"{board.width}x{board.height} board, random game {number + 1}, "
                            f"{player}'s stones after {_plural(state.moves, 'move')}",
                            bits,
                            board.width,
                            board.height,
                        )
                    )
    return cases


def _draw_bits(bits: int, width: int, height: int) -> str:
    rows = []
    for row in reversed(range(height)):
        rows.append(
            " ".join("#" if bits >> (c * (height + 1) + row) & 1 else "." for c in range(width))
        )
    return "\n".join(rows)


def _fours_by_direction(bits: int, height: int) -> list[str]:
    names = {
        1: "vertical",
        height + 1: "horizontal",
        height: "diagonal going down to the right",
        height + 2: "diagonal going up to the right",
    }
    found = []
    for shift, name in names.items():
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> (2 * shift)):
            found.append(name)
    return found


def _four_shifts(height: int) -> str:
    """The four shifts spelled out for the board at hand (a hard-coded 7 fails on 5x4)."""
    return (
        f"here height = {height}: shifts 1 (vertical), {height + 1} (horizontal, "
        f"height + 1), {height} and {height + 2} (the diagonals, height and height + 2)"
    )


def _four_with(bits: int, height: int, first, second) -> bool:
    """Four in a row with the two steps' operators given: ``operator.and_`` is right."""
    for shift in (1, height + 1, height, height + 2):
        pairs = first(bits, bits >> shift)
        if second(pairs, pairs >> 2 * shift):
            return True
    return False


_FOUR_SLIPS = {  # (first step, second step) -> the hint, when every answer agrees
    (operator.or_, operator.and_): (
        "Hint: your answers are those of | (or) in the first step: bits | (bits >> shift) "
        "keeps a stone whether or not its neighbour is one, so two stones on a line with a "
        "gap already count. Use & (and): bits & (bits >> shift) marks a stone whose neighbour "
        "at the shift is a stone too, a pair."
    ),
    (operator.and_, operator.or_): (
        "Hint: your answers are those of | (or) in the second step: pairs | (pairs >> 2 * "
        "shift) is true as soon as there is one pair, so two in a row already count. Use & "
        "(and): a pair, and another pair 2 * shift further along, make four."
    ),
    (operator.or_, operator.or_): (
        "Hint: your answers are those of | (or) in both steps: any stone at all counts as "
        "four. Use & (and) in both: bits & (bits >> shift) finds pairs, and pairs & (pairs "
        ">> 2 * shift) pairs of pairs."
    ),
}


@_guarded("four_in_a_row")
def check_four_in_a_row(fn: Callable, *, cases=None, time_limit: float = TIME_LIMIT) -> CheckResult:
    """Check ``fn(bits, height) -> bool``: whether one player's stones hold four in a row.

    ``bits`` uses the Connect Four bitboard layout (column by column from the
    bottom, ``height + 1`` bits per column, the top one always empty). The
    cases: hand-made lines and near misses, then both players' stones along
    seeded random games on 7x6 and 5x4 boards. A wrong answer is shown with
    the stones drawn and, for a missed four, the direction it runs in; answers
    that are all those of | (or) where & (and) belongs are told which step.
    ``fn`` may not call the package's ``has_four`` (nor the game's methods
    that use it, nor any function of the package outside the games): the
    message says to write the shifts.

    ``cases``, if given, replaces them: a dict ``{name: (bits, width,
    height)}`` or a list of such triples (named ``"board 1"``, ...), one
    player's stones on a ``width`` x ``height`` board.

    >>> from aisearch.games import ConnectFour
    >>> column = sum(ConnectFour().cell(0, row) for row in range(4))
    >>> print(check_four_in_a_row(lambda bits, height: False, cases=[(column, 7, 6)]))
    ... # doctest: +ELLIPSIS
    ✗ four_in_a_row: on the board 1, expected True, `<lambda>` returned False. The stones ...
    ...
    (a case given to the check: board 1; to try it yourself: (15, 7, 6))

    Raises:
        ValueError: ``cases`` is empty, or holds something other than a
            ``(bits, width, height)`` board (the message names the bad entry).
    """

    exercise = "four_in_a_row"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    chosen = _chosen_cases(
        cases,
        lambda: {name: (bits, width, height) for name, bits, width, height in _four_cases()},
        _board_problem,
        unnamed="board",
    )
    cases = [(name, *board) for name, board in chosen.items()]
    unaided = _unaided(fn, exercise)  # calling the package's has_four fails the check
    for case, bits, width, height in cases:
        _trying(case)
        try:
            got = _call(unaided, bits, height)
        except _Raised as raised:
            return _failure_for_exception(exercise, fn, raised.error, case)
        expected = ConnectFour(width, height).has_four(bits)
        if (problem := _bool_problem(exercise, fn, got, case, expected)) is not None:
            return problem
        if bool(got) != expected:
            lines = [
                f"{FAIL} {exercise}: on the {case}, expected {expected}, "
                f"`{_name(fn)}` returned {got!r}. The stones (# = stone, top row first):",
                _draw_bits(bits, width, height),
            ]
            calls = [(bits, height) for _, bits, _, height in cases]
            slip = next(
                (
                    hint
                    for (first, second), hint in _FOUR_SLIPS.items()
                    if _agrees_everywhere(
                        fn,
                        calls,
                        lambda b, h, first=first, second=second: _four_with(b, h, first, second),
                    )
                ),
                None,
            )
            if slip is not None:
                lines.append(slip)
            elif expected:
                lines.append(
                    "Hint: the four here is "
                    + " and ".join(_fours_by_direction(bits, height))
                    + "; "
                    + _four_shifts(height)
                    + "."
                )
            else:
                lines.append(
                    "Hint: there is no four here. Shift by 2 * shift in the second "
                    "step (pairs of pairs), and use the spare bit: a column has "
                    f"height + 1 bits ({_four_shifts(height)})."
                )
            return CheckResult(exercise, False, "\n".join([*lines, *chosen.look_at(case)]))
    if chosen.given:
        return _passed(exercise, f"right on all {_plural(len(cases), 'board')}.")
    return _passed(exercise, f"right on all {len(cases)} boards, in all four directions.")


def _board_problem(board) -> str | None:
    """What is wrong with a case of ``check_four_in_a_row`` (``None`` if nothing)."""
    if not (
        isinstance(board, tuple)
        and len(board) == 3
        and all(_is_number(x) and int(x) == x for x in board)
    ):
        return "not a (bits, width, height) triple of whole numbers"
    bits, width, height = (int(x) for x in board)
    try:
        game = ConnectFour(width, height)
    except ValueError as error:
        return f"not a board the check knows: {error}"
    if bits < 0:
        return "not a board: bits must be >= 0"
    on_board = sum(game.cell(c, r) for c in range(width) for r in range(height))
    if bits & ~on_board:
        return (
            f"with stones off the {width}x{height} board (or on the spare bit above a column): "
            "the bits are not a board's"
        )
    return None
