"""Hook-free transcriptions of the textbook's minimax and alpha-beta.

Russell and Norvig, *Artificial Intelligence: A Modern Approach*, 4th ed.,
Figures 5.3 and 5.7, with a node counter and nothing else: no depth limit,
no tracing, no ordering. The benchmark runs them beside the package's
searches to show what the package's hooks cost when they are off, and that
alpha-beta visits the same nodes as the textbook algorithm.
"""

import math


def textbook_minimax(game, state):
    player = game.to_move(state)
    nodes = 0

    def max_value(state):
        nonlocal nodes
        nodes += 1
        if game.is_terminal(state):
            return game.utility(state, player), None
        v, move = -math.inf, None
        for a in game.actions(state):
            v2, _ = min_value(game.result(state, a))
            if v2 > v:
                v, move = v2, a
        return v, move

    def min_value(state):
        nonlocal nodes
        nodes += 1
        if game.is_terminal(state):
            return game.utility(state, player), None
        v, move = math.inf, None
        for a in game.actions(state):
            v2, _ = max_value(game.result(state, a))
            if v2 < v:
                v, move = v2, a
        return v, move

    value, move = max_value(state)
    return value, move, nodes


def textbook_alphabeta(game, state):
    player = game.to_move(state)
    nodes = 0

    def max_value(state, alpha, beta):
        nonlocal nodes
        nodes += 1
        if game.is_terminal(state):
            return game.utility(state, player), None
        v, move = -math.inf, None
        for a in game.actions(state):
            v2, _ = min_value(game.result(state, a), alpha, beta)
            if v2 > v:
                v, move = v2, a
                alpha = max(alpha, v)
            if v >= beta:
                return v, move
        return v, move

    def min_value(state, alpha, beta):
        nonlocal nodes
        nodes += 1
        if game.is_terminal(state):
            return game.utility(state, player), None
        v, move = math.inf, None
        for a in game.actions(state):
            v2, _ = max_value(game.result(state, a), alpha, beta)
            if v2 < v:
                v, move = v2, a
                beta = min(beta, v)
            if v <= alpha:
                return v, move
        return v, move

    value, move = max_value(state, -math.inf, math.inf)
    return value, move, nodes
