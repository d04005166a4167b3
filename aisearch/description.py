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

import math
import weakref
from bisect import bisect_right
from fractions import Fraction
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


# Notebook 02 · Alpha-beta pruning: the sentences its cells print about the
# example, computed from the trace so that they stay true for another tree.


def describe_cut(trace, cut: Any = None) -> str:
    """The cut at a node told from the window it was entered with: where its
    bound came from, what its children gave, and the test that stopped it.

    ``cut`` is a cutoff event of ``trace`` (an alpha-beta search's trace); by
    default the first. Values are MAX's, as in the trace.

    >>> from aisearch import Trace, alphabeta
    >>> from aisearch.games import GameTree
    >>> trace = Trace()
    >>> _ = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
    >>> print(describe_cut(trace))
    C is entered with α = 3 (B's value, passed down from A); its first leaf gives 2, C lowers β to 2, and now α = 3 ≥ β = 2 (the same test as 2 ≤ α): C stops.

    Raises:
        ValueError: ``trace`` has no cutoff, or ``cut`` is not one of its cutoffs.
    """
    cut = _cutoff(trace, cut, "describe_cut")
    nodes, name = trace.nodes(), trace.label(cut.node)
    entered = trace[nodes[cut.node].entered]
    at_min = cut.role == "min"
    bound = "α" if at_min else "β"
    value_in = entered.alpha if at_min else entered.beta
    holder = _bound_source(trace, cut.node, entered.step, bound, value_in)
    if holder is None:
        source = "the window the search started with"
    else:
        source = f"{trace.label(holder.child)}'s value, passed down from {trace.label(holder.node)}"
    kinds = trace.value_kinds()
    read = [
        e
        for e in trace.events[entered.step : cut.step]
        if e.parent == cut.node and e.kind in ("leaf", "exit")
    ]
    child = "leaf" if all(e.kind == "leaf" for e in read) else "child"
    given = [bound_text(e.value, kinds.get(e.node, "exact")) for e in read]
    if len(given) == 1:
        gave = f"its first {child} gives {given[0]}"
    else:
        gave = f"its {'leaves' if child == 'leaf' else 'children'} give {', '.join(given)}"
    # A child that met the bound exactly without stopping the node: the search
    # cuts only on strict inequality (prune_on_equal=False), and says so.
    strict = any(e.value == value_in for e in read[:-1])
    alpha, beta, value = (format_value(v) for v in (cut.alpha, cut.beta, cut.value))
    # The node's own bound moves to its value, unless it was already there.
    if at_min:
        moved = f"lowers β to {beta}" if cut.beta != entered.beta else f"keeps β = {beta}"
        test = f"{value} {'<' if strict else '≤'} α"
    else:
        moved = f"raises α to {alpha}" if cut.alpha != entered.alpha else f"keeps α = {alpha}"
        test = f"{value} {'>' if strict else '≥'} β"
    return (
        f"{name} is entered with {bound} = {format_value(value_in)} ({source}); {gave}, "
        f"{name} {moved}, and now α = {alpha} {'>' if strict else '≥'} β = {beta} "
        f"(the same test as {test}): {name} stops."
    )


