"""A progress bar for a long run of games: a widget in Jupyter, silence elsewhere.

A cell that plays hundreds of games runs for seconds; a bar that fills, with
a label that counts the games, tells the student that it is working.
``progress_bar(total)`` gives the hook that ``win_rates(..., progress=True)``
calls after each game. In a Jupyter kernel it shows an ``ipywidgets``
progress bar with a text label, and takes the bar away (its output emptied,
its widget closed) once the last game is played, so that a loop of runs leaves no trail of full bars. Anywhere else (a
script, a test, nbval's saved outputs) it shows nothing: the hook is ``None``.
ipywidgets is imported only when a bar is shown, so the core stays light.
"""

from __future__ import annotations

import sys
from collections.abc import Callable


def in_jupyter() -> bool:
    """Whether the code runs in a Jupyter kernel, where a widget can be shown."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def progress_bar(total: int, what: str = "games") -> Callable[[int, int], None] | None:
    """A hook ``(done, total)`` that moves a progress bar, or ``None`` outside Jupyter.

    The label under way reads ``"12 of 400 games"``; the bar closes when
    ``done`` reaches ``total``. It is redrawn about a hundred times in all,
    not after every game: each redraw is a message to the browser.

    >>> progress_bar(400) is None  # a doctest is not a Jupyter kernel
    True
    """
    if not in_jupyter():
        return None
    try:
        import ipywidgets as widgets
        from IPython.display import display
    except ImportError:  # Jupyter without ipywidgets: no bar, the games still run
        return None
    bar = widgets.IntProgress(value=0, min=0, max=total)
    label = widgets.Label(f"0 of {total:,} {what}")
    box = widgets.HBox([bar, label])
    shown = display(box, display_id=True)
    every = max(1, total // 100)

    def advance(done: int, total: int) -> None:
        if done % every and done < total:
            return
        bar.value = done
        label.value = f"{done:,} of {total:,} {what}"
        if done >= total:
            # Replace the output by nothing before closing the widget: a closed
            # widget's output would stay behind, drawn as nothing or as an error.
            shown.update({"text/plain": ""}, raw=True)
            box.close()

    return advance
