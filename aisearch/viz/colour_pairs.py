"""Every pair of colours the figures and boards put side by side, and how their looks differ.

``colour_pairs()`` lists them, read from the modules that define the colours
at the time it is called (so an instructor who restyles a lecture checks the
new colours): a text and what it is written on, held to WCAG 2.1 AA's
4.5 : 1; an outline, an edge, a disc or a mark and what it stands on, held
to 3 : 1 (``aisearch.viz.contrast``). The tests measure every pair.

``look_differences`` says what tells two node statuses (``style.NODE_LOOKS``)
or two edge kinds (``style.EDGE_LOOKS``) apart for a reader who sees the
figure a given way: their dashes, width, second outline, cross or double line
(seen by everyone), and a difference in lightness of at least 3 : 1 between
their colours as that reader sees them (``contrast.seen_as``).

>>> from aisearch.viz import style
>>> look_differences(style.NODE_LOOKS["stack"], style.NODE_LOOKS["pruned"], "greyscale")
['outline dashes', 'mark']
"""

from __future__ import annotations

from typing import NamedTuple

import aisearch.viz.board_style as board_style
import aisearch.viz.boards as boards
import aisearch.viz.compare as compare
import aisearch.viz.connect4 as connect4
import aisearch.viz.focus as focus
import aisearch.viz.glyphs as glyphs
import aisearch.viz.mcts as mcts
import aisearch.viz.standings as standings
import aisearch.viz.style as style

from .contrast import GRAPHIC, TEXT, contrast_ratio, hex_colour, seen_as

WHITE = "#ffffff"

WIDTH_RATIO = 1.5
"""Two lines whose widths differ by this factor are told apart by width."""
LIGHTNESS_RATIO = 3.0
"""Two colours this far apart in contrast ratio are told apart by lightness alone."""


class ColourPair(NamedTuple):
    """A colour drawn on another: ``kind`` is ``contrast.TEXT`` or ``contrast.GRAPHIC``."""

    foreground: str
    background: str
    kind: str
    where: str

    @property
    def ratio(self) -> float:
        """The pair's WCAG contrast ratio."""
        return contrast_ratio(self.foreground, self.background)


def colour_pairs() -> list[ColourPair]:
    """Every (foreground, background, kind) the figures and boards draw, with where."""
    return [
        *_tree_pairs(),
        *_player_pairs(),
        *_other_figure_pairs(),
        *_board_pairs(),
        *_glyph_pairs(),
    ]


def _tree_pairs() -> list[ColourPair]:
    pairs = []
    for status, look in style.NODE_LOOKS.items():
        pairs += [
            ColourPair(look.text, WHITE, TEXT, f"tree: the name beside a node {status}"),
            ColourPair(
                style.VALUE_COLOR, look.face, TEXT, f"tree: the value inside a {status} node"
            ),
            ColourPair(look.edge, WHITE, GRAPHIC, f"tree: the outline of a node {status}"),
        ]
    pruned = style.NODE_LOOKS[style.PRUNED]
    pairs.append(ColourPair(pruned.edge, pruned.face, GRAPHIC, "tree: the cross on a pruned node"))
    for kind, edge in style.EDGE_LOOKS.items():
        pairs.append(ColourPair(edge.color, WHITE, GRAPHIC, f"tree: an edge {kind}"))
    for name in (
        "VALUE_COLOR",
        "WINDOW_COLOR",
        "ACTION_COLOR",
        "PROBABILITY_COLOR",
        "CAPTION_COLOR",
        "COUNTERS_COLOR",
        "TABLE_COLOR",
    ):
        pairs.append(ColourPair(getattr(style, name), WHITE, TEXT, f"tree: style.{name}"))
    pairs.append(ColourPair(style.HORIZON_LOOK.color, WHITE, GRAPHIC, "tree: the horizon line"))
    pairs.append(ColourPair("#2b2b2b", WHITE, GRAPHIC, "legend: a role's marker"))
    return pairs


