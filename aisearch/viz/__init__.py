"""Seeing a search: the traced tree drawn step by step.

A search run with ``tracer=trace`` leaves a record of every step; this
package only reads that record (it never runs a search). The tree is laid
out once (``tree_layout``), its artists are made once (``TreeFigure``), and
each step merely restyles them: MAX nodes are upward triangles, MIN nodes
downward ones, the active node is highlighted and the recursion stack
double-outlined, unseen nodes dashed, pruned ones grey, dotted and crossed
out, and the edge a value came from is a double line. Alpha and beta are
written beside the nodes on the stack.

Every figure shows itself in Jupyter with a text alternative that says what
it shows (``describe_figure``); ``show(fig)`` does the same for a notebook's
own pyplot figure.

In Jupyter, ``step_through(trace)`` gives a widget with play, slider,
previous and next. Without a kernel, ``animate`` gives a JavaScript player
as HTML, ``frame_strip`` small multiples and ``save_frames`` one picture per
step; ``draw_step`` draws a single frame.

>>> from aisearch import alphabeta, Trace
>>> from aisearch.games import GameTree
>>> trace = Trace()
>>> _ = alphabeta(GameTree.from_nested([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), tracer=trace)
>>> figure = TreeFigure(trace, step=11)
>>> figure.highlighted() == [trace[11].node]
True
"""

from .alt_text import describe_figure, set_description, show
from .boards import draw_board
from .connect4 import ConnectFourBoard, draw_connect4
from .graph import to_networkx
from .layout import tidy_layout, tree_layout
from .mcts import MCTSDrawing, MCTSFigure, draw_mcts_step
from .play import DiceNimTable, GameBoard
from .standings import draw_tournament
from .static import animate, frame_strip, save_frames
from .tree import TreeDrawing, TreeFigure, draw_step
from .widget import StepViewer, step_through

__all__ = [
    "ConnectFourBoard",
    "DiceNimTable",
    "GameBoard",
    "MCTSDrawing",
    "MCTSFigure",
    "StepViewer",
    "TreeDrawing",
    "TreeFigure",
    "animate",
    "describe_figure",
    "draw_board",
    "draw_connect4",
    "draw_mcts_step",
    "draw_step",
    "draw_tournament",
    "frame_strip",
    "save_frames",
    "set_description",
    "show",
    "step_through",
    "tidy_layout",
    "to_networkx",
    "tree_layout",
]
