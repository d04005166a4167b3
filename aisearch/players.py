"""Players, and playing a game between them.

A player is a plain function ``(game, state) -> action``. Any search becomes
a player by returning the action of its result; a random player picks a
uniformly random legal action from its own seeded generator, so a game
between random players is reproducible. An epsilon-greedy player is a
search player that now and then plays at random, a weaker opponent whose
weakness is a number to turn.

``depth_player`` and ``timed_player`` are search players that remember
their last decision (``player.last``: the depth reached, the value, the
principal line, the time taken, and the trace if asked for), so a board
widget can show what the agent was thinking and a tournament can report the
mean depth it reached. The types, ``SearchPlayer`` and ``Decision``, live
in the core (``aisearch.decision``), where the boards can name them.

In a game with chance, nobody plays the chance states: ``play_game`` draws
each outcome by its probability from its own generator, seeded by its
``seed``, so a seeded game is reproducible too. ``win_rates`` plays many such
games and counts who won.

>>> from aisearch.games import TicTacToe
>>> game = TicTacToe()
>>> record = play_game(game, {"X": search_player(), "O": random_player(seed=3)})
>>> record.outcome, len(record.moves) <= 9
({'X': 1, 'O': -1}, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from .alphabeta import alphabeta
from .decision import Decision, SearchPlayer
from .deepening import check_limits, iterative_deepening, principal_line
from .game import (
    CHANCE,
    Evaluation,
    Game,
    check_depth,
    check_game,
    draw_outcome,
    endless,
    no_actions,
    optional,
    ply_limit,
    real_value,
    require_callable,
    require_count,
    resolve_evaluate,
    sequence_of_actions,
)
from .progress import progress_bar
from .trace import Trace
from .validation import require_hooks, require_seed

Player = Callable[[Any, Any], Any]


def random_player(seed=None) -> Player:
    """A player that picks a uniformly random legal action, from its own seeded generator."""
    require_seed(seed, "random_player")
    rng = random.Random(seed)

    def play(game, state):
        actions = sequence_of_actions(game, state, game.actions(state))
        if not actions:
            if game.is_terminal(state):
                raise ValueError(
                    f"{play.__name__} was asked to move in {state!r}, where the game is over"
                )
            raise no_actions(state)
        return actions[rng.randrange(len(actions))]

    play.__name__ = f"random_player(seed={seed!r})"
    return play


def search_player(search: Callable = alphabeta, **options) -> Player:
    """A player that plays the action ``search(game, state, **options)`` returns.

    >>> from aisearch import minimax
    >>> player = search_player(minimax, depth=2)
    """

    require_callable(search, "search", "(game, state, **options) -> a result with an action")

    def play(game, state):
        return search(game, state, **options).action

    name = getattr(search, "__name__", "search")
    shown = ", ".join(f"{k}={v!r}" for k, v in options.items())
    play.__name__ = f"{name}_player({shown})"
    return play


class GameRecord(NamedTuple):
    """A finished (or stopped) game: who played, the moves, the states and the outcome."""

    players: dict
    moves: list
    states: list
    """Every state from the start to the end, ``len(moves) + 1`` of them."""
    outcome: dict | None
    """Each player's utility at the end, ``None`` if stopped before the end."""


