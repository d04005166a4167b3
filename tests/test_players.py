import pytest

from aisearch import minimax, play_game, random_player, search_player
from aisearch.games import TicTacToe

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
    assert play_game(textbook(), [search_player(), search_player()]).outcome == {"MAX": 3, "MIN": -3}
