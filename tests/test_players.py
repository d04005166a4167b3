import random

import pytest

from aisearch import (
    alphabeta,
    expectimax,
    minimax,
    play_game,
    random_player,
    search_player,
)
from aisearch.game import CHANCE
from aisearch.games import GameTree, TicTacToe
from aisearch.games.dicenim import DiceNim, Roll
from aisearch.games.isolation import Isolation
from aisearch.games.twenty48 import Mini2048
from aisearch.players import (
    Decision,
    SearchPlayer,
    Tally,
    depth_player,
    draw_outcome,
    epsilon_greedy_player,
    timed_player,
    win_rates,
)

from trees import textbook


def test_minimax_never_loses_to_random_players():
    game = TicTacToe()
    for seed in range(5):
        record = play_game(game, {"X": random_player(seed), "O": search_player()})
        assert record.outcome["O"] >= 0
        assert len(record.states) == len(record.moves) + 1
        assert game.is_terminal(record.states[-1])


def test_random_games_are_reproducible():
    game = TicTacToe()
    one = play_game(game, [random_player(1), random_player(2)])
    two = play_game(game, [random_player(1), random_player(2)])
    assert one.moves == two.moves


def test_minimax_against_itself_draws():
    record = play_game(TicTacToe(), [search_player(minimax)] * 2)
    assert record.outcome == {"X": 0, "O": 0}


def test_max_moves_stops_early():
    record = play_game(TicTacToe(), [random_player(0)] * 2, max_moves=3)
    assert len(record.moves) == 3 and record.outcome is None


def test_illegal_choices_and_missing_players_are_named():
    game = TicTacToe()
    with pytest.raises(ValueError, match=r"player 'X' \(cheat\) chose \(5, 5\)"):

        def cheat(game, state):
            return (5, 5)

        play_game(game, {"X": cheat, "O": random_player()})
    with pytest.raises(ValueError, match="no player function for 'O'"):
        play_game(game, {"X": random_player()})
    with pytest.raises(ValueError, match="matching game.players"):
        play_game(game, [random_player()])
    assert play_game(textbook(), [search_player(), search_player()]).outcome == {
        "MAX": 3,
        "MIN": -3,
    }


# Chance, epsilon-greedy players and win rates ----------------------------------


def test_seeded_chance_is_reproducible_and_recorded():
    game = DiceNim(stones=9)
    games = [
        play_game(game, [random_player(1), random_player(2)], seed=seed).moves for seed in (7, 7, 8)
    ]
    assert games[0] == games[1] and games[0] != games[2]
    record = play_game(game, [random_player(1), random_player(2)], seed=7)
    for state, move, after in zip(record.states, record.moves, record.states[1:], strict=False):
        if game.to_move(state) == CHANCE:
            assert isinstance(move, Roll) and after.roll == move.face
        else:
            assert isinstance(move, int) and after.stones == state.stones - move
    assert sum(record.moves[1::2]) == 9  # rolls and takes alternate; the takes empty the pile


def test_outcomes_are_drawn_by_their_probabilities():
    game = Mini2048(size=2, target=16)
    state = game.result(game.from_rows("2 .", ". ."), "right")  # three empty cells, two tiles
    rng = random.Random(0)
    draws = [draw_outcome(game, state, rng) for _ in range(20_000)]
    for outcome, p in game.chance_outcomes(state):
        assert draws.count(outcome) / len(draws) == pytest.approx(p, abs=0.01)


def test_max_moves_counts_chance_outcomes_too():
    record = play_game(DiceNim(stones=9), [random_player(0)] * 2, max_moves=3, seed=0)
    assert len(record.moves) == 3 and isinstance(record.moves[0], Roll) and record.outcome is None


def test_one_player_games_with_chance():
    game = Mini2048(size=2, target=16)
    record = play_game(game, [search_player(expectimax, depth=3)], seed=4)
    assert game.is_terminal(record.states[-1])
    assert record.outcome == {"player": game.utility(record.states[-1], "player")}
    assert play_game(game, {"player": random_player(4)}, seed=4).outcome["player"] in (-1, 1)


def test_epsilon_zero_is_the_wrapped_player_and_one_is_random_play():
    game = DiceNim(stones=9)
    searcher = search_player(expectimax, depth=3)
    for seed in range(3):
        plain = play_game(game, [searcher, random_player(seed)], seed=seed)
        greedy = play_game(
            game, [epsilon_greedy_player(searcher, 0, seed=99), random_player(seed)], seed=seed
        )
        assert greedy.moves == plain.moves
        at_random = play_game(game, [random_player(seed), random_player(5)], seed=seed)
        wrapped = play_game(
            game, [epsilon_greedy_player(searcher, 1, seed=seed), random_player(5)], seed=seed
        )
        assert wrapped.moves == at_random.moves


