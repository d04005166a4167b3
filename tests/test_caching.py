"""Caching: memo, transposition table, symmetry, and the naive cache that is wrong.

Every cached variant is checked against plain minimax on every reachable
tic-tac-toe position and on random games with transpositions.
"""

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from aisearch import Trace, minimax
from aisearch.alphabeta import alphabeta
from aisearch.caching import (
    EXACT,
    LOWER,
    TO_THE_END,
    UPPER,
    Entry,
    TranspositionTable,
    alphabeta_with_naive_cache,
    memo_minimax,
    naive_cache_failures,
    table_search,
)
from aisearch.counting import reachable_positions
from aisearch.games import GameTree, TicTacToe
from aisearch.negamax import negamax
from aisearch.trace import CACHE_HIT, NARROWED, SYMMETRY_HIT, SYMMETRY_NARROWED

from trees import LayeredDag, dags

GAME = TicTacToe()
POSITIONS = [s for s in reachable_positions(GAME) if not GAME.is_terminal(s)]


@pytest.fixture(scope="module")
def truth():
    """Plain minimax's value of every non-terminal tic-tac-toe position."""
    return {s: minimax(GAME, s).value for s in POSITIONS}


def centre_first(game, state, actions):
    return sorted(actions, key=lambda a: (a != (1, 1), a))


def is_best(game, state, action, value, values):
    """Whether ``action`` reaches ``value`` for the player to move at ``state``."""
    child = game.result(state, action)
    if game.is_terminal(child):
        return game.utility(child, game.to_move(state)) == value
    return -values[child] == value


# Shared tables over all positions: entries are kept from the mover's view and
# searched to the end, so one search's entries are right for every other.
VARIANTS = {
    "alphabeta + table": lambda s, t: alphabeta(GAME, s, table=t),
    "alphabeta + table + symmetry": lambda s, t: alphabeta(GAME, s, table=t, symmetry=True),
    "alphabeta + table + ordering": lambda s, t: alphabeta(GAME, s, table=t, order=centre_first),
    "negamax + table": lambda s, t: negamax(GAME, s, table=t),
    "negamax(prune=False) + table + symmetry": lambda s, t: negamax(
        GAME, s, table=t, prune=False, symmetry=True
    ),
}


CASES = [(name, 1 << 14) for name in VARIANTS] + [
    # A tiny table, so that entries are replaced all the time.
    ("alphabeta + table", 6),
    ("alphabeta + table + symmetry", 6),
]


@pytest.mark.parametrize(("name", "capacity"), CASES)
def test_every_table_variant_equals_minimax_on_every_position(name, capacity, truth):
    table = TranspositionTable(capacity)
    for s in POSITIONS:
        result = VARIANTS[name](s, table)
        assert result.value == truth[s], (name, s)
        assert is_best(GAME, s, result.action, truth[s], truth), (name, s, result.action)
    assert table.hits > 0 and table.stores > 0
    if capacity == 6:
        assert table.replacements > 0 and len(table) <= 6


def test_fresh_tables_and_memos_equal_minimax_on_every_position(truth):
    for s in POSITIONS[::7]:
        for result in (
            memo_minimax(GAME, s),
            memo_minimax(GAME, s, symmetry=True),
            alphabeta(GAME, s, symmetry=True),
        ):
            assert result.value == truth[s], s
        assert memo_minimax(GAME, s).action == minimax(GAME, s).action


def test_depth_limited_tables_equal_depth_limited_minimax_on_every_position():
    # A fresh table per search: a depth-limited entry is right for its own root's depth.
    for depth, positions in ((2, POSITIONS), (1, POSITIONS[::5]), (3, POSITIONS[::5])):
        for s in positions:
            expected = minimax(GAME, s, depth=depth).value
            for result in (
                alphabeta(GAME, s, depth=depth, table=TranspositionTable(64)),
                alphabeta(
                    GAME,
                    s,
                    depth=depth,
                    order=centre_first,
                    symmetry=True,
                    table=TranspositionTable(64),
                ),
                negamax(GAME, s, depth=depth, table=TranspositionTable(8)),
            ):
                assert result.value == expected, (s, depth)


def test_one_table_reused_from_depth_1_to_the_end_as_iterative_deepening_would():
    table = TranspositionTable()
    start = GAME.initial_state()
    for depth in (1, 2, 3, 4, 9):
        result = alphabeta(GAME, start, depth=depth, table=table, symmetry=True)
        assert result.value == minimax(GAME, start, depth=depth).value, depth


