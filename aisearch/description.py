"""A step of a trace described in words: the text alternative of its picture.

A student who cannot see the tree figure reads (or hears) what it shows:
``describe_frame(trace, frame)`` writes the step's sentence, the recursion
stack from the root to the node the step is about, each node on it with its
value so far, its alpha-beta window where it has one and the child its value
came from, then the nodes pruned so far and the counters. The step viewer
gives it to its picture as alt text, and the figures of ``aisearch.viz`` take
their descriptions from it, so the words and the picture say the same thing.

It reads only the frame (whose dictionaries look a node up when asked), its
stack, and an index of the pruned nodes built once per trace, so it costs the
same at the last step of a 25,000-node trace as at the first of a small one.
An MCTS trace's frame (``aisearch.mcts_trace.MCTSFrame``) is described by its
path, with each node's visits and mean value, and its counters.

>>> from aisearch import Trace, alphabeta
>>> from aisearch.games import GameTree
>>> trace = Trace()
>>> _ = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
>>> print(describe_frame(trace, trace.frame(11)))
Step 11 of 21. Cutoff at C: its value 2 ≤ α = 3: MAX above already has a better choice and will never let play reach it. Skip I, J.
The stack, from the root: A (MAX, value 3, α = 3, β = +∞, best child so far B), C (MIN, value 2, α = 3, β = 2, best child so far H).
Pruned so far: I, J.
Visited 7 nodes, 4 leaves, 1 cutoff, 2 pruned.
"""

from __future__ import annotations

import weakref
from bisect import bisect_right
from typing import Any

from .narration import bound_text, format_value

PRUNED_NAMED = 8
"""The most pruned nodes named; the rest are counted ("and 12 more")."""

_pruned_index: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""A replay -> its pruned nodes' ``(steps, nodes)``, in the order they were cut."""


def describe_frame(trace, frame: Any, *, under_pruned: bool = False) -> str:
    """What the picture of ``frame`` (a frame of ``trace``, or a step) shows, in words.

    Four lines: the step and its sentence; the stack from the root, each node
    with its role (a leaf is a leaf, whoever would move there), value
    (``≤``/``≥`` when only a bound), window and best child so far; the nodes
    pruned so far (at most ``PRUNED_NAMED`` named); the counters. An MCTS
    frame gives its path with visits and means instead.

    A cutoff prunes children; a picture of the whole tree of a ``Trace(game)``
    also crosses out the nodes under them. For such a picture
    (``under_pruned=True``) those are named and counted too, so that the words
    count the crosses the picture draws: "Pruned so far: K, G, and under them
    N, O" and "2 pruned (4 nodes with those under them)".

    Raises:
        ValueError: ``frame`` is neither a frame of ``trace`` nor a step in it.
    """
    if isinstance(frame, int) and not isinstance(frame, bool):
        frame = trace.frame(frame)
    step = getattr(frame, "step", None)
    if not isinstance(step, int) or not 0 <= step < len(trace) or trace[step] is not frame.event:
        raise ValueError(
            "frame must be a frame of this trace (trace.frame(step)) or a step, got "
            f"{type(frame).__name__} {getattr(frame, 'step', frame)!r}"
        )
    head = f"Step {frame.step} of {len(trace) - 1}. {frame.sentence}"
    if hasattr(frame, "visits"):
        return "\n".join([head, _mcts_path(trace, frame), _mcts_counts(frame.counts)])
    lines = [head, _stack(trace, frame)]
    pruned, under = pruned_so_far(trace, frame.step)
    if not under_pruned:
        under = []
    if pruned:
        names = names_capped([trace.label(n) for n in pruned])
        if under:
            names += f", and under them {names_capped([trace.label(n) for n in under])}"
        lines.append(f"Pruned so far: {names}.")
    lines.append(_counts(frame.counts, len(pruned) + len(under)))
    return "\n".join(lines)


def names_capped(names: list[str], most: int = PRUNED_NAMED) -> str:
    """``names`` joined by commas, the first ``most`` only and the rest counted.

    >>> names_capped(["I", "J"]), names_capped(list("ABCDE"), most=3)
    ('I, J', 'A, B, C and 2 more')
    """
    if len(names) <= most:
        return ", ".join(names)
    return f"{', '.join(names[:most])} and {len(names) - most} more"


