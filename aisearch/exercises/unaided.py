"""Write it yourself: a function checked against the package may not call the package.

A check that compares a student's function with the package's own
(``uct_score``, ``ConnectFour.has_four``, ``TranspositionTable.use``, the
evaluations of Isolation) would pass an answer that merely calls that
function. ``_unaided(fn, exercise)`` wraps the student's function so that,
while it runs, every call into the package is watched (``sys.setprofile``,
for this thread only, and only during the student's call): a function of
the package outside the games called straight from the student's code, or
one of the game's methods that does the exercise's work (``has_four``,
``evaluate``, wherever it is called from), stops the check with
``_Delegated``, naming it; the guard (``aisearch.exercises.guard``) turns
that into a failure that says what to write instead (``INSTEAD``).

The rules of the game stay the student's to use (``game.moves_from``,
``game.actions``, ``ConnectFour(7, 6)``'s ``shifts``), and so does the
package's code the check itself runs around the student's function (the
tournament that plays an evaluation, say). A function graded sealed off
runs in a sandbox where the package is left out, so that a call to it fails
the same way; a method asked of a game's handle there is refused by the
grader (``aisearch.exercises.sealed.remote``) with the same ``FORBIDDEN``.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from types import FrameType

from .recording import _Delegated, _part_of

FORBIDDEN: dict[str, frozenset[str]] = {
    "four_in_a_row": frozenset(
        {
            "has_four",
            "shifts_finding_four",
            "winning_spots",
            "winner",
            "is_terminal",
            "utility",
            "winning_moves",
        }
    ),
    "isolation evaluation": frozenset({"evaluate"}),
}
"""For each exercise, the game's methods that do its work: a student's function may not
call them, however it reaches them (the game's other methods are the rules, and free)."""

INSTEAD: dict[str, str] = {
    "uct_score": (
        "compute the score from the four arguments with math.sqrt and math.log: "
        "mean + exploration * math.sqrt(math.log(parent_visits) / visits)."
    ),
    "four_in_a_row": (
        "work on `bits` with shifts and & (and): for each of the four shifts (1, height + 1, "
        "height, height + 2), pairs = bits & (bits >> shift), then a four is "
        "pairs & (pairs >> 2 * shift)."
    ),
    "table rule": (
        "decide from the arguments: the entry answers only if it was searched deep enough "
        "(entry_depth >= depth) and its bound settles the window (an exact value always, "
        "a lower bound when value >= beta, an upper bound when value <= alpha)."
    ),
    "isolation evaluation": (
        "count moves yourself with game.moves_from(state, player), the cells a player's "
        "piece could go to; the package's evaluations are there to compare yours with."
    ),
}
"""For each exercise refused this way, what to write instead (the end of the message)."""


def _unaided(fn: Callable, exercise: str) -> Callable:
    """``fn``, watched while it runs: a call into the package's own work raises ``_Delegated``.

    A function graded sealed off (it has ``limited``) is returned as it is:
    it runs in the sandbox, where the package is left out.
    """
    if getattr(fn, "limited", None) is not None and not isinstance(fn, type):
        return fn
    forbidden = FORBIDDEN.get(exercise, frozenset())

    @functools.wraps(fn)
    def unaided(*args):
        before = sys.getprofile()

        def watch(frame: FrameType, event: str, arg) -> None:
            if event == "call" and (name := _package_work(frame, forbidden, unaided)) is not None:
                sys.setprofile(before)
                raise _Delegated(name)

        sys.setprofile(watch)
        try:
            return fn(*args)
        finally:
            sys.setprofile(before)

    return unaided


def _package_work(frame: FrameType, forbidden: frozenset[str], wrapper) -> str | None:
    """The name of the package's function starting in ``frame``, if it is the exercise's work.

    That is a function of the package outside the games and the exercises
    called from the student's code (or handed to the check itself), or a
    game's method among ``forbidden``, from wherever it is called.
    """
    code = frame.f_code
    part = _part_of(code.co_filename)
    if part == "games":
        if code.co_name not in forbidden:
            return None
        return getattr(code, "co_qualname", code.co_name)
    if part != "search":
        return None
    caller = frame.f_back
    if caller is None or _part_of(caller.f_code.co_filename) == "outside":
        return _public_name(frame)
    if caller.f_code is wrapper.__code__:
        return _public_name(frame)
    return None


def _public_name(frame: FrameType) -> str:
    """``aisearch.uct_score`` for what the package offers at the top (a method too:
    ``aisearch.TranspositionTable.use``), else ``aisearch.evaluation.own_moves``."""
    module = frame.f_globals.get("__name__", "")
    top, _, rest = module.partition(".")
    qualname = getattr(frame.f_code, "co_qualname", frame.f_code.co_name)
    if qualname.split(".")[0] in getattr(sys.modules.get(top), "__all__", ()):
        return f"aisearch.{qualname}"
    return ".".join(["aisearch", rest, qualname] if rest else ["aisearch", qualname])
