import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, alphabeta, expectimax, minimax, negamax, star1
from aisearch.games import GameTree

from trees import nested_trees, roots, zero_sum_evaluation

CHANCE_MAX = ("max", "chance")


def test_expectimax_and_minimax_choose_differently():
    #              A (max)
    #         a1 /        \ a2
    #     B (chance)      C (chance)
    #   0.9/   \0.1      0.5/  \0.5
    #    10     -5        2     3
    tree = GameTree.from_nested([[(0.9, 10), (0.1, -5)], [2, 3]], layers=CHANCE_MAX)
    result = expectimax(tree)
    assert result.value == pytest.approx(8.5) and result.action == "a1"
    # The same numbers with an opponent who always picks the worst for MAX.
    pessimist = minimax(GameTree.from_nested([[10, -5], [2, 3]]))
    assert (pessimist.value, pessimist.action) == (2, "a2")
    assert result.stats.nodes == 7 and result.stats.leaves == 4


def test_expectiminimax_with_max_chance_min_layers():
    # A (max) -> B, C (chance, uniform) -> D..G (min) -> leaves.
    spec = [[[3, 5], [9, 1]], [[4, 6], [2, 8]]]
    tree = GameTree.from_nested(spec, layers=("max", "chance", "min"))
    # B = (3 + 1) / 2 = 2; C = (4 + 2) / 2 = 3.
    result = expectimax(tree)
    assert (result.value, result.action) == (3, "a2")
    assert expectimax(tree, "B").value == 2
    assert tree.role("D") == "min" and tree.role("H") == "max"


def test_depth_limit_uses_evaluations_of_chance_children():
    edges = [
        ("A", "safe", "B"),
        ("A", "gamble", "C"),
        ("B", "b", "B1"),
        ("C", "win", "C1"),
        ("C", "lose", "C2"),
    ]
    values = {"B": 1, "C": 0, "B1": 1, "C1": 10, "C2": -10}
    tree = GameTree.from_edges(
        edges,
        values,
        {"A": "max", "B": "min", "C": "chance"},
        probabilities={("C", "win"): 0.6, ("C", "lose"): 0.4},
    )
    shallow = expectimax(tree, depth=1)
    deep = expectimax(tree)
    assert (shallow.value, shallow.action) == (1, "safe")  # C's evaluation is 0
    assert (deep.value, deep.action) == (pytest.approx(2.0), "gamble")  # 0.6*10 - 0.4*10
    with pytest.raises(ValueError, match="'A' has no value"):
        expectimax(GameTree.from_nested([[1, 2]], layers=CHANCE_MAX), depth=0)


def test_positive_linear_transforms_keep_decisions_monotonic_ones_do_not():
    #        A (max)
    #      /        \
    #  B (chance)   C (chance)     B = (0 + 10) / 2 = 5 beats C = 4
    #   0   10       4   4
    leaves = [[0, 10], [4, 4]]

    def decision(transform, layers):
        spec = [[transform(v) for v in row] for row in leaves]
        search = expectimax if layers else minimax
        return search(GameTree.from_nested(spec, layers=layers)).action

    for transform in (lambda x: x, lambda x: 3 * x + 7, lambda x: 0.5 * x - 2):
        assert decision(transform, CHANCE_MAX) == "a1"
    # sqrt keeps the order of the leaves but not the averages: B = 1.58 < C = 2.
    assert decision(math.sqrt, CHANCE_MAX) == "a2"
    # Minimax only compares, so any order-preserving change keeps its choice.
    for transform in (lambda x: x, math.sqrt, lambda x: x**3, math.exp):
        assert decision(transform, None) == "a2"


class Dice:
    """A one-roll game whose chance node says what it is told to."""

    players = ("MAX", "MIN")

    def __init__(self, outcomes):
        self.outcomes = outcomes

    def initial_state(self):
        return "roll"

    def to_move(self, s):
        return "chance" if s == "roll" else "MAX"

    def actions(self, s):
        return tuple(o for o, _ in self.outcomes) if s == "roll" else ()

    def result(self, s, a):
        return a

    def is_terminal(self, s):
        return s != "roll"

    def utility(self, s, p):
        return s if p == "MAX" else -s

    def chance_outcomes(self, s):
        return self.outcomes


