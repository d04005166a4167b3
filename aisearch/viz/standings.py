"""A tournament's table as a picture: wins, draws and losses per player."""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import ScaledTranslation

from .alt_text import set_description
from .arguments import require_axes
from .style import largest_font, text_width

COLOURS = {"wins": "#2e7d32", "draws": "#6b6b6b", "losses": "#c62828"}
"""Bar colours, each at least 4.5 : 1 against the white counts written on them."""
COUNT_FONT = 9
SMALLEST_COUNT_FONT = 6


def _count_font(ax, text: str, games: float) -> float | None:
    """The font size, ``COUNT_FONT`` down to ``SMALLEST_COUNT_FONT``, in which
    ``text`` fits with a little room inside a bar ``games`` long; ``None`` if
    none does.

    Measured on the axes as they stand (their limits and width). A count
    that does not fit even in the smallest type is left out, so that two
    narrow counts never run together ("2" and "1" reading "21"): the bar's
    length still shows it.
    """
    x0, x1 = ax.get_xlim()
    points = games / (x1 - x0) * ax.get_position().width * ax.figure.get_figwidth() * 72
    return largest_font(
        lambda size: text_width(text, size, bold=True) + 3 <= points,
        COUNT_FONT,
        SMALLEST_COUNT_FONT,
        step=0.5,
    )


def draw_tournament(table, ax=None, *, title: str | None = None):
    """Stacked horizontal bars of each player's wins, draws and losses; returns the axes.

    ``table`` is what ``aisearch.tournament.tournament`` returns. Players are
    listed top to bottom in the table's order, each bar labelled with its
    numbers (in smaller type where a bar is narrow; left out where even that
    does not fit) and the player's points (a win 1, a
    draw 1/2). The x axis ends at
    the most games any player played (room for the points beside it); draws
    appear (bars and legend) only if there were any; the legend sits below
    the axes, clear of the title.

    >>> from aisearch.games import TicTacToe
    >>> from aisearch.players import depth_player, random_player
    >>> from aisearch.tournament import tournament
    >>> table = tournament({"depth 2": depth_player(2), "random": random_player(seed=1)},
    ...                    TicTacToe(), games=2, progress=False)
    >>> ax = draw_tournament(table)
    >>> [label.get_text() for label in ax.get_yticklabels()]
    ['depth 2', 'random']
    """
    if not callable(getattr(table, "rows", None)):
        raise ValueError(
            f"draw_tournament was given table={table!r}: it draws the table that "
            "aisearch.tournament(...) returns"
        )
    require_axes(ax, "draw_tournament")
    rows = table.rows()
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 0.55 * len(rows) + 1.2), layout="constrained")
    names = [r.name for r in rows]
    y = list(range(len(rows)))
    left = [0] * len(rows)
    drawn = any(r.draws for r in rows)
    games = max(sum((r.wins, r.draws, r.losses)) for r in rows)
    ax.set_xlim(0, games * 1.22 if games else 1)
    for key in ("wins", "draws", "losses") if drawn else ("wins", "losses"):
        values = [getattr(r, key) for r in rows]
        ax.barh(y, values, left=left, color=COLOURS[key], label=key, height=0.6)
        for i, (start, v) in enumerate(zip(left, values, strict=True)):
            fontsize = _count_font(ax, str(v), v) if v else None
            if fontsize is not None:
                ax.text(
                    start + v / 2,
                    i,
                    str(v),
                    ha="center",
                    va="center",
                    color="white",
                    fontsize=fontsize,
                    fontweight="bold",
                )
        left = [a + b for a, b in zip(left, values, strict=True)]
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    ax.set_xlabel("games")
    if len(ax.get_shared_y_axes().get_siblings(ax)) == 1:
        # In a row of charts sharing the players, the names are written once.
        ax.set_ylabel("player")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xticks([t for t in ax.get_xticks() if 0 <= t <= games])
    # Half an inch below the axes: under the tick labels and the x label.
    below = ax.transAxes + ScaledTranslation(0, -0.5, ax.figure.dpi_scale_trans)
    ax.legend(
        loc="upper center",
        bbox_to_anchor=(0.5, 0),
        bbox_transform=below,
        fontsize=8,
        frameon=False,
        ncols=3,
    )
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, loc="left")
    set_description(ax, tournament_description(rows, title))
    return ax


def tournament_description(rows, title: str | None = None) -> str:
    """The chart of ``draw_tournament`` in words: each player's wins, draws, losses, points.

    >>> from aisearch.tournament import Standing
    >>> tournament_description([Standing("depth 2", 4, 3, 1, 0, 2.0, 0.1)], "Ladder")
    'Tournament "Ladder", bars of wins, draws and losses per player: depth 2: 3 wins, 1 draw, 0 losses, 3.5 points.'
    """

    def count(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else ('es' if word == 'loss' else 's')}"

    players = "; ".join(
        f"{r.name}: {count(r.wins, 'win')}, {count(r.draws, 'draw')}, {count(r.losses, 'loss')}, "
        f"{r.points:g} points"
        for r in rows
    )
    named = f' "{title}"' if title else ""
    return f"Tournament{named}, bars of wins, draws and losses per player: {players}."
