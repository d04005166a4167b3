"""Notebook 08's checks: the UCT score, and a selection worked by hand.

``check_uct_score`` compares the student's formula with ``uct_score`` and
names the usual slip it agrees with; ``check_selection`` compares scores and
a choice worked by hand with the ``select`` event of an MCTS trace.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..mcts import uct_score

# _number and _text are the MCTS trace's own formats, so that a message writes a
# score or an action as the trace's sentences do.
from ..mcts_trace import SELECT, MCTSTrace, _number, _text
from .cases import _chosen_cases
from .checking import (
    FAIL,
    PASS,
    CheckResult,
    _call,
    _failure_for_exception,
    _is_number,
    _name,
    _not_a_function,
    _passed,
    _plural,
    _Raised,
    _same,
    _show,
    _type_problem,
)
from .guard import TIME_LIMIT, _guarded, _trying
from .unaided import _unaided

_UCT_CASES = (  # (mean, visits, parent visits, exploration)
    (0.5, 3, 10, math.sqrt(2)),
    (0.0, 1, 2, math.sqrt(2)),
    (-0.25, 4, 9, math.sqrt(2)),
    (1.0, 30, 100, 0.5),
    (0.1, 7, 7, 2.0),
    (0.3, 5, 40, 0.0),
    (-1.0, 1, 1, 1.0),
)


@_guarded("uct_score")
def check_uct_score(fn: Callable, *, cases=None, time_limit: float = TIME_LIMIT) -> CheckResult:
    """Check ``fn(mean, visits, parent_visits, exploration)`` against ``aisearch.mcts.uct_score``.

    The cases mix exploration constants (0 among them), one-visit children
    and a parent with a single visit (ln 1 = 0). On a wrong number the
    message names the first case it is wrong on and the score expected.
    It names the slip when ``fn`` agrees with one of the usual slips on
    every case: no square root, no logarithm, a 2 inside the root as well as c,
    the visits swapped, log base 10 or 2, the constant left out, fixed at √2,
    put inside the root or squared, the mean left out, negated, or the bonus
    subtracted. ``fn`` may not call the package's ``uct_score`` (nor any
    other function of the package): the message says to write the formula.

    ``cases``, if given, replaces the check's cases: a list of ``(mean,
    visits, parent_visits, exploration)`` tuples (or a dict of them by name),
    with at least one visit on each side and a constant of 0 or more.

    >>> import math
    >>> check_uct_score(lambda m, n, N, c: m + c * math.sqrt(math.log(N) / n)).passed
    True
    >>> print(check_uct_score(lambda m, n, N, c: m + math.sqrt(2 * math.log(N) / n)).message)
    ... # doctest: +ELLIPSIS
    ✗ uct_score: for a child with mean 1, 30 visits, parent 100 visits, c = 0.5, ...
    Hint: use the exploration argument; sqrt(2 ln N / n) is the c = √2 case.
    >>> no_root = check_uct_score(lambda m, n, N, c: m + c * math.log(N) / n, cases=[(0.5, 4, 100, 1.0)])
    >>> print(no_root.message.splitlines()[-1])
    Hint: the square root is missing: the bonus is c·√(ln N / n).

    Raises:
        ValueError: ``cases`` is empty, or holds something other than such a
            tuple (the message names the bad entry).
    """

    exercise = "uct_score"
    if (problem := _not_a_function(exercise, fn)) is not None:
        return problem
    chosen = _chosen_cases(
        cases,
        lambda: {f"case {i}": case for i, case in enumerate(_UCT_CASES, 1)},
        _uct_problem,
        unnamed="case",
    )
    unaided = _unaided(fn, exercise)  # calling the package's uct_score fails the check
    answers: list[tuple[tuple, float]] = []  # (case, fn's number) up to the first failure
    first_wrong = None
    for mean, visits, parent, c in chosen.values():
        case = (
            f"child with mean {_show(mean)}, {visits} visits, parent {parent} visits, c = {c:.4g}"
        )
        _trying(case)
        try:
            got = _call(unaided, mean, visits, parent, c)
        except _Raised as raised:
            if first_wrong is not None:
                break  # a wrong number came first: name the slip from the cases so far
            return _failure_for_exception(exercise, fn, raised.error, case)
        if not _is_number(got) and first_wrong is not None:
            break
        if (problem := _type_problem(exercise, fn, got, case, "")) is not None:
            return problem
        answers.append(((mean, visits, parent, c), got))
        if first_wrong is None and not _same(got, uct_score(mean, visits, parent, c)):
            first_wrong = (case, mean, visits, parent, c, got)
    if first_wrong is None:
        if chosen.given:
            return _passed(exercise, f"right on all {_plural(len(chosen), 'case')}.")
        return _passed(exercise, f"right on all {len(_UCT_CASES)} cases, exploration 0 included.")
    case, mean, visits, parent, c, got = first_wrong
    lines = [
        f"{FAIL} {exercise}: for a {case}, `{_name(fn)}` returned {_show(got)}; "
        f"the UCT score is {_show(uct_score(mean, visits, parent, c))} = {_show(mean)} + "
        f"{c:.4g} × √(ln {parent} / {visits})."
    ]
    lines.append(_uct_hint(answers))
    return CheckResult(exercise, False, "\n".join(lines))


def _uct_problem(case) -> str | None:
    """What is wrong with a case of ``check_uct_score`` (``None`` if nothing)."""
    if not (isinstance(case, tuple) and len(case) == 4 and all(_is_number(x) for x in case)):
        return "not a (mean, visits, parent_visits, exploration) tuple of numbers"
    _, visits, parent, c = case
    if visits < 1 or parent < 1 or c < 0:
        return "not a UCT case: visits and parent_visits must be at least 1, exploration >= 0"
    return None


_UCT_SLIPS = {  # hint -> the slip, as a function of (mean, visits, parent visits, c)
    "the square root is missing: the bonus is c·√(ln N / n)": lambda m, n, big_n, c: (
        m + c * math.log(big_n) / n
    ),
    "the logarithm is missing: the bonus is c·√(ln N / n), the natural log of the parent's "
    "visits N over the child's visits n": lambda m, n, big_n, c: m + c * math.sqrt(big_n / n),
    "the 2 belongs to c: √(2 ln N / n) is UCB1's bonus (Auer, Cesa-Bianchi and Fischer 2002), "
    "the same as c = √2 in this formula. With c given, the bonus is c·√(ln N / n), with no 2 "
    "inside the root": lambda m, n, big_n, c: m + c * math.sqrt(2 * math.log(big_n) / n),
    "the visits are swapped: ln of the parent's visits, divided by the child's": lambda m, n, big_n, c: (
        m + c * math.sqrt(math.log(n) / big_n)
    ),
    "use the natural logarithm, math.log, not math.log10": lambda m, n, big_n, c: (
        m + c * math.sqrt(math.log10(big_n) / n)
    ),
    "use the natural logarithm, math.log, not math.log2": lambda m, n, big_n, c: (
        m + c * math.sqrt(math.log2(big_n) / n)
    ),
    "the exploration constant c multiplies the bonus": lambda m, n, big_n, c: (
        m + math.sqrt(math.log(big_n) / n)
    ),
    "use the exploration argument; sqrt(2 ln N / n) is the c = √2 case": lambda m, n, big_n, c: (
        m + math.sqrt(2 * math.log(big_n) / n)
    ),
    "c multiplies the square root, it does not go inside it": lambda m, n, big_n, c: (
        m + math.sqrt(c * math.log(big_n) / n)
    ),
    "c multiplies the bonus once: c·√(ln N / n), not c²·√(ln N / n)": lambda m, n, big_n, c: (
        m + c * c * math.sqrt(math.log(big_n) / n)
    ),
    "the score adds the mean and the bonus": lambda m, n, big_n, c: (
        c * math.sqrt(math.log(big_n) / n)
    ),
    "the bonus is added, not subtracted: it raises the score of a move tried rarely": lambda m, n, big_n, c: (
        m - c * math.sqrt(math.log(big_n) / n)
    ),
    "the mean is already for the player choosing: add it as it is, do not negate it": lambda m, n, big_n, c: (
        -m + c * math.sqrt(math.log(big_n) / n)
    ),
}


def _uct_hint(answers: list[tuple[tuple, float]]) -> str:
    """The hint of the slip that ``fn`` agrees with on every case answered, else the formula."""
    for hint, slip in _UCT_SLIPS.items():
        if all(_same(got, slip(*case)) for case, got in answers):
            return f"Hint: {hint}."
    return "Hint: score = mean + c * math.sqrt(math.log(parent_visits) / visits)."


# A selection worked by hand, checked against an MCTS trace ----------------------

# Scores worked by hand are rounded (to two decimals, say): within this of
# MCTS's own score they count as right. Tighter, an answer rounded to what the
# message itself shows would be refused next to the same number.
BY_HAND_TOLERANCE = 0.01


def check_selection(trace: MCTSTrace, step: int, scores: dict, choice) -> CheckResult:
    """Check a selection worked by hand against the ``select`` event at ``step`` of ``trace``.

    ``scores`` maps each action at the choosing node to the UCT score its
    player gives it, ``choice`` is the action selected. Returns an
    ``CheckResult``: passed when every score is MCTS's own to within
    ``BY_HAND_TOLERANCE`` (0.01: it is worked by hand) and the choice is MCTS's own. A wrong score at a MIN node that equals
    MAX's mean plus the bonus gets the hint that MIN negates the means; a
    wrong choice with the right scores, that the highest score is taken.

    Raises:
        ValueError: if ``step`` is not a ``select`` event between a player's
            children (a chance draw has no scores).

    >>> from aisearch.games import GameTree
    >>> from aisearch.mcts import MCTSTrace, mcts
    >>> tree = GameTree.from_nested([[1, -1], [0, 0]])
    >>> trace = MCTSTrace(tree)
    >>> _ = mcts(tree, iterations=3, seed=0, tracer=trace)
    >>> select = trace.of_kind("select")[0]
    >>> print(check_selection(trace, select.step, {s.action: s.score for s in select.scores},
    ...                       select.action))
    ✓ selection: MAX at A scores a1 0.177 and a2 1.18, and selects a2, as MCTS did.
    """
    exercise = "selection"
    event = trace[step]
    if event.kind != SELECT or not event.scores:
        raise ValueError(
            f"step {step} is a {event.kind!r} event{' by chance' if event.chance else ''}"
            ": give the step of a select event at a MAX or MIN node"
        )
    assert event.parent is not None  # a selection always leaves a parent
    if (problem := _nodes_for_actions(trace, event, scores, choice)) is not None:
        return problem
    chooser = "MAX" if trace.nodes()[event.parent].role == "max" else "MIN"
    where = f"{chooser} at {trace.label(event.parent)}"
    right = {s.action: s for s in event.scores}
    answers = dict(scores) if isinstance(scores, dict) else {}
    if choice is None or not answers or any(v is None or v is ... for v in answers.values()):
        return CheckResult(
            exercise,
            False,
            "Not done yet: fill in every score and the choice, "
            "run that cell, then run this check again.",
            attempted=False,
        )
    if set(answers) != set(right):
        return CheckResult(
            exercise,
            False,
            f"{FAIL} {exercise}: give a score for each action "
            f"at {trace.label(event.parent)}: {', '.join(map(_text, right))}; "
            f"got {', '.join(map(_text, answers))}.",
        )
    parent_visits = trace.frame(step - 1).visits[event.parent]
    for action, s in right.items():
        got = answers[action]
        if (
            isinstance(got, bool)
            or not isinstance(got, (int, float))
            or abs(got - s.score) > BY_HAND_TOLERANCE
        ):
            lines = [
                f"{FAIL} {exercise}: {where} scores {_text(action)} at {_number(s.score)} = "
                f"mean for {chooser} {_number(s.mean)} + {_number(event.exploration)} × "
                f"√(ln {parent_visits} / {s.visits}); you gave {_given(got)}."
            ]
            for_max = (-s.mean if chooser == "MIN" else s.mean) + s.bonus
            if (
                chooser == "MIN"
                and isinstance(got, (int, float))
                and abs(got - for_max) <= BY_HAND_TOLERANCE
            ):
                lines.append(
                    "Hint: that is MAX's mean plus the bonus. The means under the nodes "
                    "are for MAX; MIN scores a child by minus that mean, plus the bonus."
                )
            else:
                lines.append(
                    f"Hint: score = mean for {chooser} + c·√(ln N / n), with N = "
                    f"{parent_visits} visits at {trace.label(event.parent)} and n the "
                    "child's visits."
                )
            return CheckResult(exercise, False, "\n".join(lines))
    if choice != event.action:
        return CheckResult(
            exercise,
            False,
            (
                f"{FAIL} {exercise}: the scores are right, but {where} selects {_text(event.action)}, "
                f"not {_text(choice)}.\nHint: every player takes the highest UCT score: the scores "
                f"are already from {chooser}'s point of view."
            ),
        )
    shown = " and ".join(f"{_text(a)} {_number(s.score)}" for a, s in right.items())
    return CheckResult(
        exercise,
        True,
        f"{PASS} {exercise}: {where} scores {shown}, and selects {_text(choice)}, as MCTS did.",
    )


def _given(x) -> str:
    number = isinstance(x, (int, float)) and not isinstance(x, bool)
    return f"{x:.6g}" if number else repr(x)


def _nodes_for_actions(trace, event, scores, choice):
    """A failed ``CheckResult`` if ``scores``' keys or ``choice`` name child nodes instead of actions."""
    actions = [s.action for s in event.scores]
    action_of = {trace.label(s.node): s.action for s in event.scores}
    given = (list(scores) if isinstance(scores, dict) else []) + [choice]
    named = [x for x in given if _hashable(x) and x in action_of and x not in actions]
    if not named:
        return None
    node = named[0]
    where = trace.label(event.parent)
    moves = ", ".join(f"{action_of[n]!r} leads to {n!r}" for n in action_of)
    return CheckResult(
        "selection",
        False,
        (
            f"{FAIL} selection: {node!r} is a node, not an action: at {where}, the choice and "
            f"the keys of the scores are actions ({moves}).\nHint: write {action_of[node]!r} for "
            f"{node!r}."
        ),
    )


def _hashable(x) -> bool:
    try:
        hash(x)
    except TypeError:
        return False
    return True