@pytest.mark.parametrize(
    "outcomes, message",
    [
        ([(1, 0.5), (2, 0.4)], "'roll' sum to 0.9, not 1"),
        ([(1, 1.5), (2, -0.5)], "'roll' gives outcome 2 the probability -0.5"),
        ([(1, 0.0), (2, 1.0)], "'roll' gives outcome 1 the probability 0.0"),
        ([], "'roll' has no outcomes"),
        ([(1, 0.5), (1, 0.5)], "'roll' lists outcome 1 twice"),
        ([(1, "half"), (2, 0.5)], "'roll' gives outcome 1 the probability 'half'"),
    ],
)
def test_bad_chance_outcomes_name_the_state(outcomes, message):
    with pytest.raises(ValueError, match=message):
        expectimax(Dice(outcomes))
    with pytest.raises(ValueError, match=message):
        star1(Dice(outcomes), bounds=(0, 10))


def test_a_chance_root_is_valued_for_the_first_player():
    result = expectimax(Dice([(1, 0.25), (5, 0.75)]))
    assert (result.value, result.action) == (4.0, None)


@pytest.mark.parametrize("search", [minimax, alphabeta, negamax])
def test_searches_without_chance_refuse_chance_nodes(search):
    tree = GameTree.from_nested([[1, 2]], layers=CHANCE_MAX)
    with pytest.raises(ValueError, match="has chance nodes.*use aisearch.expectimax"):
        search(tree)
    with pytest.raises(ValueError, match="has chance nodes"):
        search(Dice([(1, 1.0)]))


def test_chance_events_carry_probability_and_running_sum():
    tree = GameTree.from_nested([[(0.25, 4), (0.75, 8)]], layers=CHANCE_MAX)
    trace = Trace(tree)
    expectimax(tree, tracer=trace)
    steps = trace.of_kind("chance")
    assert [(e.state, e.probability, e.value, e.total) for e in steps] == [
        ("B", 0.25, 4, 1.0),
        ("B", 0.75, 8, 7.0),
    ]
    ids = {row.state: row.id for row in trace.nodes().values()}
    assert trace.frame(steps[0].step).value[ids["B"]] == 1.0
    assert trace.nodes()[ids["D"]].probability == 0.75
    assert trace.nodes()[ids["B"]].role == "chance"
    assert trace.sentence(steps[1].step) == (
        "B weighs D's 8 by its probability 3/4: the sum so far is 7."
    )
    assert trace.root_value() == 7.0


@given(nested_trees, roots)
def test_expectimax_is_minimax_without_chance(spec, root):
    tree = GameTree.from_nested(spec, root_role=root)
    assert expectimax(tree)[:2] == minimax(tree)[:2]
    assert star1(tree, bounds=(-6, 6))[:2] == minimax(tree)[:2]


def in_halves(spec):
    """The same nested list with every leaf value v made v + 1/2: floats, as games
    give them, and never 0 (star1 takes -0.0 as the 0 it is, alpha-beta keeps its sign)."""
    return [in_halves(item) for item in spec] if isinstance(spec, list) else spec + 0.5


@given(nested_trees, roots, st.sampled_from([None, 1, 2]), st.booleans())
def test_star1_is_alphabeta_without_chance(spec, root, depth, floats):
    """Star1's MAX and MIN nodes are alpha-beta's pair (``alphabeta_pair``), not
    a copy: on a tree without chance the two searches are one, to every count
    and every event of the trace, floats written as floats."""
    tree = GameTree.from_nested(in_halves(spec) if floats else spec, root_role=root)

    def evaluate(game, state, player):
        value = zero_sum_evaluation(game, state, "MAX") + (0.5 if floats else 0)
        return value if player == "MAX" else -value

    searches = []
    for search, kwargs in ((alphabeta, {}), (star1, {"bounds": (-7, 7)})):
        events: list = []
        result = search(tree, depth=depth, evaluate=evaluate, tracer=events.append, **kwargs)
        searches.append((repr(result), [repr(e) for e in events]))
    assert searches[0] == searches[1]


chance_layers = st.sampled_from(
    [
        ("max", "chance"),
        ("max", "chance", "min", "chance"),
        ("chance", "max", "min"),
        ("max", "min", "chance"),
    ]
)


