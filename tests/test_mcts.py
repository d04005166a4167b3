"""Monte Carlo tree search: it converges to minimax, its trace replays, bad input is refused."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aisearch import alphabeta, expectimax, minimax
from aisearch.exercises import check_selection
from aisearch.games import DiceNim, GameTree, TicTacToe
from aisearch.mcts import (
    BACKPROPAGATE,
    EXPAND,
    SELECT,
    SIMULATE,
    MCTSTrace,
    mcts,
    mcts_player,
    uct_score,
)
from aisearch.players import play_game, random_player


def reachable(game):
    """Every position reachable from the start, by the game's own moves."""
    seen, stack = set(), [game.initial_state()]
    while stack:
        state = stack.pop()
        if state in seen:
            continue
        seen.add(state)
        if not game.is_terminal(state):
            stack.extend(game.result(state, a) for a in game.actions(state))
    return seen


def optimal_moves(game, state):
    """The moves that keep plain minimax's value for the player to move."""
    best = minimax(game, state).value
    return {
        a
        for a in game.actions(state)
        if _value_for(game, game.result(state, a), game.to_move(state)) == best
    }


def _value_for(game, state, player):
    if game.is_terminal(state):
        return game.utility(state, player)
    value = minimax(game, state).value
    return value if game.to_move(state) == player else -value


def tictactoe_values(game):
    """Every reachable position's minimax value for X, from the definition,
    each position computed once (the whole game in a fraction of a second)."""
    values = {}

    def value(state):
        if state not in values:
            if game.is_terminal(state):
                values[state] = game.utility(state, "X")
            else:
                kids = [value(game.result(state, a)) for a in game.actions(state)]
                values[state] = max(kids) if game.to_move(state) == "X" else min(kids)
        return values[state]

    value(game.initial_state())
    return values


@pytest.fixture(scope="module")
def forced_wins():
    """Tic-tac-toe positions where the player to move can force a win, every 60th in order.

    Some of the sample have no winning move at once: the win takes a fork.
    """
    game = TicTacToe()
    for_x = tictactoe_values(game)
    assert set(for_x) == reachable(game)
    wins = sorted(
        s
        for s, v in for_x.items()
        if not game.is_terminal(s) and v == (1 if game.to_move(s) == "X" else -1)
    )
    sample = wins[::60]
    assert len(sample) >= 40  # thousands of forced wins: a large sample
    return {s: optimal_moves(game, s) for s in sample}


def test_mcts_finds_a_winning_move_in_every_forced_win(forced_wins):
    game = TicTacToe()
    slow = 0
    for state, winning in forced_wins.items():
        result = mcts(game, state, iterations=2000, seed=0)
        assert result.action in winning, (game.render(state), result.action, winning)
        assert result.value > 0  # the root's mean is on the winner's side
        slow += not any(game.is_terminal(game.result(state, a)) for a in winning)
    assert slow >= 5  # wins that need more than one move are in the sample


def test_few_iterations_are_not_enough_and_many_are():
    # X to move can force a win, but not with every move.
    game = TicTacToe()
    state = game.from_rows("X.O", "...", "O.X")
    winning = optimal_moves(game, state)
    assert minimax(game, state).value == 1
    assert 0 < len(winning) < len(game.actions(state))
    hits = {
        n: sum(mcts(game, state, iterations=n, seed=s).action in winning for s in range(10))
        for n in (10, 2000)
    }
    assert hits[2000] == 10 and hits[10] < hits[2000]


def random_play_value(tree):
    """The exact value of a tree when both players move at random (every layer a fair die)."""
    return expectimax(GameTree.from_nested(tree.to_nested(), layers=("chance",))).value


