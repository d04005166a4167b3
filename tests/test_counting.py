import pytest

from aisearch import (
    count_games,
    count_positions,
    count_tree_nodes,
    estimate_branching_factor,
)
from aisearch.games import GameTree, TicTacToe

from trees import textbook


def test_counts_on_a_small_tree_by_hand():
    tree = textbook()
    assert count_games(tree) == 9
    assert count_tree_nodes(tree) == 13
    assert count_positions(tree) == 13
    assert count_games(tree, "B") == 3 and count_tree_nodes(tree, "B") == 4


def test_counts_from_a_late_tictactoe_position_match_a_plain_walk():
    game = TicTacToe()
    state = game.from_rows("XO.", ".X.", "O..")

    def walk(s):
        if game.is_terminal(s):
            return 1, 1
        games = nodes = 0
        for a in game.actions(s):
            g, n = walk(game.result(s, a))
            games, nodes = games + g, nodes + n
        return games, nodes + 1

    assert (count_games(game, state), count_tree_nodes(game, state)) == walk(state)


def test_estimates_are_seeded_and_near_the_truth():
    game = TicTacToe()
    a = estimate_branching_factor(game, playouts=3000, seed=7)
    b = estimate_branching_factor(game, playouts=3000, seed=7)
    assert a == b
    assert 7 < a.length < 9 and 4.5 < a.branching < 6.5
    # Knuth's estimator is unbiased: within 10% of 549,946 with 3,000 playouts.
    assert abs(a.tree_size - count_tree_nodes(game)) < 0.1 * 549_946
    uniform = estimate_branching_factor(GameTree.random(4, 3, seed=1), playouts=10)
    assert uniform.branching == 3 and uniform.tree_size == 1 + 3 + 9 + 27 + 81


def test_bad_playouts():
    with pytest.raises(ValueError, match="playouts must be"):
        estimate_branching_factor(TicTacToe(), playouts=0)


def test_symmetric_counts_of_tic_tac_toe_from_its_own_enumeration():
    game = TicTacToe()
    # 765 positions up to the 8 symmetries, 26,830 games merging symmetric moves
    # (Schaefer 2002; Bottomley, se16.info), computed here from the game itself.
    assert count_positions(game, symmetric=True) == 765
    assert count_games(game, symmetric=True) == 26830


def test_symmetric_counts_match_a_plain_walk_that_merges_moves_by_hand():
    game = TicTacToe()
    state = game.from_rows("X..", "...", "...")

    def copies(s):
        rows = [s[0:3], s[3:6], s[6:9]]
        out = set()
        for _ in range(4):
            rows = ["".join(rows[2 - c][r] for c in range(3)) for r in range(3)]  # a quarter turn
            out.add("".join(rows))
            out.add("".join(row[::-1] for row in rows))  # and its mirror
        return out

    def walk(s):
        if game.is_terminal(s):
            return 1
        seen, total = [], 0
        for a in game.actions(s):
            child = game.result(s, a)
            if not any(child in copies(other) for other in seen):
                seen.append(child)
                total += walk(child)
        return total

    assert count_games(game, state, symmetric=True) == walk(state)
    positions = set()
    stack = [state]
    while stack:
        s = stack.pop()
        if s in positions:
            continue
        positions.add(s)
        if not game.is_terminal(s):
            stack.extend(game.result(s, a) for a in game.actions(s))
    classes = {min(copies(s)) for s in positions}
    assert count_positions(game, state, symmetric=True) == len(classes)


def test_symmetric_counting_needs_a_game_with_symmetries():
    with pytest.raises(ValueError, match="offers no symmetries"):
        count_positions(textbook(), symmetric=True)
    with pytest.raises(ValueError, match="offers no symmetries"):
        count_games(textbook(), symmetric=True)
    from aisearch.counting import count_games_by_length

    with pytest.raises(ValueError, match="GameTree.*offers no symmetries"):
        count_games_by_length(textbook(), symmetric=True)


def test_games_by_length_match_a_plain_walk_and_add_up_to_the_games():
    from collections import Counter

    from aisearch.counting import count_games_by_length

    game = TicTacToe()
    state = game.from_rows("X..", ".O.", "...")
    player = game.to_move(state)

    def walk(s, moves):
        if game.is_terminal(s):
            return Counter({(moves, game.utility(s, player)): 1})
        total = Counter()
        for a in game.actions(s):
            total += walk(game.result(s, a), moves + 1)
        return total

    assert count_games_by_length(game, state) == walk(state, 0)
    assert count_games_by_length(game, game.from_rows("XXX", "OO.", "...")) == Counter({(0, -1): 1})
    for symmetric in (False, True):
        lengths = count_games_by_length(game, symmetric=symmetric)
        assert sum(lengths.values()) == count_games(game, symmetric=symmetric)