@settings(max_examples=40)
@given(dags, st.sampled_from([None, 1, 2, 3]), st.sampled_from([2, 4, 64]))
def test_table_variants_equal_minimax_on_random_games_with_transpositions(game, depth, capacity):
    table = TranspositionTable(capacity)
    for s in game.positions():
        if game.is_terminal(s):
            continue
        expected = minimax(game, s, depth=depth).value
        assert alphabeta(game, s, depth=depth, table=table).value == expected
        assert negamax(game, s, depth=depth, table=TranspositionTable(capacity)).value == expected
        assert negamax(game, s, depth=depth, prune=False, table=table).value == expected
        if depth is None:
            assert memo_minimax(game, s).value == expected


def test_a_table_saves_nodes_on_tic_tac_toe():
    plain, memo = minimax(GAME), memo_minimax(GAME)
    ab, ab_table = alphabeta(GAME), alphabeta(GAME, table=TranspositionTable())
    symmetric = alphabeta(GAME, symmetry=True)
    assert memo.stats.nodes < plain.stats.nodes / 30
    assert symmetric.stats.nodes < ab_table.stats.nodes < ab.stats.nodes
    assert symmetric.stats.symmetry_hits > 0 and ab_table.stats.symmetry_hits == 0
    assert ab_table.stats.bound_hits > 0


def test_memo_stores_each_non_terminal_position_once():
    result = memo_minimax(GAME)
    # Every non-terminal position is expanded once; every other visit is a hit or an end.
    assert result.stats.stores == len(POSITIONS)
    assert result.stats.nodes == result.stats.stores + result.stats.hits + result.stats.leaves


# The table's rules -------------------------------------------------------------


def test_use_rule_answers_only_with_enough_depth_and_the_right_bound():
    use = TranspositionTable.use
    exact, lower, upper = (Entry("s", 2, kind, 3, None, "s") for kind in (EXACT, LOWER, UPPER))
    assert use(exact, 3, -math.inf, math.inf) == (True, 2, -math.inf, math.inf)
    assert use(exact, 4, -math.inf, math.inf)[0] is False  # searched too shallow
    assert use(lower, 3, 0, 2) == (True, 2, 0, 2)  # at least beta: a cut
    assert use(lower, 3, 0, 5) == (False, 2, 2, 5)  # narrows alpha
    assert use(lower, 3, 3, 5) == (False, None, 3, 5)  # says nothing new
    assert use(upper, 3, 2, 5) == (True, 2, 2, 5)  # at most alpha: a cut
    assert use(upper, 3, 0, 5) == (False, 2, 0, 2)  # narrows beta
    deep = Entry("s", 1, EXACT, TO_THE_END, None, "s")
    assert use(deep, 7, -1, 1)[0] is True


def test_replacement_is_depth_preferred_with_an_always_replace_slot():
    table = TranspositionTable(2, index=lambda key: 0)  # one bucket: every key collides
    table.store(Entry("a", 1, EXACT, 5, None, "a"))
    table.store(Entry("b", 1, EXACT, 2, None, "b"))  # shallower: the recent slot
    assert table.probe("a") and table.probe("b")
    table.store(Entry("c", 1, EXACT, 1, None, "c"))  # shallower: replaces b
    assert table.probe("a") and table.probe("c") and table.probe("b") is None
    table.store(Entry("d", 1, EXACT, 9, None, "d"))  # deeper: a moves down, c goes
    assert table.probe("d") and table.probe("a") and table.probe("c") is None
    assert table.replacements == 2 and len(table) == 2


def test_a_store_for_a_stored_key_overwrites_it():
    table = TranspositionTable(4)
    table.store(Entry("a", 1, LOWER, 2, None, "a"))
    table.store(Entry("a", 3, EXACT, 2, None, "a"))
    assert table.probe("a").value == 3 and len(table) == 1 and table.replacements == 0


@pytest.mark.parametrize("capacity", [1, 0, 2.5, True, "big"])
def test_a_bad_capacity_is_refused(capacity):
    with pytest.raises(ValueError, match="capacity"):
        TranspositionTable(capacity)


def test_bad_tables_and_options_are_refused_by_name():
    with pytest.raises(ValueError, match="TranspositionTable"):
        alphabeta(GAME, table={})
    with pytest.raises(ValueError, match="prune_on_equal"):
        alphabeta(GAME, table=TranspositionTable(), prune_on_equal=False)
    tree = GameTree.from_nested([[1, 2], [3, 4]])
    with pytest.raises(ValueError, match="offers no symmetries"):
        alphabeta(tree, symmetry=True)
    with pytest.raises(ValueError, match="offers no symmetries"):
        memo_minimax(tree, symmetry=True)


