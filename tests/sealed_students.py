"""Students' answers, right and wrong, for the sealed grading tests (tests/test_sealed.py).

This whole file is one cell of a notebook for those tests: the sandbox runs
it, and each function is checked twice, in this process and in the sandbox,
and must get the same verdict and message. So it imports nothing from
``aisearch`` but ``CHANCE`` (a constant, which the sandbox keeps).
"""

import math

from aisearch import CHANCE

# 00: counting games


def count_games_right(game, state):
    if game.is_terminal(state):
        return 1
    return sum(count_games_right(game, game.result(state, a)) for a in game.actions(state))


def count_tree_nodes_instead(game, state):
    if game.is_terminal(state):
        return 1
    return 1 + sum(
        count_tree_nodes_instead(game, game.result(state, a)) for a in game.actions(state)
    )


def count_without_return(game, state):
    if game.is_terminal(state):
        return 1
    sum(count_without_return(game, game.result(state, a)) for a in game.actions(state))


# 01: minimax and its depth limit


def minimax_right(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [minimax_right(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def minimax_swapped(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [minimax_swapped(game, game.result(state, a)) for a in game.actions(state)]
    return min(values) if game.to_move(state) == "MAX" else max(values)


def minimax_divides_by_zero(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX") / 0
    values = [minimax_divides_by_zero(game, game.result(state, a)) for a in game.actions(state)]
    return max(values)


def minimax_unfinished(game, state):
    raise NotImplementedError


def minimax_empty(game, state):
    pass


def minimax_pair(game, state):
    return (minimax_right(game, state), None)


def depth_limited_right(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if depth == 0:
        return game.evaluate(state, "MAX")
    values = [
        depth_limited_right(game, game.result(state, a), depth - 1) for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def depth_limited_too_deep(game, state, depth):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if depth < 0:
        return game.evaluate(state, "MAX")
    values = [
        depth_limited_too_deep(game, game.result(state, a), depth - 1) for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


# 02: alpha-beta


def alphabeta_right(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if game.to_move(state) == "MAX":
        value = -math.inf
        for a in game.actions(state):
            value = max(value, alphabeta_right(game, game.result(state, a), alpha, beta))
            alpha = max(alpha, value)
            if value >= beta:
                return value
        return value
    value = math.inf
    for a in game.actions(state):
        value = min(value, alphabeta_right(game, game.result(state, a), alpha, beta))
        beta = min(beta, value)
        if value <= alpha:
            return value
    return value


def alphabeta_wrong_side(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    if game.to_move(state) == "MAX":
        value = -math.inf
        for a in game.actions(state):
            value = max(value, alphabeta_wrong_side(game, game.result(state, a), alpha, beta))
            if value >= beta:
                return value
            alpha = max(alpha, value)
        return value
    value = math.inf
    for a in game.actions(state):
        value = min(value, alphabeta_wrong_side(game, game.result(state, a), alpha, beta))
        if value >= beta:
            return value
        beta = min(beta, value)
    return value


def alphabeta_no_pruning(game, state, alpha, beta):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [
        alphabeta_no_pruning(game, game.result(state, a), alpha, beta) for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == "MAX" else min(values)


def alphabeta_peeks_at_children(game, state, alpha, beta):
    """Right, but asks whether every child is terminal before its loop."""
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    for a in game.actions(state):
        game.is_terminal(game.result(state, a))
    return alphabeta_right(game, state, alpha, beta)


# 04: expectimax


def expectimax_right(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    mover = game.to_move(state)
    if mover == CHANCE:
        return sum(
            p * expectimax_right(game, game.result(state, o))
            for o, p in game.chance_outcomes(state)
        )
    values = [expectimax_right(game, game.result(state, a)) for a in game.actions(state)]
    return max(values) if mover == "MAX" else min(values)


def expectimax_wrong_chance_name(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    mover = game.to_move(state)
    if mover == "CHANCE":
        return sum(
            p * expectimax_wrong_chance_name(game, game.result(state, o))
            for o, p in game.chance_outcomes(state)
        )
    values = [
        expectimax_wrong_chance_name(game, game.result(state, a)) for a in game.actions(state)
    ]
    return max(values) if mover == "MAX" else min(values)


def expectimax_mean_everywhere(game, state):
    if game.is_terminal(state):
        return game.utility(state, "MAX")
    values = [expectimax_mean_everywhere(game, game.result(state, a)) for a in game.actions(state)]
    return sum(values) / len(values)


# 05: the table's rule


def may_answer_right(bound, value, entry_depth, depth, alpha, beta):
    if entry_depth < depth:
        return False
    if bound == "exact":
        return True
    if bound == "lower":
        return value >= beta
    return value <= alpha


def may_answer_any_depth(bound, value, entry_depth, depth, alpha, beta):
    if bound == "exact":
        return True
    if bound == "lower":
        return value >= beta
    return value <= alpha


def may_answer_as_a_number(bound, value, entry_depth, depth, alpha, beta):
    return int(may_answer_right(bound, value, entry_depth, depth, alpha, beta))


# 06: four in a row


def four_in_a_row_right(bits, height):
    for shift in (1, height + 1, height, height + 2):
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


def four_in_a_row_no_diagonals(bits, height):
    for shift in (1, height + 1):
        pairs = bits & (bits >> shift)
        if pairs & (pairs >> 2 * shift):
            return True
    return False


# 07: max^n


def maxn_right(game, state):
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in game.players)
    i = game.players.index(game.to_move(state))
    best = None
    for action in game.actions(state):
        vector = maxn_right(game, game.result(state, action))
        if best is None or vector[i] > best[i]:
            best = vector
    return best


def maxn_keeps_the_last_tie(game, state):
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in game.players)
    i = game.players.index(game.to_move(state))
    best = None
    for action in game.actions(state):
        vector = maxn_keeps_the_last_tie(game, game.result(state, action))
        if best is None or vector[i] >= best[i]:
            best = vector
    return best


BY_HAND_RIGHT = {"B": (2, 5, 3), "C": (4, 4, 2), "D": (1, 3, 6), "A": (4, 4, 2)}
BY_HAND_UNFINISHED = {"B": ..., "C": ..., "D": ..., "A": ...}


# 08: UCT


def uct_right(mean, visits, parent_visits, exploration):
    return mean + exploration * math.sqrt(math.log(parent_visits) / visits)


def uct_without_log(mean, visits, parent_visits, exploration):
    return mean + exploration * math.sqrt(parent_visits / visits)


# 03: an evaluation for Isolation (the slowest check: a tournament, twice)


def mobility(game, state, player):
    other = "O" if player == "X" else "X"
    return len(game.moves_from(state, player)) - len(game.moves_from(state, other))