def test_the_root_value_approaches_the_minimax_value():
    trees = [GameTree.random(4, (2, 3), values=(-1, 1), seed=seed) for seed in range(40)]
    # Only trees where random play misleads: there a playout average is not enough.
    misleading = [t for t in trees if abs(minimax(t).value - random_play_value(t)) >= 0.3]
    assert len(misleading) >= 10
    errors = {}
    for n in (30, 300, 3000):
        errors[n] = sum(
            abs(mcts(t, iterations=n, seed=i).value - minimax(t).value)
            for i, t in enumerate(misleading)
        ) / len(misleading)
    assert errors[30] > errors[300] > errors[3000]
    assert errors[3000] < 0.1
    # And the moves: the most visited child is a minimax move on nearly all of them.
    right = sum(
        mcts(t, iterations=3000, seed=i).action in optimal_moves(t, t.root)
        for i, t in enumerate(misleading)
    )
    assert right >= len(misleading) - 1


@given(seed=st.integers(0, 10**6), iterations=st.integers(1, 60))
def test_statistics_add_up(seed, iterations):
    tree = GameTree.random(3, (1, 3), values=(-3, 3), seed=seed)
    result = mcts(tree, iterations=iterations, seed=seed)
    root = result.tree
    assert result.stats.iterations == root.visits == iterations
    nodes = list(root.walk())
    assert result.stats.nodes == len(nodes) <= iterations + 1
    assert result.stats.max_depth == max(n.depth for n in nodes) <= 3
    for node in nodes:
        if node.children:  # a node's visits: its own first playout, then its children's
            assert node.visits == sum(c.visits for c in node.children.values()) + (node is not root)
            assert node.total == pytest.approx(
                sum(c.total for c in node.children.values())
                + (0 if node is root else _first_result(node))
            )
    assert sum(c.visits for c in result.children.values()) == iterations
    most = max(c.visits for c in result.children.values())
    first_most = next(
        a
        for a in tree.actions(tree.root)
        if a in result.children and result.children[a].visits == most
    )
    assert result.action == first_most  # ties go to the first in the game's order
    assert result.value == pytest.approx(root.mean)


def _first_result(node):
    """The result of the playout made when ``node`` was added: its total less its children's."""
    return node.total - sum(c.total for c in node.children.values())


def test_values_are_for_the_player_to_move_at_the_root():
    # Searched from MIN's node B of the textbook tree, the result speaks for MIN.
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = mcts(tree, "B", iterations=200, seed=1, exploration=20)
    assert result.action == "b1"  # MIN takes the 3
    assert result.children["b1"].mean == -3
    assert result.value < 0
    assert alphabeta(tree, "B").value == -3  # alphabeta speaks for MIN too


def test_seeded_searches_repeat_and_seeds_differ():
    game = TicTacToe()
    first = mcts(game, iterations=300, seed=7)
    again = mcts(game, iterations=300, seed=7)
    assert first.children == again.children and first.value == again.value
    other = mcts(game, iterations=300, seed=8)
    assert other.children != first.children


def test_exploration_zero_is_greedy_and_misses_a_hidden_win():
    #                 A (max)
    #           a1 /          \ a2
    #         B (min)          C (min)
    #        /      \          /  \
    #     D (max)   E (max)    0    0
    #   1 -1 -1 -1  -1 -1 -1 1
    # a1 wins (MAX finds the 1 under D and under E), but three random
    # playouts in four through B lose. Greedy selection gives up on a1 after
    # one bad playout and stays with the safe 0 of a2.
    tree = GameTree.from_nested([[[1, -1, -1, -1], [-1, -1, -1, 1]], [0, 0]])
    assert minimax(tree).action == "a1" and random_play_value(tree) < 0
    chosen = {
        c: [mcts(tree, iterations=300, seed=s, exploration=c).action for s in range(10)]
        for c in (0, math.sqrt(2))
    }
    assert chosen[0].count("a2") >= 5
    assert chosen[math.sqrt(2)] == ["a1"] * 10