def test_a_tree_without_repeats_gets_no_hits_and_the_textbook_value():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = alphabeta(tree, table=TranspositionTable())
    assert (result.value, result.action, result.stats.hits) == (3, "a1", 0)
    assert memo_minimax(tree).value == 3


# The naive cache: found wrong, by search ------------------------------------------


def test_the_naive_cache_is_found_wrong_on_some_tic_tac_toe_position(truth):
    failures = naive_cache_failures(GAME)
    assert failures, "the naive cache should give a wrong value somewhere"
    first = failures[0]
    assert alphabeta_with_naive_cache(GAME, first.state).value == first.naive_value
    assert first.naive_value != truth[first.state] == first.true_value
    # The right table gets the same position right.
    assert alphabeta(GAME, first.state, table=TranspositionTable()).value == truth[first.state]
    # Its first wrongly stored value was a bound the search filed as exact: the
    # true value lies on the side of it that a cut allows.
    culprit, stored, true = first.misfiled[0]
    mover_is_root = GAME.to_move(culprit) == GAME.to_move(first.state)
    assert true < stored if not mover_is_root else true > stored
    # Every failure is genuine, and the naive search is right elsewhere.
    wrong = {f.state for f in failures}
    for s in POSITIONS[::5]:
        naive = alphabeta_with_naive_cache(GAME, s).value
        assert (naive != truth[s]) == (s in wrong), s


def test_the_naive_cache_also_fails_on_random_games_with_transpositions():
    found = None
    for seed in range(400):
        game = LayeredDag(seed, layers=4, width=3, branching=3)
        if naive_cache_failures(game, game.positions()):
            found = seed
            break
    assert found is not None


# Traces ---------------------------------------------------------------------------


def searched_then_reached_again(trace):
    """States whose search finished (an exit) and that the search reached again later."""
    done, again = set(), set()
    for e in trace.events:
        if e.kind in ("enter", "leaf", CACHE_HIT) and e.state in done:
            again.add(e.state)
        if e.kind == "exit":
            done.add(e.state)
    return again


def test_a_table_trace_shows_cache_hits_bound_hits_and_replays():
    # Hand-checked: O to move in ..XXOX..O (cells 0, 1, 6, 7 free).
    #
    #   ..XXOX..O --O1--> .OXXOX..O --X0--> XOXXOX..O --O6--> XOXXOXO.O  = 0, stored
    #            \                                               ^        as "at most 0"
    #             --O6--> ..XXOXO.O --X0--> X.XXOXO.O --O1-------'        (it was searched
    #                                                                      with alpha = 1)
    # The same position by the other order of O's moves, again with alpha = 1:
    # "at most 0 <= alpha" answers it, the one table hit. The other positions
    # reached twice (XOXXOX.OO, X.XXOXOOO) are finished games: never stored.
    trace = Trace(GAME)
    state = "..XXOX..O"
    result = alphabeta(GAME, state, table=TranspositionTable(), tracer=trace)
    assert result.value == minimax(GAME, state).value
    hits = trace.of_kind(CACHE_HIT)
    assert {e.state for e in hits} == searched_then_reached_again(trace) == {"XOXXOXO.O"}
    assert len(hits) == result.stats.hits == 1
    assert hits[0].bound in (LOWER, UPPER)
    assert trace.answered_from_table() == {hits[0].node}
    frame = trace.frame(hits[0].step)
    assert frame.status[hits[0].node] == "done"
    assert frame.counts["hits"] == 1
    assert frame.bound[hits[0].node] == hits[0].bound
    assert "table" in frame.sentence and "cut without a search" in frame.sentence
    assert trace.root_value() == result.value


def test_symmetry_hits_are_traced_as_such():
    trace = Trace()
    result = memo_minimax(GAME, "X........", tracer=trace)
    symmetric = memo_minimax(GAME, "X........", symmetry=True, tracer=(sym := Trace()))
    assert result.value == symmetric.value
    assert not trace.of_kind(SYMMETRY_HIT)
    assert len(sym.of_kind(SYMMETRY_HIT)) == symmetric.stats.symmetry_hits > 0
    assert "rotated or mirrored" in sym.sentence(sym.of_kind(SYMMETRY_HIT)[0].step)