def describe_nested(trace) -> str:
    """The root's value in the nested notation: the tree with a letter for each
    child a cut skipped, then with every exactly known subtree replaced by its
    value, then, for each cut, why the letters cannot matter.

    For a small tree (``Trace(tree)`` of an alpha-beta search of a drawn tree):

    >>> from aisearch import Trace, alphabeta
    >>> from aisearch.games import GameTree
    >>> trace = Trace()
    >>> _ = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
    >>> print(describe_nested(trace))
    MAX{MIN{3, 12, 8}, MIN{2, x, y}, MIN{14, 5, 2}}
      = MAX{3, MIN{2, x, y}, 2} = 3
    because MIN{2, x, y} ≤ 2 < 3, whatever x and y are

    Raises:
        ValueError: the search of ``trace`` did not finish.
    """
    root_value = trace.root_value()
    if root_value is None:
        raise ValueError("describe_nested(trace): the search of trace did not finish")
    nodes = trace.nodes()
    unread = {
        n: _letter(i)
        for i, n in enumerate(n for n, row in nodes.items() if _is_cut_child(nodes, n))
    }
    known = {e.node: e.value for e in trace if e.kind in ("leaf", "exit")}
    exact = {n for n, kind in trace.value_kinds().items() if kind == "exact"}
    leaves = {n for n in known if not nodes[n].children}

    def nested(node: int, numbers: set) -> str:
        if node in unread:
            return unread[node]
        if node in numbers:
            return format_value(known[node])
        inside = ", ".join(nested(c, numbers) for c in nodes[node].children)
        return f"{nodes[node].role.upper()}{{{inside}}}"

    lines = [
        nested(0, leaves),
        f"  = {nested(0, exact - {0})} = {format_value(root_value)}",
    ]
    for cut in trace.of_kind("cutoff"):
        skipped = [unread[n] for n in nodes[cut.node].children if nodes[n].pruned == cut.step]
        if cut.role == "min":
            sign, met, relation = "≤", cut.alpha, "<" if cut.value < cut.alpha else "≤"
        else:
            sign, met, relation = "≥", cut.beta, ">" if cut.value > cut.beta else "≥"
        lines.append(
            f"because {nested(cut.node, leaves)} {sign} {format_value(cut.value)} {relation} "
            f"{format_value(met)}, whatever {' and '.join(skipped)} "
            f"{'is' if len(skipped) == 1 else 'are'}"
        )
    return "\n".join(lines)


def describe_exact_outside_window(trace) -> str:
    """Each node of ``trace`` that returned a value outside the window it was
    entered with, and yet exact: all its children were read, each exact.

    >>> from aisearch import Trace, alphabeta
    >>> from aisearch.games import GameTree
    >>> trace = Trace()
    >>> _ = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
    >>> print(describe_exact_outside_window(trace))
    D returns 2 ≤ α = 3, outside its window, yet all of its children (14, 5, 2) were read: D is worth exactly 2.
    """
    kinds, nodes = trace.value_kinds(), trace.nodes()
    known = {e.node: e.value for e in trace if e.kind in ("leaf", "exit")}
    lines = []
    for e in trace.of_kind("exit"):
        entered = trace[nodes[e.node].entered]
        if kinds[e.node] != "exact" or entered.alpha < e.value < entered.beta:
            continue
        if e.value <= entered.alpha:
            side = f"≤ α = {format_value(entered.alpha)}"
        else:
            side = f"≥ β = {format_value(entered.beta)}"
        children = ", ".join(format_value(known[c]) for c in nodes[e.node].children)
        name, value = trace.label(e.node), format_value(e.value)
        lines.append(
            f"{name} returns {value} {side}, outside its window, yet all of its children "
            f"({children}) were read: {name} is worth exactly {value}."
        )
    return "\n".join(lines) or "Every node's value outside its window is only a bound."


def _cutoff(trace, cut: Any, function: str) -> Any:
    cuts = trace.of_kind("cutoff")
    if cut is None:
        if not cuts:
            raise ValueError(f"{function}(trace): trace has no cutoff")
        return cuts[0]
    if cut not in cuts:
        raise ValueError(
            f"{function}(trace, cut): cut must be a cutoff event of trace, got {cut!r}"
        )
    return cut


def _bound_source(trace, node: int, before: int, bound: str, value: Any) -> Any:
    """The last update, before step ``before``, of an ancestor of ``node`` that set
    its ``bound`` ("α" or "β") to ``value``: where the bound a node meets came from."""
    nodes, ancestors = trace.nodes(), set()
    parent = nodes[node].parent
    while parent is not None:
        ancestors.add(parent)
        parent = nodes[parent].parent
    for e in reversed(trace.events[:before]):
        # MAX raises α, MIN lowers β: only such a node can have set the bound.
        if (
            e.kind == "update"
            and e.node in ancestors
            and e.role == ("max" if bound == "α" else "min")
        ):
            if (e.alpha if bound == "α" else e.beta) == value == e.value and e.child is not None:
                return e
    return None


