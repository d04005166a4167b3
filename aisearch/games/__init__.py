"""Games to search: each module is one game, with the six parts of ``aisearch.Game``."""

from .coinrow import CoinRow
from .connect4 import ConnectFour
from .dicenim import DiceNim
from .gametree import GameTree
from .isolation import Isolation, reflection_player
from .tictactoe import TicTacToe, centre_first
from .twenty48 import Mini2048

__all__ = [
    "CoinRow",
    "ConnectFour",
    "DiceNim",
    "GameTree",
    "Isolation",
    "Mini2048",
    "TicTacToe",
    "centre_first",
    "reflection_player",
]