def test_tracing_a_table_search_does_not_change_it():
    plain = alphabeta(GAME, "X...O....", table=TranspositionTable())
    traced = alphabeta(GAME, "X...O....", table=TranspositionTable(), tracer=Trace())
    assert plain == traced


def test_a_narrowing_bound_is_traced_after_the_enter():
    for seed in range(300):
        game = LayeredDag(seed, layers=5, width=3, branching=3)
        trace = Trace()
        alphabeta(game, table=TranspositionTable(), tracer=trace)
        events = trace.events
        for e in events:
            if e.kind == NARROWED:
                # Its own kind, right after the node's enter, never an answer.
                assert events[e.step - 1].kind == "enter" and events[e.step - 1].node == e.node
                assert e.node not in trace.answered_from_table()
                frame = trace.frame(e.step)
                assert frame.status[e.node] == "stack"
                assert frame.window[e.node] == (e.alpha, e.beta)
                assert "before its children are searched" in trace.sentence(e.step)
                return
    pytest.fail("no narrowing bound in 300 random games")


def test_table_search_doctest_numbers_are_the_package_s_own():
    result = table_search(GAME, symmetry=True)
    assert result.value == minimax(GAME).value
    assert result.stats.nodes < 2000 and result.stats.symmetry_hits > 0


def test_a_non_terminal_state_without_actions_is_named():
    class Stuck:
        players = ("A", "B")

        def initial_state(self):
            return "stuck"

        def to_move(self, state):
            return "A"

        def actions(self, state):
            return ()

        def result(self, state, action):
            raise AssertionError("no action to play")

        def is_terminal(self, state):
            return False

        def utility(self, state, player):
            raise AssertionError("not terminal")

    with pytest.raises(ValueError, match="state 'stuck' is not terminal but has no actions"):
        memo_minimax(Stuck())


# The exercise's check and the viewer -------------------------------------------------


def test_the_table_rule_check_passes_the_rule_and_explains_wrong_ones():
    from aisearch.exercises import check_table_rule

    def rule(bound, value, entry_depth, depth, alpha, beta):
        if entry_depth < depth:
            return False
        return bound == EXACT or (value >= beta if bound == LOWER else value <= alpha)

    def the_package_s_rule(bound, value, entry_depth, depth, alpha, beta):
        return TranspositionTable.use(
            Entry(None, value, bound, entry_depth, None, None), depth, alpha, beta
        )[0]

    def depth_blind(bound, value, entry_depth, depth, alpha, beta):
        return rule(bound, value, math.inf, depth, alpha, beta)

    def bounds_as_exact(bound, value, entry_depth, depth, alpha, beta):
        return entry_depth >= depth

    def unfinished(*args):
        raise NotImplementedError

    assert check_table_rule(rule).passed
    handed = check_table_rule(the_package_s_rule)
    assert not handed.passed
    assert "hands the work to the package's own `aisearch.TranspositionTable.use`" in (
        handed.message
    )
    assert "entry_depth >= depth" in handed.message  # what to write instead
    blind = check_table_rule(depth_blind)
    assert not blind.passed and "searched only 1 ply deep" in blind.message
    naive = check_table_rule(bounds_as_exact)
    assert not naive.passed and "bound says the value is" in naive.message
    assert not check_table_rule(unfinished).attempted
    assert "True or False" in check_table_rule(lambda *a: 1).message


def test_the_viewer_marks_nodes_answered_from_the_table():
    from aisearch.viz import TreeFigure
    from aisearch.viz.style import TABLE_BADGE

    # Three positions of ..O.XX.XO are reached again after their search
    # finished, and the table answers each (one exact value, two "at most -1"
    # bounds met with alpha = -1): see searched_then_reached_again.
    trace = Trace(GAME)
    alphabeta(GAME, "..O.XX.XO", table=TranspositionTable(), tracer=trace)
    hits = trace.of_kind(CACHE_HIT)
    assert {e.state for e in hits} == searched_then_reached_again(trace)
    assert {e.state for e in hits} == {"XOOOXX.XO", "XOO.XXOXO", "X.OOXXOXO"}
    assert len(hits) == 3
    figure = TreeFigure(trace, step=0)
    assert all(figure.node_style(e.node)["badge"] == "" for e in hits)  # not reached yet
    figure.update(hits[-1].step)
    assert all(figure.node_style(e.node)["badge"] == TABLE_BADGE for e in hits)
    assert "table hits 3" in figure.counters.get_text()
    labels = [t.get_text() for t in figure.legend.get_texts()]
    assert any("table" in text for text in labels)
    assert figure.png()[:4] == b"\x89PNG"