def play_game(
    game: Game,
    players: Mapping | Sequence,
    state=None,
    *,
    max_moves: int | None = None,
    seed=None,
    openings: int = 0,
) -> GameRecord:
    """Play from ``state`` (the initial state by default) until the game ends.

    Args:
        players: a mapping from each of the game's players (as ``to_move``
            names them) to a player function, or a sequence in the order of
            ``game.players``. Chance states need no player.
        max_moves: stop after this many moves even if the game goes on.
            Chance outcomes count as moves.
        seed: seeds the generator that draws the outcome at each chance
            state, by the probabilities of ``game.chance_outcomes``; the
            outcomes are recorded in ``moves`` like the players' actions.
            The same seed and players give the same game.
        openings: the first ``openings`` moves are legal moves drawn at random
            by the same seeded generator instead of asked of the players, so
            that deterministic players meet in varied positions.

    Raises:
        ValueError: a player without a function, or a function that returns
            an illegal action (the message names both).

    >>> from aisearch import expectimax
    >>> from aisearch.games.dicenim import DiceNim
    >>> players = {"A": search_player(expectimax), "B": random_player(seed=0)}
    >>> record = play_game(DiceNim(stones=5), players, seed=0)
    >>> record.moves  # A rolls 3 and takes 1, leaving B a multiple of 4
    [Roll(3), 1, Roll(3), 2, Roll(2), 2]
    >>> record.outcome
    {'A': 1, 'B': -1}
    """
    check_game(game, "play_game", state, chance=True)
    check_play_options(max_moves, openings)
    require_seed(seed, "play_game")
    if not isinstance(players, (Mapping, list, tuple)):
        raise ValueError(
            f"play_game was given players={players!r}: give a mapping {{player: function}}, "
            "or a list of functions (game, state) -> action in the order of game.players"
        )
    if not isinstance(players, Mapping):
        names = optional(game, "players")
        if names is None or len(names) != len(players):
            raise ValueError(
                "give players as a mapping {player: function}, or a sequence matching game.players"
            )
        players = dict(zip(names, players, strict=True))
    for name, player in players.items():
        require_callable(player, f"player {name!r}", "(game, state) -> action")
    state = game.initial_state() if state is None else state
    limit = ply_limit(game)
    chance = random.Random(seed)
    moves: list = []
    states = [state]
    while not game.is_terminal(state):
        if max_moves is not None and len(moves) >= max_moves:
            return GameRecord(dict(players), moves, states, None)
        if len(moves) >= limit:
            raise endless(game, state, len(moves), "play_game")
        mover = game.to_move(state)
        if mover == CHANCE:
            action = draw_outcome(game, state, chance)
        elif len(moves) < openings:
            actions = game.actions(state)
            action = actions[chance.randrange(len(actions))]
        else:
            action = _ask(players, mover, game, state)
        state = game.result(state, action)
        moves.append(action)
        states.append(state)
    outcome = {p: real_value(game.utility(state, p), game.utility, state) for p in players}
    return GameRecord(dict(players), moves, states, outcome)


def check_play_options(max_moves, openings) -> None:
    """The rules for ``max_moves`` and ``openings``, shared by ``play_game`` and
    ``aisearch.tournament``: ``None`` or a whole number >= 0, and a whole
    number >= 0."""
    if max_moves is not None:
        require_count(max_moves, "max_moves")
    require_count(openings, "openings")


def _ask(players: Mapping, mover, game: Game, state):
    """The action the player function of ``mover`` chooses, checked to be legal."""
    if mover not in players:
        raise ValueError(
            f"no player function for {mover!r}, who is to move in {state!r} (as "
            f"{game!r}.to_move answers): the players are {list(players)!r}"
        )
    action = players[mover](game, state)
    if action not in game.actions(state):
        name = getattr(players[mover], "__name__", repr(players[mover]))
        raise ValueError(
            f"player {mover!r} ({name}) chose {action!r}, which is not a legal action in {state!r}"
        )
    return action


def epsilon_greedy_player(player: Player, epsilon: float, seed=None) -> Player:
    """A player that plays like ``player``, but at random with probability ``epsilon``.

    With probability ``epsilon`` it picks a uniformly random legal action,
    otherwise the action ``player`` chooses. ``player`` is any player function, such as ``search_player(expectimax)``
    (a search itself is not a player: wrap it). The coin and the random
    choice come from one generator seeded with ``seed``. The coin is not
    tossed when ``epsilon`` is 0 or 1, so ``epsilon=0`` plays exactly as
    ``player`` and ``epsilon=1`` exactly as ``random_player(seed)``.

    Raises:
        ValueError: ``epsilon`` is not a number from 0 to 1, or ``player`` is
            not callable.

    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    >>> search_player()(tree, "A")
    'a1'
    >>> sloppy = epsilon_greedy_player(search_player(), 0.2, seed=1)
    >>> sum(sloppy(tree, "A") != "a1" for _ in range(1000))  # about 1000 * 0.2 * 2/3
    120
    """
    if not callable(player):
        raise ValueError(f"player must be a function (game, state) -> action, got {player!r}")
    if isinstance(epsilon, bool) or not isinstance(epsilon, (int, float)) or not 0 <= epsilon <= 1:
        raise ValueError(f"epsilon must be a number from 0 to 1, got {epsilon!r}")
    rng = random.Random(seed)

    def play(game, state):
        if epsilon == 1 or (epsilon > 0 and rng.random() < epsilon):
            actions = game.actions(state)
            return actions[rng.randrange(len(actions))]
        return player(game, state)

    name = getattr(player, "__name__", "player")
    play.__name__ = f"epsilon_greedy({name}, epsilon={epsilon!r}, seed={seed!r})"
    return play


