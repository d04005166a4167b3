"""Games to search: each module is one game, with the six parts of ``aisearch.Game``."""

from .dicenim import DiceNim
from .gametree import GameTree
from .tictactoe import TicTacToe
from .twenty48 import Mini2048

__all__ = ["DiceNim", "GameTree", "Mini2048", "TicTacToe"]