def test_a_time_limit_stops_the_search():
    result = mcts(TicTacToe(), time_limit=0.05, seed=0)
    assert result.stats.iterations >= 1 and result.action in TicTacToe().actions(".........")
    capped = mcts(TicTacToe(), iterations=5, time_limit=60, seed=0)
    assert capped.stats.iterations == 5


def test_a_terminal_root_has_no_action():
    game = TicTacToe()
    result = mcts(game, "XXXOO....", iterations=10)
    assert (result.action, result.value, result.stats.iterations) == (None, -1, 0)


def test_a_custom_playout_policy_is_used():
    tree = GameTree.from_nested([[[1, -1], [-1, 1]], [[0, 0], [0, 0]]])
    calls = []

    def first_move(game, state, rng):
        calls.append(state)
        return game.actions(state)[0]

    mcts(tree, iterations=20, seed=0, playout=first_move)
    assert calls and all(not tree.is_terminal(s) for s in calls)


def test_chance_nodes_are_sampled_by_their_probabilities():
    # MAX picks a lottery (0.9 of 2, 0.1 of 40: worth 5.8) or a sure 3.
    tree = GameTree.from_nested([[(0.9, 2), (0.1, 40)], [3, 3]], layers=("max", "chance"))
    result = mcts(tree, iterations=3000, seed=0, exploration=40)
    assert result.action == "a1" == expectimax(tree).action
    assert result.children["a1"].mean == pytest.approx(5.8, abs=0.8)
    # Dice Nim: the search starts after a roll (A's turn) and draws later rolls.
    game = DiceNim(stones=5)
    rolled = game.result(game.initial_state(), game.actions(game.initial_state())[2])
    trace = MCTSTrace(game)
    dice = mcts(game, rolled, iterations=200, seed=0, tracer=trace)
    assert dice.action in game.actions(rolled)
    assert any(e.chance for e in trace.of_kind(SELECT))


@pytest.mark.parametrize(
    "options, message",
    [
        ({}, "give mcts a budget"),
        ({"iterations": 0}, "iterations must be a whole number >= 1, got 0"),
        ({"iterations": 2.5}, "iterations must be a whole number"),
        ({"iterations": True}, "iterations must be a whole number"),
        ({"time_limit": 0}, "time_limit must be a positive, finite number"),
        ({"time_limit": -1.0}, "time_limit must be a positive"),
        ({"time_limit": math.inf}, "time_limit must be a positive, finite"),
        (
            {"iterations": 10, "exploration": -0.5},
            "exploration must be a finite number >= 0, got -0.5",
        ),
        ({"iterations": 10, "exploration": math.nan}, "exploration must be a finite number >= 0"),
    ],
)
def test_bad_budgets_are_errors(options, message):
    with pytest.raises(ValueError, match=message):
        mcts(TicTacToe(), **options)
    with pytest.raises(ValueError, match=message.split(",")[0]):
        mcts_player(**{"iterations": None, **options})


class Stuck:
    """Two players; the start is not over, yet nobody can move."""

    players = ("A", "B")

    def initial_state(self):
        return "stuck"

    def to_move(self, state):
        return "A"

    def actions(self, state):
        return ()

    def result(self, state, action):  # never asked: there is no action
        raise AssertionError("no action to apply")

    def utility(self, state, player):  # never asked: the state is not over
        raise AssertionError("not a finished game")

    def is_terminal(self, state):
        return False


def test_more_than_two_players_and_a_stuck_state_are_named():
    from aisearch.games.coinrow import CoinRow

    with pytest.raises(
        ValueError, match=r"mcts assumes a two-player game, but CoinRow\(.*has 3 players"
    ):
        mcts(CoinRow(), iterations=10)
    with pytest.raises(ValueError, match="state 'stuck' is not terminal but has no actions"):
        mcts(Stuck(), iterations=10)


def test_a_chance_root_is_an_error():
    game = DiceNim(stones=5)
    with pytest.raises(ValueError, match="is a chance state: there is no move to choose"):
        mcts(game, iterations=10)