def test_games_by_length_reproduce_the_published_breakdowns():
    from aisearch.counting import count_games_by_length

    game = TicTacToe()
    # Bottomley (se16.info/hgb/tictactoe.htm): merging symmetric moves, X wins
    # 172, 8,670 games after 5, 9 moves, ... and 4,868 games are drawn.
    merged = count_games_by_length(game, symmetric=True)
    assert [merged[n, 1 if n % 2 else -1] for n in range(5, 10)] == [172, 579, 5115, 7426, 8670]
    assert merged[9, 0] == 4868
    # Games won by X's third mark: X's marks fill one of the 8 lines in any of
    # 3! orders, and O's two marks are 2 of the 6 other cells, in order.
    assert count_games_by_length(game)[5, 1] == 8 * 3 * 2 * 1 * 6 * 5


def test_whole_games_up_to_symmetry_are_an_eighth_of_the_games():
    from aisearch.counting import count_games_by_length
    from aisearch.symmetry import SQUARE_SYMMETRIES, square_permutation

    game = TicTacToe()
    # A symmetry leaves a whole game unchanged only if it fixes every cell
    # played; each one but the identity fixes at most 3 cells, and the
    # shortest game has 5 moves. So every class of whole games has 8 members.
    fixed = {
        name: sum(i == j for i, j in enumerate(square_permutation(name, 3)))
        for name in SQUARE_SYMMETRIES[1:]
    }
    shortest = min(moves for moves, _ in count_games_by_length(game))
    assert max(fixed.values()) == 3 < shortest == 5
    assert count_games(game) % 8 == 0
    assert count_games(game) // 8 == 31896  # Schaefer's count of whole games up to symmetry


class Steps:
    """Climb from 0 to ``top`` by 1 or 2 steps (2 tried first): the same
    position is reached by move orders of different lengths."""

    players = ("A", "B")
    zero_sum = True

    def __init__(self, top: int):
        self.top = top

    def initial_state(self):
        return 0

    def to_move(self, s):
        return "A"

    def actions(self, s):
        return [a for a in (2, 1) if s + a <= self.top]

    def result(self, s, a):
        return s + a

    def is_terminal(self, s):
        return s == self.top

    def utility(self, s, p):
        return 0


def test_positions_reached_at_different_depths_are_counted_after_their_successors():
    """The ways to climb n stairs by 1 or 2 are the Fibonacci numbers; the
    walk once listed position 2 before its successor 3 and failed."""
    fibonacci = [1, 1, 2, 3, 5, 8, 13, 21, 34]
    for top in range(1, 9):
        assert count_games(Steps(top)) == fibonacci[top]
        assert count_positions(Steps(top)) == top + 1


def test_count_by_ply_adds_up_to_the_tree_and_to_a_walk_of_it():
    """Nodes by ply sum to count_tree_nodes; positions by ply are those a walk of the tree meets."""
    from aisearch import count_by_ply
    from aisearch.games import TicTacToe

    for game, state in [(TicTacToe(), None), (TicTacToe(), "X...O...."), (textbook(), None)]:
        start = game.initial_state() if state is None else state
        nodes, positions = count_by_ply(game, state)
        assert sum(nodes) == count_tree_nodes(game, state)
        seen: dict[int, set] = {}
        stack = [(start, 0)]
        while stack:
            s, ply = stack.pop()
            seen.setdefault(ply, set()).add(s)
            if not game.is_terminal(s):
                stack.extend((game.result(s, a), ply + 1) for a in game.actions(s))
        assert positions == [len(seen[k]) for k in range(len(seen))]


def test_count_by_ply_refuses_a_game_without_end():
    from aisearch import count_by_ply

    class Counter:
        """Two players add one in turn, for ever."""

        max_plies = 50

        def initial_state(self):
            return 0

        def to_move(self, state):
            return "A" if state % 2 == 0 else "B"

        def actions(self, state):
            return [1]

        def result(self, state, action):
            return state + action

        def is_terminal(self, state):
            return False

        def utility(self, state, player):
            return 0

    with pytest.raises(ValueError, match="count_by_ply played 51 moves"):
        count_by_ply(Counter())