def test_epsilon_sets_how_often_the_player_strays():
    tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    best = search_player()(tree, "A")
    for epsilon in (0.1, 0.5):
        player = epsilon_greedy_player(search_player(), epsilon, seed=3)
        strays = sum(player(tree, "A") != best for _ in range(3_000)) / 3_000
        assert strays == pytest.approx(epsilon * 2 / 3, abs=0.03)  # 2 of 3 random picks stray
    again = [epsilon_greedy_player(search_player(), 0.5, seed=3)(tree, "A") for _ in range(2)]
    assert again[0] == again[1]
    assert "epsilon=0.5" in epsilon_greedy_player(search_player(), 0.5).__name__


@pytest.mark.parametrize("epsilon", [-0.1, 1.5, "0.2", None, True])
def test_bad_epsilon_is_named(epsilon):
    with pytest.raises(ValueError, match=f"epsilon must be a number from 0 to 1, got {epsilon!r}"):
        epsilon_greedy_player(random_player(), epsilon)


def test_epsilon_needs_a_player():
    with pytest.raises(ValueError, match="player must be a function"):
        epsilon_greedy_player("alphabeta", 0.1)


def test_win_rates_add_up_and_are_reproducible():
    game = DiceNim(stones=5)

    def table(seed):
        players = {"A": search_player(expectimax), "B": random_player(seed=1)}
        return win_rates(game, players, games=40, seed=seed)

    first, again, other = table(0), table(0), table(100)
    assert first == again and first != other
    a, b = first["A"], first["B"]
    assert isinstance(a, Tally) and a.games == b.games == 40 and a.draws == 0
    assert (a.wins, a.losses) == (b.losses, b.wins)
    assert a.win_rate + a.draw_rate + a.loss_rate == pytest.approx(1)
    assert a.mean_utility == pytest.approx((a.wins - a.losses) / 40) == -b.mean_utility
    assert a.wins > b.wins  # expectimax beats random play
    # Game i is play_game with seed + i.
    players = {"A": random_player(seed=2), "B": random_player(seed=3)}
    fresh = {"A": random_player(seed=2), "B": random_player(seed=3)}
    outcomes = [play_game(game, fresh, seed=10 + i).outcome["A"] for i in range(5)]
    assert win_rates(game, players, games=5, seed=10)["A"].wins == outcomes.count(1)


def test_win_rates_reports_progress_and_checks_its_arguments():
    calls = []
    win_rates(
        DiceNim(stones=3),
        [random_player(0)] * 2,
        games=4,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(1, 4), (2, 4), (3, 4), (4, 4)]
    with pytest.raises(ValueError, match="games must be a whole number >= 1, got 0"):
        win_rates(DiceNim(), [random_player()] * 2, games=0)
    with pytest.raises(ValueError, match="seed must be an int"):
        win_rates(DiceNim(), [random_player()] * 2, seed="a")


def test_win_rates_of_a_one_player_game():
    table = win_rates(
        Mini2048(size=2, target=16), [search_player(expectimax, depth=2)], games=10, seed=0
    )
    tally = table["player"]
    assert list(table) == ["player"] and tally.games == 10 and tally.draws == 0
    assert tally.wins > tally.losses


# Search players that remember their decisions ----------------------------------


def test_depth_player_plays_alphabetas_move_and_remembers_the_decision():
    game = Isolation(5, 5)
    record = play_game(game, [depth_player(3), random_player(1)], max_moves=4)
    state = record.states[2]
    player = depth_player(3, trace=True)
    action = player(game, state)
    plain = alphabeta(game, state, depth=3)
    assert action == plain.action
    last = player.last
    assert isinstance(last, Decision) and isinstance(player, SearchPlayer)
    assert (last.state, last.action, last.value, last.depth) == (state, action, plain.value, 3)
    assert last.nodes == plain.stats.nodes and last.seconds >= 0
    assert len(last.line) == 3 and last.line[0] == action
    assert last.trace is not None and last.trace[-1].value == plain.value
    assert player.__name__ == "depth_player(3)"


def test_timed_player_reaches_a_depth_and_always_moves():
    game = Isolation(5, 5)
    quick = timed_player(1e-9)
    state = game.initial_state()
    assert quick(game, state) == (0, 0) and quick.last.depth == 0 and quick.last.value is None
    player = timed_player(5.0, max_depth=3)
    action = player(game, state)
    assert "timed_player(5 s, max_depth=3)" == player.__name__
    # A loaded machine may stop short of depth 3: check whatever depth was reached.
    reached = player.last.depth
    assert 0 <= reached <= 3 and action in game.actions(state)
    if reached == 0:
        assert action == (0, 0) and player.last.value is None
    else:
        assert player.last.value == minimax(game, state, depth=reached).value
        after = game.result(state, action)  # the move achieves that value
        assert -minimax(game, after, depth=reached - 1).value == player.last.value


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda: depth_player(0), "depth must be at least 1"),
        (lambda: depth_player(None), "needs a depth"),
        (lambda: depth_player(-2), "depth must be None or a whole number"),
        (lambda: timed_player(None), "needs a time_limit"),
        (lambda: timed_player(-1), "time_limit must be a positive number"),
    ],
)
def test_bad_search_players_are_named(make, message):
    with pytest.raises(ValueError, match=message):
        make()
