"""The words of a trace: one sentence per step, and how values and moves are written.

``Trace.sentence(step)`` and the frames' sentences come from ``sentence``
here; the viewer and the figures write values with ``format_value``,
``bound_text`` and ``format_probability``, and moves with ``move_text`` (as
the game's board names them, when the game says how), so that a picture, its
sentence and the board always agree.
"""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import Any

from .game import optional
from .tracing import (
    CHANCE_STEP,
    CUTOFF,
    ENTER,
    EXACT,
    EXIT,
    LEAF,
    LOWER,
    SYMMETRY_HIT,
    SYMMETRY_NARROWED,
    TABLE_KINDS,
    TABLE_NARROWINGS,
    UPDATE,
    UPPER,
    Event,
)

SYMMETRIC_KINDS = (SYMMETRY_HIT, SYMMETRY_NARROWED)


def sentence(trace, step: int) -> str:
    """One sentence that explains what happened at ``step``."""
    e = trace.events[step]
    name = trace.label(e.node)
    if e.players:
        return _vector_sentence(trace, e, name)
    who = e.role.upper()
    win = _window_text(e.alpha, e.beta)
    if e.kind == ENTER:
        if e.parent is None and e.role == "chance":
            return (
                f"Start at {name}, a chance node: find what MAX can expect on "
                f"average{'; ' + win if win else ''}."
            )
        if e.parent is None:
            goal = "the most" if e.role == "max" else "the least"
            hope = "expect" if _has_chance(trace) else "be sure of"
            return (
                f"Start at {name}, a {who} node: find {goal} MAX can {hope}"
                f"{'; ' + win if win else ''}."
            )
        return (
            f"Enter {name} ({who}) by {_by(trace.game, e.action)} from "
            f"{trace.label(e.parent)}{', with ' + win if win else ''}."
            f"{_noisy_text(e)}"
        )
    if e.kind == LEAF:
        if e.reason is not None:
            return f"{name} is not searched: {e.reason}, so it is worth {_bounded(e)}."
        return f"{name} {_leaf_text(e)} {format_value(e.value)}."
    if e.kind == UPDATE:
        bound = ""
        if e.alpha is not None:
            bound = (
                f"; α = {format_value(e.alpha)}"
                if e.role == "max"
                else f"; β = {format_value(e.beta)}"
            )
        source = f" from {trace.label(e.child)}" if e.child is not None else ""
        kind = trace.value_kinds().get(e.child, EXACT) if e.child is not None else EXACT
        return f"{name} takes {bound_text(e.value, kind)}{source} as its best so far{bound}."
    if e.kind in TABLE_KINDS:
        return _table_sentence(trace, e, name)
    if e.kind == CHANCE_STEP:
        child = trace.label(e.child) if e.child is not None else "?"
        kind = trace.value_kinds().get(e.child, EXACT)
        return (
            f"{name} weighs {child}'s {bound_text(e.value, kind)} by its probability "
            f"{format_probability(e.probability)}: the sum so far is {format_value(e.total)}."
        )
    if e.kind == CUTOFF:
        skipped = _skipped_text(trace, e)
        if e.role == "chance":
            if e.alpha is not None and e.value is not None and e.value <= e.alpha:
                why = (
                    f"whatever the other outcomes bring, its average is at most "
                    f"{format_value(e.value)} ≤ α = {format_value(e.alpha)}"
                )
            else:
                why = (
                    f"whatever the other outcomes bring, its average is at least "
                    f"{format_value(e.value)} ≥ β = {format_value(e.beta)}"
                )
            return f"Cutoff at {name}: {why}. Skip {skipped}."
        if e.parent is None:  # the root's own window (a null window, say) is answered
            if e.role == "max":
                why = (
                    f"its value {format_value(e.value)} ≥ β = {format_value(e.beta)}: the "
                    f"search only asked whether it reaches {format_value(e.beta)}, and it does"
                )
            else:
                why = (
                    f"its value {format_value(e.value)} ≤ α = {format_value(e.alpha)}: the "
                    f"search only asked whether it stays above {format_value(e.alpha)}, and it does not"
                )
        elif e.role == "max":
            why = (
                f"its value {format_value(e.value)} ≥ β = {format_value(e.beta)}: MIN above "
                "already has a better choice and will never let play reach it"
            )
        else:
            why = (
                f"its value {format_value(e.value)} ≤ α = {format_value(e.alpha)}: MAX above "
                "already has a better choice and will never let play reach it"
            )
        return f"Cutoff at {name}: {why}. Skip {skipped}."
    if e.kind == EXIT:
        return _exit_sentence(trace, e, name)
    return f"{e.kind} at {name}."