def _stack(trace, frame) -> str:
    nodes = trace.nodes()
    parts = []
    for n in frame.stack:
        row = nodes[n]
        if row.terminal or (n == frame.event.node and frame.event.kind == "leaf"):
            words = ["leaf"]  # nobody moves at a leaf: it is valued, not searched
        else:
            words = [row.role.upper() if row.role in ("max", "min") else row.role]
        value = frame.value.get(n)
        if value is not None:
            words.append(f"value {bound_text(value, frame.bound.get(n, 'exact'))}")
        window = frame.window.get(n)
        if window is not None:
            words.append(f"α = {format_value(window[0])}, β = {format_value(window[1])}")
        best = frame.best.get(n)
        if best is not None:
            words.append(f"best child so far {trace.label(best)}")
        parts.append(f"{trace.label(n)} ({', '.join(words)})")
    return f"The stack, from the root: {', '.join(parts)}."


def pruned_so_far(trace, step: int) -> tuple[list[int], list[int]]:
    """The children cutoffs skipped by ``step``, and the nodes under them the
    trace holds (a ``Trace(game)`` expands them from the game), each in the
    order they were cut."""
    replay = trace.replay()
    index = _pruned_index.get(replay)
    if index is None:
        nodes, events = trace.nodes(), trace.events
        cut = sorted((row.pruned, n) for n, row in nodes.items() if row.pruned is not None)
        children = [(s, n) for s, n in cut if nodes[n].parent == events[s].node]
        under = [(s, n) for s, n in cut if nodes[n].parent != events[s].node]
        index = [([s for s, _ in part], [n for _, n in part]) for part in (children, under)]
        _pruned_index[replay] = index
    (child_steps, children), (under_steps, under) = index
    return children[: bisect_right(child_steps, step)], under[: bisect_right(under_steps, step)]


def _plural(count: int, word: str, words: str | None = None) -> str:
    return f"{count} {word if count == 1 else words or word + 's'}"


def pruned_count(pruned: int, crossed: int) -> str:
    """The pruned children, and the nodes crossed out with those under them
    where they are more: ``2``, or ``2 (4 nodes)``.

    >>> pruned_count(2, 2), pruned_count(2, 4)
    ('2', '2 (4 nodes)')
    """
    return f"{pruned}" if crossed <= pruned else f"{pruned} ({crossed} nodes)"


def _counts(c: dict, crossed: int = 0) -> str:
    under = f" ({crossed} nodes with those under them)" if crossed > c["pruned"] else ""
    hits = f", {_plural(c['hits'], 'table hit')}" if c.get("hits") else ""
    return (
        f"Visited {_plural(c['visited'], 'node')}, {_plural(c['leaves'], 'leaf', 'leaves')}, "
        f"{_plural(c['cutoffs'], 'cutoff')}, {c['pruned']} pruned{under}{hits}."
    )


def _mcts_path(trace, frame) -> str:
    parts = []
    for n in frame.path:
        mean = frame.mean.get(n)
        shown = "no mean yet" if mean is None else f"mean {format_value(round(mean, 2))}"
        parts.append(f"{trace.label(n)} ({_plural(frame.visits.get(n, 0), 'visit')}, {shown})")
    return f"The path, from the root: {', '.join(parts)}."


def _mcts_counts(c: dict) -> str:
    return (
        f"{_plural(c['iterations'], 'iteration')} done, {_plural(c['nodes'], 'node')} in the "
        f"tree, {_plural(c['playout_moves'], 'playout move')}."
    )


# 07 · More than two players: a max^n search told node by node ------------------------


def _maxn_tree(trace) -> tuple[dict, Any, int, tuple]:
    """The nodes of a traced max^n search, its last frame, its root and its players."""
    nodes = trace.nodes()
    frame = trace.frame(len(trace) - 1)
    root = next(n for n, node in nodes.items() if node.parent is None)
    players = next((e.players for e in trace if getattr(e, "players", None)), None)
    if not players or not isinstance(frame.value.get(root), tuple):
        raise ValueError(
            "describe_maxn: trace must hold a finished max^n search (a value vector at its "
            f"root), got a root value of {frame.value.get(root)!r}"
        )
    return nodes, frame, root, tuple(players)