def test_the_player_wins_against_random_and_draws_against_alpha_beta():
    game = TicTacToe()
    from aisearch.players import search_player

    record = play_game(game, {"X": mcts_player(2000, seed=0), "O": search_player()})
    assert record.outcome == {"X": 0, "O": 0}
    outcomes = [
        play_game(game, {"X": random_player(seed=s), "O": mcts_player(500, seed=s)}).outcome
        for s in range(5)
    ]
    assert all(o["O"] >= 0 for o in outcomes)
    assert (
        play_game(game, {"X": mcts_player(300, seed=3), "O": random_player(seed=1)}).moves
        == play_game(game, {"X": mcts_player(300, seed=3), "O": random_player(seed=1)}).moves
    )


def test_uct_score_is_mean_plus_bonus():
    assert uct_score(0.25, 4, 20) == pytest.approx(
        0.25 + math.sqrt(2) * math.sqrt(math.log(20) / 4)
    )
    assert uct_score(-1, 1, 1, exploration=3) == -1  # ln 1 = 0: no bonus yet


# The trace --------------------------------------------------------------------------------


def traced(game, state=None, **options):
    trace = MCTSTrace(game)
    result = mcts(game, state, tracer=trace, **options)
    return trace, result


def test_the_trace_tells_each_iteration_in_four_kinds_of_step():
    trace, result = traced(GameTree.from_nested([[1, 1, -1], [0, 0]]), iterations=12, seed=0)
    counts = trace.counts()
    assert counts[EXPAND] == result.stats.nodes  # the root's included
    assert counts[SIMULATE] == counts[BACKPROPAGATE] == 12
    assert trace[0].kind == EXPAND and trace[0].node == 0 and trace[0].parent is None
    for event in trace.of_kind(SELECT):
        assert event.node in {s.node for s in event.scores}
        chosen = next(s for s in event.scores if s.node == event.node)
        assert chosen.score == max(s.score for s in event.scores)
        assert chosen.score == pytest.approx(chosen.mean + chosen.bonus)
    kinds = [e.kind for e in trace if e.iteration == 7]
    assert kinds == [SELECT, SELECT, SIMULATE, BACKPROPAGATE]


def test_the_scores_in_a_select_step_are_uct_scores():
    trace, _ = traced(GameTree.from_nested([[1, 1, -1], [0, 0]]), iterations=12, seed=0)
    for event in trace.of_kind(SELECT):
        frame = trace.frame(event.step - 1)  # the tree just before the choice
        parent_visits = frame.visits[event.parent]
        for s in event.scores:
            sign = 1 if trace.nodes()[event.parent].role == "max" else -1
            assert s.visits == frame.visits[s.node]
            assert s.mean == pytest.approx(sign * frame.mean[s.node])
            assert s.score == pytest.approx(uct_score(s.mean, s.visits, parent_visits))


@given(seed=st.integers(0, 10**6), iterations=st.integers(1, 40))
def test_the_replay_ends_with_the_search_tree(seed, iterations):
    tree = GameTree.random(3, (1, 3), values=(-2, 2), seed=seed)
    trace, result = traced(tree, iterations=iterations, seed=seed)
    last = trace.frame(-1)
    nodes = {node.id: node for node in result.tree.walk()}
    assert sorted(last.present) == sorted(nodes)
    for n, node in nodes.items():
        assert last.visits[n] == node.visits
        assert (last.mean[n] is None) == (node.visits == 0)
        if node.visits:
            assert last.mean[n] == pytest.approx(node.mean)
        assert trace.nodes()[n].state == node.state
    assert last.counts == {
        "iterations": iterations,
        "nodes": result.stats.nodes,
        "playout_moves": result.stats.playout_moves,
    }
    # Step by step, the root has been visited once per finished iteration.
    for event in trace.of_kind(BACKPROPAGATE):
        assert trace.frame(event.step).visits[0] == event.iteration


