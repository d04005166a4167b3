import pytest

from aisearch import count_games, count_outcomes, count_positions, count_tree_nodes
from aisearch.games import TicTacToe
from aisearch.games.tictactoe import CELLS, winner


def test_the_six_parts():
    game = TicTacToe()
    start = game.initial_state()
    assert start == "........." and game.to_move(start) == "X"
    assert game.actions(start) == CELLS == tuple((r, c) for r in range(3) for c in range(3))
    s = game.result(start, (0, 2))
    assert s == "..X......" and game.to_move(s) == "O" and start == "........."
    assert (0, 2) not in game.actions(s) and len(game.actions(s)) == 8
    won = game.from_rows("XXX", "OO.", "...")
    assert game.is_terminal(won) and game.actions(won) == ()
    assert (game.utility(won, "X"), game.utility(won, "O")) == (1, -1)
    full = game.from_rows("XOX", "XOO", "OXX")
    assert game.is_terminal(full) and game.utility(full, "X") == 0


def test_hand_built_positions_outside_the_table_are_worked_out():
    game = TicTacToe()
    # X has two lines at once: legal (the last X completed both) and unreachable
    # only in the table's sense that the search stops at the first win.
    state = game.from_rows("XXX", "OOX", "OOX")
    assert game.is_terminal(state) and game.utility(state, "X") == 1


@pytest.mark.parametrize(
    "state, message",
    [
        ("XX.......", "2 X and 0 O"),
        ("XO", "not a tic-tac-toe state"),
        (None, "not a tic-tac-toe state"),
        ("XXXOOO...", "both players"),
        ("XXXOO.O..", "play went on after X had won"),
    ],
)
def test_bad_states_are_named(state, message):
    game = TicTacToe()
    with pytest.raises(ValueError, match=message):
        game.is_terminal(state)
    with pytest.raises(ValueError, match=message):
        game.to_move(state)


def test_illegal_moves_are_named():
    game = TicTacToe()
    s = game.from_rows("X..", ".O.", "...")
    with pytest.raises(ValueError, match=r"illegal move \(1, 1\).*holds O"):
        game.result(s, (1, 1))
    with pytest.raises(ValueError, match=r"\(3, 0\) is not a cell"):
        game.result(s, (3, 0))
    with pytest.raises(ValueError, match="the game is over"):
        game.result(game.from_rows("XXX", "OO.", "..."), (2, 2))
    with pytest.raises(ValueError, match="player must be 'X' or 'O'"):
        game.utility(s, "Z")


def test_render_and_from_rows_round_trip():
    game = TicTacToe()
    s = game.from_rows("X|O|.", "- X -", "_ _ O")
    assert s == "XO..X...O"
    assert game.render(s) == "X O .\n. X .\n. . O"
    assert game.winner(game.from_rows("O..", "XO.", "XXO")) == "O"


def test_published_counts_come_out_of_the_enumeration():
    # Schaefer (2002) and OEIS A008907: 255,168 games; 549,946 nodes; 5,478 positions;
    # X wins 131,184, O wins 77,904, draws 46,080.
    game = TicTacToe()
    assert count_games(game) == 255_168
    assert count_tree_nodes(game) == 549_946
    assert count_positions(game) == 5_478
    assert count_outcomes(game) == {1: 131_184, -1: 77_904, 0: 46_080}


def test_evaluation_lies_strictly_inside_the_utilities():
    game = TicTacToe()
    seen, stack = set(), [game.initial_state()]
    while stack:
        s = stack.pop()
        if s in seen:
            continue
        seen.add(s)
        for p in game.players:
            assert -1 < game.evaluate(s, p) < 1
            assert game.evaluate(s, p) == -game.evaluate(s, "O" if p == "X" else "X")
        stack.extend(game.result(s, a) for a in game.actions(s))
    assert game.evaluate("....X....", "X") == pytest.approx(4 / 9)


def test_winner_helper_matches_lines():
    assert winner("X...X...X") == "X" and winner("..O.O.O..") == "O" and winner("XO.......") is None