def _player_pairs() -> list[ColourPair]:
    """More than two players: names and values inside nodes filled by player."""
    pairs = []
    players = tuple(f"P{i}" for i in range(len(style.PLAYER_COLORS)))
    for player in players:
        for status, look in style.NODE_LOOKS.items():
            if status == style.PRUNED:
                continue  # pruned nodes stay grey: checked above
            face = style.player_look(look, status, players, player).face
            pairs.append(ColourPair(look.text, face, TEXT, f"max^n: a name in a {status} node"))
            pairs.append(
                ColourPair(style.VALUE_COLOR, face, TEXT, f"max^n: a value in a {status} node")
            )
    return pairs


def _other_figure_pairs() -> list[ColourPair]:
    pairs = [
        ColourPair(focus.SUMMARY_COLOR, WHITE, TEXT, "focused view: a subtree's summary"),
        ColourPair(mcts.SCORE_COLOR, WHITE, TEXT, "MCTS: a UCT score"),
        ColourPair(mcts.NAME_COLOR, WHITE, TEXT, "MCTS: a node's name"),
        ColourPair(compare.PARTING_COLOR, WHITE, TEXT, "comparison: where the searches part"),
        ColourPair(compare.DEPTH_LOOK.color, WHITE, GRAPHIC, "comparison: the depth line"),
    ]
    for name in ("PATH_COLOR", "ACTIVE_EDGE", "NODE_EDGE", "EDGE_COLOR"):
        pairs.append(ColourPair(getattr(mcts, name), WHITE, GRAPHIC, f"MCTS: mcts.{name}"))
    for result, colour in standings.COLOURS.items():
        pairs.append(ColourPair(WHITE, colour, TEXT, f"tournament: a count on the {result} bar"))
    for name in ("X_COLOR", "O_COLOR", "GRID_COLOR", "HIGHLIGHT_EDGE"):
        pairs.append(ColourPair(getattr(boards, name), WHITE, GRAPHIC, f"draw_board: {name}"))
    pairs.append(
        ColourPair(boards.COORDINATE_COLOR, WHITE, TEXT, "draw_board: a cell's (row, col)")
    )
    return pairs


def _board_pairs() -> list[ColourPair]:
    """The boards to play (HTML) and ``draw_connect4``."""
    look = board_style
    pairs = [
        ColourPair(look.BLOCKED_MARK, look.BLOCKED_BACKGROUND, TEXT, "board: a used square's #"),
        ColourPair(look.LEGAL_DOT, look.LEGAL_BACKGROUND, GRAPHIC, "board: a legal cell's dot"),
        ColourPair(look.MESSAGE_TEXT, look.MESSAGE_BACKGROUND, TEXT, "board: a refused click"),
        ColourPair(look.LAST_RING, look.CELL_BACKGROUND, GRAPHIC, "board: the last move's ring"),
        ColourPair(look.CELL_BORDER, look.CELL_BACKGROUND, GRAPHIC, "board: a cell's border"),
    ]
    for mark, colour in look.MARK_COLOURS.items():
        for background in (look.CELL_BACKGROUND, look.LEGAL_BACKGROUND):
            pairs.append(ColourPair(colour, background, TEXT, f"board: {mark} on a cell"))
    c4 = connect4
    for who, colour in c4.COLOURS.items():
        pairs.append(ColourPair(colour, c4.DISC_OUTLINE, GRAPHIC, f"Connect Four: disc {who!r}"))
    pairs += [
        ColourPair(c4.COLOURS["X"], c4.COLOURS["O"], GRAPHIC, "Connect Four: red beside yellow"),
        ColourPair(c4.DISC_OUTLINE, c4.BOARD_BLUE, GRAPHIC, "Connect Four: a disc on the board"),
        ColourPair(c4.LAST_DISC_RING, c4.BOARD_BLUE, GRAPHIC, "Connect Four: the last disc's ring"),
        ColourPair(c4.HIGHLIGHT_RING, c4.BOARD_BLUE, GRAPHIC, "draw_connect4: a highlighted cell"),
        ColourPair(c4.NUMBER_COLOURS["spare"], WHITE, TEXT, "draw_connect4: a spare bit's number"),
        ColourPair(c4.NUMBER_COLOURS["X"], c4.COLOURS["X"], TEXT, "draw_connect4: a number on X"),
        ColourPair(c4.NUMBER_COLOURS["other"], c4.COLOURS["O"], TEXT, "draw_connect4: on O"),
        ColourPair(c4.NUMBER_COLOURS["other"], c4.COLOURS["."], TEXT, "draw_connect4: in a hole"),
    ]
    for result, colour in c4.SCORE_COLOURS.items():
        pairs.append(ColourPair(colour, WHITE, TEXT, f"Connect Four: a column's score ({result})"))
    return pairs


