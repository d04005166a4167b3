"""What a search returns: a value, the action to play, and what it cost.

A search answers one question, "what should the player to move do here?", so
it returns the next action (a policy's choice), not a plan. The value is from
the point of view of the player to move at the searched state. The statistics
are always counted: they are cheap integers and the notebooks compare them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass(repr=False)
class SearchStats:
    """Work done by one search.

    ``nodes`` counts every node visited, the root included; ``leaves`` the
    terminal states and depth-limit cut-offs that were evaluated; ``cutoffs``
    the times alpha-beta stopped a node early; ``max_depth`` the deepest ply
    reached (the root is ply 0).

    Searches with a table or a memo (``aisearch.caching``) also count:
    ``hits``, the nodes answered from the table without being searched;
    ``bound_hits``, those of the ``hits`` answered by a stored bound (a
    lower bound at or above beta, or an upper bound at or below alpha: a
    cut), so that ``hits - bound_hits`` were answered by an exact value;
    ``narrowed``, the nodes whose window a stored bound narrowed but that
    were still searched (not hits); ``stores``, the entries written; and
    ``symmetry_hits``, the hits found under a symmetric copy of the position
    rather than the position itself. A node answered from the table still
    counts as visited in ``nodes``.

    The repr shows the table counts only when a search used a table.
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    max_depth: int = 0
    hits: int = 0
    stores: int = 0
    bound_hits: int = 0
    symmetry_hits: int = 0
    narrowed: int = 0

    def __repr__(self) -> str:
        shown = ["nodes", "leaves", "cutoffs", "max_depth"]
        shown += [
            f
            for f in ("hits", "stores", "bound_hits", "symmetry_hits", "narrowed")
            if getattr(self, f)
        ]
        return f"SearchStats({', '.join(f'{f}={getattr(self, f)!r}' for f in shown)})"


class SearchResult(NamedTuple):
    """``value`` for the player to move at the root, the first best ``action``
    in the game's order (``None`` at a terminal state), and the ``stats``."""

    value: float
    action: Any
    stats: SearchStats
