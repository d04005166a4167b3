"""The legend of a search tree's picture: what its shapes, fills and lines mean.

Only what the trace can show is listed: the roles present, the terminal
square if a state is terminal, the node statuses (pruned only where the
search pruned), the best edge, and the horizon and table answers where the
search had them. With more than two players a fill is a player to move, so
the statuses are told by outline alone.
"""

from __future__ import annotations

from matplotlib.artist import Artist
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

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
            handles.append(
                Line2D(
                    [],
                    [],
                    marker=style.marker_for(role),
                    linestyle="none",
                    markersize=9,
                    markerfacecolor="white",
                    markeredgecolor="#2b2b2b",
                    label=style.ROLE_NAMES.get(role, role),
                )
            )
    if any(row.terminal for row in trace.nodes().values()):
        handles.append(
            Line2D(
                [],
                [],
                marker=style.TERMINAL_MARKER,
                linestyle="none",
                markersize=8,
                markerfacecolor="white",
                markeredgecolor="#2b2b2b",
                label="terminal",
            )
        )
    statuses = [style.ACTIVE, STACK, DONE, UNSEEN]
    if any(row.pruned is not None for row in trace.nodes().values()):
        statuses.append(PRUNED)
    for status in statuses:
        look = style.NODE_LOOKS[status]
        handles.append(
            Patch(
                facecolor=look.face,
                edgecolor=look.edge,
                linewidth=look.width,
                linestyle=look.line,
                label=style.LEGEND_NAMES[status],
            )
        )
    best = style.EDGE_LOOKS[style.BEST]
    handles.append(
        Line2D([], [], color=best.color, linewidth=best.width, label=style.LEGEND_NAMES[style.BEST])
    )
    horizon = style.horizon_of(trace)
    if horizon is not None and any(row.depth > horizon for row in trace.nodes().values()):
        line = style.HORIZON_LOOK
        handles.append(
            Line2D(
                [],
                [],
                color=line.color,
                linewidth=line.width,
                linestyle=line.line,
                label=style.LEGEND_NAMES[style.HORIZON],
            )
        )
    if trace.answered_from_table():
        table = style.EDGE_LOOKS[style.TABLE]
        handles.append(
            Line2D(
                [],
                [],
                color=table.color,
                linewidth=table.width,
                linestyle=table.line,
                label=style.LEGEND_NAMES[style.TABLE],
            )
        )
    return handles


def _player_handles(trace, players: tuple) -> list:
    """Legend entries of a game of more than two players: a colour per player to
    move, the terminal square, the statuses (by outline) and the best edge."""
    handles: list[Artist] = []
    handles += [
        Line2D(
            [],
            [],
            marker=style.OTHER_MARKER,
            linestyle="none",
            markersize=10,
            markerfacecolor=style.player_color(players, p),
            markeredgecolor="#2b2b2b",
            label=f"{p} to move",
        )
        for p in players
    ]
    if any(row.terminal for row in trace.nodes().values()):
        handles.append(
            Line2D(
                [],
                [],
                marker=style.TERMINAL_MARKER,
                linestyle="none",
                markersize=8,
                markerfacecolor="white",
                markeredgecolor="#2b2b2b",
                label="terminal",
            )
        )
    statuses = [style.ACTIVE, STACK, DONE]
    if any(row.pruned is not None for row in trace.nodes().values()):
        statuses.append(PRUNED)
    for status in statuses:
        look = style.NODE_LOOKS[status]
        if status == style.ACTIVE:
            look = style.active_player_look(look._replace(face="white"))
        face = look.face if status == PRUNED else "white"
        handles.append(
            Patch(
                facecolor=face,
                edgecolor=look.edge,
                linewidth=look.width,
                linestyle=look.line,
                label=style.LEGEND_NAMES[status],
            )
        )
    best = style.EDGE_LOOKS[style.BEST]
    handles.append(
        Line2D([], [], color=best.color, linewidth=best.width, label=style.LEGEND_NAMES[style.BEST])
    )
    return handles
