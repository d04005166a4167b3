"""The shape of the package: a light core, and its doctests."""

import doctest
import importlib
import pkgutil
import subprocess
import sys

import pytest

import aisearch


def test_core_imports_no_drawing_libraries():
    code = (
        "import sys, aisearch, aisearch.games; "
        "from aisearch import alphabeta, Trace; "
        "heavy = {'matplotlib', 'networkx', 'ipywidgets', 'numpy'} & set(sys.modules); "
        "print(sorted(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


CORE = sorted(
    m.name
    for m in pkgutil.walk_packages(aisearch.__path__, "aisearch.")
    if not m.name.startswith("aisearch.viz") and m.name != "aisearch.figures"
)


@pytest.mark.parametrize("name", CORE)
def test_doctests(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert failures == 0


def test_the_games_have_the_six_parts():
    from aisearch import Game
    from aisearch.games import GameTree, TicTacToe

    assert isinstance(TicTacToe(), Game)
    assert isinstance(GameTree.from_nested([1, 2]), Game)
    assert not isinstance(object(), Game)
