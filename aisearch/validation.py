"""Checking what the user's code hands a search: its values and its arguments.

Students write utilities, evaluations and chance outcomes, and pass depths,
counts, flags and step numbers; a search checks each once, where it enters,
so that a bad one is named at once instead of failing (or, worse, passing)
deep inside a comparison. Each check is written here once: a real number for
every utility and evaluation (``real_value``, ``value_vector``), chance
outcomes that are a probability distribution (``check_outcomes``), and
arguments of the right kind (``check_depth``, ``require_count``,
``require_bool``, ``require_callable``, ``step_index``), hooks that can be
called (``require_hooks``) and seeds a generator takes (``require_seed``).
Every message names the culprit: the user's function (``name_of``, kept
through a wrapper by ``named_after``), the value and the state.

None of these needs a game. The checks of the game itself (its six methods,
its states, whether it is two-player zero-sum) and of an order hook are in
``aisearch.game``, which offers these too (and ``aisearch.trace`` offers
``step_index``), where the package first had them.
"""

from __future__ import annotations

import inspect
import math
import numbers
from collections.abc import Callable, Iterable, Sequence, Sized
from typing import Any, TypeVar, cast

Function = TypeVar("Function", bound=Callable[..., Any])
Outcome = TypeVar("Outcome")

PROBABILITY_TOLERANCE = 1e-9


def name_of(function: object) -> str:
    """How a message names a user's function: ``TicTacToe.utility``, ``my_eval``."""
    return getattr(function, "__qualname__", None) or repr(function)


def named_after(function: object) -> Callable[[Function], Function]:
    """A decorator: the wrapper takes ``function``'s name, so that a message
    about a value the wrapper passed on names the user's own function."""

    def rename(wrapper: Function) -> Function:
        wrapper.__qualname__ = name_of(function)
        return wrapper

    return rename


def real_value(value: Any, function: object, state: object) -> float:
    """``value``, which ``function`` (a utility or an evaluation) returned at
    ``state``, if it is a real number; ``ValueError`` naming all three if not.

    Every search checks each utility and evaluation it receives here, once, as
    it enters the search: NaN would compare false with everything and be taken
    as a win or a loss, and None, a string, a tuple or a bool would fail (or
    worse, pass) deep inside a comparison. Infinities are allowed (a proven
    win); a ``Fraction`` or a NumPy number is a real number too, and is
    returned as it is (a ``Fraction`` keeps a search's sums exact).

    >>> real_value(3, len, "s")
    3
    >>> def my_eval(game, state, player):
    ...     return float("nan")
    >>> real_value(my_eval(None, "XO.", "X"), my_eval, "XO.")
    Traceback (most recent call last):
    ...
    ValueError: my_eval returned nan at state 'XO.': a utility or an evaluation must be a real number, not NaN
    """
    if type(value) is int or (type(value) is float and value == value):
        return value  # the common case, in two cheap tests
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        what = "None" if value is None else f"a {type(value).__name__}"
        raise ValueError(
            f"{name_of(function)} returned {value!r} at state {state!r}: a utility or an "
            f"evaluation must be a real number (an int or a float), not {what}"
        )
    if math.isnan(value):
        raise ValueError(
            f"{name_of(function)} returned {value!r} at state {state!r}: a utility or an "
            "evaluation must be a real number, not NaN"
        )
    return cast(float, value)


def finite_value(value: Any, function: object, state: object, search: str) -> float:
    """``real_value``, and finite: for a search that averages utilities.

    Minimax and its kin only compare values, so an infinite utility (a
    proven win) is a value like any other there. ``search`` (Monte Carlo
    playouts, MCTS) adds them up instead, and a mean of infinities is
    infinite or NaN (``inf + -inf``): it says nothing of how often a move
    wins. So an infinite utility is refused here, naming ``function``, the
    value and the state.

    >>> def utility(state, player):
    ...     return float("inf")
    >>> finite_value(utility("end", "X"), utility, "end", "mcts")
    Traceback (most recent call last):
    ...
    ValueError: utility returned inf at state 'end': mcts averages the utilities of its playouts, ...
    """
    checked = real_value(value, function, state)
    if checked == math.inf or checked == -math.inf:
        raise ValueError(
            f"{name_of(function)} returned {value!r} at state {state!r}: {search} averages "
            "the utilities of its playouts, and a mean of infinities is infinite or NaN "
            "(inf + -inf); give a win and a loss finite values (1 and -1, say)"
        )
    return checked