def _is_cut_child(nodes: dict, node: int) -> bool:
    row = nodes[node]
    return row.pruned is not None and (row.parent is None or nodes[row.parent].pruned is None)


def _letter(index: int) -> str:
    """The name of the ``index``-th unread child: x, y, z, u, v, w, then x7, x8, ..."""
    return "xyzuvw"[index] if index < 6 else f"x{index + 1}"


# --- 04 · Chance: expectimax and expectiminimax -------------------------------


def describe_win_rates(game, tallies: dict) -> str:
    """What notebook 04's win-rate table shows, held against the exact chances.

    ``game`` is two moves deep: MAX moves, MIN replies, the game ends.
    ``tallies`` maps ``("minimax", ε)`` and ``("expectimax", ε)`` to the
    ``Tally`` (``aisearch.win_rates``) of that MAX player against a MIN that
    replies at random with probability ε and otherwise as well as it can.
    Minimax's move is the first whose worst reply is best, expectimax's the
    first whose mean over the replies is best: what the two searches play.
    Against that MIN, MAX expects (1 − ε) × the worst leaf + ε × the mean of
    the leaves under its move, and wins with (1 − ε) × [the worst leaf wins]
    + ε × the share of winning leaves.

    Three lines: ε = 1, ε = 0 and ε = 0.5, measured, and exactly.
    ``describe_sampling`` says how far the measured rates may be trusted.

    Raises:
        ValueError: ``game`` is not two moves deep, or ``tallies`` has no
            tally of a player at ε = 0, 0.5 or 1.

    >>> from aisearch.games import GameTree
    >>> from aisearch.players import Tally
    >>> tree = GameTree.from_nested([[0, 0, 3], [-3, 3, 6]])
    >>> tallies = {("minimax", 1.0): Tally(40, 80, 0, 1.0), ("expectimax", 1.0): Tally(80, 0, 40, 2.0),
    ...            ("minimax", 0.5): Tally(20, 100, 0, 0.5), ("expectimax", 0.5): Tally(40, 0, 80, -0.5),
    ...            ("minimax", 0.0): Tally(0, 120, 0, 0.0), ("expectimax", 0.0): Tally(0, 0, 120, -3.0)}
    >>> print(describe_win_rates(tree, tallies))  # doctest: +NORMALIZE_WHITESPACE
    At random (ε = 1): expectimax scores +2.00 points a game, minimax +1.00 (exactly 2 and 1);
    expectimax wins 67% of the games, minimax 33% (exactly 2/3 and 1/3).
    Perfectly (ε = 0): expectimax loses 100% of the games, minimax draws 100%.
    At ε = 0.5: expectimax wins 33% of the games, minimax 17% (exactly 1/3 and 1/6),
    but scores -0.50 points against +0.50 (exactly -0.5 and +0.5); it loses 67% of the games.
    """
    points, wins = _exact_chances(game, tallies)

    lines = []
    m, e = tallies["minimax", 1.0], tallies["expectimax", 1.0]
    lines.append(
        f"At random (ε = 1): expectimax scores {e.mean_utility:+.2f} points a game, minimax "
        f"{m.mean_utility:+.2f} (exactly {points('expectimax', 1):g} and {points('minimax', 1):g}); "
        f"expectimax wins {e.win_rate:.0%} of the games, minimax {m.win_rate:.0%} "
        f"(exactly {wins('expectimax', 1)} and {wins('minimax', 1)})."
    )
    m, e = tallies["minimax", 0.0], tallies["expectimax", 0.0]
    lines.append(f"Perfectly (ε = 0): expectimax {_most(e)} of the games, minimax {_most(m)}.")
    m, e = tallies["minimax", 0.5], tallies["expectimax", 0.5]
    names = ("minimax", "expectimax")
    exact_wins = {name: wins(name, 0.5) for name in names}
    exact_points = {name: points(name, 0.5) for name in names}
    same_way = (exact_wins["expectimax"] > exact_wins["minimax"]) == (
        exact_points["expectimax"] > exact_points["minimax"]
    )
    lines.append(
        f"At ε = 0.5: expectimax wins {e.win_rate:.0%} of the games, minimax {m.win_rate:.0%} "
        f"(exactly {exact_wins['expectimax']} and {exact_wins['minimax']}), "
        f"{'and' if same_way else 'but'} scores {e.mean_utility:+.2f} points against "
        f"{m.mean_utility:+.2f} (exactly {exact_points['expectimax']:+g} and "
        f"{exact_points['minimax']:+g}); it loses {e.loss_rate:.0%} of the games."
    )
    return "\n".join(lines)