class Tally(NamedTuple):
    """One player's results over a series of games.

    A game counts as a win for a player whose utility at the end is positive,
    a loss if negative, a draw if zero.
    """

    wins: int
    draws: int
    losses: int
    mean_utility: float
    """The average utility: an estimate of the player's expected value."""

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def draw_rate(self) -> float:
        return self.draws / self.games

    @property
    def loss_rate(self) -> float:
        return self.losses / self.games


def win_rates(
    game: Game,
    players: Mapping | Sequence,
    *,
    games: int = 100,
    seed=0,
    progress: bool | Callable[[int, int], Any] = False,
) -> dict:
    """Play ``games`` games and count each player's wins, draws and losses.

    Game ``i`` (from 0) is ``play_game(game, players, seed=seed + i)``, so the
    chance outcomes are reproducible from ``seed``. The player functions are
    the same across the games: a random player's generator runs on from one
    game to the next, so make the players afresh (as in the example) to get
    the same table twice.

    Args:
        players: as for ``play_game``.
        games: how many games to play, at least 1.
        seed: an int; the first game's chance seed.
        progress: ``True`` shows a progress bar with a label ("12 of 400
            games") while the games run, in Jupyter only (elsewhere nothing
            is shown; see ``aisearch.progress``); ``False`` (the default)
            shows nothing. A function is called as ``progress(done, games)``
            after each game instead, to report progress your own way.

    Returns:
        ``{player: Tally(wins, draws, losses, mean_utility)}``, with
        ``win_rate``, ``draw_rate`` and ``loss_rate`` properties.

    >>> from aisearch import expectimax
    >>> from aisearch.games.dicenim import DiceNim
    >>> players = {"A": search_player(expectimax), "B": random_player(seed=1)}
    >>> table = win_rates(DiceNim(stones=5), players, games=50)
    >>> table["A"]
    Tally(wins=40, draws=0, losses=10, mean_utility=0.6)
    >>> table["A"].win_rate, table["B"].win_rate
    (0.8, 0.2)
    """
    require_count(games, "games", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int (game i is seeded with seed + i), got {seed!r}")
    if not isinstance(progress, bool) and not callable(progress):
        raise TypeError(
            f"win_rates: progress must be True (a progress bar in Jupyter), False, "
            f"or a function (done, games), got {progress!r}"
        )
    hook = progress_bar(games) if progress is True else progress or None
    counts: dict = {}
    totals: dict = {}
    for i in range(games):
        outcome = play_game(game, players, seed=seed + i).outcome
        assert outcome is not None  # no move limit: every game is played to the end
        for player, utility in outcome.items():
            column = 0 if utility > 0 else 2 if utility < 0 else 1
            counts.setdefault(player, [0, 0, 0])[column] += 1
            totals[player] = totals.get(player, 0) + utility
        if hook is not None:
            hook(i + 1, games)
    table = {}
    for player, (wins, draws, losses) in counts.items():
        table[player] = Tally(wins, draws, losses, totals[player] / games)
    return table


class RandomOpponent:
    """The same game with one player's turns replaced by a fair die over its moves.

    Expectimax against this game models ``opponent`` as a random player: its
    states become chance states whose outcomes are its legal moves, equally
    likely. Everything else is the wrapped game's own.

    >>> from aisearch import expectimax
    >>> from aisearch.games import GameTree
    >>> tree = GameTree.from_nested([[0, 0, 3], [-3, 3, 6]])
    >>> expectimax(RandomOpponent(tree, "MIN")).action
    'a2'
    """

    def __init__(self, game, opponent):
        self.game, self.opponent = game, opponent
        self.has_chance_nodes = True

    def __getattr__(self, name):
        return getattr(self.game, name)

    def __repr__(self) -> str:
        return f"RandomOpponent({self.game!r}, {self.opponent!r})"

    def to_move(self, state):
        mover = self.game.to_move(state)
        return "chance" if mover == self.opponent else mover

    def chance_outcomes(self, state):
        if self.game.to_move(state) != self.opponent:
            return self.game.chance_outcomes(state)
        moves = self.game.actions(state)
        return tuple((move, 1 / len(moves)) for move in moves)


# Search players that remember their last decision -------------------------------


def _describe(evaluate) -> str:
    if evaluate is None:
        return ""
    return f", evaluate={getattr(evaluate, '__name__', repr(evaluate))}"


def depth_player(
    depth: int,
    evaluate: Evaluation | None = None,
    *,
    search: Callable = alphabeta,
    trace: bool = False,
    **options,
) -> SearchPlayer:
    """A player that searches ``depth`` plies with ``search`` and plays the best move.

    Args:
        depth: plies to look ahead, at least 1.
        evaluate: ``(game, state, player) -> float`` at the depth limit
            (default: the game's own ``evaluate``).
        search: ``alphabeta`` (default), ``negamax``, ``minimax``, or any
            search with the same keywords.
        trace: keep a ``Trace`` of each search in ``player.last.trace`` (it
            costs time and memory: for showing a decision, not for tournaments).
        options: more keywords for ``search`` (``order``, ``table``, ...).

    >>> from aisearch.games import TicTacToe
    >>> player = depth_player(2)
    >>> player(TicTacToe(), "X...O....")
    (0, 2)
    >>> player.last.depth, round(player.last.value, 3), player.last.line
    (2, -0.111, ((0, 2), (2, 0)))
    """
    if depth is None:
        raise ValueError("depth_player needs a depth >= 1: use search_player for a full search")
    check_depth(depth)
    if depth < 1:
        raise ValueError(f"depth must be at least 1, got {depth!r}")
    require_hooks("depth_player", evaluate=evaluate, search=search)

    def decide(game, state, recording: bool):
        tracer = Trace(game) if recording else None
        extra = dict(options, tracer=tracer) if recording else options
        result = search(game, state, depth=depth, evaluate=evaluate, **extra)
        own = resolve_evaluate(game, evaluate)
        line = principal_line(game, state, result.action, depth, own, search)
        nodes = result.stats.nodes
        traces = (tracer,) if tracer is not None else ()
        return Decision(
            state, result.action, result.value, depth, line, 0.0, nodes, tracer, traces, nodes
        )

    name = f"depth_player({depth}{_describe(evaluate)})"
    return SearchPlayer(decide, name, evaluate, trace=trace)


def timed_player(
    time_limit: float,
    evaluate: Evaluation | None = None,
    *,
    max_depth: int | None = None,
    search: Callable = alphabeta,
    trace: bool = False,
    **options,
) -> SearchPlayer:
    """A player that deepens its search until ``time_limit`` seconds are up.

    Each move is ``aisearch.deepening.iterative_deepening(game, state,
    time_limit=..., max_depth=..., evaluate=..., search=...)``: the move of the
    deepest search completed in time, or the first legal move if none was.
    With ``trace=True`` every completed depth's search is kept
    (``last.traces``; ``last.trace`` is the deepest's, the one that chose the
    move); recording costs time, so under the same clock it may reach less deep.

    >>> from aisearch.games import TicTacToe
    >>> player = timed_player(5.0, max_depth=9)
    >>> player(TicTacToe(), "X...O....")
    (0, 2)
    >>> player.last.depth, player.last.value  # depth 7 saw the whole game: a draw
    (7, 0)
    """
    if time_limit is None:
        raise ValueError(
            "timed_player needs a time_limit in seconds: use depth_player for no clock"
        )
    check_limits(time_limit, max_depth, None)
    require_hooks("timed_player", evaluate=evaluate, search=search)

    def decide(game, state, recording: bool):
        result = iterative_deepening(
            game,
            state,
            time_limit=time_limit,
            max_depth=max_depth,
            evaluate=evaluate,
            search=search,
            trace=recording,
            **options,
        )
        deepest = result.iterations[-1] if result.iterations else None
        traces = tuple(it.trace for it in result.iterations if it.trace is not None)
        return Decision(
            state,
            result.action,
            result.value,
            result.depth,
            result.line,
            0.0,
            result.stats.nodes,
            traces[-1] if traces else None,
            traces,
            deepest.nodes if deepest is not None else 0,
        )

    shown = f"{time_limit:g} s" + (f", max_depth={max_depth}" if max_depth else "")
    name = f"timed_player({shown}{_describe(evaluate)})"
    return SearchPlayer(decide, name, evaluate, trace=trace)
