"""aisearch: adversarial search you can step through.

The core (this package minus ``aisearch.viz``) uses only the standard
library: games with the textbook's six parts; minimax, alpha-beta and
negamax with tracing; expectimax for chance; transposition tables, Zobrist
keys and symmetry; evaluation functions, iterative deepening and quiescence;
max^n and paranoid search for more than two players; Monte Carlo tree search;
players, matches and tournaments; and counting helpers. ``aisearch.viz`` draws
traces and boards with networkx, matplotlib and ipywidgets, and is imported
only when asked for.

>>> from aisearch import alphabeta, Trace
>>> from aisearch.games import GameTree
>>> tree = GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
>>> alphabeta(tree).value
3
"""

from . import connect4_player as _connect4
from .alphabeta import alphabeta
from .caching import TranspositionTable, alphabeta_with_naive_cache, memo_minimax
from .counting import (
    BranchingEstimate,
    count_by_ply,
    count_games,
    count_games_by_length,
    count_outcomes,
    count_positions,
    count_tree_nodes,
    estimate_branching_factor,
    reachable_positions,
)
from .decision import BOARD_DEFAULTS, Decision, SearchPlayer
from .deepening import DeepeningResult, deepen, deepening_overhead, iterative_deepening
from .evaluation import linear_evaluation
from .expectimax import expectimax, star1
from .game import CHANCE, Game, check_outcomes
from .maxn import maxn
from .mcts import (
    MCTSEvent,
    MCTSFrame,
    MCTSResult,
    MCTSStats,
    MCTSTrace,
    mcts,
    mcts_player,
    uct_score,
)
from .minimax import minimax
from .montecarlo import (
    PiEstimate,
    PlayoutEstimate,
    estimate_pi,
    pi_error_curve,
    playout_value,
    random_points,
)
from .negamax import negamax
from .paranoid import Paranoid, paranoid
from .players import (
    GameRecord,
    Player,
    RandomOpponent,
    Tally,
    depth_player,
    epsilon_greedy_player,
    play_game,
    random_player,
    search_player,
    timed_player,
    win_rates,
)
from .quiescence import quiescence_search
from .result import SearchResult, SearchStats
from .symmetry import canonical
from .tournament import TournamentTable, tournament
from .trace import Event, Frame, Trace, TraceNode
from .zobrist import Zobrist, collision_rate

__all__ = [
    "BranchingEstimate",
    "CHANCE",
    "Decision",
    "DeepeningResult",
    "Event",
    "Frame",
    "Game",
    "GameRecord",
    "MCTSEvent",
    "MCTSFrame",
    "MCTSResult",
    "MCTSStats",
    "MCTSTrace",
    "Paranoid",
    "PiEstimate",
    "Player",
    "PlayoutEstimate",
    "RandomOpponent",
    "SearchPlayer",
    "SearchResult",
    "SearchStats",
    "Tally",
    "TournamentTable",
    "Trace",
    "TraceNode",
    "TranspositionTable",
    "Zobrist",
    "alphabeta",
    "alphabeta_with_naive_cache",
    "canonical",
    "check_outcomes",
    "collision_rate",
    "count_by_ply",
    "count_games",
    "count_games_by_length",
    "count_outcomes",
    "count_positions",
    "count_tree_nodes",
    "deepen",
    "deepening_overhead",
    "depth_player",
    "epsilon_greedy_player",
    "estimate_branching_factor",
    "estimate_pi",
    "expectimax",
    "iterative_deepening",
    "linear_evaluation",
    "maxn",
    "mcts",
    "mcts_player",
    "memo_minimax",
    "minimax",
    "negamax",
    "paranoid",
    "pi_error_curve",
    "play_game",
    "playout_value",
    "quiescence_search",
    "random_player",
    "random_points",
    "reachable_positions",
    "search_player",
    "star1",
    "timed_player",
    "tournament",
    "uct_score",
    "win_rates",
]
__version__ = "0.1.0"

# The boards of aisearch.viz never search: they are handed their computer, and
# when a notebook names none they take these (viz imports no search module).
BOARD_DEFAULTS.update(
    connect4_player=_connect4.connect4_player,
    connect4_scores=_connect4.column_scores,
    dicenim_search=expectimax,
)