def _exit_sentence(trace, e: Event, name: str) -> str:
    """What a node returns, and whether it is its exact value or a bound."""
    kind = trace.value_kinds().get(e.node, EXACT)
    value = bound_text(e.value, kind)
    if e.parent is None:
        done = f"Done: {name} is worth {value} to MAX"
    else:
        done = f"{name} is done and returns {value} to {trace.label(e.parent)}"
    if kind == UPPER:
        return f"{done}: it is worth at most {format_value(e.value)}, a bound."
    if kind == LOWER:
        return f"{done}: it is worth at least {format_value(e.value)}, a bound."
    step = trace.nodes()[e.node].entered
    entered = trace.events[step] if step is not None else e
    alpha, beta, v = entered.alpha, entered.beta, e.value
    if alpha is not None and beta is not None and v is not None and not alpha < v < beta:
        # Outside its window, yet proved: say why, lest it be read as a bound.
        return f"{done}, its exact value: {_why_exact(trace, e, step)}."
    return f"{done}."


def _why_exact(trace, e: Event, entered: int | None) -> str:
    """Why a node that returned a value outside its window is exact (see
    ``value_kinds``)."""
    narrowed = [
        t
        for t in trace.events[entered or 0 : e.step]
        if t.node == e.node and t.kind in TABLE_NARROWINGS
    ]
    if narrowed and narrowed[-1].alpha < e.value < narrowed[-1].beta:
        return (
            f"it lies inside the window {_window_text(narrowed[-1].alpha, narrowed[-1].beta)} "
            "that the table's bound narrowed its search to"
        )
    if e.role == "chance":
        return "every outcome was searched, and each came back exact"
    if e.bound == EXACT:  # the search said so: its bound is all the position can still reach
        return "no value beyond it is still possible here, so the bound is the value"
    start = trace.events[entered] if entered is not None else e
    if start.horizon is not None and start.depth >= start.horizon:
        return (
            "it searched every one of its noisy moves (the only ones it searches), "
            "and none of them can change it"
        )
    return "every child was searched, the best of them is exact, and no other can beat it"


def _vector_sentence(trace, e: Event, name: str) -> str:
    """A sentence for a step of a search of more than two players (max^n)."""
    who = e.role
    if e.kind == ENTER:
        if e.parent is None:
            return (
                f"Start at {name}, where {who} moves: every player picks the child "
                f"best for itself; find the value vector {_players_text(e.players)}."
            )
        return (
            f"Enter {name} ({who} to move) by {_by(trace.game, e.action)} from "
            f"{trace.label(e.parent)}."
        )
    if e.kind == LEAF:
        what = "is terminal: utilities" if e.terminal else "is at the depth limit: evaluations"
        return f"{name} {what} {format_value(e.value)}."
    if e.kind == UPDATE:
        mine = _entry(e.value, e.players, who)
        source = f" from {trace.label(e.child)}" if e.child is not None else ""
        return (
            f"{name} takes {format_value(e.value)}{source} as its best so far: "
            f"{who} gets {format_value(mine)}."
        )
    if e.kind == CUTOFF:
        skipped = _skipped_text(trace, e)
        mine = _entry(e.value, e.players, who)
        if e.alpha is None:
            why = (
                f"{who} already has {format_value(mine)} = max_sum, the most anyone "
                "can get (immediate pruning)"
            )
        else:
            # A shallow cut always has a parent: the bound (alpha) comes from it.
            parent = e.parent if e.parent is not None else e.node
            why = (
                f"{who} is sure of {format_value(mine)} here, so "
                f"{trace.nodes()[parent].role} at {trace.label(parent)} "
                f"gets at most {format_value(e.beta)} − {format_value(mine)} = "
                f"{format_value(e.beta - mine)} from it, no more than the "
                f"{format_value(e.alpha)} it already has (shallow pruning)"
            )
        return f"Cutoff at {name}: {why}. Skip {skipped}."
    if e.kind == EXIT:
        if e.parent is None:
            return f"Done: {name} is worth {format_value(e.value)} {_players_text(e.players)}."
        return f"{name} is done and returns {format_value(e.value)} to {trace.label(e.parent)}."
    return f"{e.kind} at {name}."