def test_the_trace_speaks_from_max_view_and_in_sentences():
    trace, _ = traced(GameTree.from_nested([[1, 1, -1], [0, 0]]), iterations=8, seed=0)
    assert trace.sentence(0) == "The tree starts as the root A alone (MAX to move), with no visits."
    assert trace.sentence(2) == (
        "Iteration 1, simulate: a random playout from B ends after 1 move in E, worth 1 to MAX."
    )
    assert trace.sentence(3) == (
        "Iteration 1, backpropagate: add 1 to every node on the path "
        "B → A; the root now has 1 visit and mean 1."
    )
    assert trace.sentence(7).startswith(
        "Iteration 3, select: A is fully expanded; MAX takes the highest UCT score, a1 to B: "
        "mean for MAX 1 + bonus 1.18 = 2.18"
    )
    mins = [e for e in trace.of_kind(SELECT) if trace.nodes()[e.parent].role == "min"]
    assert mins and "MIN takes the highest UCT score" in trace.sentence(mins[0].step)


def test_replaying_outside_the_trace_is_an_error():
    trace = MCTSTrace()
    with pytest.raises(ValueError, match="the trace is empty"):
        trace.frame(0)
    trace, _ = traced(TicTacToe(), iterations=3, seed=0)
    with pytest.raises(ValueError, match="outside this trace's steps"):
        trace.frame(len(trace))


def test_tracing_does_not_change_the_search():
    game = TicTacToe()
    plain = mcts(game, iterations=400, seed=11)
    _, with_trace = traced(game, iterations=400, seed=11)
    assert plain.children == with_trace.children and plain.action == with_trace.action


def test_a_tracer_sees_chance_draws():
    tree = GameTree.from_nested([[(0.5, 1), (0.5, -1)], [0, 0]], layers=("max", "chance"))
    trace, _ = traced(tree, iterations=30, seed=0)
    drawn = [e for e in trace.of_kind(SELECT) if e.chance]
    assert drawn and all(e.scores == () for e in drawn)
    assert "chance draws" in trace.sentence(drawn[0].step)


def test_the_search_leaves_the_global_random_generator_alone():
    random.seed(5)
    expected = random.random()
    random.seed(5)
    mcts(TicTacToe(), iterations=50, seed=1)
    assert random.random() == expected


def test_the_uct_exercise_check_accepts_the_formula_and_names_slips():
    from aisearch.exercises import check_uct_score

    assert check_uct_score(lambda m, n, big_n, c: m + c * math.sqrt(math.log(big_n) / n)).passed
    handed = check_uct_score(lambda m, n, big_n, c: uct_score(m, n, big_n, c))
    assert not handed.passed and "the package's own `aisearch.uct_score`" in handed.message
    swapped = check_uct_score(lambda m, n, big_n, c: m + c * math.sqrt(math.log(n) / big_n))
    assert not swapped.passed and "the visits are swapped" in swapped.message
    no_constant = check_uct_score(lambda m, n, big_n, c: m + math.sqrt(math.log(big_n) / n))
    assert not no_constant.passed and "c multiplies the bonus" in no_constant.message

    def skeleton(mean, visits, parent_visits, exploration):
        raise NotImplementedError

    assert not check_uct_score(skeleton).attempted


@pytest.fixture
def iteration_six_at_b():
    """The hidden-win tree of notebook 08, 12 iterations; iteration 6's selection at B (MIN)."""
    tree = GameTree.from_nested([[[1, -1, -1, -1], [-1, -1, -1, 1]], [0, 0]])
    trace = MCTSTrace(tree)
    mcts(tree, iterations=12, seed=0, tracer=trace)
    event = next(
        e for e in trace.of_kind(SELECT) if e.iteration == 6 and trace.label(e.parent) == "B"
    )
    return trace, event


