import pytest

from aisearch import count_positions, count_tree_nodes, expectimax
from aisearch.game import CHANCE, check_outcomes
from aisearch.games.twenty48 import (
    Mini2048,
    Mini2048State,
    legal_slides,
    slide,
    slide_row,
)


def reachable(game, state=None):
    """Every state reachable from ``state``, each once."""
    start = game.initial_state() if state is None else state
    seen, stack = {start}, [start]
    while stack:
        s = stack.pop()
        for a in game.actions(s):
            child = game.result(s, a)
            if child not in seen:
                seen.add(child)
                stack.append(child)
    return seen


def solve(game, state=None):
    """Expectimax by the definition, with a memo over states (the tree is too big to walk)."""
    memo = {}

    def value(s):
        if s not in memo:
            if game.is_terminal(s):
                memo[s] = game.utility(s, "player")
            elif game.to_move(s) == CHANCE:
                memo[s] = sum(p * value(game.result(s, o)) for o, p in game.chance_outcomes(s))
            else:
                memo[s] = max(value(game.result(s, a)) for a in game.actions(s))
        return memo[s]

    return value(game.initial_state() if state is None else state)


@pytest.mark.parametrize(
    "row, slid",
    [
        ((0, 0, 0), (0, 0, 0)),
        ((2, 0, 2), (4, 0, 0)),
        ((2, 2, 2), (4, 2, 0)),  # the pair nearest the wall merges first
        ((2, 2, 4), (4, 4, 0)),  # a merged tile does not merge again in the same slide
        ((4, 4, 8, 8), (8, 16, 0, 0)),
        ((2, 4, 8), (2, 4, 8)),
    ],
)
def test_slide_row(row, slid):
    assert slide_row(row) == slid


def test_slides_in_the_four_directions():
    board = ((2, 2), (0, 4))
    assert slide(board, "left") == ((4, 0), (4, 0))
    assert slide(board, "right") == ((0, 4), (0, 4))
    assert slide(board, "up") == ((2, 2), (0, 4))  # unchanged: not a legal slide
    assert slide(board, "down") == ((0, 2), (2, 4))
    assert list(legal_slides(board)) == ["down", "left", "right"]
    with pytest.raises(ValueError, match="'north' is not a slide"):
        slide(board, "north")


def test_the_six_parts_and_the_chance_outcomes():
    game = Mini2048(size=2, target=16)
    start = game.initial_state()
    assert start == Mini2048State(((0, 0), (0, 0)), 2, 0) and game.to_move(start) == CHANCE
    outcomes = game.chance_outcomes(start)
    assert len(outcomes) == 8 and outcomes[0] == (((0, 0), 2), 0.9 / 4)
    assert outcomes[1] == (((0, 0), 4), 0.1 / 4) and outcomes[-1][0] == ((1, 1), 4)
    one = game.result(start, ((1, 0), 2))
    assert one == Mini2048State(((0, 0), (2, 0)), 1, 0) and game.to_move(one) == CHANCE
    two = game.result(one, ((1, 1), 2))
    assert game.to_move(two) == "player" and game.actions(two) == ("up", "left", "right")
    slid = game.result(two, "left")
    assert slid == Mini2048State(((0, 0), (4, 0)), 1, 1) and game.to_move(slid) == CHANCE
    assert [o for o, _ in game.chance_outcomes(slid)] == [
        ((0, 0), 2),
        ((0, 0), 4),
        ((0, 1), 2),
        ((0, 1), 4),
        ((1, 1), 2),
        ((1, 1), 4),
    ]
    assert start == Mini2048State(((0, 0), (0, 0)), 2, 0)  # never changed


def test_ends_and_utilities():
    game = Mini2048(size=2, target=16)
    won = game.result(game.from_rows("8 8", ". ."), "left")
    assert game.is_terminal(won) and game.utility(won, "player") == 1
    assert game.to_move(won) == "player" and game.actions(won) == ()  # no tile after a win
    stuck = game.from_rows("2 4", "4 2")
    assert game.is_terminal(stuck) and game.utility(stuck) == -1 and game.actions(stuck) == ()
    going = game.from_rows("2 4", "4 4")
    assert not game.is_terminal(going) and game.utility(going) == 0
    limited = Mini2048(size=2, target=16, max_moves=1)
    stopped = limited.result(limited.from_rows("2 .", ". ."), "right")
    assert limited.is_terminal(stopped) and limited.utility(stopped, "player") == 0
    assert stopped.to_place == 0 and limited.actions(stopped) == ()


def test_every_reachable_chance_state_has_valid_outcomes():
    game = Mini2048(size=2, target=16)
    states = reachable(game)
    assert len(states) == count_positions(game) == 1_393
    chance_states = [s for s in states if not game.is_terminal(s) and game.to_move(s) == CHANCE]
    assert len(chance_states) == 497
    for s in chance_states:
        outcomes = game.chance_outcomes(s)
        assert check_outcomes(s, outcomes) == outcomes
        assert all(p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1, abs=1e-12)
        assert tuple(o for o, _ in outcomes) == game.actions(s)


def test_every_reachable_state_is_sound():
    game = Mini2048(size=2, target=16)
    for s in reachable(game):
        assert -1 < game.evaluate(s, "player") < 1
        if game.to_move(s) == "player" and not game.is_terminal(s):
            for a in game.actions(s):
                child = game.result(s, a)
                assert child.board != s.board and child.moves == s.moves + 1
                # Every turn adds 2 or 4 to the tiles: no cycles.
                assert sum(map(sum, child.board)) == sum(map(sum, s.board))