def describe_maxn_backup(trace) -> str:
    """How max^n chose at every node of a traced search, one line a node, children first.

    At each node the player to move compares its own entries of the children's
    vectors and takes the best child's whole vector; a tie keeps the first child.

    >>> from aisearch import Trace, maxn
    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[(1, 2, 7), (5, 4, 1)], [(3, 3, 4), (6, 0, 4)]],
    ...                             players=("P1", "P2", "P3"))
    >>> trace = Trace(tree)
    >>> _ = maxn(tree, tracer=trace)
    >>> print(describe_maxn_backup(trace))
    At B, P2 compares its own entries, 2 and 4, and takes (5,4,1).
    At C, P2 compares its own entries, 3 and 0, and takes (3,3,4).
    At A, P1 compares its entries of B and C, 5 against 3, and takes B, (5,4,1).
    """
    nodes, frame, root, players = _maxn_tree(trace)
    lines: list[str] = []

    def visit(n: int) -> None:
        children = [c for c in nodes[n].children if c in frame.value]
        if not children:
            return
        for child in children:
            visit(child)
        mover = nodes[n].role
        i = players.index(mover)
        entries = [frame.value[c][i] for c in children]
        vector = format_value(frame.value[n])
        shown = [format_value(e) for e in entries]
        best = max(entries)
        pick = children[entries.index(best)]
        tied = entries.count(best) > 1
        if len(children) == 1:
            lines.append(
                f"At {trace.label(n)}, {mover} has one move, to {trace.label(pick)}, {vector}."
            )
        elif len(set(entries)) == 1:
            lines.append(
                f"At {trace.label(n)} every child gives {mover} {shown[0]}: a tie, so the "
                f"first, {vector}, is kept."
            )
        elif all(nodes[c].terminal for c in children):
            first = ", the first of the tied," if tied else ""
            lines.append(
                f"At {trace.label(n)}, {mover} compares its own entries, "
                f"{' and '.join(shown)}, and takes{first} {vector}."
            )
        else:
            first = ", the first of the tied," if tied else ""
            lines.append(
                f"At {trace.label(n)}, {mover} compares its entries of "
                f"{' and '.join(trace.label(c) for c in children)}, {' against '.join(shown)}, "
                f"and takes{first} {trace.label(pick)}, {vector}."
            )

    visit(root)
    return "\n".join(lines)


def describe_refused_leaf(trace) -> str:
    """The leaf that is best for the player at the root of a traced max^n search, and who
    refuses it: the lowest node on its path whose chosen vector is another.

    >>> from aisearch import Trace, maxn
    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[(1, 2, 7), (5, 4, 1)], [(3, 3, 4), (6, 0, 4)]],
    ...                             players=("P1", "P2", "P3"))
    >>> trace = Trace(tree)
    >>> _ = maxn(tree, tracer=trace)
    >>> print(describe_refused_leaf(trace))
    P1 plays a1 and expects 5, although the best leaf for it, (6,0,4), is under a2: P2 at C will never give it 6, because P2 prefers 3 to 0.
    """
    nodes, frame, root, players = _maxn_tree(trace)
    me = nodes[root].role
    i = players.index(me)
    leaves = [n for n, node in nodes.items() if n in frame.value and not node.children]
    dream = max(leaves, key=lambda n: frame.value[n][i])  # the first of the best
    path = [dream]
    while nodes[path[-1]].parent is not None:
        path.append(nodes[path[-1]].parent)
    value, want = frame.value[root], frame.value[dream]
    played = nodes[frame.best[root]].action
    under = nodes[path[-2]].action if len(path) > 1 else None
    if value == want:
        return (
            f"{me} plays {played} and gets the best leaf for it, {format_value(want)}: "
            "nobody on the way refuses it."
        )
    k = next(k for k in range(1, len(path)) if frame.value[path[k]] != want)
    refuser, below = path[k], path[k - 1]
    mover = nodes[refuser].role
    j = players.index(mover)
    return (
        f"{me} plays {played} and expects {format_value(value[i])}, although the best leaf "
        f"for it, {format_value(want)}, is under {under}{' too' if under == played else ''}: "
        f"{mover} at {trace.label(refuser)} will never give it {format_value(want[i])}, "
        f"because {mover} prefers {format_value(frame.value[refuser][j])} to "
        f"{format_value(frame.value[below][j])}."
    )