def _table_sentence(trace, e: Event, name: str) -> str:
    """A sentence for a step of the table's: an answer or a narrowed window."""
    where = (
        "the table, under a rotated or mirrored copy," if e.kind in SYMMETRIC_KINDS else "the table"
    )
    v = format_value(e.value)
    if e.kind in TABLE_NARROWINGS:
        if e.bound == "lower":
            return (
                f"{name} is in {where} worth at least {v}: "
                f"α rises to {format_value(e.alpha)} before its children are searched."
            )
        return (
            f"{name} is in {where} worth at most {v}: "
            f"β falls to {format_value(e.beta)} before its children are searched."
        )
    if e.bound == "lower":
        return (
            f"{name} is in {where} worth at least {v} ≥ β = {format_value(e.beta)}: "
            "MIN above will avoid it, so it is cut without a search."
        )
    if e.bound == "upper":
        return (
            f"{name} is in {where} worth at most {v} ≤ α = {format_value(e.alpha)}: "
            "MAX above will avoid it, so it is cut without a search."
        )
    return f"{name} is in {where} with the exact value {v}: it is not searched again."


def _bounded(e: Event) -> str:
    """A leaf's value, as ``at most 3`` or ``at least 3`` if it is only a bound."""
    if e.bound == UPPER:
        return f"at most {format_value(e.value)}"
    if e.bound == LOWER:
        return f"at least {format_value(e.value)}"
    return format_value(e.value)


def _has_chance(trace) -> bool:
    """Whether the trace holds chance nodes (then values are expectations)."""
    return any(e.role == "chance" or e.kind == CHANCE_STEP for e in trace.events)


def format_value(x) -> str:
    """A value as sentences and figures write it: 3, 0.333, −2, +∞, −∞.

    A vector of values (a tuple, one entry per player) is written compactly,
    ``(3,3,3)``; anything else with ``str``.

    >>> [format_value(v) for v in (3, 2.0, 1 / 3, -2, float("inf"), -float("inf"), None)]
    ['3', '2', '0.333', '−2', '+∞', '−∞', '']
    >>> format_value((3, 0.5, -2))
    '(3,0.5,−2)'
    """
    if x is None:
        return ""
    if isinstance(x, tuple):
        return "(" + ",".join(format_value(v) for v in x) + ")"
    if isinstance(x, float):
        if math.isinf(x):
            return "+∞" if x > 0 else "−∞"
        text = str(int(x)) if x.is_integer() else f"{x:.3g}"
    elif isinstance(x, int):
        text = str(x)
    else:
        return str(x)
    return text.replace("-", "−")


BOUND_SIGNS: dict[str, str] = {UPPER: "≤", LOWER: "≥"}
"""How a value that is only a bound is written: ``≤2`` is at most 2."""


def bound_text(value, kind: str = EXACT) -> str:
    """A value as ``format_value`` writes it, with ``≤`` or ``≥`` if it is an
    upper or lower bound.

    >>> bound_text(2, "upper"), bound_text(-1.5, "lower"), bound_text(3)
    ('≤2', '≥−1.5', '3')
    """
    return BOUND_SIGNS.get(kind, "") + format_value(value)


def format_probability(p) -> str:
    """A probability as sentences and chance edges write it: a simple fraction
    if it is one (denominator at most 12, to within 1e-9), else as ``format_value``.

    A die's 1/3 is stored as 0.333...; written as a fraction it reads as the
    rules of the game say it.

    >>> [format_probability(p) for p in (1 / 3, 1 / 6, 2 / 3, 0.5, 1.0, 0.9, 0.35, 0.123456)]
    ['1/3', '1/6', '2/3', '1/2', '1', '9/10', '0.35', '0.123']
    >>> format_probability(Fraction(5, 12))
    '5/12'
    """
    fraction = Fraction(p).limit_denominator(12)
    if abs(fraction - p) <= 1e-9:
        return str(fraction)
    return format_value(float(p))


