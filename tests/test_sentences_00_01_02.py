"""The sentences notebook 02 prints about its example, held against the search.

Notebook 02's cells ``alphabeta-cut-1``, ``alphabeta-nested-2`` and
``alphabeta-exact-2`` each print one call of ``aisearch.description``; the
sentences must stay true when a lecturer puts in another tree, so they are
checked here on the textbook tree, on the other tree ``tests/test_prose.py``
puts in its place, on a cut at a MAX node and on the strict rule.

           A (MAX)
      /     |      \\
   B(MIN) C(MIN)  D(MIN)
   3 12 8  2 I J  14 5 2      I and J are never read
"""

import pytest

from aisearch import Trace, alphabeta, minimax
from aisearch.description import describe_cut, describe_exact_outside_window, describe_nested
from aisearch.games import GameTree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
OTHER = [[7, 17, 10], [-4, 15, 16], [19, 18, -10]]  # tests/test_prose.py's OWN_TREE


def traced(spec, **options):
    tree = GameTree.from_nested(spec) if isinstance(spec, list) else spec
    trace = Trace(tree)
    alphabeta(tree, tracer=trace, **options)
    return tree, trace


def test_the_cut_at_c_on_the_textbook_tree():
    _, trace = traced(TEXTBOOK)
    assert describe_cut(trace) == (
        "C is entered with α = 3 (B's value, passed down from A); its first leaf gives 2, "
        "C lowers β to 2, and now α = 3 ≥ β = 2 (the same test as 2 ≤ α): C stops."
    )


def test_the_cut_follows_another_tree():
    _, trace = traced(OTHER)
    assert describe_cut(trace) == (
        "C is entered with α = 7 (B's value, passed down from A); its first leaf gives −4, "
        "C lowers β to −4, and now α = 7 ≥ β = −4 (the same test as −4 ≤ α): C stops."
    )


def test_a_cut_at_max_names_beta_and_where_it_came_from():
    # A ─ B(MIN) ─ D(MAX): −4, 3 ; E(MAX): 8, K  → E meets β = 3, D's value, held by B.
    _, trace = traced(GameTree.random(3, 2, seed=41))
    max_cut = next(c for c in trace.of_kind("cutoff") if c.role == "max")
    assert describe_cut(trace, max_cut) == (
        "E is entered with β = 3 (D's value, passed down from B); its first leaf gives 8, "
        "E raises α to 8, and now α = 8 ≥ β = 3 (the same test as 8 ≥ β): E stops."
    )


def test_the_bound_comes_from_the_node_that_set_it_not_the_nearest():
    # In this tree H (MAX) updates with W's value −4 without raising its α = −3,
    # which A set from B: X's α is B's value, passed down from A.
    _, trace = traced(GameTree.random(4, 3, seed=5))
    x = next(c for c in trace.of_kind("cutoff") if c.state == "X")
    assert describe_cut(trace, x).startswith(
        "X is entered with α = −3 (B's value, passed down from A)"
    )


def test_the_strict_rule_is_told_as_strict():
    # C's first leaf equals α = 3; without pruning on equality C reads on to 1.
    _, trace = traced([[3, 5], [3, 1, 9]], prune_on_equal=False)
    assert describe_cut(trace) == (
        "C is entered with α = 3 (B's value, passed down from A); its leaves give 3, 1, "
        "C lowers β to 1, and now α = 3 > β = 1 (the same test as 1 < α): C stops."
    )
    _, trace = traced([[3, 5], [3, 1, 9]])
    assert "now α = 3 ≥ β = 3 (the same test as 3 ≤ α)" in describe_cut(trace)


def test_describe_cut_refuses_a_trace_without_a_cut_and_a_foreign_event():
    _, trace = traced([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match=r"describe_cut\(trace\): trace has no cutoff"):
        describe_cut(trace)
    _, other = traced(TEXTBOOK)
    with pytest.raises(ValueError, match="cut must be a cutoff event of trace"):
        describe_cut(other, trace[0])


@pytest.mark.parametrize("spec", [TEXTBOOK, OTHER], ids=["textbook", "other"])
def test_the_nested_notation_says_what_the_search_proved(spec):
    tree, trace = traced(spec)
    first, second, because = describe_nested(trace).split("\n")
    b, c, d = (str(v).replace("-", "−") for v in spec[0]), spec[1][0], spec[2]
    assert first == (
        f"MAX{{MIN{{{', '.join(b)}}}, MIN{{{c}, x, y}}, MIN{{{', '.join(map(str, d))}}}}}".replace(
            "-", "−"
        )
    )
    value = minimax(tree).value
    assert second.endswith(f"= {value}".replace("-", "−"))
    assert second.startswith(f"  = MAX{{{value}, MIN{{".replace("-", "−"))
    assert because.startswith("because MIN{") and because.endswith("whatever x and y are")


def test_the_letters_stand_for_anything():
    tree, trace = traced(TEXTBOOK)
    for x in (-100, 0, 100):
        for y in (-100, 0, 100):
            changed = tree.with_values(dict(zip(trace.pruned(), (x, y), strict=True)))
            assert minimax(changed).value == 3
    assert describe_nested(trace).split("\n")[1] == "  = MAX{3, MIN{2, x, y}, 2} = 3"


def test_nested_refuses_an_unfinished_search():
    with pytest.raises(ValueError, match="did not finish"):
        describe_nested(Trace())


def test_exact_outside_its_window():
    _, trace = traced(TEXTBOOK)
    assert describe_exact_outside_window(trace) == (
        "D returns 2 ≤ α = 3, outside its window, yet all of its children (14, 5, 2) were "
        "read: D is worth exactly 2."
    )
    _, trace = traced(OTHER)
    assert describe_exact_outside_window(trace).startswith("D returns −10 ≤ α = 7")
    _, trace = traced([[3, 5], [3, 1, 9]])
    assert describe_exact_outside_window(trace) == (
        "Every node's value outside its window is only a bound."
    )