def value_vector(
    game: object,
    state: object,
    value: Callable[[Any, Any], Any],
    players: Sequence[object],
) -> tuple[float, ...]:
    """The vector of ``value(state, player)`` for every player, in ``players`` order.

    ``value`` is a game's ``utility`` or ``evaluate``: if it returns a vector
    (a tuple or list) for the first player, that is the vector; otherwise it is
    asked once per player.

    Raises:
        ValueError: naming ``state``, for a vector of the wrong length or an
            entry that is not a number.

    >>> scores = {"P1": 2, "P2": 5, "P3": 3}
    >>> value_vector(None, "end", lambda s, p: scores[p], ("P1", "P2", "P3"))
    (2, 5, 3)
    >>> value_vector(None, "end", lambda s, p: (2, 5, 3), ("P1", "P2", "P3"))
    (2, 5, 3)
    """
    first = value(state, players[0])
    if isinstance(first, (tuple, list)):
        vector = tuple(first)
    else:
        vector = (first, *(value(state, p) for p in players[1:]))
    if len(vector) != len(players):
        raise ValueError(
            f"state {state!r} has the value vector {vector!r} of {len(vector)} entries, "
            f"but the game has {len(players)} players {tuple(players)!r}"
        )
    for x in vector:
        if isinstance(x, bool) or not isinstance(x, numbers.Real) or math.isnan(x):
            raise ValueError(
                f"{name_of(value)} gave state {state!r} the value vector {vector!r}: "
                f"{x!r} is not a real number"
            )
    return vector


def check_outcomes(
    state: object, outcomes: Iterable[tuple[Outcome, object]]
) -> tuple[tuple[Outcome, float], ...]:
    """Return a chance state's ``(outcome, probability)`` pairs, checked: each
    probability is a positive real number, and they sum to 1.

    Raises:
        ValueError: naming ``state``, if there are no outcomes, an outcome
            repeats, a probability is not a positive number, or they do not sum
            to 1 (within ``PROBABILITY_TOLERANCE``).

    >>> check_outcomes("roll", [(1, 0.5), (2, 0.5)])
    ((1, 0.5), (2, 0.5))
    >>> check_outcomes("roll", [(1, 0.5), (2, 0.4)])
    Traceback (most recent call last):
    ...
    ValueError: the probabilities of chance state 'roll' sum to 0.9, not 1 (to within 1e-09): [(1, 0.5), (2, 0.4)]
    """
    try:
        pairs: tuple[Any, ...] = tuple(tuple(pair) for pair in outcomes)
    except TypeError:
        raise ValueError(
            f"chance state {state!r}: the outcomes must be a list of (outcome, probability) "
            f"pairs, got {outcomes!r}"
        ) from None
    if not pairs:
        raise ValueError(f"chance state {state!r} has no outcomes")
    seen = set()
    for pair in pairs:
        if len(pair) != 2:
            raise ValueError(
                f"chance state {state!r}: {pair!r} is not an (outcome, probability) pair"
            )
        outcome, p = pair
        # Any real number: a Fraction keeps a search's sums exact.
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not float(p) > 0:
            raise ValueError(
                f"chance state {state!r} gives outcome {outcome!r} the probability {p!r}: "
                "probabilities must be positive numbers"
            )
        if outcome in seen:
            raise ValueError(f"chance state {state!r} lists outcome {outcome!r} twice")
        seen.add(outcome)
    total = sum(p for _, p in pairs)
    if abs(total - 1) > PROBABILITY_TOLERANCE:
        raise ValueError(
            f"the probabilities of chance state {state!r} sum to {total}, not 1 "
            f"(to within {PROBABILITY_TOLERANCE:g}): {[tuple(p) for p in pairs]!r}"
        )
    return pairs


def check_depth(depth: int | None, argument: str = "depth") -> None:
    """Raise ``ValueError`` unless ``depth`` is ``None`` or a non-negative int;
    the message calls it ``argument``."""
    if depth is None:
        return
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"{argument} must be None or a whole number of plies >= 0, got {depth!r}")


