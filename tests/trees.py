"""Trees and strategies shared by the tests."""

from hypothesis import strategies as st

from aisearch.games import GameTree

TEXTBOOK = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
"""AIMA 4th ed., Figure 5.2: root value 3, best action a1."""


def textbook() -> GameTree:
    return GameTree.from_nested(TEXTBOOK)


# Nested lists of varied shape: 1 to 4 children a node, up to about 5 plies.
nested_trees = st.recursive(
    st.integers(-6, 6),
    lambda children: st.lists(children, min_size=1, max_size=4),
    max_leaves=40,
).filter(lambda spec: isinstance(spec, list))

roots = st.sampled_from(["max", "min"])


def zero_sum_evaluation(game, state, player):
    """A deterministic, made-up evaluation of any node, negated for MIN."""
    value = (sum(map(ord, str(state))) * 7) % 13 - 6
    return value if player == "MAX" else -value


class LayeredDag:
    """A seeded random two-player zero-sum game whose tree repeats positions.

    A state is ``(layer, index)``; an action of a state in layer ``i`` leads
    to a random state of layer ``i + 1``, so different move orders reach the
    same state (transpositions), and a state is always met at the same ply.
    Who moves is fixed per layer (usually alternating, sometimes the same
    player twice); some states end the game early. Utilities are small
    integers, ``utility(s, "MIN") == -utility(s, "MAX")``.
    """

    players = ("MAX", "MIN")

    def __init__(self, seed: int, layers: int = 4, width: int = 3, branching: int = 3):
        import random

        rng = random.Random(seed)
        self.layers = layers
        self.movers = ["MAX"]
        for _ in range(layers):
            same = rng.random() < 0.2
            last = self.movers[-1]
            self.movers.append(last if same else ("MIN" if last == "MAX" else "MAX"))
        self.children = {}
        self.values = {}
        for layer in range(layers + 1):
            count = 1 if layer == 0 else width
            for i in range(count):
                s = (layer, i)
                self.values[s] = rng.randint(-5, 5)
                if layer == layers or (layer > 0 and rng.random() < 0.15):
                    self.children[s] = ()
                else:
                    n = rng.randint(1, branching)
                    self.children[s] = tuple(rng.randrange(width) for _ in range(n))

    def __repr__(self) -> str:
        return f"LayeredDag(layers={self.layers})"

    def initial_state(self):
        return (0, 0)

    def to_move(self, state):
        return self.movers[state[0]]

    def actions(self, state):
        return tuple(range(len(self.children[state])))

    def result(self, state, action):
        return (state[0] + 1, self.children[state][action])

    def is_terminal(self, state):
        return not self.children[state]

    def utility(self, state, player):
        return self.values[state] if player == "MAX" else -self.values[state]

    def evaluate(self, state, player):
        value = (self.values[state] * 7 + state[1]) % 9 - 4
        return value if player == "MAX" else -value

    def positions(self):
        return list(self.children)


dags = st.builds(
    LayeredDag,
    seed=st.integers(0, 10**6),
    layers=st.integers(1, 6),
    width=st.integers(1, 5),
    branching=st.integers(1, 4),
)
"""Random games with transpositions, small enough to search exhaustively."""


# Searches from their definitions, written plainly, for the package's searches
# to be checked against (any game: GameTree nodes are states too).


def maxn_by_definition(game, state, depth=None):
    """Max^n from its definition: the mover's best vector, the first on ties; at
    ``depth`` plies (if given) the game's own evaluation."""
    if game.is_terminal(state):
        return tuple(game.utility(state, p) for p in game.players)
    if depth == 0:
        return tuple(game.evaluate(state, p) for p in game.players)
    i = game.players.index(game.to_move(state))
    deeper = None if depth is None else depth - 1
    best = None
    for a in game.actions(state):
        vector = maxn_by_definition(game, game.result(state, a), deeper)
        if best is None or vector[i] > best[i]:
            best = vector
    return best


def paranoid_by_definition(game, state, player, depth=None):
    """Paranoid value from its definition: ``player`` maximises its own entry and
    everyone else minimises it; at ``depth`` plies the game's own evaluation."""
    if game.is_terminal(state):
        return game.utility(state, player)
    if depth == 0:
        return game.evaluate(state, player)
    deeper = None if depth is None else depth - 1
    values = [
        paranoid_by_definition(game, game.result(state, a), player, deeper)
        for a in game.actions(state)
    ]
    return max(values) if game.to_move(state) == player else min(values)