def _exact_chances(game, tallies: dict):
    """``points(name, ε)`` and ``wins(name, ε)``: the exact expectations behind ``tallies``.

    Minimax's move is the first whose worst reply is best, expectimax's the
    first whose mean over the replies is best: what the two searches play.
    """
    leaves = _leaves_under_moves(game)
    moves = {
        "minimax": max(leaves, key=lambda move: min(leaves[move])),
        "expectimax": max(leaves, key=lambda move: sum(leaves[move]) / len(leaves[move])),
    }
    for name in moves:
        for epsilon in (1.0, 0.0, 0.5):
            if (name, epsilon) not in tallies:
                raise ValueError(
                    f"describe_win_rates needs the tally of {name!r} at ε = {epsilon:g}: "
                    f"tallies has {sorted(tallies)}"
                )

    def points(name: str, epsilon: float) -> float:
        values = leaves[moves[name]]
        return (1 - epsilon) * min(values) + epsilon * sum(values) / len(values)

    def wins(name: str, epsilon: float) -> Fraction:
        values = leaves[moves[name]]
        share = Fraction(sum(v > 0 for v in values), len(values))
        random_share = Fraction(epsilon).limit_denominator()
        return (1 - random_share) * (min(values) > 0) + random_share * share

    return points, wins


def _leaves_under_moves(game) -> dict:
    """MAX's moves at the root of ``game``, each with the utilities (for MAX) of MIN's replies."""
    root = game.initial_state()
    leaves = {}
    for move in game.actions(root):
        node = game.result(root, move)
        children = [game.result(node, reply) for reply in game.actions(node)]
        if game.is_terminal(node) or not all(game.is_terminal(c) for c in children):
            raise ValueError(
                f"describe_win_rates needs a game two moves deep (MAX moves, MIN replies, "
                f"the game ends); after {move!r} it is not"
            )
        leaves[move] = [game.utility(child, "MAX") for child in children]
    return leaves


def _most(tally) -> str:
    """The commonest result of ``tally`` and its rate: ``loses 100%``."""
    rate, verb = max(
        (tally.win_rate, "wins"), (tally.draw_rate, "draws"), (tally.loss_rate, "loses")
    )
    return f"{verb} {rate:.0%}"


def _standard_errors(measured, exact) -> str:
    """How far each measured win rate is from its exact chance, in standard errors."""
    games = measured[0].games
    errors = []
    for tally, p in zip(measured, exact, strict=True):
        spread = math.sqrt(p * (1 - p) / games)
        errors.append(f"{abs(tally.win_rate - p) / spread:.1f}" if spread else "no")
    widest = max(math.sqrt(p * (1 - p) / games) for p in exact)
    return (
        f"At ε = 0.5 the measured win rates are off by {errors[0]} and {errors[1]} standard errors "
        f"(a standard error is about {100 * widest:.0f} percentage points with {games} games)."
    )


