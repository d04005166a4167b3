"""A tournament's table as a picture: wins, draws and losses per player."""

from __future__ import annotations

import matplotlib.pyplot as plt
from matplotlib.ticker import MaxNLocator
from matplotlib.transforms import ScaledTranslation

COLOURS = {"wins": "#2e7d32", "draws": "#9e9e9e", "losses": "#c62828"}


def draw_tournament(table, ax=None, *, title: str | None = None):
    """Stacked horizontal bars of each player's wins, draws and losses; returns the axes.

    ``table`` is what ``aisearch.tournament.tournament`` returns. Players are
    listed top to bottom in the table's order, each bar labelled with its
    numbers and the player's points (a win 1, a draw 1/2). The x axis ends at
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
    rows = table.rows()
    if ax is None:
        fig, ax = plt.subplots(figsize=(7, 0.55 * len(rows) + 1.2), layout="constrained")
    names = [r.name for r in rows]
    y = list(range(len(rows)))
    left = [0] * len(rows)
    drawn = any(r.draws for r in rows)
    for key in ("wins", "draws", "losses") if drawn else ("wins", "losses"):
        values = [getattr(r, key) for r in rows]
        ax.barh(y, values, left=left, color=COLOURS[key], label=key, height=0.6)
        for i, (start, v) in enumerate(zip(left, values, strict=True)):
            if v:
                ax.text(start + v / 2, i, str(v), ha="center", va="center", color="white",
                        fontsize=9, fontweight="bold")
        left = [a + b for a, b in zip(left, values, strict=True)]
    for i, r in enumerate(rows):
        ax.text(left[i], i, f"  {r.points:g} points", va="center", fontsize=9)
    ax.set_yticks(y, names)
    ax.invert_yaxis()
    games = max(left)
    ax.set_xlabel("games")
    ax.set_xlim(0, games * 1.22 if games else 1)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xticks([t for t in ax.get_xticks() if 0 <= t <= games])
    # Half an inch below the axes: under the tick labels and the x label.
    below = ax.transAxes + ScaledTranslation(0, -0.5, ax.figure.dpi_scale_trans)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, 0), bbox_transform=below, fontsize=8,
              frameon=False, ncols=3)
    ax.spines[["top", "right"]].set_visible(False)
    if title:
        ax.set_title(title, loc="left")
    return ax