def _entry(vector, players: tuple, player: str):
    """``player``'s entry of a value vector."""
    return vector[players.index(player)]


def _players_text(players: tuple) -> str:
    """``for (P1, P2, P3)``: the order of a vector's entries, said once."""
    return "for (" + ", ".join(players) + ")"


def _where_text(e: Event) -> str:
    """Where a quiescence node lies: ``at the depth limit (ply 2)`` or
    ``past the horizon (ply 3, depth limit 2)``."""
    if e.horizon is not None and e.depth > e.horizon:
        return f"past the horizon (ply {e.depth}, depth limit {e.horizon})"
    return f"at the depth limit (ply {e.depth})"


def _noisy_text(e: Event) -> str:
    """What an entered node's noise means, in a quiescence search; else nothing."""
    if e.horizon is None or not e.noisy:
        return ""
    noise = "and still noisy" if e.depth > e.horizon else "but noisy"
    return f" It is {_where_text(e)} {noise}: only its noisy moves are searched."


def _leaf_text(e: Event) -> str:
    """Why a leaf is a leaf: ``is terminal: utility``, ``is at the depth limit:
    evaluation``; in a quiescence search also whether it is past the horizon,
    and quiet or (at the extension limit) still noisy."""
    if e.horizon is None:
        return "is terminal: utility" if e.terminal else "is at the depth limit: evaluation"
    if e.terminal:
        past = f", {_where_text(e)}" if e.depth > e.horizon else ""
        return f"is terminal{past}: utility"
    if e.noisy:
        return (
            f"is {_where_text(e)} and still noisy, but max_extension allows no more "
            "plies: evaluation"
        )
    return f"is {_where_text(e)} and quiet: evaluation"


def _window_text(alpha, beta) -> str:
    if alpha is None:
        return ""
    return f"α = {format_value(alpha)}, β = {format_value(beta)}"


def move_text(game: Any, action: Any, *, short: bool = False) -> str:
    """A move as sentences, menus and pictures write it.

    A game that offers ``move_name(action)`` (an optional member) names its
    moves as its board does, counted from 1: Connect Four's column 2 (0-based)
    is ``"column 3"``, tic-tac-toe's cell ``(2, 1)`` is ``"row 3, column 2"``.
    ``short`` keeps only the numbers, as a node's path and a tree's edges
    write moves: ``"3"``, ``"3,2"``. Any other game's move is written as it
    is: a string as such, anything else by its ``repr`` (short: a cell's
    parts joined, ``"2,1"``).

    >>> from aisearch.games import ConnectFour, TicTacToe
    >>> move_text(ConnectFour(), 2), move_text(ConnectFour(), 2, short=True)
    ('column 3', '3')
    >>> move_text(TicTacToe(), (2, 1)), move_text(TicTacToe(), (2, 1), short=True)
    ('row 3, column 2', '3,2')
    >>> move_text(None, (2, 1)), move_text(None, (2, 1), short=True), move_text(None, "a1")
    ('(2, 1)', '2,1', 'a1')
    """
    if action is None:
        return ""
    name = optional(game, "move_name") if game is not None else None
    if callable(name):
        text = str(name(action))
        if short:
            numbers = re.findall(r"\d+", text)
            return ",".join(numbers) if numbers else text
        return text
    if short and type(action) is tuple:  # a cell; a named tuple (a die's Roll) writes itself
        return ",".join(str(part) for part in action)
    return action if isinstance(action, str) else (str(action) if short else repr(action))


def _by(game: Any, action: Any) -> str:
    """How a sentence says the move that entered a node: ``column 3``, or
    ``action a1`` for a game that does not name its moves."""
    if callable(optional(game, "move_name") if game is not None else None):
        return move_text(game, action)
    return f"action {move_text(game, action)}"


def _skipped_text(trace, e: Event) -> str:
    """The children a cutoff skipped, named as the trace names nodes."""
    names = [
        trace.label_state(state, e.node, action)
        for state, action in zip(e.skipped_states, e.skipped, strict=False)
    ]
    return ", ".join(names) or "nothing"
