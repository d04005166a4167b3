"""Games to search: each module is one game, with the six parts of ``aisearch.Game``."""

from .gametree import GameTree
from .tictactoe import TicTacToe

__all__ = ["GameTree", "TicTacToe"]
