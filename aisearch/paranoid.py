"""The paranoid assumption: a game of many players as me against all the rest.

Max^n trusts every opponent to play for itself. The paranoid player assumes
the worst instead: all the others have joined forces to minimise *my* share
(Sturtevant and Korf, "On pruning techniques for multi-player games", AAAI
2000). That turns any game of ``n`` players into a two-player zero-sum game,
me (MAX) against a coalition (MIN) that moves at all the others' turns, so
plain alpha-beta applies with its full pruning. The value is a guarantee: at
least that much whatever the others do; the price is pessimism, since the
others rarely do gang up.

``Paranoid`` is the reduction as a game adapter, and ``paranoid`` runs the
engine's alpha-beta (``aisearch.engine``, in negamax form) on it. For the player to move at the root, plain
``minimax`` and ``alphabeta`` on the game itself already give this value (they
take the root's player as MAX and everyone else as MIN); the adapter adds the
choice of another player, and, being two-player and zero-sum, lets negamax
and transposition tables search it too.
"""

from __future__ import annotations

from .engine import negamax_engine
from .game import (
    Evaluation,
    Game,
    check_game,
    has_chance,
    named_after,
    new_mover,
    optional,
    resolve_evaluate,
    value_vector,
)
from .result import SearchResult

ME, REST = "me", "rest"
"""The two players of the reduced game."""


class GameView:
    """``game`` seen as another game by ``player``: its states, actions and
    results are the game's own; a subclass says who moves (``to_move``) and
    what a state is worth to each of its sides (``utility``, ``evaluate``)."""

    search = "a search"
    """The search this view is for, as a message names it."""

    def __init__(self, game: Game, player):
        self.game, self.player = game, player
        self._met = [player]  # the game's players met, for ``new_mover``

    def side(self, state, mine, theirs):
        """``mine`` if the player to move at ``state`` is ``player``, else
        ``theirs``; an answer of ``to_move`` that is no player is refused
        when first met (``new_mover``), not read as the other side."""
        mover = self.game.to_move(state)
        if mover == self.player:
            return mine
        if mover not in self._met:
            new_mover(self.game, state, mover, self._met, self.search)
        return theirs

    def initial_state(self):
        return self.game.initial_state()

    def actions(self, state):
        return self.game.actions(state)

    def result(self, state, action):
        return self.game.result(state, action)

    def is_terminal(self, state) -> bool:
        return self.game.is_terminal(state)


class Paranoid(GameView):
    """``game`` seen by ``player`` as a two-player zero-sum game.

    The players are ``"me"`` (``player``) and ``"rest"`` (everyone else,
    moving at their turns). A state's utility for ``"me"`` is ``player``'s
    entry of its value vector; for ``"rest"`` its negation. States, actions
    and results are the wrapped game's own.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[(5, 3, 2), (4, 2, 4)], [(1, 6, 3), (3, 3, 4)]],
    ...                             players=("P1", "P2", "P3"))
    >>> reduced = Paranoid(tree, "P1")
    >>> reduced.to_move("A"), reduced.to_move("B"), reduced.utility("E", "rest")
    ('me', 'rest', -4)
    """

    players = (ME, REST)
    search = "paranoid"
    zero_sum = True
    """What one side gains the other loses: the engine's negamax applies."""
    max_player = ME
    """Traces speak from ``player``'s side, whoever moves at the root."""

    def __init__(self, game: Game, player, evaluate: Evaluation | None = None):
        players = tuple(optional(game, "players", ()))
        if player not in players:
            raise ValueError(f"player {player!r} is not one of the game's players {players!r}")
        super().__init__(game, player)
        self.index = players.index(player)
        self._players = players
        own = resolve_evaluate(game, evaluate)
        self._evaluate = own
        if own is None:
            self.evaluate = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Paranoid({self.game!r}, {self.player!r})"

    @property
    def has_chance_nodes(self) -> bool:
        return has_chance(self.game)

    def to_move(self, state):
        return self.side(state, ME, REST)

    def utility(self, state, side) -> float:
        mine = value_vector(self.game, state, self.game.utility, self._players)[self.index]
        return self._for(side, mine)

    def evaluate(self, state, side) -> float:
        game, evaluate = self.game, self._evaluate
        assert evaluate is not None  # else the instance's evaluate is None

        @named_after(evaluate)
        def evaluation(s, p):
            return evaluate(game, s, p)

        vector = value_vector(game, state, evaluation, self._players)
        return self._for(side, vector[self.index])

    def _for(self, side, mine):
        if side == ME:
            return mine
        if side == REST:
            return -mine
        raise ValueError(f"side must be {ME!r} or {REST!r}, got {side!r}")


def paranoid(
    game: Game,
    state=None,
    *,
    player=None,
    depth: int | None = None,
    evaluate: Evaluation | None = None,
    tracer=None,
) -> SearchResult:
    """Alpha-beta on ``game`` as ``player`` against a coalition of all the others.

    Args:
        game: a game with a ``players`` sequence (values as for ``maxn``).
        state: where to search from; ``None`` means the initial state.
        player: whose share to guarantee; by default the player to move at
            ``state``.
        depth, evaluate: as for ``aisearch.alphabeta`` (``evaluate`` may
            return a player's number or the whole vector).
        tracer: receives alpha-beta's events on the reduced game, values from
            ``player``'s side (MAX is ``player``, MIN the coalition).

    Returns:
        ``SearchResult(value, action, stats)``: ``value`` is the most
        ``player`` can be sure of (its entry; a number, not a vector),
        ``action`` the first best action for the player to move at ``state``
        (for the coalition, if that is not ``player``). As in ``alphabeta``,
        the root's value is exact and a node inside is exact between the
        alpha and beta it was searched with, and otherwise only a bound.

    Raises:
        ValueError: ``player`` is not one of the game's players, or as for
            ``alphabeta``.

    >>> from aisearch.games import GameTree
    >>> from aisearch.maxn import maxn
    >>> tree = GameTree.from_nested([[(5, 3, 2), (4, 2, 4)], [(1, 6, 3), (3, 3, 4)]],
    ...                             players=("P1", "P2", "P3"))
    >>> paranoid(tree).value, paranoid(tree).action, maxn(tree).value
    (4, 'a1', (5, 3, 2))
    """
    check_game(game, "paranoid", state)
    if state is None:
        state = game.initial_state()
    if player is None:
        player = game.to_move(state)
    reduced = Paranoid(game, player, evaluate)
    found = negamax_engine(reduced, state, depth=depth, tracer=tracer, name="paranoid")
    if reduced.to_move(state) == REST:
        # The engine answers for the player to move, here the coalition.
        return SearchResult(-found.value, found.action, found.stats)
    return found