def _glyph_pairs() -> list[ColourPair]:
    """The small boards drawn at a focused tree's nodes (``aisearch.viz.glyphs``)."""
    g = glyphs
    marks = [
        (g.X_COLOUR, g.PAPER, "X on a cell"),
        (g.O_COLOUR, g.PAPER, "O on a cell"),
        (g.X_COLOUR, g.LAST, "X on the last move's cell"),
        (g.O_COLOUR, g.LAST, "O on the last move's cell"),
        (g.X_COLOUR, g.TO_MOVE, "X on the square to move"),
        (g.O_COLOUR, g.TO_MOVE, "O on the square to move"),
        (g.LAST_DOTS["X"], g.DISCS["X"], "the last disc's dot on X's red disc"),
        (g.LAST_DOTS["O"], g.DISCS["O"], "the last disc's dot on O's yellow disc"),
        (g.STONE, g.PAPER, "a stone"),
        (g.X_COLOUR, g.DIE_BLANK, "a die not rolled"),
    ]
    lines = [
        (g.GRID, g.PAPER, "the grid"),
        (g.GRID, g.TO_MOVE, "the grid by the square to move"),
        (g.FRAME, g.HOLE, "Connect Four's frame"),
        (g.DISC_EDGE, g.FRAME, "a disc's outline on the frame"),
        (g.DISC_EDGE, g.HOLE, "a disc's outline in a hole"),
        (g.DISCS["X"], g.DISCS["O"], "red beside yellow"),
        (g.BLOCKED, g.PAPER, "a used square"),
    ]
    return [ColourPair(hex_colour(a), hex_colour(b), TEXT, f"glyph: {w}") for a, b, w in marks] + [
        ColourPair(hex_colour(a), hex_colour(b), GRAPHIC, f"glyph: {w}") for a, b, w in lines
    ]


# Telling looks apart -------------------------------------------------------------


def look_differences(first, second, vision: str = "normal") -> list[str]:
    """What tells two ``NodeLook``\\ s, or two ``EdgeLook``\\ s, apart under ``vision``.

    ``vision`` is one of ``contrast.VISIONS``. Besides colour: ``"outline
    dashes"`` (or ``"dashes"`` for edges), ``"width"`` (one at least
    ``WIDTH_RATIO`` times the other), ``"mark"`` (a second outline, a cross)
    or ``"double line"``; and ``"lightness"`` when their colours (a node's
    fill or outline, an edge's line), as ``vision`` shows them, stand at least
    ``LIGHTNESS_RATIO`` apart. An empty list: only colour tells them apart.
    """
    found = []
    node = isinstance(first, style.NodeLook)
    if node != isinstance(second, style.NodeLook):
        raise ValueError("compare two node looks or two edge looks, not one of each")
    if _dashes(first.line) != _dashes(second.line):
        found.append("outline dashes" if node else "dashes")
    if max(first.width, second.width) >= WIDTH_RATIO * min(first.width, second.width):
        found.append("width")
    if node and first.mark != second.mark:
        found.append("mark")
    if not node and bool(first.core) != bool(second.core):
        found.append("double line")
    parts = ("face", "edge") if node else ("color",)
    if any(
        contrast_ratio(seen_as(getattr(first, p), vision), seen_as(getattr(second, p), vision))
        >= LIGHTNESS_RATIO
        for p in parts
    ):
        found.append("lightness")
    return found


def _dashes(line) -> tuple:
    """A line style as its dash pattern (so that ``"-"`` and ``"solid"`` are the same)."""
    from matplotlib.lines import _get_dash_pattern  # type: ignore[attr-defined]

    offset, dashes = _get_dash_pattern(line)
    return (offset, tuple(dashes) if dashes is not None else None)
