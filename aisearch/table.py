"""The transposition table: a bounded memory of search results, and when to trust one.

A game tree repeats positions, so a search that remembers what it found can
answer a position met again without searching it. But alpha-beta's value for
a node is often not the node's value: a value at or below alpha is only an
*upper* bound (the node was cut, or every child was), one at or above beta
only a *lower* bound. So each entry records whether its value is ``EXACT``, a
``LOWER`` or an ``UPPER`` bound (a ``Bound``), and how many plies were
searched below it; ``TranspositionTable.use`` says when an entry may answer
a search, or only narrow its window. The engine (``aisearch.engine``) is the
search that uses it, behind ``alphabeta(..., table=...)`` and
``negamax(..., table=...)``.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from .tracing import EXACT, LOWER, UPPER, Bound

TO_THE_END = math.inf
"""The depth of an entry whose search went to the end of the game."""


class Entry(NamedTuple):
    """One remembered search of a position.

    ``value`` is for the player to move at the position; ``bound`` says whether
    it is ``EXACT``, a ``LOWER`` bound (the true value is at least this) or an
    ``UPPER`` bound (at most this); ``depth`` is the number of plies searched
    below it (``TO_THE_END`` without a depth limit); ``action`` the best
    action found (in the frame of ``key``); ``state`` the position stored.
    """

    key: Hashable
    value: float
    bound: Bound
    depth: float
    action: Any
    state: Hashable


def stable_index(key: Hashable) -> int:
    """A number for ``key`` that is the same in every Python run.

    Python's ``hash`` of a string changes from run to run, which would make
    which entries replace which (and so the node counts of a small table)
    change too. An ``int`` key (a Zobrist key) is its own index.
    """
    if isinstance(key, int):
        return key
    text = key if isinstance(key, str) else repr(key)
    return zlib.crc32(text.encode())


class TranspositionTable:
    """A bounded table of search results, with the rule for using them.

    The table has ``capacity`` entries in ``capacity // 2`` buckets of two:
    a key's bucket is its ``index(key)`` modulo the number of buckets.

    Replacement rule (two tiers): a new entry for a key already stored
    overwrites it; otherwise it goes into the bucket's *deep* slot if that is
    empty or holds an entry searched no deeper (the old deep entry then moves
    to the *recent* slot), and into the *recent* slot, whatever is there,
    otherwise. Deep results, which cost the most, survive; the newest result
    is always kept somewhere.

    Use rule (``use``): an entry answers a search that needs ``depth`` more
    plies only if it was searched at least that deep. Then an ``EXACT`` value
    answers; a ``LOWER`` bound answers if it is ``>= beta`` (a cut), else it
    may raise ``alpha``; an ``UPPER`` bound answers if it is ``<= alpha``,
    else it may lower ``beta``. A shallower entry gives only its best action,
    to try first.

    Statistics, over the table's life, one count per probe of a searched
    node (the root is never probed): ``hits``, the nodes answered from the
    table without a search, of which ``bound_hits`` were answered by a bound
    (a cut) and the rest, ``hits - bound_hits``, by an exact value;
    ``narrowed``, the nodes whose window a bound narrowed but that were
    still searched (not hits); ``misses``, the probes that found no usable
    entry; ``symmetry_hits``, the hits found under a symmetric copy of the
    position; ``stores``; and ``replacements``, the stores that evicted
    another key's entry. So ``hits + narrowed + misses`` is the number of
    probes.

    Args:
        capacity: the number of entries kept, at least 2.
        index: ``key -> int``, where a key's bucket is; ``stable_index`` by
            default (a Zobrist key would do).

    >>> table = TranspositionTable(capacity=4)
    >>> table.store(Entry("s", 3, LOWER, 2, None, "s"))
    >>> table.use(table.probe("s"), 2, -math.inf, 1)  # 3 >= beta = 1: a cut
    (True, 3, -inf, 1)
    >>> table.use(table.probe("s"), 2, -math.inf, 5)  # only raises alpha to 3
    (False, 3, 3, 5)
    >>> table.use(table.probe("s"), 4, -math.inf, 1)  # searched too shallow
    (False, None, -inf, 1)
    """

    def __init__(
        self, capacity: int = 1 << 16, *, index: Callable[[Hashable], int] = stable_index
    ) -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 2:
            raise ValueError(f"capacity must be a whole number >= 2, got {capacity!r}")
        if not callable(index):
            raise ValueError(f"index must be a function key -> int, got {index!r}")
        self.capacity = capacity
        self.index = index
        self._buckets = capacity // 2
        self._deep: list[Entry | None] = [None] * self._buckets
        self._recent: list[Entry | None] = [None] * self._buckets
        self.hits = self.bound_hits = self.symmetry_hits = self.narrowed = 0
        self.misses = self.stores = self.replacements = 0

    def __repr__(self) -> str:
        return (
            f"<TranspositionTable {len(self)} of {self.capacity} entries: hits {self.hits} "
            f"({self.bound_hits} by a bound), narrowed {self.narrowed}, "
            f"misses {self.misses}, stores {self.stores}, "
            f"replacements {self.replacements}>"
        )

    def __len__(self) -> int:
        return sum(e is not None for e in self._deep) + sum(e is not None for e in self._recent)

    def clear(self) -> None:
        """Forget every entry (the statistics stay)."""
        self._deep = [None] * self._buckets
        self._recent = [None] * self._buckets

    def probe(self, key: Hashable) -> Entry | None:
        """The entry stored for ``key``, or ``None``."""
        i = self.index(key) % self._buckets
        entry = self._deep[i]
        if entry is not None and entry.key == key:
            return entry
        entry = self._recent[i]
        if entry is not None and entry.key == key:
            return entry
        return None

    def store(self, entry: Entry) -> None:
        """Keep ``entry``, by the replacement rule."""
        self.stores += 1
        i = self.index(entry.key) % self._buckets
        deep, recent = self._deep[i], self._recent[i]
        if deep is not None and deep.key == entry.key:
            self._deep[i] = entry
        elif recent is not None and recent.key == entry.key:
            if deep is None or entry.depth >= deep.depth:
                self._deep[i], self._recent[i] = entry, deep
            else:
                self._recent[i] = entry
        elif deep is None or entry.depth >= deep.depth:
            if deep is not None and recent is not None:
                self.replacements += 1
            self._deep[i], self._recent[i] = entry, deep if deep is not None else recent
        else:
            if recent is not None:
                self.replacements += 1
            self._recent[i] = entry

    @staticmethod
    def use(
        entry: Entry | None, depth: float, alpha: float, beta: float
    ) -> tuple[bool, float | None, float, float]:
        """``(answers, value, alpha, beta)``: what ``entry`` allows a search needing ``depth`` plies.

        ``answers`` is true when the node needs no search and is worth
        ``value``; otherwise ``alpha`` and ``beta`` are the window to search
        with, narrowed by a bound if it could be, and ``value`` is the bound
        that narrowed it (``None`` if none did).
        """
        if entry is None or entry.depth < depth:
            return False, None, alpha, beta
        value, bound = entry.value, entry.bound
        if (
            bound == EXACT
            or (bound == LOWER and value >= beta)
            or (bound == UPPER and value <= alpha)
        ):
            return True, value, alpha, beta
        if bound == LOWER and value > alpha:
            return False, value, value, beta
        if bound == UPPER and value < beta:
            return False, value, alpha, value
        return False, None, alpha, beta
