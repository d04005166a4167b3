import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, minimax
from aisearch.games import GameTree
from aisearch.games.coinrow import CoinRow
from aisearch.maxn import maxn
from aisearch.paranoid import Paranoid, paranoid

from trees import nested_trees, paranoid_by_definition, roots

THREE = ("P1", "P2", "P3")

#                 A (P1)
#          a1 /          \ a2
#         B (P2)          C (P2)
#       /      \        /       \
#   D (5,3,2) E (4,2,4) F (1,6,3) G (3,3,4)
#
# Paranoid P1: B's coalition gives P1 min(5, 4) = 4, C's min(1, 3) = 1: 4 by a1.
# Max^n: P2 picks D at B (3 > 2), so P1 really gets 5 there.
SHALLOW = [[(5, 3, 2), (4, 2, 4)], [(1, 6, 3), (3, 3, 4)]]


def test_golden_tree_paranoid_is_pessimistic():
    tree = GameTree.from_nested(SHALLOW, players=THREE)
    result = paranoid(tree)
    assert (result.value, result.action) == (4, "a1")
    assert maxn(tree).value[0] == 5
    # For P3, P1 and P2 together: B gives P3 min(2, 4) = 2, C min(3, 4) = 3,
    # and P1 (in the coalition now) moves to B: P3 is sure of 2 only.
    for_p3 = paranoid(tree, player="P3")
    assert (for_p3.value, for_p3.action) == (2, "a1")
    # Alpha-beta prunes in the reduced game: C stops at F (1 <= alpha 4).
    assert result.stats.cutoffs == 1


@settings(max_examples=60)
@given(
    seed=st.integers(0, 10**6),
    depth=st.integers(1, 4),
    player=st.sampled_from(THREE),
    layers=st.lists(st.sampled_from(THREE), min_size=1, max_size=4),
)
def test_paranoid_is_a_guarantee_below_the_maxn_share(seed, depth, player, layers):
    tree = GameTree.random(
        depth, (1, 3), players=THREE, values=(0, 9), seed=seed, layers=tuple(layers)
    )
    value = paranoid(tree, player=player).value
    assert value <= maxn(tree).value[THREE.index(player)]
    # The reduction by hand: minimax from player's side, the others minimising.
    assert value == paranoid_by_definition(tree, tree.root, player)


def test_root_mover_paranoid_is_minimax_on_the_vector_tree():
    # minimax on a vector tree takes the root mover as MAX and everyone else as MIN.
    tree = GameTree.random(3, 3, players=THREE, values=(0, 9), seed=7)
    assert paranoid(tree).value == minimax(tree).value
    assert paranoid(tree).action == minimax(tree).action


@given(nested_trees, roots)
def test_two_players_paranoid_is_minimax(spec, root):
    tree = GameTree.from_nested(spec, root_role=root)
    expected = minimax(tree)
    got = paranoid(tree)
    assert (got.value, got.action) == (expected.value, expected.action)
    other = "MIN" if tree.to_move(tree.root) == "MAX" else "MAX"
    assert paranoid(tree, player=other).value == -expected.value


def test_on_coin_rows_with_a_depth_limit():
    game = CoinRow((3, 9, 1, 2, 7, 4, 8, 5))
    full = paranoid(game)
    assert full.value == paranoid_by_definition(game, game.initial_state(), "P1")
    assert paranoid(game, player="P2").value <= maxn(game).value[1]
    for depth in (1, 2, 3, 5):
        limited = paranoid(game, depth=depth)
        assert limited.stats.max_depth == depth
        assert limited.action in game.actions(game.initial_state())
        assert limited.value == pytest.approx(
            paranoid_by_definition(game, game.initial_state(), "P1", depth)
        )


def test_trace_speaks_from_the_paranoid_players_side():
    tree = GameTree.from_nested(SHALLOW, players=THREE)
    trace = Trace()
    paranoid(tree, "B", player="P1", tracer=trace)
    # Searched from B, where the coalition moves: values stay P1's.
    assert trace.root_value() == 4
    assert trace.nodes()[0].role == "min"


def test_bad_players_are_named():
    tree = GameTree.from_nested(SHALLOW, players=THREE)
    with pytest.raises(ValueError, match="player 'P4' is not one of the game's players"):
        paranoid(tree, player="P4")
    with pytest.raises(ValueError, match="side must be 'me' or 'rest'"):
        Paranoid(tree, "P1").utility("D", "P1")
