"""aisearch: adversarial search you can step through.

The core (this package minus ``aisearch.viz``) uses only the standard
library: games with the textbook's six parts, minimax, alpha-beta and
negamax with tracing, and counting helpers. ``aisearch.viz`` draws traces
with networkx, matplotlib and ipywidgets, and is imported only when asked for.

>>> from aisearch import alphabeta, Trace
>>> from aisearch.games import GameTree
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> alphabeta(tree).value
3
"""

from .alphabeta import alphabeta
from .counting import (
    BranchingEstimate,
    count_games,
    count_outcomes,
    count_positions,
    count_tree_nodes,
    estimate_branching_factor,
)
from .expectimax import expectimax, star1
from .game import CHANCE, Game, check_outcomes
from .minimax import minimax
from .negamax import negamax
from .players import (
    GameRecord,
    Player,
    RandomOpponent,
    Tally,
    epsilon_greedy_player,
    play_game,
    random_player,
    search_player,
    win_rates,
)
from .result import SearchResult, SearchStats
from .trace import Event, Frame, Trace, TraceNode

__all__ = [
    "BranchingEstimate",
    "CHANCE",
    "Event",
    "Frame",
    "Game",
    "GameRecord",
    "Player",
    "RandomOpponent",
    "SearchResult",
    "SearchStats",
    "Tally",
    "Trace",
    "TraceNode",
    "alphabeta",
    "check_outcomes",
    "count_games",
    "count_outcomes",
    "count_positions",
    "count_tree_nodes",
    "epsilon_greedy_player",
    "estimate_branching_factor",
    "expectimax",
    "minimax",
    "negamax",
    "play_game",
    "random_player",
    "search_player",
    "star1",
    "win_rates",
]
__version__ = "0.1.0"
