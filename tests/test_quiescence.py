"""Quiescence search: it fixes the horizon effect, and is alpha-beta where all is quiet."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aisearch import Trace, TranspositionTable, alphabeta, minimax, negamax
from aisearch.engine import negamax_engine
from aisearch.games import GameTree, TicTacToe
from aisearch.games.tictactoe import _tables
from aisearch.quiescence import quiescence_search, threat_moves

GAME = TicTacToe()
POSITIONS = sorted(s for s in _tables()[0] if not GAME.is_terminal(s))


def true_value_of_move(state, action):
    """The exact minimax value, for the player at ``state``, of playing ``action``."""
    child = GAME.result(state, action)
    value = minimax(GAME, child).value
    return value if GAME.to_move(child) == GAME.to_move(state) else -value


def test_the_horizon_position():
    """O to move. Plain depth 2 strictly prefers the centre, which loses:

        . X .
        . . .       O's centre threatens the diagonal (0, 0)-(2, 2), but X's
        X . O       forced block at (0, 0) is a fork: X then threatens (0, 2)
                    and (1, 0) at once.

    X's win comes at ply 4, two plies past the horizon; at depth 2 the
    evaluation sees nothing wrong. The preference is strict (not a tie broken
    by row-major order): the centre scores higher at depth 2 than the one
    move that truly draws. Quiescence goes on searching the forced replies
    (O must block, X then wins) and plays (0, 2), the only draw.
    """
    state = ".X....X.O"
    plain = alphabeta(GAME, state, depth=2)
    quiet = quiescence_search(GAME, state, depth=2, noisy=threat_moves)
    at_depth_2 = {
        a: -alphabeta(GAME, GAME.result(state, a), depth=1).value for a in GAME.actions(state)
    }
    draws = [a for a in GAME.actions(state) if true_value_of_move(state, a) == 0]
    assert plain.action == (1, 1) and true_value_of_move(state, (1, 1)) == -1
    assert at_depth_2[plain.action] == plain.value
    assert draws and all(at_depth_2[plain.action] > at_depth_2[a] for a in draws)
    assert all(at_depth_2[plain.action] > v for a, v in at_depth_2.items() if a != plain.action)
    assert quiet.action == (0, 2) and draws == [(0, 2)]
    assert minimax(GAME, state).value == 0
    assert quiet.stats.max_depth > 2  # it looked past the horizon
    # In quiescence's eyes, the centre loses: X's fork is seen to the end.
    after = GAME.result(state, (1, 1))
    assert quiescence_search(GAME, after, depth=1, noisy=threat_moves).value == 1


def test_quiescence_never_plays_into_an_immediate_loss_at_depth_1():
    """Depth 1 plus quiescence always blocks a threat or wins: never a move that loses at once."""
    for state in POSITIONS:
        action = quiescence_search(GAME, state, depth=1, noisy=threat_moves).action
        child = GAME.result(state, action)
        if not GAME.is_terminal(child):
            for reply in GAME.actions(child):
                assert (
                    GAME.utility(GAME.result(child, reply), GAME.to_move(state)) >= 0
                    or minimax(GAME, state).value == -1
                ), (state, action)


def test_it_is_plain_alphabeta_when_nothing_is_noisy():
    for state in POSITIONS[::7]:
        for depth in (1, 2, 3):
            plain = alphabeta(GAME, state, depth=depth)
            calm = quiescence_search(GAME, state, depth=depth, noisy=lambda g, s: [])
            cut = quiescence_search(GAME, state, depth=depth, noisy=threat_moves, max_extension=0)
            assert calm == cut == plain  # value, action and every counter


def test_deep_enough_it_is_minimax_and_fewer_horizon_mistakes_overall():
    mistakes = {"plain": 0, "quiescence": 0}
    for state in POSITIONS[::6]:
        assert (
            quiescence_search(GAME, state, depth=9, noisy=threat_moves).value
            == minimax(GAME, state).value
        )
        best = minimax(GAME, state).value
        for name, result in (
            ("plain", alphabeta(GAME, state, depth=2)),
            ("quiescence", quiescence_search(GAME, state, depth=2, noisy=threat_moves)),
        ):
            mistakes[name] += true_value_of_move(state, result.action) < best
    assert mistakes["quiescence"] < mistakes["plain"] / 2


def test_the_game_may_define_its_noise_and_stand_pat_declines_it():
    class NoisyTicTacToe(TicTacToe):
        def noisy_actions(self, state):
            return threat_moves(self, state)

    game = NoisyTicTacToe()
    state = ".X....X.O"
    assert quiescence_search(game, state, depth=2) == quiescence_search(
        GAME, state, depth=2, noisy=threat_moves
    )
    # Standing pat, O may ignore a threat at the horizon, so the horizon is back.
    assert quiescence_search(game, state, depth=2, stand_pat=True).action == (1, 1)


def test_depth_0_at_a_noisy_root_searches_its_noisy_moves():
    state = "XO..X...."  # O must block the diagonal at (2, 2)
    ahead = lambda game, s, player: 0.5 if s == state else -0.5  # noqa: E731
    forced = quiescence_search(GAME, state, depth=0, evaluate=ahead, noisy=threat_moves)
    assert (forced.value, forced.action, forced.stats.nodes) == (-0.5, (2, 2), 2)
    # Standing pat, the root's own evaluation is a floor: O declines the block.
    declined = quiescence_search(
        GAME, state, depth=0, evaluate=ahead, noisy=threat_moves, stand_pat=True
    )
    assert (declined.value, declined.action, declined.stats.nodes) == (0.5, None, 2)


def test_every_position_is_valued_for_the_root_player():
    """An evaluation need not be zero-sum: quiescence asks it, as alphabeta
    does, for the root player only, though the engine it runs on is negamax."""
    lopsided = lambda game, s, player: sum(map(ord, s)) % 7 + (player == "X") / 2  # noqa: E731
    for state in POSITIONS[::50]:
        for depth in (1, 2, 3):
            calm = quiescence_search(
                GAME, state, depth=depth, evaluate=lopsided, noisy=lambda g, s: []
            )
            assert calm == alphabeta(GAME, state, depth=depth, evaluate=lopsided)


def test_a_game_that_is_not_zero_sum_is_searched_from_the_root_players_side():
    tree = GameTree.from_nested([[(5, 3), (4, 2)], [(1, 6), [(3, 3), (0, 9)]]], players=("A", "B"))
    with pytest.raises(ValueError, match="zero-sum"):
        negamax(tree)
    flat = lambda game, state, player: 0  # noqa: E731
    every = quiescence_search(tree, depth=1, evaluate=flat, noisy=lambda g, s: g.actions(s))
    assert every == alphabeta(tree)


def test_the_engine_keeps_no_table_of_noisy_searches():
    with pytest.raises(ValueError, match="pass no table"):
        negamax_engine(GAME, depth=1, noisy=threat_moves, table=TranspositionTable())


def test_the_trace_shows_the_noisy_plies():
    trace = Trace()
    r = quiescence_search(GAME, ".X....X.O", depth=2, noisy=threat_moves, tracer=trace)
    deepest = max(e.depth for e in trace if e.kind == "leaf")
    assert deepest == r.stats.max_depth > 2
    assert trace[-1].kind == "exit" and trace[-1].value == r.value


def test_the_trace_says_which_nodes_are_past_the_horizon_and_noisy():
    """Every node event carries the horizon; ``noisy`` agrees with ``threat_moves``
    asked afresh, a node past the horizon was reached by a noisy move, and the
    sentences say "past the horizon" and "noisy" exactly where they are true."""
    trace = Trace(GAME)
    quiescence_search(GAME, ".X....X.O", depth=2, noisy=threat_moves, tracer=trace)
    nodes = [e for e in trace if e.kind in ("enter", "leaf")]
    assert {e.horizon for e in nodes} == {2}
    seen = {"past": 0, "noisy": 0, "quiet": 0}
    for e in nodes:
        sentence = trace.sentence(e.step)
        past = e.depth > 2
        assert ("past the horizon" in sentence) == past, sentence
        if past:
            seen["past"] += 1
            assert e.action in threat_moves(GAME, trace.nodes()[e.parent].state)
        if GAME.is_terminal(e.state) or e.depth < 2:
            assert e.noisy is None
            assert "noisy" not in sentence and "quiet" not in sentence
        else:
            assert e.noisy == bool(threat_moves(GAME, e.state))
            assert ("noisy" in sentence) == e.noisy and ("quiet" in sentence) == (not e.noisy)
            seen["noisy" if e.noisy else "quiet"] += 1
    assert min(seen.values()) > 0  # every case occurred


def test_a_leaf_at_the_extension_limit_is_said_to_be_still_noisy():
    trace = Trace(GAME)
    quiescence_search(GAME, ".X....X.O", depth=2, noisy=threat_moves, max_extension=1, tracer=trace)
    cut = [e for e in trace if e.kind == "leaf" and e.noisy]
    assert cut and all(e.depth == 3 and threat_moves(GAME, e.state) for e in cut)
    assert "still noisy, but max_extension allows no more plies" in trace.sentence(cut[0].step)


def test_other_searches_carry_no_horizon():
    trace = Trace(GAME)
    alphabeta(GAME, ".X....X.O", depth=2, tracer=trace)
    assert {(e.horizon, e.noisy) for e in trace} == {(None, None)}
    assert all("horizon" not in trace.sentence(i) for i in range(len(trace)))


def test_errors_are_named():
    with pytest.raises(ValueError, match="needs a depth"):
        quiescence_search(GAME, depth=None, noisy=threat_moves)
    with pytest.raises(ValueError, match="has no noisy_actions"):
        quiescence_search(GAME, depth=2)
    with pytest.raises(ValueError, match="depth must be None or a whole number"):
        quiescence_search(GAME, depth=-1, noisy=threat_moves)
    with pytest.raises(ValueError, match="state '.X....X.O' but there is no evaluation function"):
        quiescence_search(TicTacToeWithoutEvaluation(), ".X....X.O", depth=1, noisy=threat_moves)


class TicTacToeWithoutEvaluation(TicTacToe):
    evaluate = None


@given(st.integers(0, 10_000), st.integers(0, 3))
def test_on_random_trees_all_moves_noisy_is_minimax_and_none_is_alphabeta(seed, depth):
    tree = GameTree.random(4, 3, seed=seed)
    flat = lambda game, state, player: 0  # noqa: E731
    every = quiescence_search(tree, depth=depth, evaluate=flat, noisy=lambda g, s: g.actions(s))
    assert every.value == minimax(tree).value
    calm = quiescence_search(tree, depth=depth, evaluate=flat, noisy=lambda g, s: [])
    plain = alphabeta(tree, depth=depth, evaluate=flat)
    assert (calm.value, calm.action, calm.stats) == (plain.value, plain.action, plain.stats)
    assert calm.value == minimax(tree, depth=depth, evaluate=flat).value
