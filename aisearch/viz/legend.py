"""The legend of a search tree's picture: what its shapes, fills and lines mean.

Only what the trace can show is listed: the roles present, the terminal
square if a state is terminal, the node statuses (pruned only where the
search pruned), the best edge, and the horizon and table answers where the
search had them. With more than two players a fill is a player to move, so
the statuses are told by outline alone.

A status's entry is drawn as its node is: the stack's with its second
outline, a pruned node's crossed out (``StatusPatch``); the best child's edge
as its double line. Every legend of a figure of this package, and a
notebook's own ``fig.legend(handles=legend_handles(trace))``, draws them so.
"""

from __future__ import annotations

from matplotlib import patheffects
from matplotlib.artist import Artist
from matplotlib.legend import Legend
from matplotlib.legend_handler import HandlerPatch
from matplotlib.lines import Line2D
from matplotlib.patches import Patch, Rectangle

import aisearch.viz.style as style

from ..trace import DONE, PRUNED, STACK, UNSEEN


def legend_handles(trace) -> list:
    """Legend entries: the roles present, the node statuses, the best edge."""
    players = style.players_of(trace)
    if players:
        return _player_handles(trace, players)
    handles: list[Artist] = []
    roles = {row.role for row in trace.nodes().values()}
    for role in ("max", "min", "chance", *sorted(roles - {"max", "min", "chance"})):
        if role in roles:
            handles.append(_marker(style.marker_for(role), style.ROLE_NAMES.get(role, role)))
    if any(row.terminal for row in trace.nodes().values()):
        handles.append(_marker(style.TERMINAL_MARKER, "terminal", size=8))
    statuses = [style.ACTIVE, STACK, DONE, UNSEEN]
    if any(row.pruned is not None for row in trace.nodes().values()):
        statuses.append(PRUNED)
    for status in statuses:
        look = style.NODE_LOOKS[status]
        handles.append(_status(look, status))
    handles.append(_line(style.EDGE_LOOKS[style.BEST], style.LEGEND_NAMES[style.BEST]))
    horizon = style.horizon_of(trace)
    if horizon is not None and any(row.depth > horizon for row in trace.nodes().values()):
        handles.append(_line(style.HORIZON_LOOK, style.LEGEND_NAMES[style.HORIZON]))
    if trace.answered_from_table():
        handles.append(_line(style.EDGE_LOOKS[style.TABLE], style.LEGEND_NAMES[style.TABLE]))
    return handles


def _player_handles(trace, players: tuple) -> list:
    """Legend entries of a game of more than two players: a colour per player to
    move, the terminal square, the statuses (by outline) and the best edge."""
    handles: list[Artist] = []
    handles += [
        _marker(style.OTHER_MARKER, f"{p} to move", size=10, face=style.player_color(players, p))
        for p in players
    ]
    if any(row.terminal for row in trace.nodes().values()):
        handles.append(_marker(style.TERMINAL_MARKER, "terminal", size=8))
    statuses = [style.ACTIVE, STACK, DONE]
    if any(row.pruned is not None for row in trace.nodes().values()):
        statuses.append(PRUNED)
    for status in statuses:
        look = style.NODE_LOOKS[status]
        if status == style.ACTIVE:
            look = style.active_player_look(look._replace(face="white"))
        handles.append(
            _status(look._replace(face=look.face if status == PRUNED else "white"), status)
        )
    handles.append(_line(style.EDGE_LOOKS[style.BEST], style.LEGEND_NAMES[style.BEST]))
    return handles


def _marker(marker: str, label: str, size: float = 9, face: str = "white") -> Line2D:
    """A legend entry that is a node's marker."""
    return Line2D(
        [],
        [],
        marker=marker,
        linestyle="none",
        markersize=size,
        markerfacecolor=face,
        markeredgecolor="#2b2b2b",
        label=label,
    )


def _line(look, label: str) -> Line2D:
    """A legend entry that is a line drawn with ``look``'s colour, width and style
    (a double line if ``look`` has a core)."""
    line = Line2D([], [], color=look.color, linewidth=look.width, linestyle=look.line, label=label)
    if getattr(look, "core", 0):
        line.set_path_effects(
            [
                patheffects.Stroke(linewidth=look.width, foreground=look.color),
                patheffects.Stroke(linewidth=look.core, foreground=style.CORE_COLOR),
            ]
        )
    return line


class StatusPatch(Patch):
    """A legend entry for a node status: a patch, and the status's ``mark``
    (``style.DOUBLE``, ``style.CROSS`` or ``""``) drawn with it."""

    def __init__(self, *, mark: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        self.mark = mark


class _StatusHandler(HandlerPatch):
    """Draws a ``StatusPatch``: its box, and its second outline or its cross."""

    def create_artists(
        self, legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans
    ):
        artists = super().create_artists(
            legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans
        )
        edge, line_width = orig_handle.get_edgecolor(), orig_handle.get_linewidth()
        x0, y0 = -xdescent, -ydescent
        if orig_handle.mark == style.DOUBLE:
            # Inside the box, a second outline: the legend's row keeps its height.
            inset = 0.22 * height
            artists.append(
                Rectangle(
                    (x0 + inset, y0 + inset),
                    width - 2 * inset,
                    height - 2 * inset,
                    fill=False,
                    edgecolor=edge,
                    linewidth=line_width,
                    transform=trans,
                )
            )
        elif orig_handle.mark == style.CROSS:
            cross = style.NODE_LOOKS[style.PRUNED].edge
            middle, half = x0 + width / 2, 0.42 * height
            for rise in (-1, 1):
                artists.append(
                    Line2D(
                        [middle - half, middle + half],
                        [y0 + height / 2 - rise * half, y0 + height / 2 + rise * half],
                        color=cross,
                        linewidth=style.CROSS_WIDTH,
                        transform=trans,
                    )
                )
        return artists


Legend.update_default_handler_map({StatusPatch: _StatusHandler()})


def _status(look, status: str) -> StatusPatch:
    """A legend entry that is a node drawn with ``look``, named for its ``status``."""
    return StatusPatch(
        facecolor=look.face,
        edgecolor=look.edge,
        linewidth=look.width,
        linestyle=look.line,
        label=style.LEGEND_NAMES[status],
        mark=look.mark,
    )