def test_full_expectimax_values_on_two_by_two():
    # With no move limit every game is won or stuck: a value v is a (1 + v) / 2 chance.
    assert solve(Mini2048(size=2, target=8)) == pytest.approx(1)
    assert solve(Mini2048(size=2, target=16)) == pytest.approx(0.925022507500)
    assert solve(Mini2048(size=2, target=32)) == pytest.approx(-0.834225421857)
    assert solve(Mini2048(size=2, target=64)) == pytest.approx(-1)
    # The package's expectimax agrees where the tree is small enough to walk.
    game = Mini2048(size=2, target=16)
    state = game.from_rows("4 8", "2 .")
    assert expectimax(game, state).value == pytest.approx(solve(game, state))


def test_tree_and_positions_of_two_by_two():
    game = Mini2048(size=2, target=16)
    assert count_tree_nodes(game) == 12_011_577  # counted with a memo over positions
    assert count_positions(Mini2048(size=2, target=8)) == 369


def test_depth_limited_expectimax_is_quick_on_three_by_three():
    game = Mini2048(size=3, target=16)
    state = game.from_rows("2 2 .", ". 4 .", ". . 4")
    found = expectimax(game, state, depth=3)
    assert found.action in game.actions(state) and -1 < found.value < 1
    assert found.stats.nodes < 2_000
    assert expectimax(game, state, depth=5).stats.nodes == 8_269  # as the docstring says


def test_evaluation():
    game = Mini2048(size=2, target=16)
    assert game.evaluate(game.from_rows("4 .", ". ."), "player") == pytest.approx(0.9 * 0.25)
    assert game.evaluate(game.initial_state(), "player") == 0
    # More room, or a bigger tile, is better.
    assert (
        game.evaluate(game.from_rows("8 .", ". ."), "player")
        > game.evaluate(game.from_rows("4 .", ". ."), "player")
        > game.evaluate(game.from_rows("4 2", ". ."), "player")
    )


@pytest.mark.parametrize(
    "state, action, message",
    [
        (
            Mini2048State(((2, 0), (0, 0)), 0, 0),
            "left",
            r"illegal slide 'left' in .*it does not change the board",
        ),
        (
            Mini2048State(((2, 0), (0, 0)), 0, 0),
            "north",
            r"'north' is not a slide: use one of up, down",
        ),
        (
            Mini2048State(((2, 0), (0, 0)), 0, 0),
            ((0, 1), 2),
            r"\(\(0, 1\), 2\) places a tile, but it is the player's turn",
        ),
        (Mini2048State(((2, 0), (0, 0)), 1, 0), "up", r"'up' is not a placement: .*chance state"),
        (
            Mini2048State(((2, 0), (0, 0)), 1, 0),
            ((0, 0), 2),
            r"cannot place tile 2 at \(0, 0\) .*the cell holds 2",
        ),
        (
            Mini2048State(((2, 0), (0, 0)), 1, 0),
            ((0, 1), 8),
            r"cannot place tile 8 .*new tiles are 2 or 4",
        ),
        (
            Mini2048State(((2, 0), (0, 0)), 1, 0),
            ((2, 0), 2),
            r"\(2, 0\) is not a cell of the 2x2 board",
        ),
        (Mini2048State(((16, 0), (0, 0)), 0, 0), "right", r"no move 'right' in .*the game is over"),
    ],
)
def test_illegal_moves_are_named(state, action, message):
    with pytest.raises(ValueError, match=message):
        Mini2048(size=2, target=16).result(state, action)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"size": 1}, "size must be a whole number >= 2, got 1"),
        ({"target": 12}, "target must be a power of two >= 8, got 12"),
        ({"target": 4}, "target must be a power of two >= 8, got 4"),
        ({"max_moves": 0}, "max_moves must be None or a whole number >= 1, got 0"),
    ],
)
def test_bad_parameters_are_named(options, message):
    with pytest.raises(ValueError, match=message):
        Mini2048(**options)


def test_other_errors_are_named():
    game = Mini2048()
    board = game.from_rows("2 .", ". .")
    with pytest.raises(ValueError, match="one-player game: the only player is 'player', got 'B'"):
        game.utility(board, "B")
    with pytest.raises(ValueError, match="one-player game"):
        game.evaluate(board, "B")
    with pytest.raises(ValueError, match="is not a chance state"):
        game.chance_outcomes(board)
    with pytest.raises(ValueError, match="give 2 rows for a 2x2 board, got 1"):
        game.from_rows("2 .")
    with pytest.raises(ValueError, match=r"row '2 \. 4' has 3 cells, not 2"):
        game.from_rows("2 . 4", ". .")
    with pytest.raises(ValueError, match="'3' in row '3 .' is not a tile"):
        game.from_rows("3 .", ". .")


def test_render():
    game = Mini2048(size=2, target=16)
    assert game.render(game.from_rows("2 .", "16 4")) == " 2  .\n16  4"
    assert game.render(game.initial_state()) == ". .\n. .\n(2 new tiles to place)"
    assert repr(game) == "Mini2048(size=2, target=16, max_moves=None)"
