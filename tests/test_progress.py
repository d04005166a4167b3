"""``win_rates(..., progress=True)``: a bar with a label in Jupyter, nothing elsewhere."""

import subprocess
import sys

import pytest

from aisearch import random_player, win_rates
from aisearch.games import DiceNim
from aisearch.progress import in_jupyter, progress_bar


def players():
    return [random_player(0), random_player(1)]


class ZMQInteractiveShell:
    """Stands in for the kernel's shell: only its class name is read."""


@pytest.fixture
def jupyter(monkeypatch):
    """A Jupyter kernel as far as ``aisearch.progress`` can tell; collects what is displayed."""
    pytest.importorskip("ipywidgets")
    import IPython
    import IPython.display

    shown = []

    class Handle:
        def update(self, data, raw=False):
            shown.append(("emptied", data, raw))

    def display(widget, display_id=None):
        assert display_id is True  # the bar is displayed so that it can be taken away
        shown.append(widget)
        return Handle()

    monkeypatch.setattr(IPython, "get_ipython", ZMQInteractiveShell)
    monkeypatch.setattr(IPython.display, "display", display)
    monkeypatch.setitem(sys.modules, "IPython", IPython)
    return shown


def test_outside_jupyter_nothing_is_shown(capsys):
    assert not in_jupyter()
    assert progress_bar(10) is None
    with_bar = win_rates(DiceNim(stones=3), players(), games=6, progress=True)
    assert capsys.readouterr() == ("", "")
    assert with_bar == win_rates(DiceNim(stones=3), players(), games=6)


def test_in_jupyter_a_bar_with_a_label_fills_and_closes(jupyter, monkeypatch):
    import ipywidgets as widgets

    assert in_jupyter()
    closed = []
    monkeypatch.setattr(widgets.HBox, "close", lambda box: closed.append(box))
    hook = progress_bar(400)
    box = jupyter[0]
    bar, label = box.children
    assert (bar.value, bar.max, label.value) == (0, 400, "0 of 400 games")
    hook(12, 400)
    assert (bar.value, label.value) == (12, "12 of 400 games")
    assert closed == []
    hook(13, 400)  # redrawn every 4 games of 400, about a hundred times in all
    assert (bar.value, label.value) == (12, "12 of 400 games")
    hook(400, 400)
    assert closed == [box]
    assert jupyter == [box, ("emptied", {"text/plain": ""}, True)]


def test_win_rates_moves_the_bar_once_a_game(jupyter):
    table = win_rates(DiceNim(stones=3), players(), games=5, progress=True)
    box, emptied = jupyter
    assert emptied[0] == "emptied"
    bar, label = box.children
    assert (bar.value, label.value) == (5, "5 of 5 games")
    assert table == win_rates(DiceNim(stones=3), players(), games=5)


def test_progress_false_shows_nothing_even_in_jupyter(jupyter):
    win_rates(DiceNim(stones=3), players(), games=3, progress=False)
    assert jupyter == []


@pytest.mark.parametrize("wrong", ["yes", 1, None, 0.5])
def test_progress_that_is_neither_a_bool_nor_a_function_is_refused(wrong):
    with pytest.raises(TypeError, match=r"win_rates: progress must be True .*got " + repr(wrong)):
        win_rates(DiceNim(stones=3), players(), games=2, progress=wrong)


def test_a_progress_function_is_still_called_after_each_game():
    calls = []
    win_rates(DiceNim(stones=3), players(), games=3, progress=lambda d, t: calls.append((d, t)))
    assert calls == [(1, 3), (2, 3), (3, 3)]


def test_the_core_does_not_load_ipywidgets():
    code = "import aisearch, sys; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