def _nearest_break_even(points, tallies: dict, epsilons: list) -> str:
    """The measured points at the ε of ``tallies`` nearest where the exact lines cross."""
    gap0 = points("expectimax", 0) - points("minimax", 0)
    gap1 = points("expectimax", 1) - points("minimax", 1)
    crossing = -gap0 / (gap1 - gap0) if gap0 != gap1 else math.nan
    if not 0 <= crossing <= 1:  # parallel, or crossing outside the ε a MIN can have
        gap = points("expectimax", 0.5) - points("minimax", 0.5)
        leader = "expectimax" if gap > 0 else "minimax" if gap < 0 else "neither"
        return f"The exact lines do not cross between ε = 0 and 1: {leader} scores more at every ε."
    near = min(epsilons, key=lambda epsilon: abs(epsilon - crossing))
    m, e = tallies["minimax", near], tallies["expectimax", near]
    return (
        f"Nearest the break-even point, at ε = {near}: exact points "
        f"{points('expectimax', near):+.2f} (expectimax) and {points('minimax', near):+.2f} "
        f"(minimax), measured {e.mean_utility:+.2f} and {m.mean_utility:+.2f}."
    )


def describe_sampling(game, tallies: dict) -> str:
    """How far notebook 04's measured win rates may be trusted: its "More" lines.

    ``game`` and ``tallies`` as for ``describe_win_rates``. Two lines: how far
    the measured win rates at ε = 0.5 are from the exact chances, in standard
    errors, and the measured points at the ε nearest the break-even point,
    where the two players' exact points are closest.

    >>> from aisearch.games import GameTree
    >>> from aisearch.players import Tally
    >>> tree = GameTree.from_nested([[0, 0, 3], [-3, 3, 6]])
    >>> tallies = {("minimax", 1.0): Tally(40, 80, 0, 1.0), ("expectimax", 1.0): Tally(80, 0, 40, 2.0),
    ...            ("minimax", 0.5): Tally(20, 100, 0, 0.5), ("expectimax", 0.5): Tally(40, 0, 80, -0.5),
    ...            ("minimax", 0.0): Tally(0, 120, 0, 0.0), ("expectimax", 0.0): Tally(0, 0, 120, -3.0)}
    >>> print(describe_sampling(tree, tallies))
    At ε = 0.5 the measured win rates are off by 0.0 and 0.0 standard errors (a standard error is about 4 percentage points with 120 games).
    Nearest the break-even point, at ε = 0.5: exact points -0.50 (expectimax) and +0.50 (minimax), measured -0.50 and +0.50.
    """
    points, wins = _exact_chances(game, tallies)
    measured = (tallies["expectimax", 0.5], tallies["minimax", 0.5])
    exact = (wins("expectimax", 0.5), wins("minimax", 0.5))
    epsilons = sorted({epsilon for _, epsilon in tallies})
    return "\n".join(
        [_standard_errors(measured, exact), _nearest_break_even(points, tallies, epsilons)]
    )


def describe_chance_sums(game) -> str:
    """Expectimax at MAX's root over chance nodes over leaves, as one line of sums.

    Each chance node is the sum of probability × value over its outcomes, and
    MAX takes the largest (the first, on a tie, as ``expectimax`` does).

    >>> from aisearch.games import GameTree
    >>> lottery = GameTree.from_nested([[(0.9, 2), (0.1, 40)], [3, 4]], layers=("max", "chance"))
    >>> print(describe_chance_sums(lottery))
    MAX{0.9 · 2 + 0.1 · 40, 0.5 · 3 + 0.5 · 4} = MAX{5.8, 3.5} = 5.8: expectimax plays a1
    """
    root = game.initial_state()
    sums, averages = [], []
    for move in game.actions(root):
        node = game.result(root, move)
        pairs = [(p, game.result(node, r)) for r, p in game.chance_outcomes(node)]
        sums.append(" + ".join(f"{p:g} · {game.utility(leaf, 'MAX'):g}" for p, leaf in pairs))
        averages.append(sum(p * game.utility(leaf, "MAX") for p, leaf in pairs))
    best = max(range(len(averages)), key=averages.__getitem__)
    return (
        f"MAX{{{', '.join(sums)}}} = MAX{{{', '.join(f'{a:g}' for a in averages)}}} = "
        f"{averages[best]:g}: expectimax plays {game.actions(root)[best]}"
    )