@pytest.mark.parametrize("symmetry", [False, True])
def test_the_table_counters_split_answers_by_kind_and_count_narrowings_apart(symmetry):
    # Read the counts back from the trace: an answer and a narrowed window are
    # events of their own kinds, and a narrowed node was then searched.
    trace, table = Trace(GAME), TranspositionTable()
    result = alphabeta(GAME, table=table, symmetry=symmetry, tracer=trace)
    stats = result.stats
    answered = trace.answered_from_table()
    answers = [e for e in trace.events if e.kind in (CACHE_HIT, SYMMETRY_HIT)]
    narrowings = [e for e in trace.events if e.kind in (NARROWED, SYMMETRY_NARROWED)]
    assert {e.node for e in answers} == answered
    assert not answered & {e.node for e in narrowings}
    assert all(trace.frame(e.step).status[e.node] == "stack" for e in narrowings)
    assert stats.hits == len(answers) == len(answered)
    assert stats.bound_hits == sum(e.bound != EXACT for e in answers)
    assert stats.hits - stats.bound_hits == sum(e.bound == EXACT for e in answers) > 0
    assert stats.narrowed == len(narrowings) > 0
    assert all(e.bound != EXACT for e in narrowings)
    # The table's own counts agree, and every searched node but the root is probed once.
    assert (table.hits, table.bound_hits, table.narrowed) == (
        stats.hits,
        stats.bound_hits,
        stats.narrowed,
    )
    assert table.hits + table.narrowed + table.misses == stats.nodes - stats.leaves - 1


def test_a_narrowing_is_not_a_hit():
    # A bound 0 stored for the first child, met with the full window: a lower
    # bound raises alpha to 0, an upper bound lowers beta to 0, and neither answers.
    state = "X...O...."
    for bound in (LOWER, UPPER):
        table = TranspositionTable()
        child = GAME.result(state, (0, 1))
        table.store(Entry(child, 0, bound, TO_THE_END, None, child))
        result = alphabeta(GAME, state, table=table)
        assert result.value == minimax(GAME, state).value
        assert table.narrowed >= 1 and result.stats.narrowed == table.narrowed
        assert result.stats.hits == table.hits


# Connect Four: the same variants, through the game's own mirror symmetry, on
# small boards late enough that plain minimax can search every position.
def connect_four_positions():
    from aisearch.games import ConnectFour

    cases = []
    for (width, height), stones, count in (((4, 4), 8, 12), ((5, 4), 11, 8)):
        game = ConnectFour(width, height)
        cases += [(game, state) for state in game.random_positions(stones, count, seed=3)]
    return cases


def centre_columns(game, state, actions):
    middle = (game.width - 1) / 2
    return sorted(actions, key=lambda column: (abs(column - middle), column))


CONNECT_FOUR_VARIANTS = {
    "memo": lambda g, s, t: memo_minimax(g, s),
    "memo + symmetry": lambda g, s, t: memo_minimax(g, s, symmetry=True),
    "alphabeta + table": lambda g, s, t: alphabeta(g, s, table=t),
    "alphabeta + table + symmetry": lambda g, s, t: alphabeta(g, s, table=t, symmetry=True),
    "alphabeta + table + ordering": lambda g, s, t: alphabeta(g, s, table=t, order=centre_columns),
    "negamax + table + symmetry": lambda g, s, t: negamax(g, s, table=t, symmetry=True),
    "alphabeta + tiny table + symmetry": lambda g, s, t: alphabeta(
        g, s, table=TranspositionTable(8), symmetry=True
    ),
}


@pytest.mark.parametrize("name", CONNECT_FOUR_VARIANTS)
def test_every_variant_equals_minimax_on_small_connect_four_boards(name):
    search = CONNECT_FOUR_VARIANTS[name]
    tables: dict = {}
    for game, state in connect_four_positions():
        table = tables.setdefault((game.width, game.height), TranspositionTable(1 << 12))
        truth = minimax(game, state)
        found = search(game, state, table)
        assert found.value == truth.value, (name, game.render(state))
        child = game.result(state, found.action)
        mover = game.to_move(state)
        reached = (
            game.utility(child, mover) if game.is_terminal(child) else -minimax(game, child).value
        )
        assert reached == truth.value, (name, found.action, game.render(state))


def test_the_connect_four_positions_are_not_all_alike():
    """The positions above include wins, losses and draws, so the test can fail."""
    values = {minimax(game, state).value for game, state in connect_four_positions()}
    assert values == {-1, 0, 1}