@st.composite
def chance_trees(draw):
    """Random trees with chance layers and random (non-uniform) probabilities."""
    layers = draw(chance_layers)
    spec = draw(nested_trees)

    def weigh(item, level):
        if not isinstance(item, list):
            return item
        kids = [weigh(c, level + 1) for c in item]
        if layers[level % len(layers)] != "chance":
            return kids
        weights = [draw(st.integers(1, 5)) for _ in kids]
        return [(w / sum(weights), c) for w, c in zip(weights, kids, strict=True)]

    return GameTree.from_nested(weigh(spec, 0), layers=layers)


@given(chance_trees())
def test_star1_equals_expectimax_on_bounded_trees(tree):
    plain = expectimax(tree)
    for bounds in ((-6, 6), (-7, 10), (-math.inf, math.inf)):
        pruned = star1(tree, bounds=bounds)
        assert pruned.value == pytest.approx(plain.value)
        assert pruned.stats.nodes <= plain.stats.nodes


def test_star1_prunes_with_bounds_and_not_without():
    #          A (max)
    #       /        \
    #  B (chance)    C (chance)      B = 9; C's first outcome 0 caps C at
    #   9    9        0    ?          (0 + 10) / 2 = 5 < 9 with values in [0, 10]
    tree = GameTree.from_nested([[9, 9], [0, 7]], layers=CHANCE_MAX)
    trace = Trace(tree)
    bounded = star1(tree, bounds=(0, 10), tracer=trace)
    unbounded = star1(tree, bounds=(-math.inf, math.inf))
    assert bounded.value == unbounded.value == expectimax(tree).value == 9
    assert (bounded.stats.nodes, bounded.stats.cutoffs) == (6, 1)
    assert (unbounded.stats.nodes, unbounded.stats.cutoffs) == (7, 0)
    assert trace.pruned() == ["G"]
    [cut] = trace.of_kind("cutoff")
    assert trace.sentence(cut.step) == (
        "Cutoff at C: whatever the other outcomes bring, its average is at most 5 ≤ α = 9. Skip G."
    )


def test_sentences_write_probabilities_as_the_edges_do():
    from aisearch.viz import TreeFigure

    # Three equally likely outcomes under B and C. B = 9, and C's first
    # outcome, 0, caps C at 0 + 2/3 · 10 < 9: its other two are pruned.
    tree = GameTree.from_nested([[9, 9, 9], [0, 7, 7]], layers=CHANCE_MAX)
    trace = Trace(tree)
    star1(tree, bounds=(0, 10), tracer=trace)
    drawing = TreeFigure(trace, step=-1, show_actions=False).drawing
    ids = {row.state: row.id for row in trace.nodes().values()}
    for e in trace.of_kind("chance"):
        edge = drawing.probability_texts[e.child].get_text()
        assert edge == "1/3" and f"by its probability {edge}:" in trace.sentence(e.step)
    # The pruned outcomes were never weighed, and their edges still say 1/3.
    assert trace.pruned() == ["H", "I"]
    for pruned in ("H", "I"):
        assert trace.nodes()[ids[pruned]].probability is None
        assert drawing.probability_texts[ids[pruned]].get_text() == "1/3"


def test_star1_visits_fewer_nodes_on_some_random_trees():
    fewer = 0
    for seed in range(20):
        tree = GameTree.random(4, 3, values=(0, 9), seed=seed, layers=("max", "chance"))
        plain, pruned = expectimax(tree), star1(tree, bounds=(0, 9))
        assert pruned.value == pytest.approx(plain.value) and pruned.action == plain.action
        fewer += pruned.stats.nodes < plain.stats.nodes
    assert fewer >= 15


@pytest.mark.parametrize(
    "bounds, message",
    [
        ((3, 3), "low < high"),
        ((5, 1), "low < high"),
        (3, "a pair"),
        (("a", 1), "numbers"),
        ((0, float("nan")), "numbers"),
    ],
)
def test_bad_bounds(bounds, message):
    with pytest.raises(ValueError, match=message):
        star1(GameTree.from_nested([[1, 2]], layers=CHANCE_MAX), bounds=bounds)


def test_values_outside_the_bounds_name_the_state():
    tree = GameTree.from_nested([[1, 20]], layers=CHANCE_MAX)
    with pytest.raises(ValueError, match="utility of 'D' is 20, outside the bounds"):
        star1(tree, bounds=(0, 10))


