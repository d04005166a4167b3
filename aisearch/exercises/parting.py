"""Your search beside the reference, step by step: the ``Comparison``, and where the two part.

A ``Comparison`` holds a student's run and the reference search's on one
case tree (``aisearch.exercises.comparison`` builds one per search): the
nodes each read, in order, the values each gave, and what happens at every
step. ``_parting`` finds the first step where the two part and says why, from
what the reference search did: a node read that the reference never reads (a
cut above it, or the depth limit), one it reads that the student's function
skipped (no cut was possible yet), the same nodes in another order, or the
same nodes with a value that differs (said with the rule the node follows).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..games.gametree import GameTree
from ..narration import format_probability, format_value
from ..trace import CUTOFF, DONE, ENTER, EXIT, LEAF, STACK, UNSEEN, Trace
from .checking import _is_number, _same


@dataclass(frozen=True, repr=False)
class Comparison:
    """A student's run and the reference search's on one case tree, step by step.

    ``yours`` and ``reference`` are the states each read, in order;
    ``parting`` the first step where the two part (``None`` if they agree
    throughout), ``why`` the sentence that says what differs there (or
    that they agree) and ``parted_at`` the node on each side it is about. ``trace`` is the reference search's ``Trace`` (made as
    ``Trace(tree)``, so its pruned subtrees are known), ``canvas`` a trace
    that holds every node either side may read, for drawing (the reference
    trace itself, or for a depth limit the whole tree's).
    ``your_values`` and ``reference_values`` map states to the values each
    side gives them (from MAX's point of view, or vectors for max^n).
    ``glanced`` maps the states the student's function only glanced at
    (``RecordingGame.GLANCES``) to the questions it asked. ``error`` is the
    exception the student's function raised at the root, as text, if it did.

    >>> from aisearch.exercises import case_trees
    >>> from aisearch.exercises.comparison import compare_alphabeta
    >>> def no_pruning(game, state, alpha, beta):
    ...     if game.is_terminal(state):
    ...         return game.utility(state, "MAX")
    ...     values = [no_pruning(game, game.result(state, a), alpha, beta)
    ...               for a in game.actions(state)]
    ...     return max(values) if game.to_move(state) == "MAX" else min(values)
    >>> comparison = compare_alphabeta(no_pruning, case_trees()["textbook tree"], "textbook tree")
    >>> comparison.parting, comparison.reads(7)
    (7, ('I', 'D'))
    >>> comparison.why
    'Step 7: your search read I; alpha-beta had already cut C at 2 ≤ α = 3, and reads D next.'
    """

    search: str
    case: str
    tree: GameTree
    trace: Trace
    canvas: Trace
    yours: tuple
    reference: tuple
    your_values: dict
    reference_values: dict
    glanced: dict = field(default_factory=dict)
    depth: int | None = None
    error: str | None = None
    parting: int | None = None
    why: str = ""
    parted_at: tuple = (None, None)
    """The nodes the sentence at ``parting`` is about: ``(yours, the reference's)``,
    the two nodes read there, or twice the node whose value differs."""

    # Steps ------------------------------------------------------------------------

    @property
    def root(self):
        """The state both searches start from."""
        return self.trace[0].state

    @property
    def last_step(self) -> int:
        """The last step: both searches have returned (steps are ``0 .. last_step``)."""
        return max(len(self.yours), len(self.reference))

    def check_step(self, step: int) -> int:
        """``step`` if it is one of ``0 .. last_step``, else a ``ValueError`` naming it."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise ValueError(f"step must be a whole number, got {step!r}")
        if not 0 <= step <= self.last_step:
            raise ValueError(f"step {step} is outside this comparison's steps 0..{self.last_step}")
        return step

    def reads(self, step: int) -> tuple:
        """``(your node, the reference's node)`` read at ``step``; ``None`` once a side is done."""
        self.check_step(step)
        return _at(self.yours, step), _at(self.reference, step)

    def reference_step(self, step: int) -> int:
        """The reference trace's event shown at ``step``: the one that reads its
        ``step``-th node, or the last event once it has read them all."""
        self.check_step(step)
        reading = [e.step for e in self.trace if e.kind in (ENTER, LEAF)]
        return reading[step] if step < len(reading) else len(self.trace) - 1

    # The student's side -------------------------------------------------------------

    def your_status(self, step: int) -> dict:
        """Every node of the tree under the root: ``"unseen"``, ``"stack"`` (on the
        path to the node read now) or ``"done"`` (read) at ``step`` on your side."""
        self.check_step(step)
        status = {s: UNSEEN for s in _subtree(self.tree, self.root)}
        read = self.yours[: step + 1]
        for state in read:
            status[state] = DONE
        active = _at(self.yours, step)
        if active is not None:
            for state in _ancestors(self.tree, active):
                if status.get(state) == DONE:
                    status[state] = STACK
        return status

    def your_active(self, step: int):
        """The node your search reads at ``step``; the root once it has returned."""
        return _at(self.yours, self.check_step(step), self.root)

    def your_finished(self, step: int) -> dict:
        """Your values of the nodes your search has finished by ``step`` (state -> value)."""
        self.check_step(step)
        finish = _finish_steps(self.tree, self.yours)
        return {
            s: self.your_values[s]
            for s, at in finish.items()
            if at <= step and s in self.your_values
        }

    # Words ----------------------------------------------------------------------------

    def sentence(self, step: int) -> str:
        """What happens at ``step``: both read the same node, or what differs there.

        After the step where the two part it says what each reads, or, where
        they read the same node, just that (with, if every read agrees, that
        only values differ); at the last step the value each returned.
        """
        mine, theirs = self.reads(step)
        if step == self.parting:
            return self.why
        if mine is None and theirs is None:
            return self.why if self.parting is None else f"Step {step}: {self._returned()}."
        same_reads = self.yours == self.reference
        if self.parting is None or step < self.parting or mine == theirs:
            text = f"Step {step}: both read {mine}"
            if self.parting is not None and step > self.parting and same_reads:
                text += (
                    f"; the two read the same nodes and differ only in "
                    f"{_word(self)}s (from step {self.parting})"
                )
            return text + "."
        return (
            f"Step {step}: your search {self._doing(mine, yours=True)}; {self.search} "
            f"{self._doing(theirs, yours=False)}. They parted at step {self.parting}."
        )

    def _doing(self, state, *, yours: bool) -> str:
        """``reads B``, or once a side is done, what it returned (or raised)."""
        if state is not None:
            return f"reads {state}"
        if yours and self.error is not None:
            return f"has raised {self.error}"
        values = self.your_values if yours else self.reference_values
        return f"has returned {_value_text(values.get(self.root))}"

    def _returned(self) -> str:
        """Both sides done: the value each returned, and how many nodes each read."""
        if self.error is not None:
            yours = f"your search raised {self.error}"
        else:
            yours = f"your search returned {_value_text(self.your_values.get(self.root))}"
        theirs = f"{self.search} {format_value(self.reference_values.get(self.root))}"
        if self.yours == self.reference:
            return (
                f"both searches have returned, after reading the same {len(self.yours)} "
                f"nodes: {yours}, {theirs}"
            )
        return (
            f"both searches have returned: {yours} after reading {_nodes(len(self.yours))}, "
            f"{theirs} after reading {len(self.reference)}. They parted at step {self.parting}"
        )

    def describe(self, step: int) -> str:
        """A text description of both pictures at ``step`` (for a screen reader)."""
        mine, theirs = self.reads(step)
        read = list(self.yours[: step + 1])
        yours = (
            f"Your search reads {mine}"
            + _under(self.tree, mine)
            + f"; read so far: {_listed(read)}."
            if mine is not None
            else f"Your search {self._doing(None, yours=True)} "
            f"after reading {_nodes(len(self.yours))}: {_listed(read)}."
        )
        at = self.reference_step(step)
        pruned = [
            s for e in self.trace.events[: at + 1] if e.kind == CUTOFF for s in e.skipped_states
        ]
        done = list(self.reference[: step + 1])
        ref = (
            f"{_capital(self.search)} reads {theirs}{_under(self.tree, theirs)}; "
            f"read so far: {_listed(done)}"
            if theirs is not None
            else f"{_capital(self.search)} has returned "
            f"{_value_text(self.reference_values.get(self.root))} after reading "
            f"{_nodes(len(self.reference))}: {_listed(done)}"
        )
        if pruned:
            ref += f"; pruned so far: {_listed(pruned)}"
        return f"Step {step} of {self.last_step}. {yours} {ref}."

    def __repr__(self) -> str:
        where = "agree throughout" if self.parting is None else f"part at step {self.parting}"
        return f"<Comparison of your search and {self.search} on the {self.case}: {where}>"


# Where the two part, and why ----------------------------------------------------------


def _parting(c: Comparison, only_root: bool) -> tuple[int | None, str, tuple]:
    """The first step where the reads differ, else where a finished value differs:
    ``(step, sentence, (your node, the reference's node))``."""
    for step in range(c.last_step):
        mine, theirs = _at(c.yours, step), _at(c.reference, step)
        if mine != theirs:
            return step, f"Step {step}: {_why_reads(c, step, mine, theirs)}.", (mine, theirs)
    finish = _finish_steps(c.tree, c.reference)
    compared = [c.root] if only_root else sorted(finish, key=lambda s: finish[s])
    for state in compared:
        if state in c.reference_values and not _same_value(
            c.your_values.get(state), c.reference_values[state]
        ):
            step = finish[state]
            return step, f"Step {step}: {_why_value(c, state, step)}.", (state, state)
    return None, _agreement(c, only_root), (None, None)


def _same_value(mine, theirs) -> bool:
    if isinstance(theirs, tuple):
        return (
            isinstance(mine, tuple) and len(mine) == len(theirs) and all(map(_same, mine, theirs))
        )
    return _is_number(mine) and _same(mine, theirs)


def _agreement(c: Comparison, only_root: bool) -> str:
    value = _value_text(c.reference_values.get(c.root))
    said = (
        f"returned its value, {value}"
        if only_root
        else f"gave every node the same {_word(c)} ({value} at {c.root})"
    )
    return (
        f"Your search read the same {len(c.reference)} nodes as {c.search}, in the same "
        f"order, and {said}: they agree throughout."
    )


def _why_reads(c: Comparison, step: int, mine, theirs) -> str:
    """Why the reads part at ``step``: ``mine`` read instead of ``theirs`` (either may be None)."""
    if mine is None:
        if not c.yours:
            stop = f"your search never asked the game about {theirs}, where {c.search} starts"
            return stop + (f" (it raised {c.error})" if c.error else "")
        stop = (
            f"your search raised {c.error} after reading {c.yours[-1]}"
            if c.error
            else f"your search returned after reading {c.yours[-1]}"
        )
        return f"{stop}, and never read {theirs}{_needed(c, step, theirs)}"
    if mine in c.glanced:
        asked = ", ".join(c.glanced[mine])
        text = f"your search asked the game about {mine} ({asked}) before its loop reached {mine}"
        if theirs is not None:
            text += f"; {c.search} reads {theirs} next"
        return text + _never(c, mine)
    if mine not in c.reference:
        return f"your search read {mine}{_why_never(c, step, mine, theirs)}"
    if theirs is not None and theirs not in c.yours:
        return f"your search skipped {theirs} (it read {mine} instead){_needed(c, step, theirs)}"
    parent = c.tree.parent(mine)
    if theirs is not None and parent == c.tree.parent(theirs):
        return (
            f"your search read the children of {parent} in another order: {mine} before "
            f"{theirs}; {c.search} tries the actions in the order game.actions gives them"
        )
    return (
        f"your search read the nodes in another order: {mine} here, where {c.search} reads {theirs}"
    )


def _never(c: Comparison, state) -> str:
    """When the reference asks about ``state``: when its loop gets there, or never (and why)."""
    if state in c.reference:
        return f", and asks about {state} only when its loop reaches it"
    cut = _cut_above(c.trace, c.tree, state)
    if cut is None:
        return f", and never asks about {state}"
    return f", and never asks about {state}: it cuts {cut.state} at {_cut_test(cut)} first"


def _why_never(c: Comparison, step: int, mine, theirs) -> str:
    """Why the reference never reads ``mine``: a cut above it, or the depth limit."""
    next_read = f", and reads {theirs} next" if theirs is not None else ""
    cut = _cut_above(c.trace, c.tree, mine)
    if cut is not None:
        if cut.step < c.reference_step(step) or theirs is None:
            return f"; {c.search} had already cut {cut.state} at {_cut_test(cut)}{next_read}"
        return (
            f"; {c.search} reads {theirs} here, and never reads {mine}: later it cuts "
            f"{cut.state} at {_cut_test(cut)}"
        )
    limit = next(
        (
            e
            for e in c.trace
            if e.kind == LEAF and e.terminal is False and e.state in _ancestors(c.tree, mine)
        ),
        None,
    )
    if limit is not None:
        return (
            f", below the depth limit: with depth={c.depth}, {c.search} stops at "
            f"{limit.state} and evaluates it ({format_value(limit.value)}){next_read}"
        )
    return f", which {c.search} never reads{next_read}"


def _needed(c: Comparison, step: int, theirs) -> str:
    """Why the reference reads ``theirs`` at ``step``: it reads every node (down to the
    depth limit), or, for alpha-beta, no cut was possible yet."""
    parent = c.tree.parent(theirs)
    if parent is None:
        return f", where {c.search} starts"
    if c.search == "depth-limited minimax":
        return f"; with depth={c.depth}, {c.search} reads every node down to that depth"
    if c.search != "alpha-beta":
        return f"; {c.search} reads every node"
    before = [s for s in c.reference[:step] if c.tree.parent(s) == parent]
    if not before:
        return (
            f", which alpha-beta reads first at {parent}: nothing can be cut before a child "
            "has come back"
        )
    frame = c.trace.frame(c.reference_step(step) - 1)
    node = next(e.node for e in c.trace if e.state == parent)
    value, window = frame.value.get(node), frame.window.get(node)
    if window is None or value is None:
        return f", which alpha-beta reads after {before[-1]}"
    alpha, beta = window
    if c.tree.to_move(parent) == "MIN":
        test = f"is above α = {format_value(alpha)}"
    else:
        test = f"is below β = {format_value(beta)}"
    return (
        f", which alpha-beta reads after {before[-1]}: {parent}'s best so far, "
        f"{format_value(value)}, {test}, so there is no cut yet"
    )


def _cut_above(trace: Trace, tree: GameTree, state):
    """The cutoff event in ``trace`` that skipped ``state`` or one of its ancestors."""
    above = {state, *_ancestors(tree, state)}
    return next(
        (e for e in trace if e.kind == CUTOFF and above & set(e.skipped_states)),
        None,
    )


def _cut_test(cut) -> str:
    """``2 ≤ α = 3`` (a MIN node's cut) or ``5 ≥ β = 4`` (a MAX node's)."""
    if cut.role == "min":
        return f"{format_value(cut.value)} ≤ α = {format_value(cut.alpha)}"
    return f"{format_value(cut.value)} ≥ β = {format_value(cut.beta)}"


def _why_value(c: Comparison, state, step: int) -> str:
    """What differs at ``state``, finished at ``step`` (where the reads agree): what both
    read there, the value ``state`` returns on each side, and the rule."""
    now = _at(c.reference, step)
    if now is None:
        where, returned = "both searches have returned", f"{state} has returned"
    else:
        returned = "it returns" if state == now else f"{state} has returned"
        where = f"both read {now}"
    mine = (
        _value_text(c.your_values[state])
        if state in c.your_values
        else "nothing (your function raised when called there)"
    )
    theirs = format_value(c.reference_values[state])
    rule = "alpha-beta returns the minimax value" if c.search == "alpha-beta" else _rule(c, state)
    return (
        f"{where}; {returned} {mine} in your search, {theirs} in {c.search}'s"
        f"{_searched_to(c, state)}: {rule}"
    )


def _searched_to(c: Comparison, state) -> str:
    """For a depth limit, the depth ``state`` is searched to: `` (depth=2 at A, so B
    is searched to depth 1)``; nothing without a depth limit."""
    if c.depth is None:
        return ""
    called = f"depth={c.depth} at {c.root}"
    if state == c.root:
        return f" ({called})"
    plies = len(_ancestors(c.tree, state)) - len(_ancestors(c.tree, c.root))
    return f" ({called}, so {state} is searched to depth {c.depth - plies})"


def _rule(c: Comparison, state) -> str:
    """What ``state`` does with its children's values, in the reference search."""
    tree = c.tree
    event = next(e for e in c.trace if e.state == state and e.kind in (LEAF, EXIT))
    if event.kind == LEAF and event.terminal:
        owner = "for every player" if c.search == "max^n" else "for MAX"
        return f"{state} is terminal, worth its utility {owner}"
    if event.kind == LEAF:
        return f"{state} is at the depth limit, worth game.evaluate({state!r}, 'MAX')"
    kids = [k for k in tree.children(state) if k in c.reference_values]
    shown = ", ".join(format_value(c.reference_values[k]) for k in kids)
    mover = tree.to_move(state)
    if c.search == "max^n":
        return (
            f"{state} is {mover}'s node, and {mover} takes the child best in its own entry "
            f"(index {tree.players.index(mover)}) among {shown}"
        )
    if tree.role(state) == "chance":
        terms = " + ".join(
            f"{format_probability(tree.probability(state, k))} × {format_value(c.reference_values[k])}"
            for k in kids
        )
        return f"{state} is a chance node, worth the sum of probability × value: {terms}"
    take = "largest" if mover == "MAX" else "smallest"
    return f"{state} is a {mover} node, which takes the {take} of its children's values ({shown})"


# Small helpers -----------------------------------------------------------------------------


def _at(reads, step: int, default=None):
    return reads[step] if step < len(reads) else default


def _ancestors(tree: GameTree, state) -> list:
    """The states above ``state``, its parent first (none for a state not in the tree)."""
    if not tree.is_state(state):
        return []
    out, node = [], tree.parent(state)
    while node is not None:
        out.append(node)
        node = tree.parent(node)
    return out


def _subtree(tree: GameTree, root) -> list:
    out, stack = [], [root]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(reversed(tree.children(node)))
    return out


def _finish_steps(tree: GameTree, reads) -> dict:
    """The step at which a side has finished each node it read, children before parents.

    A node is finished once nothing under it is read any more: at the step of
    its last read below it (it is a leaf there) or the step after, which is
    ``len(reads)``, the return, for the root.
    """
    index = {s: i for i, s in enumerate(reads)}
    last = dict(index)
    for i, state in enumerate(reads):
        for above in _ancestors(tree, state):
            if above in last:
                last[above] = max(last[above], i)
    finish = {s: last[s] if last[s] == index[s] else last[s] + 1 for s in reads}
    # Deeper first among equals: a child is finished before its parent.
    depth = {s: len(_ancestors(tree, s)) for s in reads}
    return dict(sorted(finish.items(), key=lambda item: (item[1], -depth[item[0]])))


def _word(c: Comparison) -> str:
    return "vector" if c.search == "max^n" else "value"


def _value_text(value) -> str:
    if value is None:
        return "None"
    if isinstance(value, list):
        value = tuple(value)
    return format_value(value) if _is_number(value) or isinstance(value, tuple) else repr(value)


def _under(tree: GameTree, state) -> str:
    parent = tree.parent(state) if tree.is_state(state) else None
    role = tree.to_move(state) if tree.is_state(state) else "?"
    kind = "a leaf" if tree.is_state(state) and tree.is_terminal(state) else role
    return f" ({kind}" + (f", under {parent})" if parent is not None else ", the root)")


def _nodes(count: int) -> str:
    return f"{count} node" if count == 1 else f"{count} nodes"


def _listed(states) -> str:
    return ", ".join(str(s) for s in states) or "nothing"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
