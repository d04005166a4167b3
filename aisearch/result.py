"""What a search returns: a value, the action to play, and what it cost.

A search answers one question, "what should the player to move do here?", so
it returns the next action (a policy's choice), not a plan. The value is from
the point of view of the player to move at the searched state. The statistics
are always counted: they are cheap integers and the notebooks compare them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple


@dataclass
class SearchStats:
    """Work done by one search.

    ``nodes`` counts every node visited, the root included; ``leaves`` the
    terminal states and depth-limit cut-offs that were evaluated; ``cutoffs``
    the times alpha-beta stopped a node early; ``max_depth`` the deepest ply
    reached (the root is ply 0).
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    max_depth: int = 0


class SearchResult(NamedTuple):
    """``value`` for the player to move at the root, the first best ``action``
    in the game's order (``None`` at a terminal state), and the ``stats``."""

    value: float
    action: Any
    stats: SearchStats