def test_a_chance_state_is_valued_for_whoever_moves_after_the_roll():
    from aisearch.games import DiceNim
    from aisearch.games.dicenim import DiceNimState

    game = DiceNim(5)
    for player in ("A", "B"):
        state = DiceNimState(5, player, None)
        assert game.to_move(state) == "chance"
        assert expectimax(game, state).value == pytest.approx(1 / 9)  # for the roller


# Star1 in exact arithmetic ----------------------------------------------------


@pytest.mark.parametrize("n", range(2, 8))
def test_star1_gives_the_last_of_n_outcomes_its_window(n):
    #                 A (max)
    #          /                \
    #     B (chance)           C (chance)     n equally likely outcomes each
    #    /  ...  \            /  ...   \
    #   min ... min          min ...  min     (n of them)
    #   3 3     3 3          3 3      0 9
    # B = 3, so C is entered with α = 3. After n − 1 outcomes worth 3, C has
    # 3(n − 1)/n and nothing is left to come: its last MIN node fails low if it
    # is worth at most (3 − 3(n − 1)/n) · n = 3, so its first leaf, 0, cuts the
    # 9, even with infinite bounds. With n = 3, 1 − 1/3 − 1/3 − 1/3 left about
    # 1e-16 still to come, times an infinite bound: nothing was cut.
    spec = [[[3, 3]] * n, [[3, 3]] * (n - 1) + [[0, 9]]]
    tree = GameTree.from_nested(spec, layers=("max", "chance", "min"))
    nine = tree.children(tree.children("C")[-1])[-1]
    for bounds in ((-math.inf, math.inf), (-10, 10)):
        trace = Trace(tree)
        result = star1(tree, bounds=bounds, tracer=trace)
        assert trace.pruned() == [nine]
        assert result.stats.nodes == expectimax(tree).stats.nodes - 1
        assert (result.value, result.action) == (pytest.approx(3), "a1")


def test_fraction_probabilities_give_exact_values():
    fair = [(1, Fraction(1, 3)), (2, Fraction(1, 3)), (6, Fraction(1, 3))]
    assert expectimax(Dice(fair)).value == Fraction(1 + 2 + 6, 3)
    assert star1(Dice(fair), bounds=(0, 6)).value == Fraction(3)
    with pytest.raises(ValueError, match="sum to 2/3, not 1"):
        expectimax(Dice(fair[:2]))


def exact_star1(tree, state, alpha, beta, low, high, visited):
    """Ballard's Star1 in exact arithmetic, straight from its inequalities.

    ``visited`` collects the states in the order the search enters them. The
    probabilities are Fractions and the values integers, so every sum and
    comparison is exact; an infinite bound times a probability of 0 still to
    come counts as 0, never as ``nan``.
    """
    visited.append(state)
    if tree.is_terminal(state):
        return tree.utility(state, "MAX")
    children = [tree.result(state, a) for a in tree.actions(state)]
    mover = tree.to_move(state)
    if mover == "chance":
        probabilities = [p for _, p in tree.chance_outcomes(state)]
        done = Fraction(0)  # sum of probability × value so far
        for i, (child, p) in enumerate(zip(children, probabilities, strict=True)):
            left = sum(probabilities[i + 1 :], Fraction(0))
            best = left * high if left else 0  # the most the rest can add
            worst = left * low if left else 0  # the least
            # The child's values v for which done + p·v + best ≤ α, or
            # done + p·v + worst ≥ β, decide this node whatever the rest bring.
            v = exact_star1(
                tree,
                child,
                max((alpha - done - best) / p, low),
                min((beta - done - worst) / p, high),
                low,
                high,
                visited,
            )
            done += p * v
            if left and done + best <= alpha:
                return done + best
            if left and done + worst >= beta:
                return done + worst
        return done
    value = -math.inf if mover == "MAX" else math.inf
    for child in children:
        v = exact_star1(tree, child, alpha, beta, low, high, visited)
        if mover == "MAX":
            value, alpha = max(value, v), max(alpha, v)
            if value >= beta:
                break
        else:
            value, beta = min(value, v), min(beta, v)
            if value <= alpha:
                break
    return value