def describe_running_sum(game, node: Any) -> str:
    """A chance node's running weighted sum, outcome by outcome, over its leaves.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[0, 0, 3], [-3, 3, 6]], layers=("max", "chance"))
    >>> print(describe_running_sum(tree, "B"))
    B's running sum: after D 0 × 1/3 = 0; after E 0 × 1/3 + 0 × 1/3 = 0; after F 0 × 1/3 + 0 × 1/3 + 3 × 1/3 = 1
    """
    running, terms, steps = 0.0, [], []
    for outcome, p in game.chance_outcomes(node):
        leaf = game.result(node, outcome)
        value = game.utility(leaf, "MAX")
        running += p * value
        terms.append(f"{value:g} × {Fraction(p).limit_denominator()}")
        steps.append(f"after {leaf} {' + '.join(terms)} = {running:g}")
    return f"{node}'s running sum: " + "; ".join(steps)


def describe_safe_and_gamble(perfect_min, random_min) -> str:
    """One tree searched twice: minimax with MIN replies, expectimax with a die for MIN.

    ``perfect_min`` and ``random_min`` are the same two-move tree, built with
    a MIN layer and with a chance layer. Minimax values each move at its worst
    leaf, expectimax at the probability-weighted mean of its leaves.

    >>> from aisearch.games import GameTree
    >>> spec = [[0, 0, 3], [-3, 3, 6]]
    >>> print(describe_safe_and_gamble(GameTree.from_nested(spec),
    ...                                GameTree.from_nested(spec, layers=("max", "chance"))))
    minimax: B = 0, C = -3, the worst leaf under each: plays a1, value 0
    expectimax: B = (0 + 0 + 3)/3 = 1, C = (-3 + 3 + 6)/3 = 2, the mean under each: plays a2, value 2
    """
    root = perfect_min.initial_state()
    moves = perfect_min.actions(root)
    worst, means = [], []
    for move in moves:
        node = perfect_min.result(root, move)
        worst.append(
            min(
                perfect_min.utility(perfect_min.result(node, r), "MAX")
                for r in perfect_min.actions(node)
            )
        )
        chance = random_min.result(random_min.initial_state(), move)
        pairs = [
            (p, random_min.utility(random_min.result(chance, r), "MAX"))
            for r, p in random_min.chance_outcomes(chance)
        ]
        mean = sum(p * v for p, v in pairs)
        if len({p for p, _ in pairs}) == 1:
            terms = f"({' + '.join(f'{v:g}' for _, v in pairs)})/{len(pairs)}"
        else:
            terms = " + ".join(f"{p:g} · {v:g}" for p, v in pairs)
        means.append((node, terms, mean))
    named = [perfect_min.result(root, move) for move in moves]
    pick_worst = max(range(len(moves)), key=worst.__getitem__)
    pick_mean = max(range(len(moves)), key=lambda i: means[i][2])
    return (
        "minimax: "
        + ", ".join(f"{n} = {w:g}" for n, w in zip(named, worst, strict=True))
        + f", the worst leaf under each: plays {moves[pick_worst]}, value {worst[pick_worst]:g}\n"
        + "expectimax: "
        + ", ".join(f"{n} = {t} = {m:g}" for n, t, m in means)
        + f", the mean under each: plays {moves[pick_mean]}, value {means[pick_mean][2]:g}"
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