def test_check_selection_accepts_the_scores_worked_by_hand(iteration_six_at_b):
    trace, event = iteration_six_at_b
    before = trace.frame(event.step - 1)
    parent_visits = before.visits[event.parent]
    # By hand from the picture before the step: MIN negates the means for MAX under D and E.
    by_hand = {
        trace.nodes()[n].action: uct_score(-before.mean[n], before.visits[n], parent_visits)
        for n in trace.nodes()[event.parent].children
    }
    choice = max(by_hand, key=by_hand.get)
    result = check_selection(trace, event.step, by_hand, choice)
    assert result.passed and "MIN at B" in result.message and choice == event.action


def test_check_selection_accepts_scores_rounded_by_hand(iteration_six_at_b):
    """Worked by hand, a score rounded to two decimals is right; one off by more
    than 0.01 is refused, and the message shows the two numbers apart."""
    trace, event = iteration_six_at_b
    right = {s.action: s.score for s in event.scores}
    rounded = {a: round(v, 2) for a, v in right.items()}
    assert rounded != right  # the fixture's scores are not already round
    assert check_selection(trace, event.step, rounded, event.action).passed
    off = dict(rounded, **{event.action: right[event.action] + 0.02})
    refused = check_selection(trace, event.step, off, event.action)
    assert not refused.passed
    first = refused.message.splitlines()[0]
    shown, given = first.split(" at ", 1)[1].split(" = ")[0], first.rsplit("you gave ", 1)[1]
    assert shown.rstrip(".") != given.rstrip(".")


def test_check_selection_names_the_slips(iteration_six_at_b):
    trace, event = iteration_six_at_b
    before = trace.frame(event.step - 1)
    parent_visits = before.visits[event.parent]
    children = trace.nodes()[event.parent].children
    for_max = {
        trace.nodes()[n].action: uct_score(before.mean[n], before.visits[n], parent_visits)
        for n in children
    }
    not_negated = check_selection(trace, event.step, for_max, max(for_max, key=for_max.get))
    assert not not_negated.passed and "MIN scores a child by minus that mean" in not_negated.message
    right = {s.action: s.score for s in event.scores}
    lowest = min(right, key=right.get)
    wrong_choice = check_selection(trace, event.step, right, lowest)
    assert not wrong_choice.passed and "takes the highest UCT score" in wrong_choice.message
    assert not check_selection(trace, event.step, {a: None for a in right}, None).attempted
    missing = check_selection(trace, event.step, {event.action: right[event.action]}, event.action)
    assert not missing.passed and "give a score for each action" in missing.message
    with pytest.raises(ValueError, match="give the step of a select event"):
        check_selection(trace, 0, right, event.action)


def test_a_tied_select_step_says_the_first_action_is_taken():
    """Two children with the same UCT score: the sentence says which rule chose."""
    trace, _ = traced(GameTree.from_nested([[1, 1], [1, 1]]), iterations=6, seed=0)
    tied = [
        e
        for e in trace.of_kind(SELECT)
        if sum(s.score == max(t.score for t in e.scores) for s in e.scores) > 1
    ]
    untied = [e for e in trace.of_kind(SELECT) if e not in tied and e.scores]
    assert tied
    for e in tied:
        first = next(s for s in e.scores if s.score == max(t.score for t in e.scores))
        assert first.node == e.node
        assert "a tie with" in trace.sentence(e.step)
        assert "the first in the order of actions is taken" in trace.sentence(e.step)
    assert all("a tie" not in trace.sentence(e.step) for e in untied)


def test_mcts_refuses_a_two_player_game_that_is_not_zero_sum():
    """MCTS takes MIN's mean as MAX's negated: a game where both players score
    their own coins is refused up front, naming the assumption."""
    from aisearch.games import CoinRow

    game = CoinRow((1, 5, 2, 6), players=("A", "B"))
    with pytest.raises(ValueError, match=r"mcts assumes a zero-sum game.*CoinRow"):
        mcts(game, iterations=10, seed=0)