def exact_expectiminimax(tree, state):
    """The expectiminimax value from its definition (AIMA 4e, section 5.5)."""
    if tree.is_terminal(state):
        return tree.utility(state, "MAX")
    values = [exact_expectiminimax(tree, tree.result(state, a)) for a in tree.actions(state)]
    mover = tree.to_move(state)
    if mover == "chance":
        return sum(p * v for (_, p), v in zip(tree.chance_outcomes(state), values, strict=True))
    return max(values) if mover == "MAX" else min(values)


@st.composite
def chance_specs(draw):
    """Random nested lists with 2 to 7 outcomes of Fraction probability at each
    chance node, and the layers they are read with.

    Chance layers lie above MAX or MIN layers, where a finite window passed
    down can cut even when the bounds are infinite.
    """
    layers = draw(
        st.sampled_from(
            [
                ("max", "chance", "min"),
                ("max", "chance", "min", "chance"),
                ("chance", "max", "chance", "min"),
                ("max", "chance", "chance", "min"),
                ("max", "min", "chance"),
            ]
        )
    )
    depth = draw(st.integers(2, 4))

    def node(level):
        if level == depth or (level > 0 and draw(st.integers(0, 3)) == 0):
            return draw(st.integers(-6, 6))
        if layers[level % len(layers)] != "chance":
            return [node(level + 1) for _ in range(draw(st.integers(1, 4)))]
        weights = draw(st.lists(st.integers(1, 4), min_size=2, max_size=7))
        return [(Fraction(w, sum(weights)), node(level + 1)) for w in weights]

    return node(0), layers


def exact_chance_trees():
    """Random trees of ``chance_specs``, their probabilities Fractions."""
    return chance_specs().map(lambda drawn: GameTree.from_nested(drawn[0], layers=drawn[1]))


def in_floats(spec):
    """The same nested list with every probability a float, as games give them."""
    if isinstance(spec, tuple):
        return (float(spec[0]), in_floats(spec[1]))
    if isinstance(spec, list):
        return [in_floats(item) for item in spec]
    return spec


@settings(max_examples=150, deadline=None)
@given(exact_chance_trees())
def test_star1_cuts_as_exact_arithmetic_does(tree):
    exact = exact_expectiminimax(tree, tree.root)
    assert expectimax(tree).value == exact
    for value, result in star1_beside_the_reference(tree, tree):
        assert result.value == value == exact


STAR1_BOUNDS = ((-6, 6), (-7, 10), (-6, math.inf), (-math.inf, math.inf))
"""Finite bounds (tight and loose), one infinite side, and both infinite."""


def star1_beside_the_reference(exact_tree, searched_tree):
    """For each of ``STAR1_BOUNDS``: the exact reference's value on ``exact_tree``
    and star1's result on ``searched_tree``, after asserting that star1 visits
    exactly the reference's nodes, in its order."""
    for low, high in STAR1_BOUNDS:
        visited: list = []
        value = exact_star1(exact_tree, exact_tree.root, -math.inf, math.inf, low, high, visited)
        trace = Trace(searched_tree)
        result = star1(searched_tree, bounds=(low, high), tracer=trace)
        assert trace.visited() == visited, (low, high)
        yield value, result


@settings(max_examples=150, deadline=None)
@given(chance_specs())
def test_star1_with_float_probabilities_cuts_as_exact_arithmetic_does(drawn):
    """The games give probabilities as floats (1/3 as 0.333...): Star1 still
    decides every cut, ties included, as the exact reference does."""
    spec, layers = drawn
    exact_tree = GameTree.from_nested(spec, layers=layers)
    float_tree = GameTree.from_nested(in_floats(spec), layers=layers)
    for value, result in star1_beside_the_reference(exact_tree, float_tree):
        assert isinstance(result.value, (int, float))
        assert result.value == pytest.approx(float(value))


def test_a_tie_with_thirds_is_a_tie():
    """-4/3 + 1/3 * 3 = -1/3 = alpha: with 1/3 as a float the cut was missed."""
    tree = GameTree.from_nested(
        [[(1 / 3, -1), (1 / 3, -1), (1 / 3, 1)], [(1 / 3, -2), (1 / 3, -2), (1 / 3, 0)]],
        layers=("max", "chance"),
    )
    trace = Trace(tree)
    result = star1(tree, bounds=(-3, 3), tracer=trace)
    assert trace.pruned() == ["I"] and result.stats.cutoffs == 1
    assert result.value == pytest.approx(-1 / 3)
