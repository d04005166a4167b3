""" "Show me its search" shows the search that chose the move: after every
computer move, the shown trace's root choice is the move on the board and its
node count the one the board reports."""

import pytest

from aisearch import alphabeta
from aisearch.games import Isolation, TicTacToe
from aisearch.players import depth_player, random_player, timed_player
from aisearch.viz import GameBoard, StepViewer


def root_choice(trace):
    """The action of the root's best child at the end of the trace."""
    frame = trace.frame(-1)
    best = frame.best[frame.stack[0]]
    return trace.nodes()[best].action


def play_through(board, pick=0):
    """Click legal cells until the game ends; after each computer move, check the shown search."""
    checked = 0
    while not board.over:
        moved = len(board.moves)
        cells = sorted(board.game.actions(board.state))
        r, c = cells[pick % len(cells)]
        board.cells[r][c].click()
        if board.decided_at is None or len(board.moves) == moved + 1:
            continue  # the game ended on our move
        played = board.moves[-1]
        last = board.opponent.last
        trace = board.search_trace()
        assert root_choice(trace) == played == last.action
        assert trace.frame(-1).counts["visited"] == last.last_nodes
        assert trace.frame(-1).stack[0] == 0 and trace.events[0].state == board.decided_at
        board.search_button.click()
        assert isinstance(board.viewer, StepViewer) and board.viewer.trace is trace
        assert f"chose {played}" in board.viewer_area.children[0].value
        assert f"{last.last_nodes:,} nodes" in board.thinking.value
        checked += 1
    return checked


@pytest.mark.parametrize(
    "player", [depth_player(2), depth_player(9), timed_player(0.2, max_depth=9)]
)
def test_tictactoe_boards_show_the_search_that_chose_each_move(player):
    assert play_through(GameBoard(TicTacToe(), player), pick=1) >= 3


@pytest.mark.parametrize("player", [depth_player(3), timed_player(0.2)])
def test_isolation_boards_show_the_search_that_chose_each_move(player):
    assert play_through(GameBoard(Isolation(5, 5), player), pick=2) >= 3


def test_a_timed_player_s_earlier_depths_can_be_opened():
    board = GameBoard(TicTacToe(), timed_player(5.0, max_depth=9))
    board.cells[1][1].click()
    last = board.opponent.last
    board.search_button.click()
    menu = board.depth_menu
    assert menu is not None and menu.value == last.depth and len(last.traces) == last.depth
    menu.value = 1
    shallow = board.search_trace(1)
    assert (
        board.viewer.trace is shallow
        and root_choice(shallow) == alphabeta(board.game, board.decided_at, depth=1).action
    )
    assert "depth-1 search" in board.viewer_area.children[0].value
    with pytest.raises(ValueError, match=f"depths searched, 1..{last.depth}, got 10"):
        board.search_trace(10)


def test_a_player_that_records_nothing_is_never_re_searched():
    board = GameBoard(TicTacToe(), random_player(0))
    board.cells[1][1].click()
    with pytest.raises(ValueError, match="does not record its searches"):
        board.search_trace()
    board.search_button.click()
    assert board.viewer is None
    assert "does not record its searches" in board.viewer_area.children[0].value


def test_a_clock_that_ran_out_says_so():
    board = GameBoard(TicTacToe(), timed_player(1e-9))
    board.cells[1][1].click()
    with pytest.raises(ValueError, match="completed no search within its time limit"):
        board.search_trace()


def test_recording_is_off_unless_asked():
    player = depth_player(2)
    player(TicTacToe(), TicTacToe().initial_state())
    assert player.last.trace is None and player.last.traces == ()
    GameBoard(TicTacToe(), player)
    assert player.trace is True
    with pytest.raises(ValueError, match="trace must be True or False"):
        timed_player(1.0, trace="yes")


def test_a_move_closes_the_viewer_of_the_decision_before_it():
    board = GameBoard(TicTacToe(), depth_player(9))
    board.cells[1][1].click()
    board.search_button.click()
    assert board.viewer is not None
    r, c = board.legal_cells[0]
    board.cells[r][c].click()
    assert board.viewer is None and board.viewer_area.children == ()