def require_count(value: Any, argument: str, minimum: int = 0) -> int:
    """``value`` if it is a whole number ``>= minimum`` (not a bool); else
    ``ValueError`` naming ``argument``.

    >>> require_count(1.5, "openings")
    Traceback (most recent call last):
    ...
    ValueError: openings must be a whole number >= 0, got 1.5
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{argument} must be a whole number >= {minimum}, got {value!r}")
    return value


def require_bool(value: object, argument: str) -> None:
    """Raise ``ValueError`` unless ``value`` is True or False; ``argument`` names it."""
    if not isinstance(value, bool):
        raise ValueError(f"{argument} must be True or False, got {value!r}")


def require_callable(thing: object, argument: str, shape: str) -> None:
    """Raise ``ValueError`` unless ``thing`` can be called; ``argument`` names it.

    >>> require_callable("random", "playout", "(game, state, rng) -> action")
    Traceback (most recent call last):
    ...
    ValueError: playout must be a function (game, state, rng) -> action, got 'random'
    """
    if not callable(thing):
        raise ValueError(f"{argument} must be a function {shape}, got {thing!r}")


HOOK_SHAPES = {
    "evaluate": "(game, state, player) -> float",
    "order": "(game, state, actions) -> the actions reordered",
    "noisy": "(game, state) -> the noisy actions (a list, empty where quiet)",
    "tracer": "taking an Event (an aisearch.Trace)",
    "search": "(game, state, depth=..., evaluate=..., ...) -> SearchResult",
    "playout": "(game, state, rng) -> action",
    "policy": "(game, state, rng) -> action",
    "progress": "(done, total)",
}
"""What each hook a search may be handed is called with and returns, for messages."""

HOOK_ARGUMENTS = {"evaluate": 3, "order": 3, "noisy": 2, "tracer": 1, "playout": 3, "policy": 3}
"""How many positional arguments each hook is called with."""


def _takes(hook: Callable[..., object], count: int) -> bool:
    """Whether ``hook`` can be called with ``count`` positional arguments (True
    when Python cannot tell, as for some built-ins)."""
    try:
        signature = inspect.signature(hook)
    except (TypeError, ValueError):
        return True
    try:
        signature.bind(*range(count))
    except TypeError:
        return False
    return True


def require_hooks(function: str, **hooks: object) -> None:
    """Refuse, naming ``function``, a hook that is given (not ``None``) but
    cannot be called: ``order='centre'``, ``evaluate=3``.

    Checked once, where a search or helper enters, before any node; what a
    hook returns is checked where it is used (``aisearch.game.ordered``,
    ``real_value``).

    >>> require_hooks("alphabeta", evaluate=None, order="centre")
    Traceback (most recent call last):
    ...
    ValueError: alphabeta was given order='centre', which is not a function: order must be a function (game, state, actions) -> the actions reordered
    >>> require_hooks("alphabeta", evaluate=lambda state: 0)
    Traceback (most recent call last):
    ...
    TypeError: alphabeta was given evaluate=<lambda>, which cannot be called with 3 arguments: evaluate must be a function (game, state, player) -> float
    """
    for argument, hook in hooks.items():
        if hook is None:
            continue
        shape = HOOK_SHAPES.get(argument, "")
        if not callable(hook):
            raise ValueError(
                f"{function} was given {argument}={hook!r}, which is not a function: "
                f"{argument} must be a function {shape}".rstrip()
            )
        count = HOOK_ARGUMENTS.get(argument)
        if count is not None and not _takes(hook, count):
            name = getattr(hook, "__name__", repr(hook))
            raise TypeError(
                f"{function} was given {argument}={name}, which cannot be called with "
                f"{count} argument{'s' if count > 1 else ''}: {argument} must be a "
                f"function {shape}"
            )


def require_seed(seed: object, function: str) -> None:
    """Refuse a ``seed`` that Python's ``random.Random`` cannot take: it takes
    ``None``, an int, a float, a str or bytes.

    >>> require_seed([1, 2], "mcts")
    Traceback (most recent call last):
    ...
    ValueError: mcts was given seed=[1, 2]: a seed must be None or an int (or a float or a str)
    """
    if seed is not None and not isinstance(seed, (int, float, str, bytes, bytearray)):
        raise ValueError(
            f"{function} was given seed={seed!r}: a seed must be None or an int "
            "(or a float or a str)"
        )


def step_index(events: Sized, step: int, what: str) -> int:
    """``step`` as an index into ``events`` (negative counts from the end), checked:
    every step number a trace or a viewer is given.

    Raises:
        ValueError: the trace is empty (``what`` names the search to run), or
            ``step`` is not a whole number (a bool is not one), or is outside it.
    """
    if isinstance(step, bool) or not isinstance(step, numbers.Integral):
        raise ValueError(
            f"step must be a whole number (0 is the first step, -1 the last), got {step!r}"
        )
    if not events:
        raise ValueError(f"the trace is empty: run {what} with tracer=trace first")
    n = len(events)
    index = step + n if step < 0 else step
    if not 0 <= index < n:
        raise ValueError(f"step {step} is outside this trace's steps 0..{n - 1} (or -{n}..-1)")
    return int(index)
